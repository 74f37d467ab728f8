#pragma once
// Linear time-invariant Lagrangian system (Siconos LagrangianLinearTIDS):
//   M dv + (C v + K q) dt = F_ext(t) dt + dr
// with constant M, stiffness K and damping C (dev-notes §1.1.4), i.e.
// F_int = C v + K q, N = 0, ∇_q F_int = K, ∇_v F_int = C, and the forces
// F = F_ext − C v − K q.

#include <moreau/kernel/modeling/LagrangianDS.hpp>

namespace moreau {

/// Linear time-invariant Lagrangian system (Siconos LagrangianLinearTIDS):
/// M dv + (C v + K q) dt = F_ext(t) dt + dr with constant mass M, stiffness K and damping C
/// (ndof × ndof each), i.e. F_int = C v + K q and N = 0.
class LagrangianLinearTIDS : public LagrangianDS {
 public:
  /// K = C = 0.
  LagrangianLinearTIDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                       const Eigen::MatrixXd& M);
  /// Throws ModelError (besides the LagrangianDS checks) when K or C is not
  /// ndof×ndof or not finite.
  LagrangianLinearTIDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                       const Eigen::MatrixXd& M, const Eigen::MatrixXd& K,
                       const Eigen::MatrixXd& C);

  const char* typeName() const override { return "LagrangianLinearTIDS"; }

  /// Stiffness K and damping C (ndof × ndof; zero when not given).
  ///@{
  const Eigen::MatrixXd& K() const { return K_; }
  const Eigen::MatrixXd& C() const { return C_; }
  ///@}
  /// Same checks as the constructor; take effect at the next simulation
  /// initialize().
  ///@{
  void setK(const Eigen::MatrixXd& K);
  void setC(const Eigen::MatrixXd& C);
  ///@}

  bool hasFInt() const override { return true; }
  /// F_int = C v + K q; ∇_q F_int = K; ∇_v F_int = C.
  void computeFInt(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v) override;
  void computeJacobianFIntq(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v) override;
  void computeJacobianFIntqDot(double t, const Eigen::VectorXd& q,
                               const Eigen::VectorXd& v) override;

 protected:
  bool hasLinearForces() const override { return true; }

 private:
  Eigen::MatrixXd K_, C_;
};

}  // namespace moreau
