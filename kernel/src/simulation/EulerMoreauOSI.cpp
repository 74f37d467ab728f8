// Euler–Moreau θ–γ scheme for first-order linear systems; the equations are
// those of docs/theory/euler-moreau.md (dev-notes §2.2.9, §3.2 with the
// errata applied).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearDS.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearR.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/simulation/EulerMoreauOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>
#include "IntegratorChecks.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace moreau {

namespace {

struct DSData {
  FirstOrderLinearDS* ds = nullptr;
  Eigen::Index n = 0;
  bool constantW = true;  // M and A constant: W factorized once
  bool varyingB = false;  // b given by a function of t
  bool changed = true;    // W changed since the blocks were computed
  Eigen::MatrixXd M;      // mass (identity when the system has none)
  Eigen::MatrixXd Ak;     // A(t_k)
  Eigen::VectorXd bk;     // b(t_k) (zero when absent)
  Eigen::MatrixXd W;      // M − hθ A(t_{k+1})
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  Eigen::VectorXd rhs, xSet;
};

struct DSBlock {
  std::size_t ds = 0;
  Eigen::Index offset = 0, size = 0;  // columns of C / rows of B for this system
  Eigen::MatrixXd WB;                 // W⁻¹ B^ds (n_ds × m)
};

struct InteractionData {
  std::shared_ptr<Interaction> inter;
  std::uint64_t linkVersion = 0;  // Topology::linkVersion of the slot when initialized
  FirstOrderLinearR* relation = nullptr;
  bool constant = true;
  std::vector<DSBlock> blocks;
  Eigen::VectorXd z;  // stacked z of the linked systems (F z)
};

}  // namespace

struct EulerMoreauOSI::Impl {
  const Simulation* sim = nullptr;
  const NonSmoothDynamicalSystem* nsds = nullptr;
  const TimeDiscretisation* td = nullptr;
  double h = 0.0;
  std::vector<DSData> ds;
  std::vector<DSData*> active;
  std::vector<InteractionData> interactions;  // by interaction number
  std::uint64_t topologyVersion = 0;
  bool checkWrites = false;

  const DSData& data(const DynamicalSystem& system) const {
    if (system.number() >= ds.size() || ds[system.number()].ds != &system)
      throw std::out_of_range("EulerMoreauOSI: " + system.description() +
                              " is not integrated by this integrator (or not initialized)");
    return ds[system.number()];
  }
  const InteractionData& data(const Interaction& inter) const {
    if (inter.number() >= interactions.size() || interactions[inter.number()].inter.get() != &inter)
      throw std::out_of_range("EulerMoreauOSI: " + inter.description() +
                              " is not part of the initialized model");
    return interactions[inter.number()];
  }

  void factorize(DSData& s, double theta) {
    s.W = s.M - (h * theta) * s.ds->A();
    if (!s.W.allFinite())
      throw ModelError("EulerMoreauOSI: the iteration matrix M − hθA of " + s.ds->description() +
                       " has a non-finite entry");
    s.lu.compute(s.W);
    const double scale = s.W.cwiseAbs().maxCoeff();
    const double pivot = s.lu.matrixLU().diagonal().cwiseAbs().minCoeff();
    const double ratio = scale > 0 ? pivot / scale : 0.0;
    if (!(ratio > static_cast<double>(s.n) * std::numeric_limits<double>::epsilon())) {
      std::ostringstream os;
      os << "EulerMoreauOSI: the iteration matrix M − hθA (" << s.n << "x" << s.n << ") of "
         << s.ds->description() << " is singular (smallest LU pivot / largest entry = " << ratio
         << ")";
      throw ModelError(os.str());
    }
    s.changed = true;
  }

  void updateBlocks(InteractionData& id) {
    const RelationWorkspace& ws = id.inter->workspace();
    for (DSBlock& b : id.blocks) b.WB = ds[b.ds].lu.solve(ws.B.middleRows(b.offset, b.size));
  }

  void gatherZ(InteractionData& id) {
    Eigen::Index k = 0;
    for (const auto& system : id.inter->dynamicalSystems()) {
      const Eigen::VectorXd& z = system->z();
      if (k + z.size() <= id.z.size()) id.z.segment(k, z.size()) = z;
      k += z.size();
    }
  }

  void initializeInteraction(InteractionData& id, const std::shared_ptr<Interaction>& inter,
                             double t) {
    id = InteractionData();
    id.inter = inter;
    id.linkVersion = nsds->topology().linkVersion(inter->number());
    id.relation = dynamic_cast<FirstOrderLinearR*>(inter->relation().get());
    if (!id.relation)
      throw ModelError(std::string("EulerMoreauOSI: ") + inter->description() + " has a " +
                       inter->relation()->typeName() +
                       " relation; only FirstOrderLinearR and FirstOrderLinearTIR are supported "
                       "(nonlinear first-order relations come with the Newton loop)");
    id.constant = id.relation->hasConstantJacobians();
    id.relation->computeJacobians(t, *inter);
    const RelationWorkspace& ws = inter->workspace();
    id.z = Eigen::VectorXd::Zero(ws.zSize);
    const auto& systems = inter->dynamicalSystems();
    for (std::size_t i = 0; i < systems.size(); ++i) {
      const auto& system = systems[i];
      if (system->number() >= ds.size() || ds[system->number()].ds != system.get())
        throw ModelError("EulerMoreauOSI: " + system->description() + " of " +
                         inter->description() + " is not integrated by this integrator");
      DSBlock b;
      b.ds = system->number();
      b.offset = ws.offsets[i];
      b.size = ws.sizes[i];
      id.blocks.push_back(std::move(b));
    }
    updateBlocks(id);
    for (unsigned level = 0; level < inter->numberOfInputLevels(); ++level)
      inter->lambda(level).setZero();
    id.relation->computeOutput(t, *inter, 0);
    inter->swapInMemory();
  }

  bool owns(const Interaction& inter) const {
    const auto& systems = inter.dynamicalSystems();
    for (const auto& system : systems)
      if (system->number() < ds.size() && ds[system->number()].ds == system.get()) return true;
    return false;
  }

  void synchronize(double t) {
    const Topology& topo = nsds->topology();
    interactions.resize(topo.interactionCapacity());
    for (unsigned k = 0; k < interactions.size(); ++k) {
      InteractionData& d = interactions[k];
      const bool linked = topo.isLinked(k) && owns(*topo.interaction(k));
      if (linked && d.inter == topo.interaction(k) && d.linkVersion == topo.linkVersion(k))
        continue;
      d = InteractionData();
      if (linked) initializeInteraction(d, topo.interaction(k), t);
    }
    topologyVersion = nsds->topologyVersion();
  }
};

EulerMoreauOSI::EulerMoreauOSI(double theta, double gamma)
    : theta_(theta),
      gamma_(std::isnan(gamma) ? 1.0 : gamma),
      useGamma_(!std::isnan(gamma)),
      impl_(std::make_unique<Impl>()) {
  detail::checkThetaGamma("EulerMoreauOSI", theta, gamma_, gamma);
}

EulerMoreauOSI::~EulerMoreauOSI() = default;

InteractionLevels EulerMoreauOSI::levels(const Interaction& /*inter*/) const {
  return InteractionLevels{0, 0, 0, 0};
}

void EulerMoreauOSI::initialize(const Simulation& simulation) {
  Impl& d = *impl_;
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const TimeDiscretisation& td = *simulation.timeDiscretisation();
  d.sim = &simulation;
  d.nsds = &nsds;
  d.td = &td;
  d.h = td.h();
  const double t0 = td.t0();
  d.ds.clear();
  d.ds.resize(nsds.numberOfDS());
  d.active.clear();
  for (const auto& system : nsds.dynamicalSystems()) {
    if (!simulation.integrates(*this, *system)) continue;
    auto* lds = dynamic_cast<FirstOrderLinearDS*>(system.get());
    if (!lds)
      throw ModelError("EulerMoreauOSI: " + system->description() + " is a " + system->typeName() +
                       "; this integrator supports FirstOrderLinearDS and FirstOrderLinearTIDS "
                       "(nonlinear first-order systems come with the Newton loop)");
    if (lds->hasM() && !lds->hasConstantM())
      throw ModelError("EulerMoreauOSI: " + system->description() +
                       " has a time- or state-dependent M; only a constant M is supported");
    DSData& s = d.ds[system->number()];
    s.ds = lds;
    s.n = lds->n();
    s.M = lds->hasM() ? lds->M() : Eigen::MatrixXd::Identity(s.n, s.n);
    s.constantW = lds->hasConstantA();
    s.varyingB = lds->hasb() && !lds->hasConstantb();
    lds->computeA(t0);
    if (lds->hasb()) lds->computeb(t0);
    s.Ak = lds->A();
    s.bk = lds->hasb() ? lds->b() : Eigen::VectorXd::Zero(s.n);
    s.rhs = Eigen::VectorXd::Zero(s.n);
    if (s.constantW)
      d.factorize(s, theta_);
    else
      s.lu.compute(s.M);  // placeholder until the first computeFreeState
    lds->xFree() = lds->x();
    for (unsigned level = 0; level < 3; ++level) lds->r(level).setZero();
    lds->swapInMemory();
    s.xSet = lds->x();
    d.active.push_back(&s);
  }
  d.interactions.clear();
  d.interactions.resize(nsds.topology().interactionCapacity());
  // W(t_1) of the time-varying systems is computed by the first
  // computeFreeState; their blocks are made there.
  for (const auto& inter : nsds.interactions()) {
    if (!d.owns(*inter)) continue;
    d.initializeInteraction(d.interactions[inter->number()], inter, t0);
  }
  for (DSData* s : d.active) s->changed = false;
  d.topologyVersion = nsds.topologyVersion();
}

void EulerMoreauOSI::beginStep(const StepContext& ctx) {
  Impl& d = *impl_;
  d.checkWrites = true;
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(ctx.step));
}

void EulerMoreauOSI::computeFreeState(const StepContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  const double h = d.h, th = theta_, ga = gamma_;
  const double tk = d.td->time(k), tk1 = d.td->time(k + 1);
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(tk);
  bool anyWritten = false;
  for (DSData* sp : d.active) {
    DSData& s = *sp;
    FirstOrderLinearDS& ds = *s.ds;
    if (d.checkWrites && ds.x() != s.xSet) {
      // A state written by the user is the state at t_k.
      try {
        ds.checkState();
      } catch (const ModelError& e) {
        std::ostringstream os;
        os << e.what() << " (state written before step " << k << ", t = " << tk << ")";
        throw ModelError(os.str());
      }
      ds.swapInMemory();
      s.xSet = ds.x();
      anyWritten = true;
    }
    const Eigen::VectorXd& xk = ds.xMemory();
    // (M + h(1−θ)A_k) x_k + h(1−θ) b_k + h(1−γ) r_k
    s.rhs.noalias() = s.M * xk;
    s.rhs.noalias() += (h * (1.0 - th)) * (s.Ak * xk);
    s.rhs += (h * (1.0 - th)) * s.bk;
    if (ga < 1.0) s.rhs += (h * (1.0 - ga)) * ds.r(0);
    if (!s.constantW) {
      ds.computeA(tk1);
      d.factorize(s, th);
    }
    if (ds.hasb()) {
      if (s.varyingB) ds.computeb(tk1);
      s.rhs += (h * th) * ds.b();
    }
    ds.xFree() = s.lu.solve(s.rhs);
  }
  d.checkWrites = false;
  if (anyWritten)
    for (InteractionData& id : d.interactions)
      if (id.inter) {
        id.relation->computeOutput(tk, *id.inter, 0);
        id.inter->swapInMemory();
      }
  for (InteractionData& id : d.interactions) {
    if (!id.inter) continue;
    bool refresh = !id.constant;
    if (!id.constant) id.relation->computeJacobians(tk1, *id.inter);
    for (const DSBlock& b : id.blocks) refresh = refresh || d.ds[b.ds].changed;
    if (refresh) d.updateBlocks(id);
    if (id.z.size() > 0) d.gatherZ(id);
  }
  for (DSData* s : d.active) s->changed = false;
}

bool EulerMoreauOSI::addInteractionInIndexSet(const Interaction& /*inter*/, unsigned level,
                                              const StepContext& /*ctx*/) const {
  // Index set 0 only (λ at t_{k+1}); never in the higher index sets another integrator of the
  // simulation may create.
  return level == 0;
}

void EulerMoreauOSI::computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                       Eigen::Ref<Eigen::VectorXd> q) const {
  if (ctx.outputLevel != 0)
    throw std::out_of_range("EulerMoreauOSI: free output at level " +
                            std::to_string(ctx.outputLevel) + " (only level 0)");
  const InteractionData& id = impl_->data(inter);
  const RelationWorkspace& ws = inter.workspace();
  q = ws.e;
  for (const DSBlock& b : id.blocks)
    q.noalias() += ws.C.middleCols(b.offset, b.size) * impl_->ds[b.ds].ds->xFree();
  if (id.z.size() > 0) q.noalias() += ws.F * id.z;
}

bool EulerMoreauOSI::blocksAreConstant(const ProblemContext& /*ctx*/) const {
  for (const DSData* s : impl_->active)
    if (!s->constantW) return false;
  for (const InteractionData& id : impl_->interactions)
    if (id.inter && !id.constant) return false;
  return true;
}

void EulerMoreauOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
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
    throw std::out_of_range("EulerMoreauOSI: " + ds.description() + " is not shared by " +
                            a.description() + " and " + b.description());
  // block += hγ C_a^ds W⁻¹ B_b^ds
  block.noalias() +=
      (impl_->h * gamma_) * (a.workspace().C.middleCols(ba->offset, ba->size) * bb->WB);
  if (&a == &b && ba == &da.blocks.front() && da.relation->hasD()) block += a.workspace().D;
}

void EulerMoreauOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  const double hg = d.h * gamma_;
  const unsigned level = ctx.inputLevel;
  for (DSData* s : d.active) {
    s->ds->x() = s->ds->xFree();
    s->ds->r(0).setZero();
  }
  for (InteractionData& id : d.interactions) {
    if (!id.inter) continue;
    const Eigen::VectorXd& lambda = id.inter->lambda(level);
    const RelationWorkspace& ws = id.inter->workspace();
    for (const DSBlock& b : id.blocks) {
      FirstOrderLinearDS& ds = *d.ds[b.ds].ds;
      ds.x().noalias() += hg * (b.WB * lambda);
      ds.r(0).noalias() += ws.B.middleRows(b.offset, b.size) * lambda;
    }
  }
  for (DSData* s : d.active) s->xSet = s->ds->x();
  const double tk1 = d.td->time(ctx.step + 1);
  for (InteractionData& id : d.interactions)
    if (id.inter) id.relation->computeOutput(tk1, *id.inter, 0);
}

void EulerMoreauOSI::swapInMemory() {
  for (DSData* s : impl_->active) {
    s->ds->swapInMemory();
    if (!s->constantW) s->Ak = s->ds->A();
    if (s->varyingB) s->bk = s->ds->b();
  }
  for (InteractionData& id : impl_->interactions)
    if (id.inter) id.inter->swapInMemory();
}

const Eigen::MatrixXd& EulerMoreauOSI::iterationMatrix(const DynamicalSystem& ds) const {
  return impl_->data(ds).W;
}

const Eigen::VectorXd& EulerMoreauOSI::freeState(const DynamicalSystem& ds) const {
  return impl_->data(ds).ds->xFree();
}

}  // namespace moreau
