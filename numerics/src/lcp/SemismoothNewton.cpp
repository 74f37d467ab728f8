// Semismooth Newton methods for the LCP, see docs/numerics/lcp.md ("Newton").
//
// Φ_FB(z)_i = φ(z_i, w_i) with φ(a, b) = a + b − √(a² + b²) (Fischer–Burmeister),
// Φ_min(z)_i = min(z_i, w_i), w = M z + q. Both vanish exactly at the solutions.
// Generalized Jacobian H = D_a + D_b M with, for FB,
//   (D_a)_ii = 1 − z_i/‖(z_i, w_i)‖, (D_b)_ii = 1 − w_i/‖(z_i, w_i)‖, and at a
//   degenerate index (z_i = w_i = 0) the element (1 − 1/√2, 1 − 1/√2) of the
//   B-subdifferential (the limit along z_i = w_i);
// and for min: (D_a, D_b)_ii = (1, 0) when z_i <= w_i, else (0, 1).
// Globalisation (both variants): Armijo backtracking on the Fischer–Burmeister
// merit Ψ = ½‖Φ_FB‖², which is continuously differentiable with
// ∇Ψ = D_aᶠᵇ Φ_FB + Mᵀ D_bᶠᵇ Φ_FB. The Newton direction d (H d = −Φ) is used
// when ∇Ψ·d <= −ρ‖d‖^2.1, otherwise d = −∇Ψ.
// Linear algebra: dense M → PartialPivLU, FullPivLU when U is (nearly)
// singular; sparse or sparse-block M → SuiteSparse KLU through
// SparseLinearSolver, on the pattern of M ∪ diag, whose symbolic analysis is
// done once per call and reused by every iteration (only the numerical
// factorization is redone).
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <Eigen/LU>

#include <cmath>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using SparseMatrix = Eigen::SparseMatrix<double>;

constexpr double kArmijoSigma = 1e-4;
constexpr double kBacktrack = 0.5;
constexpr int kMaxBacktracks = 60;
constexpr double kDescentRho = 1e-8;
constexpr double kDescentPower = 2.1;
constexpr double kDegenerate = 1.0 - 0.70710678118654752440;  // 1 − 1/√2
// H = D_a + D_b M is unsymmetric in general: KLU (SuiteSparse) suits the very
// sparse matrices of mechanical problems.
constexpr SparseSolverKind kSparseSolver = SparseSolverKind::Klu;

enum class Variant { FischerBurmeister, Min };

// φ_FB(a, b), computed without cancellation when a + b > 0.
inline double fb(double a, double b) {
  const double r = std::hypot(a, b);
  const double s = a + b;
  return s > 0.0 ? 2.0 * a * b / (s + r) : s - r;
}

// Linear algebra for one of the storages: products with M and Mᵀ, the
// assembly of H = diag(da) + diag(db) M and the solve H d = rhs.
class DenseBackend {
 public:
  explicit DenseBackend(const Eigen::MatrixXd& M)
      : M_(M), H_(M.rows(), M.cols()), lu_(M.rows()), full_(M.rows(), M.cols()) {}
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y) const { y.noalias() = M_ * x; }
  void multiplyTransposed(const Eigen::VectorXd& x, Eigen::VectorXd& y) const {
    y.noalias() = M_.transpose() * x;
  }
  bool solve(const Eigen::VectorXd& da, const Eigen::VectorXd& db, const Eigen::VectorXd& rhs,
             Eigen::VectorXd& d) {
    H_.noalias() = db.asDiagonal() * M_;
    H_.diagonal() += da;
    lu_.compute(H_);
    const auto u = lu_.matrixLU().diagonal().cwiseAbs();
    const double umax = u.maxCoeff();
    if (umax > 0.0 && u.minCoeff() > 1e-13 * umax) {
      d = lu_.solve(rhs);
      if (d.allFinite()) return true;
    }
    // (Nearly) singular H: complete pivoting, which solves a nonsingular part.
    full_.compute(H_);
    if (full_.rank() == 0) return false;
    d = full_.solve(rhs);
    return d.allFinite();
  }

 private:
  const Eigen::MatrixXd& M_;
  Eigen::MatrixXd H_;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
  Eigen::FullPivLU<Eigen::MatrixXd> full_;
};

class SparseBackend {
 public:
  explicit SparseBackend(SparseMatrix M)
      : M_(std::move(M)), lu_(makeSparseLinearSolver(kSparseSolver)) {
    const Index n = M_.rows();
    SparseMatrix zeroDiagonal(n, n);
    zeroDiagonal.setIdentity();
    zeroDiagonal *= 0.0;
    // Structural union of M and the diagonal; the values are those of M.
    H_ = M_ + zeroDiagonal;
    H_.makeCompressed();
    mValues_.assign(H_.valuePtr(), H_.valuePtr() + H_.nonZeros());
    rowOf_.assign(H_.innerIndexPtr(), H_.innerIndexPtr() + H_.nonZeros());
    diagonalPosition_.assign(static_cast<size_t>(n), -1);
    for (Index j = 0; j < n; ++j) {
      for (Index k = H_.outerIndexPtr()[j]; k < H_.outerIndexPtr()[j + 1]; ++k) {
        if (H_.innerIndexPtr()[k] == j) diagonalPosition_[static_cast<size_t>(j)] = k;
      }
    }
    analysed_ = lu_->analyzePattern(H_);  // symbolic analysis once per call
  }
  /// Values refresh for a pattern-stable M (LcpSolver): M_ entry p takes
  /// source[sourceOf[p]]; the values of H's M part follow. The pattern, and so
  /// the symbolic analysis, are kept.
  void refresh(const double* source, const std::vector<Index>& sourceOf) {
    double* m = M_.valuePtr();
    const Index nnzM = M_.nonZeros();
    for (Index p = 0; p < nnzM; ++p) m[p] = source[sourceOf[static_cast<size_t>(p)]];
    if (mToH_.empty()) {  // position in H_ of every entry of M_ (H_ ⊇ M_ column by column)
      mToH_.resize(static_cast<size_t>(nnzM));
      for (Index j = 0; j < M_.outerSize(); ++j) {
        Index h = H_.outerIndexPtr()[j];
        for (Index p = M_.outerIndexPtr()[j]; p < M_.outerIndexPtr()[j + 1]; ++p) {
          while (H_.innerIndexPtr()[h] != M_.innerIndexPtr()[p]) ++h;
          mToH_[static_cast<size_t>(p)] = h;
        }
      }
    }
    std::fill(mValues_.begin(), mValues_.end(), 0.0);
    for (Index p = 0; p < nnzM; ++p)
      mValues_[static_cast<size_t>(mToH_[static_cast<size_t>(p)])] = m[p];
  }
  int analysisCount() const { return lu_->analysisCount(); }
  const SparseMatrix& M() const { return M_; }
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y) const { y.noalias() = M_ * x; }
  void multiplyTransposed(const Eigen::VectorXd& x, Eigen::VectorXd& y) const {
    y.noalias() = M_.transpose() * x;
  }
  bool solve(const Eigen::VectorXd& da, const Eigen::VectorXd& db, const Eigen::VectorXd& rhs,
             Eigen::VectorXd& d) {
    double* v = H_.valuePtr();
    const size_t nnz = mValues_.size();
    for (size_t k = 0; k < nnz; ++k) v[k] = db[rowOf_[k]] * mValues_[k];
    for (size_t j = 0; j < diagonalPosition_.size(); ++j) {
      v[diagonalPosition_[j]] += da[static_cast<Index>(j)];
    }
    // Same pattern as analysed: factorize() reuses the symbolic analysis.
    if (!analysed_ || !lu_->factorize(H_)) return false;
    return lu_->solve(rhs, d) && d.allFinite();
  }

 private:
  SparseMatrix M_;
  SparseMatrix H_;
  std::vector<double> mValues_;
  std::vector<int> rowOf_;
  std::vector<Index> diagonalPosition_;
  std::vector<Index> mToH_;
  std::unique_ptr<SparseLinearSolver> lu_;
  bool analysed_ = false;
};

template <class Backend>
void newtonLoop(Backend& backend, const LinearComplementarityProblem& problem, Variant variant,
                Eigen::VectorXd& z, Eigen::VectorXd& w, const SolverOptions& options,
                SolverResult& result) {
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  const double scale = lcp_detail::errorScale(q);
  // Work arrays, allocated once per call.
  Eigen::VectorXd phi(n), phiFb(n), da(n), db(n), daFb(n), dbFb(n), grad(n), tmp(n), d(n), md(n),
      zt(n), wt(n);

  backend.multiply(z, w);
  w += q;
  result.status = SolverStatus::MaxIterations;
  while (true) {
    const double error = z.cwiseMin(w).norm() / scale;
    if (options.verbosity >= 2) {
      std::cerr << result.solver << ": iteration " << result.iterations << ", error " << error
                << '\n';
    }
    if (!std::isfinite(error)) {
      result.status = SolverStatus::Failed;
      result.message = "non-finite iterate at iteration " + std::to_string(result.iterations);
      return;
    }
    if (error <= options.tolerance) {
      // Φ allows slightly negative z near the solution: return the projection
      // max(z, 0) when it also meets the tolerance, otherwise keep iterating.
      zt = z.cwiseMax(0.0);
      backend.multiply(zt, wt);
      wt += q;
      if (zt.cwiseMin(wt).norm() / scale <= options.tolerance) {
        z.swap(zt);
        w.swap(wt);
        result.status = SolverStatus::Converged;
        return;
      }
    }
    if (result.iterations >= options.maxIterations) {
      result.message =
          "iteration budget of " + std::to_string(options.maxIterations) + " exhausted";
      return;
    }
    // Fischer–Burmeister residual, its Jacobian coefficients and the merit gradient.
    for (Index i = 0; i < n; ++i) {
      const double a = z[i];
      const double b = w[i];
      const double r = std::hypot(a, b);
      phiFb[i] = fb(a, b);
      if (r > 1e-300) {
        daFb[i] = 1.0 - a / r;
        dbFb[i] = 1.0 - b / r;
      } else {
        daFb[i] = kDegenerate;
        dbFb[i] = kDegenerate;
      }
    }
    const double psi = 0.5 * phiFb.squaredNorm();
    tmp = dbFb.cwiseProduct(phiFb);
    backend.multiplyTransposed(tmp, grad);
    grad += daFb.cwiseProduct(phiFb);

    if (variant == Variant::FischerBurmeister) {
      da = daFb;
      db = dbFb;
      phi = -phiFb;
    } else {
      for (Index i = 0; i < n; ++i) {
        const bool zActive = z[i] <= w[i];
        da[i] = zActive ? 1.0 : 0.0;
        db[i] = zActive ? 0.0 : 1.0;
        phi[i] = -(zActive ? z[i] : w[i]);
      }
    }
    bool gradientStep = false;
    if (!backend.solve(da, db, phi, d) ||
        !(grad.dot(d) <= -kDescentRho * std::pow(d.norm(), kDescentPower))) {
      d = -grad;
      gradientStep = true;
    }
    // Armijo backtracking on Ψ; w is affine in z, so w(z + t d) = w + t M d.
    bool accepted = false;
    while (!accepted) {
      backend.multiply(d, md);
      const double slope = grad.dot(d);
      double t = 1.0;
      for (int m = 0; m < kMaxBacktracks; ++m, t *= kBacktrack) {
        zt = z + t * d;
        wt = w + t * md;
        double psiT = 0.0;
        for (Index i = 0; i < n; ++i) {
          const double f = fb(zt[i], wt[i]);
          psiT += f * f;
        }
        psiT *= 0.5;
        if (psiT <= psi + kArmijoSigma * t * slope) {
          accepted = true;
          break;
        }
      }
      if (accepted || gradientStep) break;
      d = -grad;  // the Newton step failed the line search: try the gradient
      gradientStep = true;
    }
    if (!accepted) {
      result.status = SolverStatus::Failed;
      result.message = "line search failed at iteration " + std::to_string(result.iterations) +
                       ": stationary point of the merit function (the LCP may have no solution, "
                       "or M is not a P0-matrix there)";
      return;
    }
    z.swap(zt);
    backend.multiply(z, w);  // exact w (no drift from the affine update)
    w += q;
    ++result.iterations;
  }
}

SolverResult semismoothNewton(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                              Eigen::VectorXd& w, const SolverOptions& options, Variant variant) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = variant == Variant::FischerBurmeister ? "newton-fb" : "newton-min";
  lcp_detail::sanitizeWarmStart(z, problem.size());
  if (problem.size() > 0) {
    if (problem.M().isDense()) {
      DenseBackend backend(problem.M().dense());
      newtonLoop(backend, problem, variant, z, w, options, result);
    } else {
      SparseBackend backend(problem.M().isSparse() ? problem.M().sparse() : problem.M().toSparse());
      newtonLoop(backend, problem, variant, z, w, options, result);
    }
  }
  lcp_detail::finish(problem, z, w, options, result, "iterations");
  return result;
}

}  // namespace

namespace lcp_detail {

struct NewtonState::Impl {
  std::unique_ptr<SparseBackend> backend;
  std::vector<Index> sbmToCsc;  // CSC entry p of M ← sparse-block value sbmToCsc[p]
};

NewtonState::NewtonState() : impl_(std::make_unique<Impl>()) {}
NewtonState::~NewtonState() = default;
NewtonState::NewtonState(NewtonState&&) noexcept = default;
NewtonState& NewtonState::operator=(NewtonState&&) noexcept = default;

void NewtonState::setup(const SparseBlockMatrix& S) {
  // The CSC pattern of every stored entry (explicit zeros kept, so it depends on
  // the block pattern only). Each triplet carries its value index + 1, which
  // tells afterwards where every sparse-block value lands in the CSC arrays.
  std::vector<Eigen::Triplet<double>> triplets;
  triplets.reserve(static_cast<size_t>(S.nonZeros()));
  for (Index i = 0; i < S.blockRows(); ++i) {
    const Index nr = S.rowBlockSize(i);
    const Index r0 = S.rowBlockOffset(i);
    for (Index k = S.rowPointer()[static_cast<size_t>(i)];
         k < S.rowPointer()[static_cast<size_t>(i) + 1]; ++k) {
      const Index j = S.columnIndex()[static_cast<size_t>(k)];
      const Index c0 = S.colBlockOffset(j);
      for (Index c = 0; c < S.colBlockSize(j); ++c)
        for (Index r = 0; r < nr; ++r)
          triplets.emplace_back(static_cast<int>(r0 + r), static_cast<int>(c0 + c),
                                static_cast<double>(S.blockOffset(k) + c * nr + r + 1));
    }
  }
  SparseMatrix pattern(S.rows(), S.cols());
  pattern.setFromTriplets(triplets.begin(), triplets.end());
  pattern.makeCompressed();
  impl_->sbmToCsc.resize(static_cast<size_t>(pattern.nonZeros()));
  for (Index p = 0; p < pattern.nonZeros(); ++p)
    impl_->sbmToCsc[static_cast<size_t>(p)] = static_cast<Index>(pattern.valuePtr()[p]) - 1;
  impl_->backend = std::make_unique<SparseBackend>(std::move(pattern));
}

int NewtonState::analysisCount() const {
  return impl_->backend ? impl_->backend->analysisCount() : 0;
}

SolverResult NewtonState::solve(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                Eigen::VectorXd& w, const SolverOptions& options,
                                bool fischerBurmeister) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = fischerBurmeister ? "newton-fb" : "newton-min";
  lcp_detail::sanitizeWarmStart(z, problem.size());
  if (problem.size() > 0) {
    impl_->backend->refresh(problem.M().sparseBlock().values().data(), impl_->sbmToCsc);
    newtonLoop(*impl_->backend, problem,
               fischerBurmeister ? Variant::FischerBurmeister : Variant::Min, z, w, options,
               result);
  }
  lcp_detail::finish(problem, z, w, options, result, "iterations");
  return result;
}

}  // namespace lcp_detail

SolverResult lcpNewtonFb(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options) {
  return semismoothNewton(problem, z, w, options, Variant::FischerBurmeister);
}

SolverResult lcpNewtonMin(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                          Eigen::VectorXd& w, const SolverOptions& options) {
  return semismoothNewton(problem, z, w, options, Variant::Min);
}

}  // namespace moreau::numerics
