// Repeated solves (one problem per time step, docs/numerics/solver-objects.md):
// the solver objects (LcpSolver, FrictionContactSolver, MlcpSolver: setup once,
// then solve) against the free functions (solveLcp, solveFrictionContact,
// solveMlcp: work arrays and copies made on every call), on the same sequence
// of refilled data. Each benchmark iteration = one "time step": the values of M
// (W) and q are refilled in place from one of 8 perturbed data sets, then one
// solve warm-started from the previous answer. Time per iteration = µs per solve.
// Problems: the chain LCP of tests/numerics/common (block tridiagonal, 3x3
// blocks, SparseBlock storage), generated 3D/2D piles (fc/ProblemGenerator.hpp),
// the chain matrix as an MLCP with 10% equality rows.
// Counters: sweeps (mean iterations per solve), converged (fraction).
#include "LcpMechanicalProblems.hpp"

#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/lcp/LcpSolver.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolver.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace mn = moreau::numerics;
using Index = Eigen::Index;

namespace {

constexpr int kDataSets = 8;

// kDataSets perturbed copies of (values, q): values scaled by 1 + 1e-4 k, q
// shifted by up to 2e-3 (q is O(1)): close problems, as consecutive time steps.
struct Steps {
  std::vector<std::vector<double>> values;
  std::vector<Eigen::VectorXd> q;
  Steps(const std::vector<double>& v0, const Eigen::VectorXd& q0) {
    for (int k = 0; k < kDataSets; ++k) {
      std::vector<double> v = v0;
      for (double& x : v) x *= 1.0 + 1e-4 * k;
      values.push_back(std::move(v));
      Eigen::VectorXd qk = q0;
      for (Index i = 0; i < qk.size(); ++i)
        qk[i] += 1e-3 * static_cast<double>((i * 7 + k) % 5 - 2);
      q.push_back(std::move(qk));
    }
  }
  void load(int k, std::vector<double>& v, Eigen::VectorXd& q0) const {
    std::copy(values[static_cast<std::size_t>(k)].begin(),
              values[static_cast<std::size_t>(k)].end(), v.begin());
    q0 = q[static_cast<std::size_t>(k)];
  }
};

template <class Solve>
void runSteps(benchmark::State& state, Solve&& solve, std::vector<double>& values,
              Eigen::VectorXd& q, const Steps& steps) {
  long sweeps = 0;
  long converged = 0;
  long count = 0;
  int k = 0;
  const bool sameData = state.range(1) != 0;  // the warm start is already the answer
  for (auto _ : state) {
    steps.load(k, values, q);
    if (!sameData) k = (k + 1) % kDataSets;
    const mn::SolverResult r = solve();
    sweeps += r.iterations;
    converged += r.converged() ? 1 : 0;
    ++count;
  }
  state.counters["sweeps"] = static_cast<double>(sweeps) / static_cast<double>(count);
  state.counters["converged"] = static_cast<double>(converged) / static_cast<double>(count);
}

void lcp(benchmark::State& state, const std::string& name, bool object) {
  mn::LinearComplementarityProblem p = mn::test::chainLcp(state.range(0), 3, 3);
  const Steps steps(p.M().sparseBlock().values(), p.q());
  mn::SolverOptions o;
  o.solver = name;
  o.tolerance = 1e-8;
  Eigen::VectorXd z, w;
  mn::LcpSolver solver(name, o);
  solver.setup(p);
  auto solve = [&] { return object ? solver.solve(p, z, w) : mn::solveLcp(p, z, w, o); };
  runSteps(state, solve, p.M().sparseBlock().values(), p.q(), steps);
  state.counters["rows"] = static_cast<double>(p.size());
}

void fc(benchmark::State& state, int dimension, bool object) {
  mn::ProblemGeneratorOptions g;
  g.dimension = dimension;
  mn::GeneratedProblem gen = mn::generatePileWithContacts(state.range(0), g);
  mn::FrictionContactProblem& p = gen.problem;
  const Steps steps(p.W().sparseBlock().values(), p.q());
  mn::SolverOptions o;
  o.solver = "nsgs";
  o.tolerance = 1e-4;
  o.maxIterations = 2000;
  Eigen::VectorXd r, u;
  mn::FrictionContactSolver solver("nsgs", o);
  solver.setup(p);
  auto solve = [&] {
    return object ? solver.solve(p, r, u) : mn::solveFrictionContact(p, r, u, o);
  };
  runSteps(state, solve, p.W().sparseBlock().values(), p.q(), steps);
  state.counters["contacts"] = static_cast<double>(p.numberOfContacts());
}

void mlcp(benchmark::State& state, bool object) {
  const mn::LinearComplementarityProblem lcp = mn::test::chainLcp(state.range(0), 3, 3);
  const Index nEq = lcp.size() / 10;
  mn::MixedLinearComplementarityProblem p(lcp.M(), lcp.q(), nEq, lcp.size() - nEq);
  const Steps steps(p.M().sparseBlock().values(), p.q());
  mn::SolverOptions o;
  o.solver = "pgs";
  o.tolerance = 1e-8;
  Eigen::VectorXd z, w;
  mn::MlcpSolver solver("pgs", o);
  solver.setup(p);
  auto solve = [&] { return object ? solver.solve(p, z, w) : mn::solveMlcp(p, z, w, o); };
  runSteps(state, solve, p.M().sparseBlock().values(), p.q(), steps);
}

void Lcp_Pgs_Object(benchmark::State& s) { lcp(s, "pgs", true); }
void Lcp_Pgs_Free(benchmark::State& s) { lcp(s, "pgs", false); }
void Lcp_Bgs_Object(benchmark::State& s) { lcp(s, "bgs", true); }
void Lcp_Bgs_Free(benchmark::State& s) { lcp(s, "bgs", false); }
void Fc3d_Nsgs_Object(benchmark::State& s) { fc(s, 3, true); }
void Fc3d_Nsgs_Free(benchmark::State& s) { fc(s, 3, false); }
void Fc2d_Nsgs_Object(benchmark::State& s) { fc(s, 2, true); }
void Fc2d_Nsgs_Free(benchmark::State& s) { fc(s, 2, false); }
void Mlcp_Pgs_Object(benchmark::State& s) { mlcp(s, true); }
void Mlcp_Pgs_Free(benchmark::State& s) { mlcp(s, false); }

}  // namespace

#define MOREAU_REPEATED(fn, ...) \
  BENCHMARK(fn)->ArgsProduct({{__VA_ARGS__}, {0, 1}})->Unit(benchmark::kMicrosecond)
MOREAU_REPEATED(Lcp_Pgs_Object, 10, 100, 1000);
MOREAU_REPEATED(Lcp_Pgs_Free, 10, 100, 1000);
MOREAU_REPEATED(Lcp_Bgs_Object, 10, 100, 1000);
MOREAU_REPEATED(Lcp_Bgs_Free, 10, 100, 1000);
MOREAU_REPEATED(Fc3d_Nsgs_Object, 10, 100, 1000);
MOREAU_REPEATED(Fc3d_Nsgs_Free, 10, 100, 1000);
MOREAU_REPEATED(Fc2d_Nsgs_Object, 100);
MOREAU_REPEATED(Fc2d_Nsgs_Free, 100);
MOREAU_REPEATED(Mlcp_Pgs_Object, 10, 100);
MOREAU_REPEATED(Mlcp_Pgs_Free, 10, 100);

BENCHMARK_MAIN();
