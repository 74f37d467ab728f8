#pragma once
// Uniform time grid t_k = t0 + k h (Siconos TimeDiscretisation). Times are
// computed by multiplication, so they do not drift.

#include <cstddef>

namespace moreau {

/// Uniform time grid t_k = t0 + k h (Siconos TimeDiscretisation); h > 0 in the model's time unit.
class TimeDiscretisation {
 public:
  /// Largest number of steps: 2^53, so that k and t0 + k h are exact in k.
  static constexpr double kMaxSteps = 9007199254740992.0;

  /// Throws ModelError when t0 is not finite or h is not finite or h <= 0, or
  /// when t0 + h == t0 in floating point (h below the spacing of the doubles
  /// near t0: time would never advance).
  TimeDiscretisation(double t0, double h);

  /// Time step h (> 0).
  double h() const { return h_; }
  /// Initial time t0.
  double t0() const { return t0_; }
  /// t0 + k h.
  double time(std::size_t k) const { return t0_ + static_cast<double>(k) * h_; }
  /// Number of steps to reach T from t0: (T - t0)/h rounded to the nearest
  /// integer when it is within 1e-10 (relative) of it, rounded up otherwise;
  /// 0 when T <= t0. Throws ModelError naming t0, T and h when that number
  /// exceeds kMaxSteps (e.g. h = 1e-300, T = 10) or when h is below the
  /// spacing of the doubles near the end of the grid (consecutive times equal).
  std::size_t numberOfSteps(double T) const;

 private:
  double t0_, h_;
};

}  // namespace moreau
