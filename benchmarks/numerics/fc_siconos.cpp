// moreau_fc_siconos: side-by-side of Debian's Siconos numerics (4.4, optional,
// never a dependency of the library) on the friction-contact files of tests/data, at
// tolerance 1e-8: Siconos's own error and iterations, plus Moreau's fcComputeError
// of Siconos's reaction (the same measure), and the time. Each Siconos call runs
// in a child process (the 4.4 fc2d driver aborts on sparse storage) with a time
// limit (default 60 s, first argument).
//
// Usage: moreau_fc_siconos [SECONDS] [DATA_DIR]
#include "FcBenchCommon.hpp"

#include <moreau/numerics/fc/FcError.hpp>

#include <siconos/numerics/FrictionContactProblem.h>
#include <siconos/numerics/Friction_cst.h>
#include <siconos/numerics/NonSmoothDrivers.h>
#include <siconos/numerics/SolverOptions.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
namespace bench = moreau::numerics::bench;

namespace {

struct Outcome {
  int info = -1;
  int iterations = 0;
  double siconosError = -1.0;
  double seconds = 0.0;
};

// Runs one Siconos solve in a child; r receives the reaction. false on a crash/timeout.
bool runSiconos(const std::string& path, int solverId, int dimension, Eigen::VectorXd& r,
                Outcome& out, unsigned timeLimit, std::string& why) {
  int fds[2];
  if (pipe(fds) != 0) {
    why = "pipe failed";
    return false;
  }
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    alarm(timeLimit);
    FrictionContactProblem* problem = frictionContact_new_from_filename(path.c_str());
    if (problem == nullptr) _exit(3);
    const int n = problem->dimension * problem->numberOfContacts;
    std::vector<double> reaction(static_cast<std::size_t>(n), 0.0);
    std::vector<double> velocity(static_cast<std::size_t>(n), 0.0);
    SolverOptions* options = solver_options_create(solverId);
    options->dparam[SICONOS_DPARAM_TOL] = 1e-8;
    options->iparam[SICONOS_IPARAM_MAX_ITER] =
        std::max(options->iparam[SICONOS_IPARAM_MAX_ITER], 10000);
    const auto start = std::chrono::steady_clock::now();
    const int info = dimension == 2
                         ? fc2d_driver(problem, reaction.data(), velocity.data(), options)
                         : fc3d_driver(problem, reaction.data(), velocity.data(), options);
    Outcome o;
    o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    o.info = info;
    o.iterations = options->iparam[SICONOS_IPARAM_ITER_DONE];
    o.siconosError = options->dparam[SICONOS_DPARAM_RESIDU];
    if (write(fds[1], &o, sizeof o) != static_cast<ssize_t>(sizeof o)) _exit(4);
    if (write(fds[1], reaction.data(), sizeof(double) * reaction.size()) < 0) _exit(4);
    _exit(0);
  }
  close(fds[1]);
  bool ok = read(fds[0], &out, sizeof out) == static_cast<ssize_t>(sizeof out);
  if (ok) {
    std::size_t got = 0;
    const std::size_t want = sizeof(double) * static_cast<std::size_t>(r.size());
    auto* bytes = reinterpret_cast<char*>(r.data());
    while (got < want) {
      const ssize_t k = read(fds[0], bytes + got, want - got);
      if (k <= 0) break;
      got += static_cast<std::size_t>(k);
    }
    ok = got == want;
  }
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!ok) {
    why = WIFSIGNALED(status) ? "killed by signal " + std::to_string(WTERMSIG(status))
                              : "exit " + std::to_string(WEXITSTATUS(status));
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned timeLimit = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 60u;
  const std::string dataDir = argc > 2 ? argv[2] : MOREAU_TEST_DATA_DIR;
  std::printf(
      "| problem | nc | Siconos solver | info | Siconos error | Moreau error of r | iterations | "
      "time (s) |\n|---|---|---|---|---|---|---|---|\n");
  for (const auto& path : bench::frictionContactDataFiles(dataDir)) {
    const std::string name =
        path.parent_path().filename().string() + "/" + path.filename().string();
    mn::FrictionContactProblem problem = bench::loadFrictionContactFile(path.string());
    const int d = problem.dimension();
    std::vector<std::pair<const char*, int>> solvers;
    if (d == 3) {
      solvers = {{"NSGS", SICONOS_FRICTION_3D_NSGS},
                 {"NSN_AC", SICONOS_FRICTION_3D_NSN_AC},
                 {"PROX", SICONOS_FRICTION_3D_PROX}};
    } else {
      solvers = {{"NSGS", SICONOS_FRICTION_2D_NSGS}, {"LEMKE", SICONOS_FRICTION_2D_LEMKE}};
    }
    for (const auto& [solverName, id] : solvers) {
      Eigen::VectorXd r = Eigen::VectorXd::Zero(problem.size());
      Outcome out;
      std::string why;
      if (!runSiconos(path.string(), id, d, r, out, timeLimit, why)) {
        std::printf("| %s | %ld | %s | crash/timeout (%s) | | | | |\n", name.c_str(),
                    static_cast<long>(problem.numberOfContacts()), solverName, why.c_str());
        continue;
      }
      Eigen::VectorXd u;
      const double error = mn::fcComputeError(problem, r, u);
      std::printf("| %s | %ld | %s | %d | %.2e | %.2e | %d | %.4f |\n", name.c_str(),
                  static_cast<long>(problem.numberOfContacts()), solverName, out.info,
                  out.siconosError, error, out.iterations, out.seconds);
      std::fflush(stdout);
    }
  }
  return 0;
}
