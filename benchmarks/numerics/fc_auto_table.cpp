// moreau_fc_auto: time-to-1e-8 of every friction-contact method and of "auto" on
// problem classes built with the generator (towers, single bodies, piles; 2D and
// 3D), to tune and check the "auto" chain (docs/numerics/friction-contact.md).
// Each run is cold-started in a child process (CPU-time limit --cap seconds, so a
// stalled method cannot hold the table up) and timed in process CPU time, which a
// loaded machine inflates less than wall-clock time; runs under 0.2 s are repeated
// and the fastest is kept. Per problem: each method's
// status, error and time, the best method, auto's time, winner and ratio to the
// best; per class: the geometric mean and the largest ratio.
//
// Usage: moreau_fc_auto [--auto-only] [--methods a,b] [--class tower|single|pile]
//                       [--cap SECONDS] [--files DATA_DIR] [--no-generated]
// --files DATA_DIR adds the fc3d/ and fc2d/ files of DATA_DIR (manual runs).
#include "FcBenchCommon.hpp"

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
namespace bench = moreau::numerics::bench;

namespace {

struct Case {
  std::string cls;  // tower, single, pile, file
  std::string name;
  mn::FrictionContactProblem problem;
};

struct Outcome {
  bool ran = false;  // false: crashed or hit the CPU cap
  int status = 2;
  double error = -1.0;
  int iterations = 0;
  double seconds = 0.0;
  char solver[64] = {};
  char message[512] = {};
};

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

int statusCode(mn::SolverStatus s) {
  return s == mn::SolverStatus::Converged ? 0 : (s == mn::SolverStatus::MaxIterations ? 1 : 2);
}

Outcome runInChild(const mn::FrictionContactProblem& problem, const std::string& solver,
                   unsigned cap) {
  Outcome out;
  int fds[2];
  if (pipe(fds) != 0) return out;
  std::fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    rlimit limit{};
    limit.rlim_cur = cap;
    limit.rlim_max = cap + 5;
    setrlimit(RLIMIT_CPU, &limit);
    Outcome o;
    mn::SolverOptions options;
    options.solver = solver;
    options.tolerance = 1e-8;
    // short runs are repeated (best of up to 10 within about 0.2 s) to tame timer noise
    double spent = 0.0;
    o.seconds = INFINITY;
    for (int rep = 0; rep < 10 && spent < 0.2; ++rep) {
      Eigen::VectorXd r = Eigen::VectorXd::Zero(problem.size()), u;
      const double start = cpuSeconds();
      try {
        const mn::SolverResult res = mn::solveFrictionContact(problem, r, u, options);
        o.status = statusCode(res.status);
        o.error = res.error;
        o.iterations = res.iterations;
        std::snprintf(o.solver, sizeof o.solver, "%s", res.solver.c_str());
        std::snprintf(o.message, sizeof o.message, "%s", res.message.c_str());
      } catch (const std::exception& e) {
        std::snprintf(o.message, sizeof o.message, "exception: %s", e.what());
      }
      const double t = cpuSeconds() - start;
      o.seconds = std::min(o.seconds, t);
      spent += t;
    }
    o.ran = true;
    if (write(fds[1], &o, sizeof o) != static_cast<ssize_t>(sizeof o)) _exit(4);
    _exit(0);
  }
  close(fds[1]);
  const bool ok = read(fds[0], &out, sizeof out) == static_cast<ssize_t>(sizeof out);
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!ok) {
    out = Outcome();
    out.seconds = cap;
  }
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

std::vector<Case> generatedCases() {
  std::vector<Case> cases;
  mn::ProblemGeneratorOptions o;
  o.seed = 2026;
  auto add = [&](const std::string& cls, mn::GeneratedProblem g) {
    cases.push_back({cls, g.name, std::move(g.problem)});
  };
  // towers of 100–600 contacts
  o.dimension = 3;
  for (int boxes : {25, 75, 150}) add("tower", mn::generateStack(mn::StackShape::Box, boxes, o));
  for (int spheres : {100, 300, 600})
    add("tower", mn::generateStack(mn::StackShape::Sphere, spheres, o));
  o.dimension = 2;
  for (int boxes : {50, 150, 285}) add("tower", mn::generateStack(mn::StackShape::Box, boxes, o));
  for (int disks : {100, 300, 600})
    add("tower", mn::generateStack(mn::StackShape::Sphere, disks, o));
  // single bodies of 100–500 contacts
  for (int d : {3, 2}) {
    o.dimension = d;
    for (int nc : {100, 250, 500}) add("single", mn::generateSingleBody(nc, o));
  }
  // piles of 100–600 contacts
  for (int d : {3, 2}) {
    o.dimension = d;
    for (long nc : {100L, 300L, 600L}) add("pile", mn::generatePileWithContacts(nc, o));
  }
  return cases;
}

std::vector<std::string> defaultMethods(int dimension, long nc) {
  std::vector<std::string> m = {"nsgs", "nsgs-fb", "newton-ac", "newton-fb", "newton-nm",
                                "prox", "admm",    "fpp",       "eg"};
  if (dimension == 2 && nc <= 300) m.emplace_back("lemke");
  return m;
}

std::string describe(const Outcome& o) {
  char buf[128];
  if (!o.ran) {
    std::snprintf(buf, sizeof buf, "cap (%.0f s)", o.seconds);
  } else {
    std::snprintf(buf, sizeof buf, "%s %.1e %d it. %.3f s", o.status == 0 ? "ok" : "NO", o.error,
                  o.iterations, o.seconds);
  }
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  bool autoOnly = false;
  bool generated = true;
  unsigned cap = 20;
  std::string onlyClass, dataDir;
  std::vector<std::string> methods;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--auto-only") {
      autoOnly = true;
    } else if (a == "--no-generated") {
      generated = false;
    } else if (a == "--methods" && i + 1 < argc) {
      methods = split(argv[++i]);
    } else if (a == "--class" && i + 1 < argc) {
      onlyClass = argv[++i];
    } else if (a == "--cap" && i + 1 < argc) {
      cap = static_cast<unsigned>(std::max(1, std::atoi(argv[++i])));
    } else if (a == "--files" && i + 1 < argc) {
      dataDir = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: %s [--auto-only] [--methods a,b] [--class tower|single|pile|file] "
                   "[--cap SECONDS] [--files DATA_DIR] [--no-generated]\n",
                   argv[0]);
      return 2;
    }
  }
  std::vector<Case> cases;
  if (generated) cases = generatedCases();
  if (!dataDir.empty()) {
    for (const auto& path : bench::frictionContactDataFiles(dataDir)) {
      const std::string name =
          path.parent_path().filename().string() + "/" + path.filename().string();
      try {
        cases.push_back({"file", name, bench::loadFrictionContactFile(path.string())});
      } catch (const std::exception& e) {
        std::printf("cannot read %s: %s\n", name.c_str(), e.what());
      }
    }
  }
  std::printf("| class | problem | d | nc | method | outcome |\n|---|---|---|---|---|---|\n");
  struct Row {
    std::string cls, name, best;
    double bestTime, autoTime;
    std::string autoWinner;
    bool autoOk;
  };
  std::vector<Row> rows;
  for (const Case& c : cases) {
    if (!onlyClass.empty() && c.cls != onlyClass) continue;
    const long nc = static_cast<long>(c.problem.numberOfContacts());
    const int d = c.problem.dimension();
    std::vector<std::string> list;
    if (!autoOnly) list = methods.empty() ? defaultMethods(d, nc) : methods;
    list.emplace_back("auto");
    Row row{c.cls, c.name, "-", INFINITY, INFINITY, "", false};
    for (const std::string& m : list) {
      const Outcome o = runInChild(c.problem, m, cap);
      std::printf("| %s | %s | %d | %ld | %s | %s |\n", c.cls.c_str(), c.name.c_str(), d, nc,
                  m == "auto" && o.ran ? o.solver : m.c_str(), describe(o).c_str());
      if (m == "auto") {
        row.autoOk = o.ran && o.status == 0;
        row.autoTime = o.seconds;
        row.autoWinner = o.solver;
        std::printf("|   |   |   |   | attempts | %s |\n", o.message);
      } else if (o.ran && o.status == 0 && o.seconds < row.bestTime) {
        row.bestTime = o.seconds;
        row.best = m;
      }
      std::fflush(stdout);
    }
    rows.push_back(row);
  }
  std::printf("\n| class | problem | best method | best (s) | auto (s) | auto winner | ratio |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  std::map<std::string, std::vector<double>> ratios;
  for (const Row& r : rows) {
    const double ratio = r.autoOk && std::isfinite(r.bestTime) ? r.autoTime / r.bestTime : NAN;
    std::printf("| %s | %s | %s | %.3f | %s%.3f | %s | %.2f |\n", r.cls.c_str(), r.name.c_str(),
                r.best.c_str(), r.bestTime, r.autoOk ? "" : "NOT CONVERGED ", r.autoTime,
                r.autoWinner.c_str(), ratio);
    if (std::isfinite(ratio)) ratios[r.cls].push_back(ratio);
  }
  std::printf(
      "\n| class | problems | geometric mean auto/best | max auto/best |\n|---|---|---|---|\n");
  for (const auto& [cls, v] : ratios) {
    double logSum = 0.0, mx = 0.0;
    for (double x : v) {
      logSum += std::log(std::max(x, 1e-12));
      mx = std::max(mx, x);
    }
    std::printf("| %s | %zu | %.2f | %.2f |\n", cls.c_str(), v.size(),
                std::exp(logSum / static_cast<double>(v.size())), mx);
  }
  return 0;
}
