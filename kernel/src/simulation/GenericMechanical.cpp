#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/ComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/EqualityConditionNSL.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/modeling/RelayNSL.hpp>
#include <moreau/kernel/simulation/GenericMechanical.hpp>

#include <cmath>
#include <exception>
#include <limits>
#include <string>

namespace moreau {

GenericMechanical::GenericMechanical(const std::string& solver) {
  setDefaultSolver(solver);
  problem_.M() = numerics::Matrix(numerics::SparseBlockMatrix());
}

std::vector<std::string> GenericMechanical::solverNames() const {
  return numerics::genericMechanicalSolverNames();
}

const numerics::SparseBlockMatrix& GenericMechanical::matrix() const {
  return size() == 0 ? emptyMatrix() : problem_.M().sparseBlock();
}

void GenericMechanical::checkInteraction(const Interaction& inter) const {
  const NonSmoothLaw* law = inter.nonSmoothLaw().get();
  if (const auto* friction = dynamic_cast<const NewtonImpactFrictionNSL*>(law)) {
    if (friction->size() != 2 && friction->size() != 3)
      throw ModelError("GenericMechanical: " + inter.description() +
                       " has a NewtonImpactFrictionNSL of size " +
                       std::to_string(friction->size()) + " (2 or 3 expected)");
    return;
  }
  if (dynamic_cast<const EqualityConditionNSL*>(law) ||
      dynamic_cast<const ComplementarityConditionNSL*>(law) ||
      dynamic_cast<const NewtonImpactNSL*>(law) ||
      dynamic_cast<const MixedComplementarityConditionNSL*>(law) ||
      dynamic_cast<const RelayNSL*>(law))
    return;
  throw ModelError(std::string("GenericMechanical: ") + inter.description() + " has a " +
                   law->typeName() +
                   " law; a GenericMechanical problem accepts EqualityConditionNSL, "
                   "ComplementarityConditionNSL, NewtonImpactNSL, "
                   "MixedComplementarityConditionNSL, RelayNSL and NewtonImpactFrictionNSL");
}

void GenericMechanical::addLawTerms(std::size_t row, const Interaction& inter,
                                    const ProblemContext& ctx,
                                    Eigen::Ref<Eigen::VectorXd> q) const {
  const double eN = eN_[row];
  if (std::isnan(eN)) return;
  const auto& ydot = inter.yMemory(ctx.outputLevel);
  const int d = frictionDim_[row];
  if (d == 0) {  // Newton impact rows
    q += eN * ydot;
    return;
  }
  const double eT = eT_[row];
  for (Eigen::Index c = 0; c < q.size(); c += d) {
    q(c) += eN * ydot(c);
    if (eT > 0.0)
      for (Eigen::Index j = 1; j < d; ++j) q(c + j) += eT * ydot(c + j);
  }
}

void GenericMechanical::installPattern(Eigen::Index n) {
  const std::size_t rows = this->rows().size();
  eN_.assign(rows, std::numeric_limits<double>::quiet_NaN());
  eT_.assign(rows, 0.0);
  frictionDim_.assign(rows, 0);
  blocks_.clear();
  for (std::size_t i = 0; i < rows; ++i) {
    const Interaction& inter = rowInteraction(i);
    const NonSmoothLaw* law = inter.nonSmoothLaw().get();
    const Eigen::Index dim = inter.dimension();
    if (const auto* friction = dynamic_cast<const NewtonImpactFrictionNSL*>(law)) {
      const int d = static_cast<int>(friction->size());
      eN_[i] = friction->en();
      eT_[i] = friction->et();
      frictionDim_[i] = d;
      for (Eigen::Index c = 0; c < dim / d; ++c)
        blocks_.push_back(numerics::GmpBlock::frictionContact(d, friction->mu()));
    } else if (const auto* impact = dynamic_cast<const NewtonImpactNSL*>(law)) {
      eN_[i] = impact->e();
      blocks_.push_back(numerics::GmpBlock::complementarity(dim));
    } else if (dynamic_cast<const ComplementarityConditionNSL*>(law)) {
      blocks_.push_back(numerics::GmpBlock::complementarity(dim));
    } else if (dynamic_cast<const EqualityConditionNSL*>(law)) {
      blocks_.push_back(numerics::GmpBlock::equality(dim));
    } else if (const auto* mixed = dynamic_cast<const MixedComplementarityConditionNSL*>(law)) {
      for (Eigen::Index k = 0; k < dim / static_cast<Eigen::Index>(law->size()); ++k) {
        if (mixed->equalitySize() > 0)
          blocks_.push_back(numerics::GmpBlock::equality(mixed->equalitySize()));
        if (mixed->complementaritySize() > 0)
          blocks_.push_back(numerics::GmpBlock::complementarity(mixed->complementaritySize()));
      }
    } else if (const auto* relay = dynamic_cast<const RelayNSL*>(law)) {
      for (Eigen::Index k = 0; k < dim / static_cast<Eigen::Index>(law->size()); ++k)
        blocks_.push_back(numerics::GmpBlock::relay(relay->lb(), relay->ub()));
    }
  }
  problem_.setBlocks(blocks_);
  problem_.q().setZero(n);
}

numerics::SolverResult GenericMechanical::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  if (!solver_ || solverOptionsVersion_ != optionsVersion()) {
    solver_.emplace(options_.solver, options_);
    solverOptionsVersion_ = optionsVersion();
  }
  return solver_->solve(problem_, z, w);
}

void GenericMechanical::writeProblem(const std::string& path) const {
  if (size() == 0)
    throw ModelError("GenericMechanical: no assembled problem to write to '" + path + "'");
  try {
    numerics::writeGenericMechanicalFile(problem_, path);
  } catch (const std::exception& e) {
    throw ModelError(std::string("GenericMechanical: cannot write '") + path + "': " + e.what());
  }
}

}  // namespace moreau
