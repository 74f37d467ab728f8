#pragma once
// Relay law (Siconos RelayNSL, dev-notes §1.3 "MLCP box/normal cone"):
//   −y ∈ N_[lb, ub](λ)   componentwise, i.e. λ ∈ [lb, ub] and
//   y ≥ 0 where λ = lb, y ≤ 0 where λ = ub, y = 0 in between.
// Numerics: Relay.

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

#include <Eigen/Dense>

namespace moreau {

/// Relay law (Siconos RelayNSL): −y ∈ N_[lb, ub](λ) componentwise, i.e. λ ∈ [lb, ub] and y ≥ 0
/// where λ = lb, y ≤ 0 where λ = ub, y = 0 in between (e.g. ideal switches, Coulomb friction in
/// 1D). Numerics: Relay.
class RelayNSL : public NonSmoothLaw {
 public:
  /// Same bounds for every component. ModelError when size == 0, a bound is
  /// NaN, or lb > ub (infinite bounds are allowed).
  explicit RelayNSL(unsigned size, double lb = -1.0, double ub = 1.0);
  /// Bounds per component (vectors of size `size`).
  RelayNSL(unsigned size, const Eigen::VectorXd& lb, const Eigen::VectorXd& ub);

  const char* typeName() const override { return "RelayNSL"; }
  NumericsProblemKind problemKind() const override { return NumericsProblemKind::Relay; }
  /// Lower and upper bounds of λ (size(); infinite values allowed, lb ≤ ub).
  ///@{
  const Eigen::VectorXd& lb() const { return lb_; }
  const Eigen::VectorXd& ub() const { return ub_; }
  ///@}

 private:
  void check() const;
  Eigen::VectorXd lb_, ub_;
};

}  // namespace moreau
