#pragma once
// Private helpers shared by the dynamical systems (not installed).

#include <moreau/kernel/ModelError.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

namespace moreau::detail {

inline std::string sizeOf(const Eigen::MatrixXd& A) {
  return std::to_string(A.rows()) + "x" + std::to_string(A.cols());
}

/// Smallest |pivot| / max|entry| of a partial-pivoting LU; a square matrix is
/// declared singular when this is ≤ n·eps (Eigen's rcond estimate is not
/// reliable for exactly singular LU). This overload: from lu, the LU of M
/// already computed (no allocation).
inline double luPivotRatio(const Eigen::MatrixXd& M,
                           const Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
  const double scale = M.cwiseAbs().maxCoeff();
  if (!(scale > 0)) return 0.0;
  return lu.matrixLU().diagonal().cwiseAbs().minCoeff() / scale;
}

/// The same ratio, computing the LU of M: allocates (used on construction or
/// at a first evaluation only).
inline double luPivotRatio(const Eigen::MatrixXd& M) {
  return luPivotRatio(M, Eigen::PartialPivLU<Eigen::MatrixXd>(M));
}

inline bool isSingular(const Eigen::MatrixXd& M, double* ratio = nullptr) {
  const double r = luPivotRatio(M);
  if (ratio) *ratio = r;
  return !(r > static_cast<double>(M.rows()) * std::numeric_limits<double>::epsilon());
}

/// Empty when the symmetric matrix M is positive definite: every pivot of its
/// pivoted LDLᵀ factorization exceeds n·eps·max|M_ij|. Otherwise the reason,
/// e.g. "it is singular (...)" or "it has a negative pivot (...)", for a
/// message "<what> is not positive definite: <reason>". Allocates (used at
/// initialize or at a first evaluation only).
inline std::string positiveDefiniteDefect(const Eigen::MatrixXd& M) {
  const double scale = M.cwiseAbs().maxCoeff();
  const double tol = static_cast<double>(M.rows()) * std::numeric_limits<double>::epsilon();
  double dmin = 0.0;
  if (scale > 0) {
    const Eigen::LDLT<Eigen::MatrixXd> ldlt(M);
    dmin = ldlt.vectorD().minCoeff() / scale;
    if (ldlt.info() == Eigen::Success && dmin > tol) return {};
  }
  std::ostringstream os;
  double ratio = 0.0;
  if (dmin < -tol)
    os << "it has a negative pivot (smallest LDLT pivot / largest entry = " << dmin
       << "): it is negative or indefinite";
  else if (isSingular(M, &ratio))
    os << "it is singular (smallest LU pivot / largest entry = " << ratio << ")";
  else
    os << "it is indefinite (smallest LDLT pivot / largest entry = " << dmin << ")";
  return os.str();
}

/// Throws ModelError "<who>: <component> has size <size>, expected <what> =
/// <n>" or "<who>: <component> has a non-finite entry at index i (value)";
/// returns without allocating when v is valid.
template <class Who>
void checkStateVector(const Who& who, const Eigen::VectorXd& v, Eigen::Index n,
                      const char* component, const char* expected) {
  if (v.size() == n && v.allFinite()) return;
  std::ostringstream os;
  os << who() << ": the state " << component;
  if (v.size() != n) {
    os << " has size " << v.size() << ", expected " << expected << " = " << n;
  } else {
    Eigen::Index i = 0;
    while (std::isfinite(v[i])) ++i;
    os << " has a non-finite entry at index " << i << " (" << v[i] << ")";
  }
  throw ModelError(os.str());
}

}  // namespace moreau::detail
