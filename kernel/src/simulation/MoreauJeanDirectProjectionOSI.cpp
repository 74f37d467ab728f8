#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianR.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/MoreauJeanDirectProjectionOSI.hpp>
#include <moreau/kernel/simulation/MoreauJeanNewtonEulerCombinedProjectionOSI.hpp>
#include <moreau/kernel/simulation/MoreauJeanNewtonEulerDirectProjectionOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <stdexcept>
#include <string>

namespace moreau {

MoreauJeanDirectProjectionOSI::MoreauJeanDirectProjectionOSI(double theta, double gamma)
    : MoreauJeanOSI(theta, gamma), ProjectionIntegrator("MoreauJeanDirectProjectionOSI") {}

MoreauJeanDirectProjectionOSI::~MoreauJeanDirectProjectionOSI() = default;

std::shared_ptr<OneStepIntegrator> MoreauJeanDirectProjectionOSI::companionFor(
    const DynamicalSystem& ds) {
  if (!dynamic_cast<const NewtonEulerDS*>(&ds)) return nullptr;
  // The same projection scheme on Newton–Euler bodies (docs/theory/projection.md §2.4).
  if (!neProjection_) {
    if (combinedProjection())
      neProjection_ =
          std::make_shared<MoreauJeanNewtonEulerCombinedProjectionOSI>(theta(), gamma());
    else
      neProjection_ = std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(theta(), gamma());
  }
  neProjection_->setActivateYPosThreshold(activateYPosThreshold());
  neProjection_->setActivateYVelThreshold(activateYVelThreshold());
  neProjection_->setDeactivateYPosThreshold(deactivateYPosThreshold());
  neProjection_->setDeactivateYVelThreshold(deactivateYVelThreshold());
  neProjection_->setActivationAtPredictedState(activationAtPredictedState());
  return neProjection_;
}

void MoreauJeanDirectProjectionOSI::initialize(const Simulation& simulation) {
  MoreauJeanOSI::initialize(simulation);
  simulation_ = &simulation;
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  topology_ = &nsds.topology();
  systems_.clear();
  systemOf_.assign(nsds.dynamicalSystems().size(), -1);
  for (const auto& ds : simulation.dynamicalSystemsOf(*this)) {
    auto* lds = dynamic_cast<LagrangianDS*>(ds.get());
    if (!lds)
      throw ModelError("MoreauJeanDirectProjectionOSI: " + ds->description() +
                       " is not a LagrangianDS");
    if (ds->number() >= systemOf_.size()) systemOf_.resize(ds->number() + 1, -1);
    systemOf_[ds->number()] = static_cast<long>(systems_.size());
    SystemData s;
    s.ds = lds;
    // Boundary conditions (checked against the system by MoreauJeanOSI::initialize).
    if (lds->boundaryConditions()) s.prescribed = lds->boundaryConditions()->velocityIndices();
    systems_.push_back(std::move(s));
  }
  topologyVersion_ = nsds.topologyVersion() + 1;  // force a synchronize
  synchronize();
}

bool MoreauJeanDirectProjectionOSI::owns(const Interaction& inter) const {
  for (const auto& ds : inter.dynamicalSystems())
    if (ds->number() >= systemOf_.size() || systemOf_[ds->number()] < 0) return false;
  return true;
}

void MoreauJeanDirectProjectionOSI::synchronize() {
  const NonSmoothDynamicalSystem& nsds = *simulation_->nonSmoothDynamicalSystem();
  if (nsds.topologyVersion() == topologyVersion_) return;
  interactions_.assign(topology_->interactionCapacity(), InteractionData());
  resizeForcedActive(topology_->interactionCapacity());
  allConstant_ = true;
  for (const auto& inter : nsds.interactions()) {
    if (!owns(*inter)) continue;
    InteractionData& d = interactions_[inter->number()];
    d.inter = inter.get();
    d.relation = dynamic_cast<LagrangianR*>(inter->relation().get());
    if (!d.relation)
      throw ModelError("MoreauJeanDirectProjectionOSI: " + inter->description() +
                       " has no Lagrangian relation");
    d.constant = d.relation->hasConstantJacobians();
    d.blocks.clear();
    for (const auto& ds : inter->dynamicalSystems()) {
      Block b;
      b.system = static_cast<std::size_t>(systemOf_[ds->number()]);
      d.blocks.push_back(std::move(b));
    }
    allConstant_ = allConstant_ && d.constant;
  }
  prepared_ = false;
  topologyVersion_ = nsds.topologyVersion();
}

const MoreauJeanDirectProjectionOSI::InteractionData& MoreauJeanDirectProjectionOSI::data(
    const Interaction& inter) const {
  const std::size_t id = inter.number();
  if (id >= interactions_.size() || interactions_[id].inter != &inter)
    throw std::out_of_range("MoreauJeanDirectProjectionOSI: " + inter.description() +
                            " is not integrated here");
  return interactions_[id];
}

void MoreauJeanDirectProjectionOSI::beginStep(const StepContext& ctx) {
  MoreauJeanOSI::beginStep(ctx);
  if (neProjection_) neProjection_->setActivationAtPredictedState(activationAtPredictedState());
  synchronize();
  clearForcedActive();
}

bool MoreauJeanDirectProjectionOSI::addInteractionInIndexSet(const Interaction& inter,
                                                             unsigned level,
                                                             const StepContext& ctx) const {
  if (level != 1) return MoreauJeanOSI::addInteractionInIndexSet(inter, level, ctx);
  const Eigen::VectorXd* y = nullptr;
  const Eigen::VectorXd* ydot = nullptr;
  predictedOutputs(inter, ctx.step, y, ydot);  // leaves them null when there are none
  return indexSet1RuleTwice(inter, y, ydot, topology_, gamma(), ctx.h);
}

void MoreauJeanDirectProjectionOSI::prepareProjection(const StepContext& ctx) {
  if (prepared_ && allConstant_) return;
  for (InteractionData& d : interactions_) {
    if (!d.inter) continue;
    d.relation->computeJacobians(ctx.tNext, *d.inter);
    for (std::size_t i = 0; i < d.blocks.size(); ++i) {
      Block& b = d.blocks[i];
      b.G = d.relation->jachqBlock(*d.inter, i);
      const SystemData& s = systems_[b.system];
      // The correction Gᵀλ(0) in the identity metric, as Siconos's MLCPProjectOnConstraints
      // (not M⁻¹Gᵀλ(0): docs/theory/projection.md); prescribed coordinates are not moved.
      b.Gt = b.G.transpose();
      for (unsigned j : s.prescribed) b.Gt.row(j).setZero();
    }
  }
  prepared_ = true;
}

void MoreauJeanDirectProjectionOSI::computeFreeOutput(const Interaction& inter,
                                                      const ProblemContext& ctx,
                                                      Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.role != ProblemRole::Position) {
    MoreauJeanOSI::computeFreeOutput(inter, ctx, q);
    return;
  }
  q = inter.y(0);
}

void MoreauJeanDirectProjectionOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
                                                        const DynamicalSystem& ds,
                                                        const ProblemContext& ctx,
                                                        Eigen::Ref<Eigen::MatrixXd> block) const {
  if (ctx.role != ProblemRole::Position) {
    MoreauJeanOSI::addInteractionBlock(a, b, ds, ctx, block);
    return;
  }
  const InteractionData& da = data(a);
  const InteractionData& db = data(b);
  const std::size_t s = static_cast<std::size_t>(systemOf_.at(ds.number()));
  for (const Block& ba : da.blocks) {
    if (ba.system != s) continue;
    for (const Block& bb : db.blocks)
      if (bb.system == s) block.noalias() += ba.G * bb.Gt;
  }
}

bool MoreauJeanDirectProjectionOSI::blocksAreConstant(const ProblemContext& ctx) const {
  if (ctx.role != ProblemRole::Position) return MoreauJeanOSI::blocksAreConstant(ctx);
  return allConstant_ && prepared_;
}

void MoreauJeanDirectProjectionOSI::updateState(const ProblemContext& ctx) {
  if (ctx.role != ProblemRole::Position) {
    MoreauJeanOSI::updateState(ctx);
    for (SystemData& s : systems_) s.ds->p(0).setZero();
    for (InteractionData& d : interactions_)
      if (d.inter) d.inter->lambda(0).setZero();
    return;
  }
  const IndexSet& set = topology_->indexSet(ctx.outputLevel);
  for (InteractionData& d : interactions_) {
    if (!d.inter || !set.contains(d.inter->number())) continue;
    const auto& lambda = d.inter->lambda(0);
    if (lambda.isZero(0.0)) continue;
    for (const Block& b : d.blocks) {
      LagrangianDS& ds = *systems_[b.system].ds;
      ds.p(0).noalias() += b.G.transpose() * lambda;
      ds.q().noalias() += b.Gt * lambda;
    }
  }
  // y(0) at the projected q; ẏ = y(1) stays the velocity step's (G at q before the projection,
  // the velocity being unchanged), as Siconos's projection loop recomputes y(0) only: the next
  // step's Newton law reads it (e ẏ_k). docs/theory/projection.md.
  for (InteractionData& d : interactions_) {
    if (!d.inter) continue;
    d.relation->computeOutput(ctx.tNext, *d.inter, 0);
  }
  // The projected q is this integrator's state, not a user's write (which would recompute the
  // outputs and memories from it at the next step).
  adoptCurrentState();
}

}  // namespace moreau
