#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>
#include <moreau/kernel/simulation/TimeSteppingCombinedProjection.hpp>

#include <utility>

namespace moreau {

TimeSteppingCombinedProjection::TimeSteppingCombinedProjection(
    std::shared_ptr<NonSmoothDynamicalSystem> nsds, std::shared_ptr<TimeDiscretisation> td)
    : TimeSteppingDirectProjection(std::move(nsds), std::move(td)) {
  projectionMaxIteration_ = 50;
}

TimeSteppingCombinedProjection::TimeSteppingCombinedProjection(
    std::shared_ptr<NonSmoothDynamicalSystem> nsds, std::shared_ptr<TimeDiscretisation> td,
    std::shared_ptr<OneStepIntegrator> osi, std::shared_ptr<OneStepNSProblem> velocityProblem,
    std::shared_ptr<OneStepNSProblem> positionProblem)
    : TimeSteppingDirectProjection(std::move(nsds), std::move(td), std::move(osi),
                                   std::move(velocityProblem), std::move(positionProblem)) {
  projectionMaxIteration_ = 50;
}

void TimeSteppingCombinedProjection::setMaxIndexSetIteration(unsigned maxIteration) {
  if (maxIteration == 0)
    throw ModelError(
        "TimeSteppingCombinedProjection: the maximum number of index-set iterations must be at "
        "least 1");
  maxIndexSetIteration_ = maxIteration;
}

void TimeSteppingCombinedProjection::initialize() {
  for (const auto& osi : integrators()) {
    const auto* projection = dynamic_cast<const ProjectionIntegrator*>(osi.get());
    if (!projection || !projection->combinedProjection())
      throw ModelError(std::string("TimeSteppingCombinedProjection: the integrator ") +
                       osi->typeName() +
                       " is not a MoreauJeanCombinedProjectionOSI (Lagrangian systems) or a "
                       "MoreauJeanNewtonEulerCombinedProjectionOSI (Newton-Euler bodies)");
  }
  projectionLevel_ = 1;
  indexSetIterations_ = 0;
  TimeSteppingDirectProjection::initialize();
}

void TimeSteppingCombinedProjection::computeOneStep() {
  ensureInitialized();
  const Topology& topology = nsds_->topology();
  indexSetIterations_ = 0;
  for (;;) {
    ++indexSetIterations_;
    velocityStage();  // from (q_k, v_k), index set 1 = predicted ∪ forced
    projectionStage();
    if (indexSetIterations_ >= maxIndexSetIteration_) break;
    // Contacts closed at t_{k+1} that the velocity problem did not see.
    bool added = false;
    const IndexSet& active = topology.indexSet(1);
    for (const auto& inter : topology.interactions()) {
      if (active.contains(inter->number())) continue;
      const Eigen::VectorXd& y = inter->y(0);
      const Eigen::Index stride = static_cast<Eigen::Index>(inter->nonSmoothLaw()->size());
      for (Eigen::Index i = 0; i < y.size(); i += stride)
        if (y(i) < -constraintTolUnilateral_) {
          dynamic_cast<ProjectionIntegrator&>(integratorOf(*inter->dynamicalSystems().front()))
              .forceActive(*inter);
          added = true;
          break;
        }
    }
    if (!added) break;
  }
}

}  // namespace moreau
