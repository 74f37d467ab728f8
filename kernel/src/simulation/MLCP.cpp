#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/ComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/EqualityConditionNSL.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/simulation/MLCP.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace moreau {

MLCP::MLCP(const std::string& solver) { setDefaultSolver(solver); }

std::vector<std::string> MLCP::solverNames() const { return numerics::mlcpSolverNames(); }

const numerics::SparseBlockMatrix& MLCP::matrix() const {
  return size() == 0 ? emptyMatrix() : problem_.M().sparseBlock();
}

void MLCP::checkInteraction(const Interaction& inter) const {
  const NonSmoothLaw* law = inter.nonSmoothLaw().get();
  if (dynamic_cast<const EqualityConditionNSL*>(law) ||
      dynamic_cast<const ComplementarityConditionNSL*>(law) ||
      dynamic_cast<const NewtonImpactNSL*>(law) ||
      dynamic_cast<const MixedComplementarityConditionNSL*>(law))
    return;
  throw ModelError(std::string("MLCP: ") + inter.description() + " has a " + law->typeName() +
                   " law; an MLCP accepts EqualityConditionNSL, ComplementarityConditionNSL, "
                   "NewtonImpactNSL and MixedComplementarityConditionNSL");
}

bool MLCP::allRowsEqualities(const Interaction& inter) const {
  return dynamic_cast<const EqualityConditionNSL*>(inter.nonSmoothLaw().get()) != nullptr;
}

int MLCP::rowGroup(const Interaction& inter) const { return allRowsEqualities(inter) ? 0 : 1; }

void MLCP::addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                       Eigen::Ref<Eigen::VectorXd> q) const {
  const double e = restitution_[row];
  if (!std::isnan(e)) q += e * inter.yMemory(ctx.outputLevel);
}

void MLCP::installPattern(Eigen::Index n) {
  const std::size_t rows = this->rows().size();
  restitution_.assign(rows, std::numeric_limits<double>::quiet_NaN());
  blocksRows_.assign(1, 0);
  blocksIsComp_.clear();
  // Appends `count` rows of one kind, merged with the previous block when it
  // has the same kind.
  const auto append = [this](Eigen::Index count, int comp) {
    if (count == 0) return;
    if (!blocksIsComp_.empty() && blocksIsComp_.back() == comp) {
      blocksRows_.back() += count;
    } else {
      blocksRows_.push_back(blocksRows_.back() + count);
      blocksIsComp_.push_back(comp);
    }
  };
  for (std::size_t i = 0; i < rows; ++i) {
    const Interaction& inter = rowInteraction(i);
    const NonSmoothLaw* law = inter.nonSmoothLaw().get();
    if (const auto* impact = dynamic_cast<const NewtonImpactNSL*>(law))
      restitution_[i] = impact->e();
    if (const auto* mixed = dynamic_cast<const MixedComplementarityConditionNSL*>(law)) {
      for (Eigen::Index k = 0; k < inter.dimension() / static_cast<Eigen::Index>(law->size());
           ++k) {
        append(mixed->equalitySize(), 0);
        append(mixed->complementaritySize(), 1);
      }
    } else {
      append(inter.dimension(), allRowsEqualities(inter) ? 0 : 1);
    }
  }
  // In place: the matrix already holds the new pattern; the row structure and
  // q reuse their capacity.
  problem_.q().setZero(n);
  problem_.assignRowBlocks(blocksRows_, blocksIsComp_);
}

numerics::SolverResult MLCP::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  if (!solver_ || solverOptionsVersion_ != optionsVersion()) {
    solver_.emplace(options_.solver, options_);
    solverOptionsVersion_ = optionsVersion();
  }
  return solver_->solve(problem_, z, w);
}

void MLCP::writeProblem(const std::string& path) const {
  if (size() == 0) throw ModelError("MLCP: no assembled problem to write to '" + path + "'");
  try {
    numerics::writeMlcpFile(problem_, path);
  } catch (const std::exception& e) {
    throw ModelError(std::string("MLCP: cannot write '") + path + "': " + e.what());
  }
}

}  // namespace moreau
