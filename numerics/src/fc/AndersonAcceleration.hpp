#pragma once
// Internal (not installed): Anderson acceleration of the NSGS sweeps
// (SolverOptions::fcAndersonDepth; docs/numerics/friction-contact-local.md, "Anderson
// acceleration"). The sweep is a fixed-point map g = G(x); with the last m differences of
// the residuals f = G(x) − x and of the images g, the next iterate is
// g − ΔG γ with γ = argmin ‖f − ΔF γ‖ (type II), and the history restarts whenever ‖f‖ does
// not decrease (the safeguard). The caller projects the result on the cones. Allocates in
// resize() only; deterministic.

#include "NsgsKernel.hpp"

#include <Eigen/Dense>

#include <algorithm>

namespace moreau::numerics::fcdetail {

class AndersonAcceleration {
 public:
  /// Largest depth m.
  static constexpr int kMaxDepth = 10;
  /// Sweeps before the acceleration starts (NsgsKernel.hpp).
  static constexpr int kPlainSweeps = kNsgsPlainSweeps;

  /// depth in [1, kMaxDepth], n the problem size (allocates when either changes).
  void resize(int depth, Eigen::Index n) {
    depth_ = std::clamp(depth, 1, kMaxDepth);
    if (x_.size() != n || dF_.cols() != depth_) {
      x_.resize(n);
      f_.resize(n);
      fPrev_.resize(n);
      gPrev_.resize(n);
      dF_.resize(n, depth_);
      dG_.resize(n, depth_);
    }
    restart();
  }

  /// Forgets the history (the next two sweeps are plain).
  void restart() {
    havePrevious_ = false;
    columns_ = 0;
    next_ = 0;
  }

  /// Before a sweep: the iterate x it starts from.
  void beginSweep(const Eigen::VectorXd& r) { x_ = r; }

  /// After the sweep, r = G(x). Returns true when r was replaced by the extrapolated
  /// iterate (to be projected by the caller), false when it is left as G(x).
  bool accelerate(Eigen::VectorXd& r) {
    f_ = r - x_;
    const double norm = f_.norm();
    const bool extrapolate = havePrevious_ && norm < previousNorm_;
    if (!extrapolate) {
      restart();  // first sweep, or ‖f‖ did not decrease: the history starts from here
    } else {
      dF_.col(next_) = f_ - fPrev_;
      dG_.col(next_) = r - gPrev_;
      next_ = (next_ + 1) % depth_;
      columns_ = std::min(columns_ + 1, depth_);
    }
    f_.swap(fPrev_);  // fPrev_ = this sweep's f (f_ is rewritten at the next call)
    gPrev_ = r;
    havePrevious_ = true;
    previousNorm_ = norm;
    if (!extrapolate) return false;
    // Normal equations of the least-squares problem, slightly regularized (columns
    // nearly dependent); m ≤ kMaxDepth, so no heap. f = fPrev_ from here.
    Small normal(columns_, columns_);
    SmallVector rhs(columns_);
    for (int a = 0; a < columns_; ++a) {
      rhs(a) = dF_.col(a).dot(fPrev_);
      for (int b = 0; b <= a; ++b) normal(a, b) = normal(b, a) = dF_.col(a).dot(dF_.col(b));
    }
    const double scale = normal.trace();
    if (!(scale > 0.0)) return false;
    normal.diagonal().array() += 1e-12 * scale;
    const SmallVector gamma = normal.ldlt().solve(rhs);
    if (!gamma.allFinite()) return false;
    for (int a = 0; a < columns_; ++a) r.noalias() -= gamma(a) * dG_.col(a);
    return true;
  }

 private:
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxDepth, kMaxDepth>;
  using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxDepth, 1>;

  int depth_ = 1;
  Eigen::VectorXd x_, f_, fPrev_, gPrev_;
  Eigen::MatrixXd dF_, dG_;  // ring of the last depth_ differences (column next_ is the oldest)
  int columns_ = 0;
  int next_ = 0;
  bool havePrevious_ = false;
  double previousNorm_ = 0.0;
};

}  // namespace moreau::numerics::fcdetail
