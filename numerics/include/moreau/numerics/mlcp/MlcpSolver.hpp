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

class MlcpSolver {
 public:
  explicit MlcpSolver(const std::string& name, const SolverOptions& options = {});
  ~MlcpSolver();
  MlcpSolver(MlcpSolver&&) noexcept;
  MlcpSolver& operator=(MlcpSolver&&) noexcept;
  MlcpSolver(const MlcpSolver&) = delete;
  MlcpSolver& operator=(const MlcpSolver&) = delete;

  const std::string& name() const;
  const SolverOptions& options() const;
  void setOptions(const SolverOptions& options);
  bool allocationFree() const;

  void setup(const MixedLinearComplementarityProblem& problem);
  SolverResult solve(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w);

  int setupCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics
