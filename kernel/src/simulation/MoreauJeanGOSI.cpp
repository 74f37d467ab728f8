// Moreau–Jean θ-scheme, global form: the equations are those of
// docs/theory/moreau-jean.md (MoreauJeanOSI) with v_{k+1} solved by the
// global one-step problem (docs/kernel/global-friction-contact.md).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearDiagonalDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIDS.hpp>
#include <moreau/kernel/modeling/LagrangianR.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/simulation/MoreauJeanGOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>
#include "IntegratorChecks.hpp"
#include "IterationMatrix.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace moreau {

namespace {

constexpr std::size_t kNoStep = std::numeric_limits<std::size_t>::max();

struct DSData {
  LagrangianDS* ds = nullptr;
  const LagrangianLinearTIDS* lti = nullptr;
  const LagrangianLinearDiagonalDS* diag = nullptr;
  Eigen::MatrixXd Mhat;     // dense M̂ (also for a diagonal system)
  Eigen::VectorXd MhatInv;  // 1 / diag(M̂) for a diagonal system
  Eigen::LLT<Eigen::MatrixXd> llt;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  bool spd = true;
  Eigen::VectorXd vFree, fExtk, rhs, work, vGlobal;
  std::size_t globalStep = kNoStep;  // step of vGlobal, kNoStep when not given
  Eigen::VectorXd qSet, vSet;
  bool written = false;
  // Boundary conditions (null when none; docs/theory/moreau-jean.md § "Prescribed
  // velocities"): the global problem gets M̃ = M̂ with the prescribed rows and columns
  // replaced by the identity's, the Jacobian blocks without the prescribed columns, and
  // v_free,P = v̄_P, so that its solution has v_P = v̄_P and u = H v.
  std::shared_ptr<BoundaryCondition> bc;
  Eigen::MatrixXd Mreduced;
  Eigen::LLT<Eigen::MatrixXd> bcLlt;
  Eigen::PartialPivLU<Eigen::MatrixXd> bcLu;
  bool bcSpd = true;
  Eigen::VectorXd bcW;  // the force term w of the step

  // x <- M̃⁻¹ x.
  void solveReducedInPlace(Eigen::VectorXd& x) {
    if (bcSpd) {
      bcLlt.solveInPlace(x);
    } else {
      rhs = x;
      x.noalias() = bcLu.solve(rhs);
    }
  }

  void solveInPlace(Eigen::VectorXd& x) {
    if (diag) {
      x.array() *= MhatInv.array();
    } else if (spd) {
      llt.solveInPlace(x);
    } else {
      rhs = x;
      x.noalias() = lu.solve(rhs);
    }
  }
};

struct DSBlock {
  std::size_t ds = 0;
  Eigen::MatrixXd H;
  Eigen::MatrixXd Hbc;  // H without the prescribed columns (system with boundary conditions)
};

struct InteractionData {
  std::shared_ptr<Interaction> inter;
  std::uint64_t linkVersion = 0;
  LagrangianR* relation = nullptr;
  bool constant = true;
  Eigen::VectorXd hDot;
  std::vector<DSBlock> blocks;
};

bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

}  // namespace

struct MoreauJeanGOSI::Impl {
  const Simulation* sim = nullptr;
  const MoreauJeanGOSI* self = nullptr;
  const NonSmoothDynamicalSystem* nsds = nullptr;
  const TimeDiscretisation* td = nullptr;
  double h = 0.0;
  std::vector<DSData> ds;
  std::vector<InteractionData> interactions;  // by interaction id
  std::uint64_t topologyVersion = 0;

  const InteractionData& data(const Interaction& inter) const {
    if (inter.number() >= interactions.size() || interactions[inter.number()].inter.get() != &inter)
      throw std::out_of_range("MoreauJeanGOSI: " + inter.description() +
                              " is not part of the initialized model");
    return interactions[inter.number()];
  }
  DSData& data(const DynamicalSystem& system) {
    if (system.number() >= ds.size() || ds[system.number()].ds != &system)
      throw std::out_of_range("MoreauJeanGOSI: " + system.description() +
                              " is not integrated by this integrator (or not initialized)");
    return ds[system.number()];
  }
  const DSData& data(const DynamicalSystem& system) const {
    return const_cast<Impl*>(this)->data(system);
  }

  static void computeOutput(InteractionData& d, double t) {
    d.relation->computeOutput(t, *d.inter, 0);
    d.relation->computeOutput(t, *d.inter, 1);
  }

  void updateBlocks(InteractionData& id, double t) {
    id.relation->computeJacobians(t, *id.inter);
    for (std::size_t i = 0; i < id.blocks.size(); ++i) {
      DSBlock& b = id.blocks[i];
      b.H = id.relation->jachqBlock(*id.inter, i);
      if (const auto& bc = ds[b.ds].bc) {
        b.Hbc = b.H;
        for (unsigned j : bc->velocityIndices()) b.Hbc.col(j).setZero();
      }
    }
    if (id.relation->hasTimeDerivative()) id.hDot = id.relation->dhdt(*id.inter);
  }

  bool owns(const Interaction& inter) const {
    const auto& systems = inter.dynamicalSystems();
    return !systems.empty() && sim->integrates(*self, *systems.front());
  }

  void initializeInteraction(InteractionData& id, const std::shared_ptr<Interaction>& inter,
                             double t) {
    id.inter = inter;
    id.linkVersion = nsds->topology().linkVersion(inter->number());
    id.relation = dynamic_cast<LagrangianR*>(inter->relation().get());
    if (!id.relation)
      throw ModelError(std::string("MoreauJeanGOSI: ") + inter->description() + " has a " +
                       inter->relation()->typeName() +
                       " relation; only Lagrangian relations (LagrangianR) are supported");
    id.constant = id.relation->hasConstantJacobians();
    id.blocks.clear();
    for (const auto& system : inter->dynamicalSystems()) {
      if (system->number() >= ds.size() || ds[system->number()].ds != system.get())
        throw ModelError("MoreauJeanGOSI: " + system->description() + " of " +
                         inter->description() +
                         " was inserted after initialize (call initialize again)");
      DSBlock b;
      b.ds = system->number();
      id.blocks.push_back(std::move(b));
    }
    id.hDot = Eigen::VectorXd::Zero(inter->dimension());
    updateBlocks(id, t);
    for (unsigned level = 0; level < inter->numberOfInputLevels(); ++level)
      inter->lambda(level).setZero();
    computeOutput(id, t);
    inter->swapInMemory();
  }

  void synchronize(double t) {
    const Topology& topo = nsds->topology();
    interactions.resize(topo.interactionCapacity());
    for (unsigned k = 0; k < interactions.size(); ++k) {
      InteractionData& d = interactions[k];
      const bool linked = topo.isLinked(k) && owns(*topo.interaction(k));
      if (linked && d.inter == topo.interaction(k) && d.linkVersion == topo.linkVersion(k))
        continue;
      if (d.inter) d = InteractionData();
      if (linked) initializeInteraction(d, topo.interaction(k), t);
    }
    topologyVersion = nsds->topologyVersion();
  }
};

MoreauJeanGOSI::MoreauJeanGOSI(double theta, double gamma)
    : theta_(theta),
      gamma_(std::isnan(gamma) ? 0.5 : gamma),
      useGamma_(!std::isnan(gamma)),
      impl_(std::make_unique<Impl>()) {
  detail::checkThetaGamma("MoreauJeanGOSI", theta, gamma_, gamma);
}

MoreauJeanGOSI::~MoreauJeanGOSI() = default;

InteractionLevels MoreauJeanGOSI::levels(const Interaction& /*inter*/) const {
  return InteractionLevels{0, 1, 1, 1};
}

void MoreauJeanGOSI::initialize(const Simulation& simulation) {
  Impl& d = *impl_;
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const TimeDiscretisation& td = *simulation.timeDiscretisation();
  d.sim = &simulation;
  d.self = this;
  d.nsds = &nsds;
  d.td = &td;
  d.h = td.h();
  const double h = d.h, th = theta_;
  d.ds.clear();
  d.ds.resize(nsds.numberOfDS());
  for (const auto& system : nsds.dynamicalSystems()) {
    if (!simulation.integrates(*this, *system)) continue;
    auto* lds = dynamic_cast<LagrangianDS*>(system.get());
    if (!lds)
      throw ModelError("MoreauJeanGOSI: " + system->description() +
                       " is not a LagrangianDS: first-order systems are not supported");
    DSData& s = d.ds[system->number()];
    s.ds = lds;
    s.lti = dynamic_cast<const LagrangianLinearTIDS*>(lds);
    s.diag = dynamic_cast<const LagrangianLinearDiagonalDS*>(lds);
    const Eigen::Index n = lds->ndof();
    if (!s.lti && !s.diag) {
      const std::string what = detail::nonlinearTerms(*lds);
      if (!what.empty())
        throw ModelError("MoreauJeanGOSI: " + system->description() + " has " + what +
                         "; this linear Moreau–Jean integrator supports constant mass and "
                         "F = F_ext(t) only");
    }
    s.vFree = Eigen::VectorXd::Zero(n);
    s.rhs = Eigen::VectorXd::Zero(n);
    s.work = Eigen::VectorXd::Zero(n);
    s.vGlobal = Eigen::VectorXd::Zero(n);
    s.globalStep = kNoStep;
    if (s.diag) {
      const Eigen::VectorXd mhat =
          detail::diagonalIterationMatrix("MoreauJeanGOSI", *s.diag, h, th);
      s.MhatInv = mhat.cwiseInverse();
      s.Mhat = mhat.asDiagonal();
      s.spd = (mhat.array() > 0.0).all();
    } else {
      s.Mhat = lds->mass();
      if (s.lti) s.Mhat += h * th * s.lti->C() + h * h * th * th * s.lti->K();
      if (!s.Mhat.allFinite())
        throw ModelError("MoreauJeanGOSI: the iteration matrix M + hθC + h²θ²K of " +
                         system->description() + " has a non-finite entry");
      // (Cholesky for an exactly symmetric M̂ only, as MoreauJeanOSI.)
      s.spd = detail::factorizeIterationMatrix("MoreauJeanGOSI", "M + hθC + h²θ²K", s.Mhat, *system,
                                               s.llt, s.lu);
    }
    s.bc = lds->boundaryConditions();
    if (s.bc) {
      s.bc->checkAgainst(*system, n);
      s.Mreduced = s.Mhat;
      for (unsigned i : s.bc->velocityIndices()) {
        s.Mreduced.row(i).setZero();
        s.Mreduced.col(i).setZero();
        s.Mreduced(i, i) = 1.0;
      }
      s.bcSpd = detail::choleskyOrLu(s.Mreduced, s.bcLlt, s.bcLu);
      s.bcW = Eigen::VectorXd::Zero(n);
      lds->resetBoundaryConditionOutputs();
    }
    lds->computeFExt(td.t0());
    s.fExtk = lds->fExt();
    for (unsigned level = 0; level < 3; ++level) lds->p(level).setZero();
    lds->swapInMemory();
    s.qSet = lds->q();
    s.vSet = lds->velocity();
    s.written = false;
  }
  d.interactions.clear();
  d.interactions.resize(nsds.topology().interactionCapacity());
  for (const auto& inter : nsds.interactions())
    if (d.owns(*inter)) d.initializeInteraction(d.interactions[inter->number()], inter, td.t0());
  d.topologyVersion = nsds.topologyVersion();
}

void MoreauJeanGOSI::beginStep(const StepContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  bool anyWritten = false;
  for (DSData& s : d.ds) {
    if (!s.ds) continue;
    LagrangianDS& ds = *s.ds;
    s.written = !sameBits(ds.q(), s.qSet) || !sameBits(ds.velocity(), s.vSet);
    if (!s.written) continue;
    try {
      ds.checkState();
    } catch (const ModelError& e) {
      std::ostringstream os;
      os << e.what() << " (state written before step " << k << ", t = " << d.td->time(k) << ")";
      throw ModelError(os.str());
    }
    ds.swapInMemory();
    s.qSet = ds.q();
    s.vSet = ds.velocity();
    anyWritten = true;
  }
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(k));
  if (!anyWritten) return;
  const double tk = d.td->time(k);
  for (InteractionData& id : d.interactions) {
    bool touched = false;
    for (const DSBlock& b : id.blocks) touched = touched || d.ds[b.ds].written;
    if (!touched) continue;
    Impl::computeOutput(id, tk);
    id.inter->swapInMemory();
  }
}

void MoreauJeanGOSI::computeFreeState(const StepContext& ctx) {
  Impl& d = *impl_;
  const double h = d.h, th = theta_;
  const double tk1 = d.td->time(ctx.step + 1);
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(ctx.step));
  for (DSData& s : d.ds) {
    if (!s.ds) continue;
    s.globalStep = kNoStep;
    LagrangianDS& ds = *s.ds;
    ds.computeFExt(tk1);
    const auto& qk = ds.qMemory();
    const auto& vk = ds.velocityMemory();
    s.work = h * th * ds.fExt() + h * (1.0 - th) * s.fExtk;
    if (s.lti) {
      s.work.noalias() -= (h * s.lti->C()) * vk;
      s.rhs = h * qk + (h * h * th) * vk;
      s.work.noalias() -= s.lti->K() * s.rhs;
    } else if (s.diag) {
      s.work.array() -= h * s.diag->dampingDiagonal().array() * vk.array();
      s.work.array() -=
          s.diag->stiffnessDiagonal().array() * (h * qk.array() + (h * h * th) * vk.array());
    }
    if (s.bc) {
      // Prescribed v̄(t_{k+1}) on P: w_F −= M̂_FP (v̄ − v_k)_P, w_P = (v̄ − v_k)_P.
      BoundaryCondition& bc = *s.bc;
      bc.computePrescribedVelocity(tk1);
      s.bcW = s.work;
      const std::vector<unsigned>& idx = bc.velocityIndices();
      const Eigen::VectorXd& vbar = bc.prescribedVelocity();
      for (std::size_t j = 0; j < idx.size(); ++j)
        s.work -= s.Mhat.col(idx[j]) * (vbar(static_cast<Eigen::Index>(j)) - vk(idx[j]));
      for (std::size_t j = 0; j < idx.size(); ++j)
        s.work(idx[j]) = vbar(static_cast<Eigen::Index>(j)) - vk(idx[j]);
      s.solveReducedInPlace(s.work);
      s.vFree = vk + s.work;
      for (std::size_t j = 0; j < idx.size(); ++j)
        s.vFree(idx[j]) = vbar(static_cast<Eigen::Index>(j));
      continue;
    }
    s.solveInPlace(s.work);
    s.vFree = vk + s.work;
  }
  for (InteractionData& id : d.interactions)
    if (id.inter && !id.constant) d.updateBlocks(id, tk1);
}

bool MoreauJeanGOSI::addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                              const StepContext& ctx) const {
  if (level == 0) return true;
  if (level != 1)
    throw std::out_of_range("MoreauJeanGOSI: index set " + std::to_string(level) +
                            " out of range [0, 1]");
  if (isAlwaysActive(*inter.nonSmoothLaw())) return true;
  const auto& y = inter.yMemory(0);
  const auto& ydot = inter.yMemory(1);
  const Eigen::Index stride = static_cast<Eigen::Index>(inter.nonSmoothLaw()->size());
  for (Eigen::Index i = 0; i < y.size(); i += stride)
    if (y(i) + gamma_ * ctx.h * ydot(i) <= 0.0) return true;
  return false;
}

void MoreauJeanGOSI::computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                       Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.outputLevel != 1)
    throw std::out_of_range("MoreauJeanGOSI: free output at level " +
                            std::to_string(ctx.outputLevel) + " (only level 1)");
  const InteractionData& id = impl_->data(inter);
  q.setZero();
  for (const DSBlock& b : id.blocks) q.noalias() += b.H * impl_->ds[b.ds].vFree;
  if (id.relation->hasTimeDerivative()) q += id.hDot;
}

void MoreauJeanGOSI::addInteractionBlock(const Interaction& a, const Interaction& /*b*/,
                                         const DynamicalSystem& /*ds*/,
                                         const ProblemContext& /*ctx*/,
                                         Eigen::Ref<Eigen::MatrixXd> /*block*/) const {
  throw ModelError("MoreauJeanGOSI: no local block for " + a.description() +
                   ": the global integrator pairs with GlobalFrictionContact (use "
                   "MoreauJeanOSI for LCP, MLCP, Relay, Equality and FrictionContact)");
}

void MoreauJeanGOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  const unsigned level = ctx.inputLevel;
  const double h = d.h, th = theta_;
  for (DSData& s : d.ds)
    if (s.ds) s.ds->p(level).setZero();
  // p = Σ Hᵀ λ (also for the systems whose velocity the global problem gave).
  for (const InteractionData& id : d.interactions) {
    if (!id.inter) continue;
    const auto& lambda = id.inter->lambda(level);
    for (const DSBlock& b : id.blocks)
      d.ds[b.ds].ds->p(level).noalias() += b.H.transpose() * lambda;
  }
  for (DSData& s : d.ds) {
    if (!s.ds) continue;
    LagrangianDS& ds = *s.ds;
    if (s.globalStep == ctx.step) {
      ds.velocity() = s.vGlobal;
    } else if (s.bc) {
      // v = v_free + M̃⁻¹ (p with the prescribed rows 0).
      s.work = ds.p(level);
      for (unsigned i : s.bc->velocityIndices()) s.work(i) = 0.0;
      s.solveReducedInPlace(s.work);
      ds.velocity() = s.vFree + s.work;
    } else {
      // Not solved by a global problem: v = v_free + M̂⁻¹ p.
      s.work = ds.p(level);
      s.solveInPlace(s.work);
      ds.velocity() = s.vFree + s.work;
    }
    if (s.bc) {
      // v_P = v̄_P exactly (the global solver returns it to its own accuracy), the impulse
      // r_P = [M̂ (v_{k+1} − v_k) − w − p]_P and Siconos's reaction −(column i of M̂)·v_{k+1} + p_i
      // (docs/theory/moreau-jean.md, "Prescribed velocities").
      const std::vector<unsigned>& idx = s.bc->velocityIndices();
      const Eigen::VectorXd& vbar = s.bc->prescribedVelocity();
      Eigen::VectorXd& v = ds.velocity();
      for (std::size_t j = 0; j < idx.size(); ++j) v(idx[j]) = vbar(static_cast<Eigen::Index>(j));
      s.rhs = v - ds.velocityMemory();
      const auto& p = ds.p(level);
      Eigen::VectorXd& r = ds.boundaryConditionImpulse();
      Eigen::VectorXd& reaction = ds.reactionToBoundaryConditions();
      for (std::size_t j = 0; j < idx.size(); ++j) {
        const auto jj = static_cast<Eigen::Index>(j);
        r(jj) = s.Mhat.row(idx[j]).dot(s.rhs) - s.bcW(idx[j]) - p(idx[j]);
        reaction(jj) = p(idx[j]) - s.Mhat.col(idx[j]).dot(v);
      }
    }
    ds.q() = ds.qMemory() + h * th * ds.velocity() + h * (1.0 - th) * ds.velocityMemory();
    s.qSet = ds.q();
    s.vSet = ds.velocity();
  }
  const double tk1 = d.td->time(ctx.step + 1);
  for (InteractionData& id : d.interactions)
    if (id.inter) Impl::computeOutput(id, tk1);
}

void MoreauJeanGOSI::swapInMemory() {
  for (DSData& s : impl_->ds) {
    if (!s.ds) continue;
    s.ds->swapInMemory();
    s.fExtk = s.ds->fExt();
  }
  for (InteractionData& id : impl_->interactions)
    if (id.inter) id.inter->swapInMemory();
}

const Eigen::MatrixXd& MoreauJeanGOSI::iterationMatrix(const DynamicalSystem& ds) const {
  const DSData& s = impl_->data(ds);
  return s.bc ? s.Mreduced : s.Mhat;
}

const Eigen::MatrixXd& MoreauJeanGOSI::jacobianBlock(const Interaction& inter,
                                                     const DynamicalSystem& ds) const {
  for (const DSBlock& b : impl_->data(inter).blocks)
    if (b.ds == ds.number()) return impl_->ds[b.ds].bc ? b.Hbc : b.H;
  throw std::out_of_range("MoreauJeanGOSI: " + ds.description() + " is not a system of " +
                          inter.description());
}

const Eigen::VectorXd& MoreauJeanGOSI::freeVelocity(const DynamicalSystem& ds) const {
  return impl_->data(ds).vFree;
}

void MoreauJeanGOSI::setGlobalVelocity(const DynamicalSystem& ds,
                                       const Eigen::Ref<const Eigen::VectorXd>& v,
                                       std::size_t step) {
  DSData& s = impl_->data(ds);
  if (v.size() != s.vGlobal.size())
    throw std::invalid_argument("MoreauJeanGOSI::setGlobalVelocity: " + ds.description() + " has " +
                                std::to_string(s.vGlobal.size()) + " dof, got " +
                                std::to_string(v.size()) + " values");
  s.vGlobal = v;
  s.globalStep = step;
}

bool MoreauJeanGOSI::hasGlobalVelocity(const DynamicalSystem& ds) const {
  return impl_->data(ds).globalStep != kNoStep;
}

}  // namespace moreau
