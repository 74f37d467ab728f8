#pragma once
// Sparse block principal pivoting for the LCP (solver "pivot", aliases "bpp" and
// "block-pivoting"), see docs/numerics/lcp.md ("Block principal pivoting").

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

namespace moreau::numerics {

/// "pivot": block principal pivoting (Júdice–Pires) on the set F = {i : z_i basic}.
/// Every iteration solves M_FF z_F = −q_F with a sparse factorization of the principal
/// submatrix (LDLᵀ for a symmetric M, with a fill-reducing ordering computed once per
/// call when M is not banded; sparse LU otherwise), sets w_G = M_GF z_F + q_G and
/// exchanges every infeasible index (z_i < 0 in F, w_i < 0 in G); when the number of
/// infeasibilities has not decreased for 3 iterations it exchanges only the least
/// infeasible index (Murty's rule) until it decreases again, which makes the method
/// finite for a P-matrix. Works on the sparse or sparse-block storage without
/// densifying (a dense M is read as sparse). Warm start: F = {i : z_i > 0} of the
/// given z, so a re-solve after a small change of q typically needs 0–2 iterations.
/// result.iterations counts the set exchanges (block or single). Failed, never
/// throws, when a principal submatrix is singular or (symmetric M) not positive
/// definite, i.e. M is not a P-matrix, or when the budget options.maxIterations runs out.
SolverResult lcpPivoting(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options = {});

}  // namespace moreau::numerics
