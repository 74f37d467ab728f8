// LCP solver timings (Google Benchmark), see docs/numerics/lcp.md ("Benchmarks").
//  - every tests/data/lcp/*.dat file with every solver that converges on it
//    ("lemke-ws": Lemke with a reused LcpWorkspace);
//  - synthetic sparse mechanical problems: a chain of bodies with contacts
//    (block tridiagonal SPD Delassus matrix, blocks 1x1 or 3x3) with 10 to
//    100 000 rows: bgs and auto on the sparse-block storage, newton-fb,
//    newton-min and pgs on the sparse (CSC) storage, lemke up to 1000 rows.
// Counters: iterations (pivots/sweeps/Newton steps), error, converged, and for
// the splitting methods ns_per_row_sweep = solve CPU time / (rows * sweeps).
// With Debian's libsiconos-numerics-dev installed, Siconos' lcp_lemke and
// lcp_pgs run side by side on the data files (bench_lcp_siconos.cpp).
#include "LcpMechanicalProblems.hpp"

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

#ifdef MOREAU_WITH_SICONOS
void registerSiconosLcpBenchmarks(const std::vector<std::string>& files);
#endif

namespace {

// Thread CPU time (the benchmark machine may be shared: wall time is noisier).
double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

void runSolver(benchmark::State& state, const mn::LinearComplementarityProblem& problem,
               const std::string& solver) {
  mn::SolverOptions options;
  options.solver = solver;
  Eigen::VectorXd z;
  Eigen::VectorXd w;
  mn::SolverResult result;
  mn::LcpWorkspace workspace;
  const bool withWorkspace = solver == "lemke-ws";
  double seconds = 0.0;
  for (auto _ : state) {
    z.setZero(problem.size());  // cold start every time
    const double t0 = cpuSeconds();
    result = withWorkspace ? mn::lcpLemke(problem, z, w, options, workspace)
                           : mn::solveLcp(problem, z, w, options);
    seconds += cpuSeconds() - t0;
    benchmark::DoNotOptimize(z.data());
  }
  state.counters["iterations"] = result.iterations;
  state.counters["error"] = result.error;
  state.counters["converged"] = result.converged() ? 1 : 0;
  state.counters["rows"] = static_cast<double>(problem.size());
  const std::string s = result.solver;
  if (s == "bgs" || s == "pgs" || s == "psor" || s == "auto:bgs" || s == "auto:pgs") {
    const double perSolve = seconds / static_cast<double>(state.iterations());
    state.counters["ns_per_row_sweep"] =
        1e9 * perSolve / (static_cast<double>(problem.size()) * std::max(1, result.iterations));
  }
}

void registerOne(const std::string& name, const mn::LinearComplementarityProblem& problem,
                 const std::string& solver) {
  benchmark::RegisterBenchmark(name.c_str(), [problem, solver](benchmark::State& s) {
    runSolver(s, problem, solver);
  })->Unit(benchmark::kMicrosecond);
}

std::vector<std::string> dataFiles() {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(MOREAU_TEST_DATA_DIR) / "lcp";
  std::vector<std::string> files;
  if (fs::is_directory(dir)) {
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".dat") files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

void registerAll() {
  namespace fs = std::filesystem;
  const auto files = dataFiles();
  for (const auto& f : files) {
    const auto problem = mn::readLcpFile(f);
    std::vector<std::string> solvers = mn::lcpSolverNames();
    solvers.erase(std::remove(solvers.begin(), solvers.end(), "nsgs-sbm"), solvers.end());
    solvers.insert(std::find(solvers.begin(), solvers.end(), "lemke") + 1, "lemke-ws");
    for (const auto& solver : solvers) {
      // Only the solvers that suit the file (one trial solve at registration).
      mn::SolverOptions o;
      o.solver = solver == "lemke-ws" ? "lemke" : solver;
      Eigen::VectorXd z, w;
      if (!mn::solveLcp(problem, z, w, o).converged()) continue;
      registerOne("file/" + solver + "/" + fs::path(f).filename().string(), problem, solver);
    }
  }
  // Synthetic chains; rows = contacts * block.
  for (Eigen::Index block : {1, 3}) {
    for (Eigen::Index rows : {10, 100, 1000, 10000, 100000}) {
      const Eigen::Index contacts = std::max<Eigen::Index>(1, rows / block);
      const auto sbm = mn::test::chainLcp(contacts, block, 2024u);
      const mn::LinearComplementarityProblem csc(sbm.M().toSparse(), sbm.q());
      const std::string tag =
          "/b" + std::to_string(block) + "/rows:" + std::to_string(contacts * block);
      registerOne("chain/bgs" + tag, sbm, "bgs");
      registerOne("chain/auto" + tag, sbm, "auto");
      registerOne("chain/pgs" + tag, csc, "pgs");
      registerOne("chain/newton-fb" + tag, csc, "newton-fb");
      registerOne("chain/newton-min" + tag, csc, "newton-min");
      if (rows <= 1000) registerOne("chain/lemke" + tag, csc, "lemke");
    }
  }
#ifdef MOREAU_WITH_SICONOS
  registerSiconosLcpBenchmarks(files);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
