#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <Eigen/SparseLU>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>

#include <cholmod.h>
#include <klu.h>
#include <umfpack.h>

namespace moreau::numerics {

namespace {

using SpMat = Eigen::SparseMatrix<double>;
static_assert(std::is_same_v<SpMat::StorageIndex, int>,
              "the SuiteSparse int interfaces expect 32-bit indices");

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

bool isSorted(const SpMat& A) {
  for (Eigen::Index j = 0; j < A.outerSize(); ++j) {
    const int* b = A.innerIndexPtr() + A.outerIndexPtr()[j];
    const int* e = A.innerIndexPtr() + A.outerIndexPtr()[j + 1];
    if (std::adjacent_find(b, e, [](int a, int c) { return a >= c; }) != e) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// CHOLMOD (RAII: cholmod_start/cholmod_finish; factor and dense workspaces freed
// with cholmod_free_* in the destructor).
class CholmodSolver final : public SparseLinearSolver {
 public:
  CholmodSolver() : SparseLinearSolver(SparseSolverKind::Cholmod) {
    cholmod_start(&common_);
    common_.print = 0;  // no messages on stderr; errors are reported through status
    common_.error_handler = nullptr;
    common_.final_ll = 1;  // simplicial LL' (an LDL' would accept indefinite matrices)
  }
  ~CholmodSolver() override {
    freeFactor();
    if (x_ != nullptr) cholmod_free_dense(&x_, &common_);
    if (y_ != nullptr) cholmod_free_dense(&y_, &common_);
    if (e_ != nullptr) cholmod_free_dense(&e_, &common_);
    cholmod_finish(&common_);
  }

 protected:
  bool doAnalyze(SpMat& A) override {
    freeFactor();
    cholmod_sparse view = sparseView(A);
    factor_ = cholmod_analyze(&view, &common_);
    if (factor_ == nullptr) return fail("CHOLMOD analyze failed (status " + statusText() + ")");
    return true;
  }

  bool doFactorize(SpMat& A) override {
    // Symmetry check: CHOLMOD reads the lower triangle only.
    const SpMat At = A.transpose();
    const double scale = std::max(
        1.0,
        Eigen::Map<const Eigen::VectorXd>(A.valuePtr(), A.nonZeros()).lpNorm<Eigen::Infinity>());
    if ((A - At).pruned(0.0, 0.0).norm() > 1e-12 * scale * std::sqrt(double(A.nonZeros() + 1))) {
      return fail(
          "CHOLMOD needs a symmetric positive definite matrix; the matrix is not symmetric");
    }
    cholmod_sparse view = sparseView(A);
    const int ok = cholmod_factorize(&view, factor_, &common_);
    if (!ok || common_.status < 0) {
      return fail("CHOLMOD factorize failed (status " + statusText() + ")");
    }
    if (common_.status == CHOLMOD_NOT_POSDEF ||
        factor_->minor < static_cast<std::size_t>(A.rows())) {
      return fail("CHOLMOD: the matrix is not positive definite (leading minor of order " +
                  std::to_string(factor_->minor + 1) + " is not positive)");
    }
    const double r = cholmod_rcond(factor_, &common_);
    rcond_ = r * r;  // rcond of L squared ~ rcond of A
    if (!(rcond_ >= singularThreshold_)) {
      return fail("CHOLMOD: the matrix is numerically singular (rcond estimate " + num(rcond_) +
                  ")");
    }
    return true;
  }

  bool doSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) override {
    rhs_ = b;
    cholmod_dense B{};
    B.nrow = static_cast<std::size_t>(b.size());
    B.ncol = 1;
    B.nzmax = B.nrow;
    B.d = B.nrow;
    B.x = rhs_.data();
    B.xtype = CHOLMOD_REAL;
    B.dtype = CHOLMOD_DOUBLE;
    const int ok =
        cholmod_solve2(CHOLMOD_A, factor_, &B, nullptr, &x_, nullptr, &y_, &e_, &common_);
    if (!ok || x_ == nullptr) return fail("CHOLMOD solve failed (status " + statusText() + ")");
    x = Eigen::Map<const Eigen::VectorXd>(static_cast<const double*>(x_->x), b.size());
    return true;
  }

 private:
  static cholmod_sparse sparseView(SpMat& A) {
    cholmod_sparse s{};
    s.nrow = static_cast<std::size_t>(A.rows());
    s.ncol = static_cast<std::size_t>(A.cols());
    s.nzmax = static_cast<std::size_t>(A.nonZeros());
    s.p = A.outerIndexPtr();
    s.i = A.innerIndexPtr();
    s.x = A.valuePtr();
    s.stype = -1;  // symmetric, lower triangle used
    s.itype = CHOLMOD_INT;
    s.xtype = CHOLMOD_REAL;
    s.dtype = CHOLMOD_DOUBLE;
    s.sorted = isSorted(A) ? 1 : 0;
    s.packed = 1;
    return s;
  }
  std::string statusText() const { return std::to_string(common_.status); }
  void freeFactor() {
    if (factor_ != nullptr) cholmod_free_factor(&factor_, &common_);
  }

  cholmod_common common_{};
  cholmod_factor* factor_ = nullptr;
  cholmod_dense* x_ = nullptr;  // solve2 workspaces, reused between solves
  cholmod_dense* y_ = nullptr;
  cholmod_dense* e_ = nullptr;
  Eigen::VectorXd rhs_;
};

// ---------------------------------------------------------------------------
// UMFPACK (RAII: symbolic/numeric objects freed with umfpack_di_free_*).
class UmfpackSolver final : public SparseLinearSolver {
 public:
  UmfpackSolver() : SparseLinearSolver(SparseSolverKind::Umfpack) {
    umfpack_di_defaults(control_);
    control_[UMFPACK_PRL] = 0;
  }
  ~UmfpackSolver() override {
    freeNumeric();
    freeSymbolic();
  }

 protected:
  bool doAnalyze(SpMat& A) override {
    freeNumeric();
    freeSymbolic();
    matrix_ = &A;
    const int n = static_cast<int>(A.rows());
    const int status = umfpack_di_symbolic(n, n, A.outerIndexPtr(), A.innerIndexPtr(), A.valuePtr(),
                                           &symbolic_, control_, info_);
    if (status != UMFPACK_OK) {
      symbolic_ = nullptr;
      return fail("UMFPACK symbolic analysis failed (status " + std::to_string(status) + ")");
    }
    return true;
  }

  bool doFactorize(SpMat& A) override {
    freeNumeric();
    matrix_ = &A;
    const int status = umfpack_di_numeric(A.outerIndexPtr(), A.innerIndexPtr(), A.valuePtr(),
                                          symbolic_, &numeric_, control_, info_);
    if (status == UMFPACK_WARNING_singular_matrix) {
      freeNumeric();
      return fail("UMFPACK: the matrix is singular");
    }
    if (status != UMFPACK_OK) {
      freeNumeric();
      return fail("UMFPACK numeric factorization failed (status " + std::to_string(status) + ")");
    }
    rcond_ = info_[UMFPACK_RCOND];
    if (!(rcond_ >= singularThreshold_)) {
      freeNumeric();
      return fail("UMFPACK: the matrix is numerically singular (rcond estimate " + num(rcond_) +
                  ")");
    }
    wi_.resize(static_cast<std::size_t>(A.rows()));
    w_.resize(5 * static_cast<std::size_t>(A.rows()));  // with iterative refinement
    return true;
  }

  bool doSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) override {
    x.resize(b.size());
    const int status = umfpack_di_wsolve(
        UMFPACK_A, matrix_->outerIndexPtr(), matrix_->innerIndexPtr(), matrix_->valuePtr(),
        x.data(), b.data(), numeric_, control_, info_, wi_.data(), w_.data());
    if (status != UMFPACK_OK) {
      return fail("UMFPACK solve failed (status " + std::to_string(status) + ")");
    }
    return true;
  }

 private:
  void freeSymbolic() {
    if (symbolic_ != nullptr) umfpack_di_free_symbolic(&symbolic_);
  }
  void freeNumeric() {
    if (numeric_ != nullptr) umfpack_di_free_numeric(&numeric_);
  }

  double control_[UMFPACK_CONTROL]{};
  double info_[UMFPACK_INFO]{};
  void* symbolic_ = nullptr;
  void* numeric_ = nullptr;
  const SpMat* matrix_ = nullptr;  // the base class's copy (iterative refinement needs it)
  std::vector<int> wi_;
  std::vector<double> w_;
};

// ---------------------------------------------------------------------------
// KLU (RAII: klu_free_symbolic / klu_free_numeric).
class KluSolver final : public SparseLinearSolver {
 public:
  KluSolver() : SparseLinearSolver(SparseSolverKind::Klu) { klu_defaults(&common_); }
  ~KluSolver() override {
    freeNumeric();
    freeSymbolic();
  }

 protected:
  bool doAnalyze(SpMat& A) override {
    freeNumeric();
    freeSymbolic();
    symbolic_ =
        klu_analyze(static_cast<int>(A.rows()), A.outerIndexPtr(), A.innerIndexPtr(), &common_);
    if (symbolic_ == nullptr) {
      return fail("KLU analyze failed (status " + std::to_string(common_.status) + ")");
    }
    return true;
  }

  bool doFactorize(SpMat& A) override {
    freeNumeric();
    numeric_ = klu_factor(A.outerIndexPtr(), A.innerIndexPtr(), A.valuePtr(), symbolic_, &common_);
    if (numeric_ == nullptr || common_.status == KLU_SINGULAR) {
      freeNumeric();
      if (common_.status == KLU_SINGULAR) return fail("KLU: the matrix is singular");
      return fail("KLU factorization failed (status " + std::to_string(common_.status) + ")");
    }
    if (klu_rcond(symbolic_, numeric_, &common_) == 0) {
      freeNumeric();
      return fail("KLU rcond estimate failed");
    }
    rcond_ = common_.rcond;
    if (!(rcond_ >= singularThreshold_)) {
      freeNumeric();
      return fail("KLU: the matrix is numerically singular (rcond estimate " + num(rcond_) + ")");
    }
    return true;
  }

  bool doSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) override {
    x = b;
    const int n = static_cast<int>(b.size());
    if (klu_solve(symbolic_, numeric_, n, 1, x.data(), &common_) == 0) {
      return fail("KLU solve failed (status " + std::to_string(common_.status) + ")");
    }
    return true;
  }

 private:
  void freeSymbolic() {
    if (symbolic_ != nullptr) klu_free_symbolic(&symbolic_, &common_);
  }
  void freeNumeric() {
    if (numeric_ != nullptr) klu_free_numeric(&numeric_, &common_);
  }

  klu_common common_{};
  klu_symbolic* symbolic_ = nullptr;
  klu_numeric* numeric_ = nullptr;
};

// ---------------------------------------------------------------------------
// Eigen::SparseLU (fallback; no rcond estimate, the residual check in solve() guards).
class EigenLuSolver final : public SparseLinearSolver {
 public:
  EigenLuSolver() : SparseLinearSolver(SparseSolverKind::EigenLU) {}

 protected:
  bool doAnalyze(SpMat& A) override {
    lu_.analyzePattern(A);
    return true;
  }
  bool doFactorize(SpMat& A) override {
    lu_.factorize(A);
    if (lu_.info() != Eigen::Success) {
      return fail("Eigen SparseLU: the matrix is singular (" + lu_.lastErrorMessage() + ")");
    }
    return true;
  }
  bool doSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) override {
    x = lu_.solve(b);
    if (lu_.info() != Eigen::Success) return fail("Eigen SparseLU solve failed");
    return true;
  }

 private:
  Eigen::SparseLU<SpMat, Eigen::COLAMDOrdering<int>> lu_;
};

}  // namespace

const char* sparseSolverKindName(SparseSolverKind kind) {
  switch (kind) {
    case SparseSolverKind::Cholmod:
      return "cholmod";
    case SparseSolverKind::Umfpack:
      return "umfpack";
    case SparseSolverKind::Klu:
      return "klu";
    case SparseSolverKind::EigenLU:
      return "eigenlu";
  }
  return "unknown";
}

bool parseSparseSolverKind(std::string_view name, SparseSolverKind& kind) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (auto k : {SparseSolverKind::Cholmod, SparseSolverKind::Umfpack, SparseSolverKind::Klu,
                 SparseSolverKind::EigenLU}) {
    if (lower == sparseSolverKindName(k)) {
      kind = k;
      return true;
    }
  }
  return false;
}

SparseLinearSolver::~SparseLinearSolver() = default;

bool SparseLinearSolver::fail(std::string message) {
  lastError_ = std::move(message);
  return false;
}

bool SparseLinearSolver::samePattern(const SparseMatrix& A) const {
  if (!analysed_ || !A.isCompressed() || A.rows() != matrix_.rows() || A.cols() != matrix_.cols() ||
      A.nonZeros() != matrix_.nonZeros()) {
    return false;
  }
  const auto outerBytes = static_cast<std::size_t>(A.outerSize() + 1) * sizeof(int);
  const auto innerBytes = static_cast<std::size_t>(A.nonZeros()) * sizeof(int);
  return std::memcmp(A.outerIndexPtr(), matrix_.outerIndexPtr(), outerBytes) == 0 &&
         (innerBytes == 0 ||
          std::memcmp(A.innerIndexPtr(), matrix_.innerIndexPtr(), innerBytes) == 0);
}

bool SparseLinearSolver::analyzePattern(const SparseMatrix& A) {
  analysed_ = false;
  factorized_ = false;
  rcond_ = -1.0;
  if (A.rows() != A.cols()) {
    return fail(std::string(sparseSolverKindName(kind_)) + ": the matrix is " +
                std::to_string(A.rows()) + "x" + std::to_string(A.cols()) + ", not square");
  }
  matrix_ = A;
  matrix_.makeCompressed();
  if (matrix_.rows() > 0 && !doAnalyze(matrix_)) return false;
  analysed_ = true;
  ++analysisCount_;
  lastError_.clear();
  return true;
}

bool SparseLinearSolver::factorize(const SparseMatrix& A) {
  factorized_ = false;
  rcond_ = -1.0;
  if (samePattern(A)) {
    std::copy_n(A.valuePtr(), A.nonZeros(), matrix_.valuePtr());
  } else if (A.isCompressed() || !analysed_) {
    if (!analyzePattern(A)) return false;
  } else {
    SparseMatrix compressed = A;  // rare: uncompressed input, compare on the compressed form
    compressed.makeCompressed();
    return factorize(compressed);
  }
  if (!Eigen::Map<const Eigen::VectorXd>(matrix_.valuePtr(), matrix_.nonZeros()).allFinite()) {
    return fail(std::string(sparseSolverKindName(kind_)) + ": the matrix has non-finite entries");
  }
  if (matrix_.rows() == 0) {
    factorized_ = true;
    lastError_.clear();
    return true;
  }
  if (!doFactorize(matrix_)) return false;
  factorized_ = true;
  lastError_.clear();
  return true;
}

bool SparseLinearSolver::solve(const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  const char* name = sparseSolverKindName(kind_);
  if (!factorized_) return fail(std::string(name) + ": solve() without a successful factorize()");
  if (b.size() != matrix_.rows()) {
    return fail(std::string(name) + ": right-hand side has " + std::to_string(b.size()) +
                " entries, the matrix has " + std::to_string(matrix_.rows()) + " rows");
  }
  if (b.size() == 0) {
    x.resize(0);
    lastError_.clear();
    return true;
  }
  if (!b.allFinite()) return fail(std::string(name) + ": the right-hand side is not finite");
  if (!doSolve(b, x)) return false;
  if (!x.allFinite()) {
    return fail(std::string(name) + ": the solution is not finite (singular matrix)");
  }
  // Backward-error check: ||A x - b|| <= tol (||A|| ||x|| + ||b||).
  residual_.noalias() = matrix_ * x;
  residual_ -= b;
  const double normA = Eigen::Map<const Eigen::VectorXd>(matrix_.valuePtr(), matrix_.nonZeros())
                           .lpNorm<Eigen::Infinity>();
  const double scale = normA * x.lpNorm<Eigen::Infinity>() * std::sqrt(double(matrix_.rows())) +
                       b.lpNorm<Eigen::Infinity>();
  const double res = residual_.lpNorm<Eigen::Infinity>();
  if (res > 1e-8 * scale) {
    return fail(std::string(name) + ": inaccurate solution (residual " + num(res) + ", relative " +
                num(res / scale) + "); the matrix is probably singular");
  }
  lastError_.clear();
  return true;
}

std::unique_ptr<SparseLinearSolver> makeSparseLinearSolver(SparseSolverKind kind) {
  switch (kind) {
    case SparseSolverKind::Cholmod:
      return std::make_unique<CholmodSolver>();
    case SparseSolverKind::Umfpack:
      return std::make_unique<UmfpackSolver>();
    case SparseSolverKind::Klu:
      return std::make_unique<KluSolver>();
    case SparseSolverKind::EigenLU:
      break;
  }
  return std::make_unique<EigenLuSolver>();
}

}  // namespace moreau::numerics
