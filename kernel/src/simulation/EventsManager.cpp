#include <moreau/kernel/simulation/EventsManager.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace moreau {

const char* toString(EventType type) {
  return type == EventType::NonSmooth ? "NonSmooth" : "TimeDiscretisation";
}

void EventsManager::initialize(const TimeDiscretisation& td, std::size_t numberOfSteps) {
  t0_ = td.t0();
  h_ = td.h();
  N_ = numberOfSteps;
  nextStep_ = 1;
  current_ = Event{EventType::TimeDiscretisation, t0_, 0, false};
  hasNonSmooth_ = false;
  processed_ = processedNonSmooth_ = 0;
}

double EventsManager::nextTimeDiscretisationTime() const {
  // t0 + k h by multiplication: no accumulated drift.
  return t0_ + static_cast<double>(nextStep_) * h_;
}

const Event& EventsManager::nextEvent() const {
  if (hasNonSmooth_) return nonSmooth_;
  if (nextStep_ > N_) throw std::logic_error("EventsManager: no next event (end of the run)");
  nextTD_ = Event{EventType::TimeDiscretisation, nextTimeDiscretisationTime(), nextStep_, false};
  return nextTD_;
}

double EventsManager::tick(double t) const { return tickFactor_ * std::max(1.0, std::abs(t)); }

void EventsManager::scheduleNonSmoothEvent(double t) {
  const double tTD = nextTimeDiscretisationTime();
  if (hasNonSmooth_ || !(t > current_.time) || t > tTD + tick(tTD) || nextStep_ > N_) {
    std::ostringstream os;
    os.precision(17);
    os << "EventsManager: cannot schedule a nonsmooth event at t = " << t
       << " (current event t = " << current_.time << ", next time-discretisation event t = " << tTD
       << (hasNonSmooth_ ? ", a nonsmooth event is already pending" : "") << ")";
    throw std::logic_error(os.str());
  }
  nonSmooth_ = Event{EventType::NonSmooth, t, nextStep_, std::abs(tTD - t) <= tick(tTD)};
  hasNonSmooth_ = true;
}

void EventsManager::processEvents() {
  if (hasNonSmooth_) {
    current_ = nonSmooth_;
    hasNonSmooth_ = false;
    if (current_.mergedWithStep) ++nextStep_;
    ++processedNonSmooth_;
  } else {
    current_ = nextEvent();
    ++nextStep_;
  }
  ++processed_;
}

}  // namespace moreau
