#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/MLCPProjectOnConstraints.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>
#include <moreau/kernel/simulation/TimeSteppingCombinedProjection.hpp>

#include <utility>

namespace moreau {

TimeSteppingCombinedProjection::TimeSteppingCombinedProjection(
    std::shared_ptr<NonSmoothDynamicalSystem> nsds, std::shared_ptr<TimeDiscretisation> td)
    : TimeSteppingDirectProjection(std::move(nsds), std::move(td)) {
  projectionMaxIteration_ = 50;
  projectUnilateralOnEquality_ = true;  // Siconos's doCombinedProjOnEquality default
}

TimeSteppingCombinedProjection::TimeSteppingCombinedProjection(
    std::shared_ptr<NonSmoothDynamicalSystem> nsds, std::shared_ptr<TimeDiscretisation> td,
    std::shared_ptr<OneStepIntegrator> osi, std::shared_ptr<OneStepNSProblem> velocityProblem,
    std::shared_ptr<OneStepNSProblem> positionProblem)
    : TimeSteppingDirectProjection(std::move(nsds), std::move(td), std::move(osi),
                                   std::move(velocityProblem), std::move(positionProblem)) {
  projectionMaxIteration_ = 50;
  projectUnilateralOnEquality_ = true;
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
  // Siconos's initOSNS: the position problem projects on equalities as the stepping does (also
  // a problem inserted after setDoCombinedProjOnEquality).
  setDoCombinedProjOnEquality(projectUnilateralOnEquality_);
  TimeSteppingDirectProjection::initialize();
}

void TimeSteppingCombinedProjection::setDoCombinedProjOnEquality(bool value) {
  projectUnilateralOnEquality_ = value;
  if (auto* position =
          dynamic_cast<MLCPProjectOnConstraints*>(nonSmoothProblem(ProblemRole::Position).get()))
    position->setDoProjOnEquality(value);
}

void TimeSteppingCombinedProjection::computeOneStep() {
  // docs/theory/projection.md §2.2. Index set 1 starts empty (the combined integrators' rule
  // is "forced by this loop"); each pass computes the velocity step from (q_k, v_k) on it,
  // then adds every other interaction closed at t_{k+1} (first row of each contact: y(0) ≤ 0;
  // always-active laws unconditionally); a pass that adds none is the step's, and the
  // positions of its index set are projected. Siconos tests the closed contacts after the
  // projection, on the outputs of the velocity step (the projection recomputes only those of
  // the set): the same test, and a pass that adds an interaction is discarded there too.
  ensureInitialized();
  const Topology& topology = nsds_->topology();
  indexSetIterations_ = 0;
  struct Restore {
    bool& flag;
    ~Restore() { flag = true; }
  } restore{runInteractionManagers_};
  for (;;) {
    ++indexSetIterations_;
    velocityStage();
    runInteractionManagers_ = false;  // once per step, before the first pass
    if (indexSetIterations_ >= maxIndexSetIteration_) break;
    bool added = false;
    const IndexSet& active = topology.indexSet(1);
    for (const auto& inter : topology.interactions()) {
      if (active.contains(inter->number())) continue;
      bool closed = isAlwaysActive(*inter->nonSmoothLaw());
      const auto& y = inter->y(0);
      const Eigen::Index stride = static_cast<Eigen::Index>(inter->nonSmoothLaw()->size());
      for (Eigen::Index i = 0; !closed && i < y.size(); i += stride) closed = y(i) <= 0.0;
      if (!closed) continue;
      dynamic_cast<ProjectionIntegrator&>(integratorOf(*inter->dynamicalSystems().front()))
          .forceActive(*inter);
      added = true;
    }
    if (!added) break;
  }
  projectionStage();
}

}  // namespace moreau
