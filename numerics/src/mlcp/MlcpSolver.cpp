// MlcpSolver: the reusable MLCP solver object, see mlcp/MlcpSolver.hpp and
// docs/numerics/solver-objects.md.
#include <moreau/numerics/mlcp/MlcpSolver.hpp>

#include "SolverCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

}  // namespace

struct MlcpSolver::Impl {
  std::string name;
  SolverOptions options;
  bool pgs = false;  // "pgs" or "psor"
  int setupCount = 0;
  bool ready = false;
  Index size = -1;
  Index n = -1;
  Index m = -1;
  Matrix::Storage storage = Matrix::Storage::Dense;
  const void* matrix = nullptr;
  std::uint64_t patternVersion = 0;
  std::uint64_t patternHash = 0;
  bool inPlace = false;
  mlcp_detail::PgsWorkspace ws;

  bool matches(const MixedLinearComplementarityProblem& problem) const {
    const Matrix& M = problem.M();
    if (!ready || problem.size() != size || problem.n() != n || problem.m() != m ||
        M.storage() != storage)
      return false;
    if (M.isSparseBlock())
      return matrix == &M.sparseBlock() && M.sparseBlock().patternVersion() == patternVersion &&
             M.sparseBlock().patternHash() == patternHash;
    if (M.isDense()) return matrix == &M.dense();
    return matrix == &M.sparse();
  }
};

MlcpSolver::MlcpSolver(const std::string& name, const SolverOptions& options)
    : impl_(std::make_unique<Impl>()) {
  const std::string canonical = normalizeSolverName(name);
  const std::vector<std::string> names = mlcpSolverNames();
  if (std::find(names.begin(), names.end(), canonical) == names.end()) {
    std::string known;
    for (const auto& s : names) known += (known.empty() ? "" : ", ") + s;
    throw std::invalid_argument("MlcpSolver: unknown solver '" + name + "' (known: " + known + ")");
  }
  impl_->name = canonical;
  impl_->pgs = canonical == "pgs" || canonical == "psor";
  setOptions(options);
}

MlcpSolver::~MlcpSolver() = default;
MlcpSolver::MlcpSolver(MlcpSolver&&) noexcept = default;
MlcpSolver& MlcpSolver::operator=(MlcpSolver&&) noexcept = default;

const std::string& MlcpSolver::name() const { return impl_->name; }
const SolverOptions& MlcpSolver::options() const { return impl_->options; }

void MlcpSolver::setOptions(const SolverOptions& options) {
  options.validate();
  impl_->options = options;
  impl_->options.solver = impl_->name;
  impl_->ready = false;
}

bool MlcpSolver::allocationFree() const { return impl_->ready && impl_->inPlace; }
int MlcpSolver::setupCount() const { return impl_->setupCount; }

void MlcpSolver::setup(const MixedLinearComplementarityProblem& problem) {
  problem.validate();
  Impl& s = *impl_;
  const Matrix& M = problem.M();
  s.size = problem.size();
  s.n = problem.n();
  s.m = problem.m();
  s.storage = M.storage();
  s.matrix = M.isSparseBlock() ? static_cast<const void*>(&M.sparseBlock())
             : M.isDense()     ? static_cast<const void*>(&M.dense())
                               : static_cast<const void*>(&M.sparse());
  s.patternVersion = M.isSparseBlock() ? M.sparseBlock().patternVersion() : 0;
  s.patternHash = M.isSparseBlock() ? M.sparseBlock().patternHash() : 0;
  const bool squareBlocks = M.isSparseBlock() && M.sparseBlock().hasSquareDiagonalBlocks();
  s.inPlace = s.pgs && (squareBlocks || M.isDense()) && !problem.hasExtraEqualityRows();
  if (s.pgs) {
    s.ws.comp.resize(static_cast<std::size_t>(s.size));
    s.ws.invDiag.resize(s.size);
  }
  s.ready = true;
  ++s.setupCount;
}

SolverResult MlcpSolver::solve(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                               Eigen::VectorXd& w) {
  Impl& s = *impl_;
  if (!s.matches(problem)) setup(problem);
  if (!s.pgs) return solveMlcp(problem, z, w, s.options);
  return mlcp_detail::projectedGaussSeidel(problem, z, w, s.options, s.name.c_str(), s.ws,
                                           s.inPlace);
}

}  // namespace moreau::numerics
