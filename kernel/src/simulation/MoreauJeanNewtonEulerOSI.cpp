// Moreau–Jean for Newton–Euler bodies; docs/theory/newton-euler.md §5. Working data and Impl:
// MoreauJeanNewtonEulerOSIData.hpp.
#include "MoreauJeanNewtonEulerOSIData.hpp"
#include "SwappedOutputs.hpp"

#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

namespace moreau {

MoreauJeanNewtonEulerOSI::MoreauJeanNewtonEulerOSI(double theta, double gamma)
    : theta_(theta), gamma_(gamma), impl_(std::make_unique<Impl>()) {
  if (!(theta >= 0.0 && theta <= 1.0) || !(gamma >= 0.0 && gamma <= 1.0)) {
    std::ostringstream os;
    os << "MoreauJeanNewtonEulerOSI: theta = " << theta << " and gamma = " << gamma
       << " must be in [0, 1]";
    throw ModelError(os.str());
  }
}

MoreauJeanNewtonEulerOSI::~MoreauJeanNewtonEulerOSI() = default;

InteractionLevels MoreauJeanNewtonEulerOSI::levels(const Interaction& /*inter*/) const {
  return InteractionLevels{0, 1, 1, 1};
}

void MoreauJeanNewtonEulerOSI::initialize(const Simulation& simulation) {
  Impl& d = *impl_;
  d.sim = &simulation;
  d.self = this;
  d.nsds = simulation.nonSmoothDynamicalSystem().get();
  d.td = simulation.timeDiscretisation().get();
  d.bodies.clear();
  d.nonlinearBodies = 0;
  d.bodyOf.assign(d.nsds->numberOfDS(), -1);
  const double t0 = d.td->t0();
  for (const auto& system : d.nsds->dynamicalSystems()) {
    if (!simulation.integrates(*this, *system)) continue;
    auto* ne = dynamic_cast<NewtonEulerDS*>(system.get());
    if (!ne)
      throw ModelError("MoreauJeanNewtonEulerOSI: " + system->description() +
                       " is not a NewtonEulerDS (integrate Lagrangian systems with MoreauJeanOSI)");
    Body b;
    b.ds = ne;
    const Eigen::Matrix3d& I = ne->inertia();
    const bool spherical = (I - I(0, 0) * Eigen::Matrix3d::Identity()).isZero(0.0);
    b.nonlinear = !spherical || ne->isMExtInInertialFrame() || ne->hasWrenchInt();
    if (b.nonlinear) ++d.nonlinearBodies;
    b.bc = ne->boundaryConditions();
    if (b.bc) {
      b.bc->checkAgainst(*ne, NewtonEulerDS::twistDim);
      ne->resetBoundaryConditionOutputs();
    }
    b.qData = ne->q().data();
    b.vData = ne->twist().data();
    b.W = Eigen::MatrixXd::Zero(6, 6);
    b.Fk = b.vFree = b.vPrev = b.resid = Eigen::VectorXd::Zero(6);
    b.qIter = Eigen::VectorXd::Zero(7);
    for (unsigned level = 0; level < 3; ++level) ne->p(level).setZero();
    ne->swapInMemory();
    d.bodyOf[system->number()] = static_cast<long>(d.bodies.size());
    d.bodies.push_back(std::move(b));
  }
  std::vector<const BoundaryCondition*> conditions;
  for (const Body& b : d.bodies)
    if (b.bc) conditions.push_back(b.bc.get());
  std::sort(conditions.begin(), conditions.end());
  d.sharedBodyState = std::adjacent_find(conditions.begin(), conditions.end()) != conditions.end();
  d.reusesOutputs = allowsDormantInteractions();
  d.motion.assign(d.bodies.size(), Motion());
  d.wDiagonal.assign(d.bodies.size(), WDiagonal());
  d.iterationA.assign(d.bodies.size(), Eigen::Matrix<double, 6, 6>::Zero());
  for (std::size_t i = 0; i < d.bodies.size(); ++i)
    d.measureMotion(d.bodies[i], d.motion[i], 0.0, false);
  d.dormancy = dormant_ && d.nonlinearBodies == 0;
  d.buildInteractions(t0, true);
  for (InterData& id : d.inters) {
    id.inter->swapInMemory();
    Impl::keepRuleInputs(id);
  }
}

void MoreauJeanNewtonEulerOSI::beginStep(const StepContext& ctx) {
  Impl& d = *impl_;
  if (d.nsds->topologyVersion() != d.topologyVersion) d.buildInteractions(ctx.t, false);
  // The check for states written by the user is done body by body in computeFreeState's body
  // loop (one pass over the bodies per step), as MoreauJeanOSI does.
  d.checkWrites = true;
}

void MoreauJeanNewtonEulerOSI::Impl::takeWrittenStates(const StepContext& ctx) {
  // A state written by the user since the last step is the state at t_k: memories (swapped in
  // computeFreeState's body loop) and the outputs (and their memories) of the interactions at
  // t_k are taken from it. Cleared only once the body loop is complete: after a loop
  // interrupted by a ModelError, the next call takes them (pendingWrites stays set).
  checkWrites = false;
  if (!pendingWrites.load(std::memory_order_relaxed)) return;
  pendingWrites.store(false, std::memory_order_relaxed);
  for (std::size_t i = 0; i < bodies.size(); ++i) measureMotion(bodies[i], motion[i], 0.0, false);
  for (InterData& id : inters) {
    id.relation->computeOutputs(ctx.t, *id.inter);
    id.outputsCurrent = true;
    id.inter->swapInMemory();
    id.dormant = false;
    id.ruleStep = std::numeric_limits<std::size_t>::max();  // new memories
  }
}

namespace {

// b.W = (M − hθ ∂F/∂v − h²θ² ∂F/∂q T(q_k))⁻¹ (the Jacobian terms for nonlinear bodies only).
void computeIterationMatrix(Body& b, WDiagonal& diagonal, Eigen::Matrix<double, 6, 6>& A,
                            const Eigen::VectorXd& qk, const StepContext& ctx, double th) {
  using Matrix6 = Eigen::Matrix<double, 6, 6>;
  NewtonEulerDS& ds = *b.ds;
  const double h = ctx.h;
  Matrix6 Wm = ds.massMatrix();
  if (b.nonlinear) {
    ds.computeJacobianvForces(ctx.tNext, b.qIter, b.vPrev);
    ds.computeJacobianqForces(ctx.tNext, b.qIter, b.vPrev);
    const Eigen::Map<const Matrix6> Jv(ds.jacobianvForces().data());
    const Eigen::Map<const Eigen::Matrix<double, 6, 7>> Jq(ds.jacobianqForces().data());
    Wm -= (h * th) * Jv;
    Wm -= (h * h * th * th) * (Jq * NewtonEulerDS::T(qk));
  }
  A = Wm;
  if (b.bc)
    // Ã: the prescribed rows and columns become those of the identity (§5.1).
    for (unsigned i : b.bc->velocityIndices()) {
      Wm.row(i).setZero();
      Wm.col(i).setZero();
      Wm(i, i) = 1.0;
    }
  const Eigen::PartialPivLU<Matrix6> lu(Wm);
  Matrix6 W = lu.inverse();
  if (!W.allFinite() || !(std::abs(lu.determinant()) > 0.0))
    throw ModelError("MoreauJeanNewtonEulerOSI: the iteration matrix of " + ds.description() +
                     " is singular or not finite");
  // Reduced W: no contact impulse reaches a prescribed component (its row and column are 0).
  if (b.bc)
    for (unsigned i : b.bc->velocityIndices()) W(i, i) = 0.0;
  b.W = W;
  diagonal.diagonal = true;
  for (int j = 0; j < 6; ++j)
    for (int i = 0; i < 6; ++i) diagonal.diagonal = diagonal.diagonal && (i == j || W(i, j) == 0.0);
  for (int i = 0; i < 6; ++i) diagonal.w[static_cast<std::size_t>(i)] = W(i, i);
  b.wCached = !b.nonlinear;
}

}  // namespace

void MoreauJeanNewtonEulerOSI::computeFreeState(const StepContext& ctx) {
  Impl& d = *impl_;
  const double h = ctx.h, th = theta_;
  const bool firstPass = d.jacobianStep != ctx.step;
  using Vector6 = Eigen::Matrix<double, 6, 1>;
  using Matrix6 = Eigen::Matrix<double, 6, 6>;
  const bool checkWrites = d.checkWrites;
  d.forBodies([&](Body& b) {
    NewtonEulerDS& ds = *b.ds;
    const auto index = static_cast<std::size_t>(&b - d.bodies.data());
    if (checkWrites && (ds.q() != ds.qMemory() || ds.twist() != ds.twistMemory())) {
      d.pendingWrites.store(true, std::memory_order_relaxed);
      ds.swapInMemory();
    }
    const auto& qk = ds.qMemory();
    const Vector6 vk = ds.twistMemory();
    if (firstPass) {
      ds.computeForces(ctx.t, qk, ds.twistMemory());
      b.Fk = ds.forces();
    }
    const Vector6 vIter = ds.twist();
    b.vPrev = vIter;
    // q(v^τ) = q_k ⊕ h((1 − θ) v_k + θ v^τ), only when F depends on q (a moment in the
    // inertial frame or an internal wrench: NewtonEulerDS::computeForces reads q for nothing
    // else); otherwise F(t_{k+1}, ·, v^τ) is evaluated at q_k, which it does not read.
    const bool forcesOfQ = b.nonlinear || ds.isMExtInInertialFrame() || ds.hasWrenchInt();
    if (forcesOfQ) {
      b.resid = (1.0 - th) * vk + th * vIter;
      NewtonEulerDS::integrateConfiguration(qk, b.resid, h, b.qIter);
    }
    ds.computeForces(ctx.tNext, forcesOfQ ? b.qIter : qk, b.vPrev);
    if (!b.nonlinear && b.wCached) {
      // W = M⁻¹ unchanged (M is fixed: same LU, same inverse as when it was computed).
    } else {
      computeIterationMatrix(b, d.wDiagonal[index], d.iterationA[index], qk, ctx, th);
    }
    const Eigen::Map<const Matrix6> W(b.W.data());
    // 𝓡_free = M(v^τ − v_k) − hθF^τ − h(1 − θ)F_k
    const Eigen::Map<const Vector6> F(ds.forces().data()), Fk(b.Fk.data());
    Vector6 r = ds.massMatrix() * (vIter - vk) - (h * th) * F - (h * (1.0 - th)) * Fk;
    if (!b.bc) {
      // A diagonal W (WDiagonal, one cache line): (W r)(i) = W(i, i) r(i), the only nonzero
      // term of the full product's sum (the same value up to the sign of a zero), without
      // reading W's 36 entries.
      const WDiagonal& wd = d.wDiagonal[index];
      Vector6 vFree;
      if (wd.diagonal) {
        for (int i = 0; i < 6; ++i) vFree(i) = vIter(i) - wd.w[static_cast<std::size_t>(i)] * r(i);
      } else {
        vFree = vIter - W * r;
      }
      b.vFree = vFree;
      ds.twistFree() = vFree;
      return;
    }
    // Prescribed v̄(t_{k+1}) on P (§5.1): x_P = (v^τ − v̄)_P, A_FF x_F = 𝓡_F − A_FP x_P,
    // v_free = v^τ − x (the reduced W has zero P rows and columns), v_free,P = v̄_P.
    BoundaryCondition& bc = *b.bc;
    bc.computePrescribedVelocity(ctx.tNext);
    const std::vector<unsigned>& idx = bc.velocityIndices();
    const Eigen::VectorXd& vbar = bc.prescribedVelocity();
    for (std::size_t j = 0; j < idx.size(); ++j)
      r -= d.iterationA[index].col(idx[j]) * (vIter(idx[j]) - vbar(static_cast<Eigen::Index>(j)));
    Vector6 vFree = vIter - W * r;
    for (std::size_t j = 0; j < idx.size(); ++j) vFree(idx[j]) = vbar(static_cast<Eigen::Index>(j));
    b.vFree = vFree;
    ds.twistFree() = vFree;
  });
  if (checkWrites) d.takeWrittenStates(ctx);
  // H at q̄_k = q_k (first pass of the step), W Hᵀ at every pass. Linear bodies (one pass):
  // only for the interactions that enter index set 1 at this step (the rule reads the
  // memories y_k, ẏ_k, fixed during the step); the problems read no other (an interaction
  // read all the same gets its blocks on demand, still at q_k: current()).
  // docs/kernel/performance.md.
  if (firstPass) {
    d.jacobianStep = ctx.step;
    d.jacobianTime = ctx.t;
    d.lastH = h;
    if (predictedActivation_) predictOutputs(ctx);
  }
  const bool all = d.nonlinearBodies > 0;
  // (Prefetched ahead: the cache line of the interaction that the rule reads, its number and
  // memory version.)
  const double gh = gamma_ * h;
  d.forInteractionsAhead(
      [&](InterData& id) {
        if (firstPass) {
          // A dormant interaction provably outside index set 1: the rule's answer without
          // reading the interaction (addInteractionInIndexSet's, cached for the step).
          if (id.dormant) {
            if (d.excluded(id, gh)) {
              id.ruleActive = false;
              id.ruleStep = ctx.step;
              id.ruleH = h;
              return;
            }
            Impl::wake(id, ctx.t);
          }
          if (all || addInteractionInIndexSet(*id.inter, 1, ctx)) d.jacobianBlocks(id);
        } else if (id.hStep == d.jacobianStep) {
          d.productBlocks(id);
        }
      },
      [](const InterData& id) {
        if (!id.dormant) prefetch(reinterpret_cast<const char*>(id.inter) + kRuleLineOffset, 64);
      },
      [](const InterData&) {});
}

void MoreauJeanNewtonEulerOSI::predictOutputs(const StepContext& ctx) {
  // Siconos's Newton loop starts at q̃ = q_k ⊕ h v_k and updates the index sets from the
  // outputs there (docs/theory/newton-euler.md §5). Each body's q is swapped with q̃ for the
  // evaluations and back (O(1) swaps); each interaction's y(0), y(1) likewise with the
  // predicted vectors, so that its outputs are unchanged afterwards. Sequential: the bodies'
  // q are shared by their interactions.
  Impl& d = *impl_;
  if (d.dormancy)
    throw ModelError(
        std::string(typeName()) +
        ": activation at the predicted state and dormant interactions exclude each "
        "other (setActivationAtPredictedState(false) or setDormantInteractions(false))");
  d.qPredicted.resize(d.bodies.size());
  d.yPredicted.resize(d.inters.size());
  d.ydotPredicted.resize(d.inters.size());
  for (std::size_t i = 0; i < d.bodies.size(); ++i) {
    const NewtonEulerDS& ds = *d.bodies[i].ds;
    NewtonEulerDS::integrateConfiguration(ds.qMemory(), ds.twistMemory(), ctx.h, d.qPredicted[i]);
  }
  const ScopedSwap swapQ([&d] {
    for (std::size_t i = 0; i < d.bodies.size(); ++i) d.bodies[i].ds->q().swap(d.qPredicted[i]);
  });
  for (std::size_t k = 0; k < d.inters.size(); ++k) {
    InterData& id = d.inters[k];
    Interaction& inter = *id.inter;
    Eigen::VectorXd& y = d.yPredicted[k];
    Eigen::VectorXd& ydot = d.ydotPredicted[k];
    if (y.size() != inter.y(0).size()) y.resize(inter.y(0).size());
    if (ydot.size() != inter.y(1).size()) ydot.resize(inter.y(1).size());
    id.outputsCurrent = false;  // the relation's last evaluation is at q̃
    const auto predicted = swappedOutputs(inter, y, ydot);
    id.relation->computeOutputs(ctx.tNext, inter);
  }
  d.predStep = ctx.step;
}

bool MoreauJeanNewtonEulerOSI::predictedOutputs(const Interaction& inter, std::size_t step,
                                                const Eigen::VectorXd*& y,
                                                const Eigen::VectorXd*& ydot) const {
  if (!predictedActivation_ || impl_->predStep != step) return false;
  const InterData* id = impl_->find(inter);
  if (!id) return false;
  const auto k = static_cast<std::size_t>(id - impl_->inters.data());
  y = &impl_->yPredicted[k];
  ydot = &impl_->ydotPredicted[k];
  return true;
}

bool MoreauJeanNewtonEulerOSI::addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                                        const StepContext& ctx) const {
  if (level == 0) return true;
  if (level != 1)
    throw std::out_of_range("MoreauJeanNewtonEulerOSI: index set " + std::to_string(level) +
                            " out of range [0, 1]");
  return indexSetRule(inter, impl_->find(inter), ctx);
}

bool MoreauJeanNewtonEulerOSI::addInteractionInIndexSetWithHint(const Interaction& inter,
                                                                std::uint32_t hint, unsigned level,
                                                                const StepContext& ctx) const {
  if (hint == kNoHint || level != 1)  // a subclass's override, if any; level checks
    return addInteractionInIndexSet(inter, level, ctx);
  return indexSetRule(inter, impl_->find(inter, hint), ctx);
}

bool MoreauJeanNewtonEulerOSI::indexSetRule(const Interaction& inter, mjneosi::InterData* id,
                                            const StepContext& ctx) const {
  if (!id)
    return isAlwaysActive(*inter.nonSmoothLaw()) ||
           activeAtVelocityLevel(inter.yMemory(0), inter.yMemory(1),
                                 static_cast<Eigen::Index>(inter.nonSmoothLaw()->size()), ctx);
  // The rule reads the memories y_k, ẏ_k (fixed during the step): evaluated once per step.
  if (id->ruleStep != ctx.step || id->ruleH != ctx.h) {
    // Dormant: provably outside (its memories are not read), else evaluated at t_k now.
    if (id->dormant) {
      if (impl_->excluded(*id, gamma_ * ctx.h)) {
        id->ruleActive = false;
        id->ruleStep = ctx.step;
        id->ruleH = ctx.h;
        return false;
      }
      Impl::wake(*id, ctx.t);
    }
    const Eigen::VectorXd* y = nullptr;
    const Eigen::VectorXd* ydot = nullptr;
    if (id->alwaysActive) {
      id->ruleActive = true;
    } else if (predictedOutputs(inter, ctx.step, y, ydot)) {
      // At the predicted state (setActivationAtPredictedState).
      id->ruleActive = activeAtVelocityLevel(*y, *ydot, id->lawSize, ctx);
    } else if (id->ruleVersion == inter.memoryVersion()) {
      // The kept y_k, ẏ_k: activeAtVelocityLevel's test on the same values.
      id->ruleActive = false;
      for (int i = 0; i < id->ruleInputs; ++i)
        if (id->ruleY[i] + gamma_ * ctx.h * id->ruleYdot[i] <= 0.0) {
          id->ruleActive = true;
          break;
        }
    } else {
      id->ruleActive = activeAtVelocityLevel(inter.yMemory(0), inter.yMemory(1), id->lawSize, ctx);
    }
    id->ruleStep = ctx.step;
    id->ruleH = ctx.h;
  }
  return id->ruleActive;
}

bool MoreauJeanNewtonEulerOSI::activeAtVelocityLevel(const Eigen::VectorXd& y,
                                                     const Eigen::VectorXd& ydot,
                                                     Eigen::Index stride,
                                                     const StepContext& ctx) const {
  for (Eigen::Index i = 0; i < y.size(); i += stride)
    if (y(i) + gamma_ * ctx.h * ydot(i) <= 0.0) return true;
  return false;
}

namespace {

void checkFreeOutputLevel(const ProblemContext& ctx) {
  if (ctx.outputLevel != 1)
    throw std::out_of_range("MoreauJeanNewtonEulerOSI: free output at level " +
                            std::to_string(ctx.outputLevel) + " (only level 1)");
}

}  // namespace

void MoreauJeanNewtonEulerOSI::computeFreeOutput(const Interaction& inter,
                                                 const ProblemContext& ctx,
                                                 Eigen::Ref<Eigen::VectorXd> q) const {
  checkFreeOutputLevel(ctx);
  impl_->freeOutput(impl_->current(inter), q);
}

void MoreauJeanNewtonEulerOSI::computeFreeOutputWithHint(const Interaction& inter,
                                                         std::uint32_t hint,
                                                         const ProblemContext& ctx,
                                                         Eigen::Ref<Eigen::VectorXd> q) const {
  if (hint == kNoHint) {  // a subclass's override, if any
    computeFreeOutput(inter, ctx, q);
    return;
  }
  checkFreeOutputLevel(ctx);
  impl_->freeOutput(impl_->current(inter, hint), q);
}

std::uint32_t MoreauJeanNewtonEulerOSI::lookupHint(const Interaction& inter) const {
  // Only for this class itself: a subclass that overrides computeFreeOutput or
  // addInteractionBlock (MoreauJeanNewtonEulerDirectProjectionOSI) gets them called.
  if (typeid(*this) != typeid(MoreauJeanNewtonEulerOSI)) return kNoHint;
  const InterData* id = impl_->find(inter);
  return id ? static_cast<std::uint32_t>(id - impl_->inters.data()) : kNoHint;
}

void MoreauJeanNewtonEulerOSI::Impl::freeOutput(const InterData& id,
                                                Eigen::Ref<Eigen::VectorXd> q) const {
  q.setZero();
  for (const Block& blk : id.blocks) {
    if (blk.fixed3) {  // frictional contact: fixed-size product
      Eigen::Map<Eigen::Vector3d>(q.data()).noalias() +=
          Eigen::Map<const Matrix36>(blk.H3.data()) *
          Eigen::Map<const Eigen::Matrix<double, 6, 1>>(bodies[blk.body].vFree.data());
      continue;
    }
    q.noalias() += blk.x->H * bodies[blk.body].vFree;
  }
}

void MoreauJeanNewtonEulerOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
                                                   const DynamicalSystem& ds,
                                                   const ProblemContext& /*ctx*/,
                                                   Eigen::Ref<Eigen::MatrixXd> block) const {
  impl_->interactionBlock(a, impl_->current(a), b, impl_->current(b), ds, block);
}

void MoreauJeanNewtonEulerOSI::addInteractionBlockWithHint(
    const Interaction& a, std::uint32_t hintA, const Interaction& b, std::uint32_t hintB,
    const DynamicalSystem& ds, const ProblemContext& ctx, Eigen::Ref<Eigen::MatrixXd> block) const {
  if (hintA == kNoHint || hintB == kNoHint) {  // a subclass's override, if any
    addInteractionBlock(a, b, ds, ctx, block);
    return;
  }
  impl_->interactionBlock(a, impl_->current(a, hintA), b, impl_->current(b, hintB), ds, block);
}

void MoreauJeanNewtonEulerOSI::Impl::interactionBlock(const Interaction& a, const InterData& da,
                                                      const Interaction& b, const InterData& db,
                                                      const DynamicalSystem& ds,
                                                      Eigen::Ref<Eigen::MatrixXd> block) const {
  // By address, in the interaction data: neither the system nor the other blocks are read
  // (SpheresPile: cache misses less per block).
  const auto blockOf = [&ds](const InterData& id) -> const Block* {
    if (id.blocks.size() <= 2) {
      for (std::uint32_t k = id.nBodies; k-- > 0;)  // the last one, as the loop below
        if (id.system[k] == &ds) return &id.blocks[k];
      return nullptr;
    }
    const Block* found = nullptr;
    for (const Block& x : id.blocks)
      if (x.system == &ds) found = &x;
    return found;
  };
  const Block* ba = blockOf(da);
  const Block* bb = blockOf(db);
  if (!ba || !bb)
    throw std::out_of_range("MoreauJeanNewtonEulerOSI: " + ds.description() + " is not shared by " +
                            a.description() + " and " + b.description());
  if (ba->fixed3 && bb->fixed3) {
    // Frictional contacts (FrictionContact(3)): fixed-size 3 × 6 · 6 × 3 product.
    Eigen::Map<Eigen::Matrix3d, 0, Eigen::OuterStride<>> out(
        block.data(), 3, 3, Eigen::OuterStride<>(block.outerStride()));
    const Matrix63 wht = wht3(*bb);
    out.noalias() +=
        Eigen::Map<const Matrix36>(ba->H3.data()) * Eigen::Map<const Matrix63>(wht.data());
    return;
  }
  if (!ba->fixed3 && !bb->fixed3) {
    block.noalias() += ba->x->H * bb->x->WHt;
    return;
  }
  if (bb->fixed3) {  // a frictional contact's W Hᵀ against another kind's H
    const Matrix63 wht = wht3(*bb);
    block.noalias() += ba->hView() * Eigen::Map<const Eigen::MatrixXd>(wht.data(), 6, 3);
    return;
  }
  const Eigen::MatrixXd& wht = bb->x->WHt;
  block.noalias() +=
      ba->hView() * Eigen::Map<const Eigen::MatrixXd>(wht.data(), wht.rows(), wht.cols());
}

void MoreauJeanNewtonEulerOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  const unsigned level = ctx.inputLevel;
  const double h = ctx.h, th = theta_;
  const Topology& topology = d.nsds->topology();
  const IndexSet* set = ctx.outputLevel > 0 && ctx.outputLevel < topology.numberOfIndexSets()
                            ? &topology.indexSet(ctx.outputLevel)
                            : nullptr;
  const auto inSet = [&](const InterData& id) { return !set || set->contains(id.number); };
  // The blocks of the interactions of the set (still at q_k), then per body (each writes only
  // its own p and v): p = Σ Hᵀλ and v = v_free + Σ W Hᵀλ over its interactions in interaction
  // order (the order of one loop over the interactions: the same bits), then q_{k+1}.
  d.forInteractions([&](InterData& id) {
    id.inUpdate = inSet(id);
    if (!id.inUpdate) return;
    if (id.hStep != d.jacobianStep) d.jacobianBlocks(id);
    if (id.blocks.front().fixed3) id.lambda3 = id.inter->lambda(level);
  });
  d.forBodies([&](Body& b) {
    NewtonEulerDS& ds = *b.ds;
    Eigen::Map<Eigen::Matrix<double, 6, 1>> impulse(ds.p(level).data()), twist(ds.twist().data());
    impulse.setZero();
    twist = Eigen::Map<const Eigen::Matrix<double, 6, 1>>(b.vFree.data());
    for (std::uint32_t e = 0; e < b.blockCount; ++e) {
      const auto [interIndex, poolIndex] = b.blocks[e];
      const InterData& id = d.inters[interIndex];
      if (!id.inUpdate) continue;
      const Block& blk = d.blockPool[poolIndex];
      if (blk.fixed3) {  // frictional contact: fixed-size products
        impulse.noalias() += Eigen::Map<const Matrix36>(blk.H3.data()).transpose() * id.lambda3;
        const Matrix63 wht = d.wht3(blk);
        twist.noalias() += Eigen::Map<const Matrix63>(wht.data()) * id.lambda3;
        continue;
      }
      const auto& lambda = id.inter->lambda(level);
      ds.p(level).noalias() += blk.x->H.transpose() * lambda;
      ds.twist().noalias() += blk.x->WHt * lambda;
    }
    b.resid = (1.0 - th) * ds.twistMemory() + th * ds.twist();
    NewtonEulerDS::integrateConfiguration(ds.qMemory(), b.resid, h, ds.q());
    b.qData = ds.q().data();
    b.vData = ds.twist().data();
    if (d.dormancy)
      d.measureMotion(b, d.motion[static_cast<std::size_t>(&b - d.bodies.data())], h, true);
    const double scale = std::max(1.0, ds.twist().lpNorm<Eigen::Infinity>());
    b.residu = (ds.twist() - b.vPrev).lpNorm<Eigen::Infinity>() / scale;
    if (b.bc) {
      // Reaction r_P = [M(v_{k+1} − v_k) − hθF(t_{k+1}, q_{k+1}, v_{k+1}) − h(1 − θ)F_k − p]_P
      // (§5.1). A linear body's F depends on t only: the F of computeFreeState is that one.
      if (b.nonlinear) ds.computeForces(ctx.tNext, ds.q(), ds.twist());
      const Eigen::Map<const Eigen::Matrix<double, 6, 1>> F(ds.forces().data()), Fk(b.Fk.data()),
          v(ds.twist().data()), vk(ds.twistMemory().data()), p(ds.p(level).data());
      // Siconos's reaction: −(column i of A)·v_{k+1} + p_i, A the iteration matrix before the
      // conditions (§5.1).
      const std::vector<unsigned>& idx = b.bc->velocityIndices();
      const Eigen::Matrix<double, 6, 6>& A =
          d.iterationA[static_cast<std::size_t>(&b - d.bodies.data())];
      Eigen::VectorXd& impulse = ds.boundaryConditionImpulse();
      Eigen::VectorXd& reaction = ds.reactionToBoundaryConditions();
      for (std::size_t j = 0; j < idx.size(); ++j) {
        const unsigned i = idx[j];
        const auto jj = static_cast<Eigen::Index>(j);
        impulse(jj) =
            ds.massMatrix().row(i).dot(v - vk) - h * th * F(i) - h * (1.0 - th) * Fk(i) - p(i);
        reaction(jj) = p(i) - A.col(i).dot(v);
      }
    }
  });
  // In body order, as one loop would (the same bits for every thread count).
  d.residu = 0.0;
  for (const Body& b : d.bodies) d.residu = std::max(d.residu, b.residu);
  // y_{k+1} and ẏ_{k+1}: one evaluation of the contact per interaction.
  // (Prefetched ahead: the interaction, its bodies' q and v, its relation buffers and y.)
  d.forInteractionsAhead(
      [&](InterData& id) {
        // (A dormant interaction's outputs are older than the new q.)
        id.outputsCurrent = !id.dormant;
        if (!id.dormant) id.relation->computeOutputs(ctx.tNext, *id.inter);
      },
      [&](const InterData& id) {
        if (id.dormant) return;
        prefetch(id.inter, sizeof(Interaction));
        for (const Block& blk : id.blocks) {
          const Body& b = d.bodies[blk.body];
          prefetch(b.qData, sizeof(double) * NewtonEulerDS::qDim);
          prefetch(b.vData, sizeof(double) * NewtonEulerDS::twistDim);
        }
      },
      [](const InterData& id) {
        if (id.dormant) return;
        const Interaction& inter = *id.inter;
        const RelationWorkspace& ws = inter.workspace();
        for (const Eigen::VectorXd* v : {&ws.x, &ws.v, &ws.e, &inter.y(0), &inter.y(1)})
          prefetch(v->data(), sizeof(double) * static_cast<std::size_t>(v->size()));
        prefetch(ws.C.data(), sizeof(double) * static_cast<std::size_t>(ws.C.size()));
        prefetch(inter.relation().get(), 1);
        prefetch(inter.dynamicalSystems().data(), 1);
      });
}

void MoreauJeanNewtonEulerOSI::swapInMemory() {
  Impl& d = *impl_;
  d.forBodies([](Body& b) { b.ds->swapInMemory(); });
  const double gh = gamma_ * d.lastH;
  d.forInteractionsAhead(
      [&](InterData& id) {
        if (id.dormant) return;  // y and its memories stay those of its last evaluation
        id.inter->swapInMemory();
        // Keep the index-set rule's inputs (the new memories) next to the interaction's data.
        Impl::keepRuleInputs(id);
        if (d.dormancy) d.maybeSleep(id, gh);
      },
      [](const InterData& id) {
        if (!id.dormant) prefetch(id.inter, kSwapBytes);
      },
      [](const InterData& id) {
        if (id.dormant) return;
        const Interaction& inter = *id.inter;
        for (unsigned level = 0; level < 2; ++level) {
          prefetch(inter.y(level).data(), 1);
          prefetch(inter.yMemory(level).data(), 1);
        }
      });
}

void MoreauJeanNewtonEulerOSI::setDormantInteractions(bool enabled) {
  if (enabled && !allowsDormantInteractions())
    throw ModelError(std::string(typeName()) +
                     ": dormant interactions are not available (this integrator reads the "
                     "outputs of every interaction)");
  dormant_ = enabled;
  Impl& d = *impl_;
  if (!enabled) wakeDormantInteractions();
  d.dormancy = dormant_ && d.nonlinearBodies == 0 && d.sim;
}

bool MoreauJeanNewtonEulerOSI::isDormant(const Interaction& inter) const {
  const InterData* id = impl_->find(inter);
  return id && id->dormant;
}

std::size_t MoreauJeanNewtonEulerOSI::numberOfDormantInteractions() const {
  std::size_t n = 0;
  for (const InterData& id : impl_->inters) n += id.dormant ? 1 : 0;
  return n;
}

void MoreauJeanNewtonEulerOSI::wakeDormantInteractions() {
  Impl& d = *impl_;
  if (!d.sim) return;
  const double t = d.sim->startingTime();
  for (InterData& id : d.inters)
    if (id.dormant) {
      Impl::wake(id, t);
      id.ruleStep = std::numeric_limits<std::size_t>::max();
    }
}

bool MoreauJeanNewtonEulerOSI::isLinear() const {
  for (const Body& b : impl_->bodies)
    if (b.nonlinear) return false;
  return true;
}

double MoreauJeanNewtonEulerOSI::computeResidu() { return impl_->residu; }

const Eigen::MatrixXd& MoreauJeanNewtonEulerOSI::iterationMatrix(const DynamicalSystem& ds) const {
  const long b = ds.number() < impl_->bodyOf.size() ? impl_->bodyOf[ds.number()] : -1;
  if (b < 0)
    throw std::out_of_range("MoreauJeanNewtonEulerOSI: " + ds.description() + " is not integrated");
  return impl_->bodies[static_cast<std::size_t>(b)].W;
}

const Eigen::VectorXd& MoreauJeanNewtonEulerOSI::freeVelocity(const DynamicalSystem& ds) const {
  const long b = ds.number() < impl_->bodyOf.size() ? impl_->bodyOf[ds.number()] : -1;
  if (b < 0)
    throw std::out_of_range("MoreauJeanNewtonEulerOSI: " + ds.description() + " is not integrated");
  return impl_->bodies[static_cast<std::size_t>(b)].vFree;
}

}  // namespace moreau
