#pragma once
// Internal: active-set polishing of an approximate MLCP solution (not installed).
// From z, each complementarity row is classified basic (z_i > w_i: w_i = 0) or
// not (z_i = 0); the resulting linear system (as in "enum") is solved once by a
// full-pivoting LU. z is replaced when the Siconos error decreases.

#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

namespace moreau::numerics::mlcp_detail {

/// Returns true when z was improved (w = M z + q is then updated too).
inline bool activeSetPolish(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                            Eigen::VectorXd& w) {
  using Index = Eigen::Index;
  const Index size = problem.size();
  const double before = mlcpComputeError(problem, z, w);
  if (!std::isfinite(before)) return false;
  Eigen::MatrixXd K = problem.M().toDense();
  Eigen::VectorXd rhs = -problem.q();
  std::vector<Index> zeroed;
  for (const Index i : problem.complementarityRows()) {
    if (!(z[i] > w[i])) {
      K.row(i).setZero();
      K(i, i) = 1.0;
      rhs[i] = 0.0;
      zeroed.push_back(i);
    }
  }
  Eigen::FullPivLU<Eigen::MatrixXd> lu(K);
  Eigen::VectorXd candidate = lu.solve(rhs);
  if (!candidate.allFinite() || candidate.size() != size) return false;
  for (const Index i : zeroed) candidate[i] = 0.0;
  Eigen::VectorXd wc;
  const double after = mlcpComputeError(problem, candidate, wc);
  if (!(after < before)) return false;
  z = candidate;
  w = wc;
  return true;
}

}  // namespace moreau::numerics::mlcp_detail
