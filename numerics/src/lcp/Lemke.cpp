// Lexicographic Lemke method, see docs/numerics/lcp.md ("Lemke").
//
// Tableau (column-major, n rows, 2n+2 columns), with the identity basis of w:
//   [ I | -M | -e | q ]     columns: w_0..w_{n-1}, z_0..z_{n-1}, z0 (artificial), rhs.
// The w-columns of the current tableau are B^{-1}, used by the lexicographic
// minimum-ratio test (rows (rhs_i, B^{-1}_i) / a_i compared lexicographically).
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

// Relative tolerances (see docs/numerics/lcp.md, "Lemke"): an entry of the
// entering column is a usable pivot when it exceeds kPivotTol times the largest
// magnitude of that column; two ratios tie when they differ by less than
// kTieTol times the ratio scale.
constexpr double kPivotTol = 1e-12;
constexpr double kTieTol = 1e-12;

class LemkeTableau {
 public:
  // The tableau lives in the caller's workspace: resize() is a no-op when the
  // size did not change, so repeated calls allocate nothing.
  LemkeTableau(const Matrix& M, const Eigen::VectorXd& q, LcpWorkspace& ws)
      : n_(q.size()),
        t_(ws.tableau),
        rowR_(ws.pivotRow),
        colC_(ws.pivotColumn),
        basis_(ws.basis),
        candidates_(ws.candidates) {
    t_.resize(n_, 2 * n_ + 2);
    rowR_.resize(2 * n_ + 2);
    colC_.resize(n_);
    basis_.resize(static_cast<size_t>(n_));
    t_.setZero();
    t_.leftCols(n_).setIdentity();
    switch (M.storage()) {
      case Matrix::Storage::Dense:
        t_.middleCols(n_, n_) = -M.dense();
        break;
      case Matrix::Storage::Sparse: {
        const auto& s = M.sparse();
        for (Index j = 0; j < s.outerSize(); ++j) {
          for (Eigen::SparseMatrix<double>::InnerIterator it(s, j); it; ++it) {
            t_(it.row(), n_ + j) = -it.value();
          }
        }
        break;
      }
      case Matrix::Storage::SparseBlock: {
        const auto& b = M.sparseBlock();
        for (Index i = 0; i < b.blockRows(); ++i) {
          const Index r0 = b.rowBlockOffset(i);
          for (Index k = b.rowPointer()[static_cast<size_t>(i)];
               k < b.rowPointer()[static_cast<size_t>(i) + 1]; ++k) {
            const Index c0 = b.colBlockOffset(b.columnIndex()[static_cast<size_t>(k)]);
            const auto blk = b.block(k);
            t_.block(r0, n_ + c0, blk.rows(), blk.cols()) = -blk;
          }
        }
        break;
      }
    }
    t_.col(z0()).setConstant(-1.0);
    t_.col(rhs()) = q;
    for (Index i = 0; i < n_; ++i) basis_[static_cast<size_t>(i)] = i;
    candidates_.reserve(static_cast<size_t>(n_));
  }

  Index z0() const { return 2 * n_; }
  Index rhs() const { return 2 * n_ + 1; }
  Index complement(Index v) const { return v < n_ ? v + n_ : v - n_; }
  Index basic(Index row) const { return basis_[static_cast<size_t>(row)]; }

  /// Gauss–Jordan pivot on (r, c); returns the variable that left the basis.
  Index pivot(Index r, Index c) {
    const double p = t_(r, c);
    rowR_ = t_.row(r) / p;
    colC_ = t_.col(c);
    colC_[r] = 0.0;
    const Index m = t_.cols();
    for (Index j = 0; j < m; ++j) {
      const double f = rowR_[j];
      if (f != 0.0) t_.col(j).noalias() -= f * colC_;
    }
    t_.row(r) = rowR_;
    const Index leaving = basis_[static_cast<size_t>(r)];
    basis_[static_cast<size_t>(r)] = c;
    return leaving;
  }

  /// Lexicographic minimum-ratio row for entering column c, or -1 (ray).
  Index ratioTest(Index c) {
    const auto a = t_.col(c);
    const double colMax = a.cwiseAbs().maxCoeff();
    if (!(colMax > 0.0) || !std::isfinite(colMax)) return -1;
    const double pivTol = kPivotTol * colMax;
    const auto b = t_.col(rhs());
    double thetaMin = std::numeric_limits<double>::infinity();
    for (Index i = 0; i < n_; ++i) {
      if (a[i] > pivTol) thetaMin = std::min(thetaMin, b[i] / a[i]);
    }
    if (!std::isfinite(thetaMin)) return -1;
    const double scale = std::max(std::abs(thetaMin), b.cwiseAbs().maxCoeff() / colMax);
    const double tie = kTieTol * scale;
    candidates_.clear();
    for (Index i = 0; i < n_; ++i) {
      if (a[i] > pivTol && b[i] / a[i] <= thetaMin + tie) {
        if (basic(i) == z0()) return i;  // let z0 leave whenever it may: termination
        candidates_.push_back(i);
      }
    }
    // Lexicographic refinement over the columns of B^{-1} (the w-columns).
    for (Index k = 0; k < n_ && candidates_.size() > 1; ++k) {
      const auto bk = t_.col(k);
      double rhoMin = std::numeric_limits<double>::infinity();
      double rhoScale = 0.0;
      for (Index i : candidates_) {
        const double rho = bk[i] / a[i];
        rhoMin = std::min(rhoMin, rho);
        rhoScale = std::max(rhoScale, std::abs(rho));
      }
      const double tk = kTieTol * std::max(rhoScale, 1.0 / colMax);
      candidates_.erase(std::remove_if(candidates_.begin(), candidates_.end(),
                                       [&](Index i) { return bk[i] / a[i] > rhoMin + tk; }),
                        candidates_.end());
    }
    // Numerically still tied: take the largest pivot.
    Index best = candidates_.front();
    for (Index i : candidates_) {
      if (a[i] > a[best]) best = i;
    }
    return best;
  }

  /// z from the current basis (the artificial z0 is dropped).
  void extract(Eigen::VectorXd& z) const {
    z.setZero(n_);
    for (Index i = 0; i < n_; ++i) {
      const Index v = basic(i);
      if (v >= n_ && v < 2 * n_) z[v - n_] = t_(i, rhs());
    }
  }

 private:
  Index n_;
  Eigen::MatrixXd& t_;
  Eigen::RowVectorXd& rowR_;
  Eigen::VectorXd& colC_;
  std::vector<Index>& basis_;
  std::vector<Index>& candidates_;
};

}  // namespace

SolverResult lcpLemke(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  LcpWorkspace workspace;
  return lcpLemke(problem, z, w, options, workspace);
}

SolverResult lcpLemke(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options, LcpWorkspace& workspace) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "lemke";
  const Eigen::VectorXd& q = problem.q();
  const Index n = problem.size();

  // Trivial case q >= 0: z = 0 solves the LCP.
  if (n == 0 || q.minCoeff() >= 0.0) {
    z.setZero(n);
    result.status = SolverStatus::Converged;
    lcp_detail::finish(problem, z, w, options, result, "pivots");
    return result;
  }

  LemkeTableau tab(problem.M(), q, workspace);
  // Initial pivot: z0 enters, the row of the most negative q leaves; among
  // ties the largest index is the lexicographic choice (rows (q_i, e_i)).
  Index r = 0;
  for (Index i = 1; i < n; ++i) {
    if (q[i] <= q[r]) r = i;
  }
  Index leaving = tab.pivot(r, tab.z0());
  result.iterations = 1;
  bool done = false;
  while (!done) {
    if (result.iterations >= options.maxIterations) {
      result.status = SolverStatus::MaxIterations;
      result.message = "pivot budget of " + std::to_string(options.maxIterations) + " exhausted";
      break;
    }
    const Index entering = tab.complement(leaving);
    r = tab.ratioTest(entering);
    if (r < 0) {
      result.status = SolverStatus::Failed;
      result.message =
          "ray termination: no solution found, M may not be copositive-plus / problem "
          "infeasible";
      break;
    }
    leaving = tab.pivot(r, entering);
    ++result.iterations;
    if (options.verbosity >= 2) {
      std::cerr << "lemke: pivot " << result.iterations << ": in " << entering << ", out "
                << leaving << '\n';
    }
    if (leaving == tab.z0()) {
      result.status = SolverStatus::Converged;
      done = true;
    }
  }
  tab.extract(z);
  if (result.status == SolverStatus::Converged) result.message.clear();
  lcp_detail::finish(problem, z, w, options, result, "pivots");
  return result;
}

}  // namespace moreau::numerics
