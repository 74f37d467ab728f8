#pragma once
// Rigid body in the Newton–Euler formulation (Siconos NewtonEulerDS;
// dev-notes §1.1.5 and §2.8, errata A13, A14, A18, A19 applied; theory in
// docs/theory/newton-euler.md):
//   q = [x_G; p] ∈ R⁷  (centre of mass in the inertial frame, unit quaternion
//                       p of the body-to-inertial rotation R = Φ(p)),
//   v = [v_G; Ω] ∈ R⁶  (twist: velocity of G in the inertial frame, angular
//                       velocity Ω in the BODY frame),
//   q̇ = T(q) v,  T(q) = [I₃ 0; 0 ½Ψ(p)]  (7×6),
//   M v̇ = F(t, q, v) + p,  M = diag(m I₃, I)  (I: inertia about G, body frame),
//   F = [ f_ext(t) − f_int ; M_ext(t) − Ω × IΩ − M_int ]   (moments in the body frame).
// An external moment given in the inertial frame (setMExtInInertialFrame) is
// convected: M_ext = Φ(p)ᵀ m_ext (erratum A18). The internal wrench
// (f_int, M_int)(t, q, v) is one optional user function (6 entries).
// p(level) (size 6) is the nonsmooth input: the impulse (force in the
// inertial frame, moment in the body frame) of the last Moreau–Jean step.
// Prescribed velocities (BoundaryCondition) are given on twist indices 0..5.

#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/utils/FiniteDifference.hpp>

#include <Eigen/Dense>
#include <array>
#include <functional>
#include <memory>
#include <utility>

namespace moreau {

/// Rigid body in the Newton–Euler formulation (Siconos NewtonEulerDS): q = [x_G; p] (7: centre
/// of mass in the inertial frame, unit quaternion of the body-to-inertial rotation), twist
/// v = [v_G; Ω] (6: Ω in the body frame), q̇ = T(q) v, M v̇ = F(t, q, v) + p with
/// M = diag(m I₃, I). See docs/theory/newton-euler.md §2.
class NewtonEulerDS : public DynamicalSystem {
 public:
  /// A force or a moment of time: writes 3 entries into out (pre-sized to 3).
  using VectorOfTime = std::function<void(double t, Eigen::VectorXd& out)>;
  /// Internal wrench (f_int, M_int)(t, q, v, z) into out (pre-sized to 6).
  using WrenchFunction =
      std::function<void(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& z, Eigen::VectorXd& out)>;
  /// Its Jacobian with respect to q (6×7) or v (6×6), pre-sized.
  using WrenchJacobianFunction =
      std::function<void(double t, const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                         const Eigen::VectorXd& z, Eigen::MatrixXd& J)>;

  /// q0 (7: position, quaternion), twist0 (6), mass m > 0 and the inertia
  /// about G in the body frame (3×3, symmetric positive definite). ModelError
  /// naming the system on a wrong size, a non-finite value, a quaternion
  /// whose norm differs from 1 by more than 1e-6 (it is then normalised
  /// exactly), m ≤ 0 or an inertia that is not symmetric (relative 1e-12).
  /// Positive definiteness of I is checked by validate().
  NewtonEulerDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& twist0, double mass,
                const Eigen::Matrix3d& inertia);

  const char* typeName() const override { return "NewtonEulerDS"; }
  /// Size of [q; v] = 13.
  Eigen::Index dimension() const override { return 13; }
  static constexpr Eigen::Index qDim = 7;      ///< size of q (position 3, quaternion 4)
  static constexpr Eigen::Index twistDim = 6;  ///< size of the twist v (v_G 3, Ω 3)

  // ---- state ------------------------------------------------------------
  /// Current configuration q = [x_G; p] (7). A q written by the user must keep a unit
  /// quaternion (checkState).
  ///@{
  const Eigen::VectorXd& q() const { return q_; }
  Eigen::VectorXd& q() { return q_; }
  ///@}
  /// Current twist v = [v_G; Ω] (6; v_G in the inertial frame, Ω in the body frame).
  ///@{
  const Eigen::VectorXd& twist() const { return v_; }
  Eigen::VectorXd& twist() { return v_; }
  ///@}
  /// Same as twist() (the name used by the generic integrator code).
  ///@{
  const Eigen::VectorXd& velocity() const { return v_; }
  Eigen::VectorXd& velocity() { return v_; }
  ///@}
  /// Initial configuration (quaternion normalised) and twist given to the constructor.
  ///@{
  const Eigen::VectorXd& q0() const { return q0_; }
  const Eigen::VectorXd& twist0() const { return v0_; }
  ///@}
  /// q and twist at the last swapInMemory (the state at t_k during a step; q0, twist0 at first).
  ///@{
  const Eigen::VectorXd& qMemory() const { return qMemory_; }
  const Eigen::VectorXd& twistMemory() const { return vMemory_; }
  ///@}
  /// Free twist (without nonsmooth input, size 6), written by integrators.
  ///@{
  const Eigen::VectorXd& twistFree() const { return vFree_; }
  Eigen::VectorXd& twistFree() { return vFree_; }
  ///@}
  /// Nonsmooth input at level 0, 1 or 2 (size 6: force in the inertial frame, moment in the
  /// body frame); std::out_of_range above 2.
  ///@{
  const Eigen::VectorXd& p(unsigned level) const;
  Eigen::VectorXd& p(unsigned level);
  ///@}

  void swapInMemory() override;
  /// q (7) and twist (6) sizes, finite entries, and |quaternion| within 1e-6
  /// of 1 (ModelError naming the system, the component and the value).
  void checkState() const override;
  /// checkState(), and the inertia must be positive definite.
  void validate() const override;

  // ---- boundary conditions ----------------------------------------------
  /// Prescribed twist components (Siconos setBoundaryConditions); null removes them. The
  /// indices are twist indices 0..5: 0–2 the velocity of G in the inertial frame, 3–5 the
  /// angular velocity Ω in the body frame. An index ≥ 6 is a ModelError naming this system
  /// (here and again at initialize). Honoured by MoreauJeanNewtonEulerOSI
  /// (docs/theory/newton-euler.md §5.1); read back with boundaryConditions(),
  /// boundaryConditionImpulse() (DynamicalSystem: the impulse over the step, force in the
  /// inertial frame or moment in the body frame, one entry per index) and
  /// reactionToBoundaryConditions() (Siconos's formula).
  void setBoundaryConditions(std::shared_ptr<BoundaryCondition> bc) {
    assignBoundaryConditions(std::move(bc), twistDim);
  }

  // ---- inertia ----------------------------------------------------------
  /// Mass m (> 0).
  double scalarMass() const { return mass_; }
  /// Inertia I about G in the body frame (3×3, symmetric positive definite).
  const Eigen::Matrix3d& inertia() const { return inertia_; }
  /// diag(m I₃, I) (6×6).
  const Eigen::Matrix<double, 6, 6>& massMatrix() const { return massMatrix_; }

  // ---- kinematics -------------------------------------------------------
  /// Unit quaternion of the current q (entries 3..6).
  Eigen::Vector4d quaternion() const { return q_.segment<4>(3); }
  /// R = Φ(p) of the current q (body → inertial).
  Eigen::Matrix3d rotationMatrix() const;
  /// T(q) (7×6) at q (any 7-vector, contiguous: a view or a fixed-size vector is not copied);
  /// ModelError on another size.
  static Eigen::Matrix<double, 7, 6> T(const Eigen::Ref<const Eigen::VectorXd>& q);
  /// q ⊕ h v: x_G + h v_G and p ∘ exp(h Ω) renormalised (the exponential-map
  /// update with a constant twist over the step). q (7) and v (6) are not copied; out is resized
  /// to 7. ModelError on other sizes of q or v.
  static void integrateConfiguration(const Eigen::Ref<const Eigen::VectorXd>& q,
                                     const Eigen::Ref<const Eigen::VectorXd>& v, double h,
                                     Eigen::VectorXd& out);
  /// ½ m |v_G|² + ½ Ωᵀ I Ω of the current state.
  double kineticEnergy() const;
  /// Angular momentum about G in the inertial frame, R I Ω.
  Eigen::Vector3d angularMomentum() const;
  /// m v_G.
  Eigen::Vector3d linearMomentum() const { return mass_ * v_.head<3>(); }

  // ---- external wrench --------------------------------------------------
  /// Constant external force (inertial frame, 3 entries).
  void setFExt(const Eigen::Vector3d& f);
  /// Time-dependent external force (inertial frame; an empty function removes it and sets
  /// the force to zero; replaces a constant force).
  void setComputeFExtFunction(VectorOfTime f);
  /// Constant external moment (body frame, or inertial frame with
  /// setMExtInInertialFrame(true)).
  void setMExt(const Eigen::Vector3d& m);
  /// Time-dependent external moment (frame as for setMExt; an empty function removes it and
  /// sets the moment to zero; replaces a constant moment).
  void setComputeMExtFunction(VectorOfTime m);
  /// True: the moment given is m_ext in the inertial frame and the body sees
  /// Φ(p)ᵀ m_ext (default false: the moment is given in the body frame).
  ///@{
  void setMExtInInertialFrame(bool inertial) { mExtInertial_ = inertial; }
  bool isMExtInInertialFrame() const { return mExtInertial_; }
  ///@}
  /// Evaluates f_ext(t) and the moment function at t into fExt() and mExt() (nothing
  /// without a function; ModelError on a resized or non-finite output).
  ///@{
  void computeFExt(double t);
  void computeMExt(double t);
  ///@}
  /// The external force (inertial frame) of the last computeFExt or setFExt.
  const Eigen::Vector3d& fExt() const { return fExt_; }
  /// The moment as given (body or inertial frame, see above).
  const Eigen::Vector3d& mExt() const { return mExt_; }

  // ---- internal wrench --------------------------------------------------
  /// Internal wrench (f_int, M_int)(t, q, v, z) (6: force in the inertial frame, moment in
  /// the body frame), subtracted in F; an empty function removes it (default: none).
  void setComputeWrenchIntFunction(WrenchFunction w);
  /// Jacobians of the internal wrench with respect to q (6×7) and v (6×6). Without them the
  /// Jacobians of F need setJacobianByFiniteDifferences(true) (ModelError otherwise).
  ///@{
  void setComputeJacobianWrenchIntqFunction(WrenchJacobianFunction J);
  void setComputeJacobianWrenchIntvFunction(WrenchJacobianFunction J);
  ///@}
  /// True when an internal wrench function is set.
  bool hasWrenchInt() const { return static_cast<bool>(wInt_); }

  // ---- gyroscopic term --------------------------------------------------
  /// Ω × IΩ.
  Eigen::Vector3d gyroscopicMoment(const Eigen::Vector3d& Omega) const;
  /// ∇_Ω(Ω × IΩ) = Ω̃ I − (IΩ)~ (dev-notes §2.8.6).
  Eigen::Matrix3d gyroscopicJacobian(const Eigen::Vector3d& Omega) const;

  // ---- total wrench F -----------------------------------------------------
  /// F(t, q, v) (6) into forces(): evaluates f_ext(t), the moment at t, the
  /// gyroscopic term and the internal wrench. q (7) and v (6) may be any contiguous vectors
  /// (views, fixed-size vectors: no copy; the user's wrench function gets copies in this
  /// system's buffers); ModelError naming the system on another size.
  void computeForces(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& v);
  /// ∇_q F (6×7): the convected inertial moment's Jacobian (rotationInverse
  /// Jacobian, erratum A19) minus ∇_q of the internal wrench.
  void computeJacobianqForces(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& v);
  /// ∇_v F (6×6): −[0 0; 0 ∇_Ω(Ω × IΩ)] minus ∇_v of the internal wrench.
  void computeJacobianvForces(double t, const Eigen::Ref<const Eigen::VectorXd>& q,
                              const Eigen::Ref<const Eigen::VectorXd>& v);
  /// Results of the last computeForces (F, 6), computeJacobianqForces (∇_q F, 6×7) and
  /// computeJacobianvForces (∇_v F, 6×6); zero before.
  ///@{
  const Eigen::VectorXd& forces() const { return forces_; }
  const Eigen::MatrixXd& jacobianqForces() const { return jacq_; }
  const Eigen::MatrixXd& jacobianvForces() const { return jacv_; }
  ///@}

 private:
  void checkVector(const Eigen::Ref<const Eigen::VectorXd>& v, Eigen::Index n,
                   const char* what) const;
  // ModelError unless q has 7 entries and v 6 (what: the function called).
  void checkArguments(const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& v, const char* what) const;
  // The user's wrench functions take Eigen::VectorXd: q and v are copied into qArg_, vArg_
  // (pre-sized: no allocation) before a call.
  void copyArguments(const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& v);
  void internalJacobian(double t, bool wrtQ, Eigen::MatrixXd& J);
  Eigen::VectorXd q0_, v0_, q_, v_, qMemory_, vMemory_, vFree_;
  std::array<Eigen::VectorXd, 3> p_;
  double mass_;
  Eigen::Matrix3d inertia_;
  Eigen::Matrix<double, 6, 6> massMatrix_;
  Eigen::Vector3d fExt_ = Eigen::Vector3d::Zero(), mExt_ = Eigen::Vector3d::Zero();
  VectorOfTime fExtFunction_, mExtFunction_;
  bool mExtInertial_ = false;
  WrenchFunction wInt_;
  WrenchJacobianFunction wIntq_, wIntv_;
  Eigen::VectorXd buffer3_, wIntValue_, forces_, qArg_, vArg_;
  Eigen::MatrixXd jacq_, jacv_, work_;
  FiniteDifference fd_;
};

}  // namespace moreau
