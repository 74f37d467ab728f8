// Global friction-contact problem M v = q + H r, u = Hᵀ v + b: error measure,
// factorization with fallback, the "reduce" method, the "auto" driver and the
// solver object. See docs/numerics/global-friction-contact.md.

#include "GlobalFrictionContactDetail.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

namespace gfcdetail {

bool sameMatrix(const SpMat& A, const SpMat& B) {
  if (A.rows() != B.rows() || A.cols() != B.cols() || A.nonZeros() != B.nonZeros()) return false;
  if (!A.isCompressed() || !B.isCompressed()) return false;
  const auto nnz = static_cast<std::size_t>(A.nonZeros());
  return std::equal(A.outerIndexPtr(), A.outerIndexPtr() + A.outerSize() + 1, B.outerIndexPtr()) &&
         std::equal(A.innerIndexPtr(), A.innerIndexPtr() + nnz, B.innerIndexPtr()) &&
         std::equal(A.valuePtr(), A.valuePtr() + nnz, B.valuePtr());
}

const SpMat& compressedCsc(const Matrix& A, SpMat& storage) {
  if (A.isSparse() && A.sparse().isCompressed()) return A.sparse();
  storage = A.toSparse();
  storage.makeCompressed();
  return storage;
}

namespace {

std::vector<SparseSolverKind> backendOrder(const std::string& choice, SparseSolverKind preferred) {
  SparseSolverKind kind = SparseSolverKind::Cholmod;
  if (choice != "auto" && parseSparseSolverKind(choice, kind)) return {kind};
  std::vector<SparseSolverKind> order = {SparseSolverKind::Cholmod, SparseSolverKind::Umfpack,
                                         SparseSolverKind::EigenLU};
  const auto it = std::find(order.begin(), order.end(), preferred);
  if (it != order.end()) std::rotate(order.begin(), it, it + 1);
  return order;
}

}  // namespace

bool Factorization::factorize(const SpMat& A, const std::string& choice, bool* reused) {
  if (reused != nullptr) *reused = false;
  if (valid_ && sameMatrix(A, last_)) {
    // same backend family requested? ("auto" accepts any; a named one must match)
    SparseSolverKind kind = active_;
    if (choice == "auto" || (parseSparseSolverKind(choice, kind) && kind == active_)) {
      if (reused != nullptr) *reused = true;
      return true;
    }
  }
  valid_ = false;
  error_.clear();
  for (SparseSolverKind kind : backendOrder(choice, preferred_)) {
    auto& solver = solvers_[static_cast<std::size_t>(kind)];
    if (!solver) solver = makeSparseLinearSolver(kind);
    if (solver->factorize(A)) {
      active_ = kind;
      preferred_ = kind;
      last_ = A;
      last_.makeCompressed();
      valid_ = true;
      ++factorizations_;
      error_.clear();
      return true;
    }
    if (!error_.empty()) error_ += "; ";
    error_ += std::string(sparseSolverKindName(kind)) + ": " + solver->lastError();
  }
  return false;
}

bool Factorization::solve(const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  if (!valid_) return false;
  return solvers_[static_cast<std::size_t>(active_)]->solve(b, x);
}

std::string Factorization::kindName() const { return valid_ ? sparseSolverKindName(active_) : ""; }

int Factorization::analyses() const {
  int count = 0;
  for (const auto& s : solvers_)
    if (s) count += s->analysisCount();
  return count;
}

bool BlockDiagonalInverse::analyze(const SpMat& A, Eigen::Index maxBlock) {
  const Eigen::Index n = A.rows();
  // union-find over the rows (A + Aᵀ pattern: an entry (i, j) joins i and j)
  std::vector<Eigen::Index> parent(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) parent[static_cast<std::size_t>(i)] = i;
  auto find = [&](Eigen::Index i) {
    while (parent[static_cast<std::size_t>(i)] != i) {
      parent[static_cast<std::size_t>(i)] =
          parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
      i = parent[static_cast<std::size_t>(i)];
    }
    return i;
  };
  for (Eigen::Index j = 0; j < A.outerSize(); ++j) {
    for (SpMat::InnerIterator it(A, j); it; ++it) {
      const Eigen::Index a = find(it.row());
      const Eigen::Index b = find(j);
      if (a != b) parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
    }
  }
  comp_.assign(static_cast<std::size_t>(n), -1);
  std::vector<Eigen::Index> rootComp(static_cast<std::size_t>(n), -1);
  std::vector<Eigen::Index> count;
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto root = static_cast<std::size_t>(find(i));
    if (rootComp[root] < 0) {
      rootComp[root] = static_cast<Eigen::Index>(count.size());
      count.push_back(0);
    }
    comp_[static_cast<std::size_t>(i)] = rootComp[root];
    ++count[static_cast<std::size_t>(rootComp[root])];
  }
  const auto nComp = static_cast<Eigen::Index>(count.size());
  start_.assign(static_cast<std::size_t>(nComp) + 1, 0);
  for (Eigen::Index c = 0; c < nComp; ++c)
    start_[static_cast<std::size_t>(c) + 1] =
        start_[static_cast<std::size_t>(c)] + count[static_cast<std::size_t>(c)];
  rows_.assign(static_cast<std::size_t>(n), 0);
  pos_.assign(static_cast<std::size_t>(n), 0);
  std::vector<Eigen::Index> fill(start_.begin(), start_.end() - 1);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto c = static_cast<std::size_t>(comp_[static_cast<std::size_t>(i)]);
    pos_[static_cast<std::size_t>(i)] = fill[c] - start_[c];
    rows_[static_cast<std::size_t>(fill[c]++)] = i;
  }
  const Eigen::Index largest = count.empty() ? 0 : *std::max_element(count.begin(), count.end());
  const bool ok = nComp >= 2 && largest <= maxBlock;
  if (!ok) start_.assign(1, 0);
  return ok;
}

bool BlockDiagonalInverse::factorize(const SpMat& A) {
  const Eigen::Index nComp = components();
  llt_.resize(static_cast<std::size_t>(nComp));
  lu_.resize(static_cast<std::size_t>(nComp));
  useLu_.assign(static_cast<std::size_t>(nComp), 0);
  error_.clear();
  Eigen::MatrixXd B;
  for (Eigen::Index c = 0; c < nComp; ++c) {
    const Eigen::Index first = start_[static_cast<std::size_t>(c)];
    const Eigen::Index size = start_[static_cast<std::size_t>(c) + 1] - first;
    B.setZero(size, size);
    for (Eigen::Index k = 0; k < size; ++k) {
      const Eigen::Index j = rows_[static_cast<std::size_t>(first + k)];
      for (SpMat::InnerIterator it(A, j); it; ++it)
        B(pos_[static_cast<std::size_t>(it.row())], k) = it.value();
    }
    const double scale = B.cwiseAbs().maxCoeff();
    if (!B.allFinite() || !(scale > 0.0)) {
      error_ = "block of rows " + std::to_string(rows_[static_cast<std::size_t>(first)]) +
               ".. is zero or not finite";
      return false;
    }
    const bool symmetric = (B - B.transpose()).cwiseAbs().maxCoeff() <= 1e-14 * scale;
    auto& llt = llt_[static_cast<std::size_t>(c)];
    if (symmetric) llt.compute(B);
    if (symmetric && llt.info() == Eigen::Success && llt.rcond() > 1e-15) continue;
    auto& lu = lu_[static_cast<std::size_t>(c)];
    lu.compute(B);
    if (!(lu.rcond() > 1e-15)) {
      error_ = "block of rows " + std::to_string(rows_[static_cast<std::size_t>(first)]) +
               ".. is singular";
      return false;
    }
    useLu_[static_cast<std::size_t>(c)] = 1;
  }
  return true;
}

void BlockDiagonalInverse::solve(const Eigen::VectorXd& b, Eigen::VectorXd& x) const {
  x.resize(b.size());
  Eigen::VectorXd bc, xc;
  for (Eigen::Index c = 0; c < components(); ++c) {
    const Eigen::Index first = start_[static_cast<std::size_t>(c)];
    const Eigen::Index size = start_[static_cast<std::size_t>(c) + 1] - first;
    bc.resize(size);
    for (Eigen::Index k = 0; k < size; ++k) bc[k] = b[rows_[static_cast<std::size_t>(first + k)]];
    if (useLu_[static_cast<std::size_t>(c)]) {
      xc = lu_[static_cast<std::size_t>(c)].solve(bc);
    } else {
      xc = llt_[static_cast<std::size_t>(c)].solve(bc);
    }
    for (Eigen::Index k = 0; k < size; ++k) x[rows_[static_cast<std::size_t>(first + k)]] = xc[k];
  }
}

SpMat BlockDiagonalInverse::reduce(const SpMat& Ht, Eigen::Index m) const {
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<Eigen::Index> local(static_cast<std::size_t>(m), -1);
  std::vector<Eigen::Index> cols;
  Eigen::MatrixXd Hc, X, Wc;
  for (Eigen::Index c = 0; c < components(); ++c) {
    const Eigen::Index first = start_[static_cast<std::size_t>(c)];
    const Eigen::Index size = start_[static_cast<std::size_t>(c) + 1] - first;
    cols.clear();
    for (Eigen::Index k = 0; k < size; ++k) {
      for (SpMat::InnerIterator it(Ht, rows_[static_cast<std::size_t>(first + k)]); it; ++it) {
        auto& l = local[static_cast<std::size_t>(it.row())];
        if (l < 0) {
          l = static_cast<Eigen::Index>(cols.size());
          cols.push_back(it.row());
        }
      }
    }
    if (cols.empty()) continue;
    const auto kc = static_cast<Eigen::Index>(cols.size());
    Hc.setZero(size, kc);
    for (Eigen::Index k = 0; k < size; ++k)
      for (SpMat::InnerIterator it(Ht, rows_[static_cast<std::size_t>(first + k)]); it; ++it)
        Hc(k, local[static_cast<std::size_t>(it.row())]) = it.value();
    X = useLu_[static_cast<std::size_t>(c)]
            ? Eigen::MatrixXd(lu_[static_cast<std::size_t>(c)].solve(Hc))
            : Eigen::MatrixXd(llt_[static_cast<std::size_t>(c)].solve(Hc));
    Wc.noalias() = Hc.transpose() * X;
    for (Eigen::Index b = 0; b < kc; ++b)
      for (Eigen::Index a = 0; a < kc; ++a)
        entries.emplace_back(cols[static_cast<std::size_t>(a)], cols[static_cast<std::size_t>(b)],
                             Wc(a, b));
    for (Eigen::Index col : cols) local[static_cast<std::size_t>(col)] = -1;
  }
  SpMat W(m, m);
  W.setFromTriplets(entries.begin(), entries.end());
  W.makeCompressed();
  return W;
}

void prepareStart(Eigen::VectorXd& x, Eigen::Index n) {
  if (x.size() != n || !x.allFinite()) x = Eigen::VectorXd::Zero(n);
}

SolverResult finishResult(const GlobalFrictionContactProblem& problem, Eigen::VectorXd& v,
                          Eigen::VectorXd& r, Eigen::VectorXd& u, const SolverOptions& options,
                          std::string solver, int iterations, bool failed, std::string message) {
  SolverResult result;
  result.solver = std::move(solver);
  result.iterations = iterations;
  result.message = std::move(message);
  if (!v.allFinite() || !r.allFinite()) {
    prepareStart(v, problem.numberOfDofs());
    prepareStart(r, problem.localSize());
    v.setZero();
    r.setZero();
    failed = true;
    if (result.message.empty()) result.message = "non-finite iterate";
  }
  result.error = gfcComputeError(problem, v, r, u);
  if (!std::isfinite(result.error)) {
    failed = true;
    result.error = std::numeric_limits<double>::max();
  }
  if (result.error <= options.tolerance) {
    result.status = SolverStatus::Converged;
  } else {
    result.status = failed ? SolverStatus::Failed : SolverStatus::MaxIterations;
  }
  return result;
}

}  // namespace gfcdetail

// ---------------------------------------------------------------------------
// Error measure
// ---------------------------------------------------------------------------

namespace {

using gfcdetail::SpMat;

template <int D>
double contactSum(const Eigen::VectorXd& r, const Eigen::VectorXd& u, const Eigen::VectorXd& mu) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < mu.size(); ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    const FcVector<D> ui = u.template segment<D>(D * i);
    sum += contactErrorSquared<D>(ri, ui, mu[i]);
  }
  return sum;
}

double relative(double value, double scale) {
  if (!std::isfinite(value) || !std::isfinite(scale))
    return std::numeric_limits<double>::infinity();
  return scale > DBL_EPSILON ? value / scale : value;
}

}  // namespace

GlobalFcError gfcErrorParts(const GlobalFrictionContactProblem& problem, const Eigen::VectorXd& v,
                            const Eigen::VectorXd& r, Eigen::VectorXd& u) {
  problem.validate();
  const Eigen::Index n = problem.numberOfDofs();
  const Eigen::Index m = problem.localSize();
  if (v.size() != n)
    throw std::invalid_argument("gfcComputeError: v has " + std::to_string(v.size()) +
                                " entries, the problem has " + std::to_string(n) + " dofs");
  if (r.size() != m)
    throw std::invalid_argument("gfcComputeError: r has " + std::to_string(r.size()) +
                                " entries, must have " + std::to_string(m) +
                                " (dimension x contacts)");
  GlobalFcError e;
  u.resize(m);
  // u = Hᵀ v + b (Matrix::multiply computes H x only)
  if (problem.H.isSparseBlock()) {
    problem.H.sparseBlock().multiplyTransposed(v, u);
  } else if (problem.H.isSparse()) {
    u.noalias() = problem.H.sparse().transpose() * v;
  } else {
    u.noalias() = problem.H.dense().transpose() * v;
  }
  u += problem.b;
  Eigen::VectorXd Mv(n), Hr(n);
  problem.M.multiply(v, Mv);
  problem.H.multiply(r, Hr);
  e.equation =
      relative((Mv - problem.q - Hr).norm(), std::max({Mv.norm(), problem.q.norm(), Hr.norm()}));
  const double sum =
      problem.dimension == 2 ? contactSum<2>(r, u, problem.mu) : contactSum<3>(r, u, problem.mu);
  e.contact = relative(std::sqrt(sum), std::max({problem.b.norm(), r.norm(), u.norm()}));
  e.total = std::max(e.equation, e.contact);
  if (!v.allFinite() || !r.allFinite() || !u.allFinite() || std::isnan(e.total))
    e.total = std::numeric_limits<double>::infinity();
  return e;
}

double gfcComputeError(const GlobalFrictionContactProblem& problem, const Eigen::VectorXd& v,
                       const Eigen::VectorXd& r, Eigen::VectorXd& u) {
  return gfcErrorParts(problem, v, r, u).total;
}

std::vector<std::string> globalFrictionContactSolverNames() { return {"auto", "reduce", "admm"}; }

// ---------------------------------------------------------------------------
// Solver object
// ---------------------------------------------------------------------------

struct GlobalFrictionContactSolver::Impl {
  gfcdetail::Factorization factorM;
  // block-diagonal path (gfcLinearSolver "auto" and M made of small components)
  gfcdetail::BlockDiagonalInverse blocks;
  SpMat blocksPattern;  // M the components were analysed for (values ignored)
  bool blocksAnalysed = false;
  bool blocksApply = false;
  SpMat blocksLast;  // M of the current block factorization
  bool blocksValid = false;
  bool useBlocks = false;
  int blockAnalyses = 0;
  int blockFactorizations = 0;
  SpMat Mstore, Hstore;  // CSC copies of non-CSC inputs
  SpMat Hw;              // H the current W was formed with
  bool haveW = false;
  SparseBlockMatrix W;  // freshly formed W, moved into `local`
  int reductions = 0;
  std::string lastError;
  FrictionContactProblem local;
  gfcdetail::AdmmCache admm;

  /// Updates `local` (W kept in it, re-formed only when M or H changed).
  bool reduce(const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H,
              const SolverOptions& options);
  bool formW(const SpMat& H, int d);
  bool factorizeM(const SpMat& M, const SolverOptions& options, bool& reused);
  bool solveM(const Eigen::VectorXd& b, Eigen::VectorXd& x) {
    if (useBlocks) {
      blocks.solve(b, x);
      return x.allFinite();
    }
    return factorM.solve(b, x);
  }
  std::string kindOfM() const { return useBlocks ? "dense-blocks" : factorM.kindName(); }
  SolverResult solveReduce(const GlobalFrictionContactProblem& problem, const SpMat& M,
                           const SpMat& H, Eigen::VectorXd& v, Eigen::VectorXd& r,
                           Eigen::VectorXd& u, const SolverOptions& options, bool& factorized);
};

namespace {

bool samePattern(const SpMat& A, const SpMat& B) {
  if (A.rows() != B.rows() || A.cols() != B.cols() || A.nonZeros() != B.nonZeros()) return false;
  const auto nnz = static_cast<std::size_t>(A.nonZeros());
  return std::equal(A.outerIndexPtr(), A.outerIndexPtr() + A.outerSize() + 1, B.outerIndexPtr()) &&
         std::equal(A.innerIndexPtr(), A.innerIndexPtr() + nnz, B.innerIndexPtr());
}

constexpr Eigen::Index kMaxDenseBlock = 64;

}  // namespace

bool GlobalFrictionContactSolver::Impl::factorizeM(const SpMat& M, const SolverOptions& options,
                                                   bool& reused) {
  reused = false;
  std::string blockError;
  if (options.gfcLinearSolver == "auto") {
    if (!blocksAnalysed || !samePattern(M, blocksPattern)) {
      blocksApply = blocks.analyze(M, kMaxDenseBlock);
      blocksPattern = M;
      blocksAnalysed = true;
      blocksValid = false;
      if (blocksApply) ++blockAnalyses;
    }
    if (blocksApply) {
      if (blocksValid && gfcdetail::sameMatrix(M, blocksLast)) {
        reused = useBlocks;  // the W formed last used these blocks
        useBlocks = true;
        return true;
      }
      blocksValid = false;
      if (blocks.factorize(M)) {
        blocksLast = M;
        blocksValid = true;
        ++blockFactorizations;
        useBlocks = true;
        return true;
      }
      blockError = "dense blocks: " + blocks.error() + "; ";
    }
  }
  const bool wasBlocks = useBlocks;
  useBlocks = false;
  if (!factorM.factorize(M, options.gfcLinearSolver, &reused)) {
    lastError = "M could not be factorized (" + blockError + factorM.error() + ")";
    return false;
  }
  if (wasBlocks) reused = false;
  return true;
}

bool GlobalFrictionContactSolver::Impl::formW(const SpMat& H, int d) {
  const Eigen::Index n = H.rows();
  const Eigen::Index m = H.cols();
  const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(m / d), d);
  if (useBlocks) {
    const SpMat Ht = H.transpose();
    W = SparseBlockMatrix::fromSparse(blocks.reduce(Ht, m), sizes, sizes);
    return true;
  }
  // X = M⁻¹ H column by column; the solves of a block-diagonal M give exact zeros
  // outside the blocks a column touches, so X stays sparse for mechanical systems.
  std::vector<int> outer(static_cast<std::size_t>(m) + 1, 0);
  std::vector<int> inner;
  std::vector<double> values;
  inner.reserve(static_cast<std::size_t>(H.nonZeros()) * 4);
  values.reserve(inner.capacity());
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd x(n);
  for (Eigen::Index j = 0; j < m; ++j) {
    bool empty = true;
    for (SpMat::InnerIterator it(H, j); it; ++it) {
      rhs[it.row()] = it.value();
      empty = false;
    }
    if (!empty) {
      if (!solveM(rhs, x)) {
        lastError =
            "solve with the factorization of M failed (column " + std::to_string(j) + " of H)";
        return false;
      }
      for (SpMat::InnerIterator it(H, j); it; ++it) rhs[it.row()] = 0.0;
      for (Eigen::Index i = 0; i < n; ++i) {
        if (x[i] != 0.0) {
          inner.push_back(static_cast<int>(i));
          values.push_back(x[i]);
        }
      }
    }
    outer[static_cast<std::size_t>(j) + 1] = static_cast<int>(inner.size());
  }
  const Eigen::Map<const SpMat> X(n, m, static_cast<Eigen::Index>(inner.size()), outer.data(),
                                  inner.data(), values.data());
  const SpMat Ht = H.transpose();
  SpMat Wsp = Ht * X;
  Wsp.makeCompressed();
  W = SparseBlockMatrix::fromSparse(Wsp, sizes, sizes);
  return true;
}

bool GlobalFrictionContactSolver::Impl::reduce(const GlobalFrictionContactProblem& problem,
                                               const SpMat& M, const SpMat& H,
                                               const SolverOptions& options) {
  lastError.clear();
  bool reusedM = false;
  if (!factorizeM(M, options, reusedM)) {
    haveW = false;
    return false;
  }
  const bool keepW =
      reusedM && haveW && local.dimension() == problem.dimension && gfcdetail::sameMatrix(H, Hw);
  if (!keepW) {
    haveW = false;
    if (!formW(H, problem.dimension)) return false;
    Hw = H;
    ++reductions;
  }
  Eigen::VectorXd y(problem.numberOfDofs());
  if (!solveM(problem.q, y)) {
    lastError = "solve with the factorization of M failed (q)";
    return false;
  }
  Eigen::VectorXd qLocal = H.transpose() * y;
  qLocal += problem.b;
  if (keepW) {  // W stays in `local`: no copy
    local.q() = std::move(qLocal);
    local.mu() = problem.mu;
  } else {
    local = FrictionContactProblem(problem.dimension, Matrix(std::move(W)), std::move(qLocal),
                                   problem.mu);
    W = SparseBlockMatrix();
    haveW = true;
  }
  return true;
}

SolverResult GlobalFrictionContactSolver::Impl::solveReduce(
    const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H, Eigen::VectorXd& v,
    Eigen::VectorXd& r, Eigen::VectorXd& u, const SolverOptions& options, bool& factorized) {
  factorized = reduce(problem, M, H, options);
  if (!factorized) {
    return gfcdetail::finishResult(problem, v, r, u, options, "reduce", 0, true, lastError);
  }
  SolverOptions lo = options;
  lo.solver = options.gfcLocalSolver;
  SolverResult lr;
  Eigen::VectorXd ul;
  Eigen::VectorXd rhs(problem.numberOfDofs());
  std::string note;
  // The local measure is scaled by max(‖q_loc‖, ‖r‖, ‖u‖), the global contact part
  // by max(‖b‖, ‖r‖, ‖u‖): when the latter is smaller the local tolerance is
  // tightened (at most twice) so that the global error meets options.tolerance.
  for (int attempt = 0; attempt < 3; ++attempt) {
    lr = solveFrictionContact(local, r, ul, lo);
    rhs = problem.q;
    rhs.noalias() += H * r;
    if (!solveM(rhs, v)) {
      return gfcdetail::finishResult(problem, v, r, u, options, "reduce:" + lr.solver,
                                     lr.iterations, true,
                                     "solve with the factorization of M failed (v recovery)");
    }
    if (!lr.converged() || !r.allFinite()) break;
    const GlobalFcError parts = gfcErrorParts(problem, v, r, u);
    if (parts.total <= options.tolerance || parts.contact <= options.tolerance) break;
    if (!(lr.error > 0.0) || !(parts.contact > lr.error)) break;
    const double ratio = parts.contact / lr.error;
    lo.tolerance = std::max(0.5 * lo.tolerance / ratio, 1e-16);
    std::ostringstream os;
    os << "local tolerance tightened to " << lo.tolerance << "; ";
    note += os.str();
  }
  std::string message = "M factorized by " + kindOfM() + "; " + note + lr.message;
  return gfcdetail::finishResult(problem, v, r, u, options, "reduce:" + lr.solver, lr.iterations,
                                 lr.status == SolverStatus::Failed, std::move(message));
}

GlobalFrictionContactSolver::GlobalFrictionContactSolver() : impl_(std::make_unique<Impl>()) {}
GlobalFrictionContactSolver::~GlobalFrictionContactSolver() = default;
GlobalFrictionContactSolver::GlobalFrictionContactSolver(GlobalFrictionContactSolver&&) noexcept =
    default;
GlobalFrictionContactSolver& GlobalFrictionContactSolver::operator=(
    GlobalFrictionContactSolver&&) noexcept = default;

const std::string& GlobalFrictionContactSolver::lastError() const { return impl_->lastError; }
int GlobalFrictionContactSolver::symbolicAnalysesOfM() const {
  return impl_->factorM.analyses() + impl_->blockAnalyses;
}
int GlobalFrictionContactSolver::numericFactorizationsOfM() const {
  return impl_->factorM.factorizations() + impl_->blockFactorizations;
}
int GlobalFrictionContactSolver::reductionsFormed() const { return impl_->reductions; }
int GlobalFrictionContactSolver::admmFactorizations() const {
  return impl_->admm.factorization.factorizations();
}
std::string GlobalFrictionContactSolver::factorizationOfM() const { return impl_->kindOfM(); }

bool GlobalFrictionContactSolver::reduce(const GlobalFrictionContactProblem& problem,
                                         FrictionContactProblem& local,
                                         const SolverOptions& options) {
  options.validate();
  problem.validate();
  const SpMat& M = gfcdetail::compressedCsc(problem.M, impl_->Mstore);
  const SpMat& H = gfcdetail::compressedCsc(problem.H, impl_->Hstore);
  if (!impl_->reduce(problem, M, H, options)) return false;
  local = impl_->local;
  return true;
}

namespace {

void checkLocalSolverName(const GlobalFrictionContactProblem& problem,
                          const SolverOptions& options) {
  const std::string name = normalizeSolverName(options.gfcLocalSolver);
  const auto names = frictionContactSolverNames(problem.dimension);
  if (std::find(names.begin(), names.end(), name) != names.end()) return;
  std::string list;
  for (const auto& n : names) list += " " + n;
  throw std::invalid_argument("solveGlobalFrictionContact: gfcLocalSolver \"" +
                              options.gfcLocalSolver + "\" is not a friction-contact solver of " +
                              "dimension " + std::to_string(problem.dimension) + "; known:" + list);
}

}  // namespace

SolverResult GlobalFrictionContactSolver::solve(const GlobalFrictionContactProblem& problem,
                                                Eigen::VectorXd& v, Eigen::VectorXd& r,
                                                Eigen::VectorXd& u, const SolverOptions& options) {
  options.validate();
  problem.validate();
  const std::string name = normalizeSolverName(options.solver);
  const auto names = globalFrictionContactSolverNames();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    std::string list;
    for (const auto& n : names) list += " " + n;
    throw std::invalid_argument("solveGlobalFrictionContact: unknown solver \"" + options.solver +
                                "\"; known:" + list);
  }
  if (name != "admm") checkLocalSolverName(problem, options);
  gfcdetail::prepareStart(v, problem.numberOfDofs());
  gfcdetail::prepareStart(r, problem.localSize());
  const SpMat& M = gfcdetail::compressedCsc(problem.M, impl_->Mstore);
  const SpMat& H = gfcdetail::compressedCsc(problem.H, impl_->Hstore);

  if (name == "admm") return gfcdetail::admm(problem, M, H, v, r, u, options, impl_->admm);
  bool factorized = false;
  if (name == "reduce") return impl_->solveReduce(problem, M, H, v, r, u, options, factorized);

  // auto: reduce when M factorizes; ADMM from the best answer otherwise.
  const Eigen::VectorXd v0 = v;
  const Eigen::VectorXd r0 = r;
  SolverResult first = impl_->solveReduce(problem, M, H, v, r, u, options, factorized);
  if (first.converged()) {
    first.solver = "auto:" + first.solver;
    return first;
  }
  Eigen::VectorXd vBest = v, rBest = r;
  if (!factorized || !(first.error < std::numeric_limits<double>::max())) {
    v = v0;  // reduce produced nothing: ADMM from the caller's start
    r = r0;
  }
  SolverResult second = gfcdetail::admm(problem, M, H, v, r, u, options, impl_->admm);
  std::string tried = "reduce: " + std::string(toString(first.status)) + " error " +
                      std::to_string(first.error) + " (" + first.message +
                      "); admm: " + toString(second.status) + " error " +
                      std::to_string(second.error);
  if (second.error <= first.error || !factorized) {
    second.solver = "auto:admm";
    second.iterations += first.iterations;
    second.message = tried + (second.message.empty() ? "" : "; " + second.message);
    return second;
  }
  v = vBest;
  r = rBest;
  first = gfcdetail::finishResult(problem, v, r, u, options, "auto:" + first.solver,
                                  first.iterations + second.iterations,
                                  first.status == SolverStatus::Failed, tried);
  return first;
}

SolverResult solveGlobalFrictionContact(const GlobalFrictionContactProblem& problem,
                                        Eigen::VectorXd& v, Eigen::VectorXd& r, Eigen::VectorXd& u,
                                        const SolverOptions& options) {
  GlobalFrictionContactSolver solver;
  return solver.solve(problem, v, r, u, options);
}

}  // namespace moreau::numerics
