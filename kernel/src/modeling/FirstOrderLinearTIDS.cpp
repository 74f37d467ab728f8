#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearTIDS.hpp>

namespace moreau {

FirstOrderLinearTIDS::FirstOrderLinearTIDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A)
    : FirstOrderLinearDS(x0, A) {}

FirstOrderLinearTIDS::FirstOrderLinearTIDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A,
                                           const Eigen::VectorXd& b)
    : FirstOrderLinearDS(x0, A, b) {}

void FirstOrderLinearTIDS::setComputeAFunction(AFunction /*A*/) {
  throw ModelError(description() +
                   ": A of a time-invariant system is constant (use FirstOrderLinearDS for A(t))");
}

void FirstOrderLinearTIDS::setComputebFunction(BFunction /*b*/) {
  throw ModelError(description() +
                   ": b of a time-invariant system is constant (use FirstOrderLinearDS for b(t))");
}

}  // namespace moreau
