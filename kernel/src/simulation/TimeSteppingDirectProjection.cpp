#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/EqualityConditionNSL.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/MLCPProjectOnConstraints.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>
#include <moreau/kernel/simulation/TimeSteppingDirectProjection.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace moreau {

TimeSteppingDirectProjection::TimeSteppingDirectProjection(
    std::shared_ptr<NonSmoothDynamicalSystem> nsds, std::shared_ptr<TimeDiscretisation> td)
    : TimeStepping(std::move(nsds), std::move(td)) {}

TimeSteppingDirectProjection::TimeSteppingDirectProjection(
    std::shared_ptr<NonSmoothDynamicalSystem> nsds, std::shared_ptr<TimeDiscretisation> td,
    std::shared_ptr<OneStepIntegrator> osi, std::shared_ptr<OneStepNSProblem> velocityProblem,
    std::shared_ptr<OneStepNSProblem> positionProblem)
    : TimeStepping(std::move(nsds), std::move(td), std::move(osi), std::move(velocityProblem)) {
  if (!positionProblem)
    throw ModelError("TimeSteppingDirectProjection: the position problem is null");
  insertNonSmoothProblem(positionProblem, ProblemRole::Position);
}

void TimeSteppingDirectProjection::setIndexSetLevelForProjection(unsigned level) {
  if (level > 1)
    throw ModelError(std::string(typeName()) + ": projection level " + std::to_string(level) +
                     " (0: every interaction, 1: index set 1)");
  projectionLevel_ = level;
}

void TimeSteppingDirectProjection::setProjectionMaxIteration(unsigned maxIteration) {
  if (maxIteration == 0)
    throw ModelError(std::string(typeName()) +
                     ": the maximum number of projection iterations must be at least 1");
  projectionMaxIteration_ = maxIteration;
}

namespace {
void checkTolerance(const char* who, const char* what, double tolerance) {
  if (!std::isfinite(tolerance) || !(tolerance > 0.0)) {
    std::ostringstream os;
    os << who << ": the " << what << " must be positive and finite (got " << tolerance << ")";
    throw ModelError(os.str());
  }
}
}  // namespace

void TimeSteppingDirectProjection::setConstraintTol(double tolerance) {
  checkTolerance(typeName(), "equality constraint tolerance", tolerance);
  constraintTol_ = tolerance;
}

void TimeSteppingDirectProjection::setConstraintTolUnilateral(double tolerance) {
  checkTolerance(typeName(), "unilateral constraint tolerance", tolerance);
  constraintTolUnilateral_ = tolerance;
}

void TimeSteppingDirectProjection::initialize() {
  const auto& position = nonSmoothProblem(ProblemRole::Position);
  if (!position)
    throw ModelError(std::string(typeName()) +
                     ": no problem in the Position role (insertNonSmoothProblem("
                     "std::make_shared<MLCPProjectOnConstraints>(), ProblemRole::Position))");
  if (!dynamic_cast<MLCPProjectOnConstraints*>(position.get()))
    throw ModelError(std::string(typeName()) + ": the Position problem is a " +
                     position->typeName() + "; it must be an MLCPProjectOnConstraints");
  projectionIterations_ = 0;
  maxViolationUnilateral_ = maxViolationEquality_ = 0.0;
  cumulatedProjection_ = 0;
  checkProjectionIntegrators();  // the user's integrators, before any work
  TimeStepping::initialize();
  checkProjectionIntegrators();  // with the companions initialize added (Newton–Euler bodies)
}

void TimeSteppingDirectProjection::checkProjectionIntegrators() {
  projectionIntegrators_.clear();
  for (const auto& osi : integrators()) {
    auto* projection = dynamic_cast<ProjectionIntegrator*>(osi.get());
    if (!projection)
      throw ModelError(std::string(typeName()) + ": the integrator " + osi->typeName() +
                       " is not a projection integrator (MoreauJeanDirectProjectionOSI for "
                       "Lagrangian systems, MoreauJeanNewtonEulerDirectProjectionOSI for "
                       "Newton-Euler bodies, or their combined variants)");
    projectionIntegrators_.push_back(projection);
  }
}

ProblemContext TimeSteppingDirectProjection::problemContext(ProblemRole role) const {
  ProblemContext ctx = TimeStepping::problemContext(role);
  if (role == ProblemRole::Position) {
    ctx.inputLevel = 0;
    ctx.outputLevel = projectionLevel_;
  }
  return ctx;
}

void TimeSteppingDirectProjection::velocityStage() {
  // The TimeStepping step (with its Newton loop) without the Position problem.
  auto& slot = problems_[static_cast<std::size_t>(ProblemRole::Position)];
  struct Hide {
    std::shared_ptr<OneStepNSProblem>& slot;
    std::shared_ptr<OneStepNSProblem> kept;
    ~Hide() { slot = std::move(kept); }
  } hide{slot, std::move(slot)};
  TimeStepping::computeOneStep();
}

void TimeSteppingDirectProjection::computeCriteria() {
  const Topology& topology = nsds_->topology();
  maxViolationUnilateral_ = maxViolationEquality_ = maxUnilateralGap_ = 0.0;
  for (const unsigned id : topology.indexSet(projectionLevel_)) {
    const Interaction& inter = *topology.interaction(id);
    const auto& y = inter.y(0);
    const NonSmoothLaw* law = inter.nonSmoothLaw().get();
    const Eigen::Index lawSize = static_cast<Eigen::Index>(law->size());
    Eigen::Index equalities = 0;
    if (dynamic_cast<const EqualityConditionNSL*>(law))
      equalities = lawSize;
    else if (const auto* mixed = dynamic_cast<const MixedComplementarityConditionNSL*>(law))
      equalities = mixed->equalitySize();
    // Friction laws: only the normal rows (first row of each contact) are constraints.
    const bool friction = dynamic_cast<const NewtonImpactFrictionNSL*>(law) != nullptr;
    // The rows MLCPProjectOnConstraints::setDoProjOnEquality makes equality rows.
    const bool impact = MLCPProjectOnConstraints::isImpactLaw(*law);
    for (Eigen::Index i = 0; i < y.size(); ++i) {
      if (friction && i % lawSize != 0) continue;
      if (i % lawSize < equalities)
        maxViolationEquality_ = std::max(maxViolationEquality_, std::abs(y(i)));
      else {
        maxViolationUnilateral_ = std::max(maxViolationUnilateral_, -y(i));
        maxUnilateralGap_ = std::max(maxUnilateralGap_, impact ? std::abs(y(i)) : -y(i));
      }
    }
  }
}

bool TimeSteppingDirectProjection::violated() const {
  if (maxViolationEquality_ > constraintTol_) return true;
  // Combined scheme on equalities (Siconos's test): a contact of the set away from y = 0.
  if (projectUnilateralOnEquality_) return maxUnilateralGap_ >= constraintTolUnilateral_;
  return maxViolationUnilateral_ > constraintTolUnilateral_;
}

void TimeSteppingDirectProjection::projectionStage() {
  projectionIterations_ = 0;
  computeCriteria();
  while (violated() && projectionIterations_ < projectionMaxIteration_) {
    const StepContext sctx = stepContext();
    for (ProjectionIntegrator* osi : projectionIntegrators_) osi->prepareProjection(sctx);
    computeProblem(ProblemRole::Position);
    const ProblemContext ctx = problemContext(ProblemRole::Position);
    for (const auto& osi : integrators_) osi->updateState(ctx);
    ++projectionIterations_;
    computeCriteria();
  }
  cumulatedProjection_ += projectionIterations_;
}

void TimeSteppingDirectProjection::computeOneStep() {
  ensureInitialized();
  velocityStage();
  projectionStage();
}

}  // namespace moreau
