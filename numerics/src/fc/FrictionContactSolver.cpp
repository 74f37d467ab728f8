// FrictionContactSolver: the reusable friction-contact solver object, see
// fc/FrictionContactSolver.hpp and docs/numerics/solver-objects.md.
#include <moreau/numerics/fc/FrictionContactSolver.hpp>

#include "NsgsKernel.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

bool known(const std::string& name, int dimension) {
  const std::vector<std::string> names = frictionContactSolverNames(dimension);
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string knownList(int dimension) {
  std::string list;
  for (const auto& s : frictionContactSolverNames(dimension))
    list += (list.empty() ? "" : ", ") + s;
  return list;
}

bool isNsgsName(const std::string& name) {
  return name == "nsgs" || name == "nsgs-ac" || name == "nsgs-fb" || name == "nsgs-projection" ||
         name == "nsgs-quartic";
}

}  // namespace

struct FrictionContactSolver::Impl {
  std::string name;
  SolverOptions options;  // options.solver == name; fcLocalSolver forced by nsgs-<local>
  bool nsgs = false;
  int setupCount = 0;
  bool ready = false;
  int dimension = 0;
  Index size = -1;
  Matrix::Storage storage = Matrix::Storage::Dense;
  const void* matrix = nullptr;
  std::uint64_t patternVersion = 0;
  std::uint64_t patternHash = 0;
  fcdetail::NsgsState state;

  bool matches(const FrictionContactProblem& problem) const {
    const Matrix& W = problem.W();
    if (!ready || problem.dimension() != dimension || problem.size() != size ||
        W.storage() != storage)
      return false;
    if (W.isSparseBlock())
      return matrix == &W.sparseBlock() && W.sparseBlock().patternVersion() == patternVersion &&
             W.sparseBlock().patternHash() == patternHash;
    if (W.isDense()) return matrix == &W.dense();
    return matrix == &W.sparse();
  }
};

FrictionContactSolver::FrictionContactSolver(const std::string& name, const SolverOptions& options)
    : impl_(std::make_unique<Impl>()) {
  const std::string canonical = normalizeSolverName(name);
  if (!known(canonical, 2) && !known(canonical, 3)) {
    throw std::invalid_argument("FrictionContactSolver: unknown solver '" + name +
                                "' (known in 3D: " + knownList(3) + "; 2D also: lemke, enum)");
  }
  impl_->name = canonical;
  impl_->nsgs = isNsgsName(canonical);
  setOptions(options);
}

FrictionContactSolver::~FrictionContactSolver() = default;
FrictionContactSolver::FrictionContactSolver(FrictionContactSolver&&) noexcept = default;
FrictionContactSolver& FrictionContactSolver::operator=(FrictionContactSolver&&) noexcept = default;

const std::string& FrictionContactSolver::name() const { return impl_->name; }
const SolverOptions& FrictionContactSolver::options() const { return impl_->options; }

void FrictionContactSolver::setOptions(const SolverOptions& options) {
  options.validate();
  impl_->options = options;
  impl_->options.solver = impl_->name;
  if (impl_->nsgs && impl_->name != "nsgs") impl_->options.fcLocalSolver = impl_->name.substr(5);
  impl_->ready = false;
}

bool FrictionContactSolver::allocationFree() const {
  return impl_->ready && impl_->nsgs && impl_->state.inPlace();
}

int FrictionContactSolver::setupCount() const { return impl_->setupCount; }

void FrictionContactSolver::setup(const FrictionContactProblem& problem) {
  problem.validate();
  Impl& s = *impl_;
  if (!known(s.name, problem.dimension())) {
    throw std::invalid_argument(
        "FrictionContactSolver: solver '" + s.name + "' does not exist in dimension " +
        std::to_string(problem.dimension()) + " (known: " + knownList(problem.dimension()) + ")");
  }
  if (s.options.fcTresca &&
      static_cast<Index>(s.options.fcTrescaThresholds.size()) != problem.numberOfContacts()) {
    throw std::invalid_argument(
        "FrictionContactSolver: fcTresca needs one threshold per contact, "
        "got " +
        std::to_string(s.options.fcTrescaThresholds.size()) + " for " +
        std::to_string(problem.numberOfContacts()) + " contacts");
  }
  const Matrix& W = problem.W();
  s.dimension = problem.dimension();
  s.size = problem.size();
  s.storage = W.storage();
  s.matrix = W.isSparseBlock() ? static_cast<const void*>(&W.sparseBlock())
             : W.isDense()     ? static_cast<const void*>(&W.dense())
                               : static_cast<const void*>(&W.sparse());
  s.patternVersion = W.isSparseBlock() ? W.sparseBlock().patternVersion() : 0;
  s.patternHash = W.isSparseBlock() ? W.sparseBlock().patternHash() : 0;
  if (s.nsgs) s.state.setup(problem, s.options);
  s.ready = true;
  ++s.setupCount;
}

SolverResult FrictionContactSolver::solve(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                          Eigen::VectorXd& u) {
  Impl& s = *impl_;
  if (!s.matches(problem)) setup(problem);
  if (!s.nsgs) return solveFrictionContact(problem, r, u, s.options);
  // Same argument checks as fcNsgs (no allocation on valid data).
  problem.validate();
  return s.state.solve(problem, r, u, s.options, s.name);
}

}  // namespace moreau::numerics
