// ColumnOfBeads: N beads in a vertical column fall on the ground; Newton impact law e = 0.9
// at the ground and between neighbours, Moreau–Jean time stepping (θ = 0.5) with one LCP per
// step (issue 9, "Benchmarks"; model in ColumnOfBeadsModel.hpp, details in README.md).
//
// Output (one row per time step, including t0): t, then q₀ and v₀ of each bead from the
// bottom (1 + 2N columns); none with `--output none`.
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cstdio>
#include <exception>
#include <optional>
#include <vector>

#include "ColumnOfBeadsModel.hpp"
#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "ColumnOfBeads", "Column of N beads falling on the ground (Moreau-Jean time stepping, LCP).",
      "ColumnOfBeads.dat");
  const examples::ColumnOfBeadsParameters defaults;
  cli.addInteger("beads", defaults.beads, "number of beads N", 1, 10000000);
  cli.addNumber("T", defaults.T, "final time");
  cli.addNumber("h", defaults.h, "time step");
  cli.addWord("solver", defaults.solver, "LCP solver", numerics::lcpSolverNames());
  cli.addNumber("tolerance", defaults.tolerance, "LCP solver tolerance");
  cli.addInteger("iterations", defaults.maxIterations, "LCP solver iteration budget", 1,
                 1000000000);
  cli.parse(argc, argv);

  try {
    examples::ColumnOfBeadsParameters parameters;
    parameters.beads = cli.integer("beads");
    parameters.T = cli.number("T");
    parameters.h = cli.number("h");
    parameters.solver = cli.word("solver");
    parameters.tolerance = cli.number("tolerance");
    parameters.maxIterations = static_cast<int>(cli.integer("iterations"));
    const examples::ColumnOfBeads column = examples::makeColumnOfBeads(parameters);
    TimeStepping& sim = *column.simulation;
    const auto& beads = column.beads;
    const auto& contacts = column.contacts;
    const std::size_t n = beads.size();

    sim.initialize();
    // No writer and no row at all with --output none (benchmarking the simulation alone).
    std::optional<examples::RowWriter> out;
    std::vector<double> row;
    auto writeRow = [&](double t) {
      row[0] = t;
      for (std::size_t i = 0; i < n; ++i) {
        row[1 + 2 * i] = beads[i]->q()(0);
        row[2 + 2 * i] = beads[i]->velocity()(0);
      }
      out->write(row.data(), row.size());
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 1 + 2 * n);
      row.resize(1 + 2 * n);
      writeRow(sim.startingTime());
    }

    examples::ProgressBar progress("ColumnOfBeads", static_cast<long>(sim.numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    while (sim.hasNextEvent()) {
      sim.computeOneStep();
      // Contacts with an impulse in this step; only the active ones can have λ > 0.
      if (column.lcp->size() > 0) {
        for (const auto& c : contacts) impacts += c->lambda(1)(0) > 0 ? 1 : 0;
      }
      if (out) writeRow(sim.nextTime());
      sim.nextStep();
      progress.update(++steps);
    }
    // Time loop minus the writer's share of it (blocks of rows formatted and written).
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    const double usPerStep = steps > 0 ? 1e6 * simulation / static_cast<double>(steps) : 0.0;
    std::printf(
        "ColumnOfBeads: %ld steps, %zu beads (%s), %ld impacts, %zu solver failures, simulation "
        "%.3f s (%.2f us/step)",
        steps, n, column.lcp->numericsSolverOptions().solver.c_str(), impacts,
        column.simulation->log().numberOfFailures(), simulation, usPerStep);
    if (out) {
      std::printf(", output %.3f s -> %s\n", out->seconds(), out->path().c_str());
    } else {
      std::printf(", output none\n");
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "ColumnOfBeads: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
