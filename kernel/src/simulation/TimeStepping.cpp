#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/simulation/EulerMoreauOSI.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>
#include <moreau/kernel/simulation/TimeStepping.hpp>

#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <utility>

namespace moreau {

TimeStepping::TimeStepping(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                           std::shared_ptr<TimeDiscretisation> td)
    : Simulation(std::move(nsds), std::move(td)),
#ifdef NDEBUG
      stateChecks_(false) {
#else
      stateChecks_(true) {
#endif
  if (!nsds_) throw ModelError("TimeStepping: the NonSmoothDynamicalSystem is null");
  if (!td_) throw ModelError("TimeStepping: the TimeDiscretisation is null");
  const double t0 = nsds_->t0();
  if (std::abs(td_->t0() - t0) > 1e-12 * std::max(1.0, std::abs(t0))) {
    std::ostringstream os;
    os << "TimeStepping: the TimeDiscretisation starts at t0 = " << td_->t0()
       << " but the NonSmoothDynamicalSystem at t0 = " << t0;
    throw ModelError(os.str());
  }
  N_ = td_->numberOfSteps(nsds_->finalT());
  newtonResiduals_.reserve(newtonMaxIteration_);
}

TimeStepping::TimeStepping(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                           std::shared_ptr<TimeDiscretisation> td,
                           std::shared_ptr<OneStepIntegrator> osi,
                           std::shared_ptr<OneStepNSProblem> osnspb)
    : TimeStepping(std::move(nsds), std::move(td)) {
  if (!osi) throw ModelError("TimeStepping: the OneStepIntegrator is null");
  if (!osnspb) throw ModelError("TimeStepping: the OneStepNSProblem is null");
  insertIntegrator(osi);
  firstIntegratorIsDefault_ = true;
  insertNonSmoothProblem(osnspb, ProblemRole::Velocity);
}

const std::shared_ptr<OneStepIntegrator>& TimeStepping::oneStepIntegrator() const {
  static const std::shared_ptr<OneStepIntegrator> none;
  return integrators_.empty() ? none : integrators_.front();
}

void TimeStepping::setNewtonTolerance(double tolerance) {
  if (!std::isfinite(tolerance) || !(tolerance > 0.0)) {
    std::ostringstream os;
    os << "TimeStepping: the Newton tolerance must be positive and finite (got " << tolerance
       << ")";
    throw ModelError(os.str());
  }
  newtonTolerance_ = tolerance;
}

void TimeStepping::setNewtonMaxIteration(unsigned maxIteration) {
  if (maxIteration == 0)
    throw ModelError("TimeStepping: the maximum number of Newton iterations must be at least 1");
  newtonMaxIteration_ = maxIteration;
  newtonResiduals_.reserve(maxIteration);
}

void TimeStepping::computeOneStep() {
  ensureInitialized();
  // User interaction managers, before the free state and the Newton loop (computeFreeState
  // picks up their links and removals), with the systems at the state where the Newton loop
  // starts (Siconos calls them after computeInitialNewtonState: MoreauJeanOSI's q_k + h v_k);
  // the systems are put back at q_k after them, also when one throws.
  if (runInteractionManagers_ && !interactionManagers().empty()) {
    const StepContext ctx = stepContext();
    struct Leave {
      const std::vector<std::shared_ptr<OneStepIntegrator>>& integrators;
      ~Leave() {
        for (const auto& osi : integrators) osi->leaveInitialNewtonState();
      }
    } leave{integrators_};
    for (const auto& osi : integrators_) osi->enterInitialNewtonState(ctx);
    updateInteractions();
  }
  bool linear = true;
  for (const auto& osi : integrators_) linear = linear && osi->isLinear();
  if (!linear) {
    newtonSolve();
    return;
  }
  newtonIterations_ = 1;
  newtonConverged_ = true;
  newtonStateResidual_ = newtonOutputResidual_ = 0.0;
  newtonResiduals_.clear();
  computeFreeState();
  updateIndexSets();
  for (std::size_t r = 0; r < kNumberOfProblemRoles; ++r)
    computeOneStepNSProblem(static_cast<ProblemRole>(r));
  update();
}

bool TimeStepping::computeResiduY() const {
  if (computeResiduYSet_) return computeResiduY_;
  return std::any_of(integrators_.begin(), integrators_.end(), [](const auto& osi) {
    return dynamic_cast<const EulerMoreauOSI*>(osi.get()) != nullptr;
  });
}

void TimeStepping::newtonSolve() {
  newtonResiduals_.clear();
  newtonConverged_ = false;
  // Records of the step are kept until the loop ends (one per problem, with
  // the iteration count); the flags are reset however the loop exits.
  struct Reset {
    TimeStepping& ts;
    ~Reset() {
      ts.deferRecords_ = false;
      ts.newtonIteration_ = 0;
      ts.pending_.fill(false);
    }
  } reset{*this};
  deferRecords_ = true;
  // Siconos resetAllLambda (default): the Newton iterate starts from λ = 0.
  if (resetAllLambda_)
    for (const auto& inter : nsds_->topology().interactions())
      for (unsigned level = 0; level < inter->numberOfInputLevels(); ++level)
        inter->lambda(level).setZero();
  const bool residuY = computeResiduY();
  unsigned it = 0;
  double rs = 0.0, ry = 0.0;
  for (;;) {
    newtonIteration_ = it;
    const StepContext ctx = stepContext();
    for (const auto& osi : integrators_) osi->prepareNewtonIteration(ctx);
    computeFreeState();
    // Activation from the memories y_k, ẏ_k: once per step.
    if (it == 0) updateIndexSets();
    for (std::size_t r = 0; r < kNumberOfProblemRoles; ++r)
      computeOneStepNSProblem(static_cast<ProblemRole>(r));
    update();
    rs = 0.0;
    ry = 0.0;
    for (const auto& osi : integrators_) {
      rs = std::max(rs, osi->computeResidu());
      if (residuY) ry = std::max(ry, osi->computeResiduOutput());
    }
    ++it;
    newtonResiduals_.push_back(std::max(rs, ry));
    if (rs <= newtonTolerance_ && ry <= newtonTolerance_) {
      newtonConverged_ = true;
      break;
    }
    if (it >= newtonMaxIteration_) break;
  }
  newtonIterations_ = it;
  newtonStateResidual_ = rs;
  newtonOutputResidual_ = ry;
  flushPendingRecords(static_cast<int>(it), newtonConverged_, std::max(rs, ry));
  if (newtonConverged_ || failurePolicy() == FailurePolicy::Continue) return;
  std::ostringstream os;
  os << "TimeStepping: the Newton loop did not converge at step " << k_ << " (t = " << nextTime()
     << ") after " << it << " iteration" << (it == 1 ? "" : "s") << ": residual on state " << rs
     << ", on output " << ry << " (tolerance " << newtonTolerance_ << ")";
  if (failurePolicy() == FailurePolicy::Throw) {
    os << " (setNewtonMaxIteration / setNewtonTolerance, or "
          "Simulation::setFailurePolicy(FailurePolicy::Warn or Continue) keeps the last iterate)";
    throw SimulationError(os.str());
  }
  std::fprintf(stderr, "%s: warning: %s\n", typeName(), os.str().c_str());
}

void TimeStepping::computeFreeState() {
  ensureInitialized();
  if (!hasNextEvent()) {
    std::ostringstream os;
    os << "TimeStepping: no step after t = " << startingTime() << " (step " << k_ << " of " << N_
       << ")";
    throw SimulationError(os.str());
  }
  stepComputed_ = false;
  const StepContext ctx = stepContext();
  if (!stepStarted_) {
    synchronizeTopology();
    for (const auto& osi : integrators_) osi->beginStep(ctx);
    stepStarted_ = true;
  }
  for (const auto& osi : integrators_) osi->computeFreeState(ctx);
}

void TimeStepping::updateIndexSets() {
  ensureInitialized();
  Topology& topology = nsds_->topology();
  const StepContext ctx = stepContext();
  // Incremental: an index set (and its version) changes only when an
  // interaction enters or leaves it. The integrator of the interaction's
  // systems decides.
  // With one integrator (the common case) no per-interaction lookup.
  const OneStepIntegrator* only = integrators_.size() == 1 ? integrators_.front().get() : nullptr;
  // Topology is asked to change a set only when the membership changes (the common case,
  // a member staying in, costs one lookup in the set).
  // The ids from index set 0 (interactions()[k] is interaction(indexSet(0)[k])): with one
  // integrator the interaction object is not read here.
  const IndexSet& all = topology.indexSet(0);
  const auto& interactions = topology.interactions();
  // Interaction k in or out of index set `level` as the rule says.
  const auto place = [&](unsigned level, std::size_t k, bool in) {
    const IndexSet::Id id = all[k];
    const bool member = topology.indexSet(level).contains(id);
    if (in && !member) topology.addToIndexSet(level, id);
    if (!in && member) topology.removeFromIndexSet(level, id);
  };
  // One integrator whose rule allows it, several threads: the rule's answers by chunks on the
  // threads, then the index sets changed in interaction order (the same sets and versions).
  constexpr std::size_t kRuleGrain = 256;
  const unsigned threads = numberOfThreads();
  const bool concurrent = only && only->concurrentIndexSetRule() &&
                          numerics::parallelChunks(threads, interactions.size(), kRuleGrain) > 1;
  if (concurrent) ruleMembers_.resize(interactions.size());
  // The integrator's look-up hints (OneStepIntegrator::lookupHint), asked again only when the
  // topology changes.
  if (only && (ruleHintsOsi_ != only || ruleHintsVersion_ != topology.version() ||
               ruleHints_.size() != interactions.size())) {
    ruleHints_.resize(interactions.size());
    for (std::size_t k = 0; k < interactions.size(); ++k)
      ruleHints_[k] = only->lookupHint(*interactions[k]);
    ruleHintsOsi_ = only;
    ruleHintsVersion_ = topology.version();
  }
  for (unsigned level = 1; level < topology.numberOfIndexSets(); ++level) {
    if (!concurrent) {
      for (std::size_t k = 0; k < interactions.size(); ++k) {
        const Interaction& inter = *interactions[k];
        place(level, k,
              only ? only->addInteractionInIndexSetWithHint(inter, ruleHints_[k], level, ctx)
                   : integratorOf(*inter.dynamicalSystems().front())
                         .addInteractionInIndexSet(inter, level, ctx));
      }
      continue;
    }
    numerics::parallelFor(
        threads, interactions.size(), kRuleGrain, [&](std::size_t k, std::size_t end) {
          for (; k < end; ++k)
            ruleMembers_[k] =
                only->addInteractionInIndexSetWithHint(*interactions[k], ruleHints_[k], level, ctx);
        });
    for (std::size_t k = 0; k < interactions.size(); ++k) place(level, k, ruleMembers_[k] != 0);
  }
}

void TimeStepping::computeOneStepNSProblem(ProblemRole role) {
  ensureInitialized();
  if (nonSmoothProblem(role)) computeProblem(role);
}

void TimeStepping::update() {
  ensureInitialized();
  // Each integrator at the levels of its own interactions (they differ when
  // integrators are mixed: Moreau–Jean λ 1, Euler–Moreau λ 0).
  for (const auto& osi : integrators_)
    osi->updateState(problemContext(ProblemRole::Velocity, *osi));
  if (stateChecks_) checkComputedState();
  stepComputed_ = true;
}

void TimeStepping::checkComputedState() const {
  for (const auto& ds : nsds_->dynamicalSystems()) {
    try {
      ds->checkState();
    } catch (const ModelError& e) {
      std::ostringstream os;
      os << "TimeStepping: step " << k_ << " (t = " << nextTime()
         << ") computed an invalid state: " << e.what();
      throw SimulationError(os.str());
    }
  }
}

}  // namespace moreau
