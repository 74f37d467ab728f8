// BouncingBallED: the bouncing ball with the event-driven strategy
// (tutorial-models specification §24, issue 12).
//   M v̇ = F_ext + p,  M = diag(m, m, 3/5 m R²),  F_ext = (−m g, 0, 0),  q0 = (1, 0, 0), v0 = 0
//   contact y = q0 ≥ 0 (LagrangianLinearTIR H = [1 0 0], no radius offset), NewtonImpactNSL(0.9)
// EventDriven with LsodarOSI (CVODE, default tolerances), an impact LCP and an acceleration
// LCP (Lemke); time-discretisation events every h = 5e-3 up to T = 8.5.
//
// Output, 7 columns, one row per event (the initial state is not written: the tutorial's row 0
// is overwritten by the first event), at most 1854 rows:
//   t, q0, v0, p(1)_0, p(2)_0, λ(1)_0, λ(2)_0
// and, before the row of a nonsmooth event, a pre-impact row
//   t_event, q0 before, v0 before, p(1)_0, p(2)_0, 0, 0.
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
      "BouncingBallED", "Bouncing ball, event-driven (LsodarOSI, impact and acceleration LCPs).",
      "BouncingBallED.dat");
  cli.addNumber("T", 8.5, "final time");
  cli.addNumber("h", 5e-3, "time between two time-discretisation events");
  cli.parse(argc, argv);

  try {
    const double m = 1, R = 0.1, g = 9.81, e = 0.9, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h");
    const long maxRows = 1854;

    Eigen::MatrixXd M = Eigen::Vector3d(m, m, 3.0 / 5.0 * m * R * R).asDiagonal();
    auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0),
                                                       Eigen::Vector3d::Zero(), M);
    ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
    Eigen::MatrixXd H(1, 3);
    H << 1, 0, 0;
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                               std::make_shared<LagrangianLinearTIR>(H));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    nsds->link(inter, ball);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto sim = std::make_shared<EventDriven>(nsds, td);
    sim->insertIntegrator(std::make_shared<LsodarOSI>());
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);      // impact
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);  // contact
    sim->initialize();

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) out.emplace(cli.output(), 7);

    examples::ProgressBar progress("BouncingBallED", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long rows = 0, events = 0, impacts = 0;
    while (sim->hasNextEvent() && rows < maxRows) {
      sim->advanceToEvent();
      const bool nonsmooth = sim->nextEventType() == EventType::NonSmooth;
      sim->processEvents();
      ++events;
      const double t = sim->startingTime();
      if (nonsmooth) {
        ++impacts;
        if (out)
          out->write({t, ball->qMemory()(0), ball->velocityMemory()(0), ball->p(1)(0),
                      ball->p(2)(0), 0.0, 0.0});
        ++rows;
        if (rows >= maxRows) break;
      }
      if (out)
        out->write({t, ball->q()(0), ball->velocity()(0), ball->p(1)(0), ball->p(2)(0),
                    inter->lambda(1)(0), inter->lambda(2)(0)});
      ++rows;
      progress.update(static_cast<long>(sim->eventsManager().nextTimeDiscretisationStep()));
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    const LsodarOSI::Statistics& st = sim->lsodar()->statistics();
    std::printf("BouncingBallED: %ld rows, CVODE %ld steps, %ld f evaluations, %ld g evaluations\n",
                rows, st.steps, st.rhsEvaluations, st.rootEvaluations);
    examples::printSummary("BouncingBallED", events, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallED: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
