// moreau-solve: reads problem files (Siconos numerics .dat format), solves each one
// and prints one line per file:
//   FILE KIND SOLVER STATUS ERROR ITERATIONS SECONDS
// Exit status: 0 when every file converged, 1 otherwise, 2 on a usage error or an
// unreadable input. See docs/numerics/moreau-solve.md.
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/ProblemFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mn = moreau::numerics;

namespace {

constexpr int kExitConverged = 0;
constexpr int kExitNotConverged = 1;
constexpr int kExitUnreadable = 2;

const char* const kUsage =
    "usage: moreau-solve [--solver NAME|auto] [--tol 1e-8] [--max-iter N]\n"
    "                    [--kind lcp|mlcp|relay|fc2d|fc3d] [--solution FILE]\n"
    "                    [--list-solvers] FILE...\n"
    "Solves each problem file (Siconos .dat; FCLIB .hdf5 for fc2d/fc3d) and prints\n"
    "one line per file:\n"
    "  FILE KIND SOLVER STATUS ERROR ITERATIONS SECONDS\n"
    "Exit status: 0 all converged, 1 some did not, 2 usage error or unreadable input.\n";

struct Arguments {
  std::string solver = "auto";
  double tolerance = 1e-8;
  std::optional<int> maxIterations;
  std::optional<mn::ProblemKind> kind;
  std::string solutionPath;
  bool listSolvers = false;
  std::vector<std::string> files;
};

[[noreturn]] void usageError(const std::string& message) {
  std::fprintf(stderr, "moreau-solve: %s\n%s", message.c_str(), kUsage);
  std::exit(kExitUnreadable);
}

double parseDouble(const std::string& option, const std::string& value) {
  char* end = nullptr;
  const double v = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0') usageError(option + ": not a number: '" + value + "'");
  return v;
}

int parseInt(const std::string& option, const std::string& value) {
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || v < 0 || v > 2000000000L) {
    usageError(option + ": not a non-negative integer: '" + value + "'");
  }
  return static_cast<int>(v);
}

Arguments parseArguments(int argc, char** argv) {
  Arguments args;
  bool onlyFiles = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (onlyFiles || a.empty() || a[0] != '-' || a == "-") {
      args.files.push_back(a);
      continue;
    }
    if (a == "--") {
      onlyFiles = true;
      continue;
    }
    if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(kExitConverged);
    }
    if (a == "--list-solvers") {
      args.listSolvers = true;
      continue;
    }
    // --name value or --name=value
    std::string value;
    const auto eq = a.find('=');
    if (eq != std::string::npos) {
      value = a.substr(eq + 1);
      a.resize(eq);
    } else if (a == "--solver" || a == "--tol" || a == "--max-iter" || a == "--kind" ||
               a == "--solution") {
      if (i + 1 >= argc) usageError(a + " needs a value");
      value = argv[++i];
    } else {
      usageError("unknown option '" + a + "'");
    }
    if (a == "--solver") {
      if (value.empty()) usageError("--solver needs a name");
      args.solver = value;
    } else if (a == "--tol") {
      args.tolerance = parseDouble(a, value);
    } else if (a == "--max-iter") {
      args.maxIterations = parseInt(a, value);
    } else if (a == "--kind") {
      args.kind = mn::parseProblemKind(value);
      if (!args.kind) usageError("--kind: unknown kind '" + value + "'");
    } else if (a == "--solution") {
      if (value.empty()) usageError("--solution needs a file name");
      args.solutionPath = value;
    } else {
      usageError("unknown option '" + a + "'");
    }
  }
  return args;
}

void printNames(const char* kind, const std::vector<std::string>& names) {
  std::printf("%s:", kind);
  for (const auto& n : names) std::printf(" %s", n.c_str());
  std::printf("\n");
}

void listSolvers() {
  printNames("lcp", mn::lcpSolverNames());
  printNames("mlcp", mn::mlcpSolverNames());
  printNames("relay", mn::relaySolverNames());
  printNames("fc2d", mn::frictionContactSolverNames(2));
  printNames("fc3d", mn::frictionContactSolverNames(3));
}

// The answer of one solve: z then w (r then u for friction contact).
struct Solved {
  mn::SolverResult result;
  Eigen::VectorXd first;
  Eigen::VectorXd second;
  double seconds = 0.0;
};

template <class Problem, class Solve>
Solved timedSolve(const Problem& problem, const mn::SolverOptions& options, Solve solve) {
  Solved s;
  const auto t0 = std::chrono::steady_clock::now();
  s.result = solve(problem, s.first, s.second, options);
  const auto t1 = std::chrono::steady_clock::now();
  s.seconds = std::chrono::duration<double>(t1 - t0).count();
  return s;
}

Solved solveProblem(const mn::ProblemFile& file, const mn::SolverOptions& options) {
  switch (file.kind) {
    case mn::ProblemKind::Lcp:
      return timedSolve(
          std::get<mn::LinearComplementarityProblem>(file.problem), options,
          [](const auto& p, auto& z, auto& w, const auto& o) { return mn::solveLcp(p, z, w, o); });
    case mn::ProblemKind::Mlcp:
      return timedSolve(
          std::get<mn::MixedLinearComplementarityProblem>(file.problem), options,
          [](const auto& p, auto& z, auto& w, const auto& o) { return mn::solveMlcp(p, z, w, o); });
    case mn::ProblemKind::Relay:
      return timedSolve(std::get<mn::RelayProblem>(file.problem), options,
                        [](const auto& p, auto& z, auto& w, const auto& o) {
                          return mn::solveRelay(p, z, w, o);
                        });
    case mn::ProblemKind::Fc2d:
    case mn::ProblemKind::Fc3d:
      break;
  }
  // Friction contact: r then u.
  return timedSolve(std::get<mn::FrictionContactProblem>(file.problem), options,
                    [](const auto& p, auto& r, auto& u, const auto& o) {
                      return mn::solveFrictionContact(p, r, u, o);
                    });
}

bool writeSolution(const std::string& path, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  bool ok = true;
  for (Eigen::Index i = 0; i < a.size() && ok; ++i) ok = std::fprintf(f, "%.17g\n", a[i]) > 0;
  for (Eigen::Index i = 0; i < b.size() && ok; ++i) ok = std::fprintf(f, "%.17g\n", b[i]) > 0;
  return std::fclose(f) == 0 && ok;
}

}  // namespace

int main(int argc, char** argv) {
  const Arguments args = parseArguments(argc, argv);
  if (args.listSolvers) {
    listSolvers();
    if (args.files.empty()) return kExitConverged;
  }
  if (args.files.empty()) usageError("no input file");

  mn::SolverOptions options;
  options.solver = args.solver;
  options.tolerance = args.tolerance;
  if (args.maxIterations) options.maxIterations = *args.maxIterations;
  try {
    options.validate();
  } catch (const std::exception& e) {
    usageError(e.what());
  }

  int exitCode = kExitConverged;
  const bool several = args.files.size() > 1;
  for (std::size_t k = 0; k < args.files.size(); ++k) {
    const std::string& path = args.files[k];
    mn::ProblemFile file;
    try {
      if (mn::isHdf5File(path)) {  // FCLIB friction-contact file: fc2d/fc3d from spacedim
        mn::FrictionContactProblem fclib = mn::readFclibLocal(path);
        file.kind = fclib.dimension() == 2 ? mn::ProblemKind::Fc2d : mn::ProblemKind::Fc3d;
        if (args.kind && *args.kind != file.kind)
          throw std::runtime_error(path + ": FCLIB problem of dimension " +
                                   std::to_string(fclib.dimension()) + ", not " +
                                   mn::problemKindName(*args.kind));
        file.problem = std::move(fclib);
      } else {
        file = mn::readProblemFile(path, args.kind);
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "moreau-solve: %s\n", e.what());
      std::printf("%s %s - unreadable - 0 0\n", path.c_str(),
                  args.kind ? mn::problemKindName(*args.kind) : "unknown");
      std::fflush(stdout);
      exitCode = kExitUnreadable;
      continue;
    }
    Solved s;
    try {
      s = solveProblem(file, options);
    } catch (const std::exception& e) {  // unknown solver name for this kind, bad options
      s.result.status = mn::SolverStatus::Failed;
      s.result.solver = args.solver;
      s.result.message = e.what();
      s.result.error = 0.0;
    }
    const mn::SolverResult& r = s.result;
    std::printf("%s %s %s %s %.6e %d %.6f\n", path.c_str(), mn::problemKindName(file.kind),
                r.solver.empty() ? args.solver.c_str() : r.solver.c_str(), mn::toString(r.status),
                r.error, r.iterations, s.seconds);
    std::fflush(stdout);
    if (!r.converged()) {
      if (!r.message.empty())
        std::fprintf(stderr, "moreau-solve: %s: %s\n", path.c_str(), r.message.c_str());
      if (exitCode == kExitConverged) exitCode = kExitNotConverged;
    }
    if (!args.solutionPath.empty()) {
      const std::string out =
          several ? args.solutionPath + "." + std::to_string(k + 1) : args.solutionPath;
      if (!writeSolution(out, s.first, s.second)) {
        std::fprintf(stderr, "moreau-solve: %s: cannot write the solution\n", out.c_str());
        exitCode = kExitUnreadable;
      }
    }
  }
  return exitCode;
}
