#pragma once
// Integrator of the combined projection scheme (Siconos
// MoreauJeanCombinedProjectionOSI; docs/theory/projection.md §2): the
// Moreau–Jean step and the position projection of
// MoreauJeanDirectProjectionOSI, driven by TimeSteppingCombinedProjection,
// which iterates the step on index set 1 (forceActive).

#include <moreau/kernel/simulation/MoreauJeanDirectProjectionOSI.hpp>

namespace moreau {

/// Integrator of the combined projection scheme (Siconos MoreauJeanCombinedProjectionOSI): the
/// step and projection of MoreauJeanDirectProjectionOSI, required by
/// TimeSteppingCombinedProjection. Index set 1 holds only the interactions that
/// TimeSteppingCombinedProjection forces into it during the step (forceActive): no
/// thresholds, no prediction (ProjectionIntegrator::indexSet1Rule).
class MoreauJeanCombinedProjectionOSI : public MoreauJeanDirectProjectionOSI {
 public:
  /// theta in [0, 1] (default ½); gamma in [0, 1] or NaN (default: not given, γ = ½), as
  /// MoreauJeanOSI; ModelError otherwise.
  explicit MoreauJeanCombinedProjectionOSI(double theta = 0.5,
                                           double gamma = std::numeric_limits<double>::quiet_NaN())
      : MoreauJeanDirectProjectionOSI(theta, gamma) {}
  const char* typeName() const override { return "MoreauJeanCombinedProjectionOSI"; }
  /// True: accepted by TimeSteppingCombinedProjection.
  bool combinedProjection() const override { return true; }
};

}  // namespace moreau
