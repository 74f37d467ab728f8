// Siconos (Debian libsiconos-numerics-dev 4.4) lcp_lemke and lcp_pgs on the
// same data files as bench_lcp.cpp, for a side-by-side table. Built only when
// the library is installed (benchmarks/numerics/CMakeLists.txt); never a
// dependency of Moreau. Options: tolerance 1e-8 (Moreau's default), max
// iterations 10000, everything else Siconos' defaults; cold start each time.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "LCP_Solvers.h"
#include "LinearComplementarityProblem.h"
#include "NonSmoothDrivers.h"
#include "NumericsVerbose.h"
#include "SolverOptions.h"
#include "lcp_cst.h"

void registerSiconosLcpBenchmarks(const std::vector<std::string>& files);

namespace {

void runSiconos(benchmark::State& state, const std::string& file, int solverId) {
  numerics_set_verbose(0);
  LinearComplementarityProblem* problem = newLCP();
  // Siconos 4.4 returns 1 from this reader even on success: check the content.
  linearComplementarity_newFromFilename(problem, file.c_str());
  if (problem->size <= 0 || problem->M == nullptr || problem->q == nullptr) {
    state.SkipWithError("Siconos could not read the file");
    freeLinearComplementarityProblem(problem);
    return;
  }
  SolverOptions* options = solver_options_create(solverId);
  options->dparam[SICONOS_DPARAM_TOL] = 1e-8;
  options->iparam[SICONOS_IPARAM_MAX_ITER] = 10000;
  std::vector<double> z(static_cast<size_t>(problem->size));
  std::vector<double> w(static_cast<size_t>(problem->size));
  int info = 0;
  for (auto _ : state) {
    std::fill(z.begin(), z.end(), 0.0);
    info = linearComplementarity_driver(problem, z.data(), w.data(), options);
    benchmark::DoNotOptimize(z.data());
  }
  state.counters["iterations"] = options->iparam[SICONOS_IPARAM_ITER_DONE];
  state.counters["error"] = options->dparam[SICONOS_DPARAM_RESIDU];
  state.counters["converged"] = info == 0 ? 1 : 0;
  solver_options_delete(options);
  freeLinearComplementarityProblem(problem);
}

}  // namespace

void registerSiconosLcpBenchmarks(const std::vector<std::string>& files) {
  for (const auto& f : files) {
    const std::string base = std::filesystem::path(f).filename().string();
    benchmark::RegisterBenchmark(("siconos/lemke/" + base).c_str(), [f](benchmark::State& s) {
      runSiconos(s, f, SICONOS_LCP_LEMKE);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("siconos/pgs/" + base).c_str(), [f](benchmark::State& s) {
      runSiconos(s, f, SICONOS_LCP_PGS);
    })->Unit(benchmark::kMicrosecond);
  }
}
