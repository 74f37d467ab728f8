#pragma once
// Direct sparse linear solvers behind one small interface:
//   CHOLMOD (symmetric positive definite), UMFPACK and KLU (general square),
//   Eigen's SparseLU (fallback, no external dependency).
// Usage: analyzePattern(A) once, factorize(A) whenever the values change (the
// symbolic analysis is reused while the pattern is unchanged), then solve(b, x).
// Failures (not SPD, singular, wrong sizes) return false with lastError(); nothing
// throws and nothing aborts. See docs/numerics/matrices.md.

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::numerics {

/// Backend of a SparseLinearSolver.
enum class SparseSolverKind {
  Cholmod,  ///< SPD only (Cholesky; only the lower triangle is used, symmetry is checked)
  Umfpack,  ///< general square (multifrontal LU)
  Klu,      ///< general square (left-looking LU, good for circuit-like, very sparse matrices)
  EigenLU   ///< Eigen::SparseLU with COLAMD ordering (fallback)
};

/// "cholmod", "umfpack", "klu", "eigenlu".
const char* sparseSolverKindName(SparseSolverKind kind);
/// Inverse of sparseSolverKindName (case-insensitive); false when unknown.
bool parseSparseSolverKind(std::string_view name, SparseSolverKind& kind);

/// Direct sparse linear solver behind one small interface (CHOLMOD, UMFPACK, KLU or Eigen's
/// SparseLU): analyzePattern(A) once, factorize(A) whenever the values change (the symbolic
/// analysis is reused while the pattern is unchanged), then solve(b, x). Failures (not SPD,
/// singular, wrong sizes) return false with lastError(); nothing throws. Create one with
/// makeSparseLinearSolver. See docs/numerics/matrices.md.
class SparseLinearSolver {
 public:
  /// Matrix type accepted (column-major CSC).
  using SparseMatrix = Eigen::SparseMatrix<double>;

  virtual ~SparseLinearSolver();
  SparseLinearSolver(const SparseLinearSolver&) = delete;
  SparseLinearSolver& operator=(const SparseLinearSolver&) = delete;

  /// The backend.
  SparseSolverKind kind() const { return kind_; }

  /// Symbolic analysis (ordering) of A's pattern. A must be square. Returns false
  /// with lastError() on failure.
  bool analyzePattern(const SparseMatrix& A);
  /// Numeric factorization. Reuses the symbolic analysis when A has the same pattern
  /// (outer/inner index arrays) as the last analysed matrix, otherwise analyses first.
  /// Returns false (not SPD for CHOLMOD, singular or numerically singular, non-finite
  /// values) with lastError(); solve() then fails until a successful factorize().
  bool factorize(const SparseMatrix& A);
  /// x = A^{-1} b with the last factorization. Returns false when there is none, on a
  /// size mismatch, or when the result is not finite / has a large residual.
  bool solve(const Eigen::VectorXd& b, Eigen::VectorXd& x);

  /// Reason of the last failure ("" after a success).
  std::string lastError() const { return lastError_; }
  /// Number of symbolic analyses done so far (tests the pattern-reuse path).
  int analysisCount() const { return analysisCount_; }
  /// Reciprocal condition estimate of the last factorization when the backend
  /// provides one (CHOLMOD, UMFPACK, KLU), -1 otherwise.
  double rcondEstimate() const { return rcond_; }
  /// Below this rcond estimate, factorize() reports the matrix as numerically
  /// singular. Default 1e-15.
  void setSingularityThreshold(double threshold) { singularThreshold_ = threshold; }

 protected:
  /// Backends construct the base with their kind.
  explicit SparseLinearSolver(SparseSolverKind kind) : kind_(kind) {}

  /// Backend hooks; A is compressed, square, with the stored pattern.
  ///@{
  virtual bool doAnalyze(SparseMatrix& A) = 0;
  virtual bool doFactorize(SparseMatrix& A) = 0;
  virtual bool doSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) = 0;
  ///@}
  /// Sets lastError() and returns false.
  bool fail(std::string message);

  /// Reciprocal condition estimate of the last factorization (-1: not provided by the backend).
  double rcond_ = -1.0;
  /// rcond below which factorize() reports a numerically singular matrix.
  double singularThreshold_ = 1e-15;

 private:
  bool samePattern(const SparseMatrix& A) const;

  SparseSolverKind kind_;
  SparseMatrix matrix_;  // compressed copy of the last analysed/factorized matrix
  bool analysed_ = false;
  bool factorized_ = false;
  int analysisCount_ = 0;
  std::string lastError_;
  Eigen::VectorXd residual_;
};

/// A new solver of the given kind (never null).
std::unique_ptr<SparseLinearSolver> makeSparseLinearSolver(SparseSolverKind kind);

}  // namespace moreau::numerics
