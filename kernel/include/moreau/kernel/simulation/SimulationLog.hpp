#pragma once
// Per-step record of a simulation (docs/architecture.md, "the simulation
// core"): one StepRecord per (step, one-step problem) with the problem's size,
// the solver that answered, its status, iterations and error, and the time
// spent assembling and solving. Records hold no strings: solver names are
// interned once in a small table (solverName(record.solver)), so appending a
// record allocates nothing once the capacity is reserved.

#include <moreau/numerics/SolverResult.hpp>

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace moreau {

/// What a one-step nonsmooth problem is for in a simulation.
enum class ProblemRole : std::uint8_t {
  Velocity,     ///< impact / velocity level (Moreau–Jean "timeStepping", event-driven "impact")
  Position,     ///< position level (projection onto constraints, Schatzman–Paoli)
  Acceleration  ///< acceleration level (event-driven contact forces)
};
/// Number of ProblemRole values.
inline constexpr unsigned kNumberOfProblemRoles = 3;
/// "velocity", "position" or "acceleration".
const char* toString(ProblemRole role);

/// What a simulation does when a one-step problem's solver does not converge.
enum class FailurePolicy : std::uint8_t {
  Throw,    ///< SimulationError naming the step, time, problem, solver and error (default)
  Warn,     ///< one line on stderr, then the step continues with the solver's answer
  Continue  ///< the step continues silently; the record says the solve failed
};
/// "throw", "warn" or "continue".
const char* toString(FailurePolicy policy);

/// One solve of one one-step problem in one step (a record of the SimulationLog).
struct StepRecord {
  std::size_t step = 0;  ///< k of the step t_k → t_{k+1}
  double time = 0.0;     ///< t_{k+1}
  /// What the problem was for.
  ProblemRole role = ProblemRole::Velocity;
  Eigen::Index size = 0;     ///< number of unknowns of the problem (0: nothing active)
  Eigen::Index blocks = 0;   ///< stored (nonzero) blocks of its matrix
  std::uint16_t solver = 0;  ///< SimulationLog::solverName(solver)
  /// How the solve ended.
  numerics::SolverStatus status = numerics::SolverStatus::Converged;
  int iterations = 0;           ///< solver iterations (pivots, sweeps, Newton steps)
  int newtonIterations = 1;     ///< Newton iterations of the step (1 for linear models)
  bool newtonConverged = true;  ///< false: the Newton loop of the step stopped at its maximum
  double newtonResidual = 0.0;  ///< last Newton residual max(state, output) (0 for linear models)
  double error = 0.0;           ///< the solver's error (Siconos measure of the problem kind)
  double assemblySeconds = 0;   ///< time spent assembling M and q
  double solveSeconds = 0;      ///< time spent in the numerics solver

  /// True when the solve or the step's Newton loop did not converge.
  bool failed() const { return status != numerics::SolverStatus::Converged || !newtonConverged; }
};

/// Per-step record of every one-step problem solve of a simulation (Simulation::log()): size,
/// solver, status, iterations, error, timings; bounded in memory (capacity()), with running
/// totals over every record. print() writes it as a table.
class SimulationLog {
 public:
  /// Default capacity(): records kept in memory (about 6 MB of records).
  static constexpr std::size_t kDefaultCapacity = std::size_t{1} << 16;

  /// Empty log, enabled, capacity kDefaultCapacity.
  SimulationLog();
  /// Records are kept only when enabled (default: true); the totals (numberOfFailures,
  /// failedSteps, meanIterations, total*Seconds, totalRecords) count every record anyway.
  void setEnabled(bool enabled) { enabled_ = enabled; }
  /// True when records are kept.
  bool enabled() const { return enabled_; }
  /// At most `capacity` records are kept in memory (default kDefaultCapacity; 0 = no limit).
  /// When the log is full, the oldest half is dropped (records() then holds the most recent
  /// ones, in order); the totals below (numberOfFailures, failedSteps, meanIterations,
  /// total*Seconds, totalRecords) still count every record ever appended. Memory stays
  /// bounded on long runs and appending allocates nothing once the capacity is reserved.
  void setCapacity(std::size_t capacity);
  /// The maximum number of records kept (0 = no limit).
  std::size_t capacity() const { return capacity_; }
  /// Reserves room for min(n, capacity()) records (the simulation reserves steps × problems).
  void reserve(std::size_t n);
  /// Drops every record and resets the totals (keeps the solver-name table and the capacity).
  void clear();
  /// The id of a solver name, interned on first use (allocates only then).
  std::uint16_t solverId(std::string_view name);
  /// The name of an id returned by solverId ("?" for an unknown id).
  const std::string& solverName(std::uint16_t id) const;
  /// Adds r to the totals, and keeps it when enabled.
  void append(const StepRecord& r);
  /// The records kept (the most recent ones when more than capacity() were appended).
  const std::vector<StepRecord>& records() const { return records_; }
  /// Number of records kept / true when none is kept.
  ///@{
  std::size_t size() const { return records_.size(); }
  bool empty() const { return records_.empty(); }
  ///@}
  /// Every record appended since the last clear(), kept or dropped.
  std::size_t totalRecords() const { return total_; }
  /// Records not kept (capacity() reached, or recording disabled): totalRecords() − size().
  std::size_t droppedRecords() const { return total_ - records_.size(); }
  /// Number of records whose solve (or Newton loop) did not converge (all records).
  std::size_t numberOfFailures() const { return failures_; }
  /// Steps k with at least one failed solve, increasing, without repeats (all records).
  const std::vector<std::size_t>& failedSteps() const { return failedSteps_; }
  /// Mean solver iterations over the records of a role with size > 0 (0 when none; all records).
  double meanIterations(ProblemRole role = ProblemRole::Velocity) const;
  /// Sums of the assembly and solve times over every record.
  ///@{
  double totalAssemblySeconds() const { return assemblySeconds_; }
  double totalSolveSeconds() const { return solveSeconds_; }
  ///@}
  /// Writes the kept records as an aligned table with a header line (at most
  /// maxRows rows: the first ones; 0 = all), one row per record.
  void print(std::ostream& os, std::size_t maxRows = 0) const;

 private:
  std::vector<StepRecord> records_;
  std::vector<std::string> names_;
  std::vector<std::size_t> failedSteps_;
  std::size_t capacity_ = kDefaultCapacity;
  std::size_t total_ = 0;
  std::size_t failures_ = 0;
  double iterationSum_[kNumberOfProblemRoles] = {0, 0, 0};
  std::size_t solvedRecords_[kNumberOfProblemRoles] = {0, 0, 0};
  double assemblySeconds_ = 0, solveSeconds_ = 0;
  bool enabled_ = true;
};

}  // namespace moreau
