#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/ComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/simulation/LCP.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace moreau {

LCP::LCP(const std::string& solver) { setDefaultSolver(solver); }

std::vector<std::string> LCP::solverNames() const { return numerics::lcpSolverNames(); }

const numerics::SparseBlockMatrix& LCP::matrix() const {
  return size() == 0 ? emptyMatrix() : problem_.M().sparseBlock();
}

void LCP::checkInteraction(const Interaction& inter) const {
  const NonSmoothLaw* law = inter.nonSmoothLaw().get();
  if (dynamic_cast<const NewtonImpactNSL*>(law) ||
      dynamic_cast<const ComplementarityConditionNSL*>(law))
    return;
  throw ModelError(std::string("LCP: ") + inter.description() + " has a " + law->typeName() +
                   " law; an LCP accepts NewtonImpactNSL and ComplementarityConditionNSL");
}

void LCP::addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                      Eigen::Ref<Eigen::VectorXd> q) const {
  // Newton impact rows: + e ẏ_k (complementarity rows: restitution_ is NaN). At position
  // level with two steps of memory (Schatzman–Paoli, dev-notes §2.5 / A10): + e y_{k−1}.
  // The acceleration problem of the event-driven scheme (0 ≤ ÿ ⟂ λ(2) ≥ 0) has no law term.
  if (ctx.role == ProblemRole::Acceleration) return;
  const double e = restitution_[row];
  if (std::isnan(e)) return;
  const unsigned step = ctx.outputLevel == 0 && inter.memorySteps() >= 2 ? 1 : 0;
  q += e * inter.yMemory(ctx.outputLevel, step);
}

void LCP::installPattern(Eigen::Index n) {
  const std::size_t rows = this->rows().size();
  restitution_.assign(rows, std::numeric_limits<double>::quiet_NaN());
  for (std::size_t i = 0; i < rows; ++i)
    if (const auto* law =
            dynamic_cast<const NewtonImpactNSL*>(rowInteraction(i).nonSmoothLaw().get()))
      restitution_[i] = law->e();
  problem_.q().setZero(n);
}

numerics::SolverResult LCP::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  // Non-finite data (e.g. an overflowing free velocity): the driver's Failed
  // result naming the entry (LcpSolver::setup would reject the problem).
  if (!problem_.q().allFinite() || !problem_.M().allFinite())
    return numerics::solveLcp(problem_, z, w, options_);
  if (!solver_ || solverOptionsVersion_ != optionsVersion()) {
    solver_.emplace(options_.solver, options_);
    solverOptionsVersion_ = optionsVersion();
  }
  return solver_->solve(problem_, z, w);
}

void LCP::writeProblem(const std::string& path) const {
  if (size() == 0) throw ModelError("LCP: no assembled problem to write to '" + path + "'");
  try {
    numerics::writeLcpFile(problem_, path);
  } catch (const std::exception& e) {
    throw ModelError(std::string("LCP: cannot write '") + path + "': " + e.what());
  }
}

}  // namespace moreau
