// The "auto" LCP solver chain, see docs/numerics/lcp.md ("auto").
//
//  n <= kSmall (any storage):  lemke → murty (M_ii > 0) → enum (n <= min(16, enumerationMaxSize))
//                              → newton-fb → pgs (M_ii > 0)
//  n >  kSmall:                pivot (M_ii > 0) → [bgs (sparse-block) | pgs (dense, sparse)]
//                              when M_ii > 0, capped at kSplittingSweeps sweeps
//                              → newton-fb → lemke (n <= kLemkeMax)
// The pivoting methods (lemke, murty, pivot) get options.maxIterations pivots. The
// block principal pivoting method "pivot" is exact and finite on a P-matrix (whose
// diagonal is positive) and reports Failed on a singular or indefinite principal
// submatrix, after which the chain goes on as before. In the
// small chain the fallbacks after them have their own budgets (newton-fb
// kNewtonIterations, pgs kSplittingSweeps), so that a pivot budget too small
// for Lemke still leaves a working chain; in the large chain newton-fb is
// capped at min(maxIterations, kNewtonIterations) and the splitting method at
// min(maxIterations, kSplittingSweeps).
// Each attempt starts from the best z met so far (lowest error) and its answer
// is checked with lcpComputeError, independently of the solver's own report.
#include "../core/SolverChain.hpp"
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using SolverFn = SolverResult (*)(const LinearComplementarityProblem&, Eigen::VectorXd&,
                                  Eigen::VectorXd&, const SolverOptions&);

constexpr Index kSmall = 60;
constexpr Index kEnumMax = 16;
constexpr Index kLemkeMax = 1000;
constexpr int kSplittingSweeps = 1000;
constexpr int kNewtonIterations = 500;

SolverResult lemkeDefault(const LinearComplementarityProblem& p, Eigen::VectorXd& z,
                          Eigen::VectorXd& w, const SolverOptions& o) {
  return lcpLemke(p, z, w, o);
}

}  // namespace

SolverResult lcpAuto(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  const Index n = problem.size();
  lcp_detail::sanitizeWarmStart(z, n);

  // Sub-solvers run one verbosity level below the chain.
  SolverOptions sub = options;
  sub.verbosity = options.verbosity >= 2 ? options.verbosity - 1 : 0;
  std::vector<chain_detail::ChainStep<LinearComplementarityProblem>> chain;
  chain.reserve(5);  // the longest chain below: one allocation per solve
  const auto step = [&](const char* name, SolverFn fn, int maxIterations) {
    sub.solver = name;
    sub.maxIterations = maxIterations;
    chain.push_back({name, fn, sub});
  };
  Eigen::VectorXd diag;
  const bool positiveDiagonal = lcp_detail::firstNonPositiveDiagonal(problem.M(), diag) < 0;
  if (n <= kSmall) {
    step("lemke", &lemkeDefault, options.maxIterations);
    if (positiveDiagonal) step("murty", &lcpMurty, options.maxIterations);
    if (n <= std::min<Index>(kEnumMax, options.enumerationMaxSize)) {
      step("enum", &lcpEnum, options.maxIterations);
    }
    step("newton-fb", &lcpNewtonFb, kNewtonIterations);
    if (positiveDiagonal) step("pgs", &lcpPgs, kSplittingSweeps);
  } else {
    if (positiveDiagonal) step("pivot", &lcpPivoting, options.maxIterations);
    if (positiveDiagonal) {
      const int sweeps = std::min(options.maxIterations, kSplittingSweeps);
      if (problem.M().isSparseBlock()) {
        step("bgs", &lcpBlockGaussSeidel, sweeps);
      } else {
        step("pgs", &lcpPgs, sweeps);
      }
    }
    step("newton-fb", &lcpNewtonFb, std::min(options.maxIterations, kNewtonIterations));
    if (n <= kLemkeMax) step("lemke", &lemkeDefault, options.maxIterations);
  }

  double startError = lcpComputeError(problem, z, w);
  if (!std::isfinite(startError)) startError = std::numeric_limits<double>::infinity();
  const auto describe = [](const std::string& name, const SolverResult& r, double err, bool ok) {
    return name + ": " + (ok ? "converged" : toString(r.status)) + ", error " +
           lcp_detail::fmt(err) + ", " + std::to_string(r.iterations) + " iterations" +
           (ok || r.message.empty() ? "" : " (" + r.message + ")");
  };
  chain_detail::ChainSettings settings;
  settings.tolerance = options.tolerance;
  const chain_detail::ChainOutcome out = chain_detail::runSolverChain(
      problem, chain, z, startError, w,
      [&](const Eigen::VectorXd& x, Eigen::VectorXd& y) { return lcpComputeError(problem, x, y); },
      describe, settings);
  z = out.best;
  if (out.converged) {
    SolverResult result = out.last;
    result.status = SolverStatus::Converged;
    result.error = lcpComputeError(problem, z, w);
    result.solver = "auto:" + out.lastName;
    result.message = "tried " + out.tried;
    if (options.verbosity >= 1) std::cerr << result.solver << ": " << result.message << '\n';
    return result;
  }
  SolverResult result = out.bestResult;
  result.solver = "auto";
  if (result.status == SolverStatus::Converged) result.status = SolverStatus::Failed;
  result.message = "no solver of the chain converged; tried " + out.tried +
                   "; returning the answer with the lowest error";
  lcp_detail::finish(problem, z, w, options, result, "iterations");
  return result;
}

}  // namespace moreau::numerics
