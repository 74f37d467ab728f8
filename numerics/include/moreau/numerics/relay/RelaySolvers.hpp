#pragma once
// Relay (box-constrained) solvers and driver, see docs/numerics/relay.md.
// Every solver takes z as warm start, writes the answer in z and w = M z + q,
// and reports in a SolverResult whose error is relayComputeError of the
// returned z. None throws on a hard problem (only on malformed arguments) and
// none returns NaN.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/relay/RelayProblem.hpp>

#include <string>
#include <vector>

namespace moreau::numerics {

/// Siconos Relay error: ‖P_[lb,ub](z − w) − z‖₂ / (1 + ‖q‖₂), with w = M z + q
/// recomputed first (written to w). Returns NaN when z or w has a non-finite
/// entry. Throws std::invalid_argument when z's size differs from the problem's.
double relayComputeError(const RelayProblem& problem, const Eigen::VectorXd& z, Eigen::VectorXd& w);

/// "pgs": projected Gauss–Seidel/SOR, z_i ← P_[lb_i,ub_i](z_i − ω w_i / M_ii);
/// needs a positive diagonal.
SolverResult relayPgs(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                      const SolverOptions& options = {});

/// "lemke": LCP reformulation solved by lcpLemke (rows with two finite bounds
/// split into two complementarity pairs; one-sided rows shifted; free rows
/// eliminated as MLCP equalities when their block is invertible).
SolverResult relayLemke(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                        const SolverOptions& options = {});

/// "newton": semismooth Newton on the natural map z − P_[lb,ub](z − w) with an
/// Armijo line search on ½‖Φ‖² and a gradient fallback.
SolverResult relayNewton(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                         const SolverOptions& options = {});

/// Driver: dispatches on options.solver (case-insensitive): "auto", "pgs",
/// "lemke", "newton". z of the wrong size is reset to 0. "auto" tries newton,
/// then lemke, then pgs; result.solver = "auto:<winner>". Throws
/// std::invalid_argument for an unknown solver name.
SolverResult solveRelay(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                        const SolverOptions& options = {});

/// Names accepted by solveRelay ("auto" first).
std::vector<std::string> relaySolverNames();

}  // namespace moreau::numerics
