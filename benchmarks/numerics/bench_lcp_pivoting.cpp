// Block principal pivoting ("pivot") on the LCP of a column of beads (tridiagonal SPD,
// condition ~n², tests/numerics/common/LcpBeadChain.hpp), see docs/numerics/lcp.md
// ("Block principal pivoting"): n = 100, 400, 1000, 10 000, sparse (CSC) storage,
//  - cold: z = 0 before every solve;
//  - warm: q perturbed by 1e-3·N(0,1) entries (a new draw every solve) and z = the
//    solution of the unperturbed problem, as a time-stepping simulation does;
//  - lemke (cold, dense method) for comparison up to n = 1000.
// Counters: exchanges (iterations) of the last solve, converged, us_per_solve (thread
// CPU time: the machine may be shared).
#include "LcpBeadChain.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <benchmark/benchmark.h>

#include <ctime>
#include <random>
#include <string>

namespace mn = moreau::numerics;

namespace {

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void bench(benchmark::State& state, const std::string& solver, bool warm) {
  const Eigen::Index n = state.range(0);
  const auto chain = mn::test::beadChainLcp(n, 1u);
  mn::LinearComplementarityProblem problem(chain.M, chain.q);
  mn::SolverOptions options;
  options.solver = solver;
  Eigen::VectorXd z, w, zPrevious;
  mn::solveLcp(problem, zPrevious, w, options);
  std::mt19937 gen(7u);
  std::normal_distribution<double> g(0.0, 1.0);
  mn::SolverResult result;
  double seconds = 0.0, exchanges = 0.0;
  long solves = 0;
  for (auto _ : state) {
    if (warm) {
      state.PauseTiming();
      for (Eigen::Index i = 0; i < n; ++i) problem.q()[i] = chain.q[i] + 1e-3 * g(gen);
      z = zPrevious;
      state.ResumeTiming();
    } else {
      z.setZero(n);
    }
    const double t0 = cpuSeconds();
    result = mn::solveLcp(problem, z, w, options);
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

}  // namespace

BENCHMARK(pivotCold)->Arg(100)->Arg(400)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(pivotWarm)->Arg(100)->Arg(400)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(lemkeCold)->Arg(100)->Arg(400)->Arg(1000)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
