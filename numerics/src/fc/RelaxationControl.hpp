#pragma once
// Internal (not installed): the adaptive over-relaxation of NSGS
// (SolverOptions::fcAdaptiveRelaxation; docs/numerics/friction-contact-local.md,
// "Adaptive relaxation"). Fed the size ‖Δr‖ of each sweep's change, it returns the
// factor ω of the next sweep. Plain arithmetic on the values it is given: the same
// sequence gives the same factors (deterministic), and it allocates nothing.

#include "NsgsKernel.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::numerics::fcdetail {

class RelaxationControl {
 public:
  /// Sweeps that stay plain Gauss–Seidel whatever the rate (NsgsKernel.hpp).
  static constexpr int kPlainSweeps = kNsgsPlainSweeps;
  /// Ratios in a window: the rate of a window is the geometric mean of its sweep-to-sweep
  /// ratios ‖Δr_k‖ / ‖Δr_{k−1}‖.
  static constexpr int kWindow = 8;
  /// Rates below this converge fast enough: ω is not raised.
  static constexpr double kSlowRate = 0.6;
  /// A window with a ratio above this is too erratic to extrapolate from (the active set
  /// is still changing): ω is not raised.
  static constexpr double kErraticRatio = 1.05;
  /// A window at ω > 1 with a mean rate above 1, or a ratio above this, is diverging.
  static constexpr double kDivergingRatio = 1.5;
  /// ω is raised while the rate exceeds ω − 1 by more than this.
  static constexpr double kMargin = 0.05;
  /// The largest ω.
  static constexpr double kCap = 1.9;

  /// Back to the state of a new control (ω = 1, unlocked, no sweep recorded).
  void reset() { *this = RelaxationControl(); }

  double omega() const { return omega_; }
  bool locked() const { return locked_; }

  /// ω = 1 from now on (the iterate to return comes from plain sweeps). Returns 1.
  double polish() {
    omega_ = 1.0;
    lastOmega_ = 1.0;
    locked_ = true;
    restartWindow();
    return omega_;
  }

  /// The change of the sweep just done, ‖Δr‖ (the sweep used omega()). Returns the ω of
  /// the next sweep.
  double record(double change) {
    if (++sweeps_ <= kPlainSweeps) return omega_;
    if (!(change > 0.0) || !std::isfinite(change)) {  // exact fixed point, or nonsense
      previous_ = -1.0;
      count_ = 0;
      return omega_;
    }
    if (previous_ > 0.0) {
      const double ratio = change / previous_;
      logSum_ += std::log(ratio);
      maxRatio_ = std::max(maxRatio_, ratio);
      ++count_;
    }
    previous_ = change;
    if (count_ < kWindow) return omega_;
    const double rate = std::exp(logSum_ / count_);
    if (omega_ > 1.0 && (rate > 1.0 || maxRatio_ > kDivergingRatio)) {
      // Growing while over-relaxed: back to the factor before the last increase, kept.
      omega_ = lastOmega_;
      lastOmega_ = 1.0;
      locked_ = true;
    } else if (lastOmega_ > 1.0 && omega_ > lastOmega_ && rate > lastRate_) {
      // A second or later increase made the rate worse: back to the factor before it,
      // kept. (The first one, from ω = 1, is judged by divergence only: plain Gauss–Seidel
      // slows down as it goes, so its earlier rate is no fair reference.)
      omega_ = lastOmega_;
      locked_ = true;
    } else if (!locked_ && maxRatio_ <= kErraticRatio && rate >= kSlowRate &&
               rate > omega_ - 1.0 + kMargin) {
      // Young's relation for a consistently ordered matrix, taken as a model: SOR at ω
      // with rate λ ≥ ω − 1 has the Jacobi rate ρ_J = (λ + ω − 1) / (ω √λ), and the best
      // factor is ω* = 2 / (1 + √(1 − ρ_J²)). ω only grows (a rate near ω − 1 says ω is at
      // or past ω*), up to kCap.
      const double rhoJ = std::min((rate + omega_ - 1.0) / (omega_ * std::sqrt(rate)), 1.0);
      const double best = std::min(2.0 / (1.0 + std::sqrt(1.0 - rhoJ * rhoJ)), kCap);
      if (best > omega_ + 0.02) {
        lastOmega_ = omega_;
        lastRate_ = rate;
        omega_ = best;
      }
    }
    restartWindow();
    return omega_;
  }

 private:
  void restartWindow() {
    // The first ratio after a change of ω compares sweeps of different ω: not counted.
    previous_ = -1.0;
    logSum_ = 0.0;
    maxRatio_ = 0.0;
    count_ = 0;
  }

  double omega_ = 1.0;
  double lastOmega_ = 1.0;  // the factor before the last increase
  double lastRate_ = 1.0;   // the rate measured at lastOmega_ (1: not measured)
  bool locked_ = false;     // an increase was undone, or polish(): ω stays
  int sweeps_ = 0;
  double previous_ = -1.0;
  double logSum_ = 0.0;
  double maxRatio_ = 0.0;
  int count_ = 0;
};

}  // namespace moreau::numerics::fcdetail
