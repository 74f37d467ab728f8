// Semismooth Newton engine, see docs/numerics/mlcp.md ("newton-fb") and
// docs/numerics/relay.md ("newton").
#include "SemismoothNewton.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace moreau::numerics::mlcp_detail {

namespace {

using Index = Eigen::Index;

// Line search: Armijo constant, backtracking factor, max backtracks.
constexpr double kSigma = 1e-4;
constexpr double kBeta = 0.5;
constexpr int kMaxBacktracks = 40;
// ψ must decrease by this relative amount within kStallWindow iterations.
constexpr double kStallDecrease = 1e-6;
constexpr int kStallWindow = 50;
// Above this size a non-dense M is factorized with a sparse LU.
constexpr Index kDenseLimit = 300;

// Linear solver for J = diag(a) + diag(b) M with a fixed sparsity pattern.
class JacobianSolver {
 public:
  JacobianSolver(const Matrix& M, Index n) : n_(n), dense_(M.isDense() || n <= kDenseLimit) {
    if (dense_) {
      Md_ = M.toDense();
      J_.resize(n, n);
      lu_ = Eigen::PartialPivLU<Eigen::MatrixXd>(n);
    } else {
      const Eigen::SparseMatrix<double> S = M.toSparse();
      std::vector<Eigen::Triplet<double>> t;
      t.reserve(static_cast<std::size_t>(S.nonZeros() + n));
      for (Index j = 0; j < S.outerSize(); ++j)
        for (Eigen::SparseMatrix<double>::InnerIterator it(S, j); it; ++it)
          t.emplace_back(it.row(), j, it.value());
      for (Index i = 0; i < n; ++i) t.emplace_back(i, i, 0.0);  // structural diagonal
      Ms_.resize(n, n);
      Ms_.setFromTriplets(t.begin(), t.end());
      Ms_.makeCompressed();
      Js_ = Ms_;
      slu_.analyzePattern(Js_);
    }
  }

  /// Factorizes J; false when singular.
  bool factorize(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    if (dense_) {
      J_.noalias() = b.asDiagonal() * Md_;
      J_.diagonal() += a;
      lu_.compute(J_);
      return true;  // singularity shows up as a non-finite or inaccurate solution
    }
    const double* mv = Ms_.valuePtr();
    double* jv = Js_.valuePtr();
    for (Index j = 0; j < n_; ++j) {
      for (Index k = Ms_.outerIndexPtr()[j]; k < Ms_.outerIndexPtr()[j + 1]; ++k) {
        const Index i = Ms_.innerIndexPtr()[k];
        jv[k] = b[i] * mv[k] + (i == j ? a[i] : 0.0);
      }
    }
    slu_.factorize(Js_);
    return slu_.info() == Eigen::Success;
  }

  void solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& x) {
    if (dense_) {
      x = lu_.solve(rhs);
    } else {
      x = slu_.solve(rhs);
    }
  }

  /// y = J x.
  void apply(const Eigen::VectorXd& a, const Eigen::VectorXd& b, const Eigen::VectorXd& x,
             Eigen::VectorXd& y) const {
    if (dense_) {
      y.noalias() = J_ * x;
    } else {
      y.noalias() = Ms_ * x;
      y = y.cwiseProduct(b) + a.cwiseProduct(x);
    }
  }

  /// y = Jᵀ x.
  void applyTranspose(const Eigen::VectorXd& a, const Eigen::VectorXd& b, const Eigen::VectorXd& x,
                      Eigen::VectorXd& y, Eigen::VectorXd& tmp) const {
    tmp = b.cwiseProduct(x);
    if (dense_) {
      y.noalias() = Md_.transpose() * tmp;
    } else {
      y.noalias() = Ms_.transpose() * tmp;
    }
    y += a.cwiseProduct(x);
  }

 private:
  Index n_;
  bool dense_;
  Eigen::MatrixXd Md_;
  Eigen::MatrixXd J_;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
  Eigen::SparseMatrix<double> Ms_;
  Eigen::SparseMatrix<double> Js_;
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> slu_;
};

}  // namespace

SolverResult semismoothNewton(const Matrix& M, const Eigen::VectorXd& q, Eigen::VectorXd& z,
                              const SolverOptions& options, const char* name,
                              const NewtonResidual& residual, const NewtonError& error) {
  SolverResult result;
  result.solver = name;
  const Index n = q.size();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  if (n == 0) {
    result.status = SolverStatus::Converged;
    return result;
  }

  JacobianSolver jac(M, n);
  Eigen::VectorXd w(n), phi(n), a(n), b(n), d(n), grad(n), tmp(n), Jd(n), Mdir(n);
  Eigen::VectorXd zt(n), wt(n), phit(n), at(n), bt(n);

  w = q;
  M.multiply(z, w, 1.0, 1.0);
  residual(z, w, phi, a, b);
  double psi = 0.5 * phi.squaredNorm();
  double err = error(z);
  double bestPsi = psi;
  int bestAt = 0;
  result.status = SolverStatus::MaxIterations;
  if (err <= options.tolerance) {
    result.status = SolverStatus::Converged;
    return result;
  }
  for (int k = 1; k <= options.maxIterations; ++k) {
    result.iterations = k;
    const bool factored = jac.factorize(a, b);
    jac.applyTranspose(a, b, phi, grad, tmp);
    bool newton = false;
    if (factored) {
      jac.solve(-phi, d);
      if (d.allFinite()) {
        jac.apply(a, b, d, Jd);
        const double resid = (Jd + phi).norm();
        const double slope = grad.dot(d);
        newton = resid <= 1e-8 * (1.0 + phi.norm()) && slope < 0.0;
      }
    }
    bool accepted = false;
    for (int attempt = 0; attempt < 2 && !accepted; ++attempt) {
      if (!newton) d = -grad;
      const double slope = grad.dot(d);
      if (!(slope < 0.0)) break;
      M.multiply(d, Mdir);
      double t = 1.0;
      for (int ls = 0; ls < kMaxBacktracks; ++ls, t *= kBeta) {
        zt = z + t * d;
        wt = w + t * Mdir;
        residual(zt, wt, phit, at, bt);
        const double psit = 0.5 * phit.squaredNorm();
        const bool ok =
            newton ? psit <= (1.0 - 2.0 * kSigma * t) * psi : psit <= psi + kSigma * t * slope;
        if (ok && std::isfinite(psit)) {
          accepted = true;
          z.swap(zt);
          w.swap(wt);
          phi.swap(phit);
          a.swap(at);
          b.swap(bt);
          psi = psit;
          break;
        }
      }
      if (!accepted && newton)
        newton = false;  // retry along the gradient
      else if (!accepted)
        break;
    }
    if (!accepted) {
      result.status = SolverStatus::Failed;
      result.message = "line search failed at iteration " + std::to_string(k) +
                       " (stationary point of the merit function, ½‖Φ‖² = " + std::to_string(psi) +
                       ")";
      break;
    }
    // Recompute w from scratch now and then to avoid drift of the update w + t M d.
    if (k % 16 == 0) {
      w = q;
      M.multiply(z, w, 1.0, 1.0);
      residual(z, w, phi, a, b);
      psi = 0.5 * phi.squaredNorm();
    }
    err = error(z);
    if (options.verbosity >= 2) {
      std::cerr << name << ": iteration " << k << (newton ? " newton" : " gradient") << ", error "
                << err << ", merit " << psi << '\n';
    }
    if (!std::isfinite(err)) {
      result.status = SolverStatus::Failed;
      result.message = "iterates diverged at iteration " + std::to_string(k);
      break;
    }
    if (err <= options.tolerance) {
      result.status = SolverStatus::Converged;
      break;
    }
    if (psi < (1.0 - kStallDecrease) * bestPsi) {
      bestPsi = psi;
      bestAt = k;
    } else if (k - bestAt >= kStallWindow) {
      result.status = SolverStatus::Failed;
      result.message = "stalled: the merit ½‖Φ‖² = " + std::to_string(psi) +
                       " did not decrease in " + std::to_string(kStallWindow) + " iterations";
      break;
    }
  }
  if (result.status == SolverStatus::MaxIterations) {
    result.message = "iteration budget of " + std::to_string(options.maxIterations) + " exhausted";
  }
  return result;
}

}  // namespace moreau::numerics::mlcp_detail
