#pragma once
// Abstract dynamical system (Siconos DynamicalSystem). Concrete systems:
//   first order   FirstOrderNonLinearDS, FirstOrderLinearDS, FirstOrderLinearTIDS
//   second order  LagrangianDS, LagrangianLinearTIDS, LagrangianLinearDiagonalDS
//   rigid body    NewtonEulerDS
// The prescribed-velocity boundary conditions of the second-order systems and
// their reaction are stored here (one copy for LagrangianDS and NewtonEulerDS).
// See docs/kernel/dynamical-systems.md and docs/kernel/modelling.md.

#include <Eigen/Dense>
#include <memory>
#include <string>

namespace moreau {

class BoundaryCondition;

/// Base class of every dynamical system (Siconos DynamicalSystem): number, name, user
/// parameters z, state memory and state checks. Not copyable; shared through std::shared_ptr.
/// Concrete systems: LagrangianDS, LagrangianLinearTIDS, LagrangianLinearDiagonalDS,
/// FirstOrderNonLinearDS, FirstOrderLinearDS, FirstOrderLinearTIDS, NewtonEulerDS
/// (docs/kernel/dynamical-systems.md).
class DynamicalSystem {
 public:
  virtual ~DynamicalSystem();
  DynamicalSystem(const DynamicalSystem&) = delete;
  DynamicalSystem& operator=(const DynamicalSystem&) = delete;

  /// Number given by NonSmoothDynamicalSystem::insertDynamicalSystem
  /// (0, 1, ... in insertion order); 0 before insertion.
  unsigned number() const { return number_; }
  /// Size of the first-order state x (for a Lagrangian system x = [q; v], so
  /// dimension() = 2 ndof, as in Siconos).
  virtual Eigen::Index dimension() const = 0;

  /// Optional user name, shown in error messages (empty by default).
  const std::string& name() const { return name_; }
  /// Sets the user name shown in error messages.
  void setName(const std::string& name) { name_ = name; }

  /// Class name, e.g. "LagrangianLinearTIDS".
  virtual const char* typeName() const = 0;
  /// Human-readable identification used in error messages, e.g.
  /// "LagrangianLinearTIDS 'ball' (number 0)".
  std::string description() const;

  /// True once inserted in a NonSmoothDynamicalSystem.
  bool isInserted() const { return inserted_; }
  /// Called by NonSmoothDynamicalSystem on insertion (not for users).
  void setNumber(unsigned number) {
    number_ = number;
    inserted_ = true;
  }

  /// User parameter vector z (Siconos setzPtr), passed to every user function
  /// and plug-in of this system. Empty by default (plug-ins then receive
  /// sizeZ = 0 and a null pointer). A C plug-in receives it as double* and
  /// may write into it (Siconos "discrete state" semantics).
  ///@{
  const Eigen::VectorXd& z() const { return z_; }
  Eigen::VectorXd& z() { return z_; }
  ///@}
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's VectorXd has no effect (call the setter again).
  /// Same as setz.
  ///@{
  void setzPtr(const Eigen::VectorXd& z) { z_ = z; }
  void setz(const Eigen::VectorXd& z) { setzPtr(z); }
  ///@}

  /// Opt-in: when true, every Jacobian that the user did not provide is
  /// computed by central finite differences (moreau::FiniteDifference) of the
  /// corresponding operator. When false (default), asking for a missing
  /// Jacobian throws ModelError naming this system and the operator.
  void setJacobianByFiniteDifferences(bool enabled) { jacobianByFD_ = enabled; }
  /// True when missing Jacobians are computed by finite differences
  /// (setJacobianByFiniteDifferences).
  bool jacobianByFiniteDifferences() const { return jacobianByFD_; }

  /// State memory: copies the current state into the memory of the last
  /// accepted step (x_k, or q_k and v_k). Called by the integrators.
  virtual void swapInMemory() = 0;

  /// Checks the current state (q and velocity of a Lagrangian system, x of a
  /// first-order one): its size and that every entry is finite. Throws
  /// ModelError naming this system, the component and the first bad index.
  /// O(n), allocates only to report an error. Called by TimeStepping at
  /// initialize, when the state was written between two steps, and after
  /// each step when TimeStepping::stateChecks() is on.
  virtual void checkState() const = 0;
  /// Everything a run needs from this system: checkState(), and for a
  /// Lagrangian system with a constant mass a symmetric positive definite
  /// mass (one LDLTᵀ factorization). Throws ModelError naming this system and
  /// the component. Called by TimeStepping::initialize.
  virtual void validate() const { checkState(); }

  /// Prescribed velocities (Siconos boundaryConditions), or null. Set by
  /// LagrangianDS::setBoundaryConditions or NewtonEulerDS::setBoundaryConditions (always null
  /// for a first-order system); an integrator that does not honour them rejects a system that
  /// has them (ModelError naming the system).
  const std::shared_ptr<BoundaryCondition>& boundaryConditions() const { return bc_; }
  /// Siconos's reaction to the boundary conditions after the last step, one entry per velocity
  /// index i (in their order): −(column i of W)·v_{k+1} + p_i, with W the iteration matrix of
  /// the step before the conditions were applied and p = p(1) (MoreauJeanOSI's
  /// reactionToBoundaryConditions, the same numbers). It leaves out v_k and the forces, so it
  /// is not the impulse of the drive: that is boundaryConditionImpulse(). Empty without boundary
  /// conditions. (docs/theory/moreau-jean.md, "Prescribed velocities".)
  const Eigen::VectorXd& reactionToBoundaryConditions() const { return bcReaction_; }
  /// Writable reaction (for the integrators).
  Eigen::VectorXd& reactionToBoundaryConditions() { return bcReaction_; }
  /// Impulse over the last step that imposes the boundary conditions, one entry per velocity
  /// index (in their order): the prescribed rows of the step equation,
  /// [M(v_{k+1} − v_k) − h(θF_{k+1} + (1 − θ)F_k) − p]_P (contact impulses on those coordinates
  /// included); empty without boundary conditions. Moreau only (Siconos has no such output).
  const Eigen::VectorXd& boundaryConditionImpulse() const { return bcImpulse_; }
  /// Writable impulse (for the integrators).
  Eigen::VectorXd& boundaryConditionImpulse() { return bcImpulse_; }
  /// Sets reactionToBoundaryConditions() and boundaryConditionImpulse() to zero, one entry per
  /// velocity index (called by the integrators at initialize; no-op sizes without conditions).
  void resetBoundaryConditionOutputs();

 protected:
  DynamicalSystem() = default;
  /// Stores bc (null removes it) after checking its indices against the number of velocity
  /// coordinates (BoundaryCondition::checkAgainst: ModelError naming this system), and sizes
  /// the reaction and the impulse (zero). For the setBoundaryConditions of the derived classes.
  void assignBoundaryConditions(std::shared_ptr<BoundaryCondition> bc, Eigen::Index velocitySize);

 private:
  unsigned number_ = 0;
  bool inserted_ = false;
  bool jacobianByFD_ = false;
  std::string name_;
  Eigen::VectorXd z_;
  std::shared_ptr<BoundaryCondition> bc_;
  Eigen::VectorXd bcReaction_;
  Eigen::VectorXd bcImpulse_;
};

}  // namespace moreau
