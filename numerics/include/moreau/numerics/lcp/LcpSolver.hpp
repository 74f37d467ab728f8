#pragma once
// LcpSolver: a reusable LCP solver object for repeated solves (one problem per
// time step), see docs/numerics/solver-objects.md.
//
//   numerics::LcpSolver solver("bgs", options);   // name + options validated here
//   solver.setup(problem);                        // once per pattern of M
//   for each step:
//     refill problem.M() values and problem.q() in place (same pattern)
//     SolverResult r = solver.solve(problem, z, w);   // z: warm start and answer
//
// Contract:
//  - The constructor accepts every name of lcpSolverNames() (case-insensitive,
//    through normalizeSolverName) and validates the options; it throws
//    std::invalid_argument otherwise. options.solver is set to the canonical name.
//  - setup(problem) sizes every work array for the problem's size and pattern
//    (block pointers, diagonal-block index, symbolic factorization of the Newton
//    methods); it validates the problem (std::invalid_argument).
//  - solve(problem, z, w) solves with the current values of M and q. z is the
//    warm start (a z of the wrong size or with a non-finite entry is reset to 0),
//    w = M z + q on return. It never throws on a hard problem (status in the
//    SolverResult, as the free functions in LcpSolvers.hpp). When the problem's
//    size or M's storage, address, SparseBlockMatrix::patternVersion() or patternHash() differ
//    from the last setup, solve() runs setup() itself first (that call allocates).
//  - Allocation-free in steady state (after setup and one solve, z and w already
//    of the problem's size, a converged or budget-exhausted solve, verbosity 0):
//    "pgs", "psor", "bgs" and "nsgs-sbm" with a SparseBlock M whose diagonal
//    blocks are square (row block sizes == column block sizes), or a dense M.
//    They work directly on the SparseBlockMatrix storage (no CSR/CSC copy).
//  - "newton-fb" / "newton-min" with a SparseBlock M keep the CSC pattern of
//    M ∪ diag (every stored entry, explicit zeros included) and its symbolic
//    factorization (KLU) across solves while the pattern is unchanged; only the
//    values are copied and the numeric factorizations redone (allocates per solve).
//  - "pivot" ("bpp", "block-pivoting") with a SparseBlock or sparse M keeps an
//    LcpPivotingWorkspace (LcpPivoting.hpp): CSC structure, symmetry index,
//    elimination order and buffers set up once per pattern; allocation-free
//    solves for symmetric values; bitwise the free function's answers.
//  - Every other method (and other storages) calls the free function of
//    LcpSolvers.hpp (allowed to allocate); results are identical to it.
// An LcpSolver is movable, not copyable, and not shared between threads.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <Eigen/Dense>
#include <memory>
#include <string>

namespace moreau::numerics {

/// Reusable LCP solver object for repeated solves (one problem per time step): name and options
/// validated at construction, setup(problem) once per pattern of M, then solve(problem, z, w) with
/// the current values (z: warm start and answer). Allocation-free in steady state for "pgs",
/// "psor", "bgs"/"nsgs-sbm" (sparse-block M with square diagonal blocks, or dense M) and for
/// "pivot" with symmetric values; other methods call the free functions of LcpSolvers.hpp (same
/// results). Movable, not copyable, not shared between threads. See
/// docs/numerics/solver-objects.md and the contract in this header.
class LcpSolver {
 public:
  /// name: one of lcpSolverNames() (case-insensitive). Throws std::invalid_argument
  /// on an unknown name (the message lists the names) or invalid options.
  explicit LcpSolver(const std::string& name, const SolverOptions& options = {});
  ~LcpSolver();
  /// Movable (not copyable).
  ///@{
  LcpSolver(LcpSolver&&) noexcept;
  LcpSolver& operator=(LcpSolver&&) noexcept;
  ///@}
  LcpSolver(const LcpSolver&) = delete;
  LcpSolver& operator=(const LcpSolver&) = delete;

  /// Canonical solver name ("bgs").
  const std::string& name() const;
  /// The options (validated; options().solver == name()).
  const SolverOptions& options() const;
  /// Replaces the options (validated; options.solver is ignored and kept equal
  /// to name()). The next solve re-runs setup.
  void setOptions(const SolverOptions& options);

  /// True when solve() is allocation-free in steady state for this method and
  /// the storage of M seen at the last setup (false before any setup).
  bool allocationFree() const;

  /// Prepares the work arrays for the problem's size and pattern.
  void setup(const LinearComplementarityProblem& problem);
  /// Solves (see the contract above).
  SolverResult solve(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w);

  /// Number of setups done so far, explicit or triggered by solve() (for tests and logs).
  int setupCount() const;
  /// "newton-fb" / "newton-min" with a SparseBlock M: symbolic analyses done by
  /// the current setup (1 while the pattern is unchanged, whatever the number of
  /// solves); 0 for the other methods and storages.
  int symbolicAnalyses() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics
