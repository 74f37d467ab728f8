#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>

#include <cmath>
#include <sstream>

namespace moreau {

NewtonImpactFrictionNSL::NewtonImpactFrictionNSL(double eN, double eT, double mu, unsigned size)
    : NonSmoothLaw(size), eN_(eN), eT_(eT), mu_(mu) {
  std::ostringstream os;
  os << "NewtonImpactFrictionNSL: ";
  if (size != 2 && size != 3) {
    os << "size " << size << " is not 2 (2D contact) or 3 (3D contact)";
    throw ModelError(os.str());
  }
  if (!std::isfinite(eN) || eN < 0.0 || eN > 1.0) {
    os << "normal restitution coefficient eN = " << eN << " is outside [0, 1]";
    throw ModelError(os.str());
  }
  if (!std::isfinite(eT) || eT < 0.0 || eT > 1.0) {
    os << "tangential restitution coefficient eT = " << eT << " is outside [0, 1]";
    throw ModelError(os.str());
  }
  if (!std::isfinite(mu) || mu < 0.0) {
    os << "friction coefficient mu = " << mu << " must be finite and >= 0";
    throw ModelError(os.str());
  }
}

}  // namespace moreau
