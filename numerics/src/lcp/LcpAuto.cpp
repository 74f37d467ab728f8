// The "auto" LCP solver chain, see docs/numerics/lcp.md ("auto").
//
//  n <= kSmall (any storage):  lemke → newton-fb → enum (n <= min(16, enumerationMaxSize))
//  n >  kSmall:                [bgs (sparse-block) | pgs (dense, sparse)] when M_ii > 0,
//                              capped at kSplittingSweeps sweeps
//                              → newton-fb → lemke (n <= kLemkeMax)
// newton-fb is capped at kNewtonIterations iterations in both chains.
// Each attempt starts from the best z met so far (lowest error) and its answer
// is checked with lcpComputeError, independently of the solver's own report.
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

struct Step {
  const char* name;
  SolverFn fn;
  int maxIterations;
};

}  // namespace

SolverResult lcpAuto(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  const Index n = problem.size();
  lcp_detail::sanitizeWarmStart(z, n);

  std::vector<Step> chain;
  Eigen::VectorXd diag;
  const bool positiveDiagonal = lcp_detail::firstNonPositiveDiagonal(problem.M(), diag) < 0;
  if (n <= kSmall) {
    chain.push_back({"lemke", &lemkeDefault, options.maxIterations});
    chain.push_back(
        {"newton-fb", &lcpNewtonFb, std::min(options.maxIterations, kNewtonIterations)});
    if (n <= std::min<Index>(kEnumMax, options.enumerationMaxSize)) {
      chain.push_back({"enum", &lcpEnum, options.maxIterations});
    }
  } else {
    if (positiveDiagonal) {
      const int sweeps = std::min(options.maxIterations, kSplittingSweeps);
      if (problem.M().isSparseBlock()) {
        chain.push_back({"bgs", &lcpBlockGaussSeidel, sweeps});
      } else {
        chain.push_back({"pgs", &lcpPgs, sweeps});
      }
    }
    chain.push_back(
        {"newton-fb", &lcpNewtonFb, std::min(options.maxIterations, kNewtonIterations)});
    if (n <= kLemkeMax) chain.push_back({"lemke", &lemkeDefault, options.maxIterations});
  }

  SolverOptions sub = options;
  sub.verbosity = options.verbosity >= 2 ? options.verbosity - 1 : 0;
  Eigen::VectorXd best = z;
  double bestError = lcpComputeError(problem, best, w);
  if (!std::isfinite(bestError)) bestError = std::numeric_limits<double>::infinity();
  SolverResult bestResult;
  bestResult.status = SolverStatus::Failed;
  bestResult.error = bestError;
  std::string tried;
  Eigen::VectorXd zi;
  for (const Step& step : chain) {
    sub.solver = step.name;
    sub.maxIterations = step.maxIterations;
    zi = best;
    SolverResult r = step.fn(problem, zi, w, sub);
    // Independent check of the returned z.
    const double err = lcpComputeError(problem, zi, w);
    const bool ok = std::isfinite(err) && err <= options.tolerance;
    tried += (tried.empty() ? "" : "; ") + std::string(step.name) + ": " +
             (ok ? "converged" : toString(r.status)) + ", error " + lcp_detail::fmt(err) + ", " +
             std::to_string(r.iterations) + " iterations" +
             (ok || r.message.empty() ? "" : " (" + r.message + ")");
    if (std::isfinite(err) && err < bestError) {
      bestError = err;
      best = zi;
      bestResult = r;
      bestResult.error = err;
    }
    if (ok) {
      z = best;
      SolverResult result = r;
      result.status = SolverStatus::Converged;
      result.error = lcpComputeError(problem, z, w);
      result.solver = std::string("auto:") + step.name;
      result.message = "tried " + tried;
      if (options.verbosity >= 1) std::cerr << result.solver << ": " << result.message << '\n';
      return result;
    }
  }
  z = best;
  SolverResult result = bestResult;
  result.solver = "auto";
  if (result.status == SolverStatus::Converged) result.status = SolverStatus::Failed;
  result.message = "no solver of the chain converged; tried " + tried +
                   "; returning the answer with the lowest error";
  lcp_detail::finish(problem, z, w, options, result, "iterations");
  return result;
}

}  // namespace moreau::numerics
