// SimplePendulumTS: a pendulum (angle θ) that rebounds on the wall θ = 0
// (tutorial-models specification §12, issue 10).
//   M θ̈ + F_int(θ) = p,   M = [1],   F_int = m g sin θ  (m = 1, g = 10)
//   contact y = l sin θ ≥ 0 (LagrangianScleronomousR, G = [l cos θ], l = 1), NewtonImpactNSL(0.9)
// Nonlinear Moreau–Jean (θ = 0.500001) with the Newton loop of TimeStepping
// (tolerance 5e-5, at most 2000 iterations), one LCP per Newton iteration.
//
// Output (row 0 = the initial state at t0, then one row per step), 11 columns:
//   t, θ, θ̇, l sin θ, −l cos θ, l cos θ · θ̇, 0, 0, 0, 0, 0
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("SimplePendulumTS",
                            "Pendulum rebounding on a wall (nonlinear Moreau-Jean, Newton, LCP).",
                            "SimplePendulumTS.dat");
  cli.addNumber("T", 50.0, "final time");
  cli.addNumber("h", 5e-4, "time step");
  cli.addNumber("tol", 5e-5, "Newton tolerance");
  cli.parse(argc, argv);

  try {
    const double m = 1, l = 1, g = 10, e = 0.9, theta = 0.500001, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The pendulum: one angle, constant mass [1], gravity as an internal force with its Jacobians.
    const Eigen::VectorXd q0 = Eigen::VectorXd::Constant(1, 1.0);
    const Eigen::VectorXd v0 = Eigen::VectorXd::Zero(1);
    auto pendulum = std::make_shared<LagrangianDS>(q0, v0, Eigen::MatrixXd::Identity(1, 1));
    pendulum->setComputeFIntFunction(
        [=](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
            Eigen::VectorXd& fInt) { fInt(0) = m * g * std::sin(q(0)); });
    pendulum->setComputeJacobianFIntqFunction(
        [=](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
            Eigen::MatrixXd& J) { J(0, 0) = m * g * std::cos(q(0)); });
    pendulum->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&,
                                                    const Eigen::VectorXd&, const Eigen::VectorXd&,
                                                    Eigen::MatrixXd& J) { J(0, 0) = 0.0; });

    // The wall: y = l sin θ ≥ 0, G = [l cos θ].
    auto relation = std::make_shared<LagrangianScleronomousR>(
        [=](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
          y(0) = l * std::sin(q(0));
        },
        [=](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
          G(0, 0) = l * std::cos(q(0));
        });
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(pendulum);
    nsds->link(inter, pendulum);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);
    sim->setNewtonTolerance(cli.number("tol"));
    sim->setNewtonMaxIteration(2000);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    auto row = [&](double t) {
      const double q = pendulum->q()(0), v = pendulum->velocity()(0);
      out->write({t, q, v, l * std::sin(q), -l * std::cos(q), l * std::cos(q) * v, 0.0, 0.0, 0.0,
                  0.0, 0.0});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 11);
      row(t0);
    }

    examples::ProgressBar progress("SimplePendulumTS", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0, newton = 0;
    while (sim->hasNextEvent()) {
      sim->advanceToEvent();
      if (out) row(sim->nextTime());
      if (inter->lambda(1)(0) > 0) ++impacts;
      newton += static_cast<long>(sim->newtonIterations());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("SimplePendulumTS: %.2f Newton iterations per step\n",
                steps > 0 ? static_cast<double>(newton) / static_cast<double>(steps) : 0.0);
    examples::printSummary("SimplePendulumTS", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SimplePendulumTS: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
