#pragma once
// What TimeSteppingDirectProjection and TimeSteppingCombinedProjection need
// from their integrators besides OneStepIntegrator (docs/kernel/projection.md):
// the blocks of the Position problem at the current positions
// (prepareProjection) and, for the combined scheme, contacts forced into
// index set 1 for the rest of the step. Implemented by
// MoreauJeanDirectProjectionOSI (LagrangianDS) and
// MoreauJeanNewtonEulerDirectProjectionOSI (NewtonEulerDS), and their
// combined variants.
//
// The part the integrators share lives here, once: the forced flags and the
// activation of index set 1 with thresholds (hysteresis; docs/theory/projection.md
// §2.1), evaluated by indexSet1Rule for the integrators' addInteractionInIndexSet
// (level 1):
//   not in the set: enters when ŷ = y_k + γ h ẏ_k ≤ activation position
//                   threshold and ẏ_k ≤ activation velocity threshold;
//   in the set:     leaves when ŷ > deactivation position threshold and
//                   ẏ_k > deactivation velocity threshold
// (first row of each law; equality and relay laws always active; forced
// interactions active). Defaults (tutorial-models.md §0.1): position
// thresholds 1e-7, velocity 0. The combined variants (combinedProjection())
// take no thresholds: index set 1 is the forced interactions only
// (TimeSteppingCombinedProjection builds it within the step).

#include <moreau/kernel/simulation/StepContext.hpp>

#include <cstddef>
#include <vector>

namespace moreau {

class Interaction;
class Topology;

/// Interface of the integrators driven by the projection simulations (TimeSteppingDirectProjection,
/// TimeSteppingCombinedProjection): an integrator is accepted when it is also a
/// ProjectionIntegrator (and, for the combined scheme, when combinedProjection() is true). Holds
/// what the projection integrators share: the index-set-1 activation thresholds, the forced flags
/// of the combined scheme and the activation rule (indexSet1Rule).
class ProjectionIntegrator {
 public:
  virtual ~ProjectionIntegrator();

  /// Called by the projection simulations before each Position problem: the constraint
  /// Jacobians and M⁻¹ × their transpose at the current positions.
  virtual void prepareProjection(const StepContext& ctx) = 0;
  /// Combined projection: inter stays in index set 1 for the rest of the current step
  /// (cleared at the next beginStep); isForcedActive tells whether it was. An interaction
  /// the integrator does not know (id beyond its tables) is ignored (never forced).
  ///@{
  void forceActive(const Interaction& inter);
  bool isForcedActive(const Interaction& inter) const;
  ///@}
  /// True for the integrators of the combined scheme (required by
  /// TimeSteppingCombinedProjection); false by default.
  virtual bool combinedProjection() const { return false; }

  /// Thresholds of the index-set-1 activation (finite; ModelError naming the integrator
  /// otherwise), in the units of y (position) and ẏ (velocity). Outside the set, an interaction
  /// enters when ŷ = y_k + γ h ẏ_k ≤ activation position and ẏ_k ≤ activation velocity
  /// threshold; in the set, it leaves when ŷ > deactivation position and ẏ_k > deactivation
  /// velocity threshold (first row of each law). Defaults: position 1e-7, velocity 0.
  ///@{
  void setActivateYPosThreshold(double value);
  void setActivateYVelThreshold(double value);
  void setDeactivateYPosThreshold(double value);
  void setDeactivateYVelThreshold(double value);
  double activateYPosThreshold() const { return activatePos_; }
  double activateYVelThreshold() const { return activateVel_; }
  double deactivateYPosThreshold() const { return deactivatePos_; }
  double deactivateYVelThreshold() const { return deactivateVel_; }
  ///@}

 protected:
  /// Only integrators implement the interface; name is the class named by the error messages
  /// (a string literal: it is kept, not copied).
  explicit ProjectionIntegrator(const char* name) : name_(name) {}
  /// Copies the thresholds, the forced flags and the name.
  ///@{
  ProjectionIntegrator(const ProjectionIntegrator&) = default;
  ProjectionIntegrator& operator=(const ProjectionIntegrator&) = default;
  ///@}

  /// One cleared forced flag per interaction id below interactionCapacity (at each topology
  /// change: allocates only when the capacity grows).
  void resizeForcedActive(std::size_t interactionCapacity);
  /// Clears every forced flag (beginStep).
  void clearForcedActive();
  /// The rule of index set 1 (header comment) for inter at a step of size h with the predictor
  /// weight gamma, on the outputs y, ydot (the memories y_k, ẏ_k, or the outputs at a
  /// predicted state: MoreauJeanOSI::predictedOutputs): true when inter's law is always active,
  /// when inter is forced active, or by the thresholds, with membership in index set 1 of
  /// topology (none when topology is null or has no index set 1). For the combined variants
  /// (combinedProjection()): true only when inter is forced active.
  bool indexSet1Rule(const Interaction& inter, const Eigen::VectorXd& y,
                     const Eigen::VectorXd& ydot, const Topology* topology, double gamma,
                     double h) const;
  /// The same with the membership given (member: inter is in index set 1 before this update).
  bool indexSet1Rule(const Interaction& inter, const Eigen::VectorXd& y,
                     const Eigen::VectorXd& ydot, bool member, double gamma, double h) const;
  /// Siconos's two updates of index set 1 per step (processEvents on the end-of-step outputs,
  /// then initializeNewtonLoop at the predicted state): the rule on the memories y_k, ẏ_k with
  /// the membership in topology's index set 1, then, when yPredicted is not null, on
  /// yPredicted, ydotPredicted with the first answer as the membership.
  bool indexSet1RuleTwice(const Interaction& inter, const Eigen::VectorXd* yPredicted,
                          const Eigen::VectorXd* ydotPredicted, const Topology* topology,
                          double gamma, double h) const;

 private:
  const char* name_;
  double activatePos_ = 1e-7, activateVel_ = 0.0;
  double deactivatePos_ = 1e-7, deactivateVel_ = 0.0;
  std::vector<char> forced_;  // by interaction id
};

}  // namespace moreau
