#pragma once
// Combined projection (Siconos TimeSteppingCombinedProjection;
// docs/theory/projection.md §2, docs/kernel/projection.md). The step of
// TimeSteppingDirectProjection (velocity problem on index set 1, projection of
// the positions on index set 1) is iterated on the index set: after the
// projection, every interaction outside index set 1 whose gap at t_{k+1} is
// below −constraintTolUnilateral() (a contact the predictor missed) is made
// active for the rest of the step (ProjectionIntegrator::
// forceActive) and the step is computed again from (q_k, v_k); the loop
// stops when no interaction is added or after maxIndexSetIteration()
// computations. So an impact is handled by the velocity law at the step at
// which the contact closes, and both the velocity law and the projection act
// on the same index set. The projection is always on index set 1.
// Defaults (tutorial-models.md §0.1): tolerances 1e-8, 50 projection
// iterations, 50 index-set iterations. Every integrator must be a
// MoreauJeanCombinedProjectionOSI or a MoreauJeanNewtonEulerCombinedProjectionOSI
// (ProjectionIntegrator::combinedProjection()).

#include <moreau/kernel/simulation/TimeSteppingDirectProjection.hpp>

namespace moreau {

/// Combined projection (Siconos TimeSteppingCombinedProjection): the step of
/// TimeSteppingDirectProjection iterated on index set 1, adding the contacts found closed
/// (y < −constraintTolUnilateral()) at t_{k+1}, until none is added. Integrators:
/// MoreauJeanCombinedProjectionOSI or MoreauJeanNewtonEulerCombinedProjectionOSI.
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
  /// otherwise), default 50.
  ///@{
  void setMaxIndexSetIteration(unsigned maxIteration);
  unsigned maxIndexSetIteration() const { return maxIndexSetIteration_; }
  ///@}
  /// Computations of the last step (1 when the predicted index set held).
  unsigned nbIndexSetsIteration() const { return indexSetIterations_; }

  void initialize() override;
  void computeOneStep() override;

 private:
  unsigned maxIndexSetIteration_ = 50;
  unsigned indexSetIterations_ = 0;
};

}  // namespace moreau
