#pragma once
// Friction-contact solvers (local form u = W r + q, 2D and 3D) and the driver.
// See docs/numerics/friction-contact.md and docs/numerics/friction-contact-local.md.
//
// Every solver: r is the warm start (wrong size → reset to 0) and the answer,
// u = W r + q is recomputed at the end, result.error is fcComputeError of the
// returned r (fcComputeErrorTresca when options.fcTresca), status Converged iff
// error <= options.tolerance, never NaN, never throws on a hard or singular
// problem (std::invalid_argument only for malformed arguments/options), work
// arrays allocated once per call.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace moreau::numerics {

/// "nsgs" (and "nsgs-ac", "nsgs-fb", "nsgs-projection", "nsgs-quartic", which
/// force options.fcLocalSolver): nonsmooth block Gauss–Seidel over the
/// contacts, 2D and 3D. Each contact i is solved with the local solver
/// options.fcLocalSolver on u_i = W_ii r_i + (q_i + Σ_{j≠i} W_ij r_j), then
/// relaxed with ω = options.relaxation. Options: fcShuffle/fcSeed,
/// fcFreezeSweeps, fcErrorEvaluation, fcLocalTolerance/fcLocalMaxIterations, fcStickCandidate,
/// fcTresca/fcTrescaThresholds. Dense, sparse (a row-major copy is made once)
/// and sparse-block W (block rows must be the contacts; otherwise a re-blocked
/// copy is made once).
SolverResult fcNsgs(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options = {});

/// "lemke" (2D only): the exact LCP reformulation of FC2D solved by Lemke.
/// Per contact z = (r_N, β⁺, β⁻, λ) with r_T = β⁺ − β⁻ and
///   0 <= r_N ⊥ u_N >= 0,  0 <= β⁺ ⊥ λ + u_T >= 0,
///   0 <= β⁻ ⊥ λ − u_T >= 0,  0 <= λ ⊥ μ r_N − β⁺ − β⁻ >= 0
/// (u = W r + q); solutions correspond one to one to FC2D solutions in r
/// (docs/numerics/friction-contact-local.md). Dense 4nc × 4nc tableau: for
/// small and medium problems. Warm start ignored (pivoting).
SolverResult fc2dLemke(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                       Eigen::VectorXd& u, const SolverOptions& options = {});

/// "enum" (2D only): the same LCP solved by enumeration (lcpEnum); only for
/// 4·nc <= options.enumerationMaxSize (Failed otherwise).
SolverResult fc2dEnum(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                      const SolverOptions& options = {});

/// What "auto" reads from a problem to order and budget its chain.
struct FcProblemFeatures {
  /// 2 or 3.
  int dimension = 3;
  /// Number of contacts.
  Eigen::Index contacts = 0;
  /// Mean number of off-diagonal d×d blocks per block row of W, i.e. of other
  /// contacts sharing a body with a contact: 1–2 in a column of spheres, about 10
  /// in a 3D box column or sphere pile, contacts − 1 for a single body.
  double couplingsPerContact = 0.0;
  /// Largest number of off-diagonal blocks in a block row.
  long maxCouplings = 0;
  /// couplingsPerContact / (contacts − 1): 1 when every contact touches the same
  /// body (0 for a single contact).
  double couplingDensity = 0.0;
  /// Mean friction coefficient.
  double meanMu = 0.0;
  /// Largest friction coefficient.
  double maxMu = 0.0;
  /// Largest condition number of the symmetric part of the diagonal blocks W_ii
  /// (infinite when one is singular or missing).
  double maxDiagonalCondition = 1.0;
  /// Largest over smallest spectral norm of the diagonal blocks (mass and lever-arm
  /// heterogeneity).
  double diagonalSpread = 1.0;
};

/// Features of a problem (one pass over W's blocks; a re-blocked copy when W is
/// not SparseBlock with d×d blocks).
FcProblemFeatures fcProblemFeatures(const FrictionContactProblem& problem);

/// "auto": NSGS first (fast), then — while the error is above the tolerance —
/// 2D: Lemke on small problems; the global solvers (proximal point around
/// Newton, then Newton–AC) warm-started from the best iterate; NSGS with the
/// projection local solver as a last resort. Every answer is checked with
/// fcComputeError; the best one is returned, result.solver = "auto:<winner>",
/// result.message lists the attempts.
SolverResult fcAuto(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options = {});

/// Driver: dispatches on options.solver (case-insensitive) among
/// frictionContactSolverNames(problem.dimension()). Throws std::invalid_argument
/// for an unknown name (the message lists the names) or invalid options.
SolverResult solveFrictionContact(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                  Eigen::VectorXd& u, const SolverOptions& options = {});

/// Names accepted by solveFrictionContact for the dimension (2 or 3), "auto" first.
std::vector<std::string> frictionContactSolverNames(int dimension);

}  // namespace moreau::numerics
