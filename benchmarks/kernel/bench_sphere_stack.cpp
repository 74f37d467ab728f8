// Frictional benchmark with a fixed topology (issue 9, "Benchmarks"): K × K columns of L
// stacked spheres (3-dof point masses, no rotation) on the ground, FrictionContact(3), the
// model of examples/SphereStack. For each size, reports the wall time of the time loop
// (computeOneStep + nextStep, no output) per step and per contact per step, the same over
// the last quarter (the stack at rest, every contact active), the share of the one-step
// problem (assembly + solve), the mean and largest solver iterations, and a physics check at
// T: the largest relative error of the normal impulses against the weight carried
// (λ_N = (L − k) m g h under sphere k) and the largest tangential impulse.
//
//   moreau_bench_sphere_stack [--stacks 4x6,10x10,20x12] [--lateral] [--T 0.5] [--h 1e-3]
//                             [--solver nsgs] [--tolerance 1e-8] [--budget 60]
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "BenchDriver.hpp"
#include "SphereStackModel.hpp"

namespace {

using moreau::bench::Clock;
using moreau::bench::seconds;
using moreau::examples::SphereStackParameters;

moreau::bench::DriverCommandLine commandLine() {
  return moreau::bench::DriverCommandLine("moreau_bench_sphere_stack",
                                          "[--stacks KxL,KxL,...] [--lateral] [--T X] [--h X] "
                                          "[--solver NAME] [--tolerance X] [--budget SECONDS]");
}

[[noreturn]] void usage(const std::string& message) { commandLine().fail(message); }

double toNumber(const std::string& option, const std::string& text) {
  return commandLine().positiveNumber(option, text);
}

struct Row {
  std::size_t contacts = 0, steps = 0, stepsDone = 0, lastQuarterSteps = 0;
  double setup = 0, loop = 0, lastQuarter = 0, osnsp = 0;
  double meanIterations = 0, lastQuarterIterations = 0;
  int maxIterations = 0;
  bool finished = false, allConverged = true;
  double normalError = 0, tangential = 0;
};

Row runOne(const SphereStackParameters& p, double budget) {
  Row row;
  const auto t0 = Clock::now();
  const auto stack = moreau::examples::makeSphereStack(p);
  moreau::TimeStepping& sim = *stack.simulation;
  const moreau::FrictionContact& fc = *stack.problem;
  sim.setFailurePolicy(moreau::FailurePolicy::Continue);  // counted, not fatal
  sim.initialize();
  row.setup = seconds(t0);
  row.contacts = stack.numberOfContacts();
  row.steps = sim.numberOfSteps();
  const std::size_t quarter = row.steps - row.steps / 4;
  double iterations = 0, quarterIterations = 0;
  long solves = 0, quarterSolves = 0;
  Clock::time_point quarterStart = Clock::now();
  const auto start = Clock::now();
  std::size_t k = 0;
  while (sim.hasNextEvent()) {
    if (k == quarter) quarterStart = Clock::now();
    sim.computeFreeState();
    sim.updateIndexSets();
    const auto osnspStart = Clock::now();
    sim.computeOneStepNSProblem();
    row.osnsp += seconds(osnspStart);
    sim.update();
    if (fc.size() > 0) {
      const auto& r = fc.lastResult();
      ++solves;
      iterations += r.iterations;
      row.maxIterations = std::max(row.maxIterations, r.iterations);
      row.allConverged = row.allConverged && r.converged();
      if (k >= quarter) {
        ++quarterSolves;
        quarterIterations += r.iterations;
      }
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
  row.lastQuarterIterations =
      quarterSolves > 0 ? quarterIterations / static_cast<double>(quarterSolves) : 0.0;
  // Physics at the last step: the contact under sphere k carries (L − k) m g h.
  using namespace moreau::examples::spheres;
  const long L = stack.height;
  for (std::size_t c = 0; c < stack.vertical.size(); ++c) {
    const long level = static_cast<long>(c % static_cast<std::size_t>(L));
    const double expected = static_cast<double>(L - level) * kMass * kGravity * p.h;
    const Eigen::VectorXd& lambda = stack.vertical[c]->lambda(1);
    row.normalError = std::max(row.normalError, std::abs(lambda(0) - expected) / expected);
    row.tangential = std::max(row.tangential, lambda.tail(2).cwiseAbs().maxCoeff());
  }
  for (const auto& contact : stack.lateral)
    row.tangential = std::max(row.tangential, contact->lambda(1).tail(2).cwiseAbs().maxCoeff());
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  SphereStackParameters p;
  std::vector<std::pair<long, long>> sizes{{4, 6}, {10, 10}, {20, 12}};
  double budget = 60;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") usage("");
    if (arg == "--lateral") {
      p.lateral = true;
      continue;
    }
    if (i + 1 >= argc) usage("option '" + arg + "' needs a value");
    const std::string value = argv[++i];
    if (arg == "--stacks") {
      sizes.clear();
      std::stringstream list(value);
      std::string item;
      while (std::getline(list, item, ',')) {
        const auto x = item.find('x');
        if (x == std::string::npos) usage("--stacks expects KxL items, got '" + item + "'");
        const double K = toNumber(arg, item.substr(0, x));
        const double L = toNumber(arg, item.substr(x + 1));
        if (K != std::floor(K) || L != std::floor(L)) usage("--stacks expects integers");
        sizes.emplace_back(static_cast<long>(K), static_cast<long>(L));
      }
    } else if (arg == "--T") {
      p.T = toNumber(arg, value);
    } else if (arg == "--h") {
      p.h = toNumber(arg, value);
    } else if (arg == "--solver") {
      p.solver = value;
    } else if (arg == "--tolerance") {
      p.tolerance = toNumber(arg, value);
    } else if (arg == "--budget") {
      budget = toNumber(arg, value);
    } else {
      usage("unknown option '" + arg + "'");
    }
  }

  std::printf(
      "# SphereStack (K x K columns of L spheres, FrictionContact(3), mu = %g%s): T = %g, "
      "h = %g, solver %s, tolerance %g, budget %g s per size\n",
      p.mu, p.lateral ? ", lateral contacts" : "", p.T, p.h, p.solver.c_str(), p.tolerance, budget);
  std::printf(
      "# loop = computeOneStep + nextStep (timed alone); l25%% = over the last quarter (at rest);\n"
      "# osnsp = share of the one-step problem (assembly + solve); it = solver iterations;\n"
      "# dN = max |lambda_N - (L-k) m g h| / ((L-k) m g h) at T, |lT| = max tangential impulse\n");
  const char* header = "%6s %8s %6s %8s %10s %10s %12s %6s %8s %8s %6s %9s %9s  %s\n";
  std::printf(header, "KxL", "contacts", "steps", "setup_s", "us/step", "us/c/step", "us/step_l25%",
              "osnsp", "mean_it", "it_l25%", "max_it", "dN", "|lT|", "status");
  bool overBudget = false;
  try {
    for (const auto& [K, L] : sizes) {
      const std::string name = std::to_string(K) + "x" + std::to_string(L);
      if (overBudget) {
        std::printf("%6s skipped (a smaller size exceeded the budget)\n", name.c_str());
        continue;
      }
      p.columnsPerSide = K;
      p.height = L;
      const Row r = runOne(p, budget);
      const double usStep =
          1e6 * r.loop / static_cast<double>(std::max<std::size_t>(r.stepsDone, 1));
      char last[32] = "-";
      if (r.lastQuarterSteps > 0)
        std::snprintf(last, sizeof last, "%.1f",
                      1e6 * r.lastQuarter / static_cast<double>(r.lastQuarterSteps));
      std::string status = r.allConverged ? "ok" : "some solves did not converge";
      if (!r.finished) {
        overBudget = true;
        status = "stopped after " + std::to_string(r.stepsDone) + " of " + std::to_string(r.steps) +
                 " steps (budget)";
      }
      std::printf(
          "%6s %8zu %6zu %8.3f %10.1f %10.3f %12s %5.0f%% %8.1f %8.1f %6d %9.2e %9.2e  %s\n",
          name.c_str(), r.contacts, r.steps, r.setup, usStep,
          usStep / static_cast<double>(r.contacts), last, r.loop > 0 ? 100 * r.osnsp / r.loop : 0.0,
          r.meanIterations, r.lastQuarterIterations, r.maxIterations, r.normalError, r.tangential,
          status.c_str());
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau_bench_sphere_stack: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
