#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace moreau {

namespace {

// Distance from |t| to the next double towards 0 (above, for t = 0): the
// resolution of the times just below |t|.
double spacingAt(double t) {
  const double a = std::abs(t);
  if (a == 0.0) return std::nextafter(0.0, 1.0);
  return a - std::nextafter(a, 0.0);
}

}  // namespace

TimeDiscretisation::TimeDiscretisation(double t0, double h) : t0_(t0), h_(h) {
  if (!std::isfinite(t0) || !std::isfinite(h) || h <= 0.0) {
    std::ostringstream os;
    os << "TimeDiscretisation: invalid (t0, h) = (" << t0 << ", " << h
       << "): need finite values and h > 0";
    throw ModelError(os.str());
  }
  if (t0 + h == t0) {
    std::ostringstream os;
    os << "TimeDiscretisation: the time step h = " << h << " is below the floating-point spacing "
       << spacingAt(t0) << " of the times near t0 = " << t0
       << " (t0 + h == t0: time would not advance)";
    throw ModelError(os.str());
  }
}

std::size_t TimeDiscretisation::numberOfSteps(double T) const {
  const double ratio = (T - t0_) / h_;
  if (!(ratio > 0.0)) return 0;
  const double nearest = std::round(ratio);
  const double steps = std::abs(ratio - nearest) <= 1e-10 * ratio ? nearest : std::ceil(ratio);
  if (!(steps <= kMaxSteps)) {
    std::ostringstream os;
    os.precision(17);
    os << "TimeDiscretisation: the number of steps (T - t0)/h = " << ratio << " from t0 = " << t0_
       << " to T = " << T;
    os.precision(6);
    os << " with h = " << h_
       << " is not representable (at most 2^53 = " << static_cast<unsigned long long>(kMaxSteps)
       << " steps, so that t0 + k h is exact in k)";
    throw ModelError(os.str());
  }
  // Consecutive times t_k must differ: h must not be below the spacing of the
  // doubles near the end of the grid.
  const double tEnd = std::max(std::abs(t0_), std::abs(time(static_cast<std::size_t>(steps))));
  if (!(h_ >= spacingAt(tEnd))) {
    std::ostringstream os;
    os << "TimeDiscretisation: the time step h = " << h_ << " is below the floating-point spacing "
       << spacingAt(tEnd) << " of the times near t = " << tEnd << " (from t0 = " << t0_
       << " to T = " << T << "): consecutive times t_k would not advance";
    throw ModelError(os.str());
  }
  return static_cast<std::size_t>(steps);
}

}  // namespace moreau
