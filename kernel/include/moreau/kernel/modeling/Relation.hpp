#pragma once
// Abstract relation (Siconos Relation, dev-notes §1.2): the map between the
// state of the linked systems and the interaction output y, and between the
// multiplier λ and the systems' input (r for first-order systems, p for
// Lagrangian ones). Two families derive from it: FirstOrderR and LagrangianR.
//
// A relation is stateless with respect to the interactions that use it: the
// concatenated state of the linked systems, the Jacobians and the scratch
// vectors live in the interaction's RelationWorkspace, allocated once by
// initialize() (called by NonSmoothDynamicalSystem::link). computeOutput,
// computeInput and computeJacobians then never allocate.
//
// Levels (dev-notes §3.5): y(0) = h(...) and λ(0) for the position level,
// y(1) = ẏ and λ(1) (an impulse for Moreau–Jean) for the velocity level.
// First-order relations have level 0 only.

#include <Eigen/Dense>
#include <cmath>

namespace moreau {

class DynamicalSystem;
class Interaction;

/// Family of a relation: which systems it links and which input it writes (r or p).
enum class RelationType { FirstOrder, Lagrangian };

/// Column block of a Jacobian (the columns of one linked system).
using ConstColumnBlock = Eigen::Block<const Eigen::MatrixXd, Eigen::Dynamic, Eigen::Dynamic, true>;
/// Row block of a Jacobian (the rows of one linked system).
using ConstRowBlock = Eigen::Block<const Eigen::MatrixXd, Eigen::Dynamic, Eigen::Dynamic, false>;

/// Base class of every relation (Siconos Relation): the map from the state of the linked systems
/// to the interaction output y and from the multiplier λ to the systems' input (r for
/// first-order systems, p for Lagrangian ones). Two families: FirstOrderR and LagrangianR.
/// Stateless with respect to its interactions (Jacobians and scratch vectors live in the
/// interaction's RelationWorkspace, allocated by initialize()). Levels: y(0) = h(...) and λ(0)
/// at position level, y(1) = ẏ and λ(1) (an impulse for Moreau–Jean) at velocity level;
/// first-order relations have level 0 only.
class Relation {
 public:
  virtual ~Relation();
  Relation(const Relation&) = delete;
  Relation& operator=(const Relation&) = delete;

  /// Class name, e.g. "LagrangianLinearTIR" (error messages, logs).
  virtual const char* typeName() const = 0;
  /// FirstOrder or Lagrangian.
  virtual RelationType relationType() const = 0;
  /// Size of y and λ fixed by the relation (rows of H or C), or 0 when the
  /// relation does not fix it (relations given by functions): the interaction
  /// then takes the size of its nonsmooth law.
  virtual Eigen::Index outputSize() const = 0;
  /// Size of the concatenated state of the linked systems required by the
  /// relation (columns of H or C), or 0 when not fixed.
  virtual Eigen::Index inputSize() const = 0;
  /// Size of ds's block in the concatenated state: ndof for a Lagrangian
  /// relation, dimension() for a first-order relation. ModelError naming the
  /// relation and ds when ds has the wrong type for this relation.
  virtual Eigen::Index linkedStateSize(const DynamicalSystem& ds) const = 0;

  /// Checks the sizes against the systems linked to inter and allocates
  /// inter's RelationWorkspace. Called by NonSmoothDynamicalSystem::link;
  /// ModelError (naming the interaction, the systems and the sizes) on a
  /// mismatch.
  virtual void initialize(Interaction& inter);

  /// y(level) of inter from the current state of the linked systems at time t.
  /// std::out_of_range for an unsupported level.
  virtual void computeOutput(double t, Interaction& inter, unsigned level) = 0;
  /// Adds the contribution of λ(level) to the input (r(level) or p(level)) of
  /// each linked system. The caller resets the inputs beforehand.
  virtual void computeInput(double t, Interaction& inter, unsigned level) = 0;
  /// Evaluates the Jacobians at the current state, t and λ(0) into inter's
  /// workspace (no-op for constant relations).
  virtual void computeJacobians(double t, Interaction& inter) = 0;
  /// True when the Jacobians depend on nothing (time-invariant linear
  /// relations): computed once by initialize.
  virtual bool hasConstantJacobians() const { return false; }

  /// Opt-in central finite differences for the Jacobians the user did not
  /// give (never silent: without it a missing Jacobian is a ModelError at
  /// initialize). eps is the relative step (absolute floor eps).
  void setJacobianByFiniteDifferences(bool enabled, double eps = 1e-6);
  /// True when missing Jacobians are computed by finite differences.
  bool jacobianByFiniteDifferences() const { return fd_; }
  /// Relative finite-difference step (also its absolute floor); default 1e-6.
  double finiteDifferenceStep() const { return fdEps_; }

 protected:
  /// Only derived classes construct relations.
  Relation() = default;
  /// Hook for derived classes at the end of initialize (sizes are set).
  virtual void initializeWorkspace(Interaction& inter);
  /// Name of the matrix whose columns must match the linked systems ("H", "C").
  virtual const char* stateMatrixName() const { return "C"; }

  /// Checks a vector written by a user function that was pre-sized to
  /// `size`: ModelError naming this relation, inter, what and t when the
  /// size changed or a value is not finite (the vector is resized back).
  void checkOutput(const Interaction& inter, Eigen::VectorXd& out, Eigen::Index size,
                   const char* what, double t) const;
  /// Matrix form of checkOutput: `out` was pre-sized rows × cols.
  void checkOutput(const Interaction& inter, Eigen::MatrixXd& out, Eigen::Index rows,
                   Eigen::Index cols, const char* what, double t) const;
  /// workspace.z <- [z_ds1; z_ds2] (ModelError when a z changed size after link).
  void gatherZ(Interaction& inter) const;
  /// Throws std::out_of_range for a level above maxLevel.
  void checkLevel(const Interaction& inter, unsigned level, unsigned maxLevel) const;

  /// J = ∂f/∂u at u by central differences; f(u, out) writes a vector of
  /// fPlus.size(). u is perturbed and restored; no allocation when J, fPlus and
  /// fMinus are pre-sized.
  template <class F>
  void finiteDifference(F&& f, Eigen::VectorXd& u, Eigen::VectorXd& fPlus, Eigen::VectorXd& fMinus,
                        Eigen::MatrixXd& J) const {
    for (Eigen::Index j = 0; j < u.size(); ++j) {
      const double uj = u(j);
      const double step = fdEps_ * (std::abs(uj) > 1.0 ? std::abs(uj) : 1.0);
      u(j) = uj + step;
      f(u, fPlus);
      u(j) = uj - step;
      f(u, fMinus);
      u(j) = uj;
      J.col(j) = (fPlus - fMinus) / (2.0 * step);
    }
  }

 private:
  bool fd_ = false;
  double fdEps_ = 1e-6;
};

}  // namespace moreau
