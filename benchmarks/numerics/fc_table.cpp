// moreau_fc_table: one cold-started run of each friction-contact solver on each
// file of tests/data/fc3d and fc2d (and, with --generated, on generated piles
// and stacks of 10 … 10 000 contacts), at tolerance 1e-8; prints a Markdown table
// (status, error, iterations, time) and the success rate of "auto" with its time
// per file (target: every file within 10 s).
//
// Usage: moreau_fc_table [--auto-only] [--generated | --generated-only]
// [--adaptive | --anderson M] [--solvers a,b,c] [DATA_DIR]
// (--adaptive: SolverOptions::fcAdaptiveRelaxation, --anderson M: fcAndersonDepth = M, for
// every solver that reads them)
#include "FcBenchCommon.hpp"

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
namespace bench = moreau::numerics::bench;

namespace {

struct Run {
  mn::SolverResult result;
  double seconds = 0.0;
};

Run run(const mn::FrictionContactProblem& problem, const std::string& solver, int maxIterations,
        bool adaptive, int anderson) {
  mn::SolverOptions options;
  options.solver = solver;
  options.fcAdaptiveRelaxation = adaptive;
  options.fcAndersonDepth = anderson;
  options.tolerance = 1e-8;
  if (maxIterations > 0) options.maxIterations = maxIterations;
  Eigen::VectorXd r = Eigen::VectorXd::Zero(problem.size());
  Eigen::VectorXd u;
  Run out;
  const auto start = std::chrono::steady_clock::now();
  try {
    out.result = mn::solveFrictionContact(problem, r, u, options);
  } catch (const std::exception& e) {
    out.result.status = mn::SolverStatus::Failed;
    out.result.message = std::string("exception: ") + e.what();
    out.result.error = -1.0;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> items;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) items.push_back(item);
  return items;
}

}  // namespace

int main(int argc, char** argv) {
  bool autoOnly = false;
  bool generated = false;
  bool files = true;
  bool adaptive = false;
  int anderson = 0;
  std::vector<std::string> only;
  std::string dataDir = MOREAU_TEST_DATA_DIR;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--auto-only") == 0) {
      autoOnly = true;
    } else if (std::strcmp(argv[i], "--generated") == 0) {
      generated = true;
    } else if (std::strcmp(argv[i], "--generated-only") == 0) {
      generated = true;
      files = false;
    } else if (std::strcmp(argv[i], "--adaptive") == 0) {
      adaptive = true;
    } else if (std::strcmp(argv[i], "--anderson") == 0 && i + 1 < argc) {
      anderson = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--solvers") == 0 && i + 1 < argc) {
      only = split(argv[++i]);
    } else if (argv[i][0] == '-') {
      std::fprintf(
          stderr,
          "usage: %s [--auto-only] [--generated | --generated-only] [--adaptive | --anderson M] "
          "[--solvers a,b,c] "
          "[DATA_DIR]\n",
          argv[0]);
      return 2;
    } else {
      dataDir = argv[i];
    }
  }
  std::vector<bench::FcCase> cases;
  for (const auto& path :
       files ? bench::frictionContactDataFiles(dataDir) : std::vector<std::filesystem::path>{}) {
    const std::string name =
        path.parent_path().filename().string() + "/" + path.filename().string();
    try {
      cases.push_back({name, bench::loadFrictionContactFile(path.string()), false});
    } catch (const std::exception& e) {
      std::printf("cannot read %s: %s\n", name.c_str(), e.what());
    }
  }
  if (generated) {
    for (long contacts : {10L, 100L, 1000L, 10000L})
      for (auto& c : bench::generatedCases(contacts)) cases.push_back(std::move(c));
  }

  std::printf("| problem | d | nc | solver | status | error | iterations | time (s) |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  int autoFiles = 0;
  int autoSolved = 0;
  int autoWithin10s = 0;
  std::vector<std::string> autoLines;
  for (const auto& fc : cases) {
    const long nc = static_cast<long>(fc.problem.numberOfContacts());
    std::vector<std::string> solvers =
        autoOnly ? std::vector<std::string>{"auto"}
                 : (only.empty() ? mn::frictionContactSolverNames(fc.problem.dimension()) : only);
    for (const std::string& solver : solvers) {
      if (fc.generated && !bench::solverSuits(solver, nc)) continue;
      const Run r =
          run(fc.problem, solver, fc.generated && nc >= 1000 ? 1000 : 0, adaptive, anderson);
      std::printf("| %s | %d | %ld | %s | %s | %.2e | %d | %.4f |\n", fc.name.c_str(),
                  fc.problem.dimension(), nc,
                  r.result.solver.empty() ? solver.c_str() : r.result.solver.c_str(),
                  mn::toString(r.result.status), r.result.error, r.result.iterations, r.seconds);
      std::fflush(stdout);
      if (solver == "auto" && !fc.generated) {
        ++autoFiles;
        const bool ok = r.result.converged() && r.result.error <= 1e-8;
        autoSolved += ok ? 1 : 0;
        autoWithin10s += ok && r.seconds <= 10.0 ? 1 : 0;
        char line[512];
        std::snprintf(line, sizeof line, "| %s | %s | %.2e | %.4f | %s |", fc.name.c_str(),
                      ok ? "yes" : "NO", r.result.error, r.seconds, r.result.solver.c_str());
        autoLines.emplace_back(line);
      }
    }
  }
  if (autoFiles > 0) {
    std::printf("\n\"auto\" at tolerance 1e-8 on the data files:\n\n");
    std::printf("| file | reached 1e-8 | error | time (s) | winner |\n|---|---|---|---|---|\n");
    for (const auto& l : autoLines) std::printf("%s\n", l.c_str());
    std::printf("\nsuccess rate of auto at 1e-8: %d/%d (%.0f%%), within 10 s: %d/%d\n", autoSolved,
                autoFiles, 100.0 * autoSolved / autoFiles, autoWithin10s, autoFiles);
  }
  return 0;
}
