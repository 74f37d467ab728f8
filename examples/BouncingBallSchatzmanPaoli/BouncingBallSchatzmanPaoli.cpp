// BouncingBallSchatzmanPaoli (tutorial-models §21): the ball of BouncingBall (model BB, e = 0.9)
// with the Schatzman–Paoli scheme: central differences at position level,
// SchatzmanPaoliOSI(θ = 0.5), an LCP on the position multiplier λ(0):
//   M(q_{k+1} − 2q_k + q_{k−1}) = h²(θ F_ext,k+1 + (1−θ) F_ext,k) + p(0),  p(0) = Hᵀλ(0),
//   0 ≤ y_{k+1} + e y_{k−1} ⊥ λ(0) ≥ 0,  v_{k+1} = (q_{k+1} − q_{k−1}) / (2h).
//
// Output (one row per time step, including t0): t, q₀, v₀, p(0)₀, λ(0)₀; none with
// `--output none`. Before the summary line: the lowest height reached.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("BouncingBallSchatzmanPaoli",
                            "Ball bouncing on the ground (Schatzman-Paoli scheme, LCP).",
                            "BouncingBallSchatzmanPaoli.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 0.005, "time step");
  cli.parse(argc, argv);

  try {
    const double m = 1, R = 0.1, g = 9.81, e = 0.9, theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    Eigen::MatrixXd M = Eigen::Vector3d(m, m, 0.4 * m * R * R).asDiagonal();
    auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0),
                                                       Eigen::Vector3d::Zero(), M);
    ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
    Eigen::MatrixXd H(1, 3);
    H << 1, 0, 0;
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                               std::make_shared<LagrangianLinearTIR>(H));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    nsds->link(inter, ball);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<SchatzmanPaoliOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 5);
      out->write({t0, ball->q()(0), ball->velocity()(0), 0.0, 0.0});
    }

    examples::ProgressBar progress("BouncingBallSchatzmanPaoli",
                                   static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    double lowest = ball->q()(0);
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double lambda = inter->lambda(0)(0);
      if (out)
        out->write({sim->nextTime(), ball->q()(0), ball->velocity()(0), ball->p(0)(0), lambda});
      if (lambda > 0) ++impacts;
      lowest = std::min(lowest, ball->q()(0));
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("lowest height %.3e\n", lowest);
    examples::printSummary("BouncingBallSchatzmanPaoli", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallSchatzmanPaoli: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
