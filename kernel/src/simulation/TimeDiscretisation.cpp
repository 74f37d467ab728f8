#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <cmath>
#include <sstream>

namespace moreau {

TimeDiscretisation::TimeDiscretisation(double t0, double h) : t0_(t0), h_(h) {
  if (!std::isfinite(t0) || !std::isfinite(h) || h <= 0.0) {
    std::ostringstream os;
    os << "TimeDiscretisation: invalid (t0, h) = (" << t0 << ", " << h
       << "): need finite values and h > 0";
    throw ModelError(os.str());
  }
}

std::size_t TimeDiscretisation::numberOfSteps(double T) const {
  const double ratio = (T - t0_) / h_;
  if (!(ratio > 0.0)) return 0;
  const double nearest = std::round(ratio);
  if (std::abs(ratio - nearest) <= 1e-10 * ratio) return static_cast<std::size_t>(nearest);
  return static_cast<std::size_t>(std::ceil(ratio));
}

}  // namespace moreau
