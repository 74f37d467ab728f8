// Euler–Moreau θ–γ scheme for first-order systems; the equations are those of
// docs/theory/euler-moreau.md: the one-pass linear scheme (§2–§4, dev-notes
// §2.2.9, §3.2 with the errata applied) and its Newton linearization for
// nonlinear systems and relations (§6, dev-notes §2.2.3–§2.2.8, errata A2–A4).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearDS.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearR.hpp>
#include <moreau/kernel/modeling/FirstOrderNonLinearDS.hpp>
#include <moreau/kernel/modeling/FirstOrderR.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/simulation/EulerMoreauOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>
#include "IntegratorChecks.hpp"
#include "IterationMatrix.hpp"

#include <algorithm>
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
  FirstOrderNonLinearDS* base = nullptr;  // every system
  FirstOrderLinearDS* ds = nullptr;       // null for a nonlinear system
  bool nonlinear = false;                 // not a FirstOrderLinearDS, or M(t, x, z): Newton
  bool varyingM = false;                  // M(t, x, z): evaluated at each Newton iterate (§6.8)
  Eigen::Index n = 0;
  bool constantW = true;  // M and A constant: W factorized once
  bool varyingB = false;  // b given by a function of t
  bool changed = true;    // W changed since the blocks were computed
  Eigen::MatrixXd M;      // mass (identity when the system has none; M(t_{k+1}, x^τ) if varying)
  Eigen::MatrixXd Ak;     // A(t_k)
  Eigen::VectorXd bk;     // b(t_k) (zero when absent)
  Eigen::MatrixXd W;      // M − hθ A(t_{k+1})
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  Eigen::VectorXd rhs, xSet;
  // Newton mode (docs/theory/euler-moreau.md §6), all sized at initialize:
  bool hasK = false;                         // an interaction with K = ∇ₓg acts on it
  Eigen::MatrixXd Ksum, Wt;                  // Σ K, W̃ = W − hγ Σ K
  Eigen::PartialPivLU<Eigen::MatrixXd> luT;  // LU of W̃ (when hasK)
  Eigen::VectorXd fk, rk;                    // f(x_k, t_k), r_k
  Eigen::VectorXd xPrev, dx, rp, xp, resid;  // x^τ, x^{τ+1} − x^τ, Σ(g − Bλ − Kx), x_p, 𝓡
  const Eigen::PartialPivLU<Eigen::MatrixXd>& effective() const { return hasK ? luT : lu; }
};

struct DSBlock {
  std::size_t ds = 0;
  Eigen::Index offset = 0, size = 0;  // columns of C / rows of B for this system
  Eigen::MatrixXd WB;                 // W⁻¹ B^ds (n_ds × m)
};

struct InteractionData {
  std::shared_ptr<Interaction> inter;
  std::uint64_t linkVersion = 0;          // Topology::linkVersion of the slot when initialized
  FirstOrderLinearR* relation = nullptr;  // null for a nonlinear relation
  FirstOrderR* rel = nullptr;             // every relation
  bool constant = true;
  std::vector<DSBlock> blocks;
  Eigen::VectorXd z;  // stacked z of the linked systems (F z)
  // Newton mode: h(x^τ, λ^τ), λ^τ, λ^{τ+1} − λ^τ, the linearized output, q.
  Eigen::VectorXd hBase, lambdaPrev, dl, yLin, q;
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
  bool newton = false;          // a nonlinear system or relation: TimeStepping Newton loop
  std::size_t currentStep = 0;  // k of the last updateState (for computeResidu)
  double outputResidual = 0.0;  // of the last updateState (Newton mode)

  const DSData& data(const DynamicalSystem& system) const {
    if (system.number() >= ds.size() || ds[system.number()].base != &system)
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
    detail::checkLuPivots("EulerMoreauOSI", "M − hθA", s.W, s.lu, *s.ds);
    s.changed = true;
  }

  // LU of a Newton iteration matrix (W or W̃) with the singularity check of factorize.
  void factorizeChecked(const Eigen::MatrixXd& W, Eigen::PartialPivLU<Eigen::MatrixXd>& lu,
                        const DynamicalSystem& system, const char* what, double t) const {
    if (!W.allFinite()) {
      std::ostringstream os;
      os << "EulerMoreauOSI: the iteration matrix " << what << " of " << system.description()
         << " has a non-finite entry at t = " << t;
      throw ModelError(os.str());
    }
    lu.compute(W);
    detail::checkLuPivots("EulerMoreauOSI", what, W, lu, system, &t);
  }

  void newtonFreeState(std::size_t k, unsigned tau, double theta, double gamma);
  void newtonUpdateState(std::size_t k, unsigned level, double gamma);
  double newtonResidu(std::size_t k, double theta, double gamma);

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
    id.rel = dynamic_cast<FirstOrderR*>(inter->relation().get());
    if (!id.rel)
      throw ModelError(std::string("EulerMoreauOSI: ") + inter->description() + " has a " +
                       inter->relation()->typeName() +
                       " relation; a first-order relation (FirstOrderR: FirstOrderLinearR, "
                       "FirstOrderLinearTIR, FirstOrderType1R, FirstOrderType2R, "
                       "FirstOrderNonLinearR) is required");
    id.relation = dynamic_cast<FirstOrderLinearR*>(id.rel);
    if (!id.relation) newton = true;
    if (id.rel->hasK() && inter->dynamicalSystems().size() != 1) {
      std::ostringstream os;
      os << "EulerMoreauOSI: " << inter->description() << " has a " << id.rel->typeName()
         << " relation with K = ∇ₓg linking " << inter->dynamicalSystems().size()
         << " systems; K ≠ 0 is supported for an interaction on one system only";
      throw ModelError(os.str());
    }
    id.constant = id.relation && id.relation->hasConstantJacobians();
    if (id.relation) id.relation->computeJacobians(t, *inter);
    const RelationWorkspace& ws = inter->workspace();
    id.z = Eigen::VectorXd::Zero(ws.zSize);
    const auto& systems = inter->dynamicalSystems();
    for (std::size_t i = 0; i < systems.size(); ++i) {
      const auto& system = systems[i];
      if (system->number() >= ds.size() || ds[system->number()].base != system.get())
        throw ModelError("EulerMoreauOSI: " + system->description() + " of " +
                         inter->description() + " is not integrated by this integrator");
      DSBlock b;
      b.ds = system->number();
      b.offset = ws.offsets[i];
      b.size = ws.sizes[i];
      b.WB = Eigen::MatrixXd::Zero(b.size, inter->dimension());
      if (id.rel->hasK()) {
        DSData& s = ds[b.ds];
        if (!s.hasK) s.Ksum = Eigen::MatrixXd::Zero(s.n, s.n);
        s.hasK = true;
      }
      id.blocks.push_back(std::move(b));
    }
    // A nonlinear relation's blocks are made at each Newton iterate.
    if (id.relation) updateBlocks(id);
    const Eigen::Index m = inter->dimension();
    id.hBase = Eigen::VectorXd::Zero(m);
    id.lambdaPrev = Eigen::VectorXd::Zero(m);
    id.dl = Eigen::VectorXd::Zero(m);
    id.yLin = Eigen::VectorXd::Zero(m);
    id.q = Eigen::VectorXd::Zero(m);
    for (unsigned level = 0; level < inter->numberOfInputLevels(); ++level)
      inter->lambda(level).setZero();
    id.rel->computeOutput(t, *inter, 0);
    inter->swapInMemory();
  }

  bool owns(const Interaction& inter) const {
    const auto& systems = inter.dynamicalSystems();
    for (const auto& system : systems)
      if (system->number() < ds.size() && ds[system->number()].base == system.get()) return true;
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
    refreshMode();
  }

  // Newton mode when a system or a relation is nonlinear (docs/theory/euler-moreau.md §6).
  void refreshMode() {
    newton = false;
    for (const DSData* s : active) newton = newton || s->nonlinear;
    for (const InteractionData& id : interactions)
      if (id.inter && !id.relation) newton = true;
    for (DSData* s : active) s->hasK = false;
    for (const InteractionData& id : interactions)
      if (id.inter && id.rel->hasK())
        for (const DSBlock& b : id.blocks) {
          DSData& s = ds[b.ds];
          if (s.Ksum.rows() != s.n) s.Ksum = Eigen::MatrixXd::Zero(s.n, s.n);
          s.hasK = true;
        }
  }
};

// Newton iterate τ of step k (docs/theory/euler-moreau.md §6): x^τ = x() (x_k at τ = 0),
// λ^τ = λ(0). Builds W^τ (W̃^τ with K), x_free^τ, x_p^τ, the blocks W̃⁻¹B and q.
void EulerMoreauOSI::Impl::newtonFreeState(std::size_t k, unsigned tau, double theta,
                                           double gamma) {
  const double tk = td->time(k), tk1 = td->time(k + 1);
  const double hth = h * theta, hg = h * gamma;
  for (DSData* sp : active) {
    DSData& s = *sp;
    FirstOrderNonLinearDS& ds = *s.base;
    const auto& xk = ds.xMemory();
    if (tau == 0) {
      ds.x() = xk;  // x^0_{k+1} = x_k (also when the step is computed again)
      if (s.nonlinear) {
        ds.computef(tk, xk);
        s.fk = ds.f();
      } else {
        // Linear system: W x_free does not depend on the iterate (§6.2), made once per step.
        FirstOrderLinearDS& lds = *s.ds;
        s.fk.noalias() = s.Ak * xk;
        s.fk += s.bk;
        s.rhs.noalias() = s.M * xk;
        s.rhs += (h * (1.0 - theta)) * s.fk;
        if (gamma < 1.0) s.rhs += (h * (1.0 - gamma)) * s.rk;
        if (!s.constantW) {
          lds.computeA(tk1);
          factorize(s, theta);
        }
        if (lds.hasb()) {
          if (s.varyingB) lds.computeb(tk1);
          s.rhs += hth * lds.b();
        }
      }
    }
    s.xPrev = ds.x();
    if (s.nonlinear) {
      // W^τ = M − hθ ∇ₓf(t_{k+1}, x^τ);  W x_free = W x^τ − 𝓡_free(x^τ) + h(1−γ) r_k,
      // 𝓡_free(x) = M(x − x_k) − hθ f(x, t_{k+1}) − h(1−θ) f(x_k, t_k)   (§6.2)
      // M(t, x, z): M^τ = M(t_{k+1}, x^τ) in W and 𝓡_free ("frozen mass", §6.8).
      if (s.varyingM) {
        ds.computeM(tk1, s.xPrev);
        s.M = ds.M();
      }
      ds.computeJacobianfx(tk1, s.xPrev);
      s.W = s.M;
      s.W.noalias() -= hth * ds.jacobianfx();
      factorizeChecked(s.W, s.lu, ds, "M − hθ∇ₓf", tk1);
      ds.computef(tk1, s.xPrev);
      s.dx = s.xPrev - xk;
      s.rhs.noalias() = s.W * s.xPrev;
      s.rhs.noalias() -= s.M * s.dx;
      s.rhs += hth * ds.f();
      s.rhs += (h * (1.0 - theta)) * s.fk;
      if (gamma < 1.0) s.rhs += (h * (1.0 - gamma)) * s.rk;
    }
    ds.xFree() = s.lu.solve(s.rhs);
    ds.r(0).setZero();  // receives Σ g(x^τ, λ^τ)
    s.rp.setZero();
    if (s.hasK) s.Ksum.setZero();
  }
  // Relations at (t_{k+1}, x^τ, λ^τ): C, D, B (, K), h^τ and g^τ (§6.3).
  for (InteractionData& id : interactions) {
    if (!id.inter) continue;
    Interaction& inter = *id.inter;
    const RelationWorkspace& ws = inter.workspace();
    id.rel->computeJacobians(tk1, inter);
    id.rel->computeOutput(tk1, inter, 0);
    id.hBase = inter.y(0);
    id.lambdaPrev = inter.lambda(0);
    id.rel->computeInput(tk1, inter, 0);
    for (const DSBlock& b : id.blocks) {
      DSData& s = ds[b.ds];
      // r^{τ+1} = g^τ + B(λ^{τ+1} − λ^τ) + K(x^{τ+1} − x^τ): the constant part g^τ − Bλ^τ − Kx^τ.
      s.rp.noalias() -= ws.B.middleRows(b.offset, b.size) * id.lambdaPrev;
      if (id.rel->hasK()) {
        s.rp.noalias() -= ws.K * s.xPrev;
        s.Ksum += ws.K;
      }
    }
  }
  for (DSData* sp : active) {
    DSData& s = *sp;
    FirstOrderNonLinearDS& ds = *s.base;
    s.rp += ds.r(0);
    if (s.hasK) {
      // W̃ = W − hγ Σ K  (= W K̃, K̃ = I − hγ W⁻¹ K of dev-notes §2.2.5, erratum A3)
      s.Wt = s.W;
      s.Wt.noalias() -= hg * s.Ksum;
      factorizeChecked(s.Wt, s.luT, ds, "M − hθ∇ₓf − hγK", tk1);
    }
    // x_p = W̃⁻¹ [ W x_free + hγ Σ (g^τ − Bλ^τ − K x^τ) ]
    s.resid = s.rhs;
    s.resid += hg * s.rp;
    s.xp = s.effective().solve(s.resid);
    s.dx = s.xp - s.xPrev;
  }
  // Blocks W̃⁻¹ B and q = h^τ + Σ C (x_p − x^τ) − D λ^τ   (§6.4)
  for (InteractionData& id : interactions) {
    if (!id.inter) continue;
    const RelationWorkspace& ws = id.inter->workspace();
    id.q = id.hBase;
    for (DSBlock& b : id.blocks) {
      const DSData& s = ds[b.ds];
      b.WB = s.effective().solve(ws.B.middleRows(b.offset, b.size));
      id.q.noalias() += ws.C.middleCols(b.offset, b.size) * s.dx;
    }
    if (id.rel->hasD()) id.q.noalias() -= ws.D * id.lambdaPrev;
  }
}

// x^{τ+1} = x_p + hγ W̃⁻¹ Σ B λ^{τ+1}; r = g(x^{τ+1}, λ^{τ+1}); y = h(x^{τ+1}, λ^{τ+1});
// output residual |y − y_lin|∞ with y_lin = h^τ + C Δx + D Δλ, the output the law was
// enforced on (§6.5).
void EulerMoreauOSI::Impl::newtonUpdateState(std::size_t k, unsigned level, double gamma) {
  const double hg = h * gamma;
  const double tk1 = td->time(k + 1);
  for (DSData* s : active) s->base->x() = s->xp;
  for (InteractionData& id : interactions) {
    if (!id.inter) continue;
    const auto& lambda = id.inter->lambda(level);
    for (const DSBlock& b : id.blocks) ds[b.ds].base->x().noalias() += hg * (b.WB * lambda);
  }
  for (DSData* sp : active) {
    DSData& s = *sp;
    s.base->r(0).setZero();
    s.dx = s.base->x() - s.xPrev;
    s.xSet = s.base->x();
  }
  outputResidual = 0.0;
  for (InteractionData& id : interactions) {
    if (!id.inter) continue;
    Interaction& inter = *id.inter;
    const RelationWorkspace& ws = inter.workspace();
    id.yLin = id.hBase;
    for (const DSBlock& b : id.blocks)
      id.yLin.noalias() += ws.C.middleCols(b.offset, b.size) * ds[b.ds].dx;
    if (id.rel->hasD()) {
      id.dl = inter.lambda(0) - id.lambdaPrev;
      id.yLin.noalias() += ws.D * id.dl;
    }
    id.rel->computeInput(tk1, inter, 0);
    id.rel->computeOutput(tk1, inter, 0);
    id.dl = inter.y(0) - id.yLin;
    outputResidual = std::max(outputResidual, id.dl.lpNorm<Eigen::Infinity>());
  }
}

// 𝓡(x^{τ+1}, r^{τ+1}) = M(x − x_k) − hθ f(x, t_{k+1}) − h(1−θ) f_k − hγ r − h(1−γ) r_k with
// r = g(x^{τ+1}, λ^{τ+1}) (absolute ∞-norm, §6.5); a varying M is M(t_{k+1}, x^{τ+1}) (§6.8).
double EulerMoreauOSI::Impl::newtonResidu(std::size_t k, double theta, double gamma) {
  const double tk1 = td->time(k + 1);
  double r = 0.0;
  for (DSData* sp : active) {
    DSData& s = *sp;
    FirstOrderNonLinearDS& ds = *s.base;
    s.dx = ds.x() - ds.xMemory();
    if (s.varyingM) {
      ds.computeM(tk1, ds.x());
      s.M = ds.M();
    }
    s.resid.noalias() = s.M * s.dx;
    ds.computef(tk1, ds.x());
    s.resid -= (h * theta) * ds.f();
    s.resid -= (h * (1.0 - theta)) * s.fk;
    s.resid -= (h * gamma) * ds.r(0);
    if (gamma < 1.0) s.resid -= (h * (1.0 - gamma)) * s.rk;
    r = std::max(r, s.resid.lpNorm<Eigen::Infinity>());
  }
  return r;
}

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
    auto* fds = dynamic_cast<FirstOrderNonLinearDS*>(system.get());
    if (!fds)
      throw ModelError("EulerMoreauOSI: " + system->description() + " is a " + system->typeName() +
                       "; this integrator supports first-order systems (FirstOrderNonLinearDS, "
                       "FirstOrderLinearDS, FirstOrderLinearTIDS)");
    auto* lds = dynamic_cast<FirstOrderLinearDS*>(system.get());
    DSData& s = d.ds[system->number()];
    s.base = fds;
    s.ds = lds;
    // A mass M(t, x, z) puts the system in Newton mode, also when f = A x + b (§6.8).
    s.varyingM = fds->hasM() && !fds->hasConstantM();
    s.nonlinear = lds == nullptr || s.varyingM;
    s.n = fds->n();
    if (s.varyingM) fds->computeM(t0, fds->x());  // size, finiteness and singularity checks
    s.M = fds->hasM() ? fds->M() : Eigen::MatrixXd::Identity(s.n, s.n);
    s.rhs = Eigen::VectorXd::Zero(s.n);
    s.fk = s.rk = s.xPrev = s.dx = s.rp = s.xp = s.resid = Eigen::VectorXd::Zero(s.n);
    if (!s.nonlinear) {
      s.constantW = lds->hasConstantA();
      s.varyingB = lds->hasb() && !lds->hasConstantb();
      lds->computeA(t0);
      if (lds->hasb()) lds->computeb(t0);
      s.Ak = lds->A();
      s.bk = lds->hasb() ? lds->b() : Eigen::VectorXd::Zero(s.n);
      if (s.constantW)
        d.factorize(s, theta_);
      else
        s.lu.compute(s.M);  // placeholder until the first computeFreeState
    } else {
      // f and ∇ₓf (given, or finite differences when enabled) are needed by the Newton loop.
      if (!fds->hasf())
        throw ModelError("EulerMoreauOSI: " + system->description() +
                         " has no vector field f (setComputeFFunction)");
      if (!fds->hasJacobianfx())
        throw ModelError("EulerMoreauOSI: " + system->description() +
                         " has no Jacobian ∇ₓf (setComputeJacobianfxFunction, or "
                         "setJacobianByFiniteDifferences(true))");
      s.constantW = false;
      s.W = s.M;
      s.lu.compute(s.M);  // W at the iterate is computed by each computeFreeState
    }
    fds->xFree() = fds->x();
    for (unsigned level = 0; level < 3; ++level) fds->r(level).setZero();
    fds->swapInMemory();
    s.xSet = fds->x();
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
  d.refreshMode();
}

void EulerMoreauOSI::beginStep(const StepContext& ctx) {
  Impl& d = *impl_;
  d.checkWrites = true;
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(d.td->time(ctx.step));
  // Newton mode: r_k of the (1−γ) r_k term (r(0) is rewritten at each iterate).
  if (d.newton)
    for (DSData* s : d.active) s->rk = s->base->r(0);
}

// A state written by the user since the last step is the state at t_k: checked, then moved
// into the memory (true when s's state was written). Shared by the linear and Newton paths.
static bool takeUserWrite(DSData& s, std::size_t k, double tk) {
  FirstOrderNonLinearDS& ds = *s.base;
  if (ds.x() == s.xSet) return false;
  try {
    ds.checkState();
  } catch (const ModelError& e) {
    std::ostringstream os;
    os << e.what() << " (state written before step " << k << ", t = " << tk << ")";
    throw ModelError(os.str());
  }
  ds.swapInMemory();
  s.xSet = ds.x();
  return true;
}

void EulerMoreauOSI::computeFreeState(const StepContext& ctx) {
  Impl& d = *impl_;
  const std::size_t k = ctx.step;
  const double h = d.h, th = theta_, ga = gamma_;
  const double tk = d.td->time(k), tk1 = d.td->time(k + 1);
  if (d.nsds->topologyVersion() != d.topologyVersion) d.synchronize(tk);
  if (d.newton) {
    bool written = false;
    for (DSData* sp : d.active) {
      DSData& s = *sp;
      if (d.checkWrites && takeUserWrite(s, k, tk)) written = true;
    }
    d.checkWrites = false;
    if (written)
      for (InteractionData& id : d.interactions)
        if (id.inter) {
          id.rel->computeOutput(tk, *id.inter, 0);
          id.inter->swapInMemory();
        }
    d.newtonFreeState(k, ctx.newtonIteration, th, ga);
    return;
  }
  bool anyWritten = false;
  for (DSData* sp : d.active) {
    DSData& s = *sp;
    FirstOrderLinearDS& ds = *s.ds;
    if (d.checkWrites && takeUserWrite(s, k, tk)) anyWritten = true;
    const auto& xk = ds.xMemory();
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
        id.rel->computeOutput(tk, *id.inter, 0);
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
  if (impl_->newton) {
    q = id.q;  // h^τ + Σ C (x_p − x^τ) − D λ^τ, made by computeFreeState
    return;
  }
  const RelationWorkspace& ws = inter.workspace();
  q = ws.e;
  for (const DSBlock& b : id.blocks)
    q.noalias() += ws.C.middleCols(b.offset, b.size) * impl_->ds[b.ds].ds->xFree();
  if (id.z.size() > 0) q.noalias() += ws.F * id.z;
}

bool EulerMoreauOSI::blocksAreConstant(const ProblemContext& /*ctx*/) const {
  if (impl_->newton) return false;
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
  if (&a == &b && ba == &da.blocks.front() && da.rel->hasD()) block += a.workspace().D;
}

void EulerMoreauOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  if (d.newton) {
    d.currentStep = ctx.step;
    d.newtonUpdateState(ctx.step, ctx.inputLevel, gamma_);
    return;
  }
  const double hg = d.h * gamma_;
  const unsigned level = ctx.inputLevel;
  for (DSData* s : d.active) {
    s->ds->x() = s->ds->xFree();
    s->ds->r(0).setZero();
  }
  for (InteractionData& id : d.interactions) {
    if (!id.inter) continue;
    const auto& lambda = id.inter->lambda(level);
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

bool EulerMoreauOSI::isLinear() const { return !impl_->newton; }

double EulerMoreauOSI::computeResidu() {
  if (!impl_->newton) return 0.0;
  return impl_->newtonResidu(impl_->currentStep, theta_, gamma_);
}

double EulerMoreauOSI::computeResiduOutput() { return impl_->newton ? impl_->outputResidual : 0.0; }

void EulerMoreauOSI::swapInMemory() {
  for (DSData* s : impl_->active) {
    s->base->swapInMemory();
    if (s->nonlinear) continue;
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
  return impl_->data(ds).base->xFree();
}

}  // namespace moreau
