#pragma once
// Events of an event-driven simulation (Siconos EventsManager, simulation.md
// §1.9.3–§1.9.4; docs/kernel/event-driven.md). Two kinds of events:
//  - time-discretisation events at t_k = t0 + k h (k integer, k = 1..N), the
//    output times of the user's TimeDiscretisation; their times are computed
//    from k, so they never drift however long the run;
//  - nonsmooth events, at the exact times found by root finding (an impact, a
//    contact closing, a possible take-off), scheduled by EventDriven.
// The manager only orders times; the physics of an event is done by
// EventDriven::processEvents. The current event is the last processed one
// (the start of the next integration); the next event is the earliest
// unprocessed one. A nonsmooth event within tick() of the next
// time-discretisation event is merged with it: one nonsmooth event that also
// consumes t_k. Past events are counted, not stored (no growth over a run).

#include <cstddef>
#include <cstdint>

namespace moreau {

class TimeDiscretisation;

/// Siconos numbering: TD_EVENT = 1, NS_EVENT = 2.
enum class EventType : std::uint8_t { TimeDiscretisation = 1, NonSmooth = 2 };
/// "TimeDiscretisation", "NonSmooth".
const char* toString(EventType type);

/// One event of the event-driven loop.
struct Event {
  EventType type = EventType::TimeDiscretisation;  ///< time-discretisation or nonsmooth
  double time = 0.0;                               ///< its time
  /// Time-discretisation event: its index k (time = t0 + k h). Nonsmooth
  /// event: the index of the next time-discretisation event.
  std::size_t step = 0;
  /// Nonsmooth event merged with the time-discretisation event `step`.
  bool mergedWithStep = false;
};

/// Orders the time-discretisation events t_k = t0 + k h (integer k, no drift) and the
/// nonsmooth events found by root finding (at most one pending at a time).
class EventsManager {
 public:
  EventsManager() = default;

  /// Current event: t0 (k = 0); unprocessed: t_1 .. t_N.
  void initialize(const TimeDiscretisation& td, std::size_t numberOfSteps);

  /// True while an event remains (a pending nonsmooth one, or t_k with k ≤ N).
  bool hasNextEvent() const { return hasNonSmooth_ || nextStep_ <= N_; }
  /// The last processed event (the initial time before the first one).
  const Event& currentEvent() const { return current_; }
  /// The earliest unprocessed event (valid while hasNextEvent()).
  const Event& nextEvent() const;
  /// Time of the current event / of the next event.
  ///@{
  double startingTime() const { return current_.time; }
  double nextTime() const { return nextEvent().time; }
  ///@}
  /// Time of the next time-discretisation event t_k (k = its index).
  double nextTimeDiscretisationTime() const;
  /// Index k of the next time-discretisation event.
  std::size_t nextTimeDiscretisationStep() const { return nextStep_; }

  /// Schedules a nonsmooth event at t, current time < t <= the next
  /// time-discretisation time (+ tick). Merged with that event when within
  /// tick(). std::logic_error when t is outside that interval or a nonsmooth
  /// event is already pending.
  void scheduleNonSmoothEvent(double t);
  /// True when a nonsmooth event is scheduled and not processed yet.
  bool hasPendingNonSmoothEvent() const { return hasNonSmooth_; }

  /// The next event becomes the current one (counted in the past events).
  void processEvents();

  /// Merge tolerance of a nonsmooth event with a time-discretisation event:
  /// tickFactor * max(1, |t|) (default factor 16 ε).
  ///@{
  void setTickFactor(double factor) { tickFactor_ = factor; }
  double tick(double t) const;
  ///@}

  /// Events processed so far (all kinds / nonsmooth only).
  ///@{
  std::size_t numberOfProcessedEvents() const { return processed_; }
  std::size_t numberOfNonSmoothEvents() const { return processedNonSmooth_; }
  ///@}

 private:
  double t0_ = 0.0, h_ = 0.0;
  std::size_t N_ = 0;
  std::size_t nextStep_ = 1;
  Event current_;
  mutable Event nextTD_;
  Event nonSmooth_;
  bool hasNonSmooth_ = false;
  std::size_t processed_ = 0;
  std::size_t processedNonSmooth_ = 0;
  double tickFactor_ = 16.0 * 2.220446049250313e-16;
};

}  // namespace moreau
