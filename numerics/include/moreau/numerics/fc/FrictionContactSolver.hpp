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

class FrictionContactSolver {
 public:
  explicit FrictionContactSolver(const std::string& name, const SolverOptions& options = {});
  ~FrictionContactSolver();
  FrictionContactSolver(FrictionContactSolver&&) noexcept;
  FrictionContactSolver& operator=(FrictionContactSolver&&) noexcept;
  FrictionContactSolver(const FrictionContactSolver&) = delete;
  FrictionContactSolver& operator=(const FrictionContactSolver&) = delete;

  const std::string& name() const;
  const SolverOptions& options() const;
  void setOptions(const SolverOptions& options);
  bool allocationFree() const;

  void setup(const FrictionContactProblem& problem);
  /// r: reaction (warm start and answer), u = W r + q on return.
  SolverResult solve(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u);

  int setupCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics
