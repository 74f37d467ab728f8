#pragma once
// Helpers shared by the projection tests (test_projection.cpp, test_projection_newton_euler.cpp).

#include <moreau/Moreau.hpp>

#include <memory>
#include <utility>

namespace moreau::test {

/// A Projection (TimeSteppingDirectProjection or TimeSteppingCombinedProjection) of nsds with
/// osi, an LCP velocity problem and an MLCPProjectOnConstraints position problem; `projection`
/// is set to it.
template <class Projection>
std::shared_ptr<Simulation> projectionSimulation(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                                                 std::shared_ptr<TimeDiscretisation> td,
                                                 std::shared_ptr<OneStepIntegrator> osi,
                                                 TimeSteppingDirectProjection*& projection) {
  auto ts = std::make_shared<Projection>(std::move(nsds), std::move(td), std::move(osi),
                                         std::make_shared<LCP>(),
                                         std::make_shared<MLCPProjectOnConstraints>());
  projection = ts.get();
  return ts;
}

}  // namespace moreau::test
