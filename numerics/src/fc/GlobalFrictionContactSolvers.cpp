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
  SpMat Mstore, Hstore;  // CSC copies of non-CSC inputs
  SpMat Hw;              // H the current W was formed with
  bool haveW = false;
  SparseBlockMatrix W;
  int reductions = 0;
  std::string lastError;
  FrictionContactProblem local;
  gfcdetail::AdmmCache admm;

  bool reduce(const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H,
              FrictionContactProblem& out, const SolverOptions& options);
  bool formW(const SpMat& H, int d);
  SolverResult solveReduce(const GlobalFrictionContactProblem& problem, const SpMat& M,
                           const SpMat& H, Eigen::VectorXd& v, Eigen::VectorXd& r,
                           Eigen::VectorXd& u, const SolverOptions& options, bool& factorized);
};

bool GlobalFrictionContactSolver::Impl::formW(const SpMat& H, int d) {
  const Eigen::Index n = H.rows();
  const Eigen::Index m = H.cols();
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
      if (!factorM.solve(rhs, x)) {
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
  const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(m / d), d);
  W = SparseBlockMatrix::fromSparse(Wsp, sizes, sizes);
  return true;
}

bool GlobalFrictionContactSolver::Impl::reduce(const GlobalFrictionContactProblem& problem,
                                               const SpMat& M, const SpMat& H,
                                               FrictionContactProblem& out,
                                               const SolverOptions& options) {
  lastError.clear();
  bool reusedM = false;
  if (!factorM.factorize(M, options.gfcLinearSolver, &reusedM)) {
    lastError = "M could not be factorized (" + factorM.error() + ")";
    haveW = false;
    return false;
  }
  if (!(reusedM && haveW && gfcdetail::sameMatrix(H, Hw))) {
    haveW = false;
    if (!formW(H, problem.dimension)) return false;
    Hw = H;
    haveW = true;
    ++reductions;
  }
  Eigen::VectorXd y(problem.numberOfDofs());
  if (!factorM.solve(problem.q, y)) {
    lastError = "solve with the factorization of M failed (q)";
    return false;
  }
  Eigen::VectorXd qLocal = H.transpose() * y;
  qLocal += problem.b;
  out = FrictionContactProblem(problem.dimension, Matrix(W), std::move(qLocal), problem.mu);
  return true;
}

SolverResult GlobalFrictionContactSolver::Impl::solveReduce(
    const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H, Eigen::VectorXd& v,
    Eigen::VectorXd& r, Eigen::VectorXd& u, const SolverOptions& options, bool& factorized) {
  factorized = reduce(problem, M, H, local, options);
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
    if (!factorM.solve(rhs, v)) {
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
  std::string message = "M factorized by " + factorM.kindName() + "; " + note + lr.message;
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
int GlobalFrictionContactSolver::symbolicAnalysesOfM() const { return impl_->factorM.analyses(); }
int GlobalFrictionContactSolver::numericFactorizationsOfM() const {
  return impl_->factorM.factorizations();
}
int GlobalFrictionContactSolver::reductionsFormed() const { return impl_->reductions; }
int GlobalFrictionContactSolver::admmFactorizations() const {
  return impl_->admm.factorization.factorizations();
}
std::string GlobalFrictionContactSolver::factorizationOfM() const {
  return impl_->factorM.kindName();
}

bool GlobalFrictionContactSolver::reduce(const GlobalFrictionContactProblem& problem,
                                         FrictionContactProblem& local,
                                         const SolverOptions& options) {
  options.validate();
  problem.validate();
  const SpMat& M = gfcdetail::compressedCsc(problem.M, impl_->Mstore);
  const SpMat& H = gfcdetail::compressedCsc(problem.H, impl_->Hstore);
  return impl_->reduce(problem, M, H, local, options);
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
