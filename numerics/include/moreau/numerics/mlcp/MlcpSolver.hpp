#pragma once
// MlcpSolver: a reusable MLCP solver object for repeated solves, see
// docs/numerics/solver-objects.md.
//
//   numerics::MlcpSolver solver("pgs", options);
//   solver.setup(problem);                        // once per pattern / row structure
//   for each step:
//     refill problem.M() values and problem.q() in place
//     SolverResult r = solver.solve(problem, z, w);
//
// Contract (as LcpSolver, see lcp/LcpSolver.hpp):
//  - The constructor accepts every name of mlcpSolverNames() (case-insensitive)
//    and validates the options (std::invalid_argument).
//  - solve() never throws on a hard problem; it re-runs setup() itself when the
//    problem's size, row structure (n, m), M's storage, address,
//    patternVersion() or patternHash() changed.
//  - Allocation-free in steady state: "pgs" and "psor" with a SparseBlock M
//    whose diagonal blocks are square, or a dense M, without extra equality
//    rows. They work directly on the SparseBlockMatrix storage.
//  - Every other method calls the free function (solveMlcp).
// Movable, not copyable, not shared between threads.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>

#include <Eigen/Dense>
#include <memory>
#include <string>

namespace moreau::numerics {

/// Reusable MLCP solver object for repeated solves (as LcpSolver): name (one of mlcpSolverNames(),
/// case-insensitive) and options validated at construction, setup(problem) once per pattern and
/// row structure, then solve(problem, z, w) with the current values; solve() never throws on a
/// hard problem and re-runs setup() itself when the size, row structure, M's storage, address,
/// patternVersion() or patternHash() changed. Allocation-free in steady state for "pgs" and "psor"
/// with a sparse-block M with square diagonal blocks (or dense M) and no extra equality rows;
/// other methods call solveMlcp. Movable, not copyable, not shared between threads. See
/// docs/numerics/solver-objects.md.
class MlcpSolver {
 public:
  /// Throws std::invalid_argument for an unknown name (the message lists the names) or invalid
  /// options.
  explicit MlcpSolver(const std::string& name, const SolverOptions& options = {});
  ~MlcpSolver();
  /// Movable (not copyable).
  ///@{
  MlcpSolver(MlcpSolver&&) noexcept;
  MlcpSolver& operator=(MlcpSolver&&) noexcept;
  ///@}
  MlcpSolver(const MlcpSolver&) = delete;
  MlcpSolver& operator=(const MlcpSolver&) = delete;

  /// Canonical solver name.
  const std::string& name() const;
  /// The options (validated; options().solver == name()).
  const SolverOptions& options() const;
  /// Replaces the options (validated, std::invalid_argument; options.solver is ignored). The next
  /// solve re-runs setup.
  void setOptions(const SolverOptions& options);
  /// True when solve() is allocation-free in steady state for this method and the storage seen at
  /// the last setup (false before any setup).
  bool allocationFree() const;

  /// Prepares the work arrays for the problem's size, pattern and row structure (validates the
  /// problem: std::invalid_argument).
  void setup(const MixedLinearComplementarityProblem& problem);
  /// Solves with the current values of M and q. z: warm start (reset to 0 when of the wrong size or
  /// not finite) and answer; w = M z + q on return. Never throws on a hard problem.
  SolverResult solve(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w);

  /// Number of setups done so far, explicit or triggered by solve().
  int setupCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics
