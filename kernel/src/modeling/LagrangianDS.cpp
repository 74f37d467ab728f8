#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/utils/FiniteDifference.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include "../utils/DSChecks.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau {

using detail::sizeOf;

namespace {

// Output checks after a user function wrote into a pre-sized buffer; a
// resized buffer is restored before throwing so the system stays usable.
void checkOut(const LagrangianDS& ds, Eigen::VectorXd& out, const char* what, double t,
              bool hasTime) {
  const Eigen::Index n = ds.ndof();
  if (out.size() != n) {
    std::ostringstream os;
    os << ds.description() << ": the user function for " << what << " resized its output to "
       << out.size();
    if (hasTime) os << " at t = " << t;
    os << " (expected ndof = " << n << ")";
    out = Eigen::VectorXd::Zero(n);
    throw ModelError(os.str());
  }
  if (!out.allFinite()) {
    std::ostringstream os;
    os << ds.description() << ": the user function for " << what << " returned a non-finite value";
    if (hasTime) os << " at t = " << t;
    throw ModelError(os.str());
  }
}

void checkOut(const LagrangianDS& ds, Eigen::MatrixXd& out, const char* what, double t,
              bool hasTime) {
  const Eigen::Index n = ds.ndof();
  if (out.rows() != n || out.cols() != n) {
    std::ostringstream os;
    os << ds.description() << ": the user function for " << what << " resized its output to "
       << sizeOf(out);
    if (hasTime) os << " at t = " << t;
    os << " (expected " << n << "x" << n << ")";
    out = Eigen::MatrixXd::Zero(n, n);
    throw ModelError(os.str());
  }
  if (!out.allFinite()) {
    std::ostringstream os;
    os << ds.description() << ": the user function for " << what << " returned a non-finite value";
    if (hasTime) os << " at t = " << t;
    throw ModelError(os.str());
  }
}

void ensureSquare(Eigen::MatrixXd& J, Eigen::Index n) {
  if (J.rows() != n || J.cols() != n) J = Eigen::MatrixXd::Zero(n, n);
}

}  // namespace

// ---- construction -----------------------------------------------------------

void LagrangianDS::initState(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0) {
  const Eigen::Index n = q0.size();
  if (n == 0) throw ModelError("LagrangianDS: q0 is empty (ndof must be >= 1)");
  if (v0.size() != n)
    throw ModelError("LagrangianDS: q0 has size " + std::to_string(n) + " but v0 has size " +
                     std::to_string(v0.size()));
  if (!q0.allFinite() || !v0.allFinite())
    throw ModelError("LagrangianDS: q0 or v0 has a non-finite entry");
  q0_ = q0;
  v0_ = v0;
  q_ = q0;
  v_ = v0;
  qMemory_ = q0;
  vMemory_ = v0;
  vFree_ = v0;
  for (auto& p : p_) p = Eigen::VectorXd::Zero(n);
  fExt_ = Eigen::VectorXd::Zero(n);
  fInt_ = Eigen::VectorXd::Zero(n);
  nnl_ = Eigen::VectorXd::Zero(n);
  forces_ = Eigen::VectorXd::Zero(n);
}

void LagrangianDS::checkMass(const Eigen::MatrixXd& M, bool fromFunction,
                             bool checkDefinite) const {
  const Eigen::Index n = ndof();
  // Built only on error (computeMass runs every step for a mass function).
  auto who = [&] {
    return isInserted() || !name().empty() ? description() : std::string("LagrangianDS");
  };
  const char* what = fromFunction ? "the mass function returned a matrix" : "the mass matrix";
  if (M.rows() != n || M.cols() != n)
    throw ModelError(who() + ": " + what + " is " + sizeOf(M) + " but q0 has size " +
                     std::to_string(n) + " (expected " + std::to_string(n) + "x" +
                     std::to_string(n) + ")");
  if (!M.allFinite()) throw ModelError(who() + ": " + what + " has a non-finite entry");
  const double scale = M.cwiseAbs().maxCoeff();
  double asym = 0.0;  // max |M - M^T|, without a temporary
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = j + 1; i < n; ++i) asym = std::max(asym, std::abs(M(i, j) - M(j, i)));
  if (asym > 1e-12 * scale) {
    std::ostringstream os;
    os << who() << ": " << what << " (" << sizeOf(M)
       << ") is not symmetric (max |M - M^T| = " << asym << ")";
    throw ModelError(os.str());
  }
  if (!checkDefinite) return;
  const std::string defect = detail::positiveDefiniteDefect(M);
  if (!defect.empty())
    throw ModelError(who() + ": " + what + " (" + sizeOf(M) + ") is not positive definite: " +
                     defect + " (a mass matrix must be symmetric positive definite)");
}

LagrangianDS::LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                           const Eigen::MatrixXd& M) {
  initState(q0, v0);
  checkMass(M, false, false);
  mass_ = M;
}

LagrangianDS::LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0) {
  initState(q0, v0);
  mass_ = Eigen::MatrixXd::Identity(q0.size(), q0.size());
}

LagrangianDS::LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, MassFunction M) {
  initState(q0, v0);
  mass_ = Eigen::MatrixXd::Identity(q0.size(), q0.size());
  setComputeMassFunction(std::move(M));
}

LagrangianDS::LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                           const std::string& massPlugin)
    : LagrangianDS(q0, v0, PluginLoader::mass(massPlugin)) {}

LagrangianDS::LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, DiagonalMassTag) {
  initState(q0, v0);
  denseMassBuilt_ = false;
}

// ---- state ------------------------------------------------------------------

const Eigen::VectorXd& LagrangianDS::p(unsigned level) const {
  if (level >= p_.size())
    throw std::out_of_range(description() + ": p level " + std::to_string(level) +
                            " out of range [0, 2]");
  return p_[level];
}

Eigen::VectorXd& LagrangianDS::p(unsigned level) {
  return const_cast<Eigen::VectorXd&>(static_cast<const LagrangianDS&>(*this).p(level));
}

void LagrangianDS::swapInMemory() {
  qMemory_ = q_;
  vMemory_ = v_;
}

void LagrangianDS::checkState() const {
  const auto who = [this] { return description(); };
  detail::checkStateVector(who, q_, ndof(), "q", "ndof");
  detail::checkStateVector(who, v_, ndof(), "velocity", "ndof");
}

void LagrangianDS::validate() const {
  checkState();
  // A diagonal mass is checked positive at construction (and cannot change).
  if (hasConstantMass() && !hasDiagonalMass()) checkMass(mass_, false, true);
}

// ---- mass -------------------------------------------------------------------

const Eigen::MatrixXd& LagrangianDS::mass() const {
  if (!denseMassBuilt_) {
    mass_ = Eigen::MatrixXd::Zero(ndof(), ndof());
    fillDenseMass(mass_);
    denseMassBuilt_ = true;
  }
  return mass_;
}

void LagrangianDS::setMassPtr(const Eigen::MatrixXd& M) {
  if (hasDiagonalMass())
    throw ModelError(description() + ": the mass of a diagonal system is set by its diagonal");
  checkMass(M, false, false);
  massFunction_ = nullptr;
  mass_ = M;
}

void LagrangianDS::setComputeMassFunction(MassFunction M) {
  if (hasDiagonalMass() || hasLinearForces())
    throw ModelError(description() + ": the mass of a linear time-invariant system is constant");
  if (!M) throw ModelError(description() + ": the mass function is empty");
  massFunction_ = std::move(M);
  massChecked_ = false;  // singularity is checked at the first computeMass
}

void LagrangianDS::setComputeMassFunction(const std::string& plugin) {
  setComputeMassFunction(PluginLoader::mass(plugin));
}

void LagrangianDS::computeMass(const Eigen::VectorXd& q) {
  if (!massFunction_) return;
  checkVector(q, "the position passed to computeMass");
  massFunction_(q, z(), mass_);
  if (mass_.rows() != ndof() || mass_.cols() != ndof()) {
    const std::string got = sizeOf(mass_);
    mass_ = Eigen::MatrixXd::Identity(ndof(), ndof());
    throw ModelError(description() +
                     ": the user function for the mass M(q) resized its output to " + got +
                     " (expected " + std::to_string(ndof()) + "x" + std::to_string(ndof()) + ")");
  }
  checkMass(mass_, true, !massChecked_);
  massChecked_ = true;
}

// ---- external forces ----------------------------------------------------------

void LagrangianDS::setFExtPtr(const Eigen::VectorXd& fExt) {
  if (fExt.size() != ndof())
    throw ModelError(description() + ": external force of size " + std::to_string(fExt.size()) +
                     ", expected ndof = " + std::to_string(ndof()));
  if (!fExt.allFinite()) throw ModelError(description() + ": external force is not finite");
  fExtFunction_ = nullptr;
  fExt_ = fExt;
  hasFExt_ = true;
}

void LagrangianDS::setComputeFExtFunction(FExtFunction function) {
  fExtFunction_ = std::move(function);
  hasFExt_ = static_cast<bool>(fExtFunction_);
  if (!fExtFunction_) fExt_.setZero();
}

void LagrangianDS::setComputeFExtFunction(const std::string& plugin) {
  auto f = PluginLoader::fext(plugin);
  // The system outlives its own function object: capturing this is safe.
  setComputeFExtFunction([this, f](double t, Eigen::VectorXd& out) { f(t, z(), out); });
}

void LagrangianDS::computeFExt(double t) {
  if (!fExtFunction_) return;
  fExtFunction_(t, fExt_);
  if (fExt_.size() != ndof()) {
    const Eigen::Index got = fExt_.size();
    fExt_ = Eigen::VectorXd::Zero(ndof());
    std::ostringstream os;
    os << description() << ": the external-force function resized fExt to " << got
       << " at t = " << t << " (expected ndof = " << ndof() << ")";
    throw ModelError(os.str());
  }
  if (!fExt_.allFinite()) {
    std::ostringstream os;
    os << description() << ": the external-force function returned a non-finite value at t = " << t;
    throw ModelError(os.str());
  }
}

// ---- internal forces and N ------------------------------------------------------

namespace {
[[noreturn]] void linearForces(const LagrangianDS& ds, const char* what) {
  throw ModelError(ds.description() + ": " + what +
                   " cannot be set on a linear system (F_int = C v + K q, N = 0); use a "
                   "LagrangianDS");
}
}  // namespace

void LagrangianDS::setComputeFIntFunction(FIntFunction fInt) {
  if (hasLinearForces()) linearForces(*this, "F_int");
  fIntFunction_ = std::move(fInt);
  if (!fIntFunction_) fInt_.setZero();
}
void LagrangianDS::setComputeFIntFunction(const std::string& plugin) {
  setComputeFIntFunction(PluginLoader::fint(plugin));
}
void LagrangianDS::setComputeNNLFunction(NNLFunction N) {
  if (hasLinearForces()) linearForces(*this, "N");
  nnlFunction_ = std::move(N);
  if (!nnlFunction_) nnl_.setZero();
}
void LagrangianDS::setComputeNNLFunction(const std::string& plugin) {
  setComputeNNLFunction(PluginLoader::nnl(plugin));
}
void LagrangianDS::setComputeJacobianFIntqFunction(FIntJacobianFunction J) {
  if (hasLinearForces()) linearForces(*this, "the Jacobian of F_int");
  jacFIntqFunction_ = std::move(J);
}
void LagrangianDS::setComputeJacobianFIntqFunction(const std::string& plugin) {
  setComputeJacobianFIntqFunction(PluginLoader::fintJacobian(plugin));
}
void LagrangianDS::setComputeJacobianFIntqDotFunction(FIntJacobianFunction J) {
  if (hasLinearForces()) linearForces(*this, "the Jacobian of F_int");
  jacFIntvFunction_ = std::move(J);
}
void LagrangianDS::setComputeJacobianFIntqDotFunction(const std::string& plugin) {
  setComputeJacobianFIntqDotFunction(PluginLoader::fintJacobian(plugin));
}
void LagrangianDS::setComputeJacobianNNLqFunction(NNLJacobianFunction J) {
  if (hasLinearForces()) linearForces(*this, "the Jacobian of N");
  jacNNLqFunction_ = std::move(J);
}
void LagrangianDS::setComputeJacobianNNLqFunction(const std::string& plugin) {
  setComputeJacobianNNLqFunction(PluginLoader::nnlJacobian(plugin));
}
void LagrangianDS::setComputeJacobianNNLqDotFunction(NNLJacobianFunction J) {
  if (hasLinearForces()) linearForces(*this, "the Jacobian of N");
  jacNNLvFunction_ = std::move(J);
}
void LagrangianDS::setComputeJacobianNNLqDotFunction(const std::string& plugin) {
  setComputeJacobianNNLqDotFunction(PluginLoader::nnlJacobian(plugin));
}

void LagrangianDS::computeFInt(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  if (!fIntFunction_) return;
  checkVector(q, "the position passed to computeFInt");
  checkVector(v, "the velocity passed to computeFInt");
  fIntFunction_(t, q, v, z(), fInt_);
  checkOut(*this, fInt_, "F_int", t, true);
}

void LagrangianDS::computeNNL(const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  if (!nnlFunction_) return;
  checkVector(q, "the position passed to computeNNL");
  checkVector(v, "the velocity passed to computeNNL");
  nnlFunction_(q, v, z(), nnl_);
  checkOut(*this, nnl_, "N (NNL)", 0.0, false);
}

namespace {
std::string missingJacobian(const LagrangianDS& ds, const char* jac, const char* setter) {
  return ds.description() + ": the Jacobian " + jac + " is not set (" + setter +
         "), and finite differences were not requested (setJacobianByFiniteDifferences(true))";
}

}  // namespace

// What distinguishes the four Jacobians of F_int and N (messages and checks);
// plain C strings so that evaluating a Jacobian allocates nothing.
struct LagrangianDS::JacobianSpec {
  const char* position;  // "the position passed to computeJacobianFIntq"
  const char* velocity;  // "the velocity passed to computeJacobianFIntq"
  const char* jacobian;  // "the Jacobian ∇_q F_int"
  const char* name;      // "∇_q F_int (jacobianFIntq)" for the missing-Jacobian error
  const char* setter;    // "setComputeJacobianFIntqFunction"
  const char* fd;        // "F_int (finite differences)"
  bool timeDependent;    // F_int depends on t, N does not
  bool withRespectToQ;   // ∇_q (else ∇_v)
};

// One Jacobian of a force F(q, v) (F_int or N): zero when the force is absent, the
// user's Jacobian when set, central finite differences of F when the user asked for
// them, otherwise a ModelError (never silently).
template <class Force, class UserJacobian>
void LagrangianDS::computeForceJacobian(double t, const Eigen::VectorXd& q,
                                        const Eigen::VectorXd& v, bool haveForce,
                                        const Force& force, bool haveUser,
                                        const UserJacobian& userJacobian, Eigen::MatrixXd& J,
                                        const JacobianSpec& spec) {
  ensureSquare(J, ndof());
  if (!haveForce) {
    J.setZero();
    return;
  }
  checkVector(q, spec.position);
  checkVector(v, spec.velocity);
  if (haveUser) {
    userJacobian(q, v, J);
    checkOut(*this, J, spec.jacobian, t, spec.timeDependent);
    return;
  }
  if (!jacobianByFiniteDifferences())
    throw ModelError(missingJacobian(*this, spec.name, spec.setter));
  // One captured reference: the std::function holds it without allocating,
  // and fd_ keeps its work vectors (allocation-free after the first call).
  struct Context {
    LagrangianDS* self;
    const Force* force;
    const Eigen::VectorXd* q;
    const Eigen::VectorXd* v;
    const JacobianSpec* spec;
    double t;
  } c{this, &force, &q, &v, &spec, t};
  fd_.jacobian(
      [&c](const Eigen::VectorXd& x, Eigen::VectorXd& out) {
        if (c.spec->withRespectToQ)
          (*c.force)(x, *c.v, out);
        else
          (*c.force)(*c.q, x, out);
        checkOut(*c.self, out, c.spec->fd, c.t, c.spec->timeDependent);
      },
      spec.withRespectToQ ? q : v, J);
}

void LagrangianDS::computeJacobianFIntq(double t, const Eigen::VectorXd& q,
                                        const Eigen::VectorXd& v) {
  computeJacobianFInt(t, q, v, true);
}

void LagrangianDS::computeJacobianFIntqDot(double t, const Eigen::VectorXd& q,
                                           const Eigen::VectorXd& v) {
  computeJacobianFInt(t, q, v, false);
}

void LagrangianDS::computeJacobianNNLq(const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  computeJacobianNNL(q, v, true);
}

void LagrangianDS::computeJacobianNNLqDot(const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  computeJacobianNNL(q, v, false);
}

void LagrangianDS::computeJacobianFInt(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                       bool wrtQ) {
  static const JacobianSpec specQ{"the position passed to computeJacobianFIntq",
                                  "the velocity passed to computeJacobianFIntq",
                                  "the Jacobian ∇_q F_int",
                                  "∇_q F_int (jacobianFIntq)",
                                  "setComputeJacobianFIntqFunction",
                                  "F_int (finite differences)",
                                  true,
                                  true};
  static const JacobianSpec specV{"the position passed to computeJacobianFIntqDot",
                                  "the velocity passed to computeJacobianFIntqDot",
                                  "the Jacobian ∇_v F_int",
                                  "∇_v F_int (jacobianFIntqDot)",
                                  "setComputeJacobianFIntqDotFunction",
                                  "F_int (finite differences)",
                                  true,
                                  false};
  const FIntJacobianFunction& user = wrtQ ? jacFIntqFunction_ : jacFIntvFunction_;
  computeForceJacobian(
      t, q, v, static_cast<bool>(fIntFunction_),
      [&](const Eigen::VectorXd& qs, const Eigen::VectorXd& vs, Eigen::VectorXd& out) {
        fIntFunction_(t, qs, vs, z(), out);
      },
      static_cast<bool>(user),
      [&](const Eigen::VectorXd& qs, const Eigen::VectorXd& vs, Eigen::MatrixXd& J) {
        user(t, qs, vs, z(), J);
      },
      wrtQ ? jacFIntq_ : jacFIntv_, wrtQ ? specQ : specV);
}

void LagrangianDS::computeJacobianNNL(const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                      bool wrtQ) {
  static const JacobianSpec specQ{"the position passed to computeJacobianNNLq",
                                  "the velocity passed to computeJacobianNNLq",
                                  "the Jacobian ∇_q N",
                                  "∇_q N (jacobianNNLq)",
                                  "setComputeJacobianNNLqFunction",
                                  "N (finite differences)",
                                  false,
                                  true};
  static const JacobianSpec specV{"the position passed to computeJacobianNNLqDot",
                                  "the velocity passed to computeJacobianNNLqDot",
                                  "the Jacobian ∇_v N",
                                  "∇_v N (jacobianNNLqDot)",
                                  "setComputeJacobianNNLqDotFunction",
                                  "N (finite differences)",
                                  false,
                                  false};
  const NNLJacobianFunction& user = wrtQ ? jacNNLqFunction_ : jacNNLvFunction_;
  computeForceJacobian(
      0.0, q, v, static_cast<bool>(nnlFunction_),
      [&](const Eigen::VectorXd& qs, const Eigen::VectorXd& vs, Eigen::VectorXd& out) {
        nnlFunction_(qs, vs, z(), out);
      },
      static_cast<bool>(user),
      [&](const Eigen::VectorXd& qs, const Eigen::VectorXd& vs, Eigen::MatrixXd& J) {
        user(qs, vs, z(), J);
      },
      wrtQ ? jacNNLq_ : jacNNLv_, wrtQ ? specQ : specV);
}

// ---- F = F_ext − N − F_int ------------------------------------------------------

void LagrangianDS::computeForces(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  computeFExt(t);
  forces_ = fExt_;
  if (hasNNL()) {
    computeNNL(q, v);
    forces_ -= nnl_;
  }
  if (hasFInt()) {
    computeFInt(t, q, v);
    forces_ -= fInt_;
  }
}

void LagrangianDS::computeJacobianqForces(double t, const Eigen::VectorXd& q,
                                          const Eigen::VectorXd& v) {
  ensureSquare(jacqForces_, ndof());
  jacqForces_.setZero();
  if (hasFInt()) {
    computeJacobianFIntq(t, q, v);
    jacqForces_ -= jacFIntq_;
  }
  if (hasNNL()) {
    computeJacobianNNLq(q, v);
    jacqForces_ -= jacNNLq_;
  }
}

void LagrangianDS::computeJacobianvForces(double t, const Eigen::VectorXd& q,
                                          const Eigen::VectorXd& v) {
  ensureSquare(jacvForces_, ndof());
  jacvForces_.setZero();
  if (hasFInt()) {
    computeJacobianFIntqDot(t, q, v);
    jacvForces_ -= jacFIntv_;
  }
  if (hasNNL()) {
    computeJacobianNNLqDot(q, v);
    jacvForces_ -= jacNNLv_;
  }
}

// ---- checks ----------------------------------------------------------------------

void LagrangianDS::checkSquareMatrix(const Eigen::MatrixXd& A, const char* what) const {
  if (A.rows() != ndof() || A.cols() != ndof())
    throw ModelError(description() + ": " + what + " is " + sizeOf(A) + ", expected " +
                     std::to_string(ndof()) + "x" + std::to_string(ndof()));
  if (!A.allFinite()) throw ModelError(description() + ": " + what + " has a non-finite entry");
}

void LagrangianDS::checkVector(const Eigen::VectorXd& v, const char* what) const {
  if (v.size() != ndof())
    throw ModelError(description() + ": " + what + " has size " + std::to_string(v.size()) +
                     ", expected ndof = " + std::to_string(ndof()));
  if (!v.allFinite()) throw ModelError(description() + ": " + what + " has a non-finite entry");
}

}  // namespace moreau
