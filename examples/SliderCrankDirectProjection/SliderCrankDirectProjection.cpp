// SliderCrankDirectProjection: the slider-crank with clearance of SliderCrankTS (tutorial-models
// §17) with the direct projection scheme (tutorial-models §23, issue 13). The model is §17's
// (SliderCrankModel.cpp) with v0 = (150, −75, 0):
//   M(q) v̇ + F_gyr(q, v) + F_int(q) = Σ G_iᵀ λ_i,   q = (crank, rod, slider angle), n = 3,
//   four LagrangianScleronomousR of size 2 (normal gap, tangential coordinate),
//   NewtonImpactFrictionNSL(0.4, 0, 0.01, 2).
// Scheme: MoreauJeanDirectProjectionOSI(θ = 0.5, γ = 0) with deactivation thresholds (position
// 1e-7, velocity 0) and activation thresholds (position 1e-6, velocity 100); FrictionContact(2)
// solved by FC2D "enum" (tolerance 1e-8, 100 iterations) at velocity level;
// MLCPProjectOnConstraints() with its defaults at position level (only the normal rows of the
// friction laws are projected); TimeSteppingDirectProjection at projection level 0 (every
// corner), at most 10 projection iterations, both tolerances 1e-10; Newton loop with its
// defaults (tolerance 1e-6, 50 iterations). t0 = 0, T = 0.2, h = 1e-4 (2000 steps).
//
// Output (row 0 = the initial state with y(t0) of the corners, then one row per step),
// 32 columns: the 25 first columns of SliderCrankTS (t, q0/(2π), q1, q2, v0, v1, v2, the six
// kinematic columns of §17 with columns 9–10 divided by +c, y(0)_0, y(1)_0 and λ(1)_0 of corners
// 1–4), then λ(0)_0 of corners 1–4, the Newton iterations, the projection iterations and the
// largest unilateral violation after the projection (row 0: columns 29–31 = 0).
// None with `--output none`.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <exception>
#include <optional>

#include "SliderCrankModel.hpp"
#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "SliderCrankDirectProjection",
      "Slider-crank with clearance: four frictional corner contacts (nonlinear Moreau-Jean with "
      "direct projection of the positions, FC2D enum, MLCP projection at level 0).",
      "SliderCrankDirectProjection.dat");
  cli.addNumber("T", 0.2, "final time");
  cli.addNumber("h", 1e-4, "time step");
  cli.parse(argc, argv);

  try {
    // §17's model with v0 = (150, −75, 0).
    examples::SliderCrankParameters parameters;
    parameters.T = cli.number("T");
    parameters.h = cli.number("h");
    parameters.v0 = {150.0, -75.0, 0.0};
    examples::SliderCrank model = examples::makeSliderCrankSystem(parameters);

    auto td = std::make_shared<TimeDiscretisation>(0.0, parameters.h);
    auto osi = std::make_shared<MoreauJeanDirectProjectionOSI>(0.5, 0.0);
    osi->setDeactivateYPosThreshold(1e-7);
    osi->setDeactivateYVelThreshold(0.0);
    osi->setActivateYPosThreshold(1e-6);
    osi->setActivateYVelThreshold(100.0);
    auto friction = std::make_shared<FrictionContact>(2, "enum");
    friction->setTolerance(1e-8);
    friction->setMaxIterations(100);
    auto projection = std::make_shared<MLCPProjectOnConstraints>();
    auto sim =
        std::make_shared<TimeSteppingDirectProjection>(model.nsds, td, osi, friction, projection);
    sim->setIndexSetLevelForProjection(0);
    sim->setProjectionMaxIteration(10);
    sim->setConstraintTol(1e-10);
    sim->setConstraintTolUnilateral(1e-10);
    model.friction = friction;
    model.simulation = sim;

    examples::computeCornerGaps(model, 0.0);  // row 0 as the tutorial: y(0) only
    constexpr std::size_t columns = 32;
    std::optional<examples::RowWriter> out;
    std::array<double, columns> row{};
    auto writeRow = [&](double t, double newton, double projections, double violation) {
      examples::sliderCrankRow(model, t, 0.0, 0.0, row.data());  // columns 0–24 (+ 25, 26)
      for (std::size_t i = 0; i < 4; ++i) row[25 + i] = model.corners[i]->lambda(0)(0);
      row[29] = newton;
      row[30] = projections;
      row[31] = violation;
      out->write(row.data(), row.size());
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), columns);
      writeRow(0.0, 0.0, 0.0, 0.0);
    }
    sim->initialize();

    examples::ProgressBar progress("SliderCrankDirectProjection",
                                   static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0, projectedSteps = 0, newton = 0;
    double violation = 0, lowestGap = 0;
    std::array<bool, 4> closed{};  // λ_N > 0 at the previous step
    while (sim->hasNextEvent()) {
      sim->advanceToEvent();
      // The Newton iterations of the step, from its Velocity record (the Position records of
      // the projection iterations come after it).
      long iterations = 0;
      const auto& records = sim->log().records();
      for (auto r = records.rbegin(); r != records.rend(); ++r)
        if (r->role == ProblemRole::Velocity) {
          iterations = r->newtonIterations;
          break;
        }
      if (out)
        writeRow(sim->nextTime(), static_cast<double>(iterations),
                 static_cast<double>(sim->nbProjectionIteration()), sim->maxViolationUnilateral());
      for (std::size_t i = 0; i < 4; ++i) {
        const bool now = model.corners[i]->lambda(1)(0) > 0;
        if (now && !closed[i]) ++impacts;  // a corner that starts to carry an impulse
        closed[i] = now;
        lowestGap = std::min(lowestGap, model.corners[i]->y(0)(0));
      }
      projectedSteps += sim->nbProjectionIteration() > 0 ? 1 : 0;
      violation = std::max(violation, sim->maxViolationUnilateral());
      newton += iterations;
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf(
        "SliderCrankDirectProjection: %.3f Newton iterations per step, %lu projection iterations "
        "in %ld steps, largest violation after projection %.3e, lowest gap %.3e\n",
        steps > 0 ? static_cast<double>(newton) / static_cast<double>(steps) : 0.0,
        sim->nbCumulatedProjectionIteration(), projectedSteps, violation, lowestGap);
    examples::printSummary("SliderCrankDirectProjection", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SliderCrankDirectProjection: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
