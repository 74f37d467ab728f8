// DiodeBridge: an LC tank (L = 1e-2 H, C = 1e-6 F, v_C(0) = 10 V, i_L(0) = 0) feeding a 1 kΩ
// load through a full-wave bridge of four ideal diodes (tutorial-models.md §1). The diodes
// are a complementarity problem 0 ≤ y ⟂ λ ≥ 0 of size 4; Euler–Moreau time stepping (θ = 0.5)
// with an LCP (Lemke) at each step.
//
// Output (one row per time step, row 0 = the initial state with y = λ = 0):
//   t, v_C, i_L, y₀ (current in diode R1), −λ₀ (voltage of R1), −λ₁ (voltage of F2),
//   λ₂ (current in F1), y₀ + λ₂ (resistor current); none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("DiodeBridge",
                            "LC oscillator rectified by a diode bridge into a resistor "
                            "(Euler-Moreau time stepping, LCP).",
                            "DiodeBridge.dat");
  cli.addNumber("T", 5e-3, "final time");
  cli.addNumber("h", 1e-6, "time step");
  cli.parse(argc, argv);

  try {
    const double Lvalue = 1e-2, Cvalue = 1e-6, Rvalue = 1e3, theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The LC tank: x = (v_C, i_L), ẋ = A x + r.
    Eigen::Vector2d x0(10.0, 0.0);
    Eigen::Matrix2d A;
    A << 0, -1.0 / Cvalue, 1.0 / Lvalue, 0;
    auto tank = std::make_shared<FirstOrderLinearDS>(x0, A);

    // The bridge and the load: y = C x + D λ, r = B λ, 0 ≤ y ⟂ λ ≥ 0.
    Eigen::MatrixXd C = Eigen::MatrixXd::Zero(4, 2);
    C(2, 0) = -1;
    C(3, 0) = 1;
    Eigen::MatrixXd D(4, 4);
    D << 1 / Rvalue, 1 / Rvalue, -1, 0,  //
        1 / Rvalue, 1 / Rvalue, 0, -1,   //
        1, 0, 0, 0,                      //
        0, 1, 0, 0;
    Eigen::MatrixXd B = Eigen::MatrixXd::Zero(2, 4);
    B(0, 2) = -1 / Cvalue;
    B(0, 3) = 1 / Cvalue;
    auto bridge = std::make_shared<FirstOrderLinearTIR>(C, B);
    bridge->setDPtr(D);
    auto inter =
        std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(4), bridge);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(tank);
    nsds->link(inter, tank);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<EulerMoreauOSI>(theta);
    auto lcp = std::make_shared<LCP>("lemke");
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 8);
      out->write({t0, tank->x()(0), tank->x()(1), 0.0, 0.0, 0.0, 0.0, 0.0});
    }

    examples::ProgressBar progress("DiodeBridge", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, conducting = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const Eigen::VectorXd& y = inter->y(0);
      const Eigen::VectorXd& lambda = inter->lambda(0);
      if (out) {
        out->write({sim->nextTime(), tank->x()(0), tank->x()(1), y(0), -lambda(0), -lambda(1),
                    lambda(2), y(0) + lambda(2)});
      }
      if (lambda(2) > 0 || lambda(3) > 0) ++conducting;
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    // "impacts" of the summary line: the steps with a conducting bridge.
    examples::printSummary("DiodeBridge", steps, conducting, "conducting steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "DiodeBridge: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
