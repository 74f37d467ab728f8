// Projection of Newton–Euler bodies onto the constraints; docs/theory/projection.md §2.4.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NewtonEulerR.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/MoreauJeanNewtonEulerDirectProjectionOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <Eigen/Cholesky>

#include <cmath>
#include <stdexcept>
#include <string>

namespace moreau {

namespace {
constexpr const char* kName = "MoreauJeanNewtonEulerDirectProjectionOSI";
}  // namespace

MoreauJeanNewtonEulerDirectProjectionOSI::MoreauJeanNewtonEulerDirectProjectionOSI(double theta,
                                                                                   double gamma)
    : MoreauJeanNewtonEulerOSI(theta, std::isnan(gamma) ? 0.5 : gamma),
      ProjectionIntegrator(kName) {}

MoreauJeanNewtonEulerDirectProjectionOSI::~MoreauJeanNewtonEulerDirectProjectionOSI() = default;

void MoreauJeanNewtonEulerDirectProjectionOSI::initialize(const Simulation& simulation) {
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const auto systems = simulation.dynamicalSystemsOf(*this);
  for (const auto& ds : systems)
    if (!dynamic_cast<NewtonEulerDS*>(ds.get()))
      throw ModelError(std::string(kName) + ": " + ds->description() +
                       " is not a NewtonEulerDS (project Lagrangian systems with "
                       "MoreauJeanDirectProjectionOSI)");
  MoreauJeanNewtonEulerOSI::initialize(simulation);
  simulation_ = &simulation;
  topology_ = &nsds.topology();
  bodies_.clear();
  bodyOf_.assign(nsds.dynamicalSystems().size(), -1);
  for (const auto& ds : systems) {
    if (ds->number() >= bodyOf_.size()) bodyOf_.resize(ds->number() + 1, -1);
    bodyOf_[ds->number()] = static_cast<long>(bodies_.size());
    Body b;
    b.ds = static_cast<NewtonEulerDS*>(ds.get());
    bodies_.push_back(b);
  }
  topologyVersion_ = nsds.topologyVersion() + 1;  // force a synchronize
  synchronize();
}

void MoreauJeanNewtonEulerDirectProjectionOSI::synchronize() {
  const NonSmoothDynamicalSystem& nsds = *simulation_->nonSmoothDynamicalSystem();
  if (nsds.topologyVersion() == topologyVersion_) return;
  interactions_.assign(topology_->interactionCapacity(), InteractionData());
  resizeForcedActive(topology_->interactionCapacity());
  for (const auto& inter : nsds.interactions()) {
    const auto& systems = inter->dynamicalSystems();
    if (systems.empty() || !simulation_->integrates(*this, *systems.front())) continue;
    InteractionData& d = interactions_[inter->number()];
    d.inter = inter.get();
    // The relation type and the systems were checked by MoreauJeanNewtonEulerOSI.
    d.relation = dynamic_cast<NewtonEulerR*>(inter->relation().get());
    if (!d.relation)
      throw ModelError(std::string(kName) + ": " + inter->description() +
                       " has no NewtonEulerR relation");
    d.blocks.clear();
    const Eigen::Index m = inter->dimension();
    for (const auto& ds : systems) {
      const long b = ds->number() < bodyOf_.size() ? bodyOf_[ds->number()] : -1;
      if (b < 0)
        throw ModelError(std::string(kName) + ": " + inter->description() + " couples " +
                         ds->description() + ", which this integrator does not integrate");
      Block blk;
      blk.body = static_cast<std::size_t>(b);
      blk.H = Eigen::MatrixXd::Zero(m, 6);
      blk.MinvHt = Eigen::MatrixXd::Zero(6, m);
      d.blocks.push_back(std::move(blk));
    }
  }
  topologyVersion_ = nsds.topologyVersion();
}

const MoreauJeanNewtonEulerDirectProjectionOSI::InteractionData&
MoreauJeanNewtonEulerDirectProjectionOSI::data(const Interaction& inter) const {
  const std::size_t id = inter.number();
  if (id >= interactions_.size() || interactions_[id].inter != &inter)
    throw std::out_of_range(std::string(kName) + ": " + inter.description() +
                            " is not integrated here");
  return interactions_[id];
}

void MoreauJeanNewtonEulerDirectProjectionOSI::beginStep(const StepContext& ctx) {
  MoreauJeanNewtonEulerOSI::beginStep(ctx);
  synchronize();
  clearForcedActive();
}

bool MoreauJeanNewtonEulerDirectProjectionOSI::addInteractionInIndexSet(
    const Interaction& inter, unsigned level, const StepContext& ctx) const {
  if (level != 1) return MoreauJeanNewtonEulerOSI::addInteractionInIndexSet(inter, level, ctx);
  // At the predicted state too with setActivationAtPredictedState, as the Lagrangian
  // MoreauJeanDirectProjectionOSI.
  const Eigen::VectorXd* y = nullptr;
  const Eigen::VectorXd* ydot = nullptr;
  predictedOutputs(inter, ctx.step, y, ydot);  // leaves them null when there are none
  return indexSet1RuleTwice(inter, y, ydot, topology_, gamma(), ctx.h);
}

void MoreauJeanNewtonEulerDirectProjectionOSI::prepareProjection(const StepContext& ctx) {
  for (Body& b : bodies_) {
    const Eigen::LLT<Eigen::Matrix<double, 6, 6>> llt(b.ds->massMatrix());
    if (llt.info() != Eigen::Success)
      throw ModelError(std::string(kName) + ": the mass matrix of " + b.ds->description() +
                       " is not positive definite at step " + std::to_string(ctx.step));
    b.Minv = llt.solve(Eigen::Matrix<double, 6, 6>::Identity());
  }
  for (InteractionData& d : interactions_) {
    if (!d.inter) continue;
    d.relation->computeJacobians(ctx.tNext, *d.inter);
    for (std::size_t i = 0; i < d.blocks.size(); ++i) {
      Block& blk = d.blocks[i];
      blk.H = d.relation->jachqTBlock(*d.inter, i);
      blk.MinvHt.noalias() = bodies_[blk.body].Minv * blk.H.transpose();
    }
  }
}

void MoreauJeanNewtonEulerDirectProjectionOSI::computeFreeOutput(
    const Interaction& inter, const ProblemContext& ctx, Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.role != ProblemRole::Position) {
    MoreauJeanNewtonEulerOSI::computeFreeOutput(inter, ctx, q);
    return;
  }
  q = inter.y(0);
}

void MoreauJeanNewtonEulerDirectProjectionOSI::addInteractionBlock(
    const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
    const ProblemContext& ctx, Eigen::Ref<Eigen::MatrixXd> block) const {
  if (ctx.role != ProblemRole::Position) {
    MoreauJeanNewtonEulerOSI::addInteractionBlock(a, b, ds, ctx, block);
    return;
  }
  const InteractionData& da = data(a);
  const InteractionData& db = data(b);
  const long body = ds.number() < bodyOf_.size() ? bodyOf_[ds.number()] : -1;
  for (const Block& ba : da.blocks) {
    if (static_cast<long>(ba.body) != body) continue;
    for (const Block& bb : db.blocks)
      if (static_cast<long>(bb.body) == body) block.noalias() += ba.H * bb.MinvHt;
  }
}

void MoreauJeanNewtonEulerDirectProjectionOSI::updateState(const ProblemContext& ctx) {
  if (ctx.role != ProblemRole::Position) {
    MoreauJeanNewtonEulerOSI::updateState(ctx);
    for (Body& b : bodies_) b.ds->p(0).setZero();
    for (InteractionData& d : interactions_)
      if (d.inter) d.inter->lambda(0).setZero();
    return;
  }
  const IndexSet& set = topology_->indexSet(ctx.outputLevel);
  for (Body& b : bodies_) b.delta.setZero();
  for (InteractionData& d : interactions_) {
    if (!d.inter || !set.contains(d.inter->number())) continue;
    const auto& lambda = d.inter->lambda(0);
    if (lambda.isZero(0.0)) continue;
    for (const Block& blk : d.blocks) {
      Body& b = bodies_[blk.body];
      b.ds->p(0).noalias() += blk.H.transpose() * lambda;
      b.delta.noalias() += blk.MinvHt * lambda;
    }
  }
  // q ← q ⊕ Δ: x_G + Δ_G, p ∘ expq(Δ_Ω) renormalised (docs/theory/projection.md §2.4).
  for (Body& b : bodies_) {
    if (b.delta.isZero(0.0)) continue;
    Eigen::VectorXd& q = b.ds->q();
    q.head<3>() += b.delta.head<3>();
    const quaternion::Vector4 p = q.segment<4>(3);
    q.segment<4>(3) = quaternion::integrate(p, b.delta.tail<3>(), 1.0);
  }
  for (InteractionData& d : interactions_) {
    if (!d.inter) continue;
    d.relation->computeOutput(ctx.tNext, *d.inter, 0);
    d.relation->computeOutput(ctx.tNext, *d.inter, 1);  // H at the new q, then y(1) = H v
  }
}

}  // namespace moreau
