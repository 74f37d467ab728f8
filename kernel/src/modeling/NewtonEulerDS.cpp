// Newton–Euler rigid body; equations in docs/theory/newton-euler.md §2.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau {

namespace qt = quaternion;

NewtonEulerDS::NewtonEulerDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& twist0, double mass,
                             const Eigen::Matrix3d& inertia)
    : mass_(mass), inertia_(inertia) {
  checkVector(q0, qDim, "q0");
  checkVector(twist0, twistDim, "twist0");
  const double n = q0.segment<4>(3).norm();
  if (std::abs(n - 1.0) > 1e-6) {
    std::ostringstream os;
    os << description() << ": the quaternion of q0 has norm " << n
       << " (a unit quaternion is required, tolerance 1e-6)";
    throw ModelError(os.str());
  }
  if (!(mass > 0.0) || !std::isfinite(mass)) {
    std::ostringstream os;
    os << description() << ": the mass " << mass << " must be finite and > 0";
    throw ModelError(os.str());
  }
  if (!inertia.allFinite() || (inertia - inertia.transpose()).cwiseAbs().maxCoeff() >
                                  1e-12 * std::max(1.0, inertia.cwiseAbs().maxCoeff()))
    throw ModelError(description() + ": the inertia matrix is not finite and symmetric");
  q0_ = q0;
  q0_.segment<4>(3) /= n;
  v0_ = twist0;
  q_ = q0_;
  v_ = v0_;
  qMemory_ = q0_;
  vMemory_ = v0_;
  vFree_ = Eigen::VectorXd::Zero(twistDim);
  for (auto& p : p_) p = Eigen::VectorXd::Zero(twistDim);
  massMatrix_.setZero();
  massMatrix_.topLeftCorner<3, 3>() = mass * Eigen::Matrix3d::Identity();
  massMatrix_.bottomRightCorner<3, 3>() = inertia;
  buffer3_ = Eigen::VectorXd::Zero(3);
  wIntValue_ = Eigen::VectorXd::Zero(6);
  forces_ = Eigen::VectorXd::Zero(6);
  jacq_ = Eigen::MatrixXd::Zero(6, qDim);
  jacv_ = Eigen::MatrixXd::Zero(6, twistDim);
  qArg_ = Eigen::VectorXd::Zero(qDim);
  vArg_ = Eigen::VectorXd::Zero(twistDim);
}

void NewtonEulerDS::checkVector(const Eigen::Ref<const Eigen::VectorXd>& v, Eigen::Index n,
                                const char* what) const {
  if (v.size() != n) {
    std::ostringstream os;
    os << description() << ": " << what << " has size " << v.size() << ", expected " << n;
    throw ModelError(os.str());
  }
  for (Eigen::Index i = 0; i < n; ++i)
    if (!std::isfinite(v(i))) {
      std::ostringstream os;
      os << description() << ": " << what << "(" << i << ") = " << v(i) << " is not finite";
      throw ModelError(os.str());
    }
}

const Eigen::VectorXd& NewtonEulerDS::p(unsigned level) const {
  if (level > 2)
    throw std::out_of_range(description() + ": no input level " + std::to_string(level));
  return p_[level];
}

Eigen::VectorXd& NewtonEulerDS::p(unsigned level) {
  if (level > 2)
    throw std::out_of_range(description() + ": no input level " + std::to_string(level));
  return p_[level];
}

void NewtonEulerDS::swapInMemory() {
  qMemory_ = q_;
  vMemory_ = v_;
}

void NewtonEulerDS::checkState() const {
  checkVector(q_, qDim, "q");
  checkVector(v_, twistDim, "twist");
  const double n = q_.segment<4>(3).norm();
  if (std::abs(n - 1.0) > 1e-6) {
    std::ostringstream os;
    os << description() << ": the quaternion q(3..6) has norm " << n
       << " (unit quaternion required, tolerance 1e-6)";
    throw ModelError(os.str());
  }
}

void NewtonEulerDS::validate() const {
  checkState();
  Eigen::LLT<Eigen::Matrix3d> llt(inertia_);
  if (llt.info() != Eigen::Success || !(inertia_.diagonal().minCoeff() > 0.0))
    throw ModelError(description() + ": the inertia matrix (3x3) is not positive definite");
}

Eigen::Matrix3d NewtonEulerDS::rotationMatrix() const {
  return qt::rotationMatrix(q_.segment<4>(3));
}

Eigen::Matrix<double, 7, 6> NewtonEulerDS::T(const Eigen::Ref<const Eigen::VectorXd>& q) {
  if (q.size() != qDim)
    throw ModelError("NewtonEulerDS::T: q has size " + std::to_string(q.size()) + ", expected 7");
  Eigen::Matrix<double, 7, 6> t = Eigen::Matrix<double, 7, 6>::Zero();
  t.topLeftCorner<3, 3>().setIdentity();
  t.bottomRightCorner<4, 3>() = 0.5 * qt::psi(q.segment<4>(3));
  return t;
}

void NewtonEulerDS::integrateConfiguration(const Eigen::Ref<const Eigen::VectorXd>& q,
                                           const Eigen::Ref<const Eigen::VectorXd>& v, double h,
                                           Eigen::VectorXd& out) {
  if (q.size() != qDim || v.size() != twistDim)
    throw ModelError("NewtonEulerDS::integrateConfiguration: q has size " +
                     std::to_string(q.size()) + " and v size " + std::to_string(v.size()) +
                     ", expected 7 and 6");
  out.resize(qDim);
  out.head<3>() = q.head<3>() + h * v.head<3>();
  out.segment<4>(3) = qt::integrate(q.segment<4>(3), v.segment<3>(3), h);
}

double NewtonEulerDS::kineticEnergy() const {
  const Eigen::Vector3d Om = v_.segment<3>(3);
  return 0.5 * mass_ * v_.head<3>().squaredNorm() + 0.5 * Om.dot(inertia_ * Om);
}

Eigen::Vector3d NewtonEulerDS::angularMomentum() const {
  return qt::rotate(q_.segment<4>(3), inertia_ * v_.segment<3>(3));
}

void NewtonEulerDS::setFExt(const Eigen::Vector3d& f) {
  if (!f.allFinite()) throw ModelError(description() + ": the external force is not finite");
  fExtFunction_ = nullptr;
  fExt_ = f;
}

void NewtonEulerDS::setComputeFExtFunction(VectorOfTime f) {
  fExtFunction_ = std::move(f);
  if (!fExtFunction_) fExt_.setZero();
}

void NewtonEulerDS::setMExt(const Eigen::Vector3d& m) {
  if (!m.allFinite()) throw ModelError(description() + ": the external moment is not finite");
  mExtFunction_ = nullptr;
  mExt_ = m;
}

void NewtonEulerDS::setComputeMExtFunction(VectorOfTime m) {
  mExtFunction_ = std::move(m);
  if (!mExtFunction_) mExt_.setZero();
}

void NewtonEulerDS::computeFExt(double t) {
  if (!fExtFunction_) return;
  buffer3_.setZero();
  fExtFunction_(t, buffer3_);
  if (buffer3_.size() != 3 || !buffer3_.allFinite()) {
    std::ostringstream os;
    os << description() << ": the external force function returned "
       << (buffer3_.size() != 3 ? "a vector of size " + std::to_string(buffer3_.size())
                                : std::string("a non-finite value"))
       << " at t = " << t;
    buffer3_ = Eigen::VectorXd::Zero(3);
    throw ModelError(os.str());
  }
  fExt_ = buffer3_;
}

void NewtonEulerDS::computeMExt(double t) {
  if (!mExtFunction_) return;
  buffer3_.setZero();
  mExtFunction_(t, buffer3_);
  if (buffer3_.size() != 3 || !buffer3_.allFinite()) {
    std::ostringstream os;
    os << description() << ": the external moment function returned "
       << (buffer3_.size() != 3 ? "a vector of size " + std::to_string(buffer3_.size())
                                : std::string("a non-finite value"))
       << " at t = " << t;
    buffer3_ = Eigen::VectorXd::Zero(3);
    throw ModelError(os.str());
  }
  mExt_ = buffer3_;
}

void NewtonEulerDS::setComputeWrenchIntFunction(WrenchFunction w) { wInt_ = std::move(w); }
void NewtonEulerDS::setComputeJacobianWrenchIntqFunction(WrenchJacobianFunction J) {
  wIntq_ = std::move(J);
}
void NewtonEulerDS::setComputeJacobianWrenchIntvFunction(WrenchJacobianFunction J) {
  wIntv_ = std::move(J);
}

Eigen::Vector3d NewtonEulerDS::gyroscopicMoment(const Eigen::Vector3d& Omega) const {
  return Omega.cross(inertia_ * Omega);
}

Eigen::Matrix3d NewtonEulerDS::gyroscopicJacobian(const Eigen::Vector3d& Omega) const {
  return qt::skew(Omega) * inertia_ - qt::skew(inertia_ * Omega);
}

void NewtonEulerDS::checkArguments(const Eigen::Ref<const Eigen::VectorXd>& q,
                                   const Eigen::Ref<const Eigen::VectorXd>& v,
                                   const char* what) const {
  if (q.size() == qDim && v.size() == twistDim) return;
  std::ostringstream os;
  os << description() << ": " << what << " given q of size " << q.size() << " and v of size "
     << v.size() << ", expected 7 and 6";
  throw ModelError(os.str());
}

void NewtonEulerDS::copyArguments(const Eigen::Ref<const Eigen::VectorXd>& q,
                                  const Eigen::Ref<const Eigen::VectorXd>& v) {
  qArg_ = q;
  vArg_ = v;
}

void NewtonEulerDS::computeForces(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                                  const Eigen::Ref<const Eigen::VectorXd>& v) {
  checkArguments(q, v, "computeForces");
  computeFExt(t);
  computeMExt(t);
  const Eigen::Vector3d Om = v.segment<3>(3);
  forces_.head<3>() = fExt_;
  forces_.tail<3>() =
      (mExtInertial_ ? Eigen::Vector3d(qt::rotationMatrix(q.segment<4>(3)).transpose() * mExt_)
                     : mExt_) -
      gyroscopicMoment(Om);
  if (wInt_) {
    wIntValue_.setZero();
    copyArguments(q, v);
    wInt_(t, qArg_, vArg_, z(), wIntValue_);
    if (wIntValue_.size() != 6 || !wIntValue_.allFinite()) {
      std::ostringstream os;
      os << description() << ": the internal wrench function returned a vector of size "
         << wIntValue_.size() << " or a non-finite value at t = " << t;
      wIntValue_ = Eigen::VectorXd::Zero(6);
      throw ModelError(os.str());
    }
    forces_ -= wIntValue_;
  }
}

void NewtonEulerDS::internalJacobian(double t, bool wrtQ, Eigen::MatrixXd& J) {
  // q and v: qArg_, vArg_ (copyArguments).
  const Eigen::VectorXd& q = qArg_;
  const Eigen::VectorXd& v = vArg_;
  const WrenchJacobianFunction& user = wrtQ ? wIntq_ : wIntv_;
  const Eigen::Index cols = wrtQ ? qDim : twistDim;
  if (J.rows() != 6 || J.cols() != cols) J.resize(6, cols);
  J.setZero();
  if (user) {
    user(t, q, v, z(), J);
    if (J.rows() != 6 || J.cols() != cols || !J.allFinite())
      throw ModelError(description() + ": the Jacobian function of the internal wrench " +
                       (wrtQ ? "w.r.t. q" : "w.r.t. v") +
                       " resized its output or returned a non-finite value");
    return;
  }
  if (!jacobianByFiniteDifferences())
    throw ModelError(description() + ": the internal wrench has no Jacobian " +
                     (wrtQ ? "w.r.t. q" : "w.r.t. v") +
                     " (give one, or call setJacobianByFiniteDifferences(true))");
  if (wrtQ)
    fd_.jacobian([&](const Eigen::VectorXd& x, Eigen::VectorXd& out) { wInt_(t, x, v, z(), out); },
                 q, J);
  else
    fd_.jacobian([&](const Eigen::VectorXd& x, Eigen::VectorXd& out) { wInt_(t, q, x, z(), out); },
                 v, J);
}

void NewtonEulerDS::computeJacobianqForces(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                                           const Eigen::Ref<const Eigen::VectorXd>& v) {
  checkArguments(q, v, "computeJacobianqForces");
  jacq_.setZero();
  if (mExtInertial_) {
    computeMExt(t);
    jacq_.block<3, 4>(3, 3) = qt::rotationInverseJacobian(q.segment<4>(3), mExt_);
  }
  if (wInt_) {
    copyArguments(q, v);
    internalJacobian(t, true, work_);
    jacq_ -= work_;
  }
}

void NewtonEulerDS::computeJacobianvForces(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                                           const Eigen::Ref<const Eigen::VectorXd>& v) {
  checkArguments(q, v, "computeJacobianvForces");
  jacv_.setZero();
  jacv_.block<3, 3>(3, 3) = -gyroscopicJacobian(v.segment<3>(3));
  if (wInt_) {
    copyArguments(q, v);
    internalJacobian(t, false, work_);
    jacv_ -= work_;
  }
}

}  // namespace moreau
