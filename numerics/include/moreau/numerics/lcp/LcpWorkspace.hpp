#pragma once
// Reusable work arrays of the LCP pivoting solvers (Lemke). Passing the same
// workspace to repeated calls on problems of the same size avoids every heap
// allocation after the first call. A workspace holds no problem data between
// calls (its contents are unspecified) and is not shared between threads.

#include <Eigen/Dense>
#include <vector>

namespace moreau::numerics {

struct LcpWorkspace {
  /// Lemke tableau, n x (2n + 2), column-major.
  Eigen::MatrixXd tableau;
  /// Scratch copies of the pivot row (2n + 2) and pivot column (n).
  Eigen::RowVectorXd pivotRow;
  Eigen::VectorXd pivotColumn;
  /// Basic variable of every tableau row, and the tied rows of the ratio test.
  std::vector<Eigen::Index> basis;
  std::vector<Eigen::Index> candidates;
};

}  // namespace moreau::numerics
