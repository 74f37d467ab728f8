#include "GlobalCommon.hpp"

#include <moreau/numerics/fc/FcError.hpp>

#include <Eigen/SparseCore>
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <utility>

namespace moreau::numerics::fcglobal {

namespace {

std::vector<Index> uniformBlocks(Index count, Index size) {
  return std::vector<Index>(static_cast<std::size_t>(count), size);
}

bool hasUniformBlocks(const SparseBlockMatrix& m, Index count, Index size) {
  if (m.blockRows() != count || m.blockCols() != count) return false;
  for (Index i = 0; i < count; ++i) {
    if (m.rowBlockSize(i) != size || m.colBlockSize(i) != size) return false;
  }
  return true;
}

}  // namespace

BlockedW::BlockedW(const FrictionContactProblem& problem) {
  const Index nc = problem.numberOfContacts();
  const Index d = problem.dimension();
  const Matrix& W = problem.W();
  if (W.isSparseBlock() && hasUniformBlocks(W.sparseBlock(), nc, d)) {
    W_ = &W.sparseBlock();
  } else {
    owned_ = W.toSparseBlock(uniformBlocks(nc, d), uniformBlocks(nc, d));
    W_ = &owned_;
  }
}

double BlockedW::meanDiagonal() const {
  const Index n = W_->rows();
  double s = 0.0;
  for (Index i = 0; i < W_->blockRows(); ++i) {
    const Index k = W_->diagonalBlock(i);
    if (k < 0) continue;
    const auto B = W_->block(k);
    for (Index a = 0; a < std::min(B.rows(), B.cols()); ++a) s += std::abs(B(a, a));
  }
  const double m = n > 0 ? s / static_cast<double>(n) : 1.0;
  return (std::isfinite(m) && m > 1e-300) ? m : 1.0;
}

template <int D>
double siconosError(const Eigen::VectorXd& r, const Eigen::VectorXd& u, const Eigen::VectorXd& mu,
                    double normQ) {
  double sum = 0.0;
  for (Index i = 0; i < mu.size(); ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    const FcVector<D> ui = u.template segment<D>(D * i);
    sum += contactErrorSquared<D>(ri, ui, mu[i]);
  }
  double err = std::sqrt(sum);
  const double scale = std::max({normQ, r.norm(), u.norm()});
  // a diverged iterate (norms overflowing) must not look converged
  if (!std::isfinite(scale) || !std::isfinite(err)) return std::numeric_limits<double>::infinity();
  if (scale > DBL_EPSILON) err /= scale;
  if (!std::isfinite(err)) return std::numeric_limits<double>::infinity();
  return err;
}

template <int D>
void projectAll(const Eigen::VectorXd& x, const Eigen::VectorXd& mu, Eigen::VectorXd& y) {
  for (Index i = 0; i < mu.size(); ++i) {
    const FcVector<D> xi = x.template segment<D>(D * i);
    y.template segment<D>(D * i) = projectOnCone<D>(xi, mu[i]);
  }
}

template <int D>
void deSaxceAll(const Eigen::VectorXd& u, const Eigen::VectorXd& mu, Eigen::VectorXd& ut) {
  for (Index i = 0; i < mu.size(); ++i) {
    const FcVector<D> ui = u.template segment<D>(D * i);
    ut.template segment<D>(D * i) = deSaxceVelocity<D>(ui, mu[i]);
  }
}

LinearChoice chooseLinearSolver(const SolverOptions& options,
                                const FrictionContactProblem& problem) {
  LinearChoice c;
  const std::string& s = options.fcLinearSolver;
  if (s == "dense") {
    c.dense = true;
  } else if (s == "umfpack") {
    c.kind = SparseSolverKind::Umfpack;
  } else if (s == "klu") {
    c.kind = SparseSolverKind::Klu;
  } else if (s == "eigenlu") {
    c.kind = SparseSolverKind::EigenLU;
  } else {  // auto: dense LU for small dense W, UMFPACK otherwise
    c.dense = problem.W().isDense() && problem.size() <= 600;
    c.kind = SparseSolverKind::Umfpack;
  }
  return c;
}

// ---------------------------------------------------------------------------
// JacobianSystem
// ---------------------------------------------------------------------------

template <int D>
JacobianSystem<D>::JacobianSystem(const BlockedW& W, const LinearChoice& choice)
    : W_(W), dense_(choice.dense), n_(W.W().rows()) {
  const SparseBlockMatrix& M = W.W();
  const Index nc = M.blockRows();
  if (dense_) {
    Jd_.setZero(n_, n_);
    lu_ = Eigen::PartialPivLU<Eigen::MatrixXd>(n_);
    return;
  }
  // pattern: every stored block of W plus the diagonal blocks
  std::vector<Eigen::Triplet<double>> triplets;
  triplets.reserve(static_cast<std::size_t>((M.nonZeroBlocks() + nc) * D * D));
  for (Index i = 0; i < nc; ++i) {
    for (Index k = M.rowPointer()[static_cast<std::size_t>(i)];
         k < M.rowPointer()[static_cast<std::size_t>(i + 1)]; ++k) {
      const Index j = M.columnIndex()[static_cast<std::size_t>(k)];
      for (int b = 0; b < D; ++b)
        for (int a = 0; a < D; ++a) triplets.emplace_back(D * i + a, D * j + b, 1.0);
    }
    if (M.diagonalBlock(i) < 0) {
      missingDiag_.push_back(i);
      for (int b = 0; b < D; ++b)
        for (int a = 0; a < D; ++a) triplets.emplace_back(D * i + a, D * i + b, 1.0);
    }
  }
  J_.resize(n_, n_);
  J_.setFromTriplets(triplets.begin(), triplets.end());
  J_.makeCompressed();
  auto position = [this](Index row, Index col) -> Index {
    const int* begin = J_.innerIndexPtr() + J_.outerIndexPtr()[col];
    const int* end = J_.innerIndexPtr() + J_.outerIndexPtr()[col + 1];
    const int* it = std::lower_bound(begin, end, static_cast<int>(row));
    return static_cast<Index>(it - J_.innerIndexPtr());
  };
  blockPos_.reserve(static_cast<std::size_t>(M.nonZeroBlocks() * D * D));
  for (Index i = 0; i < nc; ++i) {
    for (Index k = M.rowPointer()[static_cast<std::size_t>(i)];
         k < M.rowPointer()[static_cast<std::size_t>(i + 1)]; ++k) {
      const Index j = M.columnIndex()[static_cast<std::size_t>(k)];
      for (int b = 0; b < D; ++b)
        for (int a = 0; a < D; ++a) blockPos_.push_back(position(D * i + a, D * j + b));
    }
  }
  for (Index i : missingDiag_) {
    for (int b = 0; b < D; ++b)
      for (int a = 0; a < D; ++a) missingPos_.push_back(position(D * i + a, D * i + b));
  }
  diagPos_.resize(static_cast<std::size_t>(n_));
  for (Index c = 0; c < n_; ++c) diagPos_[static_cast<std::size_t>(c)] = position(c, c);
  solver_ = makeSparseLinearSolver(choice.kind);
  solver_->setSingularityThreshold(1e-14);
  solver_->analyzePattern(J_);
}

template <int D>
void JacobianSystem<D>::assemble(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B, double shift) {
  const SparseBlockMatrix& M = W_.W();
  const Index nc = M.blockRows();
  reg_ = 0.0;
  if (dense_) Jd_.setZero();
  double* values = dense_ ? nullptr : J_.valuePtr();
  std::size_t p = 0;
  for (Index i = 0; i < nc; ++i) {
    const FcMatrix<D> Ai = A.template middleCols<D>(D * i);
    const FcMatrix<D> Bi = B.template middleCols<D>(D * i);
    for (Index k = M.rowPointer()[static_cast<std::size_t>(i)];
         k < M.rowPointer()[static_cast<std::size_t>(i + 1)]; ++k) {
      const Index j = M.columnIndex()[static_cast<std::size_t>(k)];
      FcMatrix<D> blk = Ai * Eigen::Map<const FcMatrix<D>>(M.values().data() + M.blockOffset(k));
      if (j == i) blk += Bi + shift * Ai;
      if (dense_) {
        Jd_.template block<D, D>(D * i, D * j) = blk;
      } else {
        for (int b = 0; b < D; ++b)
          for (int a = 0; a < D; ++a) values[blockPos_[p++]] = blk(a, b);
      }
    }
    if (M.diagonalBlock(i) < 0 && dense_) {
      Jd_.template block<D, D>(D * i, D * i) = Bi + shift * Ai;
    }
  }
  if (!dense_) {
    std::size_t m = 0;
    for (Index i : missingDiag_) {
      const FcMatrix<D> blk =
          B.template middleCols<D>(D * i) + shift * A.template middleCols<D>(D * i);
      for (int b = 0; b < D; ++b)
        for (int a = 0; a < D; ++a) values[missingPos_[m++]] = blk(a, b);
    }
  }
  // scale for the regularization: largest |diagonal| entry
  double s = 0.0;
  for (Index c = 0; c < n_; ++c) {
    const double v = dense_ ? Jd_(c, c) : values[diagPos_[static_cast<std::size_t>(c)]];
    if (std::isfinite(v)) s = std::max(s, std::abs(v));
  }
  scale_ = s > 0.0 ? s : 1.0;
}

template <int D>
void JacobianSystem<D>::addToDiagonal(double delta) {
  if (dense_) {
    Jd_.diagonal().array() += delta;
  } else {
    for (Index c = 0; c < n_; ++c) J_.valuePtr()[diagPos_[static_cast<std::size_t>(c)]] += delta;
  }
}

template <int D>
bool JacobianSystem<D>::factorizeOnce() {
  if (dense_) {
    if (!Jd_.allFinite()) return false;
    lu_.compute(Jd_);
    const double rc = lu_.rcond();
    return std::isfinite(rc) && rc > 1e-14;
  }
  return solver_->factorize(J_);
}

template <int D>
bool JacobianSystem<D>::factorize() {
  if (factorizeOnce()) return true;
  // Levenberg–Marquardt-like diagonal shift, growing until the factorization succeeds
  double reg = 1e-10 * scale_;
  while (reg <= 1e-2 * scale_) {
    addToDiagonal(reg - reg_);
    reg_ = reg;
    if (factorizeOnce()) return true;
    reg *= 100.0;
  }
  return false;
}

template <int D>
bool JacobianSystem<D>::solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& x) {
  if (dense_) {
    x = lu_.solve(rhs);
    return x.allFinite();
  }
  return solver_->solve(rhs, x) && x.allFinite();
}

// ---------------------------------------------------------------------------
// Projected Gauss–Seidel sweeps (hybrid step)
// ---------------------------------------------------------------------------

template <int D>
void projectionSweeps(const BlockedW& W, const Eigen::VectorXd& qEff, double shift,
                      const Eigen::VectorXd& mu, const Eigen::VectorXd& rhoProj, int sweeps,
                      int local, Eigen::VectorXd& r, Eigen::VectorXd& u) {
  const SparseBlockMatrix& M = W.W();
  const Index nc = mu.size();
  FcVector<D> off;
  Eigen::Map<Eigen::VectorXd> offMap(off.data(), D);
  for (int s = 0; s < sweeps; ++s) {
    for (Index i = 0; i < nc; ++i) {
      M.multiplyRowBlockSkipDiagonal(i, r, offMap);
      const FcVector<D> qi = off + qEff.template segment<D>(D * i);
      FcMatrix<D> Wii = W.diagonalBlock<D>(i);
      Wii.diagonal().array() += shift;
      FcVector<D> ri = r.template segment<D>(D * i);
      for (int l = 0; l < local; ++l) {
        const FcVector<D> ui = Wii * ri + qi;
        const FcVector<D> next =
            projectOnCone<D>(ri - rhoProj[i] * deSaxceVelocity<D>(ui, mu[i]), mu[i]);
        if (!next.allFinite()) break;
        ri = next;
      }
      r.template segment<D>(D * i) = ri;
    }
  }
  M.multiply(r, u);
  u += qEff;
  if (shift != 0.0) u += shift * r;
}

template <int D>
void splitSpectralNormRho(const BlockedW& W, double fixedRho, double shift, Eigen::VectorXd& rho,
                          Eigen::VectorXd& rhoContact) {
  const Index nc = W.W().blockRows();
  rho.resize(D * nc);
  rhoContact.resize(nc);
  for (Index i = 0; i < nc; ++i) {
    double rn = 1.0, rt = 1.0;
    if (fixedRho > 0.0) {
      rn = rt = fixedRho;
    } else {
      FcMatrix<D> Wii = W.diagonalBlock<D>(i);
      Wii.diagonal().array() += shift;
      alartCurnierDefaultRho<D>(Wii, rn, rt);
      if (!(std::isfinite(rn) && rn > 0.0)) rn = 1.0;
      if (!(std::isfinite(rt) && rt > 0.0)) rt = 1.0;
    }
    rho[D * i] = rn;
    for (int a = 1; a < D; ++a) rho[D * i + a] = rt;
    rhoContact[i] = std::min(rn, rt);
  }
}

// ---------------------------------------------------------------------------

void prepareWarmStart(const FrictionContactProblem& problem, Eigen::VectorXd& r) {
  if (r.size() != problem.size() || !r.allFinite()) r.setZero(problem.size());
}

SolverResult finish(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options, const std::string& name, int iterations,
                    bool brokeDown, std::string message) {
  SolverResult result;
  result.solver = name;
  result.iterations = iterations;
  if (!r.allFinite()) {
    r.setZero(problem.size());
    brokeDown = true;
    if (message.empty()) message = "non-finite iterate; reset to 0";
  }
  double err = fcComputeError(problem, r, u);
  // overflowing norms (diverged iterate) make the scaled error look small: reject them
  if (!std::isfinite(r.norm()) || !std::isfinite(u.norm()))
    err = std::numeric_limits<double>::infinity();
  if (!std::isfinite(err)) {
    r.setZero(problem.size());
    err = fcComputeError(problem, r, u);
    brokeDown = true;
    if (message.empty()) message = "non-finite error; reset to 0";
  }
  if (!std::isfinite(err)) err = std::numeric_limits<double>::max();
  result.error = err;
  if (err <= options.tolerance) {
    result.status = SolverStatus::Converged;
  } else {
    result.status = brokeDown ? SolverStatus::Failed : SolverStatus::MaxIterations;
    result.message = std::move(message);
    if (result.message.empty()) result.message = "iteration budget exhausted";
  }
  return result;
}

#define MOREAU_FCGLOBAL_INSTANTIATE(D)                                                           \
  template double siconosError<D>(const Eigen::VectorXd&, const Eigen::VectorXd&,                \
                                  const Eigen::VectorXd&, double);                               \
  template void projectAll<D>(const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::VectorXd&); \
  template void deSaxceAll<D>(const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::VectorXd&); \
  template class JacobianSystem<D>;                                                              \
  template void projectionSweeps<D>(const BlockedW&, const Eigen::VectorXd&, double,             \
                                    const Eigen::VectorXd&, const Eigen::VectorXd&, int, int,    \
                                    Eigen::VectorXd&, Eigen::VectorXd&);                         \
  template void splitSpectralNormRho<D>(const BlockedW&, double, double, Eigen::VectorXd&,       \
                                        Eigen::VectorXd&);

MOREAU_FCGLOBAL_INSTANTIATE(2)
MOREAU_FCGLOBAL_INSTANTIATE(3)

#undef MOREAU_FCGLOBAL_INSTANTIATE

}  // namespace moreau::numerics::fcglobal
