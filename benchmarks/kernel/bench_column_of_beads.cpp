// Scaling of a time step with the number of beads of the ColumnOfBeads example (issue 9,
// "Benchmarks"): for each N, build the example's model (examples/ColumnOfBeads), run the time
// loop without any output and report the wall time per step and per bead per step. Only the
// loop (computeOneStep + nextStep) is timed; building the model and initialize() are reported
// apart. A size whose loop exceeds the time budget is stopped there and reported as such, and
// the larger sizes are then skipped.
//
//   moreau_bench_column_of_beads [--beads 10,100,1000,10000] [--T 2] [--h 5e-4]
//                                [--solver pivot] [--budget 60] [--dump-failed DIR]
// --dump-failed DIR: when a solve fails, write that step's LCP to DIR as a Siconos .dat file
// (numerics::writeLcpFile, readable by moreau-solve) and report the size as failed.
#include <moreau/Moreau.hpp>
#include <moreau/numerics/io/DatFile.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

#include "BenchDriver.hpp"
#include "ColumnOfBeadsModel.hpp"

namespace {

using moreau::bench::Clock;
using moreau::bench::seconds;

moreau::bench::DriverCommandLine commandLine() {
  return moreau::bench::DriverCommandLine(
      "moreau_bench_column_of_beads",
      "[--beads N1,N2,...] [--T X] [--h X] [--solver NAME] [--budget SECONDS] [--dump-failed DIR]");
}

[[noreturn]] void usage(const std::string& message) { commandLine().fail(message); }

double toNumber(const std::string& option, const std::string& text) {
  return commandLine().positiveNumber(option, text);
}

struct Row {
  long beads = 0;
  std::size_t steps = 0, stepsDone = 0;
  double setup = 0, init = 0, loop = 0, lastQuarter = 0;
  double osnsp = 0;  // seconds in computeOneStepNSProblem (LCP assembly + solve)
  std::size_t lastQuarterSteps = 0;
  long maxLcp = 0;
  double meanIterations = 0;
  bool finished = false;
};

Row runOne(const moreau::examples::ColumnOfBeadsParameters& p, double budget,
           const std::string& dumpDir) {
  Row row;
  row.beads = p.beads;
  const auto t0 = Clock::now();
  const auto column = moreau::examples::makeColumnOfBeads(p);
  row.setup = seconds(t0);
  moreau::TimeStepping& sim = *column.simulation;
  moreau::LCP& lcp = *column.lcp;
  // With --dump-failed, a failed solve is written as a Siconos .dat LCP file before stopping.
  if (!dumpDir.empty()) lcp.setThrowOnFailure(false);
  const auto t1 = Clock::now();
  sim.initialize();
  row.init = seconds(t1);
  row.steps = sim.numberOfSteps();
  const std::size_t quarter = row.steps - row.steps / 4;  // first step of the last quarter
  long solves = 0;
  double iterations = 0;
  Clock::time_point quarterStart = Clock::now();
  const auto start = Clock::now();
  std::size_t k = 0;
  while (sim.hasNextEvent()) {
    if (k == quarter) quarterStart = Clock::now();
    // computeOneStep() in its four stages, to time the one-step problem (assembly + solve).
    sim.computeFreeState();
    sim.updateIndexSets();
    const auto osnspStart = Clock::now();
    sim.computeOneStepNSProblem();
    row.osnsp += seconds(osnspStart);
    sim.update();
    if (!dumpDir.empty() && !lcp.lastResult().converged()) {
      const std::string path = dumpDir + "/column_of_beads_N" + std::to_string(p.beads) + "_" +
                               p.solver + "_step" + std::to_string(k) + ".dat";
      moreau::numerics::writeLcpFile(lcp.problem(), path);
      char message[256];
      std::snprintf(message, sizeof message,
                    "LCP: solver '%s' did not converge at step %zu (problem size %ld, error %.3g)",
                    p.solver.c_str(), k, static_cast<long>(lcp.size()), lcp.lastResult().error);
      throw moreau::SimulationError(std::string(message) + "; written to " + path);
    }
    const long n = static_cast<long>(lcp.size());
    if (n > 0) {
      row.maxLcp = std::max(row.maxLcp, n);
      ++solves;
      iterations += lcp.lastResult().iterations;
    }
    sim.nextStep();
    ++k;
    if (seconds(start) > budget) break;
  }
  row.loop = seconds(start);
  row.stepsDone = k;
  row.finished = !sim.hasNextEvent();
  if (row.finished && k > quarter) {
    row.lastQuarter = seconds(quarterStart);
    row.lastQuarterSteps = k - quarter;
  }
  row.meanIterations = solves > 0 ? iterations / static_cast<double>(solves) : 0.0;
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  moreau::examples::ColumnOfBeadsParameters p;
  std::vector<long> sizes{10, 100, 1000, 10000};
  double budget = 60;
  std::string dumpDir;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") usage("");
    if (i + 1 >= argc) usage("option '" + arg + "' needs a value");
    const std::string value = argv[++i];
    if (arg == "--beads") {
      sizes.clear();
      std::stringstream list(value);
      std::string item;
      while (std::getline(list, item, ',')) {
        const double v = toNumber(arg, item);
        if (v != static_cast<double>(static_cast<long>(v))) usage("--beads expects integers");
        sizes.push_back(static_cast<long>(v));
      }
    } else if (arg == "--T") {
      p.T = toNumber(arg, value);
    } else if (arg == "--h") {
      p.h = toNumber(arg, value);
    } else if (arg == "--solver") {
      p.solver = value;
    } else if (arg == "--dump-failed") {
      dumpDir = value;
    } else if (arg == "--budget") {
      budget = toNumber(arg, value);
    } else {
      usage("unknown option '" + arg + "'");
    }
  }

  std::printf("# ColumnOfBeads scaling: T = %g, h = %g, solver %s, budget %g s per size\n", p.T,
              p.h, p.solver.c_str(), budget);
  std::printf(
      "# setup = model + initialize(); loop = computeOneStep + nextStep (timed alone);\n"
      "# last25%% = us/step over the last quarter of the steps; osnsp = share of the loop in\n"
      "# computeOneStepNSProblem (LCP assembly + solve); max_lcp = largest LCP; mean_it = mean\n"
      "# solver iterations (pivots for lemke/murty, set exchanges for pivot) over the steps with "
      "an LCP\n");
  const char* header = "%7s %6s %8s %9s %10s %12s %12s %6s %7s %8s  %s\n";
  std::printf(header, "N", "steps", "setup_s", "loop_s", "us/step", "us/bead/step", "us/step_l25%",
              "osnsp", "max_lcp", "mean_it", "status");
  auto emptyRow = [&](long n, const std::string& status) {
    std::printf(header, std::to_string(n).c_str(), "-", "-", "-", "-", "-", "-", "-", "-", "-",
                status.c_str());
    std::fflush(stdout);
  };
  bool overBudget = false;
  try {
    for (const long n : sizes) {
      if (overBudget) {
        emptyRow(n, "skipped (a smaller N exceeded the budget)");
        continue;
      }
      p.beads = n;
      Row r;
      try {
        r = runOne(p, budget, dumpDir);
      } catch (const moreau::SimulationError& e) {  // a solver failure: report it, go on
        emptyRow(n, std::string("failed: ") + e.what());
        continue;
      }
      const double usStep =
          1e6 * r.loop / static_cast<double>(std::max<std::size_t>(r.stepsDone, 1));
      const double usBead = usStep / static_cast<double>(n);
      char last[32] = "-";
      if (r.lastQuarterSteps > 0) {
        std::snprintf(last, sizeof last, "%.2f",
                      1e6 * r.lastQuarter / static_cast<double>(r.lastQuarterSteps));
      }
      std::string status = "ok";
      if (!r.finished) {
        overBudget = true;
        status = "stopped after " + std::to_string(r.stepsDone) + " of " + std::to_string(r.steps) +
                 " steps (budget)";
      }
      std::printf("%7ld %6zu %8.3f %9.3f %10.2f %12.4f %12s %5.0f%% %7ld %8.1f  %s\n", n, r.steps,
                  r.setup + r.init, r.loop, usStep, usBead, last,
                  r.loop > 0 ? 100 * r.osnsp / r.loop : 0.0, r.maxLcp, r.meanIterations,
                  status.c_str());
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau_bench_column_of_beads: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
