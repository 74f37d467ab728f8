// Lexicographic Lemke method, see docs/numerics/lcp.md ("Lemke").
//
// Tableau (column-major, n rows, 2n+2 columns), with the identity basis of w:
//   A0 = [ I | -M | -e | q ]    columns: w_0..w_{n-1}, z_0..z_{n-1}, z0 (artificial), rhs.
// After pivots the tableau is T = B⁻¹ A0 (B the basis matrix, the columns of
// A0 of the basic variables); its w-columns are B⁻¹, used by the lexicographic
// minimum-ratio test (rows (rhs_i, B⁻¹_i) / a_i compared lexicographically).
//
// Degeneracy and round-off (docs/numerics/lcp.md, "Degeneracy and accuracy"):
//  - noise model: T_ij = β_i · A0_j (β_i row i of B⁻¹) carries a rounding error
//    of about ε ρ_i c_j with ρ_i = max_k |β_ik| and c_j = ‖A0_j‖₁. Every
//    comparison of the ratio test (pivot > 0, ratio ties, lexicographic ties)
//    uses kNoise ρ_i c_j as its tolerance, so the tests are invariant under a
//    scaling of the rows and columns of the data;
//  - a basic value below minus kDriftFactor times its noise, or every
//    max(2n, kMinRefactorPeriod) pivots, the tableau is recomputed from A0 by
//    an LU factorization of B (refactorization); basic values within the noise
//    below zero are set to zero;
//  - at the end the final complementary basis system B x = q is solved by LU
//    (polish) and the better of the two answers (Siconos error) is returned.
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

// Relative size of the rounding noise of a tableau entry (about 4.5e4 ε).
constexpr double kNoise = 1e-11;
// A basic value below −kDriftFactor × its noise triggers a refactorization.
constexpr double kDriftFactor = 1e3;
// Refactorization period: max(2n, kMinRefactorPeriod) pivots.
constexpr Index kMinRefactorPeriod = 64;
// At most this many sweeps of the equilibration.
constexpr int kEquilibrationSweeps = 8;
// A basis whose LU reciprocal condition estimate is below this is not used
// to recompute the tableau (the updated tableau is kept).
constexpr double kMinRcond = 1e-14;

class LemkeTableau {
 public:
  // The arrays live in the caller's workspace: resize() is a no-op when the
  // size did not change, so repeated calls allocate nothing.
  LemkeTableau(const Matrix& M, const Eigen::VectorXd& q, LcpWorkspace& ws)
      : n_(q.size()), ws_(ws), t_(ws.tableau), a0_(ws.original), basis_(ws.basis) {
    a0_.resize(n_, 2 * n_ + 2);
    a0_.setZero();
    a0_.leftCols(n_).setIdentity();
    switch (M.storage()) {
      case Matrix::Storage::Dense:
        a0_.middleCols(n_, n_) = -M.dense();
        break;
      case Matrix::Storage::Sparse: {
        const auto& s = M.sparse();
        for (Index j = 0; j < s.outerSize(); ++j) {
          for (Eigen::SparseMatrix<double>::InnerIterator it(s, j); it; ++it) {
            a0_(it.row(), n_ + j) = -it.value();
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
            a0_.block(r0, n_ + c0, blk.rows(), blk.cols()) = -blk;
          }
        }
        break;
      }
    }
    equilibrate();
    a0_.col(z0()).setConstant(-1.0);
    a0_.col(rhs()) = ws.rowEquilibration.cwiseProduct(q);
    t_ = a0_;
    ws.pivotRow.resize(2 * n_ + 2);
    ws.pivotColumn.resize(n_);
    ws.columnScale.resize(2 * n_ + 2);
    for (Index j = 0; j < 2 * n_ + 2; ++j) ws.columnScale[j] = a0_.col(j).cwiseAbs().sum();
    ws.rowScale.resize(n_);
    ws.basisMatrix.resize(n_, n_);
    ws.basicValues.resize(n_);
    basis_.resize(static_cast<size_t>(n_));
    for (Index i = 0; i < n_; ++i) basis_[static_cast<size_t>(i)] = i;
    ws.candidates.reserve(static_cast<size_t>(n_));
  }

  Index z0() const { return 2 * n_; }
  Index rhs() const { return 2 * n_ + 1; }
  Index complement(Index v) const { return v < n_ ? v + n_ : v - n_; }
  Index basic(Index row) const { return basis_[static_cast<size_t>(row)]; }
  int pivotsSinceRefactor() const { return sinceRefactor_; }
  int refactorizations() const { return refactorizations_; }

  /// Row of the most negative (equilibrated) q; among ties the largest index
  /// is the lexicographic choice (rows (q_i, e_i)).
  Index initialRow() const {
    const auto q = a0_.col(rhs());
    Index r = 0;
    for (Index i = 1; i < n_; ++i) {
      if (q[i] <= q[r]) r = i;
    }
    return r;
  }

  /// Gauss–Jordan pivot on (r, c); returns the variable that left the basis.
  Index pivot(Index r, Index c) {
    Eigen::RowVectorXd& rowR = ws_.pivotRow;
    Eigen::VectorXd& colC = ws_.pivotColumn;
    const double p = t_(r, c);
    rowR = t_.row(r) / p;
    colC = t_.col(c);
    colC[r] = 0.0;
    const Index m = t_.cols();
    for (Index j = 0; j < m; ++j) {
      const double f = rowR[j];
      if (f != 0.0) t_.col(j).noalias() -= f * colC;
    }
    t_.row(r) = rowR;
    t_.col(c).setZero();  // exact unit column of the entering variable
    t_(r, c) = 1.0;
    const Index leaving = basis_[static_cast<size_t>(r)];
    basis_[static_cast<size_t>(r)] = c;
    ++sinceRefactor_;
    return leaving;
  }

  /// Factorizes the current basis matrix (columns of A0 of the basic
  /// variables); false when it is numerically singular.
  bool factorizeBasis() {
    for (Index i = 0; i < n_; ++i) ws_.basisMatrix.col(i) = a0_.col(basic(i));
    ws_.basisLu.compute(ws_.basisMatrix);
    const double rc = ws_.basisLu.rcond();
    return std::isfinite(rc) && rc >= kMinRcond;
  }

  /// Recomputes T = B⁻¹ A0 from the original data. Returns false (tableau
  /// kept) when the basis is numerically singular.
  bool refactor() {
    sinceRefactor_ = 0;
    if (!factorizeBasis()) return false;
    t_ = ws_.basisLu.solve(a0_);
    ++refactorizations_;
    return true;
  }

  /// The basic values B⁻¹ q of the current basis by LU, written to z (the
  /// artificial z0 dropped, values within the noise below 0 set to 0). False
  /// when the basis is numerically singular or the values are not finite.
  bool polishedSolution(Eigen::VectorXd& z) {
    if (!factorizeBasis()) return false;
    ws_.basicValues = ws_.basisLu.solve(a0_.col(rhs()));
    if (!ws_.basicValues.allFinite()) return false;
    z.setZero(n_);
    for (Index i = 0; i < n_; ++i) {
      const Index v = basic(i);
      if (v >= n_ && v < 2 * n_) {
        z[v - n_] = ws_.columnEquilibration[v - n_] * std::max(ws_.basicValues[i], 0.0);
      }
    }
    return true;
  }

  enum : Index { kRay = -1, kDrift = -2 };

  /// Lexicographic minimum-ratio row for entering column c, kRay when no
  /// entry is a usable pivot, kDrift when a basic value is negative beyond
  /// the noise (the caller refactorizes and calls again).
  Index ratioTest(Index c) {
    const auto a = t_.col(c);
    auto b = t_.col(rhs());
    Eigen::VectorXd& rho = ws_.rowScale;
    rho = t_.leftCols(n_).cwiseAbs().rowwise().maxCoeff();
    const double cc = ws_.columnScale[c];
    const double cq = ws_.columnScale[rhs()];
    for (Index i = 0; i < n_; ++i) {
      if (b[i] < 0.0) {
        if (sinceRefactor_ > 0 && b[i] < -kDriftFactor * kNoise * rho[i] * cq) return kDrift;
        b[i] = 0.0;  // round-off of a degenerate basic value
      }
    }
    const auto usable = [&](Index i) { return a[i] > kNoise * rho[i] * cc && a[i] > 0.0; };
    // Ratio noise: (δb_i + θ_i δa_i) / a_i.
    const auto ratioNoise = [&](Index i, double theta) {
      return kNoise * rho[i] * (cq + theta * cc) / a[i];
    };
    Index iMin = -1;
    double thetaMin = std::numeric_limits<double>::infinity();
    for (Index i = 0; i < n_; ++i) {
      if (usable(i) && b[i] / a[i] < thetaMin) {
        thetaMin = b[i] / a[i];
        iMin = i;
      }
    }
    if (iMin < 0 || !std::isfinite(thetaMin)) return kRay;
    const double noiseMin = ratioNoise(iMin, thetaMin);
    std::vector<Index>& cand = ws_.candidates;
    cand.clear();
    for (Index i = 0; i < n_; ++i) {
      if (!usable(i)) continue;
      const double theta = b[i] / a[i];
      if (theta <= thetaMin + noiseMin + ratioNoise(i, theta)) {
        if (basic(i) == z0()) return i;  // let z0 leave whenever it may: termination
        cand.push_back(i);
      }
    }
    // Lexicographic refinement over the columns of B⁻¹ (c_k = 1 for the w columns).
    for (Index k = 0; k < n_ && cand.size() > 1; ++k) {
      const auto bk = t_.col(k);
      const auto noise = [&](Index i) {
        return kNoise * rho[i] * (1.0 + std::abs(bk[i] / a[i]) * cc) / a[i];
      };
      Index best = cand.front();
      for (Index i : cand) {
        if (bk[i] / a[i] < bk[best] / a[best]) best = i;
      }
      const double vBest = bk[best] / a[best];
      const double nBest = noise(best);
      cand.erase(std::remove_if(cand.begin(), cand.end(),
                                [&](Index i) { return bk[i] / a[i] > vBest + nBest + noise(i); }),
                 cand.end());
    }
    // Numerically still tied: take the largest pivot.
    Index best = cand.front();
    for (Index i : cand) {
      if (a[i] > a[best]) best = i;
    }
    return best;
  }

  /// z from the current tableau (the artificial z0 is dropped).
  void extract(Eigen::VectorXd& z) const {
    z.setZero(n_);
    for (Index i = 0; i < n_; ++i) {
      const Index v = basic(i);
      if (v >= n_ && v < 2 * n_) {
        z[v - n_] = ws_.columnEquilibration[v - n_] * std::max(t_(i, rhs()), 0.0);
      }
    }
  }

 private:
  /// Two-sided Ruiz equilibration of the −M block of A0 by powers of two
  /// (exact): −M ← −R M C, so that every row and column has a largest entry
  /// in [1/2, 2]. The tableau then solves LCP(R M C, R q) (z = C z̃), which is
  /// Lemke on LCP(M, q) with the covering vector R⁻¹e.
  void equilibrate() {
    Eigen::VectorXd& r = ws_.rowEquilibration;
    Eigen::VectorXd& c = ws_.columnEquilibration;
    r.setOnes(n_);
    c.setOnes(n_);
    auto block = a0_.middleCols(n_, n_);
    const auto factor = [](double maxAbs) {
      if (!(maxAbs > 0.0) || !std::isfinite(maxAbs)) return 1.0;
      return std::exp2(std::round(-0.5 * std::log2(maxAbs)));
    };
    for (int sweep = 0; sweep < kEquilibrationSweeps; ++sweep) {
      bool changed = false;
      for (Index i = 0; i < n_; ++i) {
        const double f = factor(block.row(i).cwiseAbs().maxCoeff());
        if (f != 1.0) {
          block.row(i) *= f;
          r[i] *= f;
          changed = true;
        }
      }
      for (Index j = 0; j < n_; ++j) {
        const double f = factor(block.col(j).cwiseAbs().maxCoeff());
        if (f != 1.0) {
          block.col(j) *= f;
          c[j] *= f;
          changed = true;
        }
      }
      if (!changed) break;
    }
  }

  Index n_;
  LcpWorkspace& ws_;
  Eigen::MatrixXd& t_;
  Eigen::MatrixXd& a0_;
  std::vector<Index>& basis_;
  int sinceRefactor_ = 0;
  int refactorizations_ = 0;
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
  const int period = static_cast<int>(std::max<Index>(2 * n, kMinRefactorPeriod));
  // Initial pivot: z0 enters, the row of the most negative q leaves; among
  // ties the largest index is the lexicographic choice (rows (q_i, e_i)).
  Index r = tab.initialRow();
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
    if (tab.pivotsSinceRefactor() >= period) tab.refactor();
    r = tab.ratioTest(entering);
    if (r == LemkeTableau::kDrift) {
      const bool ok = tab.refactor();
      if (options.verbosity >= 2) {
        std::cerr << "lemke: pivot " << result.iterations << ": drift, refactorization"
                  << (ok ? "" : " skipped (singular basis)") << '\n';
      }
      r = tab.ratioTest(entering);
    }
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
  if (result.status == SolverStatus::Converged) {
    // Polish: solve the final complementary basis system; keep the better answer.
    Eigen::VectorXd& polished = workspace.pivotColumn;
    if (tab.polishedSolution(polished)) {
      const double before = lcpComputeError(problem, z, w);
      const double after = lcpComputeError(problem, polished, w);
      if (after <= before || !std::isfinite(before)) z = polished;
      if (options.verbosity >= 2) {
        std::cerr << "lemke: polish: error " << before << " (tableau) vs " << after
                  << " (basis solve, rcond " << workspace.basisLu.rcond() << ")\n";
      }
    } else if (options.verbosity >= 2) {
      std::cerr << "lemke: polish skipped (singular final basis)\n";
    }
    result.message.clear();
  }
  if (options.verbosity >= 2) {
    std::cerr << "lemke: " << tab.refactorizations() << " refactorizations\n";
  }
  lcp_detail::finish(problem, z, w, options, result, "pivots");
  return result;
}

}  // namespace moreau::numerics
