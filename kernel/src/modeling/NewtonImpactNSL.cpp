#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>

#include <cmath>
#include <sstream>

namespace moreau {

NewtonImpactNSL::NewtonImpactNSL(double e, unsigned size) : NonSmoothLaw(size), e_(e) {
  if (!std::isfinite(e) || e < 0.0 || e > 1.0) {
    std::ostringstream os;
    os << "NewtonImpactNSL: restitution coefficient e = " << e << " is outside [0, 1]";
    if (std::isfinite(e) && e > 1.0 && e == std::floor(e))
      os << " (the arguments are (e, size) in Moreau; Siconos's NewtonImpactNSL(size, e) is "
            "NewtonImpactNSL(e, size) here)";
    throw ModelError(os.str());
  }
  if (size == 0)
    throw ModelError(
        "NewtonImpactNSL: size must be >= 1 (got 0; the arguments are (e, size) in Moreau: "
        "Siconos's NewtonImpactNSL(size, e) is NewtonImpactNSL(e, size) here)");
}

}  // namespace moreau
