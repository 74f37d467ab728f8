#pragma once
// Event-driven simulation (Siconos EventDriven; simulation.md §1.9, §2.12;
// docs/theory/event-driven.md, docs/kernel/event-driven.md). The smooth
// phases are integrated accurately by a LsodarOSI (CVODE) with root finding;
// the nonsmooth events it finds are processed exactly:
//
//   while (s.hasNextEvent()) {
//     s.advanceToEvent();   // integrate to the next time-discretisation event t_k,
//                           // or stop earlier at a root (schedules a nonsmooth event)
//     s.processEvents();    // TD event: memories; nonsmooth event: impact LCP,
//   }                       // acceleration LCP, index sets, restart of the integrator
//
// (computeOneStep() = advanceToEvent() + processEvents(); nextStep() =
// processEvents(), so Simulation::run() works.) Problems: an LCP in the
// Velocity role (the impact problem, λ(1), Newton law 0 ≤ ẏ⁺ + e ẏ⁻ ⟂ λ(1) ≥ 0)
// and an LCP in the Acceleration role (0 ≤ ÿ ⟂ λ(2) ≥ 0 over index set 2);
// both default to LCP("lemke") when not inserted. Index sets: 1 = contacts
// closed (y ≤ tol), 2 = contacts that stay closed (also |ẏ| ≤ tol, then
// the double condition: ÿ > tol and λ(2) ≤ tol → take-off).
//
// Time-discretisation events are at t_k = t0 + k h exactly (integer k);
// nonsmooth events at the root times. Accumulation (Zeno) rule: an impact of
// a contact arriving slower than accumulationVelocity() (default 2 atol /
// √max(rtol, 100 ε), the velocity LSODAR's two start-up steps resolve), or
// less than zenoThreshold() after its previous impact, is made plastic
// (e = 0 for that contact), so an accumulation of impacts ends in a
// persistent contact; more than maxNonSmoothEventsPerStep() nonsmooth events
// between two time-discretisation events is a SimulationError (never a hang).

#include <moreau/kernel/simulation/EventsManager.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace moreau {

class LsodarOSI;

/// Event-driven simulation (Siconos EventDriven): smooth phases by a LsodarOSI with root
/// finding, nonsmooth events processed exactly (impact LCP, then acceleration LCP).
class EventDriven : public Simulation {
 public:
  /// The Siconos form: insertIntegrator(LsodarOSI) and, optionally,
  /// insertNonSmoothProblem(lcp, ProblemRole::Velocity / Acceleration)
  /// afterwards. ModelError when a pointer is null or td.t0() differs from
  /// nsds.t0().
  EventDriven(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
              std::shared_ptr<TimeDiscretisation> td);
  /// One LsodarOSI for every system; default impact and acceleration LCPs.
  EventDriven(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
              std::shared_ptr<TimeDiscretisation> td, std::shared_ptr<LsodarOSI> osi);

  const char* typeName() const override { return "EventDriven"; }

  /// Simulation::initialize, then: exactly one integrator, a LsodarOSI
  /// (ModelError otherwise); LCP("lemke") in the Velocity / Acceleration
  /// roles when absent; events t_1..t_N; outputs, index sets and contact
  /// forces at t0 (an initial impact is processed at t0).
  void initialize() override;

  // ---- the event loop --------------------------------------------------------------
  bool hasNextEvent() const override;
  /// Time of the current (last processed) event; t0 before the first.
  double startingTime() const override;
  /// Time of the next event (after advanceToEvent: the event reached).
  double nextTime() const override;
  /// Integrates from the current event to the next time-discretisation
  /// event, or to the first root before it (a nonsmooth event is then
  /// scheduled). Calling it again before processEvents() does nothing.
  /// SimulationError when there is no next event or the integrator fails.
  void advanceToEvent() override;
  /// Processes the next event (advanceToEvent() first when it was not
  /// called): a time-discretisation event saves the memories; a nonsmooth
  /// event saves the pre-impact state in the memories (qMemory, velocityMemory,
  /// yMemory), then solves the impact and acceleration problems, updates
  /// the index sets and restarts the integrator.
  void processEvents();
  /// advanceToEvent() + processEvents().
  void computeOneStep() override;
  /// processEvents() (Siconos).
  void nextStep() override;
  /// The integration step of simulation.md §1.9.2: integrates from the
  /// current time (must be tinit) to tend, stopping at a root; returns iout
  /// = 2 (tend reached) or 3 (root at tout). Does not schedule events.
  int integrate(double tinit, double tend, double& tout);

  /// Index sets from the current outputs: I₁ = {y ≤ tol} ∪ {contacts whose
  /// gap root was just found}, I₂ = {α ∈ I₁ : |ẏ| ≤ tol}.
  void updateIndexSets();
  /// After the acceleration problem: α ∈ I₂ with ÿ_α > tol and λ(2)_α ≤ tol
  /// leaves I₂ and I₁ (take-off). Undetermined (ÿ_α ≈ 0, λ(2)_α ≈ 0): stays,
  /// unless the event is the root of α's force (its bilateral force crossed
  /// −tol, i.e. the contact would pull): then it leaves.
  void updateIndexSetsWithDoubleCondition();

  /// The events manager (time-discretisation and nonsmooth events).
  const EventsManager& eventsManager() const { return events_; }
  /// Type of the next event (after advanceToEvent: the one reached).
  EventType nextEventType() const { return events_.nextEvent().type; }
  /// The integrator of the smooth phases (set at initialize).
  const std::shared_ptr<LsodarOSI>& lsodar() const { return lsodar_; }

  // ---- options --------------------------------------------------------------------
  /// Tolerance on gaps, relative velocities, accelerations and forces of the
  /// index sets (default 1e4 ε, Siconos TOL_ED); > 0 and finite.
  ///@{
  void setEventTolerance(double tol);
  double eventTolerance() const { return eventTolerance_; }
  ///@}
  /// Zeno guard (fallback of the accumulation rule): an impact of a contact
  /// less than this after its previous impact is plastic (e = 0). Default
  /// (NaN): 1e-9 (T − t0). 0 disables.
  ///@{
  void setZenoThreshold(double dt);
  double zenoThreshold() const;
  ///@}
  /// Accumulation rule: an impact whose gap closes slower than this
  /// (−ẏ⁻ < v) is plastic (e = 0; the contact stays closed if pressed).
  /// Default (NaN): 2 atol / √max(rtol, 100 ε) of the LsodarOSI (2.98e-7 with
  /// its defaults): the velocity change over LSODAR's two order-one start-up
  /// steps, below which Siconos's root function catches the contact
  /// (docs/theory/event-driven.md §5). 0 disables; finite and >= 0.
  ///@{
  void setAccumulationVelocity(double v);
  double accumulationVelocity() const;
  ///@}
  /// At most this many nonsmooth events between two time-discretisation
  /// events (default 10000); SimulationError beyond.
  ///@{
  void setMaxNonSmoothEventsPerStep(std::size_t n);
  std::size_t maxNonSmoothEventsPerStep() const { return maxEventsPerStep_; }
  ///@}

  // ---- diagnostics ----------------------------------------------------------------
  /// Nonsmooth events processed, impacts (events with an impact problem),
  /// contact impacts made plastic by the Zeno guard.
  ///@{
  std::size_t numberOfNonSmoothEvents() const { return events_.numberOfNonSmoothEvents(); }
  std::size_t numberOfImpacts() const { return impacts_; }
  std::size_t numberOfZenoPlasticImpacts() const { return zenoImpacts_; }
  ///@}

  StepContext stepContext() const override;

 private:
  void processNonSmooth(double t, bool initial);
  void checkTopology() const;

  std::shared_ptr<LsodarOSI> lsodar_;
  EventsManager events_;
  double eventTolerance_;
  double zenoThreshold_;
  double accumulationVelocity_;
  std::size_t maxEventsPerStep_ = 10000;
  std::size_t eventsThisStep_ = 0;
  std::size_t impacts_ = 0, zenoImpacts_ = 0;
  bool advanced_ = false;
  double time_ = 0.0;  // time of the state (the event being processed or reached)
  // Time of the last impact of each row, by interaction id then row.
  std::vector<std::vector<double>> lastImpact_;
  std::vector<unsigned> impacting_;
  // (interaction id, row): plastic (Zeno) impacts, take-offs, impacting rows.
  std::vector<std::pair<unsigned, std::size_t>> zeno_, takeOff_, impactRows_;
  std::uint64_t topologyVersion_ = 0;
};

}  // namespace moreau
