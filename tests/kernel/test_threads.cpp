// Simulation::setNumberOfThreads (docs/kernel/performance.md "Threads"): the deterministic
// parallel loops give the bits of one thread for every thread count, and an error thrown on a
// worker thread reaches the caller as in a sequential run.
#include <gtest/gtest.h>

#include <moreau/Moreau.hpp>

#include "KernelTestUtils.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <moreau/numerics/ParallelFor.hpp>

using namespace moreau;

namespace {

// ---- parallelFor --------------------------------------------------------------------------

TEST(ParallelFor, ChunksCoverTheRangeOnceInContiguousPieces) {
  for (unsigned threads : {1u, 2u, 3u, 7u})
    for (std::size_t n : {0u, 1u, 5u, 99u, 1000u, 4097u}) {
      std::vector<int> hits(n, 0);
      std::vector<std::pair<std::size_t, std::size_t>> chunks(numerics::kMaxThreads);
      std::atomic<int> calls{0};
      numerics::parallelFor(threads, n, 10, [&](std::size_t begin, std::size_t end) {
        ASSERT_LT(begin, end);
        chunks[static_cast<std::size_t>(calls++)] = {begin, end};
        for (std::size_t i = begin; i < end; ++i) ++hits[i];
      });
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(hits[i], 1) << "item " << i << " of " << n;
      // T = min(threads, n / grain) chunks, one call each; one chunk below two grains.
      const std::size_t expected =
          n == 0 ? 0 : (n < 20 ? 1 : std::min<std::size_t>(threads, n / 10));
      EXPECT_EQ(static_cast<std::size_t>(calls.load()), expected)
          << threads << " threads, n = " << n;
    }
}

TEST(ParallelFor, ChunksAreNumberedAsParallelForSplits) {
  for (unsigned threads : {1u, 2u, 3u, 4u})
    for (std::size_t n : {0u, 5u, 19u, 20u, 21u, 100u, 1001u}) {
      const std::size_t expected =
          n < 20 ? 1 : std::min<std::size_t>(threads, n / 10);  // grain 10, as above
      EXPECT_EQ(numerics::parallelChunks(threads, n, 10), expected)
          << threads << " threads, n = " << n;
      // Each chunk once, with its index and parallelFor's bounds [c n / C, (c + 1) n / C).
      std::vector<std::pair<std::size_t, std::size_t>> bounds(expected, {n + 1, n + 1});
      numerics::parallelForChunks(threads, n, 10,
                                  [&](std::size_t c, std::size_t begin, std::size_t end) {
                                    ASSERT_LT(c, expected);
                                    bounds[c] = {begin, end};
                                  });
      for (std::size_t c = 0; c < expected; ++c) {
        EXPECT_EQ(bounds[c].first, c * n / expected) << threads << " threads, n = " << n;
        EXPECT_EQ(bounds[c].second, (c + 1) * n / expected) << threads << " threads, n = " << n;
      }
    }
}

TEST(ParallelFor, AssignChunksJoinsTheChunksListsInOrder) {
  // Chunk lists of uneven sizes (item i gives i % 3 copies of i, some chunks none): joined,
  // they are the list of one loop over the items, whatever out held before (longer or shorter).
  for (unsigned threads : {1u, 2u, 3u, 4u})
    for (std::size_t n : {0u, 7u, 40u, 1001u}) {
      std::vector<int> expected;
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < i % 3; ++k) expected.push_back(static_cast<int>(i));
      std::vector<std::vector<int>> lists(numerics::kMaxThreads);
      numerics::parallelForChunks(threads, n, 10,
                                  [&](std::size_t c, std::size_t begin, std::size_t end) {
                                    for (std::size_t i = begin; i < end; ++i)
                                      for (std::size_t k = 0; k < i % 3; ++k)
                                        lists[c].push_back(static_cast<int>(i));
                                  });
      for (std::size_t before : {std::size_t{0}, expected.size() + 5}) {
        std::vector<int> out(before, -1);
        numerics::assignChunks(
            threads, n, 10, [&](std::size_t c) -> const auto& { return lists[c]; }, out);
        EXPECT_EQ(out, expected) << threads << " threads, n = " << n << ", " << before;
      }
    }
}

TEST(ParallelFor, TheErrorOfTheLowestChunkIsRethrown) {
  // Items 300 and 900 throw: chunk 0 of 2 holds 300, the first a sequential loop meets.
  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<int> done(1000, 0);
    try {
      numerics::parallelFor(threads, done.size(), 1, [&](std::size_t i, std::size_t end) {
        for (; i < end; ++i) {
          if (i == 300 || i == 900) throw std::runtime_error("item " + std::to_string(i));
          done[i] = 1;
        }
      });
      ADD_FAILURE() << "no exception with " << threads << " threads";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "item 300") << threads << " threads";
    }
    for (std::size_t i = 0; i < 300; ++i) ASSERT_EQ(done[i], 1);  // the loop ran up to there
  }
}

// ---- a pile of bodies ---------------------------------------------------------------------

struct PileRun {
  std::vector<double> state;  // q, twist of every body; λ, y, ẏ of every linked contact
  std::vector<int> iterations;
  std::size_t maxRows = 0;          // largest FrictionContact(3) (contacts)
  std::size_t maxInteractions = 0;  // most linked interactions
};

// Entries of a and b whose bits differ (over the common length).
std::size_t bitsDiffering(const std::vector<double>& a, const std::vector<double>& b) {
  std::size_t differ = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    differ += moreau::tests::bitsOf(a[i]) != moreau::tests::bitsOf(b[i]);
  return differ;
}

// n × n × n spheres of radius r in a box of 5 planes, lattice spacing 2.02 r (a small random
// offset and velocity from a fixed LCG), μ = 0.3, e = 0; every other sphere has a slightly
// anisotropic inertia (a nonlinear body: Newton passes, the iteration matrix each step).
// Optionally the sphere `failing` gets a force function that throws from t = failAt on.
PileRun runPile(unsigned threads, int n, int steps, long failing = -1, double failAt = 0.0,
                bool coloring = false) {
  const double r = 0.05, s = 2.02 * r, h = 1e-3, W = s * n;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, steps * h);
  auto manager = std::make_shared<ContactManager>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3), 0.2 * r);
  std::vector<std::shared_ptr<NewtonEulerDS>> balls;
  moreau::tests::Lcg uniform{12345u};  // in [-1, 1)
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        Eigen::VectorXd q0(7), v0 = Eigen::VectorXd::Zero(6);
        q0 << s * (i + 0.5) + 0.004 * r * uniform(), s * (j + 0.5) + 0.004 * r * uniform(),
            r + s * k + 0.001 * r, 1, 0, 0, 0;
        v0.head<3>() << 0.05 * uniform(), 0.05 * uniform(), 0.0;
        const long index = static_cast<long>(balls.size());
        Eigen::Matrix3d I = Eigen::Matrix3d::Identity() * (0.4 * r * r);
        if (index % 2 == 1) I.diagonal() = Eigen::Vector3d(1.0, 1.1, 0.9) * (0.4 * r * r);
        auto ball = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, I);
        ball->setName("sphere " + std::to_string(index));
        if (index == failing) {
          ball->setComputeFExtFunction([failAt, index](double t, Eigen::VectorXd& f) {
            if (t >= failAt)
              throw ModelError("force of sphere " + std::to_string(index) +
                               " failed at t = " + std::to_string(t));
            f = Eigen::Vector3d(0, 0, -9.81);
          });
        } else {
          ball->setFExt(Eigen::Vector3d(0, 0, -9.81));
        }
        nsds->insertDynamicalSystem(ball);
        manager->addSphere(ball, r);
        balls.push_back(ball);
      }
  moreau::tests::addOpenBox(*manager, W);
  auto problem = std::make_shared<FrictionContact>(3);
  problem->setTolerance(1e-6);
  if (coloring) {
    numerics::SolverOptions options = problem->numericsSolverOptions();
    options.fcColoring = true;
    problem->setNumericsSolverOptions(options);
  }
  auto sim =
      std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0, h),
                                     std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), problem);
  sim->insertInteractionManager(manager);
  // A few Newton passes per step (the nonlinear bodies), whether converged or not: the same
  // work for every thread count.
  sim->setNewtonMaxIteration(3);
  sim->setFailurePolicy(FailurePolicy::Continue);
  sim->setNumberOfThreads(threads);
  sim->initialize();
  PileRun run;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    run.iterations.push_back(problem->size() > 0 ? problem->lastResult().iterations : -1);
    run.maxRows = std::max<std::size_t>(run.maxRows, static_cast<std::size_t>(problem->size() / 3));
    run.maxInteractions = std::max(run.maxInteractions, nsds->numberOfInteractions());
    sim->nextStep();
  }
  for (const auto& b : balls) {
    for (Eigen::Index i = 0; i < 7; ++i) run.state.push_back(b->q()(i));
    for (Eigen::Index i = 0; i < 6; ++i) run.state.push_back(b->twist()(i));
  }
  for (const auto& c : manager->contacts())
    for (const Eigen::VectorXd* v :
         {&c.interaction->lambda(1), &c.interaction->y(0), &c.interaction->y(1)})
      for (Eigen::Index i = 0; i < v->size(); ++i) run.state.push_back((*v)(i));
  return run;
}

TEST(SimulationThreads, ThreadCountIsChecked) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, 1);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0, 0.1));
  EXPECT_EQ(sim.numberOfThreads(), 1u);
  sim.setNumberOfThreads(3);
  EXPECT_EQ(sim.numberOfThreads(), 3u);
  sim.setNumberOfThreads(0);  // every hardware thread
  EXPECT_GE(sim.numberOfThreads(), 1u);
  sim.setNumberOfThreads(1000);
  EXPECT_EQ(sim.numberOfThreads(), numerics::kMaxThreads);
}

TEST(SimulationThreads, PileIsBitwiseTheSameForEveryThreadCount) {
  // 512 bodies, up to ~1700 linked contacts: above four times the grains of the loops over
  // bodies (128) and interactions (256), so that 2, 3 and 4 threads split each; up to ~700
  // contacts in the problem: its assembly (rows, grain 256) is split in two.
  const PileRun one = runPile(1, 8, 40);
  ASSERT_GT(one.maxInteractions, 4u * 256u);
  ASSERT_GT(one.maxRows, 2u * 256u);
  // Not a trivial run: the pile moved and the solver worked.
  int solved = 0;
  for (int it : one.iterations) solved += it > 0;
  EXPECT_GT(solved, 30);
  for (unsigned threads : {2u, 3u, 4u}) {
    const PileRun many = runPile(threads, 8, 40);
    ASSERT_EQ(many.state.size(), one.state.size()) << threads << " threads";
    EXPECT_EQ(bitsDiffering(many.state, one.state), 0u)
        << threads << " threads: values not bitwise equal to one thread";
    EXPECT_EQ(many.iterations, one.iterations) << threads << " threads";
    EXPECT_EQ(many.maxRows, one.maxRows);
  }
}

TEST(SimulationThreads, ColouredNsgsPileIsBitwiseTheSameForEveryThreadCount) {
  // SolverOptions::fcColoring: the solver's sweeps also run on the simulation's threads
  // (FrictionContact passes Simulation::numberOfThreads() to the solver).
  const PileRun one = runPile(1, 8, 40, -1, 0.0, true);
  ASSERT_GT(one.maxRows, 2u * 256u);
  // Another visiting order than plain NSGS: another iterate sequence.
  EXPECT_GT(bitsDiffering(runPile(1, 8, 40).state, one.state), 0u);
  for (unsigned threads : {2u, 3u}) {
    const PileRun many = runPile(threads, 8, 40, -1, 0.0, true);
    ASSERT_EQ(many.state.size(), one.state.size()) << threads << " threads";
    EXPECT_EQ(bitsDiffering(many.state, one.state), 0u)
        << threads << " threads: values not bitwise equal to one thread";
    EXPECT_EQ(many.iterations, one.iterations) << threads << " threads";
  }
}

TEST(SimulationThreads, ErrorOfAUserFunctionOnAWorkerReachesTheCaller) {
  // Sphere 400 of 512 is in the second half of the bodies: with 2 threads its force is
  // evaluated on the worker thread. The run stops with the error of one thread.
  std::string sequential, parallel;
  try {
    runPile(1, 8, 40, 400, 0.02);
  } catch (const ModelError& e) {
    sequential = e.what();
  }
  try {
    runPile(2, 8, 40, 400, 0.02);
  } catch (const ModelError& e) {
    parallel = e.what();
  }
  EXPECT_NE(sequential.find("force of sphere 400 failed"), std::string::npos) << sequential;
  EXPECT_EQ(parallel, sequential);
}

// 300 free bodies (no contact), each with a BoundaryCondition prescribing ω_z(t); `shared`: one
// BoundaryCondition object for all. Returns the number of calls of the velocity function made
// on a thread other than the caller's.
int boundaryConditionCallsOffTheCaller(bool shared) {
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> off{0};
  const auto function = [&](double t, Eigen::Ref<Eigen::VectorXd> v) {
    if (std::this_thread::get_id() != caller) ++off;
    v(0) = t;
  };
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, 0.02);
  auto common = std::make_shared<BoundaryCondition>(std::vector<unsigned>{5}, function);
  std::vector<std::shared_ptr<NewtonEulerDS>> bodies;
  for (int i = 0; i < 300; ++i) {
    Eigen::VectorXd q0(7);
    q0 << i, 0, 0, 1, 0, 0, 0;
    auto body = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), 1.0,
                                                Eigen::Matrix3d::Identity());
    body->setBoundaryConditions(
        shared ? common : std::make_shared<BoundaryCondition>(std::vector<unsigned>{5}, function));
    nsds->insertDynamicalSystem(body);
    bodies.push_back(body);
  }
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0, 1e-3),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                   std::make_shared<FrictionContact>(3));
  sim.setNumberOfThreads(2);
  sim.run();
  for (const auto& b : bodies) EXPECT_DOUBLE_EQ(b->twist()(5), 0.02);  // v̄(t_end) = t_end
  return off.load();
}

TEST(SimulationThreads, SharedBoundaryConditionKeepsTheBodyLoopsOnTheCallingThread) {
  // One BoundaryCondition object holds one buffer of values: bodies sharing it are not
  // integrated concurrently. Separate objects (the control) are.
  EXPECT_EQ(boundaryConditionCallsOffTheCaller(true), 0);
  EXPECT_GT(boundaryConditionCallsOffTheCaller(false), 0);
}

}  // namespace
