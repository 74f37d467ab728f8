#pragma once
// Integrator of the combined projection scheme for Newton–Euler bodies
// (docs/theory/projection.md §2.2 and §2.4): the step and the projection of
// MoreauJeanNewtonEulerDirectProjectionOSI, driven by
// TimeSteppingCombinedProjection (which forces contacts into index set 1).

#include <moreau/kernel/simulation/MoreauJeanNewtonEulerDirectProjectionOSI.hpp>

namespace moreau {

/// Integrator of the combined projection scheme for Newton–Euler bodies: the step and
/// projection of MoreauJeanNewtonEulerDirectProjectionOSI, accepted by
/// TimeSteppingCombinedProjection. Index set 1 holds only the interactions that
/// TimeSteppingCombinedProjection forces into it during the step (forceActive): no
/// thresholds, no prediction (ProjectionIntegrator::indexSet1Rule).
class MoreauJeanNewtonEulerCombinedProjectionOSI : public MoreauJeanNewtonEulerDirectProjectionOSI {
 public:
  /// theta in [0, 1] (default ½); gamma in [0, 1] or NaN (not given: γ = ½); ModelError
  /// otherwise.
  explicit MoreauJeanNewtonEulerCombinedProjectionOSI(
      double theta = 0.5, double gamma = std::numeric_limits<double>::quiet_NaN())
      : MoreauJeanNewtonEulerDirectProjectionOSI(theta, gamma) {}
  const char* typeName() const override { return "MoreauJeanNewtonEulerCombinedProjectionOSI"; }
  /// True: accepted by TimeSteppingCombinedProjection.
  bool combinedProjection() const override { return true; }
};

}  // namespace moreau
