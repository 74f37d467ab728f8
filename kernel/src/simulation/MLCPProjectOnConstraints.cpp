#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/MLCPProjectOnConstraints.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <cmath>
#include <sstream>

namespace moreau {

MLCPProjectOnConstraints::MLCPProjectOnConstraints(const std::string& solver, double alpha)
    : MLCP(solver) {
  setAlpha(alpha);
  // The solvers accept a warm start whose error is below the tolerance: with the default 1e-6 a
  // violation of 1e-8 would be left alone. ENUM's Siconos default (tutorial-models §0.1).
  setTolerance(1e-12);
}

void MLCPProjectOnConstraints::setAlpha(double alpha) {
  if (!std::isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0) {
    std::ostringstream os;
    os << "MLCPProjectOnConstraints: alpha = " << alpha << " is outside (0, 1]";
    throw ModelError(os.str());
  }
  alpha_ = alpha;
}

namespace {
// Size of the law when inter has a friction law (normal row first), 0 otherwise.
Eigen::Index frictionStride(const Interaction& inter) {
  const auto* law = dynamic_cast<const NewtonImpactFrictionNSL*>(inter.nonSmoothLaw().get());
  return law ? static_cast<Eigen::Index>(law->size()) : 0;
}
}  // namespace

bool MLCPProjectOnConstraints::isImpactLaw(const NonSmoothLaw& law) {
  return dynamic_cast<const NewtonImpactNSL*>(&law) != nullptr ||
         dynamic_cast<const NewtonImpactFrictionNSL*>(&law) != nullptr;
}

bool MLCPProjectOnConstraints::allRowsEqualities(const Interaction& inter) const {
  if (MLCP::allRowsEqualities(inter)) return true;
  return doProjOnEquality_ && isImpactLaw(*inter.nonSmoothLaw());
}

void MLCPProjectOnConstraints::installPattern(Eigen::Index n) {
  installedProjOnEquality_ = doProjOnEquality_;
  MLCP::installPattern(n);
}

void MLCPProjectOnConstraints::checkInteraction(const Interaction& inter) const {
  if (frictionStride(inter) > 0) return;
  MLCP::checkInteraction(inter);
}

void MLCPProjectOnConstraints::addLawTerms(std::size_t /*row*/, const Interaction& inter,
                                           const ProblemContext& /*ctx*/,
                                           Eigen::Ref<Eigen::VectorXd> q) const {
  // Tangential rows of a friction law: q = 0 (the row is decoupled in solve).
  const Eigen::Index stride = frictionStride(inter);
  if (stride == 0) return;
  for (Eigen::Index i = 0; i < q.size(); ++i)
    if (i % stride != 0) q(i) = 0.0;
}

numerics::SolverResult MLCPProjectOnConstraints::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  // Tangential rows of the friction laws: row and column of M zeroed, diagonal 1, so that
  // w_t = Λ_t and complementarity gives Λ_t = 0 (the normal rows are untouched). Idempotent,
  // so it is also right when the blocks are kept from the previous step.
  numerics::SparseBlockMatrix& M = storedMatrix();
  bool any = false;
  for (std::size_t i = 0; i < rows().size() && !any; ++i)
    any = frictionStride(rowInteraction(i)) > 0;
  if (any) {
    for (Eigen::Index k = 0; k < M.nonZeroBlocks(); ++k) {
      const Eigen::Index bi = M.blockRowOf(k);
      const Eigen::Index bj = M.columnIndex()[static_cast<std::size_t>(k)];
      const Eigen::Index si = frictionStride(rowInteraction(static_cast<std::size_t>(bi)));
      const Eigen::Index sj = frictionStride(rowInteraction(static_cast<std::size_t>(bj)));
      if (si == 0 && sj == 0) continue;
      auto block = M.block(k);
      for (Eigen::Index r = 0; r < block.rows(); ++r)
        if (si > 0 && r % si != 0) block.row(r).setZero();
      for (Eigen::Index c = 0; c < block.cols(); ++c)
        if (sj > 0 && c % sj != 0) block.col(c).setZero();
      if (bi == bj)
        for (Eigen::Index r = 0; r < block.rows(); ++r)
          if (si > 0 && r % si != 0) block(r, r) = 1.0;
    }
    for (std::size_t i = 0; i < rows().size(); ++i) {
      const Eigen::Index stride = frictionStride(rowInteraction(i));
      if (stride == 0) continue;
      const Eigen::Index offset = M.rowBlockOffset(static_cast<Eigen::Index>(i));
      for (Eigen::Index r = 0; r < M.rowBlockSize(static_cast<Eigen::Index>(i)); ++r)
        if (r % stride != 0) z(offset + r) = 0.0;
    }
  }
  return MLCP::solve(z, w);
}

void MLCPProjectOnConstraints::compute(const Simulation& simulation, const ProblemContext& ctx) {
  // Rows installed with the other doProjOnEquality: rebuilt (initialize clears the pattern).
  if (installedProjOnEquality_ != doProjOnEquality_) initialize(simulation, ctx);
  MLCP::compute(simulation, ctx);
  if (alpha_ == 1.0) return;
  const Topology& topology = simulation.nonSmoothDynamicalSystem()->topology();
  for (const unsigned id : rows()) topology.interaction(id)->lambda(ctx.inputLevel) *= alpha_;
}

}  // namespace moreau
