// Granular benchmark with a fixed topology (issue 13, "Benchmark target"): N Newton–Euler
// spheres (NewtonEulerDS, radius r, mass m, I = (2/5) m r² I₃) in a resting lattice on the
// ground plane z = 0: K1 × K2 columns of L spheres, each sphere touching the one below it (or
// the ground), and with --lateral also its neighbours in the next columns (spacing 2r, zero
// gap). Every contact is known in advance and linked once: NewtonEuler3DR with the built-in
// sphereOnPlane / sphereOnSphere contact functions and NewtonImpactFrictionNSL(0, 0, μ = 0.3, 3),
// integrator MoreauJeanNewtonEulerOSI(θ = ½), FrictionContact(3) with NSGS, TimeStepping.
// The vertical contacts start with an overlap of 1e-8 m each (see docs/kernel/performance.md).
// For each size, reports the first step (cold start) apart, then for the other steps the wall
// and thread-CPU time of a step (the phases of computeOneStep + nextStep, no output), steps per
// second and µs per contact per step, the share of the one-step problem (assembly + solve) and
// of its solver, the mean and largest NSGS sweeps, the time per phase, and a physics check at
// T: the largest relative error of the vertical impulses against the weight carried
// (λ_N = (L − k) m g h under sphere k, 0-based from the ground), the largest tangential
// impulse, the largest displacement of a centre since t0 (the pile at rest) and a digest of
// the final state's bits (to compare two builds).
//
//   moreau_bench_granular_lattice [--sizes 5x2x10,10x10x10,25x40x10] [--lateral] [--steps 200]
//                                 [--h 1e-3] [--tolerance 1e-8] [--mu 0.3] [--budget 60]
//                                 [--threads 1]
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "BenchDriver.hpp"

namespace {

using moreau::bench::Clock;
using moreau::bench::seconds;

constexpr double kRadius = 0.05;   // m
constexpr double kMass = 0.1;      // kg
constexpr double kGravity = 9.81;  // m/s²

moreau::bench::DriverCommandLine commandLine() {
  return moreau::bench::DriverCommandLine(
      "moreau_bench_granular_lattice",
      "[--sizes K1xK2xL,...] [--lateral] [--steps N] [--h X] [--tolerance X] [--mu X] "
      "[--budget SECONDS] [--threads N]");
}

[[noreturn]] void usage(const std::string& message) { commandLine().fail(message); }

double toNumber(const std::string& option, const std::string& text) {
  return commandLine().positiveNumber(option, text);
}

struct Parameters {
  long k1 = 10, k2 = 10, height = 10;
  bool lateral = false;
  long steps = 200;
  double h = 1e-3, tolerance = 1e-8, mu = 0.3;
  // Initial overlap of every vertical contact (m): the pile starts slightly compressed so that a
  // separation velocity of the order of the solver tolerance does not open a contact
  // (index set 1 keeps y + h/2 ydot <= 0).
  double overlap = 1e-8;
  unsigned threads = 1;  // Simulation::setNumberOfThreads (the digest is the same for every count)
};

struct Lattice {
  std::shared_ptr<moreau::TimeStepping> simulation;
  std::shared_ptr<moreau::FrictionContact> problem;
  std::vector<std::shared_ptr<moreau::NewtonEulerDS>> spheres;
  std::vector<std::shared_ptr<moreau::Interaction>> vertical, lateral;
  std::vector<Eigen::Vector3d> start;
};

Lattice makeLattice(const Parameters& p) {
  using namespace moreau;
  Lattice lattice;
  const double t0 = 0.0, T = static_cast<double>(p.steps) * p.h;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
  const std::size_t K1 = static_cast<std::size_t>(p.k1), K2 = static_cast<std::size_t>(p.k2);
  const std::size_t L = static_cast<std::size_t>(p.height);
  const Eigen::Matrix3d inertia = Eigen::Matrix3d::Identity() * (0.4 * kMass * kRadius * kRadius);
  const Eigen::VectorXd twist0 = Eigen::VectorXd::Zero(6);
  lattice.spheres.reserve(K1 * K2 * L);
  for (std::size_t i = 0; i < K1; ++i)
    for (std::size_t j = 0; j < K2; ++j)
      for (std::size_t k = 0; k < L; ++k) {
        Eigen::VectorXd q0(7);
        q0 << 2 * kRadius * static_cast<double>(i), 2 * kRadius * static_cast<double>(j),
            kRadius * static_cast<double>(2 * k + 1) - p.overlap * static_cast<double>(k + 1), 1, 0,
            0, 0;
        auto sphere = std::make_shared<NewtonEulerDS>(q0, twist0, kMass, inertia);
        sphere->setFExt(Eigen::Vector3d(0, 0, -kMass * kGravity));
        nsds->insertDynamicalSystem(sphere);
        lattice.start.push_back(q0.head<3>());
        lattice.spheres.push_back(std::move(sphere));
      }
  const auto at = [&](std::size_t i, std::size_t j, std::size_t k) {
    return lattice.spheres[(i * K2 + j) * L + k];
  };
  const auto law = std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, p.mu, 3);
  const auto ground = std::make_shared<NewtonEuler3DR>(
      NewtonEuler1DR::sphereOnPlane(kRadius, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()));
  const auto pair =
      std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(kRadius, kRadius));
  // Body 1 is the upper (or the next column's) sphere: the normal points from body 2 to body 1.
  for (std::size_t i = 0; i < K1; ++i)
    for (std::size_t j = 0; j < K2; ++j)
      for (std::size_t k = 0; k < L; ++k) {
        auto contact = std::make_shared<Interaction>(law, k == 0 ? ground : pair);
        if (k == 0)
          nsds->link(contact, at(i, j, 0));
        else
          nsds->link(contact, at(i, j, k), at(i, j, k - 1));
        lattice.vertical.push_back(std::move(contact));
      }
  if (p.lateral)
    for (std::size_t i = 0; i < K1; ++i)
      for (std::size_t j = 0; j < K2; ++j)
        for (std::size_t k = 0; k < L; ++k) {
          if (i + 1 < K1) {
            auto contact = std::make_shared<Interaction>(law, pair);
            nsds->link(contact, at(i + 1, j, k), at(i, j, k));
            lattice.lateral.push_back(std::move(contact));
          }
          if (j + 1 < K2) {
            auto contact = std::make_shared<Interaction>(law, pair);
            nsds->link(contact, at(i, j + 1, k), at(i, j, k));
            lattice.lateral.push_back(std::move(contact));
          }
        }
  lattice.problem = std::make_shared<FrictionContact>(3, "nsgs");
  lattice.problem->setTolerance(p.tolerance);
  lattice.problem->setMaxIterations(1000);
  lattice.simulation = std::make_shared<TimeStepping>(
      nsds, std::make_shared<TimeDiscretisation>(t0, p.h),
      std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), lattice.problem);
  return lattice;
}

struct Row {
  std::size_t spheres = 0, contacts = 0, steps = 0, stepsDone = 0;
  double setup = 0, loop = 0, cpu = 0, osnsp = 0, solve = 0, first = 0;
  double freeState = 0, indexSets = 0, update = 0, next = 0;
  double meanIterations = 0;
  int maxIterations = 0, firstIterations = 0;
  bool finished = false, allConverged = true;
  double normalError = 0, tangential = 0, drift = 0;
  std::uint64_t digest = 0;  // FNV-1a of the bits of every q, twist and lambda at T
};

Row runOne(const Parameters& p, double budget) {
  Row row;
  const auto t0 = Clock::now();
  Lattice lattice = makeLattice(p);
  moreau::TimeStepping& sim = *lattice.simulation;
  const moreau::FrictionContact& fc = *lattice.problem;
  sim.setFailurePolicy(moreau::FailurePolicy::Continue);  // counted, not fatal
  sim.setNumberOfThreads(p.threads);
  sim.initialize();
  row.setup = seconds(t0);
  row.spheres = lattice.spheres.size();
  row.contacts = lattice.vertical.size() + lattice.lateral.size();
  row.steps = sim.numberOfSteps();
  double iterations = 0;
  long solves = 0;
  const auto start = Clock::now();
  std::size_t k = 0;
  auto warm = start;
  double warmCpu = moreau::bench::threadCpuSeconds();
  while (sim.hasNextEvent()) {
    if (k == 1) {
      warm = Clock::now();
      warmCpu = moreau::bench::threadCpuSeconds();
      row.first = seconds(start);
    }
    // computeOneStep() of a linear step, phase by phase (no interaction manager here).
    const auto p0 = Clock::now();
    sim.computeFreeState();
    const auto p1 = Clock::now();
    sim.updateIndexSets();
    const auto p2 = Clock::now();
    sim.computeOneStepNSProblem();
    const auto p3 = Clock::now();
    sim.update();
    const auto p4 = Clock::now();
    if (k >= 1) {
      row.freeState += std::chrono::duration<double>(p1 - p0).count();
      row.indexSets += std::chrono::duration<double>(p2 - p1).count();
      row.osnsp += std::chrono::duration<double>(p3 - p2).count();
      row.solve += fc.lastSolveSeconds();
      row.update += std::chrono::duration<double>(p4 - p3).count();
    }
    if (fc.size() > 0) {
      const auto& r = fc.lastResult();
      if (k == 0) row.firstIterations = r.iterations;
      if (k >= 1) ++solves;
      if (k >= 1) iterations += r.iterations;
      row.maxIterations = std::max(row.maxIterations, r.iterations);
      row.allConverged = row.allConverged && r.converged();
    }
    const auto p5 = Clock::now();
    sim.nextStep();
    if (k >= 1) row.next += seconds(p5);
    ++k;
    if (seconds(start) > budget) break;
  }
  row.loop = k > 1 ? seconds(warm) : 0.0;
  row.cpu = k > 1 ? moreau::bench::threadCpuSeconds() - warmCpu : 0.0;
  row.stepsDone = k;
  row.finished = !sim.hasNextEvent();
  row.meanIterations = solves > 0 ? iterations / static_cast<double>(solves) : 0.0;
  // Physics at the last step: the contact under sphere k carries (L − k) m g h.
  const long L = p.height;
  for (std::size_t c = 0; c < lattice.vertical.size(); ++c) {
    const long level = static_cast<long>(c % static_cast<std::size_t>(L));
    const double expected = static_cast<double>(L - level) * kMass * kGravity * p.h;
    const Eigen::VectorXd& lambda = lattice.vertical[c]->lambda(1);
    row.normalError = std::max(row.normalError, std::abs(lambda(0) - expected) / expected);
    row.tangential = std::max(row.tangential, lambda.tail(2).cwiseAbs().maxCoeff());
  }
  for (const auto& contact : lattice.lateral)
    row.tangential = std::max(row.tangential, contact->lambda(1).tail(2).cwiseAbs().maxCoeff());
  row.digest = 14695981039346656037ULL;
  for (const auto& sphere : lattice.spheres) {
    moreau::bench::addToDigest(row.digest, sphere->q());
    moreau::bench::addToDigest(row.digest, sphere->twist());
  }
  for (const auto& contact : lattice.vertical)
    moreau::bench::addToDigest(row.digest, contact->lambda(1));
  for (const auto& contact : lattice.lateral)
    moreau::bench::addToDigest(row.digest, contact->lambda(1));
  for (std::size_t s = 0; s < lattice.spheres.size(); ++s)
    row.drift = std::max(row.drift, (lattice.spheres[s]->q().head<3>() - lattice.start[s]).norm());
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  Parameters p;
  std::vector<std::array<long, 3>> sizes{{5, 2, 10}, {10, 10, 10}, {25, 40, 10}};
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
    if (arg == "--sizes") {
      sizes.clear();
      std::stringstream list(value);
      std::string item;
      while (std::getline(list, item, ',')) {
        std::array<long, 3> size{};
        std::stringstream parts(item);
        std::string part;
        int n = 0;
        while (std::getline(parts, part, 'x')) {
          if (n >= 3) usage("--sizes expects K1xK2xL items, got '" + item + "'");
          const double v = toNumber(arg, part);
          if (v != std::floor(v)) usage("--sizes expects integers, got '" + item + "'");
          size[static_cast<std::size_t>(n++)] = static_cast<long>(v);
        }
        if (n != 3) usage("--sizes expects K1xK2xL items, got '" + item + "'");
        sizes.push_back(size);
      }
    } else if (arg == "--steps") {
      const double v = toNumber(arg, value);
      if (v != std::floor(v)) usage("--steps expects an integer");
      p.steps = static_cast<long>(v);
    } else if (arg == "--h") {
      p.h = toNumber(arg, value);
    } else if (arg == "--tolerance") {
      p.tolerance = toNumber(arg, value);
    } else if (arg == "--mu") {
      p.mu = toNumber(arg, value);
    } else if (arg == "--budget") {
      budget = toNumber(arg, value);
    } else if (arg == "--threads") {
      const double t = toNumber(arg, value);
      if (!(t >= 1 && t <= 64) || t != std::floor(t))
        usage("--threads expects an integer in [1, 64]");
      p.threads = static_cast<unsigned>(t);
    } else {
      usage("unknown option '" + arg + "'");
    }
  }

  std::printf(
      "# GranularLattice (K1 x K2 columns of L NewtonEulerDS spheres r = %g, m = %g, on the "
      "ground%s; NewtonEuler3DR, mu = %g, e = 0, MoreauJeanNewtonEulerOSI, FrictionContact(3) "
      "NSGS): %ld steps, h = %g, tolerance %g, budget %g s per size, %u thread(s)\n",
      kRadius, kMass, p.lateral ? ", lateral contacts" : "", p.mu, p.steps, p.h, p.tolerance,
      budget, p.threads);
  std::printf(
      "# first step (cold start, lambda = 0): first_s, 1st_it; then over the other steps (warm "
      "start from the previous lambda):\n"
      "# us/step = computeOneStep + nextStep (wall), cpu_us/st = the same in thread CPU time; "
      "osnsp / solve = share of the one-step problem "
      "(assembly + solve) / of its solver; it = NSGS sweeps;\n"
      "# dN = max |lambda_N - (L-k) m g h| / ((L-k) m g h), |lT| = max tangential impulse, "
      "drift = max |x_G - x_G(0)| at T\n");
  const char* header =
      "%10s %6s %8s %6s %8s %8s %6s %10s %10s %9s %10s %6s %6s %8s %6s %9s %9s %9s  %s\n";
  std::printf(header, "K1xK2xL", "N", "contacts", "steps", "setup_s", "first_s", "1st_it",
              "us/step", "cpu_us/st", "steps/s", "us/c/step", "osnsp", "solve", "mean_it", "max_it",
              "dN", "|lT|", "drift", "status");
  bool overBudget = false;
  try {
    for (const auto& size : sizes) {
      const std::string name =
          std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" + std::to_string(size[2]);
      if (overBudget) {
        std::printf("%10s skipped (a smaller size exceeded the budget)\n", name.c_str());
        continue;
      }
      p.k1 = size[0];
      p.k2 = size[1];
      p.height = size[2];
      const Row r = runOne(p, budget);
      const double usStep =
          1e6 * r.loop / static_cast<double>(std::max<std::size_t>(r.stepsDone, 2) - 1);
      std::string status = r.allConverged ? "ok" : "some solves did not converge";
      if (!r.finished) {
        overBudget = true;
        status = "stopped after " + std::to_string(r.stepsDone) + " of " + std::to_string(r.steps) +
                 " steps (budget)";
      }
      std::printf(
          "%10s %6zu %8zu %6zu %8.3f %8.3f %6d %10.1f %10.1f %9.1f %10.3f %5.0f%% %5.0f%% %8.2f "
          "%6d "
          "%9.2e %9.2e %9.2e  %s\n",
          name.c_str(), r.spheres, r.contacts, r.stepsDone, r.setup, r.first, r.firstIterations,
          usStep, 1e6 * r.cpu / static_cast<double>(std::max<std::size_t>(r.stepsDone, 2) - 1),
          1e6 / usStep, usStep / static_cast<double>(r.contacts),
          r.loop > 0 ? 100 * r.osnsp / r.loop : 0.0, r.loop > 0 ? 100 * r.solve / r.loop : 0.0,
          r.meanIterations, r.maxIterations, r.normalError, r.tangential, r.drift, status.c_str());
      const double perStep = 1e6 / static_cast<double>(std::max<std::size_t>(r.stepsDone, 2) - 1);
      std::printf(
          "%10s   us/step by phase: free state %.1f, index sets %.1f, assembly %.1f, solve %.1f, "
          "update %.1f, nextStep %.1f; digest of the state at T %016llx\n",
          "", perStep * r.freeState, perStep * r.indexSets, perStep * (r.osnsp - r.solve),
          perStep * r.solve, perStep * r.update, perStep * r.next,
          static_cast<unsigned long long>(r.digest));
      std::fflush(stdout);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau_bench_granular_lattice: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
