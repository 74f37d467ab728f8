// BouncingBallScleronomousTS: a ball against an inclined constraint given as
// a nonlinear-relation C plug-in (tutorial-models specification §9, issue 10).
//   M v̇ = F_ext + p,  M = diag(m, m, 2/5 m R²),  F_ext = (−m g, 0, 0)  (LagrangianLinearTIDS)
//   y = h(q) = q0 + 0.1 q1 ≥ 0,  G = ∇_q h = [1, 0.1, 0]  (LagrangianScleronomousR with the
//   plug-ins "BallPlugin:h0" and "BallPlugin:G0"), NewtonImpactNSL(0.9)
// MoreauJeanOSI(0.5); the relation counts as nonlinear, so TimeStepping runs its Newton loop
// with the default tolerance 1e-6 and at most 50 iterations; one LCP (Lemke) per iteration.
//
// The plug-in library BallPlugin.so is built next to this executable and found by its bare
// name (searched in the working directory, next to the executable, then on the loader path).
//
// Output (row 0 = the initial state at t0, then one row per step), 7 columns:
//   t, q0, q1, v0, v1, p(1)_0, λ(1)_0
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "BouncingBallScleronomousTS",
      "Ball against an inclined constraint given as a C plug-in (Moreau-Jean, Newton, LCP).",
      "BouncingBallScleronomousTS.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 0.025, "time step");
  cli.parse(argc, argv);

  try {
    const double m = 1, R = 0.1, g = 10, e = 0.9, theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The ball: 3 dof (height, horizontal position, rotation), constant mass and weight.
    Eigen::MatrixXd M = Eigen::Vector3d(m, m, 0.4 * m * R * R).asDiagonal();
    const Eigen::Vector3d q0(1, 0, 0);
    const Eigen::Vector3d v0 = Eigen::Vector3d::Zero();
    auto ball = std::make_shared<LagrangianLinearTIDS>(q0, v0, M);
    ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));

    // The inclined constraint, from the plug-in library (bare name, Siconos style).
    auto relation = std::make_shared<LagrangianScleronomousR>("BallPlugin:h0", "BallPlugin:G0");
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    nsds->link(inter, ball);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    auto row = [&](double t, double p, double lambda) {
      const auto& q = ball->q();
      const auto& v = ball->velocity();
      out->write({t, q(0), q(1), v(0), v(1), p, lambda});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      row(t0, 0.0, 0.0);  // row 0: no impulse yet
    }

    examples::ProgressBar progress("BouncingBallScleronomousTS",
                                   static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0, newton = 0;
    while (sim->hasNextEvent()) {
      sim->advanceToEvent();
      const double lambda = inter->lambda(1)(0);
      if (out) row(sim->nextTime(), ball->p(1)(0), lambda);
      if (lambda > 0) ++impacts;
      newton += static_cast<long>(sim->newtonIterations());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("BouncingBallScleronomousTS: %.2f Newton iterations per step\n",
                steps > 0 ? static_cast<double>(newton) / static_cast<double>(steps) : 0.0);
    examples::printSummary("BouncingBallScleronomousTS", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallScleronomousTS: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
