#pragma once
// Abstract one-step nonsmooth problem (Siconos OneStepNSProblem, dev-notes
// §1.7): Y = q + M Λ with the law of each interaction of an index set,
// assembled from the integrators' blocks (LinearOSNS and its subclasses).
// The problem keeps its numerics solver options (validated when set) and the
// result of its last solve; the simulation applies its FailurePolicy to that
// result and records it in the SimulationLog.

#include <moreau/kernel/simulation/StepContext.hpp>
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace moreau {

class Simulation;

/// When a one-step problem writes its assembled problem to a file
/// (OneStepNSProblem::setDump).
enum class DumpMode : std::uint8_t {
  Never,      ///< no file (default)
  EveryStep,  ///< every solved (non-empty) problem
  OnFailure   ///< the problems whose solve did not converge
};
/// "never", "every-step", "on-failure".
const char* toString(DumpMode mode);

/// Base class of the one-step nonsmooth problems (Siconos OneStepNSProblem): Y = q + M Λ with the
/// law of each interaction of an index set, assembled from the integrators' blocks. Keeps its
/// numerics solver options (validated when set) and the result of its last solve; the simulation
/// applies its FailurePolicy to that result and records it in the SimulationLog. Subclasses: LCP,
/// MLCP, Relay, Equality, FrictionContact (through LinearOSNS) and GlobalFrictionContact.
class OneStepNSProblem {
 public:
  virtual ~OneStepNSProblem();
  OneStepNSProblem(const OneStepNSProblem&) = delete;
  OneStepNSProblem& operator=(const OneStepNSProblem&) = delete;

  /// Class name, e.g. "LCP" (error messages, logs, dump file names).
  virtual const char* typeName() const = 0;
  /// Index set the problem is written on (its output level; 1 for the
  /// velocity-level problems of Moreau–Jean). Set by initialize. With
  /// integrators of different levels mixed, the smallest level (each row's
  /// is in LinearOSNS::rowLevels()).
  unsigned indexSetLevel() const { return indexSetLevel_; }
  /// Prepares the problem for a run of the simulation at the levels of ctx
  /// (ModelError for an interaction whose law it does not accept).
  virtual void initialize(const Simulation& simulation, const ProblemContext& ctx) = 0;
  /// Assembles and solves the problem over the interactions of index set
  /// ctx.outputLevel, stores λ(ctx.inputLevel) in the interactions (zero
  /// outside the index set) and sets lastResult(). Never throws for a solver
  /// failure (the simulation applies its policy).
  virtual void compute(const Simulation& simulation, const ProblemContext& ctx) = 0;
  /// Number of unknowns of the last assembled problem.
  virtual Eigen::Index size() const = 0;
  /// Stored blocks of the last assembled matrix.
  virtual Eigen::Index numberOfBlocks() const = 0;

  // ---- solver and options -----------------------------------------------------------
  /// Names accepted by setSolver (the numerics driver's list).
  virtual std::vector<std::string> solverNames() const = 0;
  /// The options passed to the numerics solver (always valid).
  const numerics::SolverOptions& numericsSolverOptions() const { return options_; }
  /// Replaces all the options. Validated here: ModelError naming the problem
  /// and the option (numerics::SolverOptions::validate, or an unknown solver
  /// name, case-insensitive, stored in canonical lower case); the options
  /// are unchanged when it throws.
  void setNumericsSolverOptions(const numerics::SolverOptions& options);
  /// Solver name (case-insensitive; ModelError for an unknown one).
  void setSolver(const std::string& solver);
  /// Stopping tolerance, finite and > 0 (ModelError otherwise).
  void setTolerance(double tolerance);
  /// Iteration budget, >= 1 (ModelError otherwise).
  void setMaxIterations(int maxIterations);

  /// Result of the last solve (Converged with 0 iterations when the index
  /// set was empty).
  const numerics::SolverResult& lastResult() const { return result_; }
  /// Wall time of the last assembly (pattern, M, q) and of the last solve.
  ///@{
  double lastAssemblySeconds() const { return assemblySeconds_; }
  double lastSolveSeconds() const { return solveSeconds_; }
  ///@}

  // ---- problem dumps (docs/kernel/problem-dumps.md) ----------------------------------
  /// Writes the assembled problem of the steps selected by `mode` so that
  /// `moreau-solve` can replay it, in the format of writeProblem (Siconos
  /// `.dat`, or FCLIB HDF5 for a friction-contact problem whose pattern ends
  /// in ".hdf5"/".h5" and always for GlobalFrictionContact). `pattern`:
  ///  - with placeholders {step} (k, 6 digits), {time} (t_{k+1}, %.9g),
  ///    {role} and {problem} (typeName in lower case), the file name itself;
  ///  - otherwise a directory (created at the first dump) holding
  ///    "<problem>-<role>-<step>" + dumpExtension().
  /// An empty problem (nothing active) is never written. ModelError for an
  /// empty pattern with a mode other than Never; a file that cannot be
  /// written is a ModelError at the step that writes it.
  void setDump(DumpMode mode, const std::string& pattern = "");
  /// Mode given to the last setDump (Never by default).
  DumpMode dumpMode() const { return dumpMode_; }
  /// Pattern given to the last setDump.
  const std::string& dumpPattern() const { return dumpPattern_; }
  /// Files written since the last setDump, and the last one's path.
  ///@{
  std::size_t dumpCount() const { return dumpCount_; }
  const std::string& lastDumpPath() const { return lastDumpPath_; }
  ///@}
  /// The file a dump of step k of a role would be written to.
  std::string dumpPath(const ProblemContext& ctx) const;
  /// Writes the last assembled problem to `path` (the subclass's format; the
  /// default throws ModelError: no file format). ModelError when nothing was
  /// assembled or the file cannot be written.
  virtual void writeProblem(const std::string& path) const;
  /// Extension of a dump file in directory mode (".dat" unless overridden).
  virtual std::string dumpExtension() const { return ".dat"; }

  /// When false, a failure of this problem continues silently whatever the
  /// simulation's FailurePolicy (kept for compatibility; prefer
  /// Simulation::setFailurePolicy). Default true: the policy applies.
  void setThrowOnFailure(bool value) { throwOnFailure_ = value; }
  /// See setThrowOnFailure (default true).
  bool throwOnFailure() const { return throwOnFailure_; }

 protected:
  /// Only derived classes construct problems.
  OneStepNSProblem() = default;
  /// Sets the default solver (subclass constructors; validated).
  void setDefaultSolver(const std::string& solver);
  /// Called by compute() after a solve of a non-empty problem: writes the
  /// problem when the dump mode selects this step.
  void dumpIfRequested(const ProblemContext& ctx);

  /// Incremented by every change of the options (setNumericsSolverOptions and
  /// the setters): a subclass recreates its numerics solver object when it
  /// differs from the version the object was built with.
  std::uint64_t optionsVersion() const { return optionsVersion_; }
  /// options_.threads = threads (the simulation's, before each solve); a change counts as a
  /// change of the options.
  void setSolverThreads(int threads) {
    if (options_.threads == threads) return;
    options_.threads = threads;
    ++optionsVersion_;
  }

  /// Solver options passed to numerics (valid: every setter validates).
  numerics::SolverOptions options_;
  /// Result of the last solve (lastResult()).
  numerics::SolverResult result_;
  /// Wall time of the last assembly, in seconds.
  double assemblySeconds_ = 0.0;
  /// Wall time of the last solve, in seconds.
  double solveSeconds_ = 0.0;
  /// Level of the index set the problem is written on (set by initialize).
  unsigned indexSetLevel_ = 1;

 private:
  std::uint64_t optionsVersion_ = 0;
  bool throwOnFailure_ = true;
  DumpMode dumpMode_ = DumpMode::Never;
  std::string dumpPattern_;
  std::size_t dumpCount_ = 0;
  std::string lastDumpPath_;
};

}  // namespace moreau
