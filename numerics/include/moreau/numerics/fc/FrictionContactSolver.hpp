#pragma once
// FrictionContactSolver: a reusable friction-contact solver object (local form
// u = W r + q, 2D and 3D) for repeated solves, see docs/numerics/solver-objects.md.
//
//   numerics::FrictionContactSolver solver("nsgs", options);
//   solver.setup(problem);                         // once per pattern of W
//   for each step:
//     refill problem.W() values, problem.q() and problem.mu() in place
//     SolverResult r = solver.solve(problem, reaction, velocity);  // reaction: warm start
//
// Contract (as LcpSolver, see lcp/LcpSolver.hpp):
//  - The constructor accepts every name of frictionContactSolverNames(2) or (3)
//    (case-insensitive) and validates the options (std::invalid_argument).
//    setup() checks that the name exists for the problem's dimension and that
//    fcTresca has one threshold per contact (std::invalid_argument).
//  - solve() never throws on a hard problem; it re-runs setup() itself when the
//    problem's size, dimension, W's storage, address, patternVersion() or patternHash() changed.
//  - Allocation-free in steady state: "nsgs" and its variants "nsgs-ac",
//    "nsgs-fb", "nsgs-projection", "nsgs-quartic" (per-contact 2D/3D local
//    solvers) with a SparseBlock W whose block rows and columns are the contacts
//    (dimension x dimension diagonal blocks) or a dense W, fcShuffle allowed,
//    fcStallWindow allowed (its history is reserved at setup). They work directly
//    on the SparseBlockMatrix storage.
//  - Every other method calls the free function (solveFrictionContact).
// Movable, not copyable, not shared between threads.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <memory>
#include <string>

namespace moreau::numerics {

/// Reusable friction-contact solver object (local form u = W r + q, 2D and 3D) for repeated solves
/// (as LcpSolver): name (one of frictionContactSolverNames(2) or (3), case-insensitive) and
/// options validated at construction; setup(problem) once per pattern of W; solve() never throws
/// on a hard problem and re-runs setup() when the size, dimension, W's storage, address,
/// patternVersion() or patternHash() changed. Allocation-free in steady state for "nsgs" and its
/// variants with a sparse-block W whose blocks are the contacts (or a dense W); other methods call
/// solveFrictionContact. Movable, not copyable, not shared between threads. See
/// docs/numerics/solver-objects.md.
class FrictionContactSolver {
 public:
  /// Throws std::invalid_argument for an unknown name (the message lists the names) or invalid
  /// options.
  explicit FrictionContactSolver(const std::string& name, const SolverOptions& options = {});
  ~FrictionContactSolver();
  /// Movable (not copyable).
  ///@{
  FrictionContactSolver(FrictionContactSolver&&) noexcept;
  FrictionContactSolver& operator=(FrictionContactSolver&&) noexcept;
  ///@}
  FrictionContactSolver(const FrictionContactSolver&) = delete;
  FrictionContactSolver& operator=(const FrictionContactSolver&) = delete;

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

  /// Prepares the work arrays for the problem's size and pattern; std::invalid_argument when the
  /// name does not exist for the problem's dimension or fcTresca lacks one threshold per contact.
  void setup(const FrictionContactProblem& problem);
  /// r: reaction (warm start and answer), u = W r + q on return.
  SolverResult solve(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u);

  /// Number of setups done so far, explicit or triggered by solve().
  int setupCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics
