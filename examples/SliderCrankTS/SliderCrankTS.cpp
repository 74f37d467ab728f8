// SliderCrankTS: a planar slider-crank whose slider has a translational clearance; the four
// corners of the slider hit the guide with Coulomb friction (tutorial-models specification §17,
// issue 10; Flores–Leine–Glocker model). The model is built by SliderCrankModel.cpp:
//   M(q) v̇ + F_gyr(q, v) + F_int(q) = Σ G_iᵀ λ_i,   q = (crank, rod, slider angle), n = 3,
//   four LagrangianScleronomousR of size 2 (normal gap, tangential coordinate),
//   NewtonImpactFrictionNSL(0.4, 0, 0.01, 2), MoreauJeanOSI(0.5), FrictionContact(2) solved by
//   FC2D "enum" (tolerance 1e-12, 100 iterations), Newton tolerance 1e-10 (200 iterations),
//   t0 = 0, T = 0.2, h = 1e-5 (20 000 steps).
//
// Output (row 0 = the initial state at t0 with y(t0) of the corners, then one row per step),
// 27 columns: t, q0/(2π), q1, q2, v0, v1, v2, the six kinematic columns of §17, y(0)_0, y(1)_0
// and λ(1)_0 of corners 1–4, Newton iterations of the step, size of index set 1.
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
      "SliderCrankTS",
      "Slider-crank with clearance: four frictional corner contacts (nonlinear Moreau-Jean, "
      "Newton, FC2D enum).",
      "SliderCrankTS.dat");
  cli.addNumber("T", 0.2, "final time");
  cli.addNumber("h", 1e-5, "time step");
  cli.addNumber("tol", 1e-10, "Newton tolerance");
  cli.parse(argc, argv);

  try {
    examples::SliderCrankParameters parameters;
    parameters.T = cli.number("T");
    parameters.h = cli.number("h");
    parameters.newtonTolerance = cli.number("tol");
    examples::SliderCrank model = examples::makeSliderCrank(parameters);
    TimeStepping& sim = *model.simulation;

    examples::computeCornerGaps(model, 0.0);  // row 0 as the tutorial: y(0) only
    std::optional<examples::RowWriter> out;
    std::array<double, examples::slidercrank::kColumns> row{};
    if (cli.writesOutput()) {
      out.emplace(cli.output(), row.size());
      examples::sliderCrankRow(model, 0.0, 0.0, 0.0, row.data());
      out->write(row.data(), row.size());
    }
    sim.initialize();
    const IndexSet& active = model.nsds->topology().indexSet(1);

    examples::ProgressBar progress("SliderCrankTS", static_cast<long>(sim.numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0, contactSteps = 0, newton = 0, maxNewton = 0;
    std::array<bool, 4> closed{};  // λ_N > 0 at the previous step
    while (sim.hasNextEvent()) {
      sim.advanceToEvent();
      // The Newton iterations of the step, from the step's record.
      const long iterations = sim.log().records().back().newtonIterations;
      if (out) {
        examples::sliderCrankRow(model, sim.nextTime(), static_cast<double>(iterations),
                                 static_cast<double>(active.size()), row.data());
        out->write(row.data(), row.size());
      }
      bool contact = false;
      for (std::size_t i = 0; i < 4; ++i) {
        const bool now = model.corners[i]->lambda(1)(0) > 0;
        if (now && !closed[i]) ++impacts;  // a corner that starts to carry an impulse
        closed[i] = now;
        contact = contact || now;
      }
      contactSteps += contact ? 1 : 0;
      newton += iterations;
      maxNewton = std::max(maxNewton, iterations);
      sim.nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf(
        "SliderCrankTS: %.3f Newton iterations per step (max %ld), %ld steps with a contact "
        "impulse\n",
        steps > 0 ? static_cast<double>(newton) / static_cast<double>(steps) : 0.0, maxNewton,
        contactSteps);
    examples::printSummary("SliderCrankTS", steps, impacts, "impacts", sim.log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SliderCrankTS: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
