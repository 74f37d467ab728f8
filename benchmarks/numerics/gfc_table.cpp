// Global friction contact: time of "reduce" (with the reduction W = Hᵀ M⁻¹ H timed
// apart), "admm" and "auto" on generated piles in global form, a second "reduce"
// with the same solver object (factorization and W reused), and the local "auto" on
// the generator's own local form for comparison.
//   moreau_gfc_table [--contacts N[,N...]] [--dim 2|3|both] [--tol 1e-8] [--reduction-only]
// (the reduction is timed with the default backend choice — dense blocks for these
// block-diagonal M — and with CHOLMOD).
// Output: one line per (problem, method):
//   problem contacts dofs method status error iterations seconds
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void line(const mn::GeneratedProblem& g, const std::string& method, const mn::SolverResult& r,
          double seconds) {
  std::printf("%-24s %6ld %6ld %-22s %-14s %.3e %6d %.4f\n", g.name.c_str(),
              static_cast<long>(g.global.numberOfContacts()),
              static_cast<long>(g.global.numberOfDofs()), method.c_str(), mn::toString(r.status),
              r.error, r.iterations, seconds);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<long> contacts = {100, 500, 2000};
  std::vector<int> dims = {2, 3};
  double tol = 1e-8;
  bool onlyReduction = false;
  for (int i = 1; i < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--reduction-only") {
      onlyReduction = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "%s needs a value\n", a.c_str());
      return 2;
    }
    const std::string v = argv[i + 1];
    if (a == "--contacts") {
      contacts.clear();
      std::stringstream s(v);
      for (std::string t; std::getline(s, t, ',');) contacts.push_back(std::atol(t.c_str()));
    } else if (a == "--dim") {
      dims = v == "both" ? std::vector<int>{2, 3} : std::vector<int>{std::atoi(v.c_str())};
    } else if (a == "--tol") {
      tol = std::atof(v.c_str());
    } else {
      std::fprintf(stderr,
                   "usage: moreau_gfc_table [--contacts N,...] [--dim 2|3|both] [--tol T] "
                   "[--reduction-only]\n");
      return 2;
    }
  }
  std::printf("%-24s %6s %6s %-22s %-14s %-9s %6s %s\n", "problem", "nc", "dofs", "method",
              "status", "error", "iter", "seconds");
  for (int d : dims) {
    for (long nc : contacts) {
      mn::ProblemGeneratorOptions go;
      go.dimension = d;
      const mn::GeneratedProblem g = mn::generatePileWithContacts(nc, go);
      mn::SolverOptions o;
      o.tolerance = tol;
      for (const char* backend : {"auto", "cholmod"}) {
        mn::GlobalFrictionContactSolver solver;
        mn::FrictionContactProblem local;
        mn::SolverOptions ro = o;
        ro.gfcLinearSolver = backend;
        const double t0 = now();
        const bool ok = solver.reduce(g.global, local, ro);
        const double tReduce = now() - t0;
        mn::SolverResult info;
        info.status = ok ? mn::SolverStatus::Converged : mn::SolverStatus::Failed;
        line(g, "reduction-only(" + solver.factorizationOfM() + ")", info, tReduce);
      }
      if (!onlyReduction) {
        mn::GlobalFrictionContactSolver fresh;
        Eigen::VectorXd v, r, u;
        double t0 = now();
        o.solver = "reduce";
        mn::SolverResult res = fresh.solve(g.global, v, r, u, o);
        line(g, "reduce(cold)", res, now() - t0);
        v.resize(0);
        r.resize(0);
        t0 = now();
        res = fresh.solve(g.global, v, r, u, o);
        line(g, "reduce(same M,H)", res, now() - t0);
      }
      if (onlyReduction) continue;
      for (const char* name : {"admm", "admm(no-acceleration)", "auto"}) {
        Eigen::VectorXd v, r, u;
        const std::string label = name;
        mn::SolverOptions oo = o;
        oo.solver = label.substr(0, 4);
        oo.gfcAdmmAcceleration = label.find("no-acc") == std::string::npos;
        const double t0 = now();
        const mn::SolverResult res = mn::solveGlobalFrictionContact(g.global, v, r, u, oo);
        line(g, label, res, now() - t0);
      }
      {
        Eigen::VectorXd r, u;
        mn::SolverOptions lo;
        lo.solver = "auto";
        lo.tolerance = tol;
        const double t0 = now();
        const mn::SolverResult res = mn::solveFrictionContact(g.problem, r, u, lo);
        line(g, "local-auto(generator W)", res, now() - t0);
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
