// Murty's least-index principal pivoting method, see docs/numerics/lcp.md ("Murty").
//
// The system is kept as y = A x + b with y the basic variables (w_i or z_i per
// index) and x their complements, starting from A = M, b = q, y = w. While some
// b_r < 0, the least such index r is pivoted: y_r and x_r exchange places (a
// principal pivot on a_rr). For a P-matrix every principal pivot is positive
// and the method ends after finitely many pivots (possibly exponentially many)
// at the unique solution; a pivot a_rr <= tol shows M is not a P-matrix and the
// solver stops with Failed. M is first equilibrated symmetrically by powers of
// two (A = D M D, b = D q, z = D x: the same pivots in exact arithmetic, and
// the pivot tolerance becomes meaningful for badly scaled data).
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace moreau::numerics {

SolverResult lcpMurty(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "murty";
  const Index n = problem.size();
  Eigen::MatrixXd A = problem.M().toDense();
  Eigen::VectorXd b = problem.q();
  // Symmetric Ruiz equilibration: d_i ← d_i / sqrt(max(|row i|, |column i|)).
  Eigen::VectorXd d = Eigen::VectorXd::Ones(n);
  for (int sweep = 0; sweep < 8; ++sweep) {
    bool changed = false;
    for (Index i = 0; i < n; ++i) {
      const double big = std::max(A.row(i).cwiseAbs().maxCoeff(), A.col(i).cwiseAbs().maxCoeff());
      if (!(big > 0.0) || !std::isfinite(big)) continue;
      const double f = std::exp2(std::round(-0.5 * std::log2(big)));
      if (f == 1.0) continue;
      A.row(i) *= f;
      A.col(i) *= f;
      d[i] *= f;
      changed = true;
    }
    if (!changed) break;
  }
  b = d.cwiseProduct(b);
  Eigen::VectorXd col(n);
  Eigen::RowVectorXd row(n);
  std::vector<char> isZ(static_cast<size_t>(n), 0);
  const double mScale = n > 0 ? A.cwiseAbs().maxCoeff() : 0.0;
  const double bScale = n > 0 ? b.cwiseAbs().maxCoeff() : 0.0;
  const double pivotTol = 1e-12 * std::max(mScale, 1e-300);
  const double negTol = 1e-13 * bScale;

  result.status = SolverStatus::MaxIterations;
  while (true) {
    Index r = -1;
    for (Index i = 0; i < n; ++i) {
      if (b[i] < -negTol) {
        r = i;
        break;
      }
    }
    if (r < 0) {
      result.status = SolverStatus::Converged;
      break;
    }
    if (result.iterations >= options.maxIterations) {
      result.message = "pivot budget of " + std::to_string(options.maxIterations) + " exhausted";
      break;
    }
    const double p = A(r, r);
    if (!(p > pivotTol)) {
      result.status = SolverStatus::Failed;
      result.message = "principal pivot " + lcp_detail::fmt(p) + " at index " + std::to_string(r) +
                       " is singular or non-positive: M is not a P-matrix";
      break;
    }
    // Principal pivot on (r, r).
    col = A.col(r);
    row = A.row(r);
    const double br = b[r];
    const double inv = 1.0 / p;
    col *= inv;  // scaled in place: the outer product below needs no temporary
    A.noalias() -= col * row;
    b -= br * col;
    A.row(r) = -inv * row;
    A.col(r) = col;
    A(r, r) = inv;
    b[r] = -br * inv;
    isZ[static_cast<size_t>(r)] ^= 1;
    ++result.iterations;
    if (options.verbosity >= 2) {
      std::cerr << "murty: pivot " << result.iterations << " on index " << r << '\n';
    }
    if (!b.allFinite()) {
      result.status = SolverStatus::Failed;
      result.message = "non-finite values after pivot " + std::to_string(result.iterations);
      break;
    }
  }
  z.setZero(n);
  for (Index i = 0; i < n; ++i) {
    if (isZ[static_cast<size_t>(i)] && b[i] > 0.0) z[i] = d[i] * b[i];
  }
  lcp_detail::finish(problem, z, w, options, result, "pivots");
  return result;
}

}  // namespace moreau::numerics
