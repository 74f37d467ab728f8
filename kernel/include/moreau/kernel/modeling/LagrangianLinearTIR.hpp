#pragma once
// Linear time-invariant Lagrangian relation (Siconos LagrangianLinearTIR,
// simulation.md §2.7.4):
//   y = C q + F z + D λ + e,   ẏ = C v + D λ,   p = Cᵀ λ
// where q = [q_ds1; q_ds2] stacks the coordinates of the linked systems in
// link order, so C (also called H) has Σ ndof columns, and z stacks their z
// vectors. D (m × m) and F (m × Σ size(z)) are optional (zero).

#include <moreau/kernel/modeling/LagrangianR.hpp>

namespace moreau {

/// Linear time-invariant Lagrangian relation (Siconos LagrangianLinearTIR):
/// y = C q + F z + D λ + e, ẏ = C v + D λ, p = Cᵀ λ, where q stacks the coordinates of the linked
/// systems in link order (C, also called H, has Σ ndof columns) and z their z vectors. D (m × m)
/// and F (m × Σ size(z)) are optional (zero). Typical use: a gap y = H q ≥ 0 with NewtonImpactNSL.
class LagrangianLinearTIR : public LagrangianR {
 public:
  /// e = 0. Throws ModelError when H is empty or not finite.
  explicit LagrangianLinearTIR(const Eigen::MatrixXd& H);
  /// y = H q + b. Throws ModelError when b.size() != H.rows() or an entry is
  /// not finite.
  LagrangianLinearTIR(const Eigen::MatrixXd& H, const Eigen::VectorXd& b);
  /// y = C q + F z + D λ + e. D must be m × m (or empty: zero), F must have m
  /// rows (or be empty: no z term; its column count is checked at link
  /// against the linked systems' z), e of size m.
  LagrangianLinearTIR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& D, const Eigen::MatrixXd& F,
                      const Eigen::VectorXd& e);

  const char* typeName() const override { return "LagrangianLinearTIR"; }
  Eigen::Index outputSize() const override { return H_.rows(); }
  Eigen::Index inputSize() const override { return H_.cols(); }
  bool hasConstantJacobians() const override { return true; }
  bool hasJachlambda() const override { return hasD_; }

  using LagrangianR::jachq;
  /// H = C = ∇_q y.
  ///@{
  const Eigen::MatrixXd& jachq() const { return H_; }
  const Eigen::MatrixXd& C() const { return H_; }
  ///@}
  /// b = e.
  ///@{
  const Eigen::VectorXd& b() const { return b_; }
  const Eigen::VectorXd& e() const { return b_; }
  ///@}
  /// D (m × m, zero when not given) and F (empty when not given).
  ///@{
  const Eigen::MatrixXd& D() const { return D_; }
  const Eigen::MatrixXd& F() const { return F_; }
  ///@}

  /// Level 0: y(0) = C q + F z + D λ(0) + e; level 1: y(1) = C v + D λ(1).
  void computeOutput(double t, Interaction& inter, unsigned level) override;
  /// Constant: no-op (initialize copies C and D into the workspace).
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  void initializeWorkspace(Interaction& inter) override;

 private:
  Eigen::MatrixXd H_, D_, F_;
  Eigen::VectorXd b_;
  bool hasD_ = false;
};

}  // namespace moreau
