// Friction-contact timings: every solver of frictionContactSolverNames over every
// file of tests/data/fc3d and fc2d and over generated stacks and piles of 10,
// 100, 1000 and 10 000 contacts (the scalable solvers only on the large ones).
// Counters: iterations, final error (Siconos measure), converged (tolerance 1e-8).
// The summary table is printed by moreau_fc_table (fc_table.cpp).
#include "FcBenchCommon.hpp"

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

namespace mn = moreau::numerics;
namespace bench = moreau::numerics::bench;

namespace {

void runSolver(benchmark::State& state, const std::shared_ptr<const bench::FcCase>& fc,
               const std::string& solver) {
  mn::SolverOptions options;
  options.solver = solver;
  options.tolerance = 1e-8;
  if (fc->generated && fc->problem.numberOfContacts() >= 1000) options.maxIterations = 1000;
  Eigen::VectorXd r;
  Eigen::VectorXd u;
  mn::SolverResult result;
  for (auto _ : state) {
    r.setZero(fc->problem.size());  // cold start every time
    result = mn::solveFrictionContact(fc->problem, r, u, options);
    benchmark::DoNotOptimize(r.data());
  }
  state.counters["contacts"] = static_cast<double>(fc->problem.numberOfContacts());
  state.counters["iterations"] = result.iterations;
  state.counters["error"] = result.error;
  state.counters["converged"] = result.converged() ? 1 : 0;
  state.SetLabel(result.solver);
}

void registerCase(const std::shared_ptr<const bench::FcCase>& fc) {
  const long contacts = static_cast<long>(fc->problem.numberOfContacts());
  for (const std::string& solver : mn::frictionContactSolverNames(fc->problem.dimension())) {
    if (fc->generated && !bench::solverSuits(solver, contacts)) continue;
    auto* b = benchmark::RegisterBenchmark(
        (solver + "/" + fc->name).c_str(),
        [fc, solver](benchmark::State& s) { runSolver(s, fc, solver); });
    b->Unit(benchmark::kMillisecond);
    if (contacts >= 1000) b->Iterations(1);
  }
}

void registerAll() {
  for (const auto& path : bench::frictionContactDataFiles(MOREAU_TEST_DATA_DIR)) {
    auto fc = std::make_shared<bench::FcCase>(
        bench::FcCase{path.parent_path().filename().string() + "/" + path.filename().string(),
                      bench::loadFrictionContactFile(path.string()), false});
    registerCase(fc);
  }
  for (long contacts : {10L, 100L, 1000L, 10000L}) {
    for (auto& c : bench::generatedCases(contacts)) {
      registerCase(std::make_shared<bench::FcCase>(std::move(c)));
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
