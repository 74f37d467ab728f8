#pragma once
// What TimeSteppingDirectProjection and TimeSteppingCombinedProjection need
// from their integrators besides OneStepIntegrator (docs/kernel/projection.md):
// the blocks of the Position problem at the current positions
// (prepareProjection) and, for the combined scheme, contacts forced into
// index set 1 for the rest of the step. Implemented by
// MoreauJeanDirectProjectionOSI (LagrangianDS) and
// MoreauJeanNewtonEulerDirectProjectionOSI (NewtonEulerDS), and their
// combined variants.

#include <moreau/kernel/simulation/StepContext.hpp>

namespace moreau {

class Interaction;

/// Interface of the integrators driven by the projection simulations (TimeSteppingDirectProjection,
/// TimeSteppingCombinedProjection): an integrator is accepted when it is also a
/// ProjectionIntegrator (and, for the combined scheme, when combinedProjection() is true).
class ProjectionIntegrator {
 public:
  virtual ~ProjectionIntegrator();

  /// Called by the projection simulations before each Position problem: the constraint
  /// Jacobians and M⁻¹ × their transpose at the current positions.
  virtual void prepareProjection(const StepContext& ctx) = 0;
  /// Combined projection: inter stays in index set 1 for the rest of the current step
  /// (cleared at the next beginStep); isForcedActive tells whether it was.
  ///@{
  virtual void forceActive(const Interaction& inter) = 0;
  virtual bool isForcedActive(const Interaction& inter) const = 0;
  ///@}
  /// True for the integrators of the combined scheme (required by
  /// TimeSteppingCombinedProjection); false by default.
  virtual bool combinedProjection() const { return false; }

 protected:
  /// Only integrators implement the interface.
  ///@{
  ProjectionIntegrator() = default;
  ProjectionIntegrator(const ProjectionIntegrator&) = default;
  ProjectionIntegrator& operator=(const ProjectionIntegrator&) = default;
  ///@}
};

}  // namespace moreau
