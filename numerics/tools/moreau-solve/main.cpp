// moreau-solve: reads problem files (Siconos numerics .dat format), solves each one
// and prints one line per file:
//   FILE KIND SOLVER STATUS ERROR ITERATIONS SECONDS
// (with --repeat N, two more columns: WARM_MEAN WARM_MIN).
// Exit status: 0 when every file converged, 1 otherwise, 2 on a usage error or an
// unreadable input. See docs/numerics/moreau-solve.md.
#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/ProblemFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
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
    "                    [--repeat N] [--list-solvers] FILE...\n"
    "Solves each problem file (Siconos .dat; FCLIB .hdf5 for fc2d/fc3d, local or\n"
    "global form: a global file is solved as gfc2d/gfc3d) and prints one line per file:\n"
    "  FILE KIND SOLVER STATUS ERROR ITERATIONS SECONDS\n"
    "With --repeat N the problem is solved N times from the same start; SECONDS is\n"
    "the first (cold) solve and two columns follow: WARM_MEAN WARM_MIN (seconds of\n"
    "solves 2..N, '-' when N = 1).\n"
    "Exit status: 0 all converged, 1 some did not, 2 usage error or unreadable input.\n";

struct Arguments {
  std::string solver = "auto";
  double tolerance = 1e-8;
  std::optional<int> maxIterations;
  std::optional<mn::ProblemKind> kind;
  std::string solutionPath;
  std::optional<int> repeat;
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

int parseInt(const std::string& option, const std::string& value, long minValue = 0) {
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || v < minValue || v > 2000000000L) {
    usageError(option + ": not an integer >= " + std::to_string(minValue) + ": '" + value + "'");
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
               a == "--solution" || a == "--repeat") {
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
    } else if (a == "--repeat") {
      args.repeat = parseInt(a, value, 1);
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
  printNames("gfc2d", mn::globalFrictionContactSolverNames());
  printNames("gfc3d", mn::globalFrictionContactSolverNames());
}

// Why `path` cannot be read as a problem file; empty when it can be opened.
// Checked before the readers, which would report a directory as an empty file.
std::string unreadableReason(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  switch (st.type()) {
    case fs::file_type::regular:
      break;
    case fs::file_type::directory:
      return "is a directory";
    case fs::file_type::not_found:
      return "cannot open: " + (ec ? ec.message() : std::string("no such file or directory"));
    case fs::file_type::none:
    case fs::file_type::unknown:
      return "cannot open: " + (ec ? ec.message() : std::string("unknown file type"));
    default:  // fifo, socket, device: the readers open a file more than once
      return "not a regular file";
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return "cannot open: " + std::generic_category().message(errno);
  std::fclose(f);
  return {};
}

// Prefixes `message` with "path: " unless it already names the file.
std::string namingFile(const std::string& path, const std::string& message) {
  if (message.compare(0, path.size(), path) == 0) return message;
  return path + ": " + message;
}

// A problem file; `global` holds an FCLIB global friction-contact problem (then
// `file` is unused).
struct LoadedFile {
  mn::ProblemFile file;
  std::optional<mn::GlobalFrictionContactProblem> global;
};

const char* kindName(const LoadedFile& f) {
  if (f.global) return f.global->dimension == 2 ? "gfc2d" : "gfc3d";
  return mn::problemKindName(f.file.kind);
}

LoadedFile readFile(const std::string& path, const std::optional<mn::ProblemKind>& kind) {
  LoadedFile loaded;
  mn::ProblemFile& file = loaded.file;
  if (mn::isHdf5File(path) && mn::fclibProblemForm(path) == mn::FclibForm::Global) {
    loaded.global = mn::readFclibGlobal(path);
    if (kind)
      throw std::runtime_error(path + ": FCLIB global friction-contact problem (" +
                               kindName(loaded) + "); --kind " + mn::problemKindName(*kind) +
                               " names another kind");
  } else if (mn::isHdf5File(path)) {  // FCLIB friction-contact file: fc2d/fc3d from spacedim
    mn::FrictionContactProblem fclib = mn::readFclibLocal(path);
    file.kind = fclib.dimension() == 2 ? mn::ProblemKind::Fc2d : mn::ProblemKind::Fc3d;
    if (kind && *kind != file.kind)
      throw std::runtime_error(path + ": FCLIB problem of dimension " +
                               std::to_string(fclib.dimension()) + ", not " +
                               mn::problemKindName(*kind));
    file.problem = std::move(fclib);
  } else {
    file = mn::readProblemFile(path, kind);
  }
  return loaded;
}

// The answer of one solve: z then w (r then u for friction contact; v, r, u for
// the global form, v in `v`).
struct Solved {
  mn::SolverResult result;
  Eigen::VectorXd first;
  Eigen::VectorXd second;
  Eigen::VectorXd v;
  double seconds = 0.0;
};

template <class Problem, class Solve>
Solved timedSolve(const Problem& problem, const mn::SolverOptions& options, Solve solve) {
  Solved s;  // empty first/second: every solve starts from the solver's default (zero) start
  const auto t0 = std::chrono::steady_clock::now();
  s.result = solve(problem, s.first, s.second, options);
  const auto t1 = std::chrono::steady_clock::now();
  s.seconds = std::chrono::duration<double>(t1 - t0).count();
  return s;
}

Solved solveProblem(const LoadedFile& loaded, const mn::SolverOptions& options) {
  if (loaded.global) {
    Solved s;  // v, r, u from zero
    const auto t0 = std::chrono::steady_clock::now();
    s.result = mn::solveGlobalFrictionContact(*loaded.global, s.v, s.first, s.second, options);
    const auto t1 = std::chrono::steady_clock::now();
    s.seconds = std::chrono::duration<double>(t1 - t0).count();
    return s;
  }
  const mn::ProblemFile& file = loaded.file;
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

bool sameAnswer(const Solved& a, const Solved& b) {
  const auto& x = a.result;
  const auto& y = b.result;
  // Exact comparison (== also takes -0.0 for 0.0; enough to catch nondeterminism).
  return x.status == y.status && x.iterations == y.iterations && x.solver == y.solver &&
         (x.error == y.error || (std::isnan(x.error) && std::isnan(y.error))) &&
         a.first.size() == b.first.size() && a.second.size() == b.second.size() &&
         a.v.size() == b.v.size() && a.first == b.first && a.second == b.second && a.v == b.v;
}

// Timings of the warm solves 2..N of --repeat.
struct WarmTimes {
  int count = 0;
  double sum = 0.0;
  double min = 0.0;
};

bool writeSolution(const std::string& path, const Eigen::VectorXd& v, const Eigen::VectorXd& a,
                   const Eigen::VectorXd& b) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  bool ok = true;
  for (Eigen::Index i = 0; i < v.size() && ok; ++i) ok = std::fprintf(f, "%.17g\n", v[i]) > 0;
  for (Eigen::Index i = 0; i < a.size() && ok; ++i) ok = std::fprintf(f, "%.17g\n", a[i]) > 0;
  for (Eigen::Index i = 0; i < b.size() && ok; ++i) ok = std::fprintf(f, "%.17g\n", b[i]) > 0;
  return std::fclose(f) == 0 && ok;
}

void printUnreadable(const Arguments& args, const std::string& path, const std::string& reason) {
  std::fprintf(stderr, "moreau-solve: %s\n", namingFile(path, reason).c_str());
  std::printf("%s %s - unreadable - 0 0%s\n", path.c_str(),
              args.kind ? mn::problemKindName(*args.kind) : "unknown", args.repeat ? " - -" : "");
  std::fflush(stdout);
}

// Reads, solves and reports one file; returns its exit code (0, 1 or 2).
int processFile(const Arguments& args, const mn::SolverOptions& options, std::size_t k) {
  const std::string& path = args.files[k];
  LoadedFile file;
  if (const std::string reason = unreadableReason(path); !reason.empty()) {
    printUnreadable(args, path, reason);
    return kExitUnreadable;
  }
  try {
    file = readFile(path, args.kind);
  } catch (const std::bad_alloc&) {
    printUnreadable(args, path, "out of memory while reading the file");
    return kExitUnreadable;
  } catch (const std::exception& e) {
    printUnreadable(args, path, e.what());
    return kExitUnreadable;
  }

  const int runs = args.repeat.value_or(1);
  Solved s;
  WarmTimes warm;
  bool threw = false;
  bool differs = false;
  try {
    s = solveProblem(file, options);
    for (int run = 2; run <= runs; ++run) {
      const Solved again = solveProblem(file, options);
      warm.min = warm.count == 0 ? again.seconds : std::min(warm.min, again.seconds);
      warm.sum += again.seconds;
      ++warm.count;
      if (!differs && !sameAnswer(s, again)) {
        differs = true;
        std::fprintf(stderr, "moreau-solve: %s: solve %d of --repeat differs from the first one\n",
                     path.c_str(), run);
      }
    }
  } catch (const std::bad_alloc&) {
    threw = true;
    s.result.message = "out of memory while solving";
  } catch (const std::exception& e) {  // unknown solver name for this kind, bad options
    threw = true;
    s.result.message = e.what();
  }
  // The drivers compare the canonical name (normalizeSolverName), as the kernel
  // does; the line shows it too.
  const std::string canonical = mn::normalizeSolverName(args.solver);
  if (threw) {
    s.result.status = mn::SolverStatus::Failed;
    s.result.solver = canonical;
    s.result.error = 0.0;
    s.result.iterations = 0;
  }

  const mn::SolverResult& r = s.result;
  const std::string solver = r.solver.empty() ? canonical : r.solver;
  std::printf("%s %s %s %s %.6e %d %.6f", path.c_str(), kindName(file), solver.c_str(),
              mn::toString(r.status), r.error, r.iterations, s.seconds);
  if (args.repeat) {
    if (warm.count > 0) {
      std::printf(" %.6f %.6f", warm.sum / warm.count, warm.min);
    } else {
      std::printf(" - -");
    }
  }
  std::printf("\n");
  std::fflush(stdout);

  int code = kExitConverged;
  if (threw) {
    std::fprintf(stderr, "moreau-solve: %s: %s: %s\n", path.c_str(), canonical.c_str(),
                 r.message.c_str());
    code = kExitNotConverged;
  } else if (!r.converged()) {
    // Every non-converged file gets a reason on stderr, also when the solver left
    // no message (e.g. a named solver running out of iterations).
    std::fprintf(stderr,
                 "moreau-solve: %s: %s: %s after %d iterations, error %.6e (tolerance %.3g)%s%s\n",
                 path.c_str(), solver.c_str(), mn::toString(r.status), r.iterations, r.error,
                 options.tolerance, r.message.empty() ? "" : ": ", r.message.c_str());
    code = kExitNotConverged;
  }
  if (differs) code = std::max(code, kExitNotConverged);
  if (!args.solutionPath.empty()) {
    const std::string out =
        args.files.size() > 1 ? args.solutionPath + "." + std::to_string(k + 1) : args.solutionPath;
    if (!writeSolution(out, s.v, s.first, s.second)) {
      std::fprintf(stderr, "moreau-solve: %s: cannot write the solution\n", out.c_str());
      code = kExitUnreadable;
    }
  }
  return code;
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
  for (std::size_t k = 0; k < args.files.size(); ++k) {
    int code = kExitUnreadable;
    try {
      code = processFile(args, options, k);
    } catch (const std::bad_alloc&) {  // outside reading and solving: reporting, writing
      std::fprintf(stderr, "moreau-solve: %s: out of memory\n", args.files[k].c_str());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "moreau-solve: %s\n", namingFile(args.files[k], e.what()).c_str());
    }
    exitCode = std::max(exitCode, code);
  }
  return exitCode;
}
