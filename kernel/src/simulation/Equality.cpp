#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/EqualityConditionNSL.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/simulation/Equality.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <Eigen/LU>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace moreau {

namespace {
constexpr Eigen::Index kDenseLimit = 200;
}

Equality::Equality(const std::string& solver) { setDefaultSolver(solver); }

Equality::~Equality() = default;

std::vector<std::string> Equality::solverNames() const {
  return {"auto", "dense", "umfpack", "klu", "eigenlu", "cholmod"};
}

const numerics::SparseBlockMatrix& Equality::matrix() const {
  return size() == 0 ? emptyMatrix() : problem_.M().sparseBlock();
}

void Equality::checkInteraction(const Interaction& inter) const {
  const NonSmoothLaw* law = inter.nonSmoothLaw().get();
  if (dynamic_cast<const EqualityConditionNSL*>(law)) return;
  throw ModelError(std::string("Equality: ") + inter.description() + " has a " + law->typeName() +
                   " law; an Equality problem accepts EqualityConditionNSL only");
}

void Equality::addLawTerms(std::size_t /*row*/, const Interaction& /*inter*/,
                           const ProblemContext& /*ctx*/, Eigen::Ref<Eigen::VectorXd> /*q*/) const {
}

void Equality::installPattern(Eigen::Index n) {
  problem_.q().setZero(n);
  problem_.assignRows(n, Eigen::Index{0});
}

numerics::SolverResult Equality::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  numerics::SolverResult result;
  result.solver = options_.solver;
  result.iterations = 1;
  const numerics::Matrix& M = problem_.M();
  const auto& q = problem_.q();
  const Eigen::Index n = q.size();
  rhs_ = -q;
  bool solved = false;
  std::string reason;
  if (options_.solver == "dense" || (options_.solver == "auto" && n <= kDenseLimit)) {
    result.solver = "dense";
    dense_ = M.toDense();
    Eigen::PartialPivLU<Eigen::MatrixXd> lu(dense_);
    z = lu.solve(rhs_);
    solved = z.allFinite();
    if (!solved) reason = "singular matrix (dense LU)";
  } else {
    numerics::SparseSolverKind kind = numerics::SparseSolverKind::Umfpack;
    if (options_.solver != "auto") numerics::parseSparseSolverKind(options_.solver, kind);
    result.solver = numerics::sparseSolverKindName(kind);
    if (!sparse_ || sparse_->kind() != kind) sparse_ = numerics::makeSparseLinearSolver(kind);
    const Eigen::SparseMatrix<double> A = M.toSparse();
    solved = sparse_->factorize(A) && sparse_->solve(rhs_, z);
    if (!solved) reason = sparse_->lastError();
  }
  if (!solved || z.size() != n) z.setZero(n);
  M.multiply(z, w);
  w += q;
  result.error = w.norm() / (1.0 + q.norm());
  if (!std::isfinite(result.error)) {
    z.setZero(n);
    w = q;
    result.error = q.norm() / (1.0 + q.norm());
    solved = false;
    if (reason.empty()) reason = "non-finite solution";
  }
  if (solved && result.error <= options_.tolerance) {
    result.status = numerics::SolverStatus::Converged;
  } else {
    result.status = numerics::SolverStatus::Failed;
    result.message = !reason.empty()
                         ? reason
                         : "residual above the tolerance (singular or inconsistent equalities)";
  }
  return result;
}

void Equality::writeProblem(const std::string& path) const {
  if (size() == 0) throw ModelError("Equality: no assembled problem to write to '" + path + "'");
  try {
    numerics::writeMlcpFile(problem_, path);
  } catch (const std::exception& e) {
    throw ModelError(std::string("Equality: cannot write '") + path + "': " + e.what());
  }
}

}  // namespace moreau
