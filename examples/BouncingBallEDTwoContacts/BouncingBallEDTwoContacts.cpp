// BouncingBallEDTwoContacts: the ball between a floor and a ceiling, event-driven
// (tutorial-models specification §25, issue 12).
//   shared model BB with k_I = 3/5, g = 10, e = 0.8, q0 = (1, 0, 0), v0 = (10, 0, 0)
//   floor y1 = q0 (LinearTIR H = [1 0 0], b = 0), ceiling y2 = 1.5 − q0 (H = [−1 0 0], b = 1.5),
//   both NewtonImpactNSL(0.8)
// EventDriven with LsodarOSI and two LCPs (Lemke); t0 = 0, T = 10, h = 0.01.
//
// Output, 9 columns: t, q0, v0, p(1)_0, marker, y1, y2, γ0 (acceleration), p(2)_0.
// Row 0 is the tutorial's hard-wired (t0, q0, v0, 0, 0, 1.0, 0.5, −10, 0); then one row per
// event; a nonsmooth event is preceded by a pre-impact row with only t, q0, v0 (columns 3–8 = 0).
// The marker column is always 0 (the tutorial sets and then overwrites it).
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("BouncingBallEDTwoContacts",
                            "Ball between a floor and a ceiling, event-driven (LsodarOSI).",
                            "BouncingBallEDTwoContacts.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 0.01, "time between two time-discretisation events");
  cli.parse(argc, argv);

  try {
    const double m = 1, R = 0.1, g = 10, e = 0.8, t0 = 0, top = 1.5;
    const double T = cli.number("T"), h = cli.number("h");

    Eigen::MatrixXd M = Eigen::Vector3d(m, m, 3.0 / 5.0 * m * R * R).asDiagonal();
    auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0),
                                                       Eigen::Vector3d(10, 0, 0), M);
    ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
    auto law = std::make_shared<NewtonImpactNSL>(e);
    Eigen::MatrixXd H1(1, 3), H2(1, 3);
    H1 << 1, 0, 0;
    H2 << -1, 0, 0;
    auto floor = std::make_shared<Interaction>(
        law, std::make_shared<LagrangianLinearTIR>(H1, Eigen::VectorXd::Zero(1)));
    auto ceiling = std::make_shared<Interaction>(
        law, std::make_shared<LagrangianLinearTIR>(H2, Eigen::VectorXd::Constant(1, top)));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    nsds->link(floor, ball);
    nsds->link(ceiling, ball);

    auto lsodar = std::make_shared<LsodarOSI>();
    auto sim = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(t0, h));
    sim->insertIntegrator(lsodar);
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);
    sim->initialize();

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 9);
      out->write({t0, 1.0, 10.0, 0.0, 0.0, 1.0, 0.5, -10.0, 0.0});
    }
    examples::ProgressBar progress("BouncingBallEDTwoContacts",
                                   static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long events = 0, impacts = 0;
    while (sim->hasNextEvent()) {
      sim->advanceToEvent();
      const bool nonsmooth = sim->nextEventType() == EventType::NonSmooth;
      sim->processEvents();
      ++events;
      const double t = sim->startingTime();
      if (nonsmooth) {
        ++impacts;
        if (out) out->write({t, ball->qMemory()(0), ball->velocityMemory()(0), 0, 0, 0, 0, 0, 0});
      }
      if (out)
        out->write({t, ball->q()(0), ball->velocity()(0), ball->p(1)(0), 0.0, floor->y(0)(0),
                    ceiling->y(0)(0), lsodar->acceleration(*ball)(0), ball->p(2)(0)});
      progress.update(static_cast<long>(sim->eventsManager().nextTimeDiscretisationStep()));
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    examples::printSummary("BouncingBallEDTwoContacts", events, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallEDTwoContacts: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
