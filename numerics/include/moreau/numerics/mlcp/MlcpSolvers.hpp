#pragma once
// MLCP solvers and driver, see docs/numerics/mlcp.md. Every solver takes z
// (size n+m, in the row order of the problem) as warm start, writes the answer
// in z and w = M z + q, and reports in a SolverResult whose error is
// mlcpComputeError of the returned z. None throws on a hard or singular problem
// (only on malformed arguments) and none returns NaN.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>

#include <string>
#include <vector>

namespace moreau::numerics {

/// Siconos MLCP error (siconos-reference.md §2.4), with w = M z + q recomputed
/// first (written to w). Over the row blocks:
///   error_e = Σ_eq-blocks ‖w_blk‖₂,  norm_e = 1 + Σ_eq-blocks ‖q_blk‖₂,
///   error_i = Σ_comp-rows (−z if z<0) + (−w if w<0) + (z·w if z,w both >0 or both <0),
///   norm_i = 1 + Σ_comp-blocks ‖w_blk‖₂,
///   err = error_i/(1+norm_i) if error_i/norm_i >= error_e/norm_e else error_e/(1+norm_e).
/// Extra equality rows (hasExtraEqualityRows()) count as one more equality
/// block: error_e += ‖E z + e‖₂, norm_e += ‖e‖₂.
/// Returns NaN when z or w has a non-finite entry. Throws std::invalid_argument
/// when z's size differs from the problem's.
double mlcpComputeError(const MixedLinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                        Eigen::VectorXd& w);

/// "enum": enumerates the 2^m complementarity states (z_i = 0 or w_i = 0 on each
/// complementarity row), each solved by LU; starts from the state of the warm
/// start. Refuses m > options.enumerationMaxSize (Failed). With extra equality
/// rows each state is solved in the least-squares sense over all the rows.
SolverResult mlcpEnum(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options = {});

/// "pgs" / "psor": projected Gauss–Seidel/SOR with relaxation options.relaxation;
/// equality rows solved for their diagonal entry (Failed on a zero diagonal).
SolverResult mlcpPgs(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options = {});

/// "newton-fb": semismooth Newton on [w_eq; φ_FB(z_comp, w_comp)] with an
/// Armijo line search on ½‖Φ‖² and a gradient fallback.
SolverResult mlcpNewtonFb(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                          Eigen::VectorXd& w, const SolverOptions& options = {});

/// "lemke": eliminates u = −A⁻¹(C v + a) and solves the LCP on v with
/// M' = B − D A⁻¹ C, q' = b − D A⁻¹ a by lcpLemke. Failed when A is singular.
SolverResult mlcpLemke(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                       Eigen::VectorXd& w, const SolverOptions& options = {});

/// Driver: dispatches on options.solver (case-insensitive): "auto", "enum",
/// "pgs", "psor", "newton-fb", "lemke". z of the wrong size is reset to 0.
/// "auto": enum for small m, else newton-fb, lemke, pgs, with independent error
/// checks and fallbacks; result.solver = "auto:<winner>". Throws
/// std::invalid_argument for an unknown solver name.
SolverResult solveMlcp(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                       Eigen::VectorXd& w, const SolverOptions& options = {});

/// Names accepted by solveMlcp ("auto" first).
std::vector<std::string> mlcpSolverNames();

}  // namespace moreau::numerics
