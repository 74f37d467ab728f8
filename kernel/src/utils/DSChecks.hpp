#pragma once
// Private helpers shared by the dynamical systems (not installed).

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <string>

namespace moreau::detail {

inline std::string sizeOf(const Eigen::MatrixXd& A) {
  return std::to_string(A.rows()) + "x" + std::to_string(A.cols());
}

/// Smallest |pivot| / max|entry| of a partial-pivoting LU; a square matrix is
/// declared singular when this is ≤ n·eps (Eigen's rcond estimate is not
/// reliable for exactly singular LU). Allocates (used on construction or at a
/// first evaluation only).
inline double luPivotRatio(const Eigen::MatrixXd& M) {
  const double scale = M.cwiseAbs().maxCoeff();
  if (!(scale > 0)) return 0.0;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu(M);
  return lu.matrixLU().diagonal().cwiseAbs().minCoeff() / scale;
}

inline bool isSingular(const Eigen::MatrixXd& M, double* ratio = nullptr) {
  const double r = luPivotRatio(M);
  if (ratio) *ratio = r;
  return !(r > static_cast<double>(M.rows()) * std::numeric_limits<double>::epsilon());
}

}  // namespace moreau::detail
