#pragma once
// Linear time-invariant Lagrangian system (Siconos LagrangianLinearTIDS):
//   M dv + (C v + K q) dt = F_ext(t) dt + dr
// with constant M, stiffness K and damping C (dev-notes §1.1.4).

#include <moreau/kernel/modeling/LagrangianDS.hpp>

namespace moreau {

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

  const Eigen::MatrixXd& K() const { return K_; }
  const Eigen::MatrixXd& C() const { return C_; }
  /// Same checks as the constructor; take effect at the next simulation
  /// initialize().
  void setK(const Eigen::MatrixXd& K);
  void setC(const Eigen::MatrixXd& C);

 private:
  Eigen::MatrixXd K_, C_;
};

}  // namespace moreau
