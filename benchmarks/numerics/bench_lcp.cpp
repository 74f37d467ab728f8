// Lemke and PGS timings: every shared/data/lcp/*.dat file and random SPD problems.
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

namespace {

void runSolver(benchmark::State& state, const mn::LinearComplementarityProblem& problem,
               const std::string& solver) {
  mn::SolverOptions options;
  options.solver = solver;
  Eigen::VectorXd z;
  Eigen::VectorXd w;
  mn::SolverResult result;
  for (auto _ : state) {
    z.setZero(problem.size());  // cold start for PGS every time
    result = mn::solveLcp(problem, z, w, options);
    benchmark::DoNotOptimize(z.data());
  }
  state.counters["iterations"] = result.iterations;
  state.counters["error"] = result.error;
  state.counters["converged"] = result.converged() ? 1 : 0;
}

mn::LinearComplementarityProblem randomSpd(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) A(i, j) = u(gen);
  Eigen::MatrixXd M = A * A.transpose() / n + Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = u(gen);
  return mn::LinearComplementarityProblem(std::move(M), std::move(q));
}

void registerAll() {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(MOREAU_SHARED_DATA_DIR) / "lcp";
  std::vector<fs::path> files;
  if (fs::is_directory(dir)) {
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".dat") files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const auto problem = mn::readLcpFile(f.string());
    for (const char* solver : {"lemke", "pgs"}) {
      benchmark::RegisterBenchmark(
          (std::string(solver) + "/" + f.filename().string()).c_str(),
          [problem, solver](benchmark::State& s) { runSolver(s, problem, solver); })
          ->Unit(benchmark::kMicrosecond);
    }
  }
  for (int n : {10, 100, 500}) {
    const auto problem = randomSpd(n, 42u + static_cast<unsigned>(n));
    for (const char* solver : {"lemke", "pgs"}) {
      benchmark::RegisterBenchmark(
          (std::string(solver) + "/random_spd_" + std::to_string(n)).c_str(),
          [problem, solver](benchmark::State& s) { runSolver(s, problem, solver); })
          ->Unit(benchmark::kMicrosecond);
    }
  }
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
