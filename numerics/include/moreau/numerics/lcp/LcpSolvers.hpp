#pragma once
// LCP solvers and driver, see docs/numerics/lcp.md. Every solver takes z as
// warm start (ignored by the pivoting methods Lemke and Murty; a z of the
// wrong size is reset to 0), writes z and w = M z + q, and reports in a
// SolverResult whose error is the Siconos LCP error of the returned z
// (status Converged iff error <= options.tolerance). None throws on a hard,
// singular or infeasible problem (only on malformed arguments).

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/lcp/LcpPivoting.hpp>
#include <moreau/numerics/lcp/LcpWorkspace.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <string>
#include <vector>

namespace moreau::numerics {

/// Siconos LCP error: ‖z − max(0, z − w)‖₂ / ‖q‖₂ (no scaling when
/// ‖q‖₂ <= DBL_EPSILON), with w recomputed as M z + q first (written to w).
double lcpComputeError(const LinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                       Eigen::VectorXd& w);

/// "lemke": lexicographic Lemke (complementary pivoting with covering vector e = 1).
SolverResult lcpLemke(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options = {});
/// Same, with caller-owned work arrays: no heap allocation when called again
/// with a problem of the same size (and z, w already of that size).
SolverResult lcpLemke(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options, LcpWorkspace& workspace);

/// "pgs": projected Gauss–Seidel with relaxation ω = options.relaxation (default 1).
SolverResult lcpPgs(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                    Eigen::VectorXd& w, const SolverOptions& options = {});

/// "psor": projected SOR; ω = options.relaxation when it differs from 1,
/// otherwise kLcpPsorDefaultRelaxation (1.2).
SolverResult lcpPsor(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options = {});
/// Relaxation ω of "psor" when options.relaxation is 1 (the default).
inline constexpr double kLcpPsorDefaultRelaxation = 1.2;

/// "bgs" (alias "nsgs-sbm"): block Gauss–Seidel over the block rows of a
/// sparse-block M (a dense or sparse M is treated as 1x1 blocks); each
/// diagonal-block LCP is solved exactly (enumeration up to 4x4, projected
/// Gauss–Seidel inner loop above). Needs M_ii > 0. Cost per sweep O(nnz).
SolverResult lcpBlockGaussSeidel(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                 Eigen::VectorXd& w, const SolverOptions& options = {});

/// "newton-fb": semismooth Newton on the Fischer–Burmeister function with an
/// Armijo line search on ½‖Φ_FB‖² (gradient step when the Newton direction is
/// not a descent direction).
SolverResult lcpNewtonFb(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options = {});

/// "newton-min": semismooth Newton on Φ = min(z, w), globalised by the same
/// Armijo line search on the Fischer–Burmeister merit function.
SolverResult lcpNewtonMin(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                          Eigen::VectorXd& w, const SolverOptions& options = {});

/// "enum": enumeration of the complementary bases (at most 2^n, n <=
/// options.enumerationMaxSize), by increasing distance from the warm start's
/// support; the first basis giving a solution is returned.
SolverResult lcpEnum(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options = {});

/// "murty": Murty's least-index principal pivoting method (finite for
/// P-matrices; Failed when a singular or non-positive principal pivot is met).
SolverResult lcpMurty(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options = {});

/// "auto": a chain of the solvers above chosen from the size, storage and
/// diagonal of M, each answer checked with lcpComputeError; result.solver is
/// "auto:<winner>" and result.message lists the attempts (docs/numerics/lcp.md).
SolverResult lcpAuto(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options = {});

/// Driver: dispatches on options.solver (case-insensitive, see
/// normalizeSolverName). z of the wrong size is reset to 0. A NaN or infinite
/// entry in M or q (e.g. written in place after construction) is a failed
/// solve: status Failed, error +inf, message "non-finite problem data (...)",
/// z = 0, w = q. Throws std::invalid_argument for an unknown solver name (the
/// message lists lcpSolverNames()), invalid options or mismatched sizes.
SolverResult solveLcp(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options = {});

/// Names accepted by solveLcp, "auto" first.
std::vector<std::string> lcpSolverNames();

}  // namespace moreau::numerics
