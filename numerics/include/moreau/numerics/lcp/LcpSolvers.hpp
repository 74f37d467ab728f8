#pragma once
// LCP solvers and driver. Every solver takes z as warm start (ignored by
// Lemke), writes z and w = M z + q, and reports in a SolverResult; none
// throws on a hard problem (only on malformed arguments).

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <string>
#include <vector>

namespace moreau::numerics {

/// Siconos LCP error: ‖z − max(0, z − w)‖₂ / ‖q‖₂ (no scaling when
/// ‖q‖₂ <= DBL_EPSILON), with w recomputed as M z + q first (written to w).
double lcpComputeError(const LinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                       Eigen::VectorXd& w);

/// Lexicographic Lemke (complementary pivoting with covering vector e = 1).
SolverResult lcpLemke(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options = {});

/// Projected Gauss–Seidel / PSOR with relaxation options.relaxation.
SolverResult lcpPgs(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                    Eigen::VectorXd& w, const SolverOptions& options = {});

/// Driver: dispatches on options.solver. z of the wrong size is reset to 0.
/// Throws std::invalid_argument for an unknown solver name.
SolverResult solveLcp(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options = {});

/// Names accepted by solveLcp.
std::vector<std::string> lcpSolverNames();

}  // namespace moreau::numerics
