#pragma once
// LCP: find z with w = M z + q, 0 <= z ⊥ w >= 0. See docs/numerics/lcp.md.

#include <moreau/numerics/Matrix.hpp>

#include <Eigen/Dense>

namespace moreau::numerics {

/// Linear complementarity problem: find z with w = M z + q, 0 <= z ⊥ w >= 0, M square (n × n,
/// dense, sparse or sparse-block), q of size n. See docs/numerics/lcp.md.
class LinearComplementarityProblem {
 public:
  /// Empty problem (n = 0).
  LinearComplementarityProblem() = default;
  /// Throws std::invalid_argument when M is not square, q's size differs from
  /// M's, or an entry is not finite.
  ///@{
  LinearComplementarityProblem(Matrix M, Eigen::VectorXd q);
  LinearComplementarityProblem(Eigen::MatrixXd M, Eigen::VectorXd q);
  LinearComplementarityProblem(Eigen::SparseMatrix<double> M, Eigen::VectorXd q);
  ///@}

  /// Size n of the problem.
  Eigen::Index size() const { return q_.size(); }
  /// The matrix M (n × n) and the vector q (size n).
  ///@{
  const Matrix& M() const { return M_; }
  const Eigen::VectorXd& q() const { return q_; }
  ///@}
  /// Mutable access for callers that refill the data in place (the kernel does
  /// so every step; no reallocation while the sizes are unchanged, and a
  /// SparseBlock M can change its pattern in place with
  /// SparseBlockMatrix::assignPattern / beginPattern..endPattern); call
  /// validate() after changing sizes. See LcpSolver for repeated solves.
  ///@{
  Matrix& M() { return M_; }
  Eigen::VectorXd& q() { return q_; }
  ///@}
  /// Throws std::invalid_argument when M is not square, q's size differs from M's, or an entry is
  /// not finite.
  void validate() const;

 private:
  Matrix M_;
  Eigen::VectorXd q_;
};

}  // namespace moreau::numerics
