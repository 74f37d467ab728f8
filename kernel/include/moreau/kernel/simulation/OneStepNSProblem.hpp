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
#include <string>
#include <vector>

namespace moreau {

class Simulation;

class OneStepNSProblem {
 public:
  virtual ~OneStepNSProblem();
  OneStepNSProblem(const OneStepNSProblem&) = delete;
  OneStepNSProblem& operator=(const OneStepNSProblem&) = delete;

  virtual const char* typeName() const = 0;
  /// Index set the problem is written on (its output level; 1 for the
  /// velocity-level problems of Moreau–Jean). Set by initialize.
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
  double lastAssemblySeconds() const { return assemblySeconds_; }
  double lastSolveSeconds() const { return solveSeconds_; }

  /// When false, a failure of this problem continues silently whatever the
  /// simulation's FailurePolicy (kept for compatibility; prefer
  /// Simulation::setFailurePolicy). Default true: the policy applies.
  void setThrowOnFailure(bool value) { throwOnFailure_ = value; }
  bool throwOnFailure() const { return throwOnFailure_; }

 protected:
  OneStepNSProblem() = default;
  /// Sets the default solver (subclass constructors; validated).
  void setDefaultSolver(const std::string& solver);

  numerics::SolverOptions options_;
  numerics::SolverResult result_;
  double assemblySeconds_ = 0.0;
  double solveSeconds_ = 0.0;
  unsigned indexSetLevel_ = 1;

 private:
  bool throwOnFailure_ = true;
};

}  // namespace moreau
