// CircuitRLCD: an LC tank (L = 1e-2 H, C = 1e-6 F, v_C(0) = 10 V, i_L(0) = 0) in parallel with a
// series resistor (R = 1 kΩ) – ideal diode branch (tutorial-models.md §2). The diode is a
// complementarity problem 0 ≤ y ⟂ λ ≥ 0 of size 1 (λ = diode current, −y = v_C − R λ = diode
// voltage); it conducts only while v_C > 0. Euler–Moreau time stepping with
// θ = 0.5000000000001 and an LCP (Lemke) at each step.
//
// Output (one row per time step; row 0 = the initial state with y(t0) = C x0 = −10 and
// r(t0) = B λ(t0) = 0, computed before the run as the tutorial does):
//   t, v_C, i_L, −y₀ (diode voltage), λ₀ (diode current), r₀ (the input at t0 in row 0, then
//   written as the constant 0 as in the tutorial); none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("CircuitRLCD",
                            "LC oscillator in parallel with a resistor-diode branch "
                            "(Euler-Moreau time stepping, LCP).",
                            "CircuitRLCD.dat");
  cli.addNumber("T", 5e-3, "final time");
  cli.addNumber("h", 1e-5, "time step");
  cli.parse(argc, argv);

  try {
    const double Lvalue = 1e-2, Cvalue = 1e-6, Rvalue = 1e3, theta = 0.5000000000001, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The LC tank: x = (v_C, i_L), ẋ = A x + r.
    Eigen::Vector2d x0(10.0, 0.0);
    Eigen::Matrix2d A;
    A << 0, -1.0 / Cvalue, 1.0 / Lvalue, 0;
    auto tank = std::make_shared<FirstOrderLinearTIDS>(x0, A);

    // The resistor-diode branch: y = −v_C + R λ, r = (−λ/C, 0), 0 ≤ y ⟂ λ ≥ 0.
    Eigen::MatrixXd C(1, 2);
    C << -1, 0;
    Eigen::MatrixXd D(1, 1);
    D << Rvalue;
    Eigen::MatrixXd B(2, 1);
    B << -1 / Cvalue, 0;
    auto diode = std::make_shared<FirstOrderLinearTIR>(C, B);
    diode->setDPtr(D);
    auto inter =
        std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), diode);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(tank);
    nsds->link(inter, tank);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<EulerMoreauOSI>(theta);
    auto lcp = std::make_shared<LCP>("lemke");
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);
    sim->initialize();

    // y(t0) and r(t0) before the run, as the tutorial does (λ(t0) = 0).
    inter->relation()->computeOutput(t0, *inter, 0);
    inter->relation()->computeInput(t0, *inter, 0);

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 6);
      out->write(
          {t0, tank->x()(0), tank->x()(1), -inter->y(0)(0), inter->lambda(0)(0), tank->r(0)(0)});
    }

    examples::ProgressBar progress("CircuitRLCD", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, conducting = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double y = inter->y(0)(0), lambda = inter->lambda(0)(0);
      if (out) out->write({sim->nextTime(), tank->x()(0), tank->x()(1), -y, lambda, 0.0});
      if (lambda > 0) ++conducting;
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    // "impacts" of the summary line: the steps with a conducting diode (λ > 0).
    examples::printSummary("CircuitRLCD", steps, conducting, "conducting steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "CircuitRLCD: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
