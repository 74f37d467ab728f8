// Enumerative (direct) MLCP solver, docs/numerics/mlcp.md ("enum").
//
// A complementarity state s ∈ {0,1}^m says, for each complementarity row i,
// whether z_i is basic (s_i = 1: w_i = 0) or zero (s_i = 0). For each state the
// linear system  K z = r  is solved by a full-pivoting LU, with K = M and r = −q
// on equality rows and basic complementarity rows, and K row = e_iᵀ, r_i = 0 on
// the others (so that the system keeps the size n+m and no allocation happens
// per state). The state is accepted when the true error is <= tolerance.
// States are visited by increasing Hamming distance from the warm-start state
// (lexicographic order of the flipped subsets within one distance).
// With r extra equality rows E z + e = 0 the stacked system [K; E] z = [r; −e]
// is solved in the least-squares sense (complete orthogonal decomposition,
// minimum-norm on a rank-deficient system); the error check decides.
#include "SolverCommon.hpp"

#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <cstdint>
#include <limits>

namespace moreau::numerics {

SolverResult mlcpEnum(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "enum";
  const Index size = problem.size();
  const Index m = problem.m();
  if (z.size() != size || !z.allFinite()) z.setZero(size);
  const auto errorOf = [&](const Eigen::VectorXd& x) { return mlcpComputeError(problem, x, w); };

  if (m > options.enumerationMaxSize || m > 62) {
    result.status = SolverStatus::Failed;
    result.message = "enum refuses m = " + std::to_string(m) +
                     " complementarity rows (options.enumerationMaxSize = " +
                     std::to_string(options.enumerationMaxSize) + ")";
    mlcp_detail::finishResult(result, z, options, errorOf);
    return result;
  }
  if (errorOf(z) <= options.tolerance) {
    mlcp_detail::finishResult(result, z, options, errorOf);
    return result;
  }

  const Eigen::MatrixXd M = problem.M().toDense();
  const Eigen::VectorXd& q = problem.q();
  const auto& compRows = problem.complementarityRows();

  // Warm-start state: z_i basic when z_i > w_i.
  std::uint64_t warm = 0;
  for (Index k = 0; k < m; ++k) {
    const Index i = compRows[static_cast<std::size_t>(k)];
    if (z[i] > w[i]) warm |= std::uint64_t{1} << k;
  }

  Eigen::MatrixXd K = M;
  Eigen::VectorXd rhs = -q;
  Eigen::FullPivLU<Eigen::MatrixXd> lu(size, size);
  const bool extra = problem.hasExtraEqualityRows();
  const Index rExtra = extra ? problem.extraEqualityRows().rows() : 0;
  Eigen::MatrixXd stacked(size + rExtra, size);
  Eigen::VectorXd stackedRhs(size + rExtra);
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(size + rExtra, size);
  if (extra) {
    stacked.bottomRows(rExtra) = problem.extraEqualityRows();
    stackedRhs.tail(rExtra) = -problem.extraEqualityConstants();
  }
  Eigen::VectorXd candidate(size), wc(size), best = z;
  double bestErr = std::numeric_limits<double>::infinity();
  const std::uint64_t limit = std::uint64_t{1} << m;
  bool found = false;
  bool budget = false;
  int tried = 0;

  const auto tryState = [&](std::uint64_t state) {
    for (Index k = 0; k < m; ++k) {
      const Index i = compRows[static_cast<std::size_t>(k)];
      if ((state >> k) & 1U) {
        K.row(i) = M.row(i);
        rhs[i] = -q[i];
      } else {
        K.row(i).setZero();
        K(i, i) = 1.0;
        rhs[i] = 0.0;
      }
    }
    if (extra) {
      stacked.topRows(size) = K;
      stackedRhs.head(size) = rhs;
      cod.compute(stacked);
      candidate = cod.solve(stackedRhs);
    } else {
      lu.compute(K);
      candidate = lu.solve(rhs);
    }
    if (!candidate.allFinite()) return false;
    // Force the non-basic z to exact zeros (the LU solution may carry round-off).
    for (Index k = 0; k < m; ++k) {
      if (!((state >> k) & 1U)) candidate[compRows[static_cast<std::size_t>(k)]] = 0.0;
    }
    const double err = mlcpComputeError(problem, candidate, wc);
    if (options.verbosity >= 2)
      std::cerr << "enum: state " << tried << " (mask " << state << "), error " << err << '\n';
    if (err < bestErr) {
      bestErr = err;
      best = candidate;
    }
    return err <= options.tolerance;
  };

  for (Index d = 0; d <= m && !found && !budget; ++d) {
    // Gosper's hack: all masks with d bits set below 2^m, increasing.
    std::uint64_t c = d == 0 ? 0 : (std::uint64_t{1} << d) - 1;
    while (c < limit) {
      if (tried >= options.maxIterations) {
        budget = true;
        break;
      }
      ++tried;
      if (tryState(warm ^ c)) {
        found = true;
        break;
      }
      if (d == 0) break;
      const std::uint64_t u = c & (~c + 1);
      const std::uint64_t v = u + c;
      if (v == 0) break;
      c = v + (((v ^ c) / u) >> 2);
    }
  }
  result.iterations = tried;
  if (std::isfinite(bestErr)) z = best;
  if (found) {
    result.status = SolverStatus::Converged;
  } else if (budget) {
    result.status = SolverStatus::MaxIterations;
    result.message = "state budget of " + std::to_string(options.maxIterations) +
                     " exhausted before all 2^" + std::to_string(m) + " states were tried";
  } else {
    result.status = SolverStatus::Failed;
    result.message = "no complementarity state of the " + std::to_string(m) +
                     " rows gives a solution (all " + std::to_string(tried) +
                     " tried; best error " + mlcp_detail::formatError(bestErr) + ")";
  }
  mlcp_detail::finishResult(result, z, options, errorOf);
  return result;
}

}  // namespace moreau::numerics
