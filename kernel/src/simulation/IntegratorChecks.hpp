#pragma once
// Parameter checks and small matrix tests shared by the θ–γ integrators
// (MoreauJeanOSI, MoreauJeanGOSI, EulerMoreauOSI): internal header, not installed.

#include <moreau/kernel/ModelError.hpp>

#include <Eigen/Core>

#include <cmath>
#include <sstream>

namespace moreau::detail {

/// Throws ModelError "WHO: theta = θ is outside [0, 1]" (and the same for γ, where
/// `gammaUsed` is the value after the default was applied and `gammaGiven` the
/// argument as given) unless both are finite and in [0, 1].
inline void checkThetaGamma(const char* who, double theta, double gammaUsed, double gammaGiven) {
  if (!std::isfinite(theta) || theta < 0.0 || theta > 1.0) {
    std::ostringstream os;
    os << who << ": theta = " << theta << " is outside [0, 1]";
    throw ModelError(os.str());
  }
  if (!std::isfinite(gammaUsed) || gammaUsed < 0.0 || gammaUsed > 1.0) {
    std::ostringstream os;
    os << who << ": gamma = " << gammaGiven << " is outside [0, 1]";
    throw ModelError(os.str());
  }
}

/// True when A equals its transpose bit for bit (sums of symmetric terms are). Cholesky
/// (Eigen::LLT) reads one triangle only, so the iteration matrices go to it only then.
inline bool exactlySymmetric(const Eigen::MatrixXd& A) {
  for (Eigen::Index j = 0; j < A.cols(); ++j)
    for (Eigen::Index i = j + 1; i < A.rows(); ++i)
      if (A(i, j) != A(j, i)) return false;
  return true;
}

}  // namespace moreau::detail
