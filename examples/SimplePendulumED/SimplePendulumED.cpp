// SimplePendulumED: a point mass on a rope that can go slack, event-driven
// (tutorial-models specification §28, issue 12).
//   M v̇ = F_ext + p,  M = diag(m, m), m = 1,  F_ext = (0, m g), g = 9.81 (y points down)
//   q0 = (L sin(π/3), L cos(π/3)), v0 = 0, parameter vector z = (L), L = 1
//   rope y = L² − |q|² ≥ 0: LagrangianScleronomousR with h, G = [−2 q0, −2 q1] and
//   Ġ = [−2 v0, −2 v1] (the acceleration-level output ÿ = G v̇ + Ġ v), NewtonImpactNSL(0.9)
// EventDriven with LsodarOSI (CVODE, default tolerances), an impact LCP and an acceleration
// LCP; time-discretisation events every h = 0.01 up to T = 10.
//
// Output, 10 columns, exactly one row per event, at most ceil(T/h) + 1 = 1001 rows (the initial
// state is not written, the tutorial's row 0 is overwritten by the first event); the tutorial's
// matrix is not resized, so rows that no event fills are written as zeros (1001 rows always):
//   t, x, y, vx, vy, ax, ay, g, ġ, λ(2)
// with, for a nonsmooth event, the pre-impact position and velocity (the memories).
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "SimplePendulumED",
      "Rope pendulum (unilateral L^2 - |q|^2 >= 0), event-driven (LsodarOSI, two LCPs).",
      "SimplePendulumED.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 0.01, "time between two time-discretisation events");
  cli.parse(argc, argv);

  try {
    const double m = 1, g = 9.81, L = 1, e = 0.9, t0 = 0, pi = std::acos(-1.0);
    const double T = cli.number("T"), h = cli.number("h");
    const long maxRows = static_cast<long>(std::ceil(T / h)) + 1;

    auto mass = std::make_shared<LagrangianLinearTIDS>(
        Eigen::Vector2d(L * std::sin(pi / 3), L * std::cos(pi / 3)), Eigen::Vector2d::Zero(),
        Eigen::Matrix2d(m * Eigen::Matrix2d::Identity()));
    mass->setFExtPtr(Eigen::Vector2d(0, m * g));
    mass->setzPtr(Eigen::VectorXd::Constant(1, L));

    // h = z0² − |q|², G = ∇h, Ġ = dG/dt.
    auto rope = std::make_shared<LagrangianScleronomousR>(
        [](const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::VectorXd& y) {
          y(0) = z(0) * z(0) - (q(0) * q(0) + q(1) * q(1));
        },
        [](const Eigen::VectorXd& q, const Eigen::VectorXd& /*z*/, Eigen::MatrixXd& G) {
          G(0, 0) = -2 * q(0);
          G(0, 1) = -2 * q(1);
        });
    rope->setComputeDotJachqFunction([](const Eigen::VectorXd& /*q*/, const Eigen::VectorXd& v,
                                        const Eigen::VectorXd& /*z*/, Eigen::MatrixXd& dotG) {
      dotG(0, 0) = -2 * v(0);
      dotG(0, 1) = -2 * v(1);
    });
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rope);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(mass);
    nsds->link(inter, mass);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto sim = std::make_shared<EventDriven>(nsds, td);
    sim->insertIntegrator(std::make_shared<LsodarOSI>());
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);      // impact
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);  // contact
    sim->initialize();  // computes the initial accelerations from the right-hand side

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) out.emplace(cli.output(), 10);

    examples::ProgressBar progress("SimplePendulumED", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long rows = 0, events = 0, impacts = 0;
    while (sim->hasNextEvent() && rows < maxRows) {
      sim->advanceToEvent();
      const bool nonsmooth = sim->nextEventType() == EventType::NonSmooth;
      sim->processEvents();
      ++events;
      if (nonsmooth) ++impacts;
      const Eigen::VectorXd& q = nonsmooth ? mass->qMemory() : mass->q();
      const Eigen::VectorXd& v = nonsmooth ? mass->velocityMemory() : mass->velocity();
      const Eigen::VectorXd& a = sim->lsodar()->acceleration(*mass);
      if (out)
        out->write({sim->startingTime(), q(0), q(1), v(0), v(1), a(0), a(1), inter->y(0)(0),
                    inter->y(1)(0), inter->lambda(2)(0)});
      ++rows;
      progress.update(static_cast<long>(sim->eventsManager().nextTimeDiscretisationStep()));
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) {
      // The tutorial's N × 10 matrix is not resized: its unfilled rows are zeros.
      const std::vector<double> zeros(10, 0.0);
      for (long r = rows; r < maxRows; ++r) out->write(zeros.data(), zeros.size());
      out->close();
    }
    const LsodarOSI::Statistics& st = sim->lsodar()->statistics();
    std::printf(
        "SimplePendulumED: %ld rows, CVODE %ld steps, %ld f evaluations, %ld g evaluations\n", rows,
        st.steps, st.rhsEvaluations, st.rootEvaluations);
    examples::printSummary("SimplePendulumED", events, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SimplePendulumED: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
