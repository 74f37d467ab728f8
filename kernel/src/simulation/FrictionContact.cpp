#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/simulation/FrictionContact.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <stdexcept>
#include <utility>

namespace moreau {

FrictionContact::FrictionContact(int dimension, const std::string& solver) : dimension_(dimension) {
  if (dimension != 2 && dimension != 3)
    throw ModelError("FrictionContact: dimension " + std::to_string(dimension) +
                     " (2 or 3 expected)");
  setDefaultSolver(solver);
  problem_ =
      numerics::FrictionContactProblem(dimension, numerics::Matrix(numerics::SparseBlockMatrix()),
                                       Eigen::VectorXd(), Eigen::VectorXd());
}

std::vector<std::string> FrictionContact::solverNames() const {
  return numerics::frictionContactSolverNames(dimension_);
}

const numerics::SparseBlockMatrix& FrictionContact::matrix() const {
  return size() == 0 ? emptyMatrix() : problem_.W().sparseBlock();
}

void FrictionContact::checkInteraction(const Interaction& inter) const {
  const auto* law = dynamic_cast<const NewtonImpactFrictionNSL*>(inter.nonSmoothLaw().get());
  if (!law)
    throw ModelError(std::string("FrictionContact: ") + inter.description() + " has a " +
                     inter.nonSmoothLaw()->typeName() +
                     " law; a FrictionContact accepts NewtonImpactFrictionNSL only");
  if (static_cast<int>(law->size()) != dimension_)
    throw ModelError("FrictionContact: " + inter.description() +
                     " has a NewtonImpactFrictionNSL of size " + std::to_string(law->size()) +
                     " in a FrictionContact of dimension " + std::to_string(dimension_));
}

void FrictionContact::addLawTerms(std::size_t row, const Interaction& inter,
                                  const ProblemContext& ctx, Eigen::Ref<Eigen::VectorXd> q) const {
  const double eN = eN_[row], eT = eT_[row];
  if (eN == 0.0 && eT == 0.0) return;  // no impact law term (the memory is not read)
  const auto& ydot = inter.yMemory(ctx.outputLevel);
  for (Eigen::Index c = 0; c < q.size(); c += dimension_) {
    q(c) += eN * ydot(c);
    if (eT > 0.0)
      for (Eigen::Index j = 1; j < dimension_; ++j) q(c + j) += eT * ydot(c + j);
  }
}

void FrictionContact::installPattern(Eigen::Index n) {
  const std::size_t rows = this->rows().size();
  eN_.assign(rows, 0.0);
  eT_.assign(rows, 0.0);
  Eigen::VectorXd& mu = problem_.mu();
  mu.resize(n / dimension_);
  Eigen::Index contact = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    const Interaction& inter = rowInteraction(i);
    const auto& law = static_cast<const NewtonImpactFrictionNSL&>(*inter.nonSmoothLaw());
    eN_[i] = law.en();
    eT_[i] = law.et();
    for (Eigen::Index c = 0; c < inter.dimension() / dimension_; ++c) mu(contact++) = law.mu();
  }
  problem_.q().setZero(n);
}

numerics::SolverResult FrictionContact::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  if (!solver_ || solverOptionsVersion_ != optionsVersion()) {
    solver_.emplace(options_.solver, options_);
    solverOptionsVersion_ = optionsVersion();
  }
  return solver_->solve(problem_, z, w);
}

namespace {
bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

void FrictionContact::writeProblem(const std::string& path) const {
  if (size() == 0)
    throw ModelError("FrictionContact: no assembled problem to write to '" + path + "'");
  try {
    if (endsWith(path, ".hdf5") || endsWith(path, ".h5")) {
      numerics::FclibSolution solution;
      solution.r = z();
      solution.u = w();
      numerics::FclibInfo info;
      info.title = "moreau FrictionContact";
      info.description = "one-step problem dumped by the moreau kernel";
      numerics::writeFclibLocal(problem_, path, solution, info);
    } else {
      numerics::writeFrictionContactFile(problem_, path);
    }
  } catch (const std::exception& e) {
    throw ModelError(std::string("FrictionContact: cannot write '") + path + "': " + e.what());
  }
}

}  // namespace moreau
