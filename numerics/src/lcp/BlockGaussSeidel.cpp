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
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

constexpr Index kEnumerationMaxBlock = 4;
constexpr int kInnerSweeps = 100;

// Exact solution of the local LCP (A, r), A b x b, into x (warm start in x).
// Work arrays come from the caller. Returns false when A has a non-positive
// diagonal entry and no basis worked.
class LocalSolver {
 public:
  explicit LocalSolver(Index maxBlock)
      : lu_(std::min(maxBlock, kEnumerationMaxBlock), std::min(maxBlock, kEnumerationMaxBlock)),
        rhs_(std::min(maxBlock, kEnumerationMaxBlock)),
        trial_(maxBlock),
        idx_(static_cast<size_t>(std::min(maxBlock, kEnumerationMaxBlock))) {}

  void solve(const Eigen::Ref<const Eigen::MatrixXd>& A, const Eigen::Ref<const Eigen::VectorXd>& r,
             Eigen::Ref<Eigen::VectorXd> x) {
    const Index b = r.size();
    if (b == 1) {
      const double v = -r[0] / A(0, 0);
      x[0] = v > 0.0 ? v : 0.0;
      return;
    }
    if (b <= kEnumerationMaxBlock && enumerate(A, r, x)) return;
    innerPgs(A, r, x);
  }

 private:
  bool enumerate(const Eigen::Ref<const Eigen::MatrixXd>& A,
                 const Eigen::Ref<const Eigen::VectorXd>& r, Eigen::Ref<Eigen::VectorXd> x) {
    const Index b = r.size();
    unsigned start = 0;
    for (Index i = 0; i < b; ++i) {
      if (x[i] > 0.0) start |= 1u << i;
    }
    const double aScale = A.cwiseAbs().maxCoeff();
    const double rScale = r.cwiseAbs().maxCoeff();
    const unsigned count = 1u << b;
    auto t = trial_.head(b);
    for (unsigned f = 0; f < count; ++f) {
      const unsigned set = start ^ f;
      Index m = 0;
      for (Index i = 0; i < b; ++i) {
        if (set & (1u << i)) idx_[static_cast<size_t>(m++)] = i;
      }
      for (Index c = 0; c < m; ++c) {
        for (Index rr = 0; rr < m; ++rr) {
          lu_(rr, c) = A(idx_[static_cast<size_t>(rr)], idx_[static_cast<size_t>(c)]);
        }
        rhs_[c] = -r[idx_[static_cast<size_t>(c)]];
      }
      if (!luSolve(m, 1e-13 * aScale)) continue;
      t.setZero();
      for (Index c = 0; c < m; ++c) t[idx_[static_cast<size_t>(c)]] = rhs_[c];
      const double tol = 1e-12 * (rScale + aScale * t.cwiseAbs().maxCoeff());
      if (t.minCoeff() < -tol) continue;
      bool ok = true;
      for (Index i = 0; i < b && ok; ++i) {
        if (set & (1u << i)) continue;
        ok = A.row(i).dot(t) + r[i] >= -tol;
      }
      if (!ok) continue;
      x = t.cwiseMax(0.0);
      return true;
    }
    return false;
  }

  bool luSolve(Index m, double tol) {
    for (Index k = 0; k < m; ++k) {
      Index p = k;
      for (Index i = k + 1; i < m; ++i) {
        if (std::abs(lu_(i, k)) > std::abs(lu_(p, k))) p = i;
      }
      if (!(std::abs(lu_(p, k)) > tol)) return false;
      if (p != k) {
        lu_.row(k).head(m).swap(lu_.row(p).head(m));
        std::swap(rhs_[k], rhs_[p]);
      }
      for (Index i = k + 1; i < m; ++i) {
        const double f = lu_(i, k) / lu_(k, k);
        for (Index j = k + 1; j < m; ++j) lu_(i, j) -= f * lu_(k, j);
        rhs_[i] -= f * rhs_[k];
      }
    }
    for (Index k = m - 1; k >= 0; --k) {
      double s = rhs_[k];
      for (Index j = k + 1; j < m; ++j) s -= lu_(k, j) * rhs_[j];
      rhs_[k] = s / lu_(k, k);
    }
    return true;
  }

  static void innerPgs(const Eigen::Ref<const Eigen::MatrixXd>& A,
                       const Eigen::Ref<const Eigen::VectorXd>& r, Eigen::Ref<Eigen::VectorXd> x) {
    const Index b = r.size();
    for (int s = 0; s < kInnerSweeps; ++s) {
      double change = 0.0;
      double size = 0.0;
      for (Index i = 0; i < b; ++i) {
        const double wi = A.row(i).dot(x) + r[i];
        const double v = std::max(0.0, x[i] - wi / A(i, i));
        change = std::max(change, std::abs(v - x[i]));
        size = std::max(size, std::abs(v));
        x[i] = v;
      }
      if (change <= 1e-15 * (1.0 + size)) break;
    }
  }

  Eigen::MatrixXd lu_;
  Eigen::VectorXd rhs_;
  Eigen::VectorXd trial_;
  std::vector<Index> idx_;
};

}  // namespace

SolverResult lcpBlockGaussSeidel(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                 Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "bgs";
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  lcp_detail::sanitizeWarmStart(z, n);

  Eigen::VectorXd diag;
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

  // The sparse-block matrix used for the sweeps: the problem's own when its
  // block rows and columns agree, otherwise a copy made once per call.
  SparseBlockMatrix converted;
  const SparseBlockMatrix* Sp = nullptr;
  const Matrix& M = problem.M();
  if (M.isSparseBlock() && M.sparseBlock().rowBlockSizes() == M.sparseBlock().colBlockSizes()) {
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
  const SparseBlockMatrix& S = *Sp;
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
  // Per block row: scalar offset, size and the values of its diagonal block,
  // looked up once; the sweep then walks the CSR-of-blocks arrays directly.
  std::vector<const double*> diagonalValues(static_cast<size_t>(nb));
  for (Index i = 0; i < nb; ++i) {
    diagonalValues[static_cast<size_t>(i)] = S.values().data() + S.blockOffset(S.diagonalBlock(i));
  }
  const Index* rowPointer = S.rowPointer().data();
  const Index* columnIndex = S.columnIndex().data();
  const double* values = S.values().data();
  LocalSolver local(maxBlock);
  Eigen::VectorXd r(maxBlock);
  Eigen::VectorXd zOld(maxBlock);
  Eigen::VectorXd znew(maxBlock);
  const double omega = options.relaxation;
  const double scale = lcp_detail::errorScale(q);
  double threshold = options.tolerance;
  result.status = SolverStatus::MaxIterations;
  for (int k = 1; k <= options.maxIterations; ++k) {
    double est2 = 0.0;
    for (Index i = 0; i < nb; ++i) {
      const Index off = S.rowBlockOffset(i);
      const Index b = S.rowBlockSize(i);
      const double* dv = diagonalValues[static_cast<size_t>(i)];
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

}  // namespace moreau::numerics
