// Block principal pivoting ("pivot", aliases "bpp", "block-pivoting"), see
// docs/numerics/lcp.md ("Block principal pivoting").
//
// The unknowns are split into F (z basic, w_F = 0) and G (z_G = 0, w basic). One
// iteration solves M_FF z_F = −q_F, computes w = M z + q and lists the infeasible
// indices I = {i ∈ F : z_i < −τ_z} ∪ {i ∈ G : w_i < −τ_w}. I empty: z solves the
// LCP. Otherwise (Júdice–Pires) every index of I changes side while |I| decreases,
// or for up to kBackupIterations iterations after the last decrease; then only the
// least index of I changes side (Murty's rule) until |I| drops below its best value.
// For a P-matrix every principal submatrix is nonsingular and Murty's rule cannot
// cycle, so the method is finite.
//
// Linear algebra: M is read once as a CSC matrix (no dense copy). For a symmetric M
// the principal submatrices are factorized by an up-looking sparse LDLᵀ (the
// elimination tree of M_FF, then one row of L per column), whose pivots d_k must be
// positive (a symmetric P-matrix is positive definite; d_k <= kPivotTolerance·M_kk
// means M is not a P-matrix). The elimination order is the natural one for a banded
// M (bandwidth <= kBandedBandwidth: no fill outside the band) and otherwise a
// minimum-degree order of the whole M computed once per call; M_FF is eliminated in
// the induced order, whose fill is contained in that of the whole matrix. A
// non-symmetric M_FF is factorized by Eigen's SparseLU (COLAMD). Every solve is
// checked (one step of iterative refinement when the residual is above roundoff).
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpPivoting.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/OrderingMethods>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using Sparse = Eigen::SparseMatrix<double>;
using StorageIndex = Sparse::StorageIndex;

constexpr int kBackupIterations = 3;
constexpr int kStallsBeforeRestart = 2;
constexpr Index kBandedBandwidth = 16;
constexpr double kSymmetryTolerance = 1e-13;  // |M_ij − M_ji| relative to max |M_ij|
constexpr double kPivotTolerance = 1e-13;     // LDLᵀ pivot d_k relative to M_kk
constexpr double kRefineResidual = 1e-13;     // refine when ‖M_FF z_F + q_F‖∞ > this·scale
constexpr double kMaxResidual = 1e-8;         // fail above this·scale after refinement

// Principal submatrix of a CSC matrix, in CSC arrays (column c = c-th index of F).
struct Submatrix {
  Index n = 0;
  std::vector<StorageIndex> outer, inner;
  std::vector<double> values;
  void clear(Index size) {
    n = size;
    outer.assign(1, 0);
    inner.clear();
    values.clear();
  }
  void push(StorageIndex row, double value) {
    inner.push_back(row);
    values.push_back(value);
  }
  void endColumn() { outer.push_back(static_cast<StorageIndex>(inner.size())); }
};

// Up-looking sparse LDLᵀ of a symmetric matrix given by its upper triangle (column k
// holds rows i <= k in any order, no duplicates): elimination tree and column counts
// of L first, then row k of L from a sparse triangular solve with the rows of the
// tree path of every entry of column k.
class SparseLdlt {
 public:
  /// -1 on success; otherwise the column whose pivot d_k <= relTol·A_kk (or is not
  /// finite), with that pivot in lastPivot().
  Index factorize(const Submatrix& A, double relTol) {
    symbolic(A);
    return refactorize(A, relTol);
  }

  /// factorize() for a matrix with the pattern of the last symbolic() / factorize()
  /// (elimination tree and column pointers of L reused; same arithmetic).
  Index refactorize(const Submatrix& A, double relTol) {
    const Index n = A.n;
    d_.resize(static_cast<size_t>(n));
    y_.assign(static_cast<size_t>(n), 0.0);
    stack_.resize(static_cast<size_t>(n));
    // Numeric.
    for (Index k = 0; k < n; ++k) {
      Index top = n;
      flag_[k] = k;
      count_[k] = 0;
      double akk = 0.0;
      for (StorageIndex p = A.outer[k]; p < A.outer[k + 1]; ++p) {
        Index i = A.inner[p];
        if (i > k) continue;
        y_[i] += A.values[p];
        if (i == k) akk = A.values[p];
        Index len = 0;
        for (; flag_[i] != k; i = parent_[i]) {
          stack_[len++] = i;
          flag_[i] = k;
        }
        while (len > 0) stack_[--top] = stack_[--len];
      }
      double dk = y_[k];
      y_[k] = 0.0;
      for (; top < n; ++top) {
        const Index i = stack_[top];
        const double yi = y_[i];
        y_[i] = 0.0;
        const Index end = start_[i] + count_[i];
        for (Index p = start_[i]; p < end; ++p) y_[rows_[p]] -= values_[p] * yi;
        const double lki = yi / d_[i];
        dk -= lki * yi;
        rows_[end] = k;
        values_[end] = lki;
        ++count_[i];
      }
      d_[k] = dk;
      if (!(dk > relTol * std::abs(akk)) || !(dk > 0.0) || !std::isfinite(dk)) {
        lastPivot_ = dk;
        return k;
      }
    }
    return -1;
  }

  /// Elimination tree and column pointers of L (sizes rows_/values_); returns nnz(L).
  Index symbolic(const Submatrix& A) {
    const Index n = A.n;
    n_ = n;
    parent_.assign(static_cast<size_t>(n), -1);
    flag_.assign(static_cast<size_t>(n), -1);
    count_.assign(static_cast<size_t>(n), 0);
    // Symbolic: elimination tree and number of entries per column of L.
    for (Index k = 0; k < n; ++k) {
      flag_[k] = k;
      for (StorageIndex p = A.outer[k]; p < A.outer[k + 1]; ++p) {
        for (Index i = A.inner[p]; i < k && flag_[i] != k; i = parent_[i]) {
          if (parent_[i] == -1) parent_[i] = k;
          ++count_[i];
          flag_[i] = k;
        }
      }
    }
    start_.resize(static_cast<size_t>(n + 1));
    start_[0] = 0;
    for (Index k = 0; k < n; ++k) start_[k + 1] = start_[k] + count_[k];
    rows_.resize(static_cast<size_t>(start_[n]));
    values_.resize(static_cast<size_t>(start_[n]));
    return start_[n];
  }

  /// Capacity for factorizations of up to n columns and nnzL entries of L.
  void reserve(Index n, Index nnzL) {
    for (auto* v : {&parent_, &flag_, &count_, &stack_}) v->reserve(static_cast<size_t>(n));
    start_.reserve(static_cast<size_t>(n + 1));
    rows_.reserve(static_cast<size_t>(nnzL));
    values_.reserve(static_cast<size_t>(nnzL));
    d_.reserve(static_cast<size_t>(n));
    y_.reserve(static_cast<size_t>(n));
  }

  /// x ← A⁻¹ x.
  void solve(Eigen::Ref<Eigen::VectorXd> x) const {
    for (Index j = 0; j < n_; ++j) {
      const double xj = x[j];
      for (Index p = start_[j]; p < start_[j + 1]; ++p) x[rows_[p]] -= values_[p] * xj;
    }
    for (Index j = 0; j < n_; ++j) x[j] /= d_[j];
    for (Index j = n_ - 1; j >= 0; --j) {
      double s = x[j];
      for (Index p = start_[j]; p < start_[j + 1]; ++p) s -= values_[p] * x[rows_[p]];
      x[j] = s;
    }
  }

  double lastPivot() const { return lastPivot_; }

 private:
  Index n_ = 0;
  std::vector<Index> parent_, flag_, count_, start_, rows_, stack_;
  std::vector<double> values_, d_, y_;
  double lastPivot_ = 0.0;
};

// Primal-dual interior-point iterations (Mehrotra predictor–corrector) on a symmetric
// positive definite LCP, for the active-set guess of the pivoting method after a stall.
// With r = M z + q − w, a step keeps w + Δw = M(z + Δz) + q (Δw = M Δz + r) and aims at
// (z + Δz)∘(w + Δw) = t: (M + diag(w/z)) Δz = t/z − w − c/z − r, c = Δz_a∘Δw_a the
// predictor's second-order term (t = 0, c = 0 in the predictor, t = σμ with
// σ = (μ_a/μ)³ in the corrector). The matrix has M's pattern (`full`: upper triangle in
// elimination order, diagonal entries at diagPos). Returns false when a factorization
// fails or the iterates stop being finite; `guess` gets F = {i : M_ii z_i > w_i}.
struct InteriorPointBuffers {
  Eigen::VectorXd z, w, r, dz, dw, dza, dwa, x, rhs, diag;
  Submatrix S;  // the pattern of `full`, values M + diag(w/z)
  std::vector<char> guess;
};

bool interiorPointGuess(const Sparse& A, const Eigen::VectorXd& q, const Submatrix& full,
                        const std::vector<Index>& diagPos, const std::vector<Index>& order,
                        double scaleZ, double scaleW, double tiny, SparseLdlt& ldlt,
                        InteriorPointBuffers& b) {
  const Index n = q.size();
  constexpr int kIterations = 60;
  Eigen::VectorXd& z = b.z;
  Eigen::VectorXd& w = b.w;
  Eigen::VectorXd &r = b.r, &dz = b.dz, &dw = b.dw, &dza = b.dza, &dwa = b.dwa, &x = b.x;
  const Eigen::VectorXd& diag = b.diag;
  std::vector<char>& guess = b.guess;
  Submatrix& S = b.S;
  z.setConstant(scaleZ);
  w.setConstant(scaleW);
  const auto step = [&](const Eigen::VectorXd& a, const Eigen::VectorXd& da,
                        const Eigen::VectorXd& b, const Eigen::VectorXd& db) {
    double alpha = 1.0;
    for (Index i = 0; i < n; ++i) {
      if (da[i] < 0.0) alpha = std::min(alpha, -a[i] / da[i]);
      if (db[i] < 0.0) alpha = std::min(alpha, -b[i] / db[i]);
    }
    return alpha;
  };
  const auto direction = [&](const Eigen::VectorXd& rhs, Eigen::VectorXd& d, Eigen::VectorXd& e) {
    for (Index c = 0; c < n; ++c) x[c] = rhs[order[c]];
    ldlt.solve(x);
    for (Index c = 0; c < n; ++c) d[order[c]] = x[c];
    e = r;
    e.noalias() += A * d;
  };
  const double mu0 = scaleZ * scaleW;
  Eigen::VectorXd& rhs = b.rhs;
  ldlt.symbolic(S);  // the pattern of S is fixed: one symbolic analysis per restart
  for (int it = 0; it < kIterations; ++it) {
    r = q - w;
    r.noalias() += A * z;
    const double mu = z.dot(w) / static_cast<double>(n);
    if (!(mu > 1e-30 * mu0)) break;
    if (r.cwiseAbs().maxCoeff() <= 1e-9 * scaleW) {
      // Stop when every index is decided: min(M_ii z_i, w_i) <= 1e-3 max(M_ii z_i, w_i),
      // or both below `tiny` (a degenerate index, z_i = w_i = 0 at the solution: either
      // side is feasible for the pivoting, which checks the guess anyway).
      bool decided = true;
      for (Index i = 0; i < n && decided; ++i) {
        const double a = diag[i] * z[i], b = w[i];
        decided = std::min(a, b) <= 1e-3 * std::max(a, b) || std::max(a, b) <= tiny;
      }
      if (decided) break;
    }
    S.values = full.values;
    for (Index c = 0; c < n; ++c) S.values[diagPos[c]] += w[order[c]] / z[order[c]];
    if (ldlt.refactorize(S, 0.0) >= 0) return false;
    rhs = -w - r;
    direction(rhs, dza, dwa);
    const double alphaA = step(z, dza, w, dwa);
    const double muA = (z + alphaA * dza).dot(w + alphaA * dwa) / static_cast<double>(n);
    const double sigma = std::pow(std::max(muA, 0.0) / mu, 3.0);
    rhs = (sigma * mu - dza.array() * dwa.array()).matrix().cwiseQuotient(z) - w - r;
    direction(rhs, dz, dw);
    const double alpha = std::min(1.0, 0.99 * step(z, dz, w, dw));
    z += alpha * dz;
    w += alpha * dw;
    if (!z.allFinite() || !w.allFinite()) return false;
  }
  for (Index i = 0; i < n; ++i) guess[i] = diag[i] * z[i] > w[i];
  return true;
}

}  // namespace

struct LcpPivotingWorkspace::Impl {
  // What the last setup saw.
  bool ready = false;
  bool persistent = false;  // setup() called by the owner: eager preparation
  bool ipReady = false;
  Matrix::Storage storage = Matrix::Storage::Dense;
  const void* matrix = nullptr;
  std::uint64_t patternVersion = 0;
  Index n = -1;
  Index storedValues = 0;  // SparseBlock: number of stored block values
  int setupCount = 0;
  int interiorRestarts = 0;

  // Pattern work.
  Sparse A;                                   // CSC copy of M (every stored entry)
  std::vector<StorageIndex> blockMap;         // SparseBlock value t -> position in A
  std::vector<StorageIndex> partner;          // position of the transposed entry, or -1
  std::vector<StorageIndex> diagonalPos;      // position of A_jj in A, or -1
  std::vector<Index> natural, minimumDegree;  // elimination orders (minimumDegree = natural
                                              // when banded)
  Submatrix full;                        // upper triangle of M in minimumDegree order + diagonal
  std::vector<Index> fullDiagPos;        // position of the diagonal entry of column c in full
  std::vector<StorageIndex> fullSource;  // position in A of full's entries, or -1

  // Per-solve buffers (capacity set at setup).
  std::vector<char> inF, savedF;
  std::vector<StorageIndex> pos;
  std::vector<Index> list, infeasible, savedInfeasible;
  Submatrix sub;
  SparseLdlt ldlt;
  Eigen::SparseLU<Sparse, Eigen::COLAMDOrdering<StorageIndex>> lu;
  Eigen::VectorXd x, r, dx, savedZ, savedW;
  InteriorPointBuffers ip;

  /// eager: also the interior-point pattern and the LDLᵀ capacity (a persistent
  /// workspace); otherwise they are prepared at the first restart.
  void setup(const Matrix& M, bool eager);
  void prepareInteriorPoint();
  bool matches(const Matrix& M);
  void refill(const Matrix& M);
};

void LcpPivotingWorkspace::Impl::setup(const Matrix& M, bool eager) {
  storage = M.storage();
  n = M.rows();
  patternVersion = 0;
  storedValues = 0;
  blockMap.clear();
  if (M.isSparseBlock()) {
    // CSC with every stored entry; block rows visited in increasing order keep the
    // row indices of every column sorted.
    const SparseBlockMatrix& S = M.sparseBlock();
    matrix = &S;
    patternVersion = S.patternVersion();
    storedValues = S.nonZeros();
    std::vector<StorageIndex> next(static_cast<size_t>(S.cols()) + 1, 0);
    for (Index i = 0; i < S.blockRows(); ++i) {
      const Index nr = S.rowBlockSize(i);
      for (Index k = S.rowPointer()[i]; k < S.rowPointer()[i + 1]; ++k) {
        const Index j = S.columnIndex()[static_cast<size_t>(k)];
        for (Index c = 0; c < S.colBlockSize(j); ++c)
          next[static_cast<size_t>(S.colBlockOffset(j) + c + 1)] += static_cast<StorageIndex>(nr);
      }
    }
    for (Index c = 0; c < S.cols(); ++c) next[c + 1] += next[c];
    A = Sparse(S.rows(), S.cols());
    A.resizeNonZeros(next.back());
    std::copy(next.begin(), next.end(), A.outerIndexPtr());
    blockMap.assign(static_cast<size_t>(S.nonZeros()), 0);
    for (Index i = 0; i < S.blockRows(); ++i) {
      const Index nr = S.rowBlockSize(i), r0 = S.rowBlockOffset(i);
      for (Index k = S.rowPointer()[i]; k < S.rowPointer()[i + 1]; ++k) {
        const Index j = S.columnIndex()[static_cast<size_t>(k)];
        for (Index c = 0; c < S.colBlockSize(j); ++c) {
          const Index col = S.colBlockOffset(j) + c;
          for (Index rr = 0; rr < nr; ++rr) {
            const StorageIndex p = next[col]++;
            A.innerIndexPtr()[p] = static_cast<StorageIndex>(r0 + rr);
            blockMap[static_cast<size_t>(S.blockOffset(k) + c * nr + rr)] = p;
          }
        }
      }
    }
  } else if (M.isSparse()) {
    matrix = &M.sparse();
    A = M.sparse();
    A.makeCompressed();
  } else {
    matrix = &M.dense();
    A = M.toSparse();
    A.makeCompressed();
  }
  refill(M);
  const Index nnz = A.nonZeros();

  // Transposed entries: the entries of every row, by increasing column.
  std::vector<StorageIndex> rowStart(static_cast<size_t>(n) + 1, 0),
      byRow(static_cast<size_t>(nnz));
  std::vector<StorageIndex> byRowCol(static_cast<size_t>(nnz));
  for (Index p = 0; p < nnz; ++p) ++rowStart[A.innerIndexPtr()[p] + 1];
  for (Index i = 0; i < n; ++i) rowStart[i + 1] += rowStart[i];
  {
    std::vector<StorageIndex> fillRow(rowStart.begin(), rowStart.end() - 1);
    for (Index j = 0; j < n; ++j) {
      for (StorageIndex p = A.outerIndexPtr()[j]; p < A.outerIndexPtr()[j + 1]; ++p) {
        const StorageIndex t = fillRow[A.innerIndexPtr()[p]]++;
        byRow[t] = p;
        byRowCol[t] = static_cast<StorageIndex>(j);
      }
    }
  }
  partner.assign(static_cast<size_t>(nnz), -1);
  diagonalPos.assign(static_cast<size_t>(n), -1);
  Index band = 0;
  for (Index j = 0; j < n; ++j) {
    for (StorageIndex p = A.outerIndexPtr()[j]; p < A.outerIndexPtr()[j + 1]; ++p) {
      const Index i = A.innerIndexPtr()[p];
      band = std::max<Index>(band, std::abs(i - j));
      if (i == j) diagonalPos[j] = p;
      // (j, i) is in row j at column i.
      const auto first = byRowCol.begin() + rowStart[j], last = byRowCol.begin() + rowStart[j + 1];
      const auto it = std::lower_bound(first, last, static_cast<StorageIndex>(i));
      if (it != last && *it == i) partner[p] = byRow[static_cast<size_t>(it - byRowCol.begin())];
    }
  }

  // Elimination orders: natural, and minimum degree unless banded.
  natural.resize(static_cast<size_t>(n));
  for (Index k = 0; k < n; ++k) natural[k] = k;
  minimumDegree = natural;
  if (band > kBandedBandwidth) {
    Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, StorageIndex> inverse;
    Eigen::AMDOrdering<StorageIndex> amd;
    amd(A, inverse);
    if (inverse.size() == n) {
      for (Index k = 0; k < n; ++k) minimumDegree[k] = inverse.indices()[k];
    }
  }

  ipReady = false;
  if (eager) prepareInteriorPoint();

  inF.resize(static_cast<size_t>(n));
  savedF.resize(static_cast<size_t>(n));
  pos.resize(static_cast<size_t>(n));
  for (auto* v : {&list, &infeasible, &savedInfeasible}) {
    v->clear();
    v->reserve(static_cast<size_t>(n));
  }
  sub.outer.reserve(static_cast<size_t>(n) + 1);
  sub.inner.reserve(static_cast<size_t>(nnz));
  sub.values.reserve(static_cast<size_t>(nnz));
  for (auto* v : {&x, &r, &dx, &savedZ, &savedW}) v->resize(n);
  ready = true;
  ++setupCount;
}

void LcpPivotingWorkspace::Impl::prepareInteriorPoint() {
  if (ipReady) return;
  // Interior-point matrix: the whole M (upper triangle in elimination order) with
  // explicit diagonal entries; the LDLᵀ capacity from its fill.
  std::vector<Index> rank(static_cast<size_t>(n));
  for (Index k = 0; k < n; ++k) rank[minimumDegree[k]] = k;
  full.clear(n);
  fullSource.clear();
  fullDiagPos.assign(static_cast<size_t>(n), -1);
  for (Index c = 0; c < n; ++c) {
    const Index j = minimumDegree[c];
    for (StorageIndex p = A.outerIndexPtr()[j]; p < A.outerIndexPtr()[j + 1]; ++p) {
      const Index rk = rank[A.innerIndexPtr()[p]];
      if (rk > c) continue;
      if (rk == c) fullDiagPos[c] = static_cast<Index>(full.values.size());
      full.push(static_cast<StorageIndex>(rk), 0.0);
      fullSource.push_back(p);
    }
    if (fullDiagPos[c] < 0) {
      fullDiagPos[c] = static_cast<Index>(full.values.size());
      full.push(static_cast<StorageIndex>(c), 0.0);
      fullSource.push_back(-1);
    }
    full.endColumn();
  }
  const Index nnzL = ldlt.symbolic(full);
  ldlt.reserve(n, nnzL);
  ip.S = full;
  for (auto* v : {&ip.z, &ip.w, &ip.r, &ip.dz, &ip.dw, &ip.dza, &ip.dwa, &ip.x, &ip.rhs, &ip.diag})
    v->resize(n);
  ip.guess.resize(static_cast<size_t>(n));

  ipReady = true;
}

bool LcpPivotingWorkspace::Impl::matches(const Matrix& M) {
  if (!ready || M.storage() != storage || M.rows() != n || M.cols() != n) return false;
  if (M.isSparseBlock()) {
    const SparseBlockMatrix& S = M.sparseBlock();
    return matrix == &S && S.patternVersion() == patternVersion && S.nonZeros() == storedValues;
  }
  if (M.isSparse()) {
    const Sparse& S = M.sparse();
    const Index nnz = A.nonZeros();
    return S.isCompressed() && S.nonZeros() == nnz &&
           std::equal(S.outerIndexPtr(), S.outerIndexPtr() + n + 1, A.outerIndexPtr()) &&
           std::equal(S.innerIndexPtr(), S.innerIndexPtr() + nnz, A.innerIndexPtr());
  }
  return false;  // Dense: the pattern follows the values
}

void LcpPivotingWorkspace::Impl::refill(const Matrix& M) {
  if (M.isSparseBlock()) {
    const std::vector<double>& v = M.sparseBlock().values();
    double* a = A.valuePtr();
    for (size_t t = 0; t < v.size(); ++t) a[blockMap[t]] = v[t];
  } else if (M.isSparse()) {
    const Sparse& S = M.sparse();
    if (S.isCompressed()) std::copy(S.valuePtr(), S.valuePtr() + S.nonZeros(), A.valuePtr());
  }
}

LcpPivotingWorkspace::LcpPivotingWorkspace() : impl_(std::make_unique<Impl>()) {}
LcpPivotingWorkspace::~LcpPivotingWorkspace() = default;
LcpPivotingWorkspace::LcpPivotingWorkspace(LcpPivotingWorkspace&&) noexcept = default;
LcpPivotingWorkspace& LcpPivotingWorkspace::operator=(LcpPivotingWorkspace&&) noexcept = default;
void LcpPivotingWorkspace::setup(const Matrix& M) {
  impl_->persistent = true;
  impl_->setup(M, true);
}
int LcpPivotingWorkspace::setupCount() const { return impl_->setupCount; }
int LcpPivotingWorkspace::interiorPointRestarts() const { return impl_->interiorRestarts; }

SolverResult lcpPivoting(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options) {
  LcpPivotingWorkspace workspace;
  return lcpPivoting(problem, z, w, options, workspace);
}

SolverResult lcpPivoting(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                         Eigen::VectorXd& w, const SolverOptions& options,
                         LcpPivotingWorkspace& workspace) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "pivot";
  const Index n = problem.size();
  lcp_detail::sanitizeWarmStart(z, n);
  const Eigen::VectorXd& q = problem.q();
  if (n == 0) {
    result.status = SolverStatus::Converged;
    lcp_detail::finish(problem, z, w, options, result, "pivots");
    return result;
  }
  LcpPivotingWorkspace::Impl& ws = *workspace.impl_;
  if (ws.matches(problem.M())) {
    ws.refill(problem.M());
  } else {
    ws.setup(problem.M(), ws.persistent);
  }
  const Sparse& A = ws.A;
  const Index nnz = A.nonZeros();
  const double* values = A.valuePtr();

  // Symmetry of the current values through the transposed-entry index:
  // |M_ij − M_ji| <= kSymmetryTolerance·max |M_ij| (a missing entry counts as 0).
  double aMax = 0.0, diagMax = 0.0;
  for (Index p = 0; p < nnz; ++p) aMax = std::max(aMax, std::abs(values[p]));
  for (Index j = 0; j < n; ++j) {
    if (ws.diagonalPos[j] >= 0) diagMax = std::max(diagMax, std::abs(values[ws.diagonalPos[j]]));
  }
  bool symmetric = true;
  for (Index p = 0; p < nnz && symmetric; ++p) {
    const StorageIndex t = ws.partner[p];
    const double d = values[p] - (t >= 0 ? values[t] : 0.0);
    symmetric = !(std::abs(d) > kSymmetryTolerance * aMax);
  }

  // Elimination order: order[k] is the k-th index of F (natural, or minimum degree).
  const std::vector<Index>& order = symmetric ? ws.minimumDegree : ws.natural;

  // Infeasibility thresholds: accepting w_i in (−τ_w, 0) or clipping z_i in (−τ_z, 0)
  // adds at most ~1e-2·tolerance to the Siconos error.
  const double qScale = lcp_detail::errorScale(q);
  const double qInf = q.cwiseAbs().maxCoeff();
  const double tauW =
      std::max(1e-2 * options.tolerance * qScale / std::sqrt(double(n)), 1e-15 * qInf);
  const double tauZ = tauW / (diagMax > 0.0 ? diagMax : (aMax > 0.0 ? aMax : 1.0));

  std::vector<char>& inF = ws.inF;
  for (Index i = 0; i < n; ++i) inF[i] = z[i] > 0.0;
  std::vector<StorageIndex>& pos = ws.pos;
  std::vector<Index>& list = ws.list;
  std::vector<Index>& infeasible = ws.infeasible;
  Submatrix& sub = ws.sub;
  SparseLdlt& ldlt = ws.ldlt;
  auto& lu = ws.lu;
  Eigen::VectorXd &xBuffer = ws.x, &rBuffer = ws.r, &dxBuffer = ws.dx;

  // Solves M_FF z_F = −q_F for the current F, sets z (z_G = 0), w = M z + q and the list
  // of infeasible indices; returns the reason of a failure ("" on success, z and w are
  // then unchanged).
  const auto evaluate = [&]() -> std::string {
    list.clear();
    for (Index k = 0; k < n; ++k) {
      const Index i = order[k];
      if (inF[i]) {
        pos[i] = static_cast<StorageIndex>(list.size());
        list.push_back(i);
      } else {
        pos[i] = -1;
      }
    }
    const Index nF = static_cast<Index>(list.size());
    auto x = xBuffer.head(nF);
    if (nF > 0) {
      sub.clear(nF);
      for (Index c = 0; c < nF; ++c) {
        for (Sparse::InnerIterator it(A, list[c]); it; ++it) {
          const StorageIndex p = pos[it.row()];
          if (p >= 0 && (!symmetric || p <= c)) sub.push(p, it.value());
        }
        sub.endColumn();
      }
      for (Index c = 0; c < nF; ++c) x[c] = -q[list[c]];
      const auto what = [&]() { return "principal submatrix of " + std::to_string(nF) + " rows "; };
      if (symmetric) {
        const Index bad = ldlt.factorize(sub, kPivotTolerance);
        if (bad >= 0) {
          return what() + "not positive definite (LDLT pivot " + lcp_detail::fmt(ldlt.lastPivot()) +
                 " at index " + std::to_string(list[bad]) + "): M is not a P-matrix";
        }
        ldlt.solve(x);
      } else {
        const Eigen::Map<const Sparse> S(nF, nF, static_cast<Index>(sub.inner.size()),
                                         sub.outer.data(), sub.inner.data(), sub.values.data());
        lu.compute(Sparse(S));
        if (lu.info() != Eigen::Success) {
          return what() + "is singular (sparse LU: " + lu.lastErrorMessage() +
                 "): M is not a P-matrix";
        }
        dxBuffer.head(nF) = lu.solve(x);
        x = dxBuffer.head(nF);
      }
      // Residual of M_FF x = −q_F; one refinement step when it is above roundoff.
      auto r = rBuffer.head(nF);
      const auto residual = [&]() {
        if (!x.allFinite()) return std::numeric_limits<double>::infinity();
        for (Index c = 0; c < nF; ++c) r[c] = q[list[c]];
        for (Index c = 0; c < nF; ++c) {
          for (Sparse::InnerIterator it(A, list[c]); it; ++it) {
            const StorageIndex p = pos[it.row()];
            if (p >= 0) r[p] += it.value() * x[c];
          }
        }
        const double scale = qInf + aMax * x.cwiseAbs().maxCoeff();
        return r.cwiseAbs().maxCoeff() / (scale > 0.0 ? scale : 1.0);
      };
      double rel = residual();
      if (std::isfinite(rel) && rel > kRefineResidual) {
        auto dx = dxBuffer.head(nF);
        dx = -r;
        if (symmetric) {
          ldlt.solve(dx);
        } else {
          const Eigen::VectorXd correction = lu.solve(dx);
          dx = correction;
        }
        x += dx;
        rel = residual();
      }
      if (!(rel <= kMaxResidual)) {
        return what() + "is numerically singular (relative residual " + lcp_detail::fmt(rel) +
               "): M is not a P-matrix or too badly conditioned";
      }
    }
    z.setZero();
    for (Index c = 0; c < nF; ++c) z[list[c]] = x[c];
    w = q;
    w.noalias() += A * z;
    infeasible.clear();
    for (Index i = 0; i < n; ++i) {
      if (inF[i] ? z[i] < -tauZ : w[i] < -tauW) infeasible.push_back(i);
    }
    if (options.verbosity >= 2) {
      std::cerr << "pivot: iteration " << result.iterations << ", |F| = " << nF << ", "
                << infeasible.size() << " infeasible\n";
    }
    return std::string();
  };

  // Start: F from the warm start (F = ∅ when cold). When it is not the solution, the
  // other end F = {1..n} (z = −M⁻¹q) is tried too and the iterations go on from the
  // one with fewer infeasibilities: a large connected active set (a resting column of
  // bodies) is then reached at once instead of growing by one index per iteration
  // from its borders. The attempt counts as an exchange when it is kept.
  z.setZero();
  std::string failure = evaluate();
  if (failure.empty() && !infeasible.empty()) {
    ws.savedF = inF;
    ws.savedInfeasible = infeasible;
    ws.savedZ = z;
    ws.savedW = w;
    std::fill(inF.begin(), inF.end(), 1);
    if (evaluate().empty() && infeasible.size() < ws.savedInfeasible.size()) {
      ++result.iterations;
    } else {
      inF = ws.savedF;
      infeasible = ws.savedInfeasible;
      z = ws.savedZ;
      w = ws.savedW;
    }
  }

  bool interiorTried = false;
  const auto interiorPointStart = [&]() {
    ++ws.interiorRestarts;
    ws.prepareInteriorPoint();
    // The whole M (upper triangle, elimination order) with explicit diagonal entries.
    Submatrix& full = ws.full;
    for (size_t t = 0; t < full.values.size(); ++t) {
      const StorageIndex p = ws.fullSource[t];
      full.values[t] = p >= 0 ? values[p] : 0.0;
    }
    Eigen::VectorXd& diag = ws.ip.diag;
    for (Index c = 0; c < n; ++c) {
      const StorageIndex p = ws.fullSource[static_cast<size_t>(ws.fullDiagPos[c])];
      diag[order[c]] = p >= 0 ? values[p] : 0.0;
    }
    // Starting point z = scaleZ·1, w = scaleW·1, scaleZ at least the largest z met so far.
    const double scaleW = std::max(qInf, 1e-300);
    const double scaleZ =
        std::max(scaleW / (diagMax > 0.0 ? diagMax : 1.0), z.cwiseAbs().maxCoeff());
    if (!interiorPointGuess(A, q, full, ws.fullDiagPos, order, scaleZ, scaleW, 1e-6 * scaleW, ldlt,
                            ws.ip))
      return false;
    inF = ws.ip.guess;
    return true;
  };
  int best = std::numeric_limits<int>::max();
  int backup = kBackupIterations;
  int stalls = 0;  // consecutive iterations without a decrease of |I|
  result.status = SolverStatus::MaxIterations;
  while (true) {
    if (!failure.empty()) {
      result.status = SolverStatus::Failed;
      result.message = failure + " after " + std::to_string(result.iterations) + " exchanges";
      break;
    }
    const int count = static_cast<int>(infeasible.size());
    if (count == 0) {
      result.status = SolverStatus::Converged;
      break;
    }
    if (result.iterations >= options.maxIterations) {
      result.message = "budget of " + std::to_string(options.maxIterations) +
                       " exchanges exhausted (" + std::to_string(count) + " infeasible indices)";
      break;
    }
    stalls = count < best ? 0 : stalls + 1;
    if (count < best) {
      best = count;
      backup = kBackupIterations;
      for (Index i : infeasible) inF[i] ^= 1;
    } else if (!interiorTried && symmetric && stalls >= kStallsBeforeRestart) {
      // First stall (typically an active set that grows by one index per iteration
      // from its borders along a chain): restart once from the active set of an
      // approximate interior-point solution; block exchanges and Murty's rule after.
      interiorTried = true;
      if (interiorPointStart()) {
        best = std::numeric_limits<int>::max();
        backup = kBackupIterations;
      } else {
        inF[infeasible.front()] ^= 1;
      }
    } else if (backup > 0) {
      --backup;
      for (Index i : infeasible) inF[i] ^= 1;
    } else {
      inF[infeasible.front()] ^= 1;  // Murty: least infeasible index
    }
    ++result.iterations;
    failure = evaluate();
  }
  // The last successful evaluation (or z = 0), F clipped at 0.
  z = z.cwiseMax(0.0);
  lcp_detail::finish(problem, z, w, options, result, "exchanges");
  return result;
}

}  // namespace moreau::numerics
