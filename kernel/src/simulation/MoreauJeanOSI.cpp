// Moreau–Jean θ-scheme; the equations are those of docs/theory/moreau-jean.md
// (dev-notes §2.4.2 with the errata of its Appendix A applied).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearDiagonalDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIR.hpp>
#include <moreau/kernel/modeling/LagrangianR.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/simulation/MoreauJeanNewtonEulerOSI.hpp>
#include <moreau/kernel/simulation/MoreauJeanOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>
#include "IntegratorChecks.hpp"
#include "IterationMatrix.hpp"
#include "MoreauJeanOSIData.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <typeinfo>
#include <vector>

namespace moreau {

// Data structures and MoreauJeanOSI::Impl: MoreauJeanOSIData.hpp.

MoreauJeanOSI::MoreauJeanOSI(double theta, double gamma)
    : theta_(theta),
      gamma_(std::isnan(gamma) ? 0.5 : gamma),
      useGamma_(!std::isnan(gamma)),
      impl_(std::make_unique<Impl>()) {
  detail::checkThetaGamma("MoreauJeanOSI", theta, gamma_, gamma);
}

InteractionLevels MoreauJeanOSI::levels(const Interaction& /*inter*/) const {
  return InteractionLevels{0, 1, 1, 1};
}

MoreauJeanOSI::~MoreauJeanOSI() = default;

std::shared_ptr<OneStepIntegrator> MoreauJeanOSI::companionFor(const DynamicalSystem& ds) {
  if (!dynamic_cast<const NewtonEulerDS*>(&ds)) return nullptr;
  // The same scheme on Newton–Euler bodies (docs/theory/newton-euler.md §5);
  // γ_ is already ½ when γ was not given.
  if (!newtonEuler_) newtonEuler_ = std::make_shared<MoreauJeanNewtonEulerOSI>(theta_, gamma_);
  // Siconos's activation at the predicted state for its bodies too (default true).
  newtonEuler_->setActivationAtPredictedState(predictedActivation_);
  return newtonEuler_;
}

const MoreauJeanNewtonEulerOSI* MoreauJeanOSI::delegate(const DynamicalSystem& ds) const {
  // Only Newton–Euler bodies are delegated (the companion throws for one it does not integrate).
  return newtonEuler_ && dynamic_cast<const NewtonEulerDS*>(&ds) ? newtonEuler_.get() : nullptr;
}

void MoreauJeanOSI::initialize(const Simulation& simulation) {
  Impl& d = *impl_;
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const TimeDiscretisation& td = *simulation.timeDiscretisation();
  d.sim = &simulation;
  d.self = this;
  d.nonConstant = 0;
  d.nonlinearDS = 0;
  d.outputResidual = 0.0;
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
      const std::string what = detail::nonlinearTerms(*lds);
      // Nonlinear: Newton iterations over the step (W refactorized per iterate).
      s.nonlinear = !what.empty();
      if (s.nonlinear) {
        ++d.nonlinearDS;
        if (!lds->hasConstantMass()) lds->computeMass();
        s.Fk = Eigen::VectorXd::Zero(n);
        s.resid = Eigen::VectorXd::Zero(n);
      }
    } else {
      s.nonlinear = false;
    }
    s.qPrev = Eigen::VectorXd::Zero(n);
    s.qPredicted = Eigen::VectorXd::Zero(n);
    s.n = n;
    s.vFree = Eigen::VectorXd::Zero(n);
    s.rhs = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd mhat;  // M̂ = m + hθc + h²θ²k, element-wise (a diagonal system)
    if (s.diag) {
      mhat = detail::diagonalIterationMatrix("MoreauJeanOSI", *s.diag, h, th);
      s.MhatInv = mhat.cwiseInverse();
      s.Mhat.resize(0, 0);
      s.spd = (mhat.array() > 0.0).all();
    } else {
      s.Mhat = lds->mass();
      if (s.lti) s.Mhat += h * th * s.lti->C() + h * h * th * th * s.lti->K();
      if (!s.Mhat.allFinite())
        throw ModelError("MoreauJeanOSI: the iteration matrix M + hθC + h²θ²K of " +
                         system->description() + " has a non-finite entry");
      s.spd = detail::factorizeIterationMatrix("MoreauJeanOSI", "M + hθC + h²θ²K", s.Mhat, *system,
                                               s.llt, s.lu);
    }
    s.bc = lds->boundaryConditions();
    if (s.bc) {
      // A nonlinear system refactorizes the reduced W at every Newton iterate
      // (Impl::factorize); the factorization here serves the initial blocks.
      s.bc->checkAgainst(*system, n);
      if (s.diag) {
        s.Mfull = mhat.asDiagonal();
      } else {
        s.Mfull = s.Mhat;
      }
      s.factorizeReduced();
      s.bcW = Eigen::VectorXd::Zero(n);
      lds->resetBoundaryConditionOutputs();
    }
    s.linearForces = s.lti && !(s.lti->C().isZero(0.0) && s.lti->K().isZero(0.0));
    s.fExtFunction = lds->hasFExtFunction();
    s.diagonalCholesky = !s.bc && !s.diag && !s.nonlinear && s.spd && s.Mhat.isDiagonal(0.0);
    lds->computeFExt(td.t0());
    for (unsigned level = 0; level < 3; ++level) lds->p(level).setZero();
    lds->swapInMemory();
    s.written = false;
    s.touched = false;
  }
  // The pool of per-step vectors, filled in DS order.
  d.active.clear();
  std::size_t poolSize = 0;
  for (DSData& s : d.ds)
    if (s.ds) {
      d.active.push_back(&s);
      poolSize += static_cast<std::size_t>(DSData::kHotVectors * s.n);
    }
  d.pool.assign(poolSize, 0.0);
  double* next = d.pool.data();
  for (DSData* s : d.active) {
    s->hot = next;
    next += DSData::kHotVectors * s->n;
    copyValues(s->ds->fExt(), s->fExtk());
    copyValues(s->ds->q(), s->qSet());
    copyValues(s->ds->velocity(), s->vSet());
    if (s->diagonalCholesky) {
      const Eigen::VectorXd l = s->llt.matrixLLT().diagonal();
      copyValues(l, s->cholDiag());
    }
  }

  d.interactions.clear();
  d.interactions.resize(nsds.topology().interactionCapacity());
  for (const auto& inter : nsds.interactions())
    if (d.owns(*inter)) d.initializeInteraction(d.interactions[inter->number()], inter, td.t0());
  d.topologyVersion = nsds.topologyVersion();
}

void MoreauJeanOSI::beginStep(const StepContext& ctx) {
  Impl& d = *impl_;
  // The companion follows a setting changed after initialize (its computeFreeState reads it).
  if (newtonEuler_) newtonEuler_->setActivationAtPredictedState(predictedActivation_);
  // The check for states written by the user is done system by system in
  // computeFreeState (one pass over the systems per step).
  d.checkWrites = true;
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(ctx.step));
}

void MoreauJeanOSI::computeFreeState(const StepContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  const double h = d.h, th = theta_;
  const double tk1 = d.td->time(k + 1);
  // Interactions linked or removed since the last step: re-initialize only
  // the per-interaction data (the systems' M̂ factorizations are kept).
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(k));
  // A write check interrupted by an invalid state (ModelError) is done
  // again at the next call: checkWrites, written and anyWritten are cleared
  // only once the pass is complete.
  const bool checkWrites = d.checkWrites;
  const double wNew = h * th, wOld = h * (1.0 - th);
  const bool newton = d.newton();
  const unsigned tau = ctx.newtonIteration;
  d.tk = d.td->time(k);
  d.tk1 = tk1;
  for (DSData* sp : d.active) {
    DSData& s = *sp;
    LagrangianDS& ds = *s.ds;
    const Eigen::Index n = s.n;
    if (checkWrites) {
      if (!sameBits(ds.q(), s.qSet(), n) || !sameBits(ds.velocity(), s.vSet(), n)) {
        try {
          ds.checkState();
        } catch (const ModelError& e) {
          std::ostringstream os;
          os << e.what() << " (state written before step " << k << ", t = " << d.td->time(k) << ")";
          throw ModelError(os.str());
        }
        // The written state is the state at t_k.
        ds.swapInMemory();
        copyValues(ds.q(), s.qSet());
        copyValues(ds.velocity(), s.vSet());
        s.written = true;
        d.anyWritten = true;
      }
    }
    if (newton && tau == 0) {
      // (q_k, v_k) (also when the step is computed again before nextStep); the Newton iterate
      // starts at the predicted state, set below once the outputs of written systems are done.
      copyValues(ds.qMemory(), ds.q());
      copyValues(ds.velocityMemory(), ds.velocity());
      copyValues(ds.q(), s.qSet());
      copyValues(ds.velocity(), s.vSet());
    }
    if (s.nonlinear) continue;  // below
    if (s.fExtFunction) ds.computeFExt(tk1);
    const auto& qk = ds.qMemory();
    const auto& vk = ds.velocityMemory();
    // h(θ F_ext,k+1 + (1−θ) F_ext,k) − hC v_k − K(h q_k + h²θ v_k)
    double* w = s.work();
    {
      const double* fNew = ds.fExt().data();
      const double* fOld = s.fExtk();
      for (Eigen::Index i = 0; i < n; ++i) w[i] = wNew * fNew[i] + wOld * fOld[i];
    }
    if (s.lti && s.linearForces) {
      Eigen::Map<Eigen::VectorXd> work(w, n);
      work.noalias() -= (h * s.lti->C()) * vk;
      s.rhs = h * qk + (h * h * th) * vk;
      work.noalias() -= s.lti->K() * s.rhs;
    } else if (s.diag) {
      Eigen::Map<Eigen::VectorXd> work(w, n);
      work.array() -= h * s.diag->dampingDiagonal().array() * vk.array();
      work.array() -=
          s.diag->stiffnessDiagonal().array() * (h * qk.array() + (h * h * th) * vk.array());
    }
    if (s.bc) {
      // Prescribed v̄(t_{k+1}) on P: w_F −= M̂_FP (v̄ − v_k)_P, w_P = (v̄ − v_k)_P.
      BoundaryCondition& bc = *s.bc;
      bc.computePrescribedVelocity(tk1);
      for (Eigen::Index i = 0; i < n; ++i) s.bcW(i) = w[i];
      const std::vector<unsigned>& idx = bc.velocityIndices();
      const Eigen::VectorXd& vbar = bc.prescribedVelocity();
      for (std::size_t j = 0; j < idx.size(); ++j) {
        const double dv = vbar(static_cast<Eigen::Index>(j)) - vk(idx[j]);
        for (Eigen::Index i = 0; i < n; ++i) w[i] -= s.Mfull(i, idx[j]) * dv;
      }
      for (std::size_t j = 0; j < idx.size(); ++j)
        w[idx[j]] = vbar(static_cast<Eigen::Index>(j)) - vk(idx[j]);
    }
    s.solveInPlace(w);
    const double* v = vk.data();
    double* vf = s.vFree.data();
    for (Eigen::Index i = 0; i < n; ++i) vf[i] = v[i] + w[i];
    if (s.bc) {
      const std::vector<unsigned>& idx = s.bc->velocityIndices();
      const Eigen::VectorXd& vbar = s.bc->prescribedVelocity();
      for (std::size_t j = 0; j < idx.size(); ++j) vf[idx[j]] = vbar(static_cast<Eigen::Index>(j));
    }
  }
  d.checkWrites = false;
  if (d.anyWritten) {
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
    for (DSData* sp : d.active) sp->written = false;
    d.anyWritten = false;
  }
  // Newton: the iterate starts at the predicted state q⁰ = q_k + h(θ v_k + (1 − θ) v_k), v⁰ = v_k
  // (Siconos's computeInitialNewtonState, in its order of operations); every system's q, so that
  // the relations' Jacobians G(q⁰) are taken there too. Then the nonlinear systems' free state
  // at the iterate (docs/theory/moreau-jean.md §5).
  // q̃ is computed once per step into qPredicted, for both uses.
  const bool predictY = predictedActivation_ && (!newton || tau == 0);
  if (predictY || (newton && tau == 0)) d.predictStates(h, th);
  if (newton && tau == 0)
    for (DSData* sp : d.active) {
      copyValues(sp->qPredicted, sp->ds->q());
      copyValues(sp->qPredicted, sp->qSet());
    }
  for (DSData* sp : d.active)
    if (sp->nonlinear) d.nonlinearFreeState(*sp, tau, th);
  // The outputs at the predicted state, for the index-set rule of this step (once per step in
  // Newton mode: the rule is asked at the first iterate).
  if (predictY) d.predictOutputs(k, tk1);
  // Nonlinear relations: G(q^τ) (and ∂h/∂t) at t_{k+1}, q^τ the Newton
  // iterate (q_k at τ = 0); M̂⁻¹Hᵀ again when M̂ changed (nonlinear system).
  if (d.nonConstant > 0 || d.nonlinearDS > 0)
    for (InteractionData& id : d.interactions)
      if (id.inter && (!id.constant || id.touchesNonlinear)) {
        d.updateBlocks(id, tk1);
        if (id.outputResidual) {
          // h(q^τ, t_{k+1}): the base of the linearization checked in updateState.
          id.relation->computeOutput(tk1, *id.inter, 0);
          copyValues(id.inter->y(0), id.yPrev);
        }
      }
}

bool MoreauJeanOSI::addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                             const StepContext& ctx) const {
  if (level == 0) return true;
  if (level != 1)
    throw std::out_of_range("MoreauJeanOSI: index set " + std::to_string(level) +
                            " out of range [0, 1]");
  // Bilateral and relay laws: always active.
  if (isAlwaysActive(*inter.nonSmoothLaw())) return true;
  // ỹ + γ h ẏ̃ ≤ 0 with the outputs at the predicted state (predictedOutputs; the memories
  // y_k, ẏ_k when the step's outputs were not predicted); active when the first component of
  // one of its laws (the normal of a contact law) passes.
  const Eigen::VectorXd* y = &inter.yMemory(0);
  const Eigen::VectorXd* ydot = &inter.yMemory(1);
  predictedOutputs(inter, ctx.step, y, ydot);
  const double h = ctx.h;
  const std::size_t id = inter.number();
  const Eigen::Index stride =
      id < impl_->interactions.size() && impl_->interactions[id].inter.get() == &inter
          ? static_cast<Eigen::Index>(impl_->interactions[id].lawSize)
          : static_cast<Eigen::Index>(inter.nonSmoothLaw()->size());
  for (Eigen::Index i = 0; i < y->size(); i += stride)
    if ((*y)(i) + gamma_ * h * (*ydot)(i) <= 0.0) return true;
  return false;
}

void MoreauJeanOSI::adoptCurrentState() {
  for (DSData* sp : impl_->active) {
    copyValues(sp->ds->q(), sp->qSet());
    copyValues(sp->ds->velocity(), sp->vSet());
  }
}

void MoreauJeanOSI::enterInitialNewtonState(const StepContext& ctx) {
  if (atInitialNewtonState_) return;
  for (DSData* sp : impl_->active)
    predictedState(sp->ds->q().data(), sp->ds->velocity().data(), ctx.h, theta_, sp->n,
                   sp->qPredicted.data());
  for (DSData* sp : impl_->active) sp->ds->q().swap(sp->qPredicted);  // no copy, no allocation
  atInitialNewtonState_ = true;
}

void MoreauJeanOSI::leaveInitialNewtonState() {
  if (!atInitialNewtonState_) return;
  for (DSData* sp : impl_->active) sp->ds->q().swap(sp->qPredicted);
  atInitialNewtonState_ = false;
}

bool MoreauJeanOSI::predictedOutputs(const Interaction& inter, std::size_t step,
                                     const Eigen::VectorXd*& y,
                                     const Eigen::VectorXd*& ydot) const {
  const std::size_t id = inter.number();
  if (id >= impl_->interactions.size()) return false;
  const InteractionData& data = impl_->interactions[id];
  if (data.inter.get() != &inter || data.predictedStep != step) return false;
  y = &data.yPredicted;
  ydot = &data.ydotPredicted;
  return true;
}

void MoreauJeanOSI::computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                      Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.outputLevel != 1)
    throw std::out_of_range("MoreauJeanOSI: free output at level " +
                            std::to_string(ctx.outputLevel) + " (only level 1)");
  const InteractionData& id = impl_->data(inter);
  q.setZero();
  // q = G v_free (+ ∂h/∂t); the law terms (e ẏ_k) are the problem's.
  for (const DSBlock& b : id.blocks) addProduct(b.H, impl_->ds[b.ds].vFree.data(), q.data());
  if (id.relation->hasTimeDerivative()) q += id.hDot;
}

bool MoreauJeanOSI::blocksAreConstant(const ProblemContext& /*ctx*/) const {
  return impl_->nonConstant == 0 && impl_->nonlinearDS == 0;
}

bool MoreauJeanOSI::isLinear() const { return !impl_->newton(); }

double MoreauJeanOSI::computeResidu() {
  Impl& d = *impl_;
  const double h = d.h, th = theta_;
  double r = 0.0;
  for (DSData* sp : d.active) {
    DSData& s = *sp;
    if (!s.nonlinear) continue;  // linear: solved exactly by one pass
    LagrangianDS& ds = *s.ds;
    // 𝓡(v^{τ+1}) − p^{τ+1} = M(q)(v − v_k) − hθ F(t_{k+1}, q, v) − h(1−θ) F_k − p(1) at the new
    // iterate (q, v), its Euclidean norm: Siconos's residual and norm (absolute).
    ds.computeForces(d.tk1, ds.q(), ds.velocity());
    s.atIterate = true;
    ds.computeMass(ds.q());
    s.rhs = ds.velocity();
    s.rhs -= ds.velocityMemory();
    s.resid.noalias() = ds.mass() * s.rhs;
    const auto& p = ds.p(1);
    s.resid -= (h * th) * ds.forces();
    s.resid -= (h * (1.0 - th)) * s.Fk;
    s.resid -= p;
    if (s.bc) {
      // Prescribed rows: the residual at the iterate is the impulse imposing v̄; they are not
      // unknowns of the Newton iteration.
      const std::vector<unsigned>& idx = s.bc->velocityIndices();
      Eigen::VectorXd& impulse = ds.boundaryConditionImpulse();
      for (std::size_t j = 0; j < idx.size(); ++j) {
        impulse(static_cast<Eigen::Index>(j)) = s.resid(idx[j]);
        s.resid(idx[j]) = 0.0;
      }
    }
    r = std::max(r, s.resid.norm());
  }
  return r;
}

double MoreauJeanOSI::computeResiduOutput() { return impl_->outputResidual; }

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
  // block += H_a M̂⁻¹ H_bᵀ (m_a × m_b, inner dimension ndof), entry by entry.
  const Eigen::MatrixXd& H = ba->H;
  const Eigen::MatrixXd& WHt = bb->WHt;
  const Eigen::Index inner = H.cols();
  for (Eigen::Index c = 0; c < block.cols(); ++c)
    for (Eigen::Index r = 0; r < block.rows(); ++r) {
      double acc = 0.0;
      for (Eigen::Index j = 0; j < inner; ++j) acc += H(r, j) * WHt(j, c);
      block(r, c) += acc;
    }
  // ∇_λh (D of a linear relation, G1 of a compliant one) once on the diagonal.
  if (&a == &b && ba == &da.blocks.front() && da.relation->hasJachlambda())
    block += da.relation->jachlambda(a);
}

namespace {
// y <- −x (same size).
void negateInto(const Eigen::VectorXd& x, Eigen::VectorXd& y) {
  for (Eigen::Index i = 0; i < x.size(); ++i) y(i) = -x(i);
}
void setZero(Eigen::VectorXd& x) {
  double* p = x.data();
  for (Eigen::Index i = 0; i < x.size(); ++i) p[i] = 0.0;
}
}  // namespace

void MoreauJeanOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  const unsigned level = ctx.inputLevel;
  const double h = d.h, th = theta_;
  // p(1) = Σ Hᵀ λ(1);  v_{k+1} = v_free + M̂⁻¹ p(1) = v_free + Σ (M̂⁻¹Hᵀ) λ(1),
  // summed in interaction-id order. Only the interactions of the problem's
  // index set can have λ ≠ 0 (the one-step problem sets λ = 0 on the rows
  // that leave it), and one with λ = 0 adds nothing: the others are skipped
  // with an O(1) membership test. A system reached here starts from p = 0,
  // v = v_free (the others get them in the pass below).
  const Topology& topology = d.nsds->topology();
  const IndexSet* set = ctx.outputLevel > 0 && ctx.outputLevel < topology.numberOfIndexSets()
                            ? &topology.indexSet(ctx.outputLevel)
                            : nullptr;
  for (std::size_t i = 0; i < d.interactions.size(); ++i) {
    if (set && !set->contains(static_cast<unsigned>(i))) continue;
    const InteractionData& id = d.interactions[i];
    if (!id.inter) continue;  // free slot, or another integrator's
    const auto& lambda = id.inter->lambda(level);
    if (allZero(lambda)) continue;
    for (const DSBlock& b : id.blocks) {
      DSData& s = d.ds[b.ds];
      LagrangianDS& ds = *b.system;
      Eigen::VectorXd& p = ds.p(level);
      if (!s.touched) {
        s.touched = true;
        setZero(p);
        copyValues(s.vFree, ds.velocity());
      }
      addTransposeProduct(b.H, lambda.data(), p.data());
      addProduct(b.WHt, lambda.data(), ds.velocity().data());
    }
  }
  const double wNew = h * th, wOld = h * (1.0 - th);
  const bool newton = d.newton();
  for (DSData* sp : d.active) {
    DSData& s = *sp;
    LagrangianDS& ds = *s.ds;
    if (newton) {
      const double* qs = s.qSet();
      for (Eigen::Index i = 0; i < s.n; ++i) s.qPrev(i) = qs[i];
    }
    if (s.touched) {
      s.touched = false;
    } else {
      setZero(ds.p(level));
      copyValues(s.vFree, ds.velocity());
    }
    const Eigen::Index n = s.n;
    double* q = ds.q().data();
    const double* qk = ds.qMemory().data();
    const double* v = ds.velocity().data();
    const double* vk = ds.velocityMemory().data();
    for (Eigen::Index i = 0; i < n; ++i) q[i] = qk[i] + wNew * v[i] + wOld * vk[i];
    if (s.bc) {
      const std::vector<unsigned>& idx = s.bc->velocityIndices();
      const auto& p = ds.p(level);
      Eigen::VectorXd& reaction = ds.reactionToBoundaryConditions();
      Eigen::VectorXd& impulse = ds.boundaryConditionImpulse();
      for (std::size_t j = 0; j < idx.size(); ++j) {
        const Eigen::Index c = idx[j];
        const auto jj = static_cast<Eigen::Index>(j);
        // Siconos's reaction −(column c of W)·v_{k+1} + p_c, W = M̂ (or W at the iterate) before
        // the conditions (docs/theory/moreau-jean.md, "Prescribed velocities").
        double wv = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) wv += s.Mfull(i, c) * v[i];
        reaction(jj) = p(c) - wv;
        if (s.nonlinear) continue;  // its impulse is the residual's row (computeResidu)
        // Impulse r_c = [M̂ (v_{k+1} − v_k) − w − p]_c imposing v̄.
        double acc = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) acc += s.Mfull(c, i) * (v[i] - vk[i]);
        impulse(jj) = acc - s.bcW(c) - p(c);
      }
    }
    copyValues(ds.q(), s.qSet());
    copyValues(ds.velocity(), s.vSet());
  }
  const double tk1 = d.td->time(k + 1);
  for (InteractionData& id : d.interactions)
    if (id.inter) Impl::computeOutput(id, tk1);
  if (!newton) return;
  // Output residual: h(q^{τ+1}) − [h(q^τ) + G(q^τ)(q^{τ+1} − q^τ)] (∞-norm).
  d.outputResidual = 0.0;
  for (InteractionData& id : d.interactions) {
    if (!id.inter || !id.outputResidual) continue;
    id.yRes = id.inter->y(0);
    id.yRes -= id.yPrev;
    for (const DSBlock& b : id.blocks) {
      DSData& s = d.ds[b.ds];
      s.rhs = s.qPrev;
      s.rhs -= b.system->q();  // −(q^{τ+1} − q^τ)
      addProduct(b.H, s.rhs.data(), id.yRes.data());
    }
    d.outputResidual = std::max(d.outputResidual, id.yRes.lpNorm<Eigen::Infinity>());
    // ẏ_{k+1} = G(q^{τ+1}) v^{τ+1} (+ ∂h/∂t) against the G(q^τ) v^{τ+1} the
    // problem enforced: the law holds at the new iterate only when they agree.
    id.yRes = id.inter->y(1);
    if (id.relation->hasTimeDerivative()) id.yRes -= id.hDot;
    for (const DSBlock& b : id.blocks) {
      negateInto(b.system->velocity(), d.ds[b.ds].rhs);
      addProduct(b.H, d.ds[b.ds].rhs.data(), id.yRes.data());
    }
    d.outputResidual = std::max(d.outputResidual, id.yRes.lpNorm<Eigen::Infinity>());
  }
}

void MoreauJeanOSI::swapInMemory() {
  for (DSData* s : impl_->active) {
    s->ds->swapInMemory();
    copyValues(s->ds->fExt(), s->fExtk());
  }
  for (InteractionData& id : impl_->interactions)
    if (id.inter) id.inter->swapInMemory();
}

const Eigen::MatrixXd& MoreauJeanOSI::iterationMatrix(const DynamicalSystem& ds) const {
  if (const auto* c = delegate(ds)) return c->iterationMatrix(ds);
  return impl_->data(ds).Mhat;
}

bool MoreauJeanOSI::isIterationMatrixSPD(const DynamicalSystem& ds) const {
  if (delegate(ds))
    throw ModelError("MoreauJeanOSI::isIterationMatrixSPD: " + ds.description() +
                     " is integrated by the companion MoreauJeanNewtonEulerOSI (its "
                     "iterationMatrix is the inverse W, no factorization)");
  return impl_->data(ds).spd;
}

const Eigen::MatrixXd& MoreauJeanOSI::jacobianBlock(const Interaction& inter,
                                                    const DynamicalSystem& ds) const {
  if (const auto* c = delegate(ds)) return c->jacobianBlock(inter, ds);
  for (const DSBlock& b : impl_->data(inter).blocks)
    if (b.ds == ds.number()) return b.H;
  throw std::out_of_range("MoreauJeanOSI: " + ds.description() + " is not a system of " +
                          inter.description());
}

const Eigen::VectorXd& MoreauJeanOSI::freeVelocity(const DynamicalSystem& ds) const {
  if (const auto* c = delegate(ds)) return c->freeVelocity(ds);
  return impl_->data(ds).vFree;
}

}  // namespace moreau
