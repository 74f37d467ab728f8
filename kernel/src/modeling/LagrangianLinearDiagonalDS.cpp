#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/LagrangianLinearDiagonalDS.hpp>

#include <sstream>

namespace moreau {

LagrangianLinearDiagonalDS::LagrangianLinearDiagonalDS(const Eigen::VectorXd& q0,
                                                       const Eigen::VectorXd& v0,
                                                       const Eigen::VectorXd& mass)
    : LagrangianLinearDiagonalDS(q0, v0, Eigen::VectorXd::Zero(q0.size()),
                                 Eigen::VectorXd::Zero(q0.size()), mass) {}

LagrangianLinearDiagonalDS::LagrangianLinearDiagonalDS(const Eigen::VectorXd& q0,
                                                       const Eigen::VectorXd& v0,
                                                       const Eigen::VectorXd& stiffness,
                                                       const Eigen::VectorXd& damping,
                                                       const Eigen::VectorXd& mass)
    : LagrangianDS(q0, v0, DiagonalMassTag{}) {
  checkVector(mass, "the mass diagonal");
  for (Eigen::Index i = 0; i < mass.size(); ++i)
    if (!(mass(i) > 0.0)) {
      std::ostringstream os;
      os << description() << ": mass diagonal entry " << i << " is " << mass(i)
         << " (a diagonal mass must be > 0, otherwise it is singular)";
      throw ModelError(os.str());
    }
  m_ = mass;
  mInv_ = mass.cwiseInverse();
  setStiffness(stiffness);
  setDamping(damping);
}

void LagrangianLinearDiagonalDS::setStiffness(const Eigen::VectorXd& k) {
  checkVector(k, "the stiffness diagonal");
  k_ = k;
}

void LagrangianLinearDiagonalDS::setDamping(const Eigen::VectorXd& c) {
  checkVector(c, "the damping diagonal");
  c_ = c;
}

void LagrangianLinearDiagonalDS::computeFInt(double /*t*/, const Eigen::VectorXd& q,
                                             const Eigen::VectorXd& v) {
  checkVector(q, "the position passed to computeFInt");
  checkVector(v, "the velocity passed to computeFInt");
  fIntBuffer() = c_.cwiseProduct(v) + k_.cwiseProduct(q);
}

void LagrangianLinearDiagonalDS::computeJacobianFIntq(double /*t*/, const Eigen::VectorXd& /*q*/,
                                                      const Eigen::VectorXd& /*v*/) {
  jacobianFIntqBuffer() = k_.asDiagonal();
}

void LagrangianLinearDiagonalDS::computeJacobianFIntqDot(double /*t*/, const Eigen::VectorXd& /*q*/,
                                                         const Eigen::VectorXd& /*v*/) {
  jacobianFIntqDotBuffer() = c_.asDiagonal();
}

void LagrangianLinearDiagonalDS::fillDenseMass(Eigen::MatrixXd& M) const { M = m_.asDiagonal(); }

}  // namespace moreau
