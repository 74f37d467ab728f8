// Event-driven simulation loop; the algorithm is docs/theory/event-driven.md
// (simulation.md §1.9.5–§1.9.6 with the decisions stated there).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/EventDriven.hpp>
#include <moreau/kernel/simulation/LCP.hpp>
#include <moreau/kernel/simulation/LsodarOSI.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace moreau {

namespace {
constexpr double kEps = std::numeric_limits<double>::epsilon();
using RowKey = std::pair<unsigned, std::size_t>;

bool containsRow(const std::vector<RowKey>& rows, unsigned id, std::size_t row) {
  return std::find(rows.begin(), rows.end(), RowKey(id, row)) != rows.end();
}

// The event-driven algorithm is for Lagrangian systems with unilateral
// contacts and Newton impact laws (simulation.md §1.9): checked before the
// levels and problems are set up, so that the error names the object.
void checkEventDrivenModel(const NonSmoothDynamicalSystem& nsds) {
  for (const auto& ds : nsds.dynamicalSystems())
    if (!dynamic_cast<const LagrangianDS*>(ds.get()))
      throw ModelError("EventDriven: " + ds->description() +
                       " is not a LagrangianDS; the event-driven algorithm handles Lagrangian "
                       "systems with unilateral contacts only (use TimeStepping)");
  for (const auto& inter : nsds.interactions()) {
    const NonSmoothLaw* law = inter->nonSmoothLaw().get();
    if (!dynamic_cast<const NewtonImpactNSL*>(law))
      throw ModelError("EventDriven: " + inter->description() + " has a " +
                       std::string(law ? law->typeName() : "null") +
                       " law; the event-driven algorithm handles unilateral contacts with a "
                       "NewtonImpactNSL only (no friction, relay or equality laws: use "
                       "TimeStepping)");
  }
}
}  // namespace

EventDriven::EventDriven(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                         std::shared_ptr<TimeDiscretisation> td)
    : Simulation(std::move(nsds), std::move(td)),
      eventTolerance_(1e4 * kEps),
      zenoThreshold_(std::numeric_limits<double>::quiet_NaN()),
      accumulationVelocity_(std::numeric_limits<double>::quiet_NaN()) {
  if (!nsds_) throw ModelError("EventDriven: the NonSmoothDynamicalSystem is null");
  if (!td_) throw ModelError("EventDriven: the TimeDiscretisation is null");
  const double t0 = nsds_->t0();
  if (std::abs(td_->t0() - t0) > 1e-12 * std::max(1.0, std::abs(t0))) {
    std::ostringstream os;
    os << "EventDriven: the TimeDiscretisation starts at t0 = " << td_->t0()
       << " but the NonSmoothDynamicalSystem at t0 = " << t0;
    throw ModelError(os.str());
  }
  N_ = td_->numberOfSteps(nsds_->finalT());
  events_.initialize(*td_, N_);
  time_ = td_->t0();
}

EventDriven::EventDriven(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                         std::shared_ptr<TimeDiscretisation> td, std::shared_ptr<LsodarOSI> osi)
    : EventDriven(std::move(nsds), std::move(td)) {
  if (!osi) throw ModelError("EventDriven: the LsodarOSI is null");
  insertIntegrator(osi);
}

void EventDriven::setEventTolerance(double tol) {
  if (!std::isfinite(tol) || !(tol > 0.0)) {
    std::ostringstream os;
    os << "EventDriven: the event tolerance must be finite and > 0 (got " << tol << ")";
    throw ModelError(os.str());
  }
  eventTolerance_ = tol;
}

void EventDriven::setZenoThreshold(double dt) {
  if (!std::isnan(dt) && (!std::isfinite(dt) || dt < 0.0)) {
    std::ostringstream os;
    os << "EventDriven: the Zeno threshold must be finite and >= 0 (got " << dt << ")";
    throw ModelError(os.str());
  }
  zenoThreshold_ = dt;
}

double EventDriven::zenoThreshold() const {
  if (!std::isnan(zenoThreshold_)) return zenoThreshold_;
  return 1e-9 * std::max(nsds_->finalT() - nsds_->t0(), 0.0);
}

void EventDriven::setAccumulationVelocity(double v) {
  if (!std::isnan(v) && (!std::isfinite(v) || v < 0.0)) {
    std::ostringstream os;
    os << "EventDriven: the accumulation velocity must be finite and >= 0 (got " << v << ")";
    throw ModelError(os.str());
  }
  accumulationVelocity_ = v;
}

double EventDriven::accumulationVelocity() const {
  if (!std::isnan(accumulationVelocity_)) return accumulationVelocity_;
  // Two start-up steps of LSODAR: h₀ |ÿ| = atol / √max(rtol, 100 ε)
  // (docs/theory/event-driven.md §5).
  const double rtol = lsodar_ ? lsodar_->rtol() : 10 * kEps;
  const double atol = lsodar_ ? lsodar_->atol() : 100 * kEps;
  return 2.0 * atol / std::sqrt(std::min(std::max(rtol, 100 * kEps), 1e-3));
}

void EventDriven::setMaxNonSmoothEventsPerStep(std::size_t n) {
  if (n == 0) throw ModelError("EventDriven: maxNonSmoothEventsPerStep must be >= 1");
  maxEventsPerStep_ = n;
}

void EventDriven::initialize() {
  if (integrators_.size() != 1 || !std::dynamic_pointer_cast<LsodarOSI>(integrators_.front()))
    throw ModelError(
        "EventDriven: needs exactly one integrator, a LsodarOSI (insertIntegrator(std::make_shared"
        "<LsodarOSI>()))" +
        std::string(integrators_.empty()
                        ? ""
                        : "; got " + std::to_string(integrators_.size()) + ", the first a " +
                              integrators_.front()->typeName()));
  lsodar_ = std::dynamic_pointer_cast<LsodarOSI>(integrators_.front());
  if (!nonSmoothProblem(ProblemRole::Velocity))
    insertNonSmoothProblem(std::make_shared<LCP>("lemke"), ProblemRole::Velocity);
  if (!nonSmoothProblem(ProblemRole::Acceleration))
    insertNonSmoothProblem(std::make_shared<LCP>("lemke"), ProblemRole::Acceleration);
  lsodar_->setEventTolerance(eventTolerance_);
  checkEventDrivenModel(*nsds_);
  Simulation::initialize();
  // Index sets 0..2 even before the first interaction is linked.
  if (nsds_->topology().numberOfIndexSets() < 3) nsds_->topology().setNumberOfIndexSets(3);
  events_.initialize(*td_, N_);
  time_ = td_->t0();
  advanced_ = false;
  eventsThisStep_ = 0;
  impacts_ = zenoImpacts_ = 0;
  lastImpact_.assign(nsds_->topology().interactionCapacity(), {});
  impacting_.clear();
  zeno_.clear();
  topologyVersion_ = nsds_->topologyVersion();
  // Contacts at t0: impact if some approach, then the contact forces.
  processNonSmooth(time_, true);
}

void EventDriven::checkTopology() const {
  if (nsds_->topologyVersion() != topologyVersion_)
    throw SimulationError(
        "EventDriven: interactions were linked or removed during the run; call initialize() "
        "again (the event-driven integrator does not pick them up between events)");
}

bool EventDriven::hasNextEvent() const { return events_.hasNextEvent(); }
double EventDriven::startingTime() const { return events_.startingTime(); }
double EventDriven::nextTime() const {
  return events_.hasNextEvent() ? events_.nextTime() : events_.startingTime();
}

StepContext EventDriven::stepContext() const {
  StepContext ctx;
  ctx.step = k_;
  ctx.t = time_;
  ctx.tNext = time_;
  ctx.h = td_->h();
  return ctx;
}

int EventDriven::integrate(double tinit, double tend, double& tout) {
  ensureInitialized();
  checkTopology();
  if (std::abs(tinit - time_) > events_.tick(time_)) {
    std::ostringstream os;
    os.precision(17);
    os << "EventDriven::integrate: tinit = " << tinit << " is not the current time " << time_;
    throw SimulationError(os.str());
  }
  const int iout = lsodar_->integrate(tend, tout);
  time_ = tout;
  return iout;
}

void EventDriven::advanceToEvent() {
  ensureInitialized();
  if (advanced_) return;
  if (!hasNextEvent()) {
    std::ostringstream os;
    os << "EventDriven: no event after t = " << startingTime();
    throw SimulationError(os.str());
  }
  // The impulses of the last impact belong to its event: a smooth advance starts without them
  // (Siconos's advanceToEvent resets the multipliers; its rows after an impact show λ(1) = 0 and
  // p(1) = 0).
  for (const auto& inter : nsds_->topology().interactions())
    if (inter->numberOfInputLevels() > 1) inter->lambda(1).setZero();
  for (const auto& ds : nsds_->dynamicalSystems())
    if (auto* lds = dynamic_cast<LagrangianDS*>(ds.get())) lds->p(1).setZero();
  // Interaction managers, then the links and removals made since the last
  // event (docs/kernel/event-driven.md "Interactions linked during a run").
  updateInteractions();
  if (nsds_->topologyVersion() != topologyVersion_) {
    synchronizeTopology();  // memories and levels of the new interactions
    // Interaction data and root functions of the integrator for the new
    // topology, the integration restarted at the current state.
    lsodar_->initialize(*this);
    lsodar_->resetIntegration(time_);
    lastImpact_.resize(nsds_->topology().interactionCapacity());
    topologyVersion_ = nsds_->topologyVersion();
    // A contact linked already closed is processed as the contacts at t0.
    bool closed = false;
    for (const auto& inter : nsds_->topology().interactions())
      closed = closed || (!nsds_->topology().indexSet(1).contains(inter->number()) &&
                          inter->y(0).minCoeff() <= eventTolerance_);
    if (closed) processNonSmooth(time_, true);
  }
  const double tend = events_.nextTimeDiscretisationTime();
  double tout = tend;
  const int iout = integrate(time_, tend, tout);
  if (iout == 3) {
    events_.scheduleNonSmoothEvent(tout);
  }
  advanced_ = true;
}

void EventDriven::computeOneStep() {
  advanceToEvent();
  processEvents();
}

void EventDriven::nextStep() { processEvents(); }

void EventDriven::processEvents() {
  ensureInitialized();
  if (!advanced_) advanceToEvent();
  const Event ev = events_.nextEvent();
  if (ev.type == EventType::NonSmooth) {
    if (++eventsThisStep_ > maxEventsPerStep_) {
      std::ostringstream os;
      os.precision(17);
      os << "EventDriven: more than " << maxEventsPerStep_
         << " nonsmooth events before the time-discretisation event t = "
         << events_.nextTimeDiscretisationTime() << " (last at t = " << ev.time
         << "); an accumulation of events the Zeno guard (setZenoThreshold, now " << zenoThreshold()
         << ") did not stop";
      throw SimulationError(os.str());
    }
    processNonSmooth(ev.time, false);
    if (ev.mergedWithStep) eventsThisStep_ = 0;
  } else {
    // Time-discretisation event: the state at t_k becomes the memory.
    lsodar_->swapInMemory();
    eventsThisStep_ = 0;
  }
  events_.processEvents();
  ++k_;
  advanced_ = false;
  stepComputed_ = false;
}

void EventDriven::updateIndexSets() {
  ensureInitialized();
  Topology& topology = nsds_->topology();
  const StepContext ctx = stepContext();
  const std::vector<unsigned>& roots = lsodar_->rootInteractions();
  const std::vector<RowKey>& rootRows = lsodar_->rootRows();
  for (const auto& inter : topology.interactions()) {
    const unsigned id = inter->number();
    bool in1 = false, in2 = false;
    if (inter->dimension() == 1) {
      const bool root = std::find(roots.begin(), roots.end(), id) != roots.end();
      in1 = root || lsodar_->addInteractionInIndexSet(*inter, 1, ctx);
      in2 = in1 && std::abs(inter->y(1)(0)) <= eventTolerance_;
    } else {
      // Each row closed (root or y ≤ tol) and held (also |ẏ| ≤ tol); the
      // interaction is in I₁ if a row is closed, in I₂ if every closed row is held.
      bool allHeld = true;
      for (std::size_t r = 0; r < static_cast<std::size_t>(inter->dimension()); ++r) {
        const auto i = static_cast<Eigen::Index>(r);
        const bool closed = containsRow(rootRows, id, r) || inter->y(0)(i) <= eventTolerance_;
        const bool held = closed && std::abs(inter->y(1)(i)) <= eventTolerance_;
        lsodar_->setRowIndexSets(*inter, r, closed, held);
        in1 = in1 || closed;
        allHeld = allHeld && (held || !closed);
      }
      in2 = in1 && allHeld;
    }
    if (in1)
      topology.addToIndexSet(1, id);
    else
      topology.removeFromIndexSet(1, id);
    if (in2)
      topology.addToIndexSet(2, id);
    else
      topology.removeFromIndexSet(2, id);
  }
}

void EventDriven::updateIndexSetsWithDoubleCondition() {
  ensureInitialized();
  Topology& topology = nsds_->topology();
  const IndexSet& set2 = topology.indexSet(2);
  // Collect first: erasing while iterating would skip members (swap-with-last).
  impacting_.clear();
  for (const unsigned id : set2) {
    const Interaction& inter = *topology.interaction(id);
    // Each held row (all of a single-row interaction in I₂); the interaction
    // leaves when no row stays closed.
    bool stays = false;
    for (std::size_t r = 0; r < static_cast<std::size_t>(inter.dimension()); ++r) {
      if (!lsodar_->rowInIndexSet(inter, r, 2)) {
        stays = stays || lsodar_->rowInIndexSet(inter, r, 1);
        continue;
      }
      const auto i = static_cast<Eigen::Index>(r);
      const double acc = inter.y(2)(i);
      const double force = inter.lambda(2)(i);
      // A contact whose force root was found leaves when the problem gives it
      // no force (undetermined ÿ ≈ 0 included): the bilateral force pulls.
      const bool rootTakeOff = containsRow(takeOff_, id, r);
      if (force <= eventTolerance_ && (acc > eventTolerance_ || rootTakeOff))
        lsodar_->setRowIndexSets(inter, r, false, false);
      else
        stays = true;
    }
    if (!stays) impacting_.push_back(id);
  }
  for (const unsigned id : impacting_) {
    topology.removeFromIndexSet(2, id);
    topology.removeFromIndexSet(1, id);
  }
  impacting_.clear();
}

void EventDriven::processNonSmooth(double t, bool initial) {
  checkTopology();
  time_ = t;
  Topology& topology = nsds_->topology();
  const double zeno = zenoThreshold();
  const double vAcc = accumulationVelocity();
  // Accumulation rule (docs/theory/event-driven.md §5): a gap closing slower
  // than vAcc, or sooner than the Zeno threshold after the contact's last
  // impact, is a plastic impact. Roots of contacts held closed (I₂) are
  // take-offs (their force crossed −tol); the others are gaps closing.
  zeno_.clear();
  takeOff_.clear();
  for (const RowKey& root : lsodar_->rootRows()) {
    const unsigned id = root.first;
    const std::size_t row = root.second;
    const Interaction& inter = *topology.interaction(id);
    if (lsodar_->rowInIndexSet(inter, row, 2)) {
      takeOff_.push_back(root);
      continue;
    }
    if (initial) continue;
    const bool slow = vAcc > 0.0 && inter.y(1)(static_cast<Eigen::Index>(row)) > -vAcc;
    const bool soon = zeno > 0.0 && id < lastImpact_.size() && row < lastImpact_[id].size() &&
                      t - lastImpact_[id][row] < zeno;
    if (slow || soon) zeno_.push_back(root);
  }
  // The impact law reads e ẏ⁻ from the memory: 0 for a plastic (Zeno) impact.
  for (const RowKey& z : zeno_)
    topology.interaction(z.first)->y(1)(static_cast<Eigen::Index>(z.second)) = 0.0;
  lsodar_->swapInMemory();  // pre-impact q, v, y
  lsodar_->computeOutputs(t);
  updateIndexSets();

  // Impact: I₁ − I₂ not empty.
  impacting_.clear();
  const IndexSet& set1 = topology.indexSet(1);
  const IndexSet& set2 = topology.indexSet(2);
  for (const unsigned id : set1)
    if (!set2.contains(id)) impacting_.push_back(id);
  lsodar_->prepareEventProblems(t);
  if (!impacting_.empty()) {
    // The impacting rows: closed, not held.
    impactRows_.clear();
    for (const unsigned id : impacting_) {
      const Interaction& inter = *topology.interaction(id);
      for (std::size_t r = 0; r < static_cast<std::size_t>(inter.dimension()); ++r)
        if (lsodar_->rowInIndexSet(inter, r, 1) && !lsodar_->rowInIndexSet(inter, r, 2))
          impactRows_.emplace_back(id, r);
    }
    computeProblem(ProblemRole::Velocity);
    lsodar_->updateState(problemContext(ProblemRole::Velocity));
    ++impacts_;
    for (const RowKey& row : impactRows_) {
      if (row.first < lastImpact_.size()) {
        std::vector<double>& last = lastImpact_[row.first];
        if (last.size() <= row.second)
          last.resize(row.second + 1, -std::numeric_limits<double>::infinity());
        last[row.second] = t;
      }
      if (containsRow(zeno_, row.first, row.second)) ++zenoImpacts_;
    }
    // Contacts that stay closed after the impact: I₂ = {ẏ⁺ ≈ 0}, I₁ = I₂
    // (row by row for a multi-row interaction).
    for (const auto& inter : topology.interactions()) {
      const unsigned id = inter->number();
      if (!topology.indexSet(1).contains(id)) continue;
      bool held = false;
      for (std::size_t r = 0; r < static_cast<std::size_t>(inter->dimension()); ++r) {
        if (!lsodar_->rowInIndexSet(*inter, r, 1)) continue;
        const auto i = static_cast<Eigen::Index>(r);
        const double scale = std::max(1.0, std::abs(inter->yMemory(1)(i)));
        const bool rowHeld = std::abs(inter->y(1)(i)) <= eventTolerance_ * scale;
        lsodar_->setRowIndexSets(*inter, r, rowHeld, rowHeld);
        held = held || rowHeld;
      }
      if (held) {
        topology.addToIndexSet(2, id);
      } else {
        topology.removeFromIndexSet(2, id);
        topology.removeFromIndexSet(1, id);
      }
    }
  }
  impacting_.clear();
  // Contact forces: acceleration LCP over I₂, then the double condition.
  if (topology.indexSet(2).size() > 0) {
    computeProblem(ProblemRole::Acceleration);
    lsodar_->updateState(problemContext(ProblemRole::Acceleration));
    updateIndexSetsWithDoubleCondition();
  }
  takeOff_.clear();
  lsodar_->resetIntegration(t);
  if (initial) lsodar_->swapInMemory();
}

}  // namespace moreau
