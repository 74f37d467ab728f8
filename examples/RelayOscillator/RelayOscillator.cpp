// RelayOscillator: the third-order linear system ẋ = A x + B λ with
// A = [[0,1,0],[0,0,1],[0,−3,−2]], B = (0,0,1)ᵀ, closed by an ideal relay on y = x₀:
// −y ∈ N_[−1,1](λ), i.e. λ = −sign(x₀) (tutorial-models.md §6). The loop transfer function
// 1/(s(s² + 2s + 3)) with relay feedback settles into a symmetric limit cycle (period ≈ 3.66,
// amplitude of x₀ ≈ 0.215). Euler–Moreau time stepping (θ = 0.5) with a Relay problem solved by
// Lemke (tolerance 1e-8) at each step.
//
// Output (one row per time step, row 0 = the initial state with y = λ = 0):
//   t, x₀, x₁, x₂, λ₀, y₀, 0 (the tutorial's 7th column is never written); none with
//   `--output none`.
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("RelayOscillator",
                            "Third-order linear system with relay feedback, a limit cycle "
                            "(Euler-Moreau time stepping, Relay problem, Lemke).",
                            "RelayOscillator.dat");
  cli.addNumber("T", 100.0, "final time");
  cli.addNumber("h", 1e-2, "time step");
  cli.parse(argc, argv);

  try {
    const double theta = 0.5, t0 = 0, pi = 3.14159265358979323846;
    const double T = cli.number("T"), h = cli.number("h");

    Eigen::Vector3d x0(0.0, 3.0 * std::sqrt(2.0) / (2.0 * pi), 0.0);
    Eigen::Matrix3d A;
    A << 0, 1, 0,  //
        0, 0, 1,   //
        0, -3, -2;
    auto ds = std::make_shared<FirstOrderLinearDS>(x0, A);

    // y = x₀ (+ 0 λ), r = (0, 0, λ); relay law on [−1, 1].
    Eigen::MatrixXd C(1, 3);
    C << 1, 0, 0;
    Eigen::MatrixXd B(3, 1);
    B << 0, 0, 1;
    auto relation = std::make_shared<FirstOrderLinearR>(C, B);
    relation->setDPtr(Eigen::MatrixXd::Zero(1, 1));
    auto inter = std::make_shared<Interaction>(std::make_shared<RelayNSL>(1, -1.0, 1.0), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter, ds);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<EulerMoreauOSI>(theta);
    auto relay = std::make_shared<Relay>("lemke");
    relay->setTolerance(1e-8);
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, relay);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      out->write({t0, ds->x()(0), ds->x()(1), ds->x()(2), 0.0, 0.0, 0.0});
    }

    examples::ProgressBar progress("RelayOscillator", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, switches = 0;
    double previous = 0.0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double y = inter->y(0)(0), lambda = inter->lambda(0)(0);
      if (out) out->write({sim->nextTime(), ds->x()(0), ds->x()(1), ds->x()(2), lambda, y, 0.0});
      if (lambda * previous < 0) ++switches;  // sign change of the relay output
      if (lambda != 0) previous = lambda;
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    // "impacts" of the summary line: the sign changes of the relay output λ.
    examples::printSummary("RelayOscillator", steps, switches, "relay switches",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "RelayOscillator: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
