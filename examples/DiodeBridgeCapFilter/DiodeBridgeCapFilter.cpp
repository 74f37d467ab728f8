// DiodeBridgeCapFilter: the LC tank of DiodeBridge (L = 1e-2 H, C = 1e-6 F, v_C(0) = 10 V,
// i_L(0) = 0) rectified by a bridge of four ideal diodes into a filter capacitor
// Cf = 300e-9 F in parallel with a 1 kΩ load (tutorial-models.md §3). Two dynamical systems,
// the tank (v_C, i_L) and the filter (v_f), coupled by ONE interaction of size 4 on the
// stacked state X = (v_C, i_L, v_f): 0 ≤ y ⟂ λ ≥ 0 with y = C X + D λ, r = B λ.
// Euler–Moreau time stepping (θ = 1) with an LCP (Lemke) at each step.
//
// Output (one row per time step, row 0 = the initial state with y = λ = 0):
//   t, v_C, i_L, λ₀, −y₀, −λ₁, λ₂; none with `--output none`.
// λ₀ and λ₂ are the currents into the filter (λ₀ + λ₂ ≥ 0 is the rectified current), λ₁ is a
// node voltage, and v_f = −(column 4 + column 5).
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("DiodeBridgeCapFilter",
                            "LC oscillator rectified by a diode bridge into a capacitor filter "
                            "and a resistor (Euler-Moreau time stepping, LCP).",
                            "DiodeBridgeCapFilter.dat");
  cli.addNumber("T", 5e-3, "final time");
  cli.addNumber("h", 1e-6, "time step");
  cli.parse(argc, argv);

  try {
    const double Lvalue = 1e-2, Cvalue = 1e-6, Rvalue = 1e3, Cfilter = 300e-9, theta = 1.0, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");

    // The LC tank: x1 = (v_C, i_L), ẋ1 = A1 x1 + r1.
    Eigen::Vector2d x01(10.0, 0.0);
    Eigen::Matrix2d A1;
    A1 << 0, -1.0 / Cvalue, 1.0 / Lvalue, 0;
    auto tank = std::make_shared<FirstOrderLinearDS>(x01, A1);

    // The filter: x2 = (v_f), ẋ2 = −x2/(R Cf) + r2.
    Eigen::VectorXd x02 = Eigen::VectorXd::Zero(1);
    Eigen::MatrixXd A2(1, 1);
    A2 << -1.0 / (Rvalue * Cfilter);
    auto filter = std::make_shared<FirstOrderLinearDS>(x02, A2);

    // The bridge, on the stacked state X = (v_C, i_L, v_f).
    Eigen::MatrixXd C = Eigen::MatrixXd::Zero(4, 3);
    C(0, 2) = 1;
    C(2, 0) = -1;
    C(2, 2) = 1;
    C(3, 0) = 1;
    Eigen::MatrixXd D = Eigen::MatrixXd::Zero(4, 4);
    D(0, 1) = -1;
    D(1, 0) = 1;
    D(1, 2) = 1;
    D(1, 3) = -1;
    D(2, 1) = -1;
    D(3, 1) = 1;
    Eigen::MatrixXd B = Eigen::MatrixXd::Zero(3, 4);
    B(0, 2) = -1 / Cvalue;
    B(0, 3) = 1 / Cvalue;
    B(2, 0) = 1 / Cfilter;
    B(2, 2) = 1 / Cfilter;
    auto bridge = std::make_shared<FirstOrderLinearTIR>(C, B);
    bridge->setDPtr(D);
    auto inter =
        std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(4), bridge);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(tank);
    nsds->insertDynamicalSystem(filter);
    nsds->link(inter, tank, filter);  // columns of C: tank (v_C, i_L), then filter (v_f)

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<EulerMoreauOSI>(theta);
    auto lcp = std::make_shared<LCP>("lemke");
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);

    sim->initialize();
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      out->write({t0, tank->x()(0), tank->x()(1), 0.0, 0.0, 0.0, 0.0});
    }

    examples::ProgressBar progress("DiodeBridgeCapFilter", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, conducting = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const Eigen::VectorXd& y = inter->y(0);
      const Eigen::VectorXd& lambda = inter->lambda(0);
      if (out) {
        out->write(
            {sim->nextTime(), tank->x()(0), tank->x()(1), lambda(0), -y(0), -lambda(1), lambda(2)});
      }
      if (lambda(0) + lambda(2) > 0) ++conducting;
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    // "impacts" of the summary line: the steps where the bridge charges the filter.
    examples::printSummary("DiodeBridgeCapFilter", steps, conducting, "conducting steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
    std::printf("DiodeBridgeCapFilter: v_f(T) = %.6e V\n", filter->x()(0));
  } catch (const std::exception& error) {
    std::fprintf(stderr, "DiodeBridgeCapFilter: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
