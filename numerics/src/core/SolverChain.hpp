#pragma once
// Internal (not installed): the loop shared by the "auto" solver chains of the
// LCP, MLCP, Relay and friction-contact drivers. Each step runs one solver from
// a starting point, its answer is checked independently with the kind's error
// function, a "tried" log entry is recorded, the lowest-error iterate is kept
// and the chain stops at the first step within the tolerance. Building the
// final SolverResult ("auto:<winner>", message, finishing) stays with each driver.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <exception>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics::chain_detail {

/// Where a step starts from.
enum class StepStart {
  Best,     ///< the lowest-error iterate met so far (initially the caller's start point)
  Initial,  ///< the caller's start point, whatever the earlier steps found
  Zero      ///< the zero vector
};

template <class Problem>
struct ChainStep {
  using SolveFn = std::function<SolverResult(const Problem&, Eigen::VectorXd&, Eigen::VectorXd&,
                                             const SolverOptions&)>;
  std::string name;       ///< step name, used in the log and as the winner's name
  SolveFn solve;          ///< solve(problem, x, y, options)
  SolverOptions options;  ///< options the step runs with (solver, budget... already set)
  StepStart start = StepStart::Best;
};

struct ChainSettings {
  double tolerance = 0.0;
  /// Catch exceptions thrown by a step: logged as "<name>: exception (<what>)",
  /// the chain goes on (the step's iterations are not counted).
  bool catchExceptions = false;
  /// Stop once the best error is within the tolerance (instead of once the
  /// step's own checked error is).
  bool stopWhenBestWithinTolerance = false;
};

struct ChainOutcome {
  Eigen::VectorXd best;     ///< lowest-error iterate (the start point if no step improved it)
  double bestError = 0.0;   ///< its checked error (the caller's start error if none improved)
  SolverResult bestResult;  ///< result of the step that produced best (error = checked error)
  std::string bestName;     ///< that step's name, empty if no step improved the start point
  SolverResult last;        ///< result of the last step run
  std::string lastName;     ///< name of the last step run, empty if none ran
  bool converged = false;   ///< the last step stopped the chain
  int iterations = 0;       ///< sum of the iterations reported by the steps
  std::string tried;        ///< log entries joined by "; "
};

/// Runs the steps in order.
///  - start / startError: the start point and its error (not checked for finiteness);
///  - y: the secondary vector (w, u...) passed to every step and to error;
///  - error(x, y) -> double: independent check of a step's answer x;
///  - describe(name, result, error, withinTolerance) -> std::string: log entry.
/// A step improves the best iterate iff its error is finite and strictly lower.
template <class Problem, class ErrorFn, class DescribeFn>
ChainOutcome runSolverChain(const Problem& problem, const std::vector<ChainStep<Problem>>& steps,
                            const Eigen::VectorXd& start, double startError, Eigen::VectorXd& y,
                            ErrorFn&& error, DescribeFn&& describe, const ChainSettings& settings) {
  ChainOutcome out;
  out.best = start;
  out.bestError = startError;
  out.bestResult.error = startError;
  Eigen::VectorXd x;
  for (const ChainStep<Problem>& step : steps) {
    switch (step.start) {
      case StepStart::Best:
        x = out.best;
        break;
      case StepStart::Initial:
        x = start;
        break;
      case StepStart::Zero:
        x = Eigen::VectorXd::Zero(start.size());
        break;
    }
    const std::string sep = out.tried.empty() ? "" : "; ";
    SolverResult r;
    if (settings.catchExceptions) {
      try {
        r = step.solve(problem, x, y, step.options);
      } catch (const std::exception& e) {
        out.tried += sep + step.name + ": exception (" + e.what() + ")";
        continue;
      }
    } else {
      r = step.solve(problem, x, y, step.options);
    }
    out.iterations += r.iterations;
    const double err = error(x, y);  // independent check of the returned x
    const bool ok = std::isfinite(err) && err <= settings.tolerance;
    out.tried += sep + describe(step.name, r, err, ok);
    if (std::isfinite(err) && err < out.bestError) {
      out.bestError = err;
      out.best = x;
      out.bestResult = r;
      out.bestResult.error = err;
      out.bestName = step.name;
    }
    out.lastName = step.name;
    out.last = std::move(r);
    if (settings.stopWhenBestWithinTolerance ? out.bestError <= settings.tolerance : ok) {
      out.converged = true;
      break;
    }
  }
  return out;
}

}  // namespace moreau::numerics::chain_detail
