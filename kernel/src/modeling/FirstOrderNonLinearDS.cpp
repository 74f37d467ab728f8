#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderNonLinearDS.hpp>
#include <moreau/kernel/utils/FiniteDifference.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include "../utils/DSChecks.hpp"

#include <sstream>
#include <stdexcept>
#include <utility>

namespace moreau {

using detail::sizeOf;

FirstOrderNonLinearDS::FirstOrderNonLinearDS(const Eigen::VectorXd& x0) { init(x0); }

FirstOrderNonLinearDS::FirstOrderNonLinearDS(const Eigen::VectorXd& x0, FFunction f,
                                             JacobianFxFunction jacobianfx) {
  init(x0);
  fFunction_ = std::move(f);
  jacobianfxFunction_ = std::move(jacobianfx);
}

FirstOrderNonLinearDS::FirstOrderNonLinearDS(const Eigen::VectorXd& x0, const std::string& fPlugin,
                                             const std::string& jacobianfxPlugin) {
  init(x0);
  setComputeFFunction(fPlugin);
  if (!jacobianfxPlugin.empty()) setComputeJacobianfxFunction(jacobianfxPlugin);
}

void FirstOrderNonLinearDS::init(const Eigen::VectorXd& x0) {
  if (x0.size() == 0)
    throw ModelError(std::string(typeName()) + ": x0 is empty (the state size n must be >= 1)");
  if (!x0.allFinite())
    throw ModelError(std::string(typeName()) + ": x0 (size " + std::to_string(x0.size()) +
                     ") has a non-finite entry");
  const Eigen::Index n = x0.size();
  x0_ = x0;
  x_ = x0;
  xMemory_ = x0;
  xFree_ = x0;
  f_ = Eigen::VectorXd::Zero(n);
  rhs_ = Eigen::VectorXd::Zero(n);
  for (auto& r : r_) r = Eigen::VectorXd::Zero(n);
  jacobianfx_ = Eigen::MatrixXd::Zero(n, n);
  M_ = Eigen::MatrixXd::Identity(n, n);
}

void FirstOrderNonLinearDS::setX0(const Eigen::VectorXd& x0) {
  checkVectorSize(x0, "x0");
  x0_ = x0;
  x_ = x0;
  xMemory_ = x0;
}

const Eigen::VectorXd& FirstOrderNonLinearDS::r(unsigned level) const {
  if (level >= r_.size())
    throw std::out_of_range(description() + ": r level " + std::to_string(level) +
                            " out of range [0, 2]");
  return r_[level];
}

Eigen::VectorXd& FirstOrderNonLinearDS::r(unsigned level) {
  return const_cast<Eigen::VectorXd&>(static_cast<const FirstOrderNonLinearDS&>(*this).r(level));
}

void FirstOrderNonLinearDS::swapInMemory() { xMemory_ = x_; }

void FirstOrderNonLinearDS::checkState() const {
  detail::checkStateVector([this] { return description(); }, x_, n(), "x", "n");
}

// ---- f and ∇ₓf ----------------------------------------------------------

void FirstOrderNonLinearDS::setComputeFFunction(FFunction f) {
  if (isLinear_)
    throw ModelError(description() + ": f of a linear system is A x + b; set A and b instead");
  fFunction_ = std::move(f);
}

void FirstOrderNonLinearDS::setComputeFFunction(const std::string& plugin) {
  setComputeFFunction(PluginLoader::firstOrderF(plugin));
}

void FirstOrderNonLinearDS::setComputeJacobianfxFunction(JacobianFxFunction jacobianfx) {
  if (isLinear_)
    throw ModelError(description() + ": the Jacobian of a linear system is A; set A instead");
  jacobianfxFunction_ = std::move(jacobianfx);
}

void FirstOrderNonLinearDS::setComputeJacobianfxFunction(const std::string& plugin) {
  setComputeJacobianfxFunction(PluginLoader::firstOrderJacobian(plugin));
}

bool FirstOrderNonLinearDS::hasJacobianfx() const {
  return static_cast<bool>(jacobianfxFunction_) || (hasf() && jacobianByFiniteDifferences());
}

void FirstOrderNonLinearDS::computef(double t, const Eigen::VectorXd& state) {
  if (!fFunction_)
    throw ModelError(description() +
                     ": the vector field f is not set (setComputeFFunction or a constructor "
                     "taking f)");
  checkVectorSize(state, "the state passed to computef");
  fFunction_(t, state, z(), f_);
  checkOutput(f_, "the vector field f", t);
}

void FirstOrderNonLinearDS::computeJacobianfx(double t, const Eigen::VectorXd& state) {
  checkVectorSize(state, "the state passed to computeJacobianfx");
  if (jacobianfxFunction_) {
    jacobianfxFunction_(t, state, z(), jacobianfx_);
    checkOutput(jacobianfx_, n(), n(), "the Jacobian jacobianfx = ∇ₓf", t);
    return;
  }
  if (!fFunction_)
    throw ModelError(description() + ": cannot compute jacobianfx = ∇ₓf: f is not set");
  if (!jacobianByFiniteDifferences())
    throw ModelError(description() +
                     ": the Jacobian jacobianfx = ∇ₓf is not set (setComputeJacobianfxFunction), "
                     "and finite differences were not requested "
                     "(setJacobianByFiniteDifferences(true))");
  FiniteDifference fd;
  fd.jacobian(
      [&](const Eigen::VectorXd& xs, Eigen::VectorXd& out) {
        fFunction_(t, xs, z(), out);
        checkOutput(out, "the vector field f (finite differences)", t);
      },
      state, jacobianfx_);
  checkOutput(jacobianfx_, n(), n(), "the finite-difference Jacobian ∇ₓf", t);
}

// ---- mass -----------------------------------------------------------------

void FirstOrderNonLinearDS::setMPtr(const Eigen::MatrixXd& M) {
  checkMatrixSize(M, n(), n(), "the mass matrix M");
  double ratio = 0;
  if (detail::isSingular(M, &ratio)) {
    std::ostringstream os;
    os << description() << ": the mass matrix M (" << sizeOf(M)
       << ") is singular (smallest LU pivot / largest entry = " << ratio << ")";
    throw ModelError(os.str());
  }
  mFunction_ = nullptr;
  M_ = M;
  hasM_ = true;
}

void FirstOrderNonLinearDS::setComputeMFunction(MFunction M) {
  mFunction_ = std::move(M);
  hasM_ = static_cast<bool>(mFunction_);
  mChecked_ = false;
  if (!hasM_) M_.setIdentity();
}

void FirstOrderNonLinearDS::setComputeMFunction(const std::string& plugin) {
  setComputeMFunction(PluginLoader::firstOrderJacobian(plugin));
}

void FirstOrderNonLinearDS::computeM(double t, const Eigen::VectorXd& state) {
  if (!mFunction_) return;
  checkVectorSize(state, "the state passed to computeM");
  mFunction_(t, state, z(), M_);
  checkOutput(M_, n(), n(), "the mass matrix M", t);
  if (!mChecked_) {
    double ratio = 0;
    if (detail::isSingular(M_, &ratio)) {
      std::ostringstream os;
      os << description() << ": the mass function returned a singular " << sizeOf(M_)
         << " matrix at t = " << t << " (smallest LU pivot / largest entry = " << ratio << ")";
      throw ModelError(os.str());
    }
    mChecked_ = true;
  }
}

void FirstOrderNonLinearDS::computeRhs(double t) {
  computeM(t);
  computef(t);
  rhs_ = f_ + r_[0];
  if (hasM_) {
    Eigen::PartialPivLU<Eigen::MatrixXd> lu(M_);
    rhs_ = lu.solve(rhs_);
    if (!rhs_.allFinite()) {
      std::ostringstream os;
      os << description() << ": M is singular at t = " << t << " (rhs = M⁻¹(f + r) not finite)";
      throw ModelError(os.str());
    }
  }
}

// ---- checks ---------------------------------------------------------------

void FirstOrderNonLinearDS::checkVectorSize(const Eigen::VectorXd& v, const char* what) const {
  if (v.size() != n())
    throw ModelError(description() + ": " + what + " has size " + std::to_string(v.size()) +
                     ", expected n = " + std::to_string(n()));
  if (!v.allFinite()) throw ModelError(description() + ": " + what + " has a non-finite entry");
}

void FirstOrderNonLinearDS::checkMatrixSize(const Eigen::MatrixXd& A, Eigen::Index rows,
                                            Eigen::Index cols, const char* what) const {
  if (A.rows() != rows || A.cols() != cols)
    throw ModelError(description() + ": " + what + " is " + sizeOf(A) + ", expected " +
                     std::to_string(rows) + "x" + std::to_string(cols));
  if (!A.allFinite()) throw ModelError(description() + ": " + what + " has a non-finite entry");
}

void FirstOrderNonLinearDS::checkOutput(Eigen::MatrixXd& out, Eigen::Index rows, Eigen::Index cols,
                                        const char* what, double t) const {
  if (out.rows() != rows || out.cols() != cols) {
    std::ostringstream os;
    os << description() << ": the user function for " << what << " resized its output to "
       << sizeOf(out) << " at t = " << t << " (expected " << rows << "x" << cols << ")";
    out = Eigen::MatrixXd::Zero(rows, cols);  // keep the buffer usable
    throw ModelError(os.str());
  }
  if (!out.allFinite()) {
    std::ostringstream os;
    os << description() << ": the user function for " << what
       << " returned a non-finite value at t = " << t;
    throw ModelError(os.str());
  }
}

void FirstOrderNonLinearDS::checkOutput(Eigen::VectorXd& out, const char* what, double t) const {
  if (out.size() != n()) {
    std::ostringstream os;
    os << description() << ": the user function for " << what << " resized its output to "
       << out.size() << " at t = " << t << " (expected n = " << n() << ")";
    out = Eigen::VectorXd::Zero(n());  // keep the buffer usable
    throw ModelError(os.str());
  }
  if (!out.allFinite()) {
    std::ostringstream os;
    os << description() << ": the user function for " << what
       << " returned a non-finite value at t = " << t;
    throw ModelError(os.str());
  }
}

}  // namespace moreau
