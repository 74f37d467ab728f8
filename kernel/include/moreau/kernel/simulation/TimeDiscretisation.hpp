#pragma once
// Uniform time grid t_k = t0 + k h (Siconos TimeDiscretisation). Times are
// computed by multiplication, so they do not drift.

#include <cstddef>

namespace moreau {

class TimeDiscretisation {
 public:
  /// Throws ModelError when t0 is not finite or h is not finite or h <= 0.
  TimeDiscretisation(double t0, double h);

  double h() const { return h_; }
  double t0() const { return t0_; }
  /// t0 + k h.
  double time(std::size_t k) const { return t0_ + static_cast<double>(k) * h_; }
  /// Number of steps to reach T from t0: (T - t0)/h rounded to the nearest
  /// integer when it is within 1e-10 (relative) of it, rounded up otherwise.
  std::size_t numberOfSteps(double T) const;

 private:
  double t0_, h_;
};

}  // namespace moreau
