#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearDS.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <utility>

namespace moreau {

FirstOrderLinearDS::FirstOrderLinearDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A)
    : FirstOrderNonLinearDS(x0) {
  isLinear_ = true;
  b_ = Eigen::VectorXd::Zero(n());
  setAPtr(A);
}

FirstOrderLinearDS::FirstOrderLinearDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A,
                                       const Eigen::VectorXd& b)
    : FirstOrderLinearDS(x0, A) {
  setbPtr(b);
}

FirstOrderLinearDS::FirstOrderLinearDS(const Eigen::VectorXd& x0, AFunction A, BFunction b)
    : FirstOrderNonLinearDS(x0) {
  isLinear_ = true;
  A_ = Eigen::MatrixXd::Zero(n(), n());
  b_ = Eigen::VectorXd::Zero(n());
  if (!A) throw ModelError(description() + ": the A(t) function is empty");
  aFunction_ = std::move(A);
  if (b) {
    bFunction_ = std::move(b);
    hasb_ = true;
  }
}

FirstOrderLinearDS::FirstOrderLinearDS(const Eigen::VectorXd& x0, const std::string& APlugin,
                                       const std::string& bPlugin)
    : FirstOrderLinearDS(x0, PluginLoader::matrixOfTime(APlugin),
                         bPlugin.empty() ? BFunction{} : PluginLoader::vectorOfTime(bPlugin)) {}

void FirstOrderLinearDS::setAPtr(const Eigen::MatrixXd& A) {
  checkMatrixSize(A, n(), n(), "the matrix A");
  aFunction_ = nullptr;
  A_ = A;
}

void FirstOrderLinearDS::setbPtr(const Eigen::VectorXd& b) {
  checkVectorSize(b, "the vector b");
  bFunction_ = nullptr;
  b_ = b;
  hasb_ = true;
}

void FirstOrderLinearDS::setComputeAFunction(AFunction A) {
  if (!A) throw ModelError(description() + ": the A(t) function is empty");
  aFunction_ = std::move(A);
}

void FirstOrderLinearDS::setComputeAFunction(const std::string& plugin) {
  setComputeAFunction(PluginLoader::matrixOfTime(plugin));
}

void FirstOrderLinearDS::setComputebFunction(BFunction b) {
  bFunction_ = std::move(b);
  hasb_ = static_cast<bool>(bFunction_);
  if (!hasb_) b_.setZero();
}

void FirstOrderLinearDS::setComputebFunction(const std::string& plugin) {
  setComputebFunction(PluginLoader::vectorOfTime(plugin));
}

void FirstOrderLinearDS::computeA(double t) {
  if (!aFunction_) return;
  aFunction_(t, z(), A_);
  checkOutput(A_, n(), n(), "the matrix A(t)", t);
}

void FirstOrderLinearDS::computeb(double t) {
  if (!bFunction_) return;
  bFunction_(t, z(), b_);
  checkOutput(b_, "the vector b(t)", t);
}

void FirstOrderLinearDS::computef(double t, const Eigen::VectorXd& state) {
  checkVectorSize(state, "the state passed to computef");
  computeA(t);
  computeb(t);
  Eigen::VectorXd& f = fBuffer();
  f.noalias() = A_ * state;
  if (hasb_) f += b_;
}

void FirstOrderLinearDS::computeJacobianfx(double t, const Eigen::VectorXd& state) {
  checkVectorSize(state, "the state passed to computeJacobianfx");
  computeA(t);
  jacobianfxBuffer() = A_;
}

}  // namespace moreau
