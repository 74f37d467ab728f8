#pragma once
// Internal (not installed): the stall test of the iterative friction-contact
// solvers (SolverOptions::fcStallWindow, fcStallFactor; see
// docs/numerics/friction-contact.md, "auto"). A method is stalled at a checked
// iteration k >= window when its best error has not been divided by `factor`
// over the last h = max(window, k/2) iterations: the window grows with the
// iterations already spent, so a method that has run long must keep gaining a
// constant factor per doubling of its effort. Iteration counts only (no clock):
// the outcome is deterministic.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics::fcdetail {

class StallDetector {
 public:
  /// window <= 0: disabled. capacity: the largest number of records expected
  /// (reserved once; more records still work).
  StallDetector(int window, double factor, int capacity) : window_(window), factor_(factor) {
    if (enabled()) history_.reserve(static_cast<std::size_t>(std::clamp(capacity, 1, 100000)) + 1);
  }

  StallDetector() : StallDetector(0, 10.0, 0) {}

  /// Restarts with new settings, keeping the history's capacity (no allocation
  /// when capacity does not exceed the largest one reserved before).
  void reset(int window, double factor, int capacity) {
    window_ = window;
    factor_ = factor;
    span_ = 0;
    gain_ = 0.0;
    history_.clear();
    if (enabled()) history_.reserve(static_cast<std::size_t>(std::clamp(capacity, 1, 100000)) + 1);
  }

  bool enabled() const { return window_ > 0; }

  /// Records the error measured after iteration k (k non-decreasing); true when
  /// the method is stalled at k.
  bool record(int k, double error) {
    if (!enabled()) return false;
    const double best = history_.empty() ? error : std::min(history_.back().second, error);
    if (!history_.empty() && history_.back().first == k) {
      history_.back().second = best;
    } else {
      history_.emplace_back(k, best);
    }
    if (k < window_ || !(best > 0.0) || !std::isfinite(best)) return false;
    const int span = std::max(window_, k / 2);
    // last record at or before k − span
    const auto it = std::upper_bound(
        history_.begin(), history_.end(), k - span,
        [](int value, const std::pair<int, double>& e) { return value < e.first; });
    if (it == history_.begin()) return false;
    const double before = std::prev(it)->second;
    if (before < factor_ * best) {
      span_ = k - std::prev(it)->first;
      gain_ = std::isfinite(before) ? before / best : 0.0;
      return true;
    }
    return false;
  }

  /// Message of a stalled method ("stalled: best error 1.2e-05 divided by only
  /// 1.3 over the last 200 iterations (factor 10 required)").
  std::string message(const char* unit = "iterations") const {
    char buf[200];
    const double best = history_.empty() ? 0.0 : history_.back().second;
    std::snprintf(buf, sizeof buf,
                  "stalled: best error %.3g divided by only %.3g over the last %d %s (factor %g "
                  "required)",
                  best, gain_, span_, unit, factor_);
    return buf;
  }

 private:
  int window_;
  double factor_;
  int span_ = 0;
  double gain_ = 0.0;
  std::vector<std::pair<int, double>> history_;  // (iteration, best error up to it)
};

}  // namespace moreau::numerics::fcdetail
