#pragma once
// Working data of MoreauJeanOSI (internal header, not installed; included by
// MoreauJeanOSI.cpp only): per-system and per-interaction data allocated once at initialize,
// the small allocation-free vector helpers of the hot path, and MoreauJeanOSI::Impl, which
// owns them (Pinocchio's model/data split: the model objects stay read-only). Equations:
// docs/theory/moreau-jean.md.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
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
#include <sstream>
#include <stdexcept>
#include <typeinfo>
#include <vector>
#include "IntegratorChecks.hpp"
#include "IterationMatrix.hpp"
#include "SwappedOutputs.hpp"

namespace moreau {
namespace mjosi {

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
  // Hot-path classification (initialize): C v + K q present (a
  // LagrangianLinearTIDS with a nonzero C or K), M̂ dense but diagonal and SPD
  // (its Cholesky factor is the diagonal cholDiag = sqrt(diag M̂), and a solve
  // is x_i / L_ii / L_ii, the operations of the LLT solve on a diagonal
  // factor), F_ext given by a function (evaluated each step).
  bool linearForces = false;
  bool diagonalCholesky = false;
  bool fExtFunction = false;
  // Nonlinear LagrangianDS (M(q), F_int or N): W = M(q^τ) + hθC_t + h²θ²K_t
  // is refactorized at every Newton iterate (docs/theory/moreau-jean.md §5).
  bool nonlinear = false;
  // forces() and mass() hold F(t_{k+1}, q^τ, v^τ) and M(q^τ), computed by computeResidu at
  // the iterate the next nonlinearFreeState starts from.
  bool atIterate = false;
  Eigen::VectorXd Fk;  // F(t_k, q_k, v_k)
  Eigen::VectorXd resid;
  Eigen::VectorXd qPrev;  // q^τ (Newton mode, for the output residual)
  // q̃ = q_k + h(θ v_k + (1 − θ) v_k), the state at which the index-set rule evaluates the
  // outputs (predictOutputs; docs/theory/moreau-jean.md, "Index set 1").
  Eigen::VectorXd qPredicted;
  bool written = false;  // written by the user before the current step
  bool touched = false;  // updateState: an interaction with λ ≠ 0 acts on it
  Eigen::Index n = 0;    // ndof
  Eigen::VectorXd vFree, rhs;
  // The per-step vectors, 5 n doubles in the integrator's contiguous pool
  // (DS after DS, so a step walks one array): F_ext,k; work; the state the
  // integrator last set (initialize, updateState) or took (beginStep) — a
  // difference at the start of a step means a user write —; the diagonal
  // Cholesky factor.
  double* hot = nullptr;
  double* fExtk() const { return hot; }
  double* work() const { return hot + n; }
  double* qSet() const { return hot + 2 * n; }
  double* vSet() const { return hot + 3 * n; }
  double* cholDiag() const { return hot + 4 * n; }
  static constexpr Eigen::Index kHotVectors = 5;
  // Boundary conditions (null when none; docs/theory/moreau-jean.md §
  // "Prescribed velocities"): the solves use M̃ = M̂ with the rows and columns
  // of the prescribed coordinates replaced by those of the identity, so that
  // M̃⁻¹ x = (M̂_FF⁻¹ x_F, x_P) on the free (F) and prescribed (P) coordinates.
  std::shared_ptr<BoundaryCondition> bc;
  Eigen::MatrixXd Mfull;  // M̂ (dense): coupling M̂_FP and the reaction rows
  Eigen::LLT<Eigen::MatrixXd> bcLlt;
  Eigen::PartialPivLU<Eigen::MatrixXd> bcLu;
  bool bcSpd = true;
  Eigen::VectorXd bcW;        // the force term w of the step (before the solve)
  Eigen::MatrixXd bcReduced;  // M̃ (work matrix, sized once)

  // M̃ from Mfull (M̂, or W at a Newton iterate): rows and columns of the prescribed
  // coordinates replaced by those of the identity; Cholesky when symmetric, else LU.
  void factorizeReduced() {
    bcReduced = Mfull;
    for (unsigned i : bc->velocityIndices()) {
      bcReduced.row(i).setZero();
      bcReduced.col(i).setZero();
      bcReduced(i, i) = 1.0;
    }
    bcSpd = detail::choleskyOrLu(bcReduced, bcLlt, bcLu);
  }

  // x <- M̂⁻¹ x without allocation (x: n doubles).
  void solveInPlace(double* px) {
    if (diagonalCholesky) {
      const double* l = cholDiag();
      for (Eigen::Index i = 0; i < n; ++i) px[i] = px[i] / l[i] / l[i];
      return;
    }
    Eigen::Map<Eigen::VectorXd> x(px, n);
    if (bc) {
      if (bcSpd) {
        bcLlt.solveInPlace(x);
      } else {
        rhs = x;
        x.noalias() = bcLu.solve(rhs);
      }
      return;
    }
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
    if (bc) {
      // Prescribed coordinates: no contact impulse reaches them (rows of M̃⁻¹Hᵀ = 0).
      for (unsigned i : bc->velocityIndices()) X.row(i).setZero();
      if (bcSpd)
        bcLlt.solveInPlace(X);
      else
        X = bcLu.solve(X);
    } else if (diag)
      X = MhatInv.asDiagonal() * X;
    else if (spd)
      llt.solveInPlace(X);
    else
      X = lu.solve(X);
  }
};

// The part of an interaction's relation acting on one linked system.
struct DSBlock {
  std::size_t ds = 0;  // index in dsData (= DS number)
  LagrangianDS* system = nullptr;
  Eigen::MatrixXd H;    // m × ndof columns of H for this system
  Eigen::MatrixXd WHt;  // M̂⁻¹ Hᵀ, ndof × m
};

struct InteractionData {
  std::shared_ptr<Interaction> inter;  // null for a free slot
  std::uint64_t linkVersion = 0;       // Topology::linkVersion of the slot when initialized
  LagrangianR* relation = nullptr;
  // Exactly a LagrangianLinearTIR without D and F: y(0) = Σ H_ds q_ds + b and
  // y(1) = Σ H_ds v_ds are computed here from the blocks (same operations,
  // no virtual call); null otherwise (the relation's computeOutput).
  const LagrangianLinearTIR* plainLinear = nullptr;
  unsigned lawSize = 1;           // size of the nonsmooth law (index-set stride)
  bool constant = true;           // constant Jacobian (LagrangianLinearTIR): blocks set once
  Eigen::VectorXd hDot;           // ∂h/∂t(q*, t_{k+1}) for a rheonomous relation
  bool touchesNonlinear = false;  // acts on a nonlinear system (W changes per iterate)
  bool outputResidual = false;    // Newton: linearization error of y computed
  Eigen::VectorXd yPrev, yRes;    // h(q^τ, t_{k+1}) and the residual work vector
  // y(q̃, t_{k+1}) and ẏ(q̃, v_k, t_{k+1}) of step predictedStep: what the index-set rule reads
  // (predictOutputs).
  Eigen::VectorXd yPredicted, ydotPredicted;
  std::size_t predictedStep = std::numeric_limits<std::size_t>::max();
  std::vector<DSBlock> blocks;  // one or two, in link order: H = G(q*) blocks
};

// Same size and the same bits (NaN compares equal to itself, −0 differs from
// +0): detects any write, without tolerance. Inline loop: the vectors are a
// few entries long, a memcmp call costs more than the comparison.
inline bool sameBits(const Eigen::VectorXd& a, const double* pb, Eigen::Index n) {
  if (n != a.size()) return false;
  const double* pa = a.data();
  for (Eigen::Index i = 0; i < n; ++i) {
    std::uint64_t x, y;
    std::memcpy(&x, pa + i, sizeof x);
    std::memcpy(&y, pb + i, sizeof y);
    if (x != y) return false;
  }
  return true;
}

// q̃ = q + h(θ v + (1 − θ) v) in Siconos's order of operations (updatePosition with v = v_old:
// x = hθ v; x += h(1 − θ) v; q̃ = x + q): the state where the Newton loop starts.
inline void predictedState(const double* q, const double* v, double h, double theta, Eigen::Index n,
                           double* out) {
  const double a = h * theta, b = h * (1.0 - theta);
  for (Eigen::Index i = 0; i < n; ++i) {
    double x = a * v[i];
    x += b * v[i];
    out[i] = x + q[i];
  }
}

inline void copyValues(const Eigen::VectorXd& from, double* t) {
  const double* f = from.data();
  for (Eigen::Index i = 0; i < from.size(); ++i) t[i] = f[i];
}

inline void copyValues(const Eigen::VectorXd& from, Eigen::VectorXd& to) {
  const Eigen::Index n = from.size();
  if (to.size() != n) to.resize(n);
  const double* f = from.data();
  double* t = to.data();
  for (Eigen::Index i = 0; i < n; ++i) t[i] = f[i];
}

// The small products of the step, as plain loops over the (dynamic, few
// entries) sizes instead of Eigen's general matrix–vector kernels, whose
// call overhead dominates at these sizes. Each entry is accumulated in
// column order from 0 and then added, as those kernels do.
//   y += A x
inline void addProduct(const Eigen::MatrixXd& A, const double* x, double* y) {
  const Eigen::Index rows = A.rows(), cols = A.cols();
  const double* a = A.data();
  for (Eigen::Index r = 0; r < rows; ++r) {
    double acc = 0.0;
    for (Eigen::Index j = 0; j < cols; ++j) acc += a[r + j * rows] * x[j];
    y[r] += acc;
  }
}
//   y += Aᵀ x
inline void addTransposeProduct(const Eigen::MatrixXd& A, const double* x, double* y) {
  const Eigen::Index rows = A.rows(), cols = A.cols();
  const double* a = A.data();
  for (Eigen::Index j = 0; j < cols; ++j) {
    double acc = 0.0;
    for (Eigen::Index r = 0; r < rows; ++r) acc += a[r + j * rows] * x[r];
    y[j] += acc;
  }
}

inline bool allZero(const Eigen::VectorXd& x) {
  const double* p = x.data();
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (p[i] != 0.0) return false;
  return true;
}

}  // namespace mjosi

using namespace mjosi;  // NOLINT: the internal data types of this integrator

struct MoreauJeanOSI::Impl {
  const Simulation* sim = nullptr;
  const MoreauJeanOSI* self = nullptr;
  std::size_t nonConstant = 0;  // integrated interactions with non-constant Jacobians
  std::size_t nonlinearDS = 0;  // integrated nonlinear systems
  double tk = 0.0, tk1 = 0.0;   // of the step being computed
  double outputResidual = 0.0;  // of the last updateState (Newton mode)
  bool newton() const { return nonlinearDS > 0 || nonConstant > 0; }

  // M̂ (Mhat) of s: Cholesky when symmetric, else LU; ModelError when singular or not finite.
  static void factorize(DSData& s, const DynamicalSystem& system) {
    if (!s.Mhat.allFinite())
      throw ModelError("MoreauJeanOSI: the iteration matrix of " + system.description() +
                       " has a non-finite entry");
    if (s.bc) {
      // Prescribed coordinates: the solves use the reduced W̃ only (W_FF and W_FP).
      s.Mfull = s.Mhat;
      s.factorizeReduced();
      return;
    }
    s.spd = detail::factorizeIterationMatrix("MoreauJeanOSI", "", s.Mhat, system, s.llt, s.lu);
  }

  // Newton iterate τ of a nonlinear system (docs/theory/moreau-jean.md §5): M, F and its
  // Jacobians at (q^τ, v^τ), t_{k+1}; q⁰ is the predicted state q_k + h v_k (computeFreeState).
  void nonlinearFreeState(DSData& s, unsigned tau, double theta) {
    LagrangianDS& ds = *s.ds;
    const auto& qk = ds.qMemory();
    const auto& vk = ds.velocityMemory();
    const double th = theta;
    if (tau == 0) {
      ds.computeForces(tk, qk, vk);
      s.Fk = ds.forces();
      s.atIterate = false;
    }
    const auto& q = ds.q();
    const auto& v = ds.velocity();
    if (!s.atIterate) {
      ds.computeMass(q);
      ds.computeForces(tk1, q, v);
    }
    s.atIterate = false;
    ds.computeJacobianqForces(tk1, q, v);
    ds.computeJacobianvForces(tk1, q, v);
    s.Mhat = ds.mass();
    s.Mhat.noalias() -= (h * th) * ds.jacobianvForces();
    s.Mhat.noalias() -= (h * h * th * th) * ds.jacobianqForces();
    factorize(s, ds);
    s.rhs = v;
    s.rhs -= vk;
    s.resid.noalias() = ds.mass() * s.rhs;
    s.resid -= (h * th) * ds.forces();
    s.resid -= (h * (1.0 - th)) * s.Fk;
    double* w = s.work();
    copyValues(s.resid, w);
    if (s.bc) {
      // v_free,P = v̄(t_{k+1}): with x = u^τ − v_free, x_P = (u^τ − v̄)_P and
      // W_FF x_F = 𝓡_F − W_FP x_P (the prescribed rows leave the Newton system).
      BoundaryCondition& bc = *s.bc;
      bc.computePrescribedVelocity(tk1);
      const std::vector<unsigned>& idx = bc.velocityIndices();
      const Eigen::VectorXd& vbar = bc.prescribedVelocity();
      for (std::size_t j = 0; j < idx.size(); ++j) {
        const double x = v(idx[j]) - vbar(static_cast<Eigen::Index>(j));
        for (Eigen::Index i = 0; i < s.n; ++i) w[i] -= s.Mfull(i, idx[j]) * x;
      }
      for (std::size_t j = 0; j < idx.size(); ++j)
        w[idx[j]] = v(idx[j]) - vbar(static_cast<Eigen::Index>(j));
    }
    s.solveInPlace(w);
    for (Eigen::Index i = 0; i < s.n; ++i) s.vFree(i) = v(i) - w[i];
    if (s.bc) {
      const std::vector<unsigned>& idx = s.bc->velocityIndices();
      const Eigen::VectorXd& vbar = s.bc->prescribedVelocity();
      for (std::size_t j = 0; j < idx.size(); ++j)
        s.vFree(idx[j]) = vbar(static_cast<Eigen::Index>(j));
    }
  }
  const NonSmoothDynamicalSystem* nsds = nullptr;
  const TimeDiscretisation* td = nullptr;
  double h = 0.0;
  std::vector<DSData> ds;
  std::vector<DSData*> active;                // the integrated systems, in DS order
  std::vector<double> pool;                   // DSData::hot of every integrated system
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
  bool checkWrites = false;  // set by beginStep, done by computeFreeState
  bool anyWritten = false;   // a system was written (computeFreeState)

  // y(0) = h(q), y(1) = ẏ at the current state and time t (the relation's
  // computeOutput; for a LagrangianLinearTIR y(0) = H q + b, y(1) = H v).
  static void computeOutput(InteractionData& d, double t) {
    if (d.plainLinear) {
      Interaction& inter = *d.inter;
      Eigen::VectorXd& y0 = inter.y(0);
      Eigen::VectorXd& y1 = inter.y(1);
      copyValues(d.plainLinear->b(), y0);
      y1.setZero(inter.dimension());
      for (const DSBlock& b : d.blocks) {
        addProduct(b.H, b.system->q().data(), y0.data());
        addProduct(b.H, b.system->velocity().data(), y1.data());
      }
      return;
    }
    d.relation->computeOutput(t, *d.inter, 0);
    d.relation->computeOutput(t, *d.inter, 1);
  }

  // The outputs of every interaction at the predicted state q̃ = q_k + h(θ v_k + (1 − θ) v_k)
  // (Siconos's computeInitialNewtonState: q = hθ v + h(1 − θ) v_old + q_old with v = v_old) and
  // t_{k+1}: y(q̃) and ẏ = G(q̃) v_k (+ ∂h/∂t), in yPredicted / ydotPredicted for the index-set
  // rule of `step` (docs/theory/moreau-jean.md, "Index set 1"). The systems' q and the
  // interactions' y are left as they were (a relation other than a plain
  // LagrangianLinearTIR is evaluated with q̃ swapped into the systems' q and its buffers
  // swapped into y(0), y(1), then swapped back: no copy, no allocation).
  // q̃ = q_k + h(θ v_k + (1 − θ) v_k) of every active system, in qPredicted.
  void predictStates(double h, double theta) {
    for (DSData* sp : active)
      predictedState(sp->ds->qMemory().data(), sp->ds->velocityMemory().data(), h, theta, sp->n,
                     sp->qPredicted.data());
  }

  // Requires predictStates for this step (qPredicted holds q̃).
  void predictOutputs(std::size_t step, double t) {
    bool general = false;
    for (InteractionData& id : interactions) {
      if (!id.inter) continue;
      if (!id.plainLinear) {
        general = true;
        continue;
      }
      copyValues(id.plainLinear->b(), id.yPredicted);
      id.ydotPredicted.setZero();
      for (const DSBlock& blk : id.blocks) {
        addProduct(blk.H, ds[blk.ds].qPredicted.data(), id.yPredicted.data());
        addProduct(blk.H, blk.system->velocityMemory().data(), id.ydotPredicted.data());
      }
      id.predictedStep = step;
    }
    if (!general) return;
    const ScopedSwap swapQ([this] {
      for (DSData* sp : active) sp->ds->q().swap(sp->qPredicted);
    });
    for (InteractionData& id : interactions) {
      if (!id.inter || id.plainLinear) continue;
      Interaction& inter = *id.inter;
      const auto predicted = swappedOutputs(inter, id.yPredicted, id.ydotPredicted);
      id.relation->computeOutput(t, inter, 0);
      id.relation->computeOutput(t, inter, 1);
      id.predictedStep = step;
    }
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
    id.lawSize = static_cast<unsigned>(inter->nonSmoothLaw()->size());
    id.plainLinear = nullptr;
    if (typeid(*id.relation) == typeid(LagrangianLinearTIR)) {
      const auto* linear = static_cast<const LagrangianLinearTIR*>(id.relation);
      if (!linear->hasJachlambda() && linear->F().size() == 0) id.plainLinear = linear;
    }
    if (!id.constant) ++nonConstant;
    id.blocks.clear();
    for (const auto& system : inter->dynamicalSystems()) {
      if (system->number() >= ds.size() || ds[system->number()].ds != system.get())
        throw ModelError("MoreauJeanOSI: " + system->description() + " of " + inter->description() +
                         " was inserted after initialize (call TimeStepping::initialize again)");
      DSBlock b;
      b.ds = system->number();
      b.system = ds[b.ds].ds;
      id.blocks.push_back(std::move(b));
    }
    id.hDot = Eigen::VectorXd::Zero(inter->dimension());
    id.touchesNonlinear = false;
    for (const DSBlock& b : id.blocks)
      id.touchesNonlinear = id.touchesNonlinear || ds[b.ds].nonlinear;
    id.outputResidual = !id.constant && !id.relation->hasJachlambda();
    id.yPrev = Eigen::VectorXd::Zero(inter->dimension());
    id.yRes = Eigen::VectorXd::Zero(inter->dimension());
    id.yPredicted = Eigen::VectorXd::Zero(inter->dimension());
    id.ydotPredicted = Eigen::VectorXd::Zero(inter->dimension());
    id.predictedStep = std::numeric_limits<std::size_t>::max();
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

}  // namespace moreau
