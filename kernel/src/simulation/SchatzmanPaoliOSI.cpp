#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIR.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/SchatzmanPaoliOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <typeinfo>

namespace moreau {

SchatzmanPaoliOSI::SchatzmanPaoliOSI(double theta) : theta_(theta) {
  if (!std::isfinite(theta) || theta < 0.0 || theta > 1.0) {
    std::ostringstream os;
    os << "SchatzmanPaoliOSI: theta = " << theta << " is outside [0, 1]";
    throw ModelError(os.str());
  }
}

SchatzmanPaoliOSI::~SchatzmanPaoliOSI() = default;

InteractionLevels SchatzmanPaoliOSI::levels(const Interaction& /*inter*/) const {
  InteractionLevels l;
  l.minOutput = l.maxOutput = 0;
  l.minInput = l.maxInput = 0;
  return l;
}

void SchatzmanPaoliOSI::initialize(const Simulation& simulation) {
  simulation_ = &simulation;
  h_ = simulation.timeStep();
  const double h = h_, th = theta_;
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const double t0 = simulation.timeDiscretisation()->t0();
  systems_.clear();
  systemOf_.assign(nsds.dynamicalSystems().size(), -1);
  for (const auto& system : simulation.dynamicalSystemsOf(*this)) {
    auto* ds = dynamic_cast<LagrangianLinearTIDS*>(system.get());
    if (!ds || typeid(*ds) != typeid(LagrangianLinearTIDS))
      throw ModelError("SchatzmanPaoliOSI: " + system->description() +
                       " is not a LagrangianLinearTIDS (the only system supported)");
    if (ds->boundaryConditions())
      throw ModelError("SchatzmanPaoliOSI: boundary conditions of " + system->description() +
                       " are not supported (MoreauJeanOSI, its projection variants and "
                       "MoreauJeanGOSI honour them)");
    ds->validate();
    const Eigen::Index n = ds->ndof();
    Eigen::MatrixXd W = ds->mass();
    if (ds->K().size() > 0) W += (h * h * th) * ds->K();
    if (ds->C().size() > 0) W += (0.5 * h * th) * ds->C();
    SystemData s;
    s.ds = ds;
    s.llt.compute(W);
    if (s.llt.info() != Eigen::Success)
      throw ModelError("SchatzmanPaoliOSI: the iteration matrix M + h²θK + (hθ/2)C of " +
                       system->description() + " is not positive definite");
    if (ds->hasFExtFunction()) ds->computeFExt(t0);
    s.fExtk = ds->hasFExt() ? ds->fExt() : Eigen::VectorXd::Zero(n);
    // Start-up (tutorial-models §21): q_{−1} = q0, q_0* = q0 + h v0.
    s.qPrev = ds->q();
    ds->q() += h * ds->velocity();
    for (unsigned level = 0; level < 3; ++level) ds->p(level).setZero();
    ds->swapInMemory();
    s.qFree = Eigen::VectorXd::Zero(n);
    s.rhs = Eigen::VectorXd::Zero(n);
    if (system->number() >= systemOf_.size()) systemOf_.resize(system->number() + 1, -1);
    systemOf_[system->number()] = static_cast<long>(systems_.size());
    systems_.push_back(std::move(s));
  }
  topologyVersion_ = nsds.topologyVersion() + 1;
  synchronize();
}

void SchatzmanPaoliOSI::synchronize() {
  const NonSmoothDynamicalSystem& nsds = *simulation_->nonSmoothDynamicalSystem();
  if (nsds.topologyVersion() == topologyVersion_) return;
  interactions_.assign(nsds.topology().interactionCapacity(), InteractionData());
  for (const auto& inter : nsds.interactions()) {
    bool mine = true;
    for (const auto& ds : inter->dynamicalSystems())
      mine = mine && ds->number() < systemOf_.size() && systemOf_[ds->number()] >= 0;
    if (!mine) continue;
    InteractionData& d = interactions_[inter->number()];
    d.inter = inter.get();
    d.relation = dynamic_cast<const LagrangianLinearTIR*>(inter->relation().get());
    if (!d.relation || typeid(*d.relation) != typeid(LagrangianLinearTIR) ||
        d.relation->hasJachlambda() || d.relation->F().size() > 0)
      throw ModelError("SchatzmanPaoliOSI: " + inter->description() +
                       " must have a LagrangianLinearTIR relation y = H q + b (no D, no F)");
    auto* relation = const_cast<LagrangianLinearTIR*>(d.relation);
    relation->computeJacobians(simulation_->timeDiscretisation()->t0(), *inter);
    d.blocks.clear();
    for (std::size_t i = 0; i < inter->dynamicalSystems().size(); ++i) {
      Block b;
      b.system = static_cast<std::size_t>(systemOf_[inter->dynamicalSystems()[i]->number()]);
      b.H = relation->jachqBlock(*inter, i);
      b.WHt = systems_[b.system].llt.solve(b.H.transpose());
      d.blocks.push_back(std::move(b));
    }
    // Outputs at the start-up state; y_{−1} = y(q_{−1}) in the older memory.
    for (unsigned level = 0; level < inter->numberOfInputLevels(); ++level)
      inter->lambda(level).setZero();
    Eigen::VectorXd& y = inter->y(0);
    y = d.relation->b().size() > 0 ? d.relation->b() : Eigen::VectorXd::Zero(inter->dimension());
    for (const Block& b : d.blocks) y.noalias() += b.H * systems_[b.system].qPrev;
    inter->y(1).setZero();
    for (const Block& b : d.blocks)
      inter->y(1).noalias() += b.H * systems_[b.system].ds->velocity();
    inter->swapInMemory();
    computeOutput(d);
    inter->swapInMemory();
  }
  topologyVersion_ = nsds.topologyVersion();
}

void SchatzmanPaoliOSI::computeOutput(InteractionData& d) const {
  Interaction& inter = *d.inter;
  Eigen::VectorXd& y0 = inter.y(0);
  Eigen::VectorXd& y1 = inter.y(1);
  if (d.relation->b().size() > 0)
    y0 = d.relation->b();
  else
    y0.setZero();
  y1.setZero();
  for (const Block& b : d.blocks) {
    y0.noalias() += b.H * systems_[b.system].ds->q();
    y1.noalias() += b.H * systems_[b.system].ds->velocity();
  }
}

const SchatzmanPaoliOSI::InteractionData& SchatzmanPaoliOSI::data(const Interaction& inter) const {
  const std::size_t id = inter.number();
  if (id >= interactions_.size() || interactions_[id].inter != &inter)
    throw std::out_of_range("SchatzmanPaoliOSI: " + inter.description() +
                            " is not integrated here");
  return interactions_[id];
}

void SchatzmanPaoliOSI::beginStep(const StepContext& /*ctx*/) {
  if (simulation_->nonSmoothDynamicalSystem()->topologyVersion() != topologyVersion_)
    throw ModelError(
        "SchatzmanPaoliOSI: interactions linked or removed during the run are not supported");
}

void SchatzmanPaoliOSI::computeFreeState(const StepContext& ctx) {
  const double h = ctx.h, th = theta_;
  for (SystemData& s : systems_) {
    LagrangianLinearTIDS& ds = *s.ds;
    if (ds.hasFExtFunction()) ds.computeFExt(ctx.tNext);
    const auto& qk = ds.qMemory();
    const auto& vk = ds.velocityMemory();
    // M(2q_k − q_{k−1}) − h²(1−θ)K q_k + (hθ/2)C q_{k−1} − h²(1−θ)C v_k
    //   + h²(θ F_ext,k+1 + (1−θ) F_ext,k)
    s.rhs.noalias() = ds.mass() * (2.0 * qk - s.qPrev);
    if (ds.K().size() > 0) s.rhs.noalias() -= (h * h * (1.0 - th)) * (ds.K() * qk);
    if (ds.C().size() > 0) {
      s.rhs.noalias() += (0.5 * h * th) * (ds.C() * s.qPrev);
      s.rhs.noalias() -= (h * h * (1.0 - th)) * (ds.C() * vk);
    }
    if (ds.hasFExt()) s.rhs += (h * h * th) * ds.fExt() + (h * h * (1.0 - th)) * s.fExtk;
    s.qFree = s.llt.solve(s.rhs);
  }
}

bool SchatzmanPaoliOSI::addInteractionInIndexSet(const Interaction& /*inter*/, unsigned level,
                                                 const StepContext& /*ctx*/) const {
  if (level != 0)
    throw std::out_of_range("SchatzmanPaoliOSI: index set " + std::to_string(level) +
                            " (only index set 0)");
  return true;
}

void SchatzmanPaoliOSI::computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                          Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.outputLevel != 0)
    throw std::out_of_range("SchatzmanPaoliOSI: free output at level " +
                            std::to_string(ctx.outputLevel) + " (only level 0)");
  const InteractionData& d = data(inter);
  if (d.relation->b().size() > 0)
    q = d.relation->b();
  else
    q.setZero();
  for (const Block& b : d.blocks) q.noalias() += b.H * systems_[b.system].qFree;
}

void SchatzmanPaoliOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
                                            const DynamicalSystem& ds,
                                            const ProblemContext& /*ctx*/,
                                            Eigen::Ref<Eigen::MatrixXd> block) const {
  const std::size_t s = static_cast<std::size_t>(systemOf_.at(ds.number()));
  for (const Block& ba : data(a).blocks) {
    if (ba.system != s) continue;
    for (const Block& bb : data(b).blocks)
      if (bb.system == s) block.noalias() += ba.H * bb.WHt;
  }
}

void SchatzmanPaoliOSI::updateState(const ProblemContext& ctx) {
  const unsigned level = ctx.inputLevel;
  for (SystemData& s : systems_) {
    s.ds->p(level).setZero();
    s.ds->q() = s.qFree;
  }
  for (InteractionData& d : interactions_) {
    if (!d.inter) continue;
    const auto& lambda = d.inter->lambda(level);
    for (const Block& b : d.blocks) {
      LagrangianLinearTIDS& ds = *systems_[b.system].ds;
      ds.p(level).noalias() += b.H.transpose() * lambda;
      ds.q().noalias() += b.WHt * lambda;
    }
  }
  const double h = ctx.h;
  for (SystemData& s : systems_) s.ds->velocity() = (s.ds->q() - s.qPrev) / (2.0 * h);
  for (InteractionData& d : interactions_)
    if (d.inter) computeOutput(d);
}

void SchatzmanPaoliOSI::swapInMemory() {
  for (SystemData& s : systems_) {
    s.qPrev = s.ds->qMemory();
    s.ds->swapInMemory();
    if (s.ds->hasFExt()) s.fExtk = s.ds->fExt();
  }
  for (InteractionData& d : interactions_)
    if (d.inter) d.inter->swapInMemory();
}

const Eigen::VectorXd& SchatzmanPaoliOSI::qPrevious(const DynamicalSystem& ds) const {
  return systems_.at(static_cast<std::size_t>(systemOf_.at(ds.number()))).qPrev;
}

}  // namespace moreau
