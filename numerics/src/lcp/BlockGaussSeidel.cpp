// Block Gauss–Seidel ("bgs", alias "nsgs-sbm"), see docs/numerics/lcp.md.
//
// For each block row i of a sparse-block M (blocks of size b_i), with the
// latest values of z:
//   r_i = q_i + Σ_{j≠i} M_ij z_j      (SparseBlockMatrix::multiplyRowBlockSkipDiagonal)
//   z_i ← solution of the local LCP  0 <= z_i ⊥ M_ii z_i + r_i >= 0,
// then z_i ← max(0, z_i_old + ω (z_i − z_i_old)) with ω = options.relaxation.
// Local solver: b_i = 1 closed form; b_i <= 4 enumeration of the 2^b_i local
// bases, starting from the current local support (usually the first basis
// tried is the answer), with an in-place LU; otherwise (or when no basis
// works, e.g. a singular block) an inner projected Gauss–Seidel loop (at most
// kInnerSweeps sweeps). A dense or sparse M is converted once per call to a
// sparse-block matrix of 1x1 blocks. Stopping rule as in PGS: free estimate
// ‖min(z, w)‖ per sweep, exact error only when the estimate passes.
#include "BgsKernel.hpp"
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace moreau::numerics {

using Index = Eigen::Index;

SolverResult lcpBlockGaussSeidel(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                 Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  const Index n = problem.size();
  lcp_detail::sanitizeWarmStart(z, n);
  // The sparse-block matrix used for the sweeps: the problem's own when its
  // block rows and columns agree, otherwise a copy made once per call.
  SparseBlockMatrix converted;
  const SparseBlockMatrix* Sp = nullptr;
  const Matrix& M = problem.M();
  if (M.isSparseBlock() && M.sparseBlock().hasSquareDiagonalBlocks()) {
    Sp = &M.sparseBlock();
  } else {
    const std::vector<Index> sizes = M.isSparseBlock()
                                         ? M.sparseBlock().rowBlockSizes()
                                         : std::vector<Index>(static_cast<size_t>(n), 1);
    converted = M.isDense() ? SparseBlockMatrix::fromDense(M.dense(), sizes, sizes)
                            : SparseBlockMatrix::fromSparse(
                                  M.isSparse() ? M.sparse() : M.toSparse(), sizes, sizes);
    Sp = &converted;
  }
  lcp_detail::BgsWorkspace ws;
  return lcp_detail::blockGaussSeidel(problem, *Sp, z, w, options, ws);
}

namespace lcp_detail {

SolverResult blockGaussSeidel(const LinearComplementarityProblem& problem,
                              const SparseBlockMatrix& S, Eigen::VectorXd& z, Eigen::VectorXd& w,
                              const SolverOptions& options, BgsWorkspace& ws) {
  SolverResult result;
  result.solver = "bgs";
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  Eigen::VectorXd& diag = ws.diag;
  const Index bad = lcp_detail::firstNonPositiveDiagonal(problem.M(), diag);
  if (bad >= 0) {
    result.status = SolverStatus::Failed;
    result.message = "bgs needs a positive diagonal: M(" + std::to_string(bad) + "," +
                     std::to_string(bad) + ") = " + lcp_detail::fmt(diag[bad]) + " in row " +
                     std::to_string(bad);
    lcp_detail::finish(problem, z, w, options, result, "sweeps");
    return result;
  }
  result.error = lcpComputeError(problem, z, w);
  if (result.error <= options.tolerance || n == 0) {
    lcp_detail::finish(problem, z, w, options, result, "sweeps");
    return result;
  }

  const Index nb = S.blockRows();
  Index maxBlock = 0;
  for (Index i = 0; i < nb; ++i) {
    maxBlock = std::max(maxBlock, S.rowBlockSize(i));
    if (S.diagonalBlock(i) < 0) {  // cannot happen with a positive diagonal
      result.status = SolverStatus::Failed;
      result.message = "bgs: block row " + std::to_string(i) + " has no diagonal block";
      lcp_detail::finish(problem, z, w, options, result, "sweeps");
      return result;
    }
  }
  const Index* rowPointer = S.rowPointer().data();
  const Index* columnIndex = S.columnIndex().data();
  const double* values = S.values().data();
  ws.reserve(maxBlock, n);
  LocalSolver& local = ws.local;
  Eigen::VectorXd& r = ws.r;
  Eigen::VectorXd& zOld = ws.zOld;
  Eigen::VectorXd& znew = ws.znew;
  const double omega = options.relaxation;
  const double scale = lcp_detail::errorScale(q);
  double threshold = options.tolerance;
  result.status = SolverStatus::MaxIterations;
  for (int k = 1; k <= options.maxIterations; ++k) {
    double est2 = 0.0;
    for (Index i = 0; i < nb; ++i) {
      const Index off = S.rowBlockOffset(i);
      const Index b = S.rowBlockSize(i);
      const double* dv = values + S.blockOffset(S.diagonalBlock(i));
      // r_i = q_i + Σ_{j≠i} M_ij z_j (same arithmetic as
      // SparseBlockMatrix::multiplyRowBlockSkipDiagonal, inlined: this is the hot loop).
      for (Index c = 0; c < b; ++c) r[c] = q[off + c];
      for (Index kk = rowPointer[i]; kk < rowPointer[i + 1]; ++kk) {
        const Index j = columnIndex[kk];
        if (j == i) continue;
        const Index nc = S.colBlockSize(j);
        const double* zj = z.data() + S.colBlockOffset(j);
        const double* blk = values + S.blockOffset(kk);
        for (Index cc = 0; cc < nc; ++cc) {
          const double xc = zj[cc];
          const double* col = blk + cc * b;
          for (Index rr = 0; rr < b; ++rr) r[rr] += col[rr] * xc;
        }
      }
      if (b == 1) {  // scalar row: closed form, as PGS with the exact 1-D solve
        const double zo = z[off];
        const double e = std::min(zo, dv[0] * zo + r[0]);
        est2 += e * e;
        const double zl = std::max(0.0, -r[0] / dv[0]);
        const double zr = omega == 1.0 ? zl : zo + omega * (zl - zo);
        z[off] = zr > 0.0 ? zr : 0.0;
        continue;
      }
      const Eigen::Map<const Eigen::MatrixXd> Aii(dv, b, b);
      const auto ri = r.head(b);
      auto zi = z.segment(off, b);
      auto zo = zOld.head(b);
      zo = zi;
      // Error estimate: min(z_i, w_i) at the point being updated.
      for (Index c = 0; c < b; ++c) {
        const double e = std::min(zo[c], Aii.row(c).dot(zo) + ri[c]);
        est2 += e * e;
      }
      auto zn = znew.head(b);
      zn = zo;
      local.solve(Aii, ri, zn);
      if (omega == 1.0) {
        zi = zn;
      } else {
        zi = (zo + omega * (zn - zo)).cwiseMax(0.0);
      }
    }
    result.iterations = k;
    const double estimate = std::sqrt(est2) / scale;
    if (lcp_detail::endOfSweep("bgs", k, estimate, threshold, problem, z, w, options, result))
      break;
  }
  if (result.status == SolverStatus::MaxIterations) {
    result.message = "sweep budget of " + std::to_string(options.maxIterations) + " exhausted";
  }
  lcp_detail::finish(problem, z, w, options, result, "sweeps");
  return result;
}

}  // namespace lcp_detail

}  // namespace moreau::numerics
