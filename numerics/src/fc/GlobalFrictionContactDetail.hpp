#pragma once
// Internal (not installed) pieces of the global friction-contact solvers
// (fc/GlobalFrictionContactSolvers.hpp): a sparse factorization with a fallback
// chain of backends and value-level reuse, and the ADMM method.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>
#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace moreau::numerics::gfcdetail {

using SpMat = Eigen::SparseMatrix<double>;

/// True when A and B have the same sizes, pattern and values (bitwise); both compressed.
bool sameMatrix(const SpMat& A, const SpMat& B);

/// A's compressed CSC form: a reference to A's own storage when it is a compressed
/// sparse matrix, otherwise a copy made in `storage`.
const SpMat& compressedCsc(const Matrix& A, SpMat& storage);

/// Factorization of a square sparse matrix with the backends of options.gfcLinearSolver
/// ("auto": CHOLMOD, then UMFPACK, then Eigen SparseLU; the last backend that worked is
/// tried first next time). The numeric factorization is skipped when the matrix is
/// the same (pattern and values) as the last factorized one; each backend keeps its
/// symbolic analysis while the pattern is unchanged.
class Factorization {
 public:
  /// Returns false with error() when every backend failed. `reused` (optional) is set
  /// when the previous factorization was kept.
  bool factorize(const SpMat& A, const std::string& choice, bool* reused = nullptr);
  /// x = A⁻¹ b with the current factorization (false when there is none or it failed).
  bool solve(const Eigen::VectorXd& b, Eigen::VectorXd& x);
  bool valid() const { return valid_; }
  /// Forgets the last matrix (the next factorize() factorizes again).
  void invalidate() { valid_ = false; }
  const std::string& error() const { return error_; }
  /// Backend of the current factorization ("" when none).
  std::string kindName() const;
  int analyses() const;
  int factorizations() const { return factorizations_; }

 private:
  std::array<std::unique_ptr<SparseLinearSolver>, 4> solvers_;  // indexed by SparseSolverKind
  SparseSolverKind active_ = SparseSolverKind::Cholmod;
  SparseSolverKind preferred_ = SparseSolverKind::Cholmod;
  SpMat last_;
  bool valid_ = false;
  int factorizations_ = 0;
  std::string error_;
};

/// M⁻¹ for a block-diagonal M (up to a symmetric permutation): the connected
/// components of M's graph, each factorized densely (Cholesky when the block is
/// symmetric and positive definite, LU otherwise). Used by "reduce" when M splits
/// into >= 2 components of at most `maxBlock` rows (a multibody system: one
/// component per body): the reduction then costs O(Σ n_b² k_b) instead of one
/// sparse solve per column of H.
class BlockDiagonalInverse {
 public:
  /// Components of A's pattern (A + Aᵀ). False when there are fewer than 2 or one
  /// has more than maxBlock rows.
  bool analyze(const SpMat& A, Eigen::Index maxBlock);
  /// Dense factorization of every component; false with error() when a block is
  /// singular (reciprocal condition estimate below 1e-15) or not finite.
  bool factorize(const SpMat& A);
  /// x = A⁻¹ b (after a successful factorize()).
  void solve(const Eigen::VectorXd& b, Eigen::VectorXd& x) const;
  /// Hᵀ A⁻¹ H (m×m, compressed), H n×m; Ht = Hᵀ (compressed CSC, i.e. H by rows).
  SpMat reduce(const SpMat& Ht, Eigen::Index m) const;
  const std::string& error() const { return error_; }
  Eigen::Index components() const { return static_cast<Eigen::Index>(start_.size()) - 1; }

 private:
  std::vector<Eigen::Index> rows_;   // rows grouped by component (ascending within one)
  std::vector<Eigen::Index> start_;  // components()+1 offsets into rows_
  std::vector<Eigen::Index> comp_;   // component of each row
  std::vector<Eigen::Index> pos_;    // position of each row within its component
  std::vector<Eigen::LLT<Eigen::MatrixXd>> llt_;
  std::vector<Eigen::PartialPivLU<Eigen::MatrixXd>> lu_;
  std::vector<char> useLu_;
  std::string error_;
};

/// Workspace of the ADMM method kept between solves.
struct AdmmCache {
  Factorization factorization;  ///< of M + H P Hᵀ (symbolic analysis kept per pattern)
  SpMat A;                      ///< M + H P Hᵀ (last assembled)
};

/// ADMM on the global form (docs/numerics/global-friction-contact.md). M and H are
/// the problem's matrices in compressed CSC form. v and r: warm start and answer;
/// u recomputed. Never throws on a hard problem.
SolverResult admm(const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H,
                  Eigen::VectorXd& v, Eigen::VectorXd& r, Eigen::VectorXd& u,
                  const SolverOptions& options, AdmmCache& cache);

/// Sanitizes a warm start: wrong size or non-finite → zeros of size n.
void prepareStart(Eigen::VectorXd& x, Eigen::Index n);

/// Finishes a result: u = Hᵀ v + b, error = gfcComputeError, status from the
/// tolerance (Failed kept when `failed`), never NaN (non-finite v or r reset to 0).
SolverResult finishResult(const GlobalFrictionContactProblem& problem, Eigen::VectorXd& v,
                          Eigen::VectorXd& r, Eigen::VectorXd& u, const SolverOptions& options,
                          std::string solver, int iterations, bool failed, std::string message);

}  // namespace moreau::numerics::gfcdetail
