// SimpleExampleRelay: two decoupled integrators ẋ = 2λ, each closed by an ideal relay
// −y ∈ N_[−1,1](λ) on y = x (tutorial-models.md §5). Starting from x0 = (1, −1), both states
// move towards 0 at rate 2, reach it at t = 0.5 and then stay there (sliding mode, λ = 0).
// Euler–Moreau time stepping (θ = 0.5) with a Relay problem solved by projected Gauss–Seidel
// (tolerance 1e-6, at most 10000 iterations) at each step.
//
// Output (one row per time step; row 0 = the initial state with y(t0) = C x0 computed before
// the run, λ = 0): t, x₀, x₁, λ₀, λ₁, y₀, y₁; none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("SimpleExampleRelay",
                            "Two integrators driven by relays to a sliding mode at 0 "
                            "(Euler-Moreau time stepping, Relay problem, PGS).",
                            "SimpleExampleRelay.dat");
  cli.addNumber("T", 1.0, "final time");
  cli.addNumber("h", 1e-3, "time step");
  cli.parse(argc, argv);

  try {
    const double theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // ẋ = A x + r with A = 0.
    Eigen::Vector2d x0(1.0, -1.0);
    auto ds = std::make_shared<FirstOrderLinearDS>(x0, Eigen::Matrix2d::Zero());

    // y = C x + D λ, r = B λ with C = I, D = 0, B = 2 I; relay law on [−1, 1].
    const Eigen::MatrixXd C = Eigen::Matrix2d::Identity();
    const Eigen::MatrixXd B = 2.0 * Eigen::Matrix2d::Identity();
    auto relation = std::make_shared<FirstOrderLinearR>(C, B);
    relation->setDPtr(Eigen::Matrix2d::Zero());
    auto inter = std::make_shared<Interaction>(std::make_shared<RelayNSL>(2, -1.0, 1.0), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter, ds);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<EulerMoreauOSI>(theta);
    auto relay = std::make_shared<Relay>("pgs");
    relay->setTolerance(1e-6);
    relay->setMaxIterations(10000);
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, relay);
    sim->initialize();

    // y(t0) = C x0 before the run, as the tutorial does (λ(t0) = 0).
    inter->relation()->computeOutput(t0, *inter, 0);

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      out->write({t0, ds->x()(0), ds->x()(1), inter->lambda(0)(0), inter->lambda(0)(1),
                  inter->y(0)(0), inter->y(0)(1)});
    }

    examples::ProgressBar progress("SimpleExampleRelay", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, saturated = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const Eigen::VectorXd& y = inter->y(0);
      const Eigen::VectorXd& lambda = inter->lambda(0);
      if (out) {
        out->write({sim->nextTime(), ds->x()(0), ds->x()(1), lambda(0), lambda(1), y(0), y(1)});
      }
      // Steps where a relay is switched fully on (|λ_i| = 1, not sliding).
      if (std::abs(lambda(0)) == 1.0 || std::abs(lambda(1)) == 1.0) ++saturated;
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    // "impacts" of the summary line: the steps with a relay at one of its bounds.
    examples::printSummary("SimpleExampleRelay", steps, saturated, "saturated steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SimpleExampleRelay: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
