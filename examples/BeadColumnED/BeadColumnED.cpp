// BeadColumnED: a column of ten touching steel beads falling onto a wall, event-driven with
// the Newton impact law (tutorial-models specification §29, BeadColumnED_NewtonLaw, issue 12).
//   bead i: LagrangianLinearTIDS n = 1, M = [m], F_ext = −m g, m = (4/3) π R³ ρ
//   (R = 0.005, ρ = 7780, π = 3.14159265, g = 9.81); q_0 = 0.05 + R, q_i = q_{i−1} + 2R, v = 0
//   wall–bead 0: LinearTIR H = [1], b = −R; beads (i−1, i): H = [−1 1], b = −2R; NewtonImpactNSL(1)
// EventDriven with LsodarOSI and two LCPs (Lemke); t0 = 0, T = 0.5, h = 1e-3; at most 500 rows.
//
// Output, 21 columns: t, q of beads 0..9, v of beads 0..9 (bottom to top). Each loop pass first
// writes the current state (t = startingTime), then advances and processes the next event; after
// a nonsmooth event a row with the event time and the pre-impact state (the memories) follows.
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("BeadColumnED",
                            "Column of beads falling on a wall, event-driven, Newton impact law.",
                            "BeadColumnED.dat");
  cli.addNumber("T", 0.5, "final time");
  cli.addNumber("h", 1e-3, "time between two time-discretisation events");
  cli.parse(argc, argv);

  try {
    const int beads = 10;
    const long maxRows = 500;
    const double R = 0.005, rho = 7780, pi = 3.14159265, g = 9.81, e = 1.0, t0 = 0;
    const double m = 4.0 / 3.0 * pi * R * R * R * rho;
    const double T = cli.number("T"), h = cli.number("h");

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    std::vector<std::shared_ptr<LagrangianLinearTIDS>> bead;
    for (int i = 0; i < beads; ++i) {
      const Eigen::VectorXd q0 = Eigen::VectorXd::Constant(1, 0.05 + R + 2 * R * i);
      bead.push_back(std::make_shared<LagrangianLinearTIDS>(q0, Eigen::VectorXd::Zero(1),
                                                            Eigen::MatrixXd::Constant(1, 1, m)));
      bead.back()->setFExtPtr(Eigen::VectorXd::Constant(1, -m * g));
      nsds->insertDynamicalSystem(bead.back());
    }
    auto law = std::make_shared<NewtonImpactNSL>(e);
    {
      const Eigen::MatrixXd H = Eigen::MatrixXd::Constant(1, 1, 1.0);
      const Eigen::VectorXd b = Eigen::VectorXd::Constant(1, -R);
      nsds->link(std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(H, b)),
                 bead[0]);
    }
    for (int i = 1; i < beads; ++i) {
      Eigen::MatrixXd H(1, 2);
      H << -1, 1;
      const Eigen::VectorXd b = Eigen::VectorXd::Constant(1, -2 * R);
      nsds->link(std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(H, b)),
                 bead[static_cast<std::size_t>(i - 1)], bead[static_cast<std::size_t>(i)]);
    }

    auto sim = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(t0, h));
    sim->insertIntegrator(std::make_shared<LsodarOSI>());
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);
    sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);
    sim->initialize();

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) out.emplace(cli.output(), 1 + 2 * beads);
    std::vector<double> row(1 + 2 * beads);
    auto write = [&](double t, bool memory) {
      row[0] = t;
      for (int i = 0; i < beads; ++i) {
        const LagrangianLinearTIDS& d = *bead[static_cast<std::size_t>(i)];
        row[static_cast<std::size_t>(1 + i)] = memory ? d.qMemory()(0) : d.q()(0);
        row[static_cast<std::size_t>(1 + beads + i)] =
            memory ? d.velocityMemory()(0) : d.velocity()(0);
      }
      if (out) out->write(row.data(), row.size());
    };

    examples::ProgressBar progress("BeadColumnED", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long rows = 0, events = 0, impacts = 0;
    while (rows < maxRows && sim->hasNextEvent()) {
      write(sim->startingTime(), false);
      ++rows;
      sim->advanceToEvent();
      const bool nonsmooth = sim->nextEventType() == EventType::NonSmooth;
      sim->processEvents();
      ++events;
      if (nonsmooth) {
        ++impacts;
        if (rows < maxRows) {
          write(sim->startingTime(), true);
          ++rows;
        }
      }
      progress.update(static_cast<long>(sim->eventsManager().nextTimeDiscretisationStep()));
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    examples::printSummary("BeadColumnED", events, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BeadColumnED: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
