// Block principal pivoting ("pivot") on the LCP of a column of beads (tridiagonal SPD,
// condition ~n², tests/numerics/common/LcpBeadChain.hpp), see docs/numerics/lcp.md
// ("Block principal pivoting"): n = 100, 400, 1000, 10 000, sparse (CSC) storage,
//  - cold: z = 0 before every solve;
//  - warm: q perturbed by 1e-3·N(0,1) entries (a new draw every solve) and z = the
//    solution of the unperturbed problem, as a time-stepping simulation does;
//  - lemke (cold, dense method) for comparison up to n = 1000;
//  - warm solves through the solver object LcpSolver("pivot") (persistent workspace:
//    pattern work once, no allocation), and on the sparse-block storage with the rows
//    shuffled as the kernel assembles them (minimum-degree ordering), free function
//    (temporary workspace: pattern work every solve) against the object.
// Counters: exchanges (iterations) of the last solve, converged, us_per_solve (thread
// CPU time: the machine may be shared).
#include "LcpBeadChain.hpp"

#include <moreau/numerics/lcp/LcpSolver.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <memory>
#include <random>
#include <string>

namespace mn = moreau::numerics;

namespace {

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// 1x1 blocks (one per contact row, as the kernel's frictionless contacts).
moreau::numerics::SparseBlockMatrix scalarBlocks(const moreau::numerics::Matrix& M) {
  const std::vector<Eigen::Index> ones(static_cast<size_t>(M.rows()), 1);
  return M.toSparseBlock(ones, ones);
}

mn::LinearComplementarityProblem makeProblem(Eigen::Index n, bool shuffledBlocks) {
  const auto chain = mn::test::beadChainLcp(n, 1u);
  if (!shuffledBlocks) return mn::LinearComplementarityProblem(chain.M, chain.q);
  std::vector<int> perm(static_cast<size_t>(n));
  for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int>(i);
  std::shuffle(perm.begin(), perm.end(), std::mt19937(3u));
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> P(n);
  for (Eigen::Index i = 0; i < n; ++i) P.indices()[i] = perm[static_cast<size_t>(i)];
  Eigen::SparseMatrix<double> M(n, n);
  M = chain.M.twistedBy(P);
  return mn::LinearComplementarityProblem(mn::Matrix(scalarBlocks(mn::Matrix(M))), chain.q);
}

void bench(benchmark::State& state, const std::string& solver, bool warm, bool object = false,
           bool shuffledBlocks = false) {
  const Eigen::Index n = state.range(0);
  mn::LinearComplementarityProblem problem = makeProblem(n, shuffledBlocks);
  const Eigen::VectorXd q0 = problem.q();
  mn::SolverOptions options;
  options.solver = solver;
  Eigen::VectorXd z, w, zPrevious;
  mn::solveLcp(problem, zPrevious, w, options);
  std::unique_ptr<mn::LcpSolver> objectSolver;
  if (object) {
    objectSolver = std::make_unique<mn::LcpSolver>(solver, options);
    objectSolver->setup(problem);
  }
  std::mt19937 gen(7u);
  std::normal_distribution<double> g(0.0, 1.0);
  mn::SolverResult result;
  double seconds = 0.0, exchanges = 0.0;
  long solves = 0;
  for (auto _ : state) {
    if (warm) {
      state.PauseTiming();
      for (Eigen::Index i = 0; i < n; ++i) problem.q()[i] = q0[i] + 1e-3 * g(gen);
      z = zPrevious;
      state.ResumeTiming();
    } else {
      z.setZero(n);
    }
    const double t0 = cpuSeconds();
    result = object ? objectSolver->solve(problem, z, w) : mn::solveLcp(problem, z, w, options);
    seconds += cpuSeconds() - t0;
    exchanges += result.iterations;
    ++solves;
    benchmark::DoNotOptimize(z.data());
  }
  state.counters["iterations"] = exchanges / static_cast<double>(solves);
  state.counters["converged"] = result.converged() ? 1 : 0;
  state.counters["us_per_solve"] = 1e6 * seconds / static_cast<double>(solves);
}

void pivotCold(benchmark::State& s) { bench(s, "pivot", false); }
void pivotWarm(benchmark::State& s) { bench(s, "pivot", true); }
void lemkeCold(benchmark::State& s) { bench(s, "lemke", false); }
void pivotWarmObject(benchmark::State& s) { bench(s, "pivot", true, true); }
void pivotWarmShuffledFree(benchmark::State& s) { bench(s, "pivot", true, false, true); }
void pivotWarmShuffledObject(benchmark::State& s) { bench(s, "pivot", true, true, true); }

}  // namespace

BENCHMARK(pivotCold)->Arg(100)->Arg(400)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(pivotWarm)->Arg(100)->Arg(400)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(pivotWarmObject)
    ->Arg(100)
    ->Arg(400)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(pivotWarmShuffledFree)->Arg(100)->Arg(400)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(pivotWarmShuffledObject)->Arg(100)->Arg(400)->Arg(1000)->Unit(benchmark::kMicrosecond);
BENCHMARK(lemkeCold)->Arg(100)->Arg(400)->Arg(1000)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
