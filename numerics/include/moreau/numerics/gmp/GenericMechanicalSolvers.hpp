#pragma once
// Solvers of the generic mechanical problem (Siconos GENERIC_MECHANICAL_NSGS)
// and its error measure. See docs/numerics/generic-mechanical.md.
//
// Every solver: z is the warm start (wrong size or non-finite → reset to 0)
// and the answer, w = M z + q is recomputed at the end, result.error is
// gmpComputeError of the returned z, status Converged iff error <=
// options.tolerance, never NaN in z, never throws on a hard or singular problem
// (std::invalid_argument only for a malformed problem, options or solver name).

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/gmp/GenericMechanicalProblem.hpp>

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

namespace moreau::numerics {

/// Error of a generic mechanical problem, with w recomputed as M z + q (written to w):
///   err = sqrt(Σ_blocks e_b²) / s,  s = max(‖q‖, ‖z‖, ‖w‖) (no division when s <= DBL_EPSILON),
/// with the natural-map residual of each block:
///   equality e_b = ‖w_b‖; complementarity e_b = ‖z_b − max(0, z_b − w_b)‖;
///   relay e_b = ‖z_b − P_[lb,ub](z_b − w_b)‖; friction e_b = ‖z_b − P_{K_μ}(z_b − ũ_b)‖ with
///   ũ_b = w_b + μ‖w_T‖e_N (the per-contact term of fcComputeError).
/// On a problem made of friction blocks only it equals fcComputeError. Returns +inf when z or w
/// has a non-finite entry. Throws std::invalid_argument when z's size differs from the problem's.
double gmpComputeError(const GenericMechanicalProblem& problem, const Eigen::VectorXd& z,
                       Eigen::VectorXd& w);

/// "nsgs": nonsmooth block Gauss–Seidel over the blocks, in order. Block b is solved exactly
/// (locally) on w_b = M_bb z_b + q̂_b, q̂_b = q_b + Σ_{c≠b} M_bc z_c:
///  - equality: M_bb z_b = −q̂_b (partial-pivoting LU of M_bb; full-pivoting LU, a
///    particular solution, when M_bb is singular);
///  - complementarity: the LCP (M_bb, q̂_b), closed form for one row, enumeration of the 2^s
///    complementary bases up to 4 rows (fixed-size storage), lcpLemke above (lcpEnum when Lemke
///    fails and the block has at most options.enumerationMaxSize rows);
///  - relay: clamp of −q̂/M_bb for one row, relayLemke above;
///  - friction 2D/3D: solveLocalContact with options.fcLocalSolver ("default": Alart–Curnier
///    Newton in 3D, the exact enumeration "quartic" in 2D), options.fcLocalTolerance,
///    options.fcLocalMaxIterations and options.fcStickCandidate;
/// then relaxed with ω = options.relaxation (z_b ← ω z_b + (1 − ω) z_b,old). A block whose local
/// answer is not finite keeps its previous value. The full error gmpComputeError is evaluated
/// after every sweep; the solver stops when it is <= options.tolerance or after
/// options.maxIterations sweeps (MaxIterations). Non-finite M or q: Failed, z = 0, w = q.
SolverResult gmpNsgs(const GenericMechanicalProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options = {});

/// Driver: dispatches on options.solver (case-insensitive) among
/// genericMechanicalSolverNames(). Throws std::invalid_argument for an unknown name (the message
/// lists the names), invalid options or a malformed problem.
SolverResult solveGenericMechanical(const GenericMechanicalProblem& problem, Eigen::VectorXd& z,
                                    Eigen::VectorXd& w, const SolverOptions& options = {});

/// Names accepted by solveGenericMechanical: "nsgs".
std::vector<std::string> genericMechanicalSolverNames();

/// Reusable generic-mechanical solver object for repeated solves (as FrictionContactSolver): the
/// work arrays (per-block diagonal matrices and factorizations, local LCP workspaces) are sized by
/// setup() and reused; solve() re-runs setup() when the block structure, M's storage or M's
/// sparse-block pattern changed. With a sparse-block M whose block rows contain the problem's
/// blocks and square diagonal blocks, M is read in place and the equality, complementarity and
/// friction blocks (complementarity blocks of at most 4 rows) are solved without heap allocation in
/// steady state (relay blocks of more than one row call relayLemke, which allocates). Movable, not
/// copyable.
class GenericMechanicalSolver {
 public:
  /// Throws std::invalid_argument for an unknown name or invalid options.
  explicit GenericMechanicalSolver(const std::string& name = "nsgs",
                                   const SolverOptions& options = {});
  ~GenericMechanicalSolver();
  /// Movable (not copyable).
  ///@{
  GenericMechanicalSolver(GenericMechanicalSolver&&) noexcept;
  GenericMechanicalSolver& operator=(GenericMechanicalSolver&&) noexcept;
  ///@}
  GenericMechanicalSolver(const GenericMechanicalSolver&) = delete;
  GenericMechanicalSolver& operator=(const GenericMechanicalSolver&) = delete;

  /// Canonical solver name.
  const std::string& name() const;
  /// The options (validated).
  const SolverOptions& options() const;
  /// Prepares the work arrays for the problem's structure (validates the problem:
  /// std::invalid_argument on a malformed one).
  void setup(const GenericMechanicalProblem& problem);
  /// z: warm start and answer; w = M z + q on return. Validates the problem when its structure
  /// changed since the last setup.
  SolverResult solve(const GenericMechanicalProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w);
  /// Number of setups done so far, explicit or triggered by solve().
  int setupCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau::numerics
