#pragma once
// Linear time-invariant Lagrangian system with DIAGONAL mass, stiffness and
// damping (Siconos LagrangianLinearDiagonalDS), e.g. many identical bodies or
// a modal basis:
//   diag(m) dv + (diag(c) v + diag(k) q) dt = F_ext(t) dt + dr
// Only the three diagonals are stored (O(ndof) memory); M⁻¹ is the
// element-wise inverse. Equivalent to LagrangianLinearTIDS(q0, v0, diag(m),
// diag(k), diag(c)) on the same data.

#include <moreau/kernel/modeling/LagrangianDS.hpp>

namespace moreau {

/// Linear time-invariant Lagrangian system with diagonal mass, stiffness and damping (Siconos
/// LagrangianLinearDiagonalDS), e.g. many identical bodies or a modal basis:
/// diag(m) dv + (diag(c) v + diag(k) q) dt = F_ext(t) dt + dr. Only the three diagonals are
/// stored (O(ndof) memory); equivalent to LagrangianLinearTIDS(q0, v0, diag(m), diag(k), diag(c)).
class LagrangianLinearDiagonalDS : public LagrangianDS {
 public:
  /// Mass diagonal only (K = C = 0). ModelError when sizes differ, an entry is
  /// not finite, or a mass entry is ≤ 0 (a diagonal mass must be positive).
  LagrangianLinearDiagonalDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                             const Eigen::VectorXd& mass);
  /// Siconos argument order (stiffness, damping, mass), all diagonals.
  LagrangianLinearDiagonalDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                             const Eigen::VectorXd& stiffness, const Eigen::VectorXd& damping,
                             const Eigen::VectorXd& mass);

  const char* typeName() const override { return "LagrangianLinearDiagonalDS"; }

  bool hasDiagonalMass() const override { return true; }
  /// Mass diagonal m (size ndof, entries > 0).
  const Eigen::VectorXd& massDiagonal() const { return m_; }
  /// 1 / m, element-wise (the inverse mass).
  const Eigen::VectorXd& inverseMassDiagonal() const { return mInv_; }
  /// Stiffness diagonal k and damping diagonal c (size ndof).
  ///@{
  const Eigen::VectorXd& stiffnessDiagonal() const { return k_; }
  const Eigen::VectorXd& dampingDiagonal() const { return c_; }
  ///@}
  /// Replace k or c (size ndof, finite; ModelError otherwise).
  ///@{
  void setStiffness(const Eigen::VectorXd& k);
  void setDamping(const Eigen::VectorXd& c);
  ///@}

  bool hasFInt() const override { return true; }
  /// F_int = c∘v + k∘q; ∇_q F_int = diag(k); ∇_v F_int = diag(c) (dense n×n).
  void computeFInt(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v) override;
  void computeJacobianFIntq(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v) override;
  void computeJacobianFIntqDot(double t, const Eigen::VectorXd& q,
                               const Eigen::VectorXd& v) override;

 protected:
  bool hasLinearForces() const override { return true; }
  void fillDenseMass(Eigen::MatrixXd& M) const override;

 private:
  Eigen::VectorXd m_, mInv_, k_, c_;
};

}  // namespace moreau
