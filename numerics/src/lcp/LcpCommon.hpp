#pragma once
// Internal helpers shared by the LCP solvers (not installed).

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <memory>
#include <string>

namespace moreau::numerics::lcp_detail {

/// Applies the solver contract to `result` for the returned z: recomputes w and
/// the Siconos error, sets status Converged iff error <= tolerance (a claimed
/// Converged above the tolerance becomes Failed with a message; a non-finite z
/// becomes Failed), and prints the verbosity-1 summary.
void finish(const LinearComplementarityProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
            const SolverOptions& options, SolverResult& result, const char* unit);

/// Index of the first row with M_ii <= 0 (or not finite), -1 when the diagonal
/// is positive; `diag` receives the diagonal.
Eigen::Index firstNonPositiveDiagonal(const Matrix& M, Eigen::VectorXd& diag);

/// ‖q‖₂ when > DBL_EPSILON, else 1 (the scaling of the Siconos error).
double errorScale(const Eigen::VectorXd& q);

/// Short decimal form of a double (for messages).
std::string fmt(double value);

/// End of a sweep of a splitting method (pgs, bgs): traces the cheap error
/// `estimate` at verbosity 2, fails on a non-finite estimate, and when the
/// estimate passes `threshold` confirms with the exact Siconos error (written to
/// result.error); an optimistic estimate tightens `threshold`. Returns true when
/// the sweeps must stop (converged or diverged).
bool endOfSweep(const char* name, int sweep, double estimate, double& threshold,
                const LinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                Eigen::VectorXd& w, const SolverOptions& options, SolverResult& result);

/// Makes z a finite vector of size n (reset to 0 otherwise).
void sanitizeWarmStart(Eigen::VectorXd& z, Eigen::Index n);

/// PGS / PSOR ("pgs", "psor") with relaxation omega; invDiag is a work vector
/// (reused: no allocation when it has the problem's size). A SparseBlock M with
/// square diagonal blocks is swept in place; a dense M in place when
/// denseInPlace, else through a row-major copy; anything else through a CSR copy.
/// checked: the options and the problem were validated by the caller (LcpSolver).
SolverResult projectedGaussSeidel(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                  Eigen::VectorXd& w, const SolverOptions& options, double omega,
                                  const char* name, Eigen::VectorXd& invDiag, bool denseInPlace,
                                  bool checked);

/// Semismooth Newton ("newton-fb" / "newton-min") on a sparse-block M whose
/// pattern is fixed between setup() calls: the CSC pattern of M ∪ diag and its
/// symbolic analysis (KLU) are built once by setup(); solve() refreshes the
/// values and redoes only the numeric factorizations (LcpSolver).
class NewtonState {
 public:
  NewtonState();
  ~NewtonState();
  NewtonState(NewtonState&&) noexcept;
  NewtonState& operator=(NewtonState&&) noexcept;
  void setup(const SparseBlockMatrix& M);
  /// problem.M() must be the sparse-block matrix of the last setup (same pattern).
  SolverResult solve(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options, bool fischerBurmeister);
  /// Symbolic analyses done by the current setup's linear solver.
  int analysisCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics::lcp_detail
