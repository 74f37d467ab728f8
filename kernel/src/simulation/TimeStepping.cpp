#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>
#include <moreau/kernel/simulation/TimeStepping.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace moreau {

TimeStepping::TimeStepping(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                           std::shared_ptr<TimeDiscretisation> td,
                           std::shared_ptr<OneStepIntegrator> osi,
                           std::shared_ptr<OneStepNSProblem> osnspb)
    : nsds_(std::move(nsds)),
      td_(std::move(td)),
      osi_(std::move(osi)),
      osnspb_(std::move(osnspb)),
#ifdef NDEBUG
      stateChecks_(false) {
#else
      stateChecks_(true) {
#endif
  if (!nsds_) throw ModelError("TimeStepping: the NonSmoothDynamicalSystem is null");
  if (!td_) throw ModelError("TimeStepping: the TimeDiscretisation is null");
  if (!osi_) throw ModelError("TimeStepping: the OneStepIntegrator is null");
  if (!osnspb_) throw ModelError("TimeStepping: the OneStepNSProblem is null");
  const double t0 = nsds_->t0();
  if (std::abs(td_->t0() - t0) > 1e-12 * std::max(1.0, std::abs(t0))) {
    std::ostringstream os;
    os << "TimeStepping: the TimeDiscretisation starts at t0 = " << td_->t0()
       << " but the NonSmoothDynamicalSystem at t0 = " << t0;
    throw ModelError(os.str());
  }
  N_ = td_->numberOfSteps(nsds_->finalT());
}

void TimeStepping::initialize() {
  N_ = td_->numberOfSteps(nsds_->finalT());
  k_ = 0;
  stepComputed_ = false;
  stepStarted_ = false;
  initialized_ = false;
  for (const auto& ds : nsds_->dynamicalSystems()) ds->validate();
  osi_->initialize(*nsds_, *td_);
  osnspb_->initialize(nsds_->topology());
  nsds_->topology().clearIndexSet(1);
  initialized_ = true;
}

void TimeStepping::ensureInitialized() {
  if (!initialized_) initialize();
}

void TimeStepping::computeOneStep() {
  ensureInitialized();
  computeFreeState();
  updateIndexSets();
  computeOneStepNSProblem();
  update();
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
  if (!stepStarted_) {
    osi_->beginStep(k_);
    stepStarted_ = true;
  }
  osi_->computeFreeState(k_);
}

void TimeStepping::updateIndexSets() {
  ensureInitialized();
  Topology& topology = nsds_->topology();
  const unsigned level = osnspb_->indexSetLevel();
  // Incremental: the index set (and its version) changes only when an
  // interaction enters or leaves it.
  for (const auto& inter : topology.interactions()) {
    if (osi_->addInteractionInIndexSet(*inter, level))
      topology.addToIndexSet(level, inter->number());
    else
      topology.removeFromIndexSet(level, inter->number());
  }
}

void TimeStepping::computeOneStepNSProblem() {
  ensureInitialized();
  osnspb_->compute(nsds_->topology(), *osi_, nextTime(), k_);
}

void TimeStepping::update() {
  ensureInitialized();
  osi_->updateState(k_);
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

void TimeStepping::nextStep() {
  if (!stepComputed_) {
    std::ostringstream os;
    os << "TimeStepping::nextStep: computeOneStep() was not called for step " << k_;
    throw SimulationError(os.str());
  }
  osi_->swapInMemory();
  ++k_;
  stepComputed_ = false;
  stepStarted_ = false;
}

void TimeStepping::run() {
  ensureInitialized();
  while (hasNextEvent()) {
    computeOneStep();
    nextStep();
  }
}

double TimeStepping::startingTime() const { return td_->time(k_); }

double TimeStepping::nextTime() const { return td_->time(k_ + 1); }

}  // namespace moreau
