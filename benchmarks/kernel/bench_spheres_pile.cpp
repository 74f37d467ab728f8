// SpheresPile scaling (issue 13): N spheres dropped into a box, contacts from collision
// detection (ContactManager: uniform-grid broad phase, narrow phase, interactions created /
// reused / removed before every step), one FrictionContact(3) per step. For each N the pile
// first settles (simulated time --settle, or until the kinetic energy per sphere falls under
// --rest), then --measure steps are timed (--threads: Simulation::setNumberOfThreads, default 1;
// the digest is the same for every count): the wall time per step and its
// parts (contact manager update = detection + link/removal; free state + index sets; the
// one-step problem = FC(3) assembly + solve; state update + nextStep), the mean solver
// iterations, the contacts (linked and active) and the time per active contact; the thread
// CPU time per step (the cost without the time the shared machine gave to other processes)
// and a digest of the state at the end (FNV-1a of the bits of every q, twist and of λ, y, ẏ
// of every linked contact) to compare two builds bit for bit (docs/kernel/performance.md).
//
//   moreau_bench_spheres_pile [--spheres 100,1000,10000] [--settle 2] [--rest 1e-8]
//                             [--measure 200] [--h 1e-3] [--tolerance 1e-4]
//                             [--local-solver default] [--spacing 2.2] [--jitter 0.05]
//                             [--budget 600] [--threads 1] [--coloring] [--awake]
//                             [--plain | --adaptive | --anderson 1]
// (--coloring: SolverOptions::fcColoring, the coloured NSGS; --anderson M:
// SolverOptions::fcAndersonDepth, default 1 as in the example; --plain: plain NSGS; --adaptive:
// SolverOptions::fcAdaptiveRelaxation instead of Anderson; --awake: no dormant interactions,
// MoreauJeanNewtonEulerOSI::setDormantInteractions(false); the digest is the same).
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

#include "BenchDriver.hpp"
#include "SpheresPileModel.hpp"

namespace {

using moreau::bench::Clock;
using moreau::bench::seconds;
using moreau::examples::SpheresPileParameters;

moreau::bench::DriverCommandLine commandLine() {
  return moreau::bench::DriverCommandLine(
      "moreau_bench_spheres_pile",
      "[--spheres N,N,...] [--settle T] [--rest E] [--measure STEPS] [--h X] [--tolerance X] "
      "[--local-solver NAME] [--spacing X] [--jitter X] [--budget SECONDS] [--threads N] "
      "[--coloring] [--awake] [--plain | --adaptive | --anderson M]");
}

[[noreturn]] void usage(const std::string& message) { commandLine().fail(message); }

struct Row {
  double settleWall = 0, settleTime = 0, energy = 0, penetration = 0;
  bool settled = false, budgetHit = false;
  long measured = 0, failures = 0;
  double manager = 0, freeState = 0, osnsp = 0, solve = 0, update = 0, total = 0, cpu = 0;
  double iterations = 0, linked = 0, active = 0;
  std::size_t dormant = 0;  // dormant interactions at the end of the measure
  std::size_t created = 0, reused = 0, removed = 0;  // during the measure
  // FNV-1a of the bits of every sphere's q and twist and every linked contact's λ, y and ẏ
  // at the end of the measure.
  std::uint64_t digest = 0;
};

// One step in parts (what TimeStepping::computeOneStep does for a linear integrator, with the
// interaction manager timed apart).
struct Parts {
  double manager = 0, freeState = 0, osnsp = 0, solve = 0, update = 0;
};

void step(const moreau::examples::SpheresPile& pile, Parts& parts) {
  moreau::TimeStepping& sim = *pile.simulation;
  auto t = Clock::now();
  pile.contacts->update(*pile.nsds);
  parts.manager += seconds(t);
  t = Clock::now();
  sim.computeFreeState();
  sim.updateIndexSets();
  parts.freeState += seconds(t);
  t = Clock::now();
  sim.computeOneStepNSProblem();
  parts.osnsp += seconds(t);
  parts.solve += pile.problem->lastSolveSeconds();
  t = Clock::now();
  sim.update();
  sim.nextStep();
  parts.update += seconds(t);
}

Row runOne(SpheresPileParameters p, const std::string& localSolver, bool coloring, double settle,
           double rest, long measure, double budget) {
  Row row;
  p.T = settle + static_cast<double>(measure + 2) * p.h;
  const auto pile = moreau::examples::makeSpheresPile(p);
  moreau::numerics::SolverOptions options = pile.problem->numericsSolverOptions();
  options.fcLocalSolver = localSolver;
  options.fcColoring = coloring;
  pile.problem->setNumericsSolverOptions(options);
  moreau::TimeStepping& sim = *pile.simulation;
  sim.setFailurePolicy(moreau::FailurePolicy::Continue);
  // (step() calls the manager itself, as TimeStepping would with the simulation's threads.)
  pile.contacts->detector().setNumberOfThreads(sim.numberOfThreads());
  sim.initialize();
  const auto n = static_cast<double>(pile.spheres.size());
  Parts ignored;
  const auto start = Clock::now();
  while (sim.hasNextEvent() && sim.startingTime() < settle) {
    step(pile, ignored);
    if (moreau::examples::kineticEnergy(pile) < rest * n) {
      row.settled = true;
      break;
    }
    if (seconds(start) > budget) {
      row.budgetHit = true;
      break;
    }
  }
  row.settleWall = seconds(start);
  row.settleTime = sim.startingTime();
  const std::size_t failuresBefore = sim.log().numberOfFailures();
  const std::size_t created = pile.contacts->createdInteractions();
  const std::size_t reused = pile.contacts->reusedInteractions();
  const std::size_t removed = pile.contacts->removedInteractions();
  Parts parts;
  const auto measureStart = Clock::now();
  const double cpuStart = moreau::bench::threadCpuSeconds();
  for (long k = 0; k < measure && sim.hasNextEvent(); ++k) {
    step(pile, parts);
    ++row.measured;
    if (pile.problem->size() > 0) row.iterations += pile.problem->lastResult().iterations;
    row.linked += static_cast<double>(pile.nsds->numberOfInteractions());
    row.active += static_cast<double>(pile.problem->size() / 3);
  }
  row.total = seconds(measureStart);
  row.cpu = moreau::bench::threadCpuSeconds() - cpuStart;
  const auto m = static_cast<double>(std::max<long>(row.measured, 1));
  row.manager = parts.manager / m;
  row.freeState = parts.freeState / m;
  row.osnsp = parts.osnsp / m;
  row.solve = parts.solve / m;
  row.update = parts.update / m;
  row.total /= m;
  row.cpu /= m;
  row.iterations /= m;
  row.linked /= m;
  row.active /= m;
  row.failures = static_cast<long>(sim.log().numberOfFailures() - failuresBefore);
  row.created = pile.contacts->createdInteractions() - created;
  row.reused = pile.contacts->reusedInteractions() - reused;
  row.removed = pile.contacts->removedInteractions() - removed;
  row.energy = moreau::examples::kineticEnergy(pile);
  row.penetration = moreau::examples::maxPenetration(pile);
  row.dormant = pile.integrator->numberOfDormantInteractions();
  // y and its memories of every contact as without dormancy (the digest then compares runs
  // with and without it).
  pile.integrator->wakeDormantInteractions();
  row.digest = 14695981039346656037ULL;
  for (const auto& sphere : pile.spheres) {
    moreau::bench::addToDigest(row.digest, sphere->q());
    moreau::bench::addToDigest(row.digest, sphere->twist());
  }
  for (const auto& c : pile.contacts->contacts()) {
    moreau::bench::addToDigest(row.digest, c.interaction->lambda(1));
    moreau::bench::addToDigest(row.digest, c.interaction->y(0));
    moreau::bench::addToDigest(row.digest, c.interaction->y(1));
  }
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  SpheresPileParameters p;
  std::vector<long> sizes{100, 1000, 10000};
  double settle = 2.0, rest = 1e-8, budget = 600;
  long measure = 200;
  std::string localSolver = "default";
  bool coloring = false;
  const moreau::bench::DriverCommandLine cli = commandLine();
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") usage("");
    if (arg == "--coloring") {  // a flag: no value
      coloring = true;
      continue;
    }
    if (arg == "--plain") {  // a flag: plain NSGS (no Anderson acceleration)
      p.andersonDepth = 0;
      p.adaptiveRelaxation = false;
      continue;
    }
    if (arg == "--adaptive") {  // a flag: adaptive relaxation instead of Anderson
      p.andersonDepth = 0;
      p.adaptiveRelaxation = true;
      continue;
    }
    if (arg == "--awake") {  // a flag: every contact evaluated at every step (no dormancy)
      p.dormant = false;
      continue;
    }
    if (i + 1 >= argc) usage("option '" + arg + "' needs a value");
    const std::string value = argv[++i];
    if (arg == "--spheres") {
      sizes.clear();
      std::stringstream list(value);
      std::string item;
      while (std::getline(list, item, ',')) {
        sizes.push_back(cli.integer(arg, item, 1, 1000000000));
      }
    } else if (arg == "--settle") {
      settle = cli.nonNegativeNumber(arg, value);
    } else if (arg == "--rest") {
      rest = cli.positiveNumber(arg, value);
    } else if (arg == "--measure") {
      measure = cli.integer(arg, value, 1, 1000000000);
    } else if (arg == "--h") {
      p.h = cli.positiveNumber(arg, value);
    } else if (arg == "--tolerance") {
      p.tolerance = cli.positiveNumber(arg, value);
    } else if (arg == "--anderson") {
      p.andersonDepth = static_cast<int>(cli.integer(arg, value, 0, 10));
    } else if (arg == "--local-solver") {
      localSolver = value;
    } else if (arg == "--spacing") {
      p.spacing = cli.positiveNumber(arg, value);
    } else if (arg == "--jitter") {
      p.jitter = cli.nonNegativeNumber(arg, value);
    } else if (arg == "--budget") {
      budget = cli.positiveNumber(arg, value);
    } else if (arg == "--threads") {
      p.threads = static_cast<unsigned>(cli.integer(arg, value, 1, 64));
    } else {
      usage("unknown option '" + arg + "'");
    }
  }

  const std::string acceleration = p.adaptiveRelaxation ? std::string(" adaptive relaxation")
                                   : p.andersonDepth > 0
                                       ? " Anderson(" + std::to_string(p.andersonDepth) + ")"
                                       : std::string();
  std::printf(
      "# SpheresPile (ContactManager + FrictionContact(3) %s%s%s, local solver %s, tolerance %g, "
      "mu = %g, h = %g, spacing %g r, jitter %g r, dormant interactions %s): settle up to t = %g "
      "(or E_kin < %g J per sphere, wall budget %g s), then %ld timed steps, %u thread(s)\n",
      p.solver.c_str(), coloring ? " coloured" : "", acceleration.c_str(), localSolver.c_str(),
      p.tolerance, p.mu, p.h, p.spacing, p.jitter, p.dormant ? "on" : "off", settle, rest, budget,
      measure, p.threads);
  std::printf(
      "# us/step (wall; cpu_us = thread CPU time per step) = manager (detection + links) + free "
      "(free state + index sets) + osnsp (FC "
      "assembly + solve; solve = its solver part) + upd (update + nextStep); linked / active "
      "contacts, mean iterations; dormant: dormant interactions at the end of the measure\n");
  const char* header =
      "%6s %8s %8s %9s %9s %9s %9s %9s %9s %9s %8s %8s %7s %9s %6s %9s %9s %16s %s\n";
  std::printf(header, "N", "settle_t", "settle_s", "us/step", "cpu_us", "manager", "free", "osnsp",
              "solve", "upd", "linked", "active", "mean_it", "us/active", "fails", "E_kin",
              "max_pen", "digest", "changes(created/reused/removed) dormant");
  try {
    for (long n : sizes) {
      p.spheres = n;
      const Row r = runOne(p, localSolver, coloring, settle, rest, measure, budget);
      std::printf(
          "%6ld %8.3f %8.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %8.0f %8.0f %7.1f %9.3f %6ld "
          "%9.2e "
          "%9.2e %016llx %zu/%zu/%zu %zu%s\n",
          n, r.settleTime, r.settleWall, 1e6 * r.total, 1e6 * r.cpu, 1e6 * r.manager,
          1e6 * r.freeState, 1e6 * r.osnsp, 1e6 * r.solve, 1e6 * r.update, r.linked, r.active,
          r.iterations, r.active > 0 ? 1e6 * r.total / r.active : 0.0, r.failures, r.energy,
          r.penetration, static_cast<unsigned long long>(r.digest), r.created, r.reused, r.removed,
          r.dormant,
          r.settled ? " (at rest)" : (r.budgetHit ? " (settle budget hit)" : " (settle time)"));
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau_bench_spheres_pile: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
