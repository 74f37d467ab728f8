// Nonsmooth Gauss–Seidel over contacts (FC2D and FC3D), see
// docs/numerics/friction-contact-local.md.

#include "FcStall.hpp"

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

enum class ErrorEvaluation { LightWithFullFinal, Full, Light };

ErrorEvaluation parseEvaluation(const std::string& s) {
  if (s == "full") return ErrorEvaluation::Full;
  if (s == "light") return ErrorEvaluation::Light;
  return ErrorEvaluation::LightWithFullFinal;
}

LocalSolverKind parseLocalSolver(const std::string& s, int dimension) {
  if (s == "ac") return LocalSolverKind::AlartCurnier;
  if (s == "fb") return LocalSolverKind::FischerBurmeister;
  if (s == "projection") return LocalSolverKind::Projection;
  if (s == "quartic") return LocalSolverKind::Quartic;
  return dimension == 2 ? LocalSolverKind::Quartic : LocalSolverKind::AlartCurnier;
}

// Access to the rows of W contact by contact: diagonal blocks and the
// off-diagonal product Σ_{j≠i} W_ij r_j, for the three storages. Everything is
// allocated in the constructor.
template <int D>
class ContactRows {
 public:
  explicit ContactRows(const FrictionContactProblem& problem)
      : W_(problem.W()), nc_(problem.numberOfContacts()) {
    const Eigen::Index n = problem.size();
    diag_.resize(static_cast<std::size_t>(nc_));
    if (W_.isDense()) {
      kind_ = Kind::Dense;
      const Eigen::MatrixXd& A = W_.dense();
      for (Eigen::Index i = 0; i < nc_; ++i)
        diag_[static_cast<std::size_t>(i)] = A.template block<D, D>(D * i, D * i);
    } else if (W_.isSparse()) {
      kind_ = Kind::Sparse;
      rowMajor_ = W_.sparse();
      rowMajor_.makeCompressed();
      for (Eigen::Index i = 0; i < nc_; ++i) {
        FcMatrix<D> B = FcMatrix<D>::Zero();
        for (int a = 0; a < D; ++a)
          for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(rowMajor_, D * i + a);
               it; ++it)
            if (it.col() >= D * i && it.col() < D * i + D) B(a, it.col() - D * i) += it.value();
        diag_[static_cast<std::size_t>(i)] = B;
      }
    } else {
      kind_ = Kind::SparseBlock;
      const SparseBlockMatrix& S = W_.sparseBlock();
      bool aligned = S.blockRows() == nc_ && S.blockCols() == nc_;
      for (Eigen::Index i = 0; aligned && i < nc_; ++i)
        aligned = S.rowBlockSize(i) == D && S.colBlockSize(i) == D;
      if (!aligned) {
        std::vector<Eigen::Index> sizes(static_cast<std::size_t>(nc_), D);
        reblocked_ = W_.toSparseBlock(sizes, sizes);
        sbm_ = &reblocked_;
      } else {
        sbm_ = &S;
      }
      for (Eigen::Index i = 0; i < nc_; ++i) {
        const Eigen::Index k = sbm_->diagonalBlock(i);
        diag_[static_cast<std::size_t>(i)] =
            k >= 0 ? FcMatrix<D>(sbm_->block(k)) : FcMatrix<D>::Zero();
      }
      tmp_.resize(D);
    }
    (void)n;
  }

  const FcMatrix<D>& diagonal(Eigen::Index i) const { return diag_[static_cast<std::size_t>(i)]; }

  /// out = q_i + Σ_{j≠i} W_ij r_j.
  void localQ(Eigen::Index i, const Eigen::VectorXd& q, const Eigen::VectorXd& r,
              FcVector<D>& out) {
    out = q.template segment<D>(D * i);
    const Eigen::Index n = q.size();
    switch (kind_) {
      case Kind::Dense: {
        const Eigen::MatrixXd& A = W_.dense();
        const Eigen::Index left = D * i;
        const Eigen::Index right = n - D * i - D;
        if (left > 0) out.noalias() += A.block(D * i, 0, D, left) * r.head(left);
        if (right > 0) out.noalias() += A.block(D * i, D * i + D, D, right) * r.tail(right);
        break;
      }
      case Kind::Sparse: {
        for (int a = 0; a < D; ++a) {
          double s = 0.0;
          for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(rowMajor_, D * i + a);
               it; ++it)
            if (it.col() < D * i || it.col() >= D * i + D) s += it.value() * r[it.col()];
          out[a] += s;
        }
        break;
      }
      case Kind::SparseBlock: {
        sbm_->multiplyRowBlockSkipDiagonal(i, r, tmp_);
        out += tmp_.template head<D>();
        break;
      }
    }
  }

 private:
  enum class Kind { Dense, Sparse, SparseBlock };
  const Matrix& W_;
  Eigen::Index nc_;
  Kind kind_ = Kind::Dense;
  std::vector<FcMatrix<D>> diag_;
  Eigen::SparseMatrix<double, Eigen::RowMajor> rowMajor_;
  SparseBlockMatrix reblocked_;
  const SparseBlockMatrix* sbm_ = nullptr;
  Eigen::VectorXd tmp_;
};

double finalError(const FrictionContactProblem& problem, const SolverOptions& options,
                  const Eigen::VectorXd& r, Eigen::VectorXd& u) {
  return options.fcTresca ? fcComputeErrorTresca(problem, options.fcTrescaThresholds, r, u)
                          : fcComputeError(problem, r, u);
}

template <int D>
SolverResult nsgsImpl(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                      const SolverOptions& options, const std::string& name) {
  SolverResult result;
  result.solver = name;
  const Eigen::Index nc = problem.numberOfContacts();
  const Eigen::Index n = problem.size();
  if (r.size() != n || !r.allFinite()) r = Eigen::VectorXd::Zero(n);
  u.resize(n);
  if (nc == 0) {
    result.status = SolverStatus::Converged;
    return result;
  }
  ContactRows<D> rows(problem);
  const LocalSolverKind kind = parseLocalSolver(options.fcLocalSolver, D);
  const ErrorEvaluation evaluation = parseEvaluation(options.fcErrorEvaluation);
  LocalSolverOptions local;
  local.tolerance = options.fcLocalTolerance;
  local.maxIterations = options.fcLocalMaxIterations;
  const double omega = options.relaxation;
  const double tol = options.tolerance;

  std::vector<Eigen::Index> order(static_cast<std::size_t>(nc));
  for (Eigen::Index i = 0; i < nc; ++i) order[static_cast<std::size_t>(i)] = i;
  std::vector<int> frozen(static_cast<std::size_t>(nc), 0);
  std::mt19937 generator(options.fcSeed);

  // stall test (options.fcStallWindow): full error every stallStride sweeps, best iterate kept
  const int stallStride = std::max(1, options.fcStallWindow / 10);
  fcdetail::StallDetector stall(options.fcStallWindow, options.fcStallFactor,
                                options.maxIterations / stallStride + 2);
  Eigen::VectorXd best;
  if (stall.enabled()) best.resize(n);
  double bestError = std::numeric_limits<double>::infinity();
  bool stalled = false;
  bool stationary = false;

  double lightTolerance = tol;
  double error = std::numeric_limits<double>::infinity();
  bool haveError = false;
  int sweep = 0;
  FcVector<D> qi;
  for (sweep = 1; sweep <= options.maxIterations; ++sweep) {
    if (options.fcShuffle) {
      // Fisher–Yates with raw mt19937 draws (portable, bitwise reproducible).
      for (std::size_t k = order.size() - 1; k > 0; --k) {
        const std::size_t j = static_cast<std::size_t>(generator() % (k + 1));
        std::swap(order[k], order[j]);
      }
    }
    double diff2 = 0.0;
    bool skipped = false;
    const double freezeThreshold2 =
        options.fcFreezeSweeps > 0
            ? (tol * tol) * std::max(r.squaredNorm(), 1e-300) / static_cast<double>(nc)
            : 0.0;
    for (Eigen::Index k = 0; k < nc; ++k) {
      const Eigen::Index i = order[static_cast<std::size_t>(k)];
      int& fz = frozen[static_cast<std::size_t>(i)];
      if (fz > 0) {
        --fz;
        skipped = true;
        continue;
      }
      rows.localQ(i, problem.q(), r, qi);
      ContactLaw law;
      law.mu = problem.mu()[i];
      if (options.fcTresca) {
        law.tresca = true;
        law.threshold = options.fcTrescaThresholds[static_cast<std::size_t>(i)];
      }
      const FcVector<D> old = r.template segment<D>(D * i);
      FcVector<D> ri = old;
      solveLocalContact<D>(kind, rows.diagonal(i), qi, law, ri, local);
      if (omega != 1.0) ri = omega * ri + (1.0 - omega) * old;
      if (!ri.allFinite()) ri = old;
      r.template segment<D>(D * i) = ri;
      const double d2 = (ri - old).squaredNorm();
      diff2 += d2;
      if (options.fcFreezeSweeps > 0 && d2 <= freezeThreshold2) fz = options.fcFreezeSweeps;
    }
    const double rn = r.norm();
    const double light = rn > 0.0 ? std::sqrt(diff2) / rn : std::sqrt(diff2);
    haveError = false;
    bool stop = false;
    if (evaluation == ErrorEvaluation::Full) {
      error = finalError(problem, options, r, u);
      haveError = true;
      if (options.verbosity >= 2)
        std::cerr << "fc nsgs: sweep " << sweep << " error " << error << "\n";
      if (error <= tol) break;  // exact even with frozen contacts
      if (skipped && light == 0.0) std::fill(frozen.begin(), frozen.end(), 0);
    } else {
      if (options.verbosity >= 2)
        std::cerr << "fc nsgs: sweep " << sweep << " light error " << light << "\n";
      if (evaluation == ErrorEvaluation::Light) {
        if (light <= tol) {
          if (!skipped) {
            stationary = true;  // reported as stalled unless the full error is within tol
            break;
          }
          std::fill(frozen.begin(), frozen.end(), 0);
        }
      } else if (light <= lightTolerance) {
        // Light with full final (Siconos LIGHT_WITH_FULL_FINAL).
        error = finalError(problem, options, r, u);
        haveError = true;
        if (options.verbosity >= 2)
          std::cerr << "fc nsgs: sweep " << sweep << " full error " << error << "\n";
        if (error <= tol) break;
        std::fill(frozen.begin(), frozen.end(), 0);
        if (light == 0.0 && !skipped) {
          stationary = true;  // NSGS cannot progress further
          stop = true;
        }
        lightTolerance = std::max(light / error * tol, 1e-300);
      }
    }
    if (stall.enabled() && (haveError || sweep % stallStride == 0)) {
      if (!haveError) {
        // convergence stays decided by the evaluation mode above (which may go on
        // below the tolerance); this error only feeds the stall test
        error = finalError(problem, options, r, u);
        haveError = true;
      }
      if (error < bestError) {
        bestError = error;
        best = r;
      }
      if (error > tol && stall.record(sweep, error)) {
        stalled = true;
        stop = true;
      }
    }
    if (stop) break;
  }
  result.iterations = std::min(sweep, options.maxIterations);
  if (!haveError) error = finalError(problem, options, r, u);
  if (stall.enabled() && bestError < error) {  // return the best checked iterate
    r = best;
    error = finalError(problem, options, r, u);
  }
  if (!std::isfinite(error)) {
    result.status = SolverStatus::Failed;
    result.error = std::numeric_limits<double>::max();
    result.message = "non-finite iterate";
    r.setZero();
    u = problem.q();
    return result;
  }
  result.error = error;
  result.status = error <= tol ? SolverStatus::Converged : SolverStatus::MaxIterations;
  if (result.status != SolverStatus::Converged && stalled) {
    result.message = stall.message("sweeps");
  } else if (result.status != SolverStatus::Converged && stationary) {
    result.message = "NSGS stalled (no change in a sweep) above the tolerance";
  }
  if (options.verbosity >= 1)
    std::cerr << "fc " << name << ": " << toString(result.status) << ", error " << result.error
              << ", " << result.iterations << " sweeps\n";
  return result;
}

}  // namespace

SolverResult fcNsgs(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options) {
  options.validate();
  problem.validate();
  if (options.fcTresca &&
      static_cast<Eigen::Index>(options.fcTrescaThresholds.size()) != problem.numberOfContacts())
    throw std::invalid_argument("fcNsgs: fcTresca needs one threshold per contact, got " +
                                std::to_string(options.fcTrescaThresholds.size()) + " for " +
                                std::to_string(problem.numberOfContacts()) + " contacts");
  const std::string name =
      options.fcLocalSolver == "default" ? std::string("nsgs") : "nsgs-" + options.fcLocalSolver;
  return problem.dimension() == 2 ? nsgsImpl<2>(problem, r, u, options, name)
                                  : nsgsImpl<3>(problem, r, u, options, name);
}

}  // namespace moreau::numerics
