// BouncingBall: a ball falling on the ground y = q₀ ≥ 0, Newton impact law e = 0.9,
// Moreau–Jean time stepping (θ = 0.5) with an LCP at each step. The radius R enters only the
// rotational inertia: the gap is the height q₀ of the centre itself.
//
// Output (one row per time step, including t0): t, q₀, v₀, p(1)₀, λ(1)₀; none with
// `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("BouncingBall",
                            "Ball bouncing on the ground (Moreau-Jean time stepping, LCP).",
                            "BouncingBall.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 0.005, "time step");
  cli.parse(argc, argv);

  try {
    const double m = 1, R = 0.1, g = 9.81, e = 0.9, theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The ball: 3 dof (height, horizontal position, rotation), constant mass and weight.
    Eigen::MatrixXd M = Eigen::Vector3d(m, m, 0.4 * m * R * R).asDiagonal();
    const Eigen::Vector3d q0(1, 0, 0);
    const Eigen::Vector3d v0 = Eigen::Vector3d::Zero();
    auto ball = std::make_shared<LagrangianLinearTIDS>(q0, v0, M);
    ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));

    // The contact with the ground: y = H q = q₀ ≥ 0, Newton impact law.
    Eigen::MatrixXd H(1, 3);
    H << 1, 0, 0;
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                               std::make_shared<LagrangianLinearTIR>(H));

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    nsds->link(inter, ball);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);

    sim->initialize();
    // No writer at all with --output none (benchmarking the simulation alone).
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 5);
      out->write({t0, ball->q()(0), ball->velocity()(0), 0.0, 0.0});  // row 0: no impulse yet
    }

    examples::ProgressBar progress("BouncingBall", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double lambda = inter->lambda(1)(0);
      if (out) {
        out->write({sim->nextTime(), ball->q()(0), ball->velocity()(0), ball->p(1)(0), lambda});
      }
      if (lambda > 0) ++impacts;
      sim->nextStep();
      progress.update(++steps);
    }
    // Time loop minus the writer's share of it (blocks of rows formatted and written).
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    examples::printSummary("BouncingBall", steps, impacts, "impacts", sim->log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBall: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
