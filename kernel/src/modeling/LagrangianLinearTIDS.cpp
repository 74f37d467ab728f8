#include <moreau/kernel/modeling/LagrangianLinearTIDS.hpp>

namespace moreau {

LagrangianLinearTIDS::LagrangianLinearTIDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                                           const Eigen::MatrixXd& M)
    : LagrangianDS(q0, v0, M),
      K_(Eigen::MatrixXd::Zero(q0.size(), q0.size())),
      C_(Eigen::MatrixXd::Zero(q0.size(), q0.size())) {}

LagrangianLinearTIDS::LagrangianLinearTIDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                                           const Eigen::MatrixXd& M, const Eigen::MatrixXd& K,
                                           const Eigen::MatrixXd& C)
    : LagrangianDS(q0, v0, M) {
  setK(K);
  setC(C);
}

void LagrangianLinearTIDS::setK(const Eigen::MatrixXd& K) {
  checkSquareMatrix(K, "the stiffness matrix K");
  K_ = K;
}

void LagrangianLinearTIDS::setC(const Eigen::MatrixXd& C) {
  checkSquareMatrix(C, "the damping matrix C");
  C_ = C;
}

void LagrangianLinearTIDS::computeFInt(double /*t*/, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& v) {
  checkVector(q, "the position passed to computeFInt");
  checkVector(v, "the velocity passed to computeFInt");
  Eigen::VectorXd& f = fIntBuffer();
  f.noalias() = C_ * v;
  f.noalias() += K_ * q;
}

void LagrangianLinearTIDS::computeJacobianFIntq(double /*t*/, const Eigen::VectorXd& /*q*/,
                                                const Eigen::VectorXd& /*v*/) {
  jacobianFIntqBuffer() = K_;
}

void LagrangianLinearTIDS::computeJacobianFIntqDot(double /*t*/, const Eigen::VectorXd& /*q*/,
                                                   const Eigen::VectorXd& /*v*/) {
  jacobianFIntqDotBuffer() = C_;
}

}  // namespace moreau
