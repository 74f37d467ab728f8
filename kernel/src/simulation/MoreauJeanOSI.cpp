// Moreau–Jean θ-scheme; the equations are those of docs/theory/moreau-jean.md
// (dev-notes §2.4.2 with the errata of its Appendix A applied).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIR.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/simulation/MoreauJeanOSI.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace moreau {

namespace {

// Per-system data, allocated once at initialize.
struct DSData {
  LagrangianDS* ds = nullptr;
  const LagrangianLinearTIDS* lti = nullptr;  // null for a plain LagrangianDS (K = C = 0)
  Eigen::MatrixXd Mhat;
  Eigen::LLT<Eigen::MatrixXd> llt;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu;
  bool spd = true;
  Eigen::VectorXd vFree, fExtk, rhs, work;

  // x <- M̂⁻¹ x without allocation.
  void solveInPlace(Eigen::VectorXd& x) {
    if (spd) {
      llt.solveInPlace(x);
    } else {
      rhs = x;
      x.noalias() = lu.solve(rhs);
    }
  }
};

// The part of an interaction's relation acting on one linked system.
struct DSBlock {
  std::size_t ds = 0;   // index in dsData (= DS number)
  Eigen::MatrixXd H;    // m × ndof columns of H for this system
  Eigen::MatrixXd WHt;  // M̂⁻¹ Hᵀ, ndof × m
};

struct InteractionData {
  Interaction* inter = nullptr;
  const LagrangianLinearTIR* relation = nullptr;
  double e = 0.0;
  std::vector<DSBlock> blocks;  // one or two, in link order
};

}  // namespace

struct MoreauJeanOSI::Impl {
  const NonSmoothDynamicalSystem* nsds = nullptr;
  const TimeDiscretisation* td = nullptr;
  double h = 0.0;
  std::vector<DSData> ds;
  std::vector<InteractionData> interactions;

  const InteractionData& data(const Interaction& inter) const {
    if (inter.number() >= interactions.size() || interactions[inter.number()].inter != &inter)
      throw std::out_of_range("MoreauJeanOSI: " + inter.description() +
                              " is not part of the initialized model");
    return interactions[inter.number()];
  }
  const DSData& data(const DynamicalSystem& system) const {
    if (system.number() >= ds.size() || ds[system.number()].ds != &system)
      throw std::out_of_range("MoreauJeanOSI: " + system.description() +
                              " is not part of the initialized model");
    return ds[system.number()];
  }

  // y(0) = H q + b, y(1) = H v at the current state.
  void computeOutput(InteractionData& d) {
    Eigen::VectorXd& y0 = d.inter->y(0);
    Eigen::VectorXd& y1 = d.inter->y(1);
    y0 = d.relation->b();
    y1.setZero();
    for (const DSBlock& b : d.blocks) {
      y0.noalias() += b.H * ds[b.ds].ds->q();
      y1.noalias() += b.H * ds[b.ds].ds->velocity();
    }
  }
};

MoreauJeanOSI::MoreauJeanOSI(double theta) : theta_(theta), impl_(std::make_unique<Impl>()) {
  if (!std::isfinite(theta) || theta < 0.0 || theta > 1.0) {
    std::ostringstream os;
    os << "MoreauJeanOSI: theta = " << theta << " is outside [0, 1]";
    throw ModelError(os.str());
  }
}

MoreauJeanOSI::~MoreauJeanOSI() = default;

void MoreauJeanOSI::initialize(const NonSmoothDynamicalSystem& nsds, const TimeDiscretisation& td) {
  Impl& d = *impl_;
  d.nsds = &nsds;
  d.td = &td;
  d.h = td.h();
  const double h = d.h, th = theta_;
  d.ds.clear();
  d.ds.resize(nsds.numberOfDS());
  for (const auto& system : nsds.dynamicalSystems()) {
    auto* lds = dynamic_cast<LagrangianDS*>(system.get());
    if (!lds)
      throw ModelError("MoreauJeanOSI: " + system->description() +
                       " is not a LagrangianDS (unsupported by this integrator)");
    DSData& s = d.ds[system->number()];
    s.ds = lds;
    s.lti = dynamic_cast<const LagrangianLinearTIDS*>(lds);
    const Eigen::Index n = lds->ndof();
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
           << system->description() << " is singular (smallest LU pivot / largest entry = " << ratio
           << ")";
        throw ModelError(os.str());
      }
    }
    s.vFree = Eigen::VectorXd::Zero(n);
    s.rhs = Eigen::VectorXd::Zero(n);
    s.work = Eigen::VectorXd::Zero(n);
    lds->computeFExt(td.t0());
    s.fExtk = lds->fExt();
    for (unsigned level = 0; level < 3; ++level) lds->p(level).setZero();
    lds->swapInMemory();
  }

  d.interactions.clear();
  d.interactions.resize(nsds.numberOfInteractions());
  for (const auto& inter : nsds.interactions()) {
    InteractionData& id = d.interactions[inter->number()];
    id.inter = inter.get();
    const auto* law = dynamic_cast<const NewtonImpactNSL*>(inter->nonSmoothLaw().get());
    if (!law)
      throw ModelError(std::string("MoreauJeanOSI: ") + inter->description() + " has a " +
                       inter->nonSmoothLaw()->typeName() +
                       " law; only NewtonImpactNSL is supported");
    id.e = law->e();
    id.relation = dynamic_cast<const LagrangianLinearTIR*>(inter->relation().get());
    if (!id.relation)
      throw ModelError(std::string("MoreauJeanOSI: ") + inter->description() + " has a " +
                       inter->relation()->typeName() +
                       " relation; only LagrangianLinearTIR is supported");
    const Eigen::MatrixXd& H = id.relation->jachq();
    Eigen::Index col = 0;
    for (const auto& system : inter->dynamicalSystems()) {
      DSData& s = d.ds[system->number()];
      const Eigen::Index n = s.ds->ndof();
      DSBlock b;
      b.ds = system->number();
      b.H = H.middleCols(col, n);
      b.WHt = b.H.transpose();
      if (s.spd)
        s.llt.solveInPlace(b.WHt);
      else
        b.WHt = s.lu.solve(b.WHt);
      id.blocks.push_back(std::move(b));
      col += n;
    }
    inter->lambda(0).setZero();
    inter->lambda(1).setZero();
    d.computeOutput(id);
    inter->swapInMemory();
  }
}

void MoreauJeanOSI::computeFreeState(std::size_t k) {
  Impl& d = *impl_;
  const double h = d.h, th = theta_;
  const double tk1 = d.td->time(k + 1);
  for (DSData& s : d.ds) {
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
    }
    s.solveInPlace(s.work);
    s.vFree = vk + s.work;
  }
}

bool MoreauJeanOSI::addInteractionInIndexSet(const Interaction& inter, unsigned level) const {
  if (level == 0) return true;
  if (level != 1)
    throw std::out_of_range("MoreauJeanOSI: index set " + std::to_string(level) +
                            " out of range [0, 1]");
  // Predicted gap ȳ = y_k + (h/2) ẏ_k; active when a component is ≤ 0.
  const Eigen::VectorXd& y = inter.yMemory(0);
  const Eigen::VectorXd& ydot = inter.yMemory(1);
  for (Eigen::Index i = 0; i < y.size(); ++i)
    if (y(i) + 0.5 * impl_->h * ydot(i) <= 0.0) return true;
  return false;
}

void MoreauJeanOSI::computeFreeOutput(const Interaction& inter,
                                      Eigen::Ref<Eigen::VectorXd> q) const {
  const InteractionData& id = impl_->data(inter);
  q.setZero();
  for (const DSBlock& b : id.blocks) {
    const DSData& s = impl_->ds[b.ds];
    q.noalias() += b.H * s.vFree;
    q.noalias() += (id.e * b.H) * s.ds->velocityMemory();
  }
}

void MoreauJeanOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
                                        const DynamicalSystem& ds,
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
}

void MoreauJeanOSI::updateState(std::size_t /*k*/) {
  Impl& d = *impl_;
  const double h = d.h, th = theta_;
  for (DSData& s : d.ds) {
    s.ds->p(1).setZero();
    s.ds->velocity() = s.vFree;
  }
  // p(1) = Σ Hᵀ λ(1);  v_{k+1} = v_free + M̂⁻¹ p(1) = v_free + Σ (M̂⁻¹Hᵀ) λ(1).
  for (const InteractionData& id : d.interactions) {
    const Eigen::VectorXd& lambda = id.inter->lambda(1);
    for (const DSBlock& b : id.blocks) {
      LagrangianDS& ds = *d.ds[b.ds].ds;
      ds.p(1).noalias() += b.H.transpose() * lambda;
      ds.velocity().noalias() += b.WHt * lambda;
    }
  }
  for (DSData& s : d.ds) {
    LagrangianDS& ds = *s.ds;
    ds.q() = ds.qMemory() + h * th * ds.velocity() + h * (1.0 - th) * ds.velocityMemory();
  }
  for (InteractionData& id : d.interactions) d.computeOutput(id);
}

void MoreauJeanOSI::swapInMemory() {
  for (DSData& s : impl_->ds) {
    s.ds->swapInMemory();
    s.fExtk = s.ds->fExt();
  }
  for (InteractionData& id : impl_->interactions) id.inter->swapInMemory();
}

const Eigen::MatrixXd& MoreauJeanOSI::iterationMatrix(const DynamicalSystem& ds) const {
  return impl_->data(ds).Mhat;
}

bool MoreauJeanOSI::isIterationMatrixSPD(const DynamicalSystem& ds) const {
  return impl_->data(ds).spd;
}

const Eigen::VectorXd& MoreauJeanOSI::freeVelocity(const DynamicalSystem& ds) const {
  return impl_->data(ds).vFree;
}

}  // namespace moreau
