#pragma once
// Solvers of the GLOBAL friction-contact problem (Siconos gfc2d/gfc3d, FCLIB
// "global"), with the convention of GlobalFrictionContactProblem.hpp:
//   M v = q + H r,   u = Hᵀ v + b,   K_μi ∋ r_i ⊥ ũ_i ∈ K_μi*,  ũ_i = u_i + μ_i‖u_T,i‖ e_N.
// (FCLIB's f is q and its w is b; the local solvers of FrictionContactSolvers.hpp
// work on the reduced form u = W r + q_loc.) See docs/numerics/global-friction-contact.md.
//
// Methods (options.solver, case-insensitive):
//   "reduce": factorize M once (dense blocks for a block-diagonal M, otherwise sparse
//             Cholesky with LU fallback), W = Hᵀ M⁻¹ H (sparse-block; blockwise or by
//             column solves, never a dense inverse), q_loc = Hᵀ M⁻¹ q + b, solve the
//             local problem with options.gfcLocalSolver, then v = M⁻¹ (q + H r);
//   "admm":   ADMM directly on (v, r) with one factorization of M + ρ H Hᵀ per ρ;
//   "auto":   reduce when M factorizes (then ADMM from reduce's answer if reduce did
//             not converge), ADMM otherwise.
// Conventions as the other numerics solvers: v and r are warm starts (wrong size or
// non-finite → zero) and the answer, u = Hᵀ v + b is recomputed, result.error is
// gfcComputeError, status Converged iff error <= options.tolerance, never NaN, no
// throw on a hard or singular problem; std::invalid_argument for a malformed problem
// (naming the mismatch), options or an unknown solver name.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

namespace moreau::numerics {

/// The two parts of the global error measure and their maximum.
struct GlobalFcError {
  /// Relative residual of the equation:
  /// ‖M v − q − H r‖ / max(‖M v‖, ‖q‖, ‖H r‖) (no division when the scale <= DBL_EPSILON).
  double equation = 0.0;
  /// Siconos friction-contact measure of (r, u = Hᵀ v + b):
  /// sqrt(Σ_i ‖r_i − P_{K_μi}(r_i − ũ_i)‖²) / max(‖b‖, ‖r‖, ‖u‖) (same rule).
  double contact = 0.0;
  /// max(equation, contact); +inf when v, r or u is not finite.
  double total = 0.0;
};

/// Error parts of (v, r); u is recomputed as Hᵀ v + b (written to u). Throws
/// std::invalid_argument when v or r has the wrong size (or the problem is malformed).
GlobalFcError gfcErrorParts(const GlobalFrictionContactProblem& problem, const Eigen::VectorXd& v,
                            const Eigen::VectorXd& r, Eigen::VectorXd& u);
/// gfcErrorParts(...).total.
double gfcComputeError(const GlobalFrictionContactProblem& problem, const Eigen::VectorXd& v,
                       const Eigen::VectorXd& r, Eigen::VectorXd& u);

/// "auto", "reduce", "admm".
std::vector<std::string> globalFrictionContactSolverNames();

/// Solver object for repeated solves: keeps the factorization of M (symbolic
/// analysis reused while M's pattern is unchanged, numeric factorization and the
/// reduced W reused while M and H are unchanged, value by value) and of M + ρ H Hᵀ.
class GlobalFrictionContactSolver {
 public:
  GlobalFrictionContactSolver();
  ~GlobalFrictionContactSolver();
  /// Movable (not copyable).
  ///@{
  GlobalFrictionContactSolver(GlobalFrictionContactSolver&&) noexcept;
  GlobalFrictionContactSolver& operator=(GlobalFrictionContactSolver&&) noexcept;
  ///@}
  GlobalFrictionContactSolver(const GlobalFrictionContactSolver&) = delete;
  GlobalFrictionContactSolver& operator=(const GlobalFrictionContactSolver&) = delete;

  /// Solves with options.solver among globalFrictionContactSolverNames().
  SolverResult solve(const GlobalFrictionContactProblem& problem, Eigen::VectorXd& v,
                     Eigen::VectorXd& r, Eigen::VectorXd& u, const SolverOptions& options = {});

  /// The "reduce" step alone: factorizes M (if needed) and fills `local` with
  /// W = Hᵀ M⁻¹ H (SparseBlock, dimension×dimension blocks) and q_loc = Hᵀ M⁻¹ q + b.
  /// Returns false (with lastError()) when M cannot be factorized.
  bool reduce(const GlobalFrictionContactProblem& problem, FrictionContactProblem& local,
              const SolverOptions& options = {});

  /// Reason of the last failure of reduce() ("" after a success).
  const std::string& lastError() const;
  /// Counters for tests and benchmarks: symbolic analyses and numeric
  /// factorizations of M, reductions that formed W (not reused), factorizations
  /// of M + ρ H Hᵀ.
  ///@{
  int symbolicAnalysesOfM() const;
  int numericFactorizationsOfM() const;
  int reductionsFormed() const;
  int admmFactorizations() const;
  ///@}
  /// Kind of the last successful factorization of M ("dense-blocks", "cholmod",
  /// "umfpack", ...), "" when none.
  std::string factorizationOfM() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// One-shot solve (a fresh GlobalFrictionContactSolver).
SolverResult solveGlobalFrictionContact(const GlobalFrictionContactProblem& problem,
                                        Eigen::VectorXd& v, Eigen::VectorXd& r, Eigen::VectorXd& u,
                                        const SolverOptions& options = {});

}  // namespace moreau::numerics
