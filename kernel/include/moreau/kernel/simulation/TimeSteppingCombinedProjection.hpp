#pragma once
// Combined projection (Siconos TimeSteppingCombinedProjection;
// docs/theory/projection.md §2.2, docs/kernel/projection.md), Siconos's
// algorithm. Index set 1 is empty at the start of each step; the velocity step
// (TimeSteppingDirectProjection's velocity stage) is computed from (q_k, v_k) on
// it, then every other interaction closed at t_{k+1} (y(0) ≤ 0 on the first row
// of one of its contacts; always-active laws unconditionally) is added
// (ProjectionIntegrator::forceActive) and the step computed again, until none
// is added or maxIndexSetIteration() computations; then the positions of index
// set 1 are projected: on the equality y = 0 (doCombinedProjOnEquality(), default
// true: MLCPProjectOnConstraints::setDoProjOnEquality) or on the unilateral
// constraint. So an impact is handled by the Newton law at the step at which the
// contact closes, and the contact is put on the obstacle. Interaction managers
// are called once per step, before the first computation.
// Defaults (tutorial-models.md §0.1): tolerances 1e-8, 50 projection
// iterations, 50 index-set iterations. Every integrator must be a
// MoreauJeanCombinedProjectionOSI or a MoreauJeanNewtonEulerCombinedProjectionOSI
// (ProjectionIntegrator::combinedProjection()).

#include <moreau/kernel/simulation/TimeSteppingDirectProjection.hpp>

namespace moreau {

/// Combined projection (Siconos TimeSteppingCombinedProjection): the velocity step computed on
/// index set 1, which starts empty at each step and gets the contacts found closed (y(0) ≤ 0)
/// at t_{k+1} until none is added, then the projection of index set 1 (on y = 0 by default).
/// Integrators: MoreauJeanCombinedProjectionOSI or MoreauJeanNewtonEulerCombinedProjectionOSI.
class TimeSteppingCombinedProjection : public TimeSteppingDirectProjection {
 public:
  /// The Siconos form (insertIntegrator, insertNonSmoothProblem for the Velocity and the
  /// Position problems), or one integrator, the Velocity problem and the Position problem
  /// (ModelError when positionProblem is null). Defaults: 50 projection iterations.
  ///@{
  TimeSteppingCombinedProjection(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                                 std::shared_ptr<TimeDiscretisation> td);
  TimeSteppingCombinedProjection(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                                 std::shared_ptr<TimeDiscretisation> td,
                                 std::shared_ptr<OneStepIntegrator> osi,
                                 std::shared_ptr<OneStepNSProblem> velocityProblem,
                                 std::shared_ptr<OneStepNSProblem> positionProblem);
  ///@}

  const char* typeName() const override { return "TimeSteppingCombinedProjection"; }

  /// Maximum number of computations of a step (index-set iterations): ≥ 1 (ModelError
  /// otherwise), default 50. When reached, the last computation is projected and kept (a
  /// contact closed in it may be missing from index set 1; Siconos throws instead);
  /// nbIndexSetsIteration() then equals the maximum.
  ///@{
  void setMaxIndexSetIteration(unsigned maxIteration);
  unsigned maxIndexSetIteration() const { return maxIndexSetIteration_; }
  ///@}
  /// Computations of the last step (1 when no interaction closed during the step).
  unsigned nbIndexSetsIteration() const { return indexSetIterations_; }
  /// Siconos's doCombinedProjOnEquality (default true): the projection brings every contact
  /// of index set 1 to y = 0 (NewtonImpactNSL and the normal rows of NewtonImpactFrictionNSL
  /// are equality rows of the Position problem, which runs while some |y| ≥
  /// constraintTolUnilateral()); false: unilateral rows, projection while some
  /// −y > constraintTolUnilateral(). Sets the Position problem's doProjOnEquality.
  ///@{
  void setDoCombinedProjOnEquality(bool value);
  bool doCombinedProjOnEquality() const { return projectUnilateralOnEquality_; }
  ///@}

  void initialize() override;
  void computeOneStep() override;

 private:
  unsigned maxIndexSetIteration_ = 50;
  unsigned indexSetIterations_ = 0;
};

}  // namespace moreau
