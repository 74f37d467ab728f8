#pragma once
// Parameter checks shared by the θ–γ integrators (MoreauJeanOSI, MoreauJeanGOSI,
// EulerMoreauOSI): internal header, not installed.

#include <moreau/kernel/ModelError.hpp>

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

}  // namespace moreau::detail
