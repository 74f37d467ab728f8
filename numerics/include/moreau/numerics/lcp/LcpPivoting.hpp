#pragma once
// Sparse block principal pivoting for the LCP (solver "pivot", aliases "bpp" and
// "block-pivoting"), see docs/numerics/lcp.md ("Block principal pivoting").

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <memory>

namespace moreau::numerics {

/// "pivot": block principal pivoting (Júdice–Pires) on the set F = {i : z_i basic}.
/// Every iteration solves M_FF z_F = −q_F with a sparse factorization of the principal
/// submatrix (LDLᵀ for a symmetric M, with a fill-reducing ordering computed once per
/// call when M is not banded; sparse LU otherwise), sets w_G = M_GF z_F + q_G and
/// exchanges every infeasible index (z_i < 0 in F, w_i < 0 in G); when the number of
/// infeasibilities has not decreased for 3 iterations it exchanges only the least
/// infeasible index (Murty's rule) until it decreases again, which makes the method
/// finite for a P-matrix. Works on the sparse or sparse-block storage without
/// densifying (a dense M is read as sparse). Warm start: F = {i : z_i > 0} of the
/// given z, so a re-solve after a small change of q typically needs 0–2 iterations.
/// result.iterations counts the set exchanges (block or single). Failed, never
/// throws, when a principal submatrix is singular or (symmetric M) not positive
/// definite, i.e. M is not a P-matrix, or when the budget options.maxIterations runs out.
/// Creates a temporary LcpPivotingWorkspace (allocates); same results as the overload below.
SolverResult lcpPivoting(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options = {});

/// Persistent state of "pivot" for repeated solves on one pattern of M (owned by
/// LcpSolver, see docs/numerics/solver-objects.md). setup(M) does the pattern work
/// once: the CSC copy of M with every stored entry (explicit zeros included) and the
/// map that refills its values in place, the transposed-entry index of every entry
/// (symmetry check per solve in O(nnz) on the current values), the elimination order
/// (minimum degree when the bandwidth is > 16), the pattern of the interior-point
/// matrix and the capacity of every work array (LDLᵀ included, sized by the fill of
/// the whole M). A solve then makes no heap allocation for a symmetric M (verbosity
/// 0, converged or budget exhausted). SparseBlock storage: the pattern is trusted
/// while M's address, patternVersion() and sizes are those of the last setup (call
/// setup() after replacing a pattern in place); Sparse storage: the index arrays are
/// compared on every solve; Dense storage: setup on every solve.
class LcpPivotingWorkspace {
 public:
  LcpPivotingWorkspace();
  ~LcpPivotingWorkspace();
  /// Movable (not copyable).
  ///@{
  LcpPivotingWorkspace(LcpPivotingWorkspace&&) noexcept;
  LcpPivotingWorkspace& operator=(LcpPivotingWorkspace&&) noexcept;
  ///@}
  LcpPivotingWorkspace(const LcpPivotingWorkspace&) = delete;
  LcpPivotingWorkspace& operator=(const LcpPivotingWorkspace&) = delete;

  /// Pattern work for M (allocates).
  void setup(const Matrix& M);
  /// Number of setups so far (explicit or done by a solve).
  int setupCount() const;
  /// Number of interior-point restarts (first stall of a solve) so far.
  int interiorPointRestarts() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  friend SolverResult lcpPivoting(const LinearComplementarityProblem&, Eigen::VectorXd&,
                                  Eigen::VectorXd&, const SolverOptions&, LcpPivotingWorkspace&);
};

/// "pivot" with a persistent workspace (runs workspace.setup(M) itself when M is not
/// the matrix of its last setup, see LcpPivotingWorkspace).
SolverResult lcpPivoting(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options,
                         LcpPivotingWorkspace& workspace);

}  // namespace moreau::numerics
