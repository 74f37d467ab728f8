// LcpSolver: the reusable LCP solver object, see lcp/LcpSolver.hpp and
// docs/numerics/solver-objects.md.
#include <moreau/numerics/lcp/LcpSolver.hpp>

#include "BgsKernel.hpp"
#include "LcpCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/lcp/LcpPivoting.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

enum class Kind { Pgs, Psor, Bgs, Newton, Pivot, Other };

Kind kindOf(const std::string& name) {
  if (name == "pgs") return Kind::Pgs;
  if (name == "psor") return Kind::Psor;
  if (name == "bgs" || name == "nsgs-sbm") return Kind::Bgs;
  if (name == "newton-fb" || name == "newton-min") return Kind::Newton;
  if (name == "pivot" || name == "bpp" || name == "block-pivoting") return Kind::Pivot;
  return Kind::Other;
}

std::string checkedName(const std::string& name) {
  const std::string canonical = normalizeSolverName(name);
  const std::vector<std::string> names = lcpSolverNames();
  if (std::find(names.begin(), names.end(), canonical) == names.end()) {
    std::string known;
    for (const auto& s : names) known += (known.empty() ? "" : ", ") + s;
    throw std::invalid_argument("LcpSolver: unknown solver '" + name + "' (known: " + known + ")");
  }
  return canonical;
}

}  // namespace

struct LcpSolver::Impl {
  std::string name;
  SolverOptions options;
  Kind kind = Kind::Other;
  int setupCount = 0;
  // what the last setup saw
  bool ready = false;
  Index size = -1;
  Matrix::Storage storage = Matrix::Storage::Dense;
  const void* matrix = nullptr;
  std::uint64_t patternVersion = 0;
  std::uint64_t patternHash = 0;
  bool inPlace = false;     // the allocation-free path applies
  bool newtonKept = false;  // Newton on a SparseBlock M: pattern + symbolic analysis kept
  // work arrays
  Eigen::VectorXd invDiag;
  lcp_detail::BgsWorkspace bgs;
  lcp_detail::NewtonState newton;
  LcpPivotingWorkspace pivot;

  bool matches(const LinearComplementarityProblem& problem) const {
    const Matrix& M = problem.M();
    if (!ready || problem.size() != size || M.rows() != size || M.cols() != size ||
        M.storage() != storage)
      return false;
    if (M.isSparseBlock()) {
      return matrix == &M.sparseBlock() && M.sparseBlock().patternVersion() == patternVersion &&
             M.sparseBlock().patternHash() == patternHash;
    }
    if (M.isDense()) return matrix == &M.dense();
    return matrix == &M.sparse();
  }
};

LcpSolver::LcpSolver(const std::string& name, const SolverOptions& options)
    : impl_(std::make_unique<Impl>()) {
  impl_->name = checkedName(name);
  impl_->kind = kindOf(impl_->name);
  setOptions(options);
}

LcpSolver::~LcpSolver() = default;
LcpSolver::LcpSolver(LcpSolver&&) noexcept = default;
LcpSolver& LcpSolver::operator=(LcpSolver&&) noexcept = default;

const std::string& LcpSolver::name() const { return impl_->name; }
const SolverOptions& LcpSolver::options() const { return impl_->options; }

void LcpSolver::setOptions(const SolverOptions& options) {
  options.validate();
  impl_->options = options;
  impl_->options.solver = impl_->name;
  impl_->ready = false;
}

bool LcpSolver::allocationFree() const { return impl_->ready && impl_->inPlace; }
int LcpSolver::setupCount() const { return impl_->setupCount; }
int LcpSolver::symbolicAnalyses() const {
  return impl_->kind == Kind::Newton && impl_->newtonKept ? impl_->newton.analysisCount() : 0;
}

void LcpSolver::setup(const LinearComplementarityProblem& problem) {
  problem.validate();
  Impl& s = *impl_;
  const Matrix& M = problem.M();
  const Index n = problem.size();
  s.size = n;
  s.storage = M.storage();
  s.matrix = M.isSparseBlock() ? static_cast<const void*>(&M.sparseBlock())
             : M.isDense()     ? static_cast<const void*>(&M.dense())
                               : static_cast<const void*>(&M.sparse());
  s.patternVersion = M.isSparseBlock() ? M.sparseBlock().patternVersion() : 0;
  s.patternHash = M.isSparseBlock() ? M.sparseBlock().patternHash() : 0;
  const bool squareBlocks = M.isSparseBlock() && M.sparseBlock().hasSquareDiagonalBlocks();
  switch (s.kind) {
    case Kind::Pgs:
    case Kind::Psor:
      s.inPlace = squareBlocks || M.isDense();
      s.invDiag.resize(n);
      break;
    case Kind::Bgs: {
      s.inPlace = squareBlocks;
      Index maxBlock = 0;
      if (squareBlocks) {
        const SparseBlockMatrix& S = M.sparseBlock();
        for (Index i = 0; i < S.blockRows(); ++i) maxBlock = std::max(maxBlock, S.rowBlockSize(i));
      }
      s.bgs.reserve(maxBlock, n);
      break;
    }
    case Kind::Newton:
      s.inPlace = false;
      s.newtonKept = M.isSparseBlock();
      if (s.newtonKept) s.newton.setup(M.sparseBlock());
      break;
    case Kind::Pivot:
      // SparseBlock / Sparse: pattern work kept (the workspace checks a Sparse
      // pattern itself); Dense: the workspace redoes it on every solve.
      s.inPlace = M.isSparseBlock() || M.isSparse();
      if (s.inPlace) s.pivot.setup(M);
      break;
    case Kind::Other:
      s.inPlace = false;
      break;
  }
  s.ready = true;
  ++s.setupCount;
}

SolverResult LcpSolver::solve(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                              Eigen::VectorXd& w) {
  Impl& s = *impl_;
  if (!s.matches(problem)) setup(problem);
  const SolverOptions& o = s.options;
  // Non-finite data (written in place after setup): the driver reports a failed
  // solve (z = 0, w = q), never an exception, exactly as solveLcp.
  // In steady state (matches() passed) the sizes are those validated by setup():
  // only the finiteness of the refilled values is left to check, once.
  if (!problem.q().allFinite() || !problem.M().allFinite()) return solveLcp(problem, z, w, o);
  if (s.kind == Kind::Newton && s.newtonKept) {
    return s.newton.solve(problem, z, w, o, s.name == "newton-fb");
  }
  if (!s.inPlace) return solveLcp(problem, z, w, o);
  switch (s.kind) {
    case Kind::Pivot: {
      SolverResult result = lcpPivoting(problem, z, w, o, s.pivot);
      result.solver = s.name;  // "bpp" / "block-pivoting" as solveLcp reports them
      return result;
    }
    case Kind::Pgs:
      return lcp_detail::projectedGaussSeidel(problem, z, w, o, o.relaxation, "pgs", s.invDiag,
                                              true, true);
    case Kind::Psor:
      return lcp_detail::projectedGaussSeidel(
          problem, z, w, o, o.relaxation != 1.0 ? o.relaxation : kLcpPsorDefaultRelaxation, "psor",
          s.invDiag, true, true);
    case Kind::Bgs: {
      lcp_detail::sanitizeWarmStart(z, problem.size());
      SolverResult result =
          lcp_detail::blockGaussSeidel(problem, problem.M().sparseBlock(), z, w, o, s.bgs);
      if (s.name == "nsgs-sbm") result.solver = s.name;
      return result;
    }
    case Kind::Newton:
    case Kind::Other:
      break;
  }
  return solveLcp(problem, z, w, o);
}

}  // namespace moreau::numerics
