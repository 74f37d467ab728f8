#pragma once
// Time stepping with a projection of the positions onto the constraints
// after each Moreau–Jean step (Siconos TimeSteppingDirectProjection;
// dev-notes §2.9, docs/theory/projection.md, docs/kernel/projection.md).
// One step k:
//   1. the TimeStepping step (free state, index set 1, Velocity problem, update;
//      Newton loop for nonlinear models) with MoreauJeanDirectProjectionOSI;
//   2. projection: while the largest violation on the projection index set
//      (unilateral rows: max(0, −y), equality rows: |y|; friction laws: their
//      normal rows only) is above its
//      tolerance and fewer than projectionMaxIteration() iterations were done,
//      solve the Position problem (MLCPProjectOnConstraints, λ(0)) on
//      index set indexSetLevelForProjection() (1: the contacts active in the
//      velocity problem; 0: every interaction) and move q by Gᵀ λ(0) (Lagrangian
//      systems, identity metric as Siconos; Newton–Euler bodies: M⁻¹ Hᵀ λ(0)).
// Every integrator must implement ProjectionIntegrator
// (MoreauJeanDirectProjectionOSI for LagrangianDS,
// MoreauJeanNewtonEulerDirectProjectionOSI for NewtonEulerDS, or derived) and a
// Position problem must be inserted (ModelError at initialize otherwise).
// Defaults (tutorial-models.md §0.1): level 1, tolerances 1e-8, 10 iterations.
// The step's Position records: one per projection iteration.

#include <moreau/kernel/simulation/TimeStepping.hpp>

#include <memory>
#include <vector>

namespace moreau {

class ProjectionIntegrator;

/// Time stepping with a projection of the positions onto the constraints after each Moreau–Jean
/// step (Siconos TimeSteppingDirectProjection): the TimeStepping step, then Position problems
/// (MLCPProjectOnConstraints) while a constraint is violated beyond its tolerance.
/// Integrators: ProjectionIntegrator implementations (MoreauJeanDirectProjectionOSI,
/// MoreauJeanNewtonEulerDirectProjectionOSI, or derived).
class TimeSteppingDirectProjection : public TimeStepping {
 public:
  /// The Siconos form: integrators and problems (Velocity, and Position with
  /// ProblemRole::Position) inserted afterwards.
  TimeSteppingDirectProjection(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                               std::shared_ptr<TimeDiscretisation> td);
  /// One integrator, the Velocity problem and the Position problem (ModelError when
  /// positionProblem is null).
  TimeSteppingDirectProjection(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                               std::shared_ptr<TimeDiscretisation> td,
                               std::shared_ptr<OneStepIntegrator> osi,
                               std::shared_ptr<OneStepNSProblem> velocityProblem,
                               std::shared_ptr<OneStepNSProblem> positionProblem);

  const char* typeName() const override { return "TimeSteppingDirectProjection"; }

  /// Index set of the projection: 1 (default: the contacts active in the velocity problem)
  /// or 0 (every interaction); ModelError otherwise; set before initialize.
  ///@{
  void setIndexSetLevelForProjection(unsigned level);
  unsigned indexSetLevelForProjection() const { return projectionLevel_; }
  ///@}
  /// Maximum number of projection iterations per step: ≥ 1 (ModelError otherwise),
  /// default 10.
  ///@{
  void setProjectionMaxIteration(unsigned maxIteration);
  unsigned projectionMaxIteration() const { return projectionMaxIteration_; }
  ///@}
  /// Tolerances (units of y) on the equality rows (|y|, setConstraintTol) and the unilateral
  /// rows (−y, setConstraintTolUnilateral): positive and finite (ModelError otherwise),
  /// default 1e-8 each.
  ///@{
  void setConstraintTol(double tolerance);
  void setConstraintTolUnilateral(double tolerance);
  double constraintTol() const { return constraintTol_; }
  double constraintTolUnilateral() const { return constraintTolUnilateral_; }
  ///@}

  /// Of the last computed step: projection iterations (0 when no violation)
  /// and the largest violations after them (over the projection index set):
  /// unilateral max(0, −y), equality |y|.
  ///@{
  unsigned nbProjectionIteration() const { return projectionIterations_; }
  double maxViolationUnilateral() const { return maxViolationUnilateral_; }
  double maxViolationEquality() const { return maxViolationEquality_; }
  ///@}
  /// Projection iterations over every step computed since initialize.
  unsigned long nbCumulatedProjectionIteration() const { return cumulatedProjection_; }

  void initialize() override;
  void computeOneStep() override;
  /// Position: input level 0, output level (index set) = the projection level.
  using TimeStepping::problemContext;  // keep problemContext(role, osi) visible
  ProblemContext problemContext(ProblemRole role) const override;

 protected:
  /// The TimeStepping step without the Position problem.
  void velocityStage();
  /// The projection loop on the current index set.
  void projectionStage();
  /// Largest violations on the projection index set (sets the members).
  void computeCriteria();
  /// True when a largest violation is above its tolerance.
  bool violated() const;
  /// Fills projectionIntegrators_ from integrators() (companions included once
  /// Simulation::initialize has added them); ModelError for an integrator that is not a
  /// ProjectionIntegrator.
  void checkProjectionIntegrators();

  unsigned projectionLevel_ = 1;           ///< indexSetLevelForProjection()
  unsigned projectionMaxIteration_ = 10;   ///< projectionMaxIteration()
  double constraintTol_ = 1e-8;            ///< constraintTol()
  double constraintTolUnilateral_ = 1e-8;  ///< constraintTolUnilateral()
  unsigned projectionIterations_ = 0;      ///< nbProjectionIteration()
  double maxViolationUnilateral_ = 0.0;    ///< maxViolationUnilateral()
  double maxViolationEquality_ = 0.0;      ///< maxViolationEquality()
  unsigned long cumulatedProjection_ = 0;  ///< nbCumulatedProjectionIteration()
  /// Combined scheme on equalities (TimeSteppingCombinedProjection::doCombinedProjOnEquality):
  /// a unilateral row is violated when |y| ≥ constraintTolUnilateral() (not −y >).
  bool projectUnilateralOnEquality_ = false;
  double maxUnilateralGap_ = 0.0;  ///< max |y| over the unilateral rows (computeCriteria)
  /// The integrators as ProjectionIntegrator, in the order of integrators() (set by initialize).
  std::vector<ProjectionIntegrator*> projectionIntegrators_;
};

}  // namespace moreau
