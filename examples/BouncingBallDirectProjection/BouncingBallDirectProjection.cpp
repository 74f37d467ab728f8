// BouncingBallDirectProjection (tutorial-models §19): the ball of BouncingBall (model BB, e = 0.9)
// with Moreau–Jean time stepping followed by a projection of the position onto the constraint
// y = q₀ ≥ 0 after each step: MoreauJeanDirectProjectionOSI(θ = 0.5), an LCP at velocity level,
// MLCPProjectOnConstraints (ENUM) at position level, TimeSteppingDirectProjection (projection on
// index set 1, at most 20 projection iterations, tolerances 1e-8 unilateral, 1e-4 equality).
//
// Output (one row per time step, including t0): t, q₀, v₀, p(1)₀, λ(1)₀, p(0)₀, λ(0)₀; none with
// `--output none`. Before the summary line: the largest penetration max(0, −q₀) over the run and
// the number of projection iterations.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "BouncingBallDirectProjection",
      "Ball bouncing on the ground (Moreau-Jean time stepping + projection onto the constraint).",
      "BouncingBallDirectProjection.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 0.005, "time step");
  cli.parse(argc, argv);

  try {
    const double m = 1, R = 0.1, g = 9.81, e = 0.9, theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The ball: 3 dof (height, horizontal position, rotation), constant mass and weight.
    Eigen::MatrixXd M = Eigen::Vector3d(m, m, 0.4 * m * R * R).asDiagonal();
    auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0),
                                                       Eigen::Vector3d::Zero(), M);
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
    auto osi = std::make_shared<MoreauJeanDirectProjectionOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto projection = std::make_shared<MLCPProjectOnConstraints>("enum");
    auto sim = std::make_shared<TimeSteppingDirectProjection>(nsds, td, osi, lcp, projection);
    sim->setIndexSetLevelForProjection(1);
    sim->setProjectionMaxIteration(20);
    sim->setConstraintTolUnilateral(1e-8);
    sim->setConstraintTol(1e-4);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      out->write({t0, ball->q()(0), ball->velocity()(0), 0.0, 0.0, 0.0, 0.0});
    }

    examples::ProgressBar progress("BouncingBallDirectProjection",
                                   static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    double penetration = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double lambda = inter->lambda(1)(0);
      if (out) {
        out->write({sim->nextTime(), ball->q()(0), ball->velocity()(0), ball->p(1)(0), lambda,
                    ball->p(0)(0), inter->lambda(0)(0)});
      }
      if (lambda > 0) ++impacts;
      penetration = std::max(penetration, -ball->q()(0));
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("max penetration %.3e, %lu projection iterations\n", penetration,
                sim->nbCumulatedProjectionIteration());
    examples::printSummary("BouncingBallDirectProjection", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallDirectProjection: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
