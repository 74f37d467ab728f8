#pragma once
// Reusable work arrays of the LCP pivoting solvers (Lemke). Passing the same
// workspace to repeated calls on problems of the same size avoids every heap
// allocation after the first call. A workspace holds no problem data between
// calls (its contents are unspecified) and is not shared between threads.

#include <Eigen/Dense>
#include <vector>

namespace moreau::numerics {

/// Caller-owned work arrays of Lemke's method (lcpLemke overload with a workspace): no heap
/// allocation when a problem of the same size is solved again. Contents are internal scratch.
struct LcpWorkspace {
  /// Lemke tableau, n x (2n + 2), column-major.
  Eigen::MatrixXd tableau;
  /// The initial tableau [I | −M | −e | q], kept to refactorize the basis.
  Eigen::MatrixXd original;
  /// Row and column equilibration factors (powers of two, n each).
  ///@{
  Eigen::VectorXd rowEquilibration;
  Eigen::VectorXd columnEquilibration;
  ///@}
  /// Scratch copies of the pivot row (2n + 2) and pivot column (n).
  ///@{
  Eigen::RowVectorXd pivotRow;
  Eigen::VectorXd pivotColumn;
  ///@}
  /// Noise scales of the ratio tests: 1-norms of the columns of `original`
  /// (2n + 2) and largest entry of each row of B⁻¹ (n).
  ///@{
  Eigen::VectorXd columnScale;
  Eigen::VectorXd rowScale;
  ///@}
  /// Basis matrix (n x n), its LU factorization and the basic values it gives.
  ///@{
  Eigen::MatrixXd basisMatrix;
  Eigen::PartialPivLU<Eigen::MatrixXd> basisLu;
  Eigen::VectorXd basicValues;
  ///@}
  /// Basic variable of every tableau row, and the tied rows of the ratio test.
  ///@{
  std::vector<Eigen::Index> basis;
  std::vector<Eigen::Index> candidates;
  ///@}
};

}  // namespace moreau::numerics
