#pragma once
// Internal (not installed): the block Gauss–Seidel kernel of "bgs" and its
// reusable workspace, shared by lcpBlockGaussSeidel and LcpSolver.

#include "LcpCommon.hpp"

#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <vector>

namespace moreau::numerics::lcp_detail {

using Index = Eigen::Index;

constexpr Index kEnumerationMaxBlock = 4;
constexpr int kInnerSweeps = 100;

// Exact solution of the local LCP (A, r), A b x b, into x (warm start in x).
// Work arrays come from the caller. Returns false when A has a non-positive
// diagonal entry and no basis worked.
class LocalSolver {
 public:
  LocalSolver() = default;
  explicit LocalSolver(Index maxBlock) { resize(maxBlock); }
  /// Work arrays for blocks up to maxBlock (no allocation when already that size).
  void resize(Index maxBlock) {
    const Index e = std::min(maxBlock, kEnumerationMaxBlock);
    if (lu_.rows() != e) lu_.resize(e, e);
    if (rhs_.size() != e) rhs_.resize(e);
    if (trial_.size() != maxBlock) trial_.resize(maxBlock);
    idx_.resize(static_cast<size_t>(e));
  }

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

/// Work arrays of "bgs" for one sparse-block pattern (no allocation after
/// reserve() while the largest block size does not grow).
struct BgsWorkspace {
  LocalSolver local;
  Eigen::VectorXd r, zOld, znew, diag;
  void reserve(Index maxBlock, Index n) {
    local.resize(maxBlock);
    if (r.size() != maxBlock) r.resize(maxBlock);
    if (zOld.size() != maxBlock) zOld.resize(maxBlock);
    if (znew.size() != maxBlock) znew.resize(maxBlock);
    if (diag.size() != n) diag.resize(n);
  }
};

/// "bgs" on the sparse-block S (square diagonal blocks, the problem's M or a
/// re-blocked copy of it): positive-diagonal check, sweeps, finish. z of size n.
SolverResult blockGaussSeidel(const LinearComplementarityProblem& problem,
                              const SparseBlockMatrix& S, Eigen::VectorXd& z, Eigen::VectorXd& w,
                              const SolverOptions& options, BgsWorkspace& ws);

}  // namespace moreau::numerics::lcp_detail
