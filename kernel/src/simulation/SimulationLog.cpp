#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/simulation/SimulationLog.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <ostream>

namespace moreau {

const char* toString(ProblemRole role) {
  switch (role) {
    case ProblemRole::Velocity:
      return "velocity";
    case ProblemRole::Position:
      return "position";
    case ProblemRole::Acceleration:
      return "acceleration";
  }
  return "?";
}

const char* toString(FailurePolicy policy) {
  switch (policy) {
    case FailurePolicy::Throw:
      return "throw";
    case FailurePolicy::Warn:
      return "warn";
    case FailurePolicy::Continue:
      return "continue";
  }
  return "?";
}

SimulationLog::SimulationLog() { names_.emplace_back("none"); }

void SimulationLog::clear() {
  records_.clear();
  failedSteps_.clear();
  total_ = failures_ = 0;
  for (unsigned r = 0; r < kNumberOfProblemRoles; ++r) {
    iterationSum_[r] = 0.0;
    solvedRecords_[r] = 0;
  }
  assemblySeconds_ = solveSeconds_ = 0.0;
}

void SimulationLog::setCapacity(std::size_t capacity) {
  capacity_ = capacity;
  if (capacity_ > 0 && records_.size() > capacity_)
    records_.erase(records_.begin(),
                   records_.begin() + static_cast<std::ptrdiff_t>(records_.size() - capacity_));
}

void SimulationLog::reserve(std::size_t n) {
  records_.reserve(capacity_ > 0 ? std::min(n, capacity_) : n);
}

void SimulationLog::append(const StepRecord& r) {
  // The totals count every record, even when keeping records is disabled.
  ++total_;
  const auto role = static_cast<unsigned>(r.role);
  if (r.size > 0 && role < kNumberOfProblemRoles) {
    iterationSum_[role] += r.iterations;
    ++solvedRecords_[role];
  }
  assemblySeconds_ += r.assemblySeconds;
  solveSeconds_ += r.solveSeconds;
  if (r.failed()) {
    ++failures_;
    if (failedSteps_.empty() || failedSteps_.back() != r.step) failedSteps_.push_back(r.step);
  }
  if (!enabled_) return;
  if (capacity_ > 0 && records_.size() >= capacity_) {
    // Drop the oldest half: amortized O(1) per record, no allocation (the capacity stays).
    const std::size_t keep = capacity_ / 2;
    records_.erase(records_.begin(),
                   records_.begin() + static_cast<std::ptrdiff_t>(records_.size() - keep));
  }
  records_.push_back(r);
}

std::uint16_t SimulationLog::solverId(std::string_view name) {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return static_cast<std::uint16_t>(i);
  if (names_.size() >= std::numeric_limits<std::uint16_t>::max())
    throw SimulationError("SimulationLog: too many distinct solver names");
  names_.emplace_back(name);
  return static_cast<std::uint16_t>(names_.size() - 1);
}

const std::string& SimulationLog::solverName(std::uint16_t id) const {
  static const std::string unknown = "?";
  return id < names_.size() ? names_[id] : unknown;
}

double SimulationLog::meanIterations(ProblemRole role) const {
  const auto r = static_cast<unsigned>(role);
  if (r >= kNumberOfProblemRoles || solvedRecords_[r] == 0) return 0.0;
  return iterationSum_[r] / static_cast<double>(solvedRecords_[r]);
}

void SimulationLog::print(std::ostream& os, std::size_t maxRows) const {
  char line[256];
  std::snprintf(line, sizeof line,
                "%8s %14s %-12s %6s %7s %-16s %-14s %6s %6s %10s %10s %10s %10s\n", "step", "time",
                "role", "size", "blocks", "solver", "status", "iter", "newton", "error",
                "newton_res", "assembly_s", "solve_s");
  os << line;
  const std::size_t n = maxRows == 0 ? records_.size() : std::min(maxRows, records_.size());
  for (std::size_t i = 0; i < n; ++i) {
    const StepRecord& r = records_[i];
    std::snprintf(line, sizeof line,
                  "%8zu %14.7e %-12s %6lld %7lld %-16s %-14s %6d %6d %10.3e %10.3e %10.3e %10.3e\n",
                  r.step, r.time, toString(r.role), static_cast<long long>(r.size),
                  static_cast<long long>(r.blocks), solverName(r.solver).c_str(),
                  numerics::toString(r.status), r.iterations, r.newtonIterations, r.error,
                  r.newtonResidual, r.assemblySeconds, r.solveSeconds);
    os << line;
  }
}

}  // namespace moreau
