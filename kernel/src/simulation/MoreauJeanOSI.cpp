// Moreau–Jean θ-scheme; the equations are those of docs/theory/moreau-jean.md
// (dev-notes §2.4.2 with the errata of its Appendix A applied).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearDiagonalDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIR.hpp>
#include <moreau/kernel/modeling/LagrangianR.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/simulation/MoreauJeanOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace moreau {

namespace {

// Per-system data, allocated once at initialize.
struct DSData {
  LagrangianDS* ds = nullptr;
  const LagrangianLinearTIDS* lti = nullptr;         // null for a plain LagrangianDS (K = C = 0)
  const LagrangianLinearDiagonalDS* diag = nullptr;  // diagonal M, K, C: M̂ is diagonal
  Eigen::MatrixXd Mhat;                              // dense M̂ (empty for a diagonal system)
  Eigen::VectorXd MhatInv;                           // 1 / diag(M̂) for a diagonal system
  Eigen::LLT<Eigen::MatrixXd> llt;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  bool spd = true;
  Eigen::VectorXd vFree, fExtk, rhs, work;
  // The state the integrator last set (initialize, updateState) or took
  // (beginStep): a difference at the start of a step means a user write.
  Eigen::VectorXd qSet, vSet;
  bool written = false;  // written by the user before the current step

  // x <- M̂⁻¹ x without allocation.
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
  // X <- M̂⁻¹ X (initialize only).
  void solveInPlace(Eigen::MatrixXd& X) {
    if (diag)
      X = MhatInv.asDiagonal() * X;
    else if (spd)
      llt.solveInPlace(X);
    else
      X = lu.solve(X);
  }
};

// The part of an interaction's relation acting on one linked system.
struct DSBlock {
  std::size_t ds = 0;   // index in dsData (= DS number)
  Eigen::MatrixXd H;    // m × ndof columns of H for this system
  Eigen::MatrixXd WHt;  // M̂⁻¹ Hᵀ, ndof × m
};

struct InteractionData {
  std::shared_ptr<Interaction> inter;  // null for a free slot
  std::uint64_t linkVersion = 0;       // Topology::linkVersion of the slot when initialized
  LagrangianR* relation = nullptr;
  bool constant = true;         // constant Jacobian (LagrangianLinearTIR): blocks set once
  Eigen::VectorXd hDot;         // ∂h/∂t(q*, t_{k+1}) for a rheonomous relation
  std::vector<DSBlock> blocks;  // one or two, in link order: H = G(q*) blocks
};

// Same size and the same bits (NaN compares equal to itself, −0 differs from
// +0): detects any write, without tolerance.
bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

}  // namespace

struct MoreauJeanOSI::Impl {
  const Simulation* sim = nullptr;
  const MoreauJeanOSI* self = nullptr;
  std::size_t nonConstant = 0;  // integrated interactions with non-constant Jacobians
  const NonSmoothDynamicalSystem* nsds = nullptr;
  const TimeDiscretisation* td = nullptr;
  double h = 0.0;
  std::vector<DSData> ds;
  std::vector<InteractionData> interactions;  // indexed by interaction id (Topology slot)

  const InteractionData& data(const Interaction& inter) const {
    if (inter.number() >= interactions.size() || interactions[inter.number()].inter.get() != &inter)
      throw std::out_of_range("MoreauJeanOSI: " + inter.description() +
                              " is not part of the initialized model");
    return interactions[inter.number()];
  }
  const DSData& data(const DynamicalSystem& system) const {
    if (system.number() >= ds.size() || ds[system.number()].ds != &system)
      throw std::out_of_range("MoreauJeanOSI: " + system.description() +
                              " is not integrated by this integrator (or not initialized)");
    return ds[system.number()];
  }

  std::uint64_t topologyVersion = 0;

  // y(0) = h(q), y(1) = ẏ at the current state and time t (the relation's
  // computeOutput; for a LagrangianLinearTIR y(0) = H q + b, y(1) = H v).
  static void computeOutput(InteractionData& d, double t) {
    d.relation->computeOutput(t, *d.inter, 0);
    d.relation->computeOutput(t, *d.inter, 1);
  }

  // Blocks H_ds = G(q*) and M̂_ds⁻¹ H_dsᵀ from the relation's Jacobian at the
  // current state (q* = q_k) and time t.
  void updateBlocks(InteractionData& id, double t) {
    id.relation->computeJacobians(t, *id.inter);
    for (std::size_t i = 0; i < id.blocks.size(); ++i) {
      DSBlock& b = id.blocks[i];
      b.H = id.relation->jachqBlock(*id.inter, i);
      b.WHt = b.H.transpose();
      ds[b.ds].solveInPlace(b.WHt);
    }
    if (id.relation->hasTimeDerivative()) id.hDot = id.relation->dhdt(*id.inter);
  }

  // Per-interaction data from scratch: law, relation, blocks; λ = 0; outputs
  // at the current state and time t, copied to the memories.
  void initializeInteraction(InteractionData& id, const std::shared_ptr<Interaction>& inter,
                             double t) {
    id.inter = inter;
    id.linkVersion = nsds->topology().linkVersion(inter->number());
    id.relation = dynamic_cast<LagrangianR*>(inter->relation().get());
    if (!id.relation)
      throw ModelError(std::string("MoreauJeanOSI: ") + inter->description() + " has a " +
                       inter->relation()->typeName() +
                       " relation; only Lagrangian relations (LagrangianR) are supported");
    id.constant = id.relation->hasConstantJacobians();
    if (!id.constant) ++nonConstant;
    id.blocks.clear();
    for (const auto& system : inter->dynamicalSystems()) {
      if (system->number() >= ds.size() || ds[system->number()].ds != system.get())
        throw ModelError("MoreauJeanOSI: " + system->description() + " of " + inter->description() +
                         " was inserted after initialize (call TimeStepping::initialize again)");
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

  // After interactions were linked or removed (ids are stable slots): keeps
  // the data of the slots whose interaction is unchanged, drops the removed
  // ones and initializes the new ones (new slot, reused slot, or removed and
  // linked again: a new link version) at the current state (time t). Only
  // the interactions between systems of this integrator are its own.
  // O(interactionCapacity()).
  bool owns(const Interaction& inter) const {
    const auto& systems = inter.dynamicalSystems();
    return !systems.empty() && sim->integrates(*self, *systems.front());
  }
  void synchronize(double t) {
    const Topology& topo = nsds->topology();
    interactions.resize(topo.interactionCapacity());
    for (unsigned k = 0; k < interactions.size(); ++k) {
      InteractionData& data = interactions[k];
      const bool linked = topo.isLinked(k) && owns(*topo.interaction(k));
      if (linked && data.inter == topo.interaction(k) && data.linkVersion == topo.linkVersion(k))
        continue;
      if (data.inter) {
        if (!data.constant) --nonConstant;
        data = InteractionData();
      }
      if (linked) initializeInteraction(data, topo.interaction(k), t);
    }
    topologyVersion = nsds->topologyVersion();
  }
};

MoreauJeanOSI::MoreauJeanOSI(double theta, double gamma)
    : theta_(theta),
      gamma_(std::isnan(gamma) ? 0.5 : gamma),
      useGamma_(!std::isnan(gamma)),
      impl_(std::make_unique<Impl>()) {
  if (!std::isfinite(theta) || theta < 0.0 || theta > 1.0) {
    std::ostringstream os;
    os << "MoreauJeanOSI: theta = " << theta << " is outside [0, 1]";
    throw ModelError(os.str());
  }
  if (!std::isfinite(gamma_) || gamma_ < 0.0 || gamma_ > 1.0) {
    std::ostringstream os;
    os << "MoreauJeanOSI: gamma = " << gamma << " is outside [0, 1]";
    throw ModelError(os.str());
  }
}

InteractionLevels MoreauJeanOSI::levels(const Interaction& /*inter*/) const {
  return InteractionLevels{0, 1, 1, 1};
}

MoreauJeanOSI::~MoreauJeanOSI() = default;

void MoreauJeanOSI::initialize(const Simulation& simulation) {
  Impl& d = *impl_;
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const TimeDiscretisation& td = *simulation.timeDiscretisation();
  d.sim = &simulation;
  d.self = this;
  d.nonConstant = 0;
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
      throw ModelError("MoreauJeanOSI: " + system->description() +
                       " is not a LagrangianDS: first-order systems are not supported by "
                       "MoreauJeanOSI (a first-order integrator comes in a later part)");
    DSData& s = d.ds[system->number()];
    s.ds = lds;
    s.lti = dynamic_cast<const LagrangianLinearTIDS*>(lds);
    s.diag = dynamic_cast<const LagrangianLinearDiagonalDS*>(lds);
    const Eigen::Index n = lds->ndof();
    if (!s.lti && !s.diag) {
      // Plain LagrangianDS: only constant mass and F = F_ext(t) for now.
      std::string what;
      auto add = [&what](const char* item) {
        what += (what.empty() ? "" : ", ") + std::string(item);
      };
      if (!lds->hasConstantMass()) add("a state-dependent mass M(q)");
      if (lds->hasFInt()) add("internal forces F_int(t, q, v)");
      if (lds->hasNNL()) add("nonlinear inertia terms N(q, v)");
      if (!what.empty())
        throw ModelError("MoreauJeanOSI: " + system->description() + " has " + what +
                         "; this linear Moreau–Jean integrator supports constant mass and "
                         "F = F_ext(t) only (nonlinear Moreau–Jean comes in a later part)");
    }
    s.vFree = Eigen::VectorXd::Zero(n);
    s.rhs = Eigen::VectorXd::Zero(n);
    s.work = Eigen::VectorXd::Zero(n);
    if (s.diag) {
      // M̂ = m + hθc + h²θ²k, element-wise.
      const Eigen::VectorXd mhat = s.diag->massDiagonal() + h * th * s.diag->dampingDiagonal() +
                                   h * h * th * th * s.diag->stiffnessDiagonal();
      const double scale = mhat.cwiseAbs().maxCoeff();
      for (Eigen::Index i = 0; i < n; ++i)
        if (!std::isfinite(mhat(i)) ||
            !(std::abs(mhat(i)) >
              static_cast<double>(n) * std::numeric_limits<double>::epsilon() * scale)) {
          std::ostringstream os;
          os << "MoreauJeanOSI: the diagonal iteration matrix m + hθc + h²θ²k (size " << n
             << ") of " << system->description() << " is singular or not finite at entry " << i
             << " (" << mhat(i) << ")";
          throw ModelError(os.str());
        }
      s.MhatInv = mhat.cwiseInverse();
      s.Mhat.resize(0, 0);
      s.spd = (mhat.array() > 0.0).all();
    } else {
      s.Mhat = lds->mass();
      if (s.lti) s.Mhat += h * th * s.lti->C() + h * h * th * th * s.lti->K();
      if (!s.Mhat.allFinite())
        throw ModelError("MoreauJeanOSI: the iteration matrix M + hθC + h²θ²K of " +
                         system->description() + " has a non-finite entry");
      s.llt.compute(s.Mhat);
      s.spd = s.llt.info() == Eigen::Success;
      if (!s.spd) {
        s.lu.compute(s.Mhat);
        // Singular when a pivot of U is negligible against the matrix entries
        // (Eigen's rcond estimate is unreliable for exactly singular LU).
        const double scale = s.Mhat.cwiseAbs().maxCoeff();
        const double pivot = s.lu.matrixLU().diagonal().cwiseAbs().minCoeff();
        const double ratio = scale > 0 ? pivot / scale : 0.0;
        if (!(ratio > static_cast<double>(n) * std::numeric_limits<double>::epsilon())) {
          std::ostringstream os;
          os << "MoreauJeanOSI: the iteration matrix M + hθC + h²θ²K (" << n << "x" << n << ") of "
             << system->description()
             << " is singular (smallest LU pivot / largest entry = " << ratio << ")";
          throw ModelError(os.str());
        }
      }
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

void MoreauJeanOSI::beginStep(const StepContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  bool anyWritten = false;
  for (DSData& s : d.ds) {
    if (!s.ds) continue;  // integrated by another integrator
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
    // The written state is the state at t_k.
    ds.swapInMemory();
    s.qSet = ds.q();
    s.vSet = ds.velocity();
    anyWritten = true;
  }
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(k));
  if (!anyWritten) return;
  // Outputs y(0), y(1) at t_k of the interactions of a written system, and
  // their memories (the index set uses y_k + (h/2) ẏ_k).
  const double tk = d.td->time(k);
  for (InteractionData& id : d.interactions) {
    bool touched = false;
    for (const DSBlock& b : id.blocks) touched = touched || d.ds[b.ds].written;
    if (!touched) continue;
    Impl::computeOutput(id, tk);
    id.inter->swapInMemory();
  }
}

void MoreauJeanOSI::computeFreeState(const StepContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  const double h = d.h, th = theta_;
  const double tk1 = d.td->time(k + 1);
  // Interactions linked or removed since the last step: re-initialize only
  // the per-interaction data (the systems' M̂ factorizations are kept).
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(k));
  for (DSData& s : d.ds) {
    if (!s.ds) continue;
    LagrangianDS& ds = *s.ds;
    ds.computeFExt(tk1);
    const Eigen::VectorXd& qk = ds.qMemory();
    const Eigen::VectorXd& vk = ds.velocityMemory();
    // h(θ F_ext,k+1 + (1−θ) F_ext,k) − hC v_k − K(h q_k + h²θ v_k)
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
    s.solveInPlace(s.work);
    s.vFree = vk + s.work;
  }
  // Nonlinear relations: G(q*) with q* = q_k (and ∂h/∂t) at t_{k+1}.
  for (InteractionData& id : d.interactions)
    if (id.inter && !id.constant) d.updateBlocks(id, tk1);
}

bool MoreauJeanOSI::addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                             const StepContext& ctx) const {
  if (level == 0) return true;
  if (level != 1)
    throw std::out_of_range("MoreauJeanOSI: index set " + std::to_string(level) +
                            " out of range [0, 1]");
  // Bilateral and relay laws: always active.
  if (isAlwaysActive(*inter.nonSmoothLaw())) return true;
  // Predicted gap ȳ = y_k + γ h ẏ_k; active when the first component of
  // one of its laws (the normal of a contact law) is ≤ 0.
  const Eigen::VectorXd& y = inter.yMemory(0);
  const Eigen::VectorXd& ydot = inter.yMemory(1);
  const double h = ctx.h;
  const Eigen::Index stride = static_cast<Eigen::Index>(inter.nonSmoothLaw()->size());
  for (Eigen::Index i = 0; i < y.size(); i += stride)
    if (y(i) + gamma_ * h * ydot(i) <= 0.0) return true;
  return false;
}

void MoreauJeanOSI::computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                      Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.outputLevel != 1)
    throw std::out_of_range("MoreauJeanOSI: free output at level " +
                            std::to_string(ctx.outputLevel) + " (only level 1)");
  const InteractionData& id = impl_->data(inter);
  q.setZero();
  // q = G v_free (+ ∂h/∂t); the law terms (e ẏ_k) are the problem's.
  for (const DSBlock& b : id.blocks) q.noalias() += b.H * impl_->ds[b.ds].vFree;
  if (id.relation->hasTimeDerivative()) q += id.hDot;
}

bool MoreauJeanOSI::blocksAreConstant(const ProblemContext& /*ctx*/) const {
  return impl_->nonConstant == 0;
}

void MoreauJeanOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
                                        const DynamicalSystem& ds, const ProblemContext& /*ctx*/,
                                        Eigen::Ref<Eigen::MatrixXd> block) const {
  const InteractionData& da = impl_->data(a);
  const InteractionData& db = impl_->data(b);
  const DSBlock* ba = nullptr;
  const DSBlock* bb = nullptr;
  for (const DSBlock& x : da.blocks)
    if (x.ds == ds.number()) ba = &x;
  for (const DSBlock& x : db.blocks)
    if (x.ds == ds.number()) bb = &x;
  if (!ba || !bb)
    throw std::out_of_range("MoreauJeanOSI: " + ds.description() + " is not shared by " +
                            a.description() + " and " + b.description());
  block.noalias() += ba->H * bb->WHt;
  // ∇_λh (D of a linear relation, G1 of a compliant one) once on the diagonal.
  if (&a == &b && ba == &da.blocks.front() && da.relation->hasJachlambda())
    block += da.relation->jachlambda(a);
}

void MoreauJeanOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  const unsigned level = ctx.inputLevel;
  const double h = d.h, th = theta_;
  for (DSData& s : d.ds) {
    if (!s.ds) continue;
    s.ds->p(level).setZero();
    s.ds->velocity() = s.vFree;
  }
  // p(1) = Σ Hᵀ λ(1);  v_{k+1} = v_free + M̂⁻¹ p(1) = v_free + Σ (M̂⁻¹Hᵀ) λ(1).
  for (const InteractionData& id : d.interactions) {
    if (!id.inter) continue;  // free slot
    const Eigen::VectorXd& lambda = id.inter->lambda(level);
    for (const DSBlock& b : id.blocks) {
      LagrangianDS& ds = *d.ds[b.ds].ds;
      ds.p(level).noalias() += b.H.transpose() * lambda;
      ds.velocity().noalias() += b.WHt * lambda;
    }
  }
  for (DSData& s : d.ds) {
    if (!s.ds) continue;
    LagrangianDS& ds = *s.ds;
    ds.q() = ds.qMemory() + h * th * ds.velocity() + h * (1.0 - th) * ds.velocityMemory();
    s.qSet = ds.q();
    s.vSet = ds.velocity();
  }
  const double tk1 = d.td->time(k + 1);
  for (InteractionData& id : d.interactions)
    if (id.inter) Impl::computeOutput(id, tk1);
}

void MoreauJeanOSI::swapInMemory() {
  for (DSData& s : impl_->ds) {
    if (!s.ds) continue;
    s.ds->swapInMemory();
    s.fExtk = s.ds->fExt();
  }
  for (InteractionData& id : impl_->interactions)
    if (id.inter) id.inter->swapInMemory();
}

const Eigen::MatrixXd& MoreauJeanOSI::iterationMatrix(const DynamicalSystem& ds) const {
  return impl_->data(ds).Mhat;
}

bool MoreauJeanOSI::isIterationMatrixSPD(const DynamicalSystem& ds) const {
  return impl_->data(ds).spd;
}

const Eigen::MatrixXd& MoreauJeanOSI::jacobianBlock(const Interaction& inter,
                                                    const DynamicalSystem& ds) const {
  for (const DSBlock& b : impl_->data(inter).blocks)
    if (b.ds == ds.number()) return b.H;
  throw std::out_of_range("MoreauJeanOSI: " + ds.description() + " is not a system of " +
                          inter.description());
}

const Eigen::VectorXd& MoreauJeanOSI::freeVelocity(const DynamicalSystem& ds) const {
  return impl_->data(ds).vFree;
}

}  // namespace moreau
