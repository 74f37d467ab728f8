#pragma once
// Friction-contact solvers working on the whole problem at once ("global" in
// the sense of all contacts together, on the local/reduced form u = W r + q):
// semismooth Newton (Alart–Curnier, Fischer–Burmeister, natural map),
// fixed-point/projection methods on the De Saxcé-modified VI, proximal point
// around Newton, and ADMM. See docs/numerics/friction-contact-global.md.
//
// Every solver follows the numerics conventions: r is the warm start (wrong
// size → reset to 0) and the answer, u = W r + q is recomputed at the end,
// result.error is fcComputeError (Siconos FC2D/FC3D measure) of the returned
// r, status Converged iff error <= options.tolerance, never NaN, never throws
// on a hard or singular problem (std::invalid_argument only for malformed
// options), work arrays allocated once per call. Dimension 2 and 3.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <string>
#include <vector>

namespace moreau::numerics {

/// "newton-ac": semismooth Newton on the Alart–Curnier function Φ(r) with
/// u = W r + q eliminated (unknown r only); sparse generalized Jacobian
/// J = A + B W (A = ∂Φ/∂r, B = ∂Φ/∂u block diagonal) with a pattern fixed per
/// call, factorized by UMFPACK/KLU (symbolic analysis reused) or dense LU;
/// line search options.fcLineSearch on ½‖Φ‖² with a non-monotone reference
/// (max of the last options.fcNonMonotoneMemory merits) and, when
/// options.fcHybrid, projected Gauss–Seidel sweeps when the direction fails.
SolverResult fcNewtonAlartCurnier(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                  Eigen::VectorXd& u, const SolverOptions& options = {});
/// "newton-fb": same machinery on the second-order-cone Fischer–Burmeister
/// function of (r, ũ), ũ = u + μ‖u_T‖ e_N.
SolverResult fcNewtonFischerBurmeister(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                       Eigen::VectorXd& u, const SolverOptions& options = {});
/// "newton-nm": same machinery on the natural map Φ = r − P_K(r − ρ ũ).
SolverResult fcNewtonNaturalMap(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                Eigen::VectorXd& u, const SolverOptions& options = {});

/// "fpp": projection r ← P_K(r − ρ F(r)) on the De Saxcé VI
/// F(r) = W r + q + μ‖u_T‖ e_N, with a self-adaptive step ρ (Solodov–Tseng-type
/// control: ρ‖F(z) − F(r)‖ <= L‖z − r‖).
SolverResult fcFixedPointProjection(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                    Eigen::VectorXd& u, const SolverOptions& options = {});
/// "eg": extragradient (Korpelevich) on the same VI, same step control.
SolverResult fcExtraGradient(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                             Eigen::VectorXd& u, const SolverOptions& options = {});
/// "desaxce-fp": De Saxcé fixed point r_i ← P_K(r_i − ρ_i ũ_i) (Jacobi, fixed
/// per-contact ρ_i from W's diagonal blocks; may diverge — reported honestly).
SolverResult fcDeSaxceFixedPoint(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                 Eigen::VectorXd& u, const SolverOptions& options = {});

/// "prox": proximal point around newton-ac: r_{k+1} solves the problem with
/// (W + σ I, q − σ r_k); σ adapted (decreased after easy inner solves,
/// increased after failed ones). Robust on rank-deficient W.
SolverResult fcProximalPoint(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                             Eigen::VectorXd& u, const SolverOptions& options = {});

/// "admm": ADMM on the De Saxcé-corrected convex relaxation, splitting r = z
/// with z in the cone product; per-contact penalties from W's diagonal,
/// residual balancing (see the docs page).
SolverResult fcAdmm(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options = {});

/// Names of the solvers above: "newton-ac", "newton-fb", "newton-nm", "fpp",
/// "eg", "desaxce-fp", "prox", "admm".
std::vector<std::string> fcGlobalSolverNames();
/// True when `name` (case-insensitive) is one of fcGlobalSolverNames().
bool isFcGlobalSolverName(const std::string& name);
/// Dispatch on options.solver among fcGlobalSolverNames() (case-insensitive);
/// std::invalid_argument for another name.
SolverResult solveFrictionContactGlobal(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                        Eigen::VectorXd& u, const SolverOptions& options = {});

// ---- building blocks exposed for tests and for other solvers ---------------

/// Nonsmooth function Φ(r) = 0 solved by the global Newton solvers: Alart–Curnier,
/// Fischer–Burmeister on second-order cones, or the natural map.
enum class FcNewtonFormulation { AlartCurnier, FischerBurmeister, NaturalMap };

/// Per-component ρ (size problem.size()) of the "split spectral norm" rule:
/// for contact i with diagonal block W_ii, ρ_N = 1/W_ii[N,N] and every tangent
/// component ρ_T = 1/‖W_ii[T,T]‖₂ (spectral norm of the tangential block);
/// non-positive or tiny entries fall back to 1/‖W_ii‖_F, then to 1.
/// options.fcRho > 0 overrides every entry.
Eigen::VectorXd fcSplitSpectralNormRho(const FrictionContactProblem& problem,
                                       double fixedRho = 0.0);

/// The global Newton function Φ(r) (size problem.size()) of a formulation with
/// u = W r + q, and optionally one element of its generalized Jacobian
/// (J = ∂Φ/∂r, compressed CSC, pattern = blocks of W plus diagonal blocks).
/// rho: per-component ρ (e.g. fcSplitSpectralNormRho). Allocates; for tests.
void fcNewtonFunction(const FrictionContactProblem& problem, FcNewtonFormulation formulation,
                      const Eigen::VectorXd& r, const Eigen::VectorXd& rho, Eigen::VectorXd& phi,
                      Eigen::SparseMatrix<double>* jacobian = nullptr);

}  // namespace moreau::numerics
