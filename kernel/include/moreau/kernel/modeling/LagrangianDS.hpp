#pragma once
// Lagrangian system (Siconos LagrangianDS; dev-notes §1.1.3 with erratum A1,
// simulation.md §2.4–2.5):
//   M(q, z) dv + N(q, v, z) dt + F_int(t, q, v, z) dt = F_ext(t) dt + dr,
//   dq = v dt,   q(t0) = q0, v(t0) = v0
// and the forces  F(t, q, v) = F_ext(t) − N(q, v) − F_int(t, q, v)  (A1),
// with Jacobians  ∇_q F = −(∇_q F_int + ∇_q N),  ∇_v F = −(∇_v F_int + ∇_v N).
// N is the nonlinear inertia term (Siconos NNL / FGyr). All operators are
// optional except M; user operators are std::functions or "library:symbol"
// C plug-ins with the Siconos signatures (see PluginLoader). p(1) is the
// impulse over the last step, the input of Moreau–Jean. See
// docs/kernel/dynamical-systems.md.

#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/utils/FiniteDifference.hpp>

#include <Eigen/Dense>
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <utility>

namespace moreau {

/// Lagrangian (second-order) system (Siconos LagrangianDS):
/// M(q, z) dv + N(q, v, z) dt + F_int(t, q, v, z) dt = F_ext(t) dt + dr, dq = v dt,
/// with q(t0) = q0, v(t0) = v0 and the total force F = F_ext − N − F_int.
/// Every operator is optional except the mass M (ndof × ndof, symmetric positive definite);
/// operators are std::functions or "library:symbol" C plug-ins with the Siconos signatures
/// (PluginLoader). Units: those of the user (e.g. q in m or rad, M in kg, forces in N).
class LagrangianDS : public DynamicalSystem {
 public:
  /// External force plug-in: writes F_ext(t) in place into fExt, which is
  /// pre-sized to ndof. Resizing it or writing a non-finite value is a
  /// ModelError, detected at the next computeFExt (i.e. the first step).
  using FExtFunction = std::function<void(double t, Eigen::VectorXd& fExt)>;
  /// M(q, z) into M (pre-sized ndof×ndof).
  using MassFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::MatrixXd& M)>;
  /// F_int(t, q, v, z) into fInt (pre-sized ndof).
  using FIntFunction =
      std::function<void(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& z, Eigen::VectorXd& fInt)>;
  /// N(q, v, z) into N (pre-sized ndof).
  using NNLFunction = std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                         const Eigen::VectorXd& z, Eigen::VectorXd& N)>;
  /// ∇_q F_int or ∇_v F_int (t, q, v, z) into J (pre-sized ndof×ndof).
  using FIntJacobianFunction =
      std::function<void(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& z, Eigen::MatrixXd& J)>;
  /// ∇_q N or ∇_v N (q, v, z) into J (pre-sized ndof×ndof).
  using NNLJacobianFunction = std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                                 const Eigen::VectorXd& z, Eigen::MatrixXd& J)>;

  /// Constant mass. Throws ModelError when q0, v0 and M disagree in size, when
  /// M is not square, not symmetric (relative tolerance 1e-12) or has a
  /// non-finite entry, or when q0/v0 are not finite. Positive definiteness is
  /// checked by validate(), i.e. at TimeStepping::initialize: a singular,
  /// negative or indefinite mass is a ModelError there.
  LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, const Eigen::MatrixXd& M);
  /// Identity mass.
  LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0);
  /// State-dependent mass M(q, z), first evaluated by computeMass (mass() is
  /// the identity before). Size, finiteness and symmetry are checked at every
  /// computeMass, positive definiteness at the first one.
  LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, MassFunction M);
  /// Mass plug-in "library:symbol", Siconos signature
  /// Mass(unsigned sizeOfq, const double* q, double* mass, unsigned sizeZ, double* z).
  LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, const std::string& massPlugin);

  const char* typeName() const override { return "LagrangianDS"; }
  Eigen::Index dimension() const override { return 2 * ndof(); }
  /// Number of degrees of freedom (size of q and v).
  Eigen::Index ndof() const { return q0_.size(); }

  // ---- state ------------------------------------------------------------
  /// Generalized coordinates q (size ndof), current value. Writable between steps.
  ///@{
  const Eigen::VectorXd& q() const { return q_; }
  Eigen::VectorXd& q() { return q_; }
  ///@}
  /// Generalized velocity v (size ndof), current value. Writable between steps.
  ///@{
  const Eigen::VectorXd& velocity() const { return v_; }
  Eigen::VectorXd& velocity() { return v_; }
  ///@}
  /// Initial coordinates q(t0) given to the constructor.
  const Eigen::VectorXd& q0() const { return q0_; }
  /// Initial velocity v(t0) given to the constructor.
  const Eigen::VectorXd& velocity0() const { return v0_; }
  /// Free velocity (without nonsmooth input), written by integrators.
  ///@{
  const Eigen::VectorXd& velocityFree() const { return vFree_; }
  Eigen::VectorXd& velocityFree() { return vFree_; }
  ///@}

  /// Nonsmooth input at level 0, 1 or 2 (size ndof). p(1) is the impulse of
  /// the Moreau–Jean step. Throws std::out_of_range for level > 2.
  ///@{
  const Eigen::VectorXd& p(unsigned level) const;
  Eigen::VectorXd& p(unsigned level);
  ///@}

  /// q_k and v_k of the last accepted step (set by the integrator).
  ///@{
  const Eigen::VectorXd& qMemory() const { return qMemory_; }
  const Eigen::VectorXd& velocityMemory() const { return vMemory_; }
  ///@}
  /// q_k <- q, v_k <- v (called by the integrator; not for users).
  void swapInMemory() override;
  /// q and velocity: size ndof, finite (see DynamicalSystem::checkState).
  void checkState() const override;
  /// checkState(), and a constant mass must be symmetric positive definite
  /// (ModelError "... the mass matrix (nxn) is not positive definite: ...").
  /// A mass function is checked at its first evaluation instead.
  void validate() const override;

  // ---- mass -------------------------------------------------------------
  /// Current mass matrix (ndof×ndof). For LagrangianLinearDiagonalDS the dense
  /// matrix is built on first call (ndof² storage; prefer massDiagonal()).
  const Eigen::MatrixXd& mass() const;
  /// True unless the mass is a function M(q, z) (constructor or setComputeMassFunction).
  bool hasConstantMass() const { return !static_cast<bool>(massFunction_); }
  /// True for LagrangianLinearDiagonalDS (mass stored as its diagonal only).
  virtual bool hasDiagonalMass() const { return false; }
  /// Replaces the mass by a constant (same checks as the constructor).
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setMass.
  ///@{
  void setMassPtr(const Eigen::MatrixXd& M);
  void setMass(const Eigen::MatrixXd& M) { setMassPtr(M); }
  ///@}
  /// State-dependent mass M(q, z): a MassFunction, or a plug-in "library:symbol" (Siconos signature
  /// Mass(unsigned sizeOfq, const double* q, double* mass, unsigned sizeZ, double* z)).
  /// Checked as in the MassFunction constructor.
  ///@{
  void setComputeMassFunction(MassFunction M);
  void setComputeMassFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeMassFunction(const std::string& library, const std::string& symbol) {
    setComputeMassFunction(library + ":" + symbol);
  }
  /// Evaluates M(q, z) into mass() (no-op when constant). ModelError when the
  /// function resizes M, returns a non-finite or non-symmetric matrix, or one
  /// that is not positive definite (singular, negative, indefinite) at its
  /// first evaluation.
  ///@{
  void computeMass() { computeMass(q_); }
  void computeMass(const Eigen::VectorXd& q);
  ///@}

  // ---- external forces --------------------------------------------------
  /// F_ext at the time of the last computeFExt (zero when no force is set).
  const Eigen::VectorXd& fExt() const { return fExt_; }
  /// Constant external force; ModelError when its size is not ndof or it is
  /// not finite. Replaces any force function.
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's VectorXd has no effect (call the setter again).
  /// Same as setFExt.
  ///@{
  void setFExtPtr(const Eigen::VectorXd& fExt);
  void setFExt(const Eigen::VectorXd& fExt) { setFExtPtr(fExt); }
  ///@}
  /// Time-dependent external force (see FExtFunction). An empty function
  /// removes the force.
  void setComputeFExtFunction(FExtFunction function);
  /// Plug-in "library:symbol", Siconos signature
  /// FExt(double time, unsigned sizeOfq, double* fExt, unsigned sizeZ, double* z).
  void setComputeFExtFunction(const std::string& plugin);
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeFExtFunction(const std::string& library, const std::string& symbol) {
    setComputeFExtFunction(library + ":" + symbol);
  }
  /// True when the external force is a function of time (setComputeFExtFunction).
  bool hasFExtFunction() const { return static_cast<bool>(fExtFunction_); }
  /// True when a constant or time-dependent external force is set.
  bool hasFExt() const { return hasFExt_; }
  /// Evaluates F_ext(t) into fExt() (no-op for a constant force). Throws
  /// ModelError when the user function resizes the vector or returns a
  /// non-finite value.
  void computeFExt(double t);

  // ---- internal forces and nonlinear inertia ----------------------------
  /// F_int(t, q, v) (Siconos FInt). Plug-in signature
  /// FInt(double time, unsigned sizeOfq, const double* q, const double* velocity,
  ///      double* fInt, unsigned sizeZ, double* z).
  ///@{
  void setComputeFIntFunction(FIntFunction fInt);
  void setComputeFIntFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeFIntFunction(const std::string& library, const std::string& symbol) {
    setComputeFIntFunction(library + ":" + symbol);
  }
  /// N(q, v) (Siconos NNL / FGyr). Plug-in signature
  /// NNL(unsigned sizeOfq, const double* q, const double* velocity, double* N,
  ///     unsigned sizeZ, double* z).
  ///@{
  void setComputeNNLFunction(NNLFunction N);
  void setComputeNNLFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeNNLFunction(const std::string& library, const std::string& symbol) {
    setComputeNNLFunction(library + ":" + symbol);
  }
  /// Jacobians ∇_q F_int, ∇_v F_int (same plug-in shape as FInt, output
  /// ndof×ndof column-major) and ∇_q N, ∇_v N (same shape as NNL).
  ///@{
  void setComputeJacobianFIntqFunction(FIntJacobianFunction J);
  void setComputeJacobianFIntqFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeJacobianFIntqFunction(const std::string& library, const std::string& symbol) {
    setComputeJacobianFIntqFunction(library + ":" + symbol);
  }
  /// ∇_v F_int(t, q, v, z) (ndof × ndof): function or plug-in "library:symbol" (FInt plug-in
  /// shape).
  ///@{
  void setComputeJacobianFIntqDotFunction(FIntJacobianFunction J);
  void setComputeJacobianFIntqDotFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeJacobianFIntqDotFunction(const std::string& library, const std::string& symbol) {
    setComputeJacobianFIntqDotFunction(library + ":" + symbol);
  }
  /// ∇_q N(q, v, z) (ndof × ndof): function or plug-in "library:symbol" (NNL plug-in shape).
  ///@{
  void setComputeJacobianNNLqFunction(NNLJacobianFunction J);
  void setComputeJacobianNNLqFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeJacobianNNLqFunction(const std::string& library, const std::string& symbol) {
    setComputeJacobianNNLqFunction(library + ":" + symbol);
  }
  /// ∇_v N(q, v, z) (ndof × ndof): function or plug-in "library:symbol" (NNL plug-in shape).
  ///@{
  void setComputeJacobianNNLqDotFunction(NNLJacobianFunction J);
  void setComputeJacobianNNLqDotFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeJacobianNNLqDotFunction(const std::string& library, const std::string& symbol) {
    setComputeJacobianNNLqDotFunction(library + ":" + symbol);
  }

  /// True when F_int (resp. N) is present (always true for the linear
  /// systems, whose F_int = C v + K q).
  ///@{
  virtual bool hasFInt() const { return static_cast<bool>(fIntFunction_); }
  bool hasNNL() const { return static_cast<bool>(nnlFunction_); }
  ///@}

  /// Evaluate into fInt(), NNL() (zero when absent). ModelError on a resized
  /// or non-finite output.
  ///@{
  virtual void computeFInt(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  void computeNNL(const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  const Eigen::VectorXd& fInt() const { return fInt_; }
  const Eigen::VectorXd& NNL() const { return nnl_; }
  ///@}

  /// Evaluate the four Jacobians into the accessors below (zero when the
  /// operator itself is absent). When the operator is present but its
  /// Jacobian is not: central finite differences if
  /// jacobianByFiniteDifferences(), otherwise ModelError naming this system
  /// and the Jacobian.
  ///@{
  virtual void computeJacobianFIntq(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  virtual void computeJacobianFIntqDot(double t, const Eigen::VectorXd& q,
                                       const Eigen::VectorXd& v);
  void computeJacobianNNLq(const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  void computeJacobianNNLqDot(const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  const Eigen::MatrixXd& jacobianFIntq() const { return jacFIntq_; }
  const Eigen::MatrixXd& jacobianFIntqDot() const { return jacFIntv_; }
  const Eigen::MatrixXd& jacobianNNLq() const { return jacNNLq_; }
  const Eigen::MatrixXd& jacobianNNLqDot() const { return jacNNLv_; }
  ///@}

  // ---- total forces F = F_ext − N − F_int (erratum A1) -------------------
  /// F(t, q, v) into forces(): evaluates F_ext(t), N(q, v), F_int(t, q, v).
  void computeForces(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  /// ∇_q F = −(∇_q F_int + ∇_q N) into jacobianqForces() (the tangent
  /// stiffness K_t is its opposite).
  void computeJacobianqForces(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  /// ∇_v F = −(∇_v F_int + ∇_v N) into jacobianvForces() (= −C_t).
  void computeJacobianvForces(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v);
  /// Prescribed velocities on some coordinates (Siconos setBoundaryConditions); null removes
  /// them. The indices are checked against ndof here and again by the integrator
  /// (ModelError naming this system). Honoured by MoreauJeanOSI. Read back with
  /// boundaryConditions(), boundaryConditionImpulse() and reactionToBoundaryConditions()
  /// (DynamicalSystem).
  void setBoundaryConditions(std::shared_ptr<BoundaryCondition> bc) {
    assignBoundaryConditions(std::move(bc), ndof());
  }
  /// Total force F = F_ext − N − F_int of the last computeForces (size ndof).
  const Eigen::VectorXd& forces() const { return forces_; }
  /// ∇_q F of the last computeJacobianqForces (ndof × ndof).
  const Eigen::MatrixXd& jacobianqForces() const { return jacqForces_; }
  /// ∇_v F of the last computeJacobianvForces (ndof × ndof).
  const Eigen::MatrixXd& jacobianvForces() const { return jacvForces_; }

 protected:
  /// For LagrangianLinearDiagonalDS: no dense mass is stored.
  struct DiagonalMassTag {};
  /// Constructor of LagrangianLinearDiagonalDS: no dense mass is stored.
  LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, DiagonalMassTag);
  /// True for the linear systems (F_int = C v + K q, N = 0): the F_int / N
  /// setters then throw ModelError.
  virtual bool hasLinearForces() const { return false; }
  /// Builds the dense mass from the diagonal (LagrangianLinearDiagonalDS).
  virtual void fillDenseMass(Eigen::MatrixXd& /*M*/) const {}
  /// Throws ModelError naming this object when the matrix is not ndof×ndof or
  /// not finite (used for K and C).
  void checkSquareMatrix(const Eigen::MatrixXd& A, const char* what) const;
  /// Throws ModelError when the vector's size is not ndof or it is not finite.
  void checkVector(const Eigen::VectorXd& v, const char* what) const;

 private:
  // One Jacobian of F_int or N (user function, finite differences on request, or
  // ModelError); see LagrangianDS.cpp.
  struct JacobianSpec;
  template <class Force, class UserJacobian>
  void computeForceJacobian(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                            bool haveForce, const Force& force, bool haveUser,
                            const UserJacobian& userJacobian, Eigen::MatrixXd& J,
                            const JacobianSpec& spec);
  void computeJacobianFInt(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v, bool wrtQ);
  void computeJacobianNNL(const Eigen::VectorXd& q, const Eigen::VectorXd& v, bool wrtQ);

 protected:
  /// Output buffers, for derived classes.
  ///@{
  Eigen::VectorXd& fIntBuffer() { return fInt_; }
  Eigen::MatrixXd& jacobianFIntqBuffer() { return jacFIntq_; }
  Eigen::MatrixXd& jacobianFIntqDotBuffer() { return jacFIntv_; }
  ///@}

 private:
  void initState(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0);
  void checkMass(const Eigen::MatrixXd& M, bool fromFunction, bool checkDefinite) const;
  Eigen::VectorXd q0_, v0_, q_, v_, qMemory_, vMemory_, vFree_;
  mutable Eigen::MatrixXd mass_;
  mutable bool denseMassBuilt_ = true;
  std::array<Eigen::VectorXd, 3> p_;
  Eigen::VectorXd fExt_, fInt_, nnl_, forces_;
  Eigen::MatrixXd jacFIntq_, jacFIntv_, jacNNLq_, jacNNLv_, jacqForces_, jacvForces_;
  FExtFunction fExtFunction_;
  MassFunction massFunction_;
  FIntFunction fIntFunction_;
  NNLFunction nnlFunction_;
  FIntJacobianFunction jacFIntqFunction_, jacFIntvFunction_;
  NNLJacobianFunction jacNNLqFunction_, jacNNLvFunction_;
  FiniteDifference fd_;  // work vectors of the finite-difference Jacobians
  bool hasFExt_ = false;
  bool massChecked_ = false;
};

}  // namespace moreau
