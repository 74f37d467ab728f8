// NonLinearSwitch: an inductor current x driven by a sawtooth source through a switch whose
// resistance is controlled (between R1s and R2) and a freewheel diode (tutorial-models.md §7).
// The switch, its controller and the diode are a mixed complementarity problem on λ ∈ R⁹ that
// is bilinear in λ (a resistance times a current): FirstOrderType2R, Euler–Moreau (θ = 0.5)
// with the TimeStepping Newton loop (max 20 iterations, tolerance 1e-11, λ not reset between
// steps) and an MLCP solved by enumeration at each Newton iteration.
//
// Output (one row per step, written after the step, no initial row):
//   step counter (1..N), x, λ0, λ1, λ2, λ3, λ4, λ5; none with `--output none`.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

namespace {

// Circuit constants (tutorial-models.md §7).
const double R = 1.0, R1s = 1e-3, R1d = 1e-3, R2 = 1000.0, L = 200e-6, Tper = 20e-6;
const double Eplus = 7.5, Eminus = -2.5, A = 100.0;

// Sawtooth source of period Tper, from E+ down to E−.
double source(double t) {
  return Eplus - (Eplus - Eminus) * t / Tper + (Eplus - Eminus) * std::floor(t / Tper);
}

}  // namespace

int main(int argc, char** argv) {
  examples::CommandLine cli("NonLinearSwitch",
                            "Inductor current through a controlled switch and a freewheel diode "
                            "(Euler-Moreau + Newton, FirstOrderType2R, MLCP).",
                            "NonLinearSwitch.dat");
  cli.addNumber("T", 10 * Tper, "final time");
  cli.addNumber("h", 0.1e-6, "time step");
  cli.parse(argc, argv);

  try {
    const double t0 = 0.0, T = cli.number("T"), h = cli.number("h");

    // The inductor: M ẋ = f + r with n = 1, M = 1, f ≡ 0 (∇f ≡ 0), x0 = 0.
    auto inductor = std::make_shared<FirstOrderNonLinearDS>(
        Eigen::VectorXd::Zero(1),
        [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::VectorXd& f) {
          f.setZero();
        },
        [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& J) {
          J.setZero();
        });

    // y = h(t, x, λ) (9 rows), r = g(λ) = (λ2 − λ3)/L, exact Jacobians C, D, B.
    auto output = [](double t, const Eigen::VectorXd& x, const Eigen::VectorXd& l,
                     const Eigen::VectorXd&, Eigen::VectorXd& y) {
      y(0) = l(4) - source(t);
      y(1) = x(0) - l(3) / R;
      y(2) = l(2) - 20.0 + l(0) * (l(6) + R1s);
      y(3) = l(2) + l(1) * (l(8) + R1d);
      y(4) = x(0) - l(0) - l(1);
      y(5) = R2 - l(6) - R1s;
      y(6) = A * (l(4) - l(3)) + l(5);
      y(7) = R2 - l(8) - R1d;
      y(8) = -l(2) + l(7);
    };
    auto input = [](double, const Eigen::VectorXd& l, const Eigen::VectorXd&, Eigen::VectorXd& r) {
      r(0) = (l(2) - l(3)) / L;
    };
    auto jachx = [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                    Eigen::MatrixXd& C) {
      C.setZero();
      C(1, 0) = 1.0;
      C(4, 0) = 1.0;
    };
    auto jachlambda = [](double, const Eigen::VectorXd&, const Eigen::VectorXd& l,
                         const Eigen::VectorXd&, Eigen::MatrixXd& D) {
      D.setZero();
      D(0, 4) = 1.0;
      D(1, 3) = -1.0 / R;
      D(2, 0) = l(6) + R1s;
      D(2, 2) = 1.0;
      D(2, 6) = l(0);
      D(3, 1) = l(8) + R1d;
      D(3, 2) = 1.0;
      D(3, 8) = l(1);
      D(4, 0) = -1.0;
      D(4, 1) = -1.0;
      D(5, 6) = -1.0;
      D(6, 3) = -A;
      D(6, 4) = A;
      D(6, 5) = 1.0;
      D(7, 8) = -1.0;
      D(8, 2) = -1.0;
      D(8, 7) = 1.0;
    };
    auto jacglambda = [](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                         Eigen::MatrixXd& B) {
      B.setZero();
      B(0, 2) = 1.0 / L;
      B(0, 3) = -1.0 / L;
    };
    auto relation =
        std::make_shared<FirstOrderType2R>(output, input, jachx, jachlambda, jacglambda);
    // y0..y4 = 0 and 0 ≤ y_i ⟂ λ_i ≥ 0 for i = 5..8.
    auto circuit = std::make_shared<Interaction>(
        std::make_shared<MixedComplementarityConditionNSL>(5, 4), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(inductor);
    nsds->link(circuit, inductor);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<EulerMoreauOSI>(0.5);
    auto mlcp = std::make_shared<MLCP>("enum");
    mlcp->setTolerance(1e-12);  // the ENUM default of the tutorial set (tutorial-models.md §0.1)
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, mlcp);
    sim->setNewtonMaxIteration(20);
    sim->setNewtonTolerance(1e-11);
    sim->setComputeResiduY(true);  // "y and r residuals computed" (tutorial-models §7)
    sim->setResetAllLambda(false);
    sim->initialize();

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) out.emplace(cli.output(), 8);

    examples::ProgressBar progress("NonLinearSwitch", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, freewheel = 0, newton = 0;
    unsigned maxNewton = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      sim->nextStep();
      ++steps;
      const Eigen::VectorXd& lambda = circuit->lambda(0);
      if (out) {
        out->write({static_cast<double>(steps), inductor->x()(0), lambda(0), lambda(1), lambda(2),
                    lambda(3), lambda(4), lambda(5)});
      }
      if (lambda(1) > 0.5 * inductor->x()(0)) ++freewheel;  // the diode carries the current
      newton += sim->newtonIterations();
      maxNewton = std::max(maxNewton, sim->newtonIterations());
      progress.update(steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("NonLinearSwitch: x(T) = %.9f A, Newton iterations %ld (max %u per step)\n",
                inductor->x()(0), newton, maxNewton);
    // Events of the summary line: the steps where the freewheel diode carries the current.
    examples::printSummary("NonLinearSwitch", steps, freewheel, "freewheel steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "NonLinearSwitch: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
