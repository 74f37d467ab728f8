#pragma once
// Integrator of the combined projection scheme (Siconos
// MoreauJeanCombinedProjectionOSI; docs/theory/projection.md §2): the
// Moreau–Jean step and the position projection of
// MoreauJeanDirectProjectionOSI, driven by TimeSteppingCombinedProjection,
// which iterates the step on index set 1 (forceActive).

#include <moreau/kernel/simulation/MoreauJeanDirectProjectionOSI.hpp>

namespace moreau {

class MoreauJeanCombinedProjectionOSI : public MoreauJeanDirectProjectionOSI {
 public:
  explicit MoreauJeanCombinedProjectionOSI(double theta = 0.5,
                                           double gamma = std::numeric_limits<double>::quiet_NaN())
      : MoreauJeanDirectProjectionOSI(theta, gamma) {}
  const char* typeName() const override { return "MoreauJeanCombinedProjectionOSI"; }
};

}  // namespace moreau
