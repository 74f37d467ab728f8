#pragma once
// Working data of LsodarOSI (internal header, not installed; included by LsodarOSI.cpp
// only): the CVODE objects, the per-system and per-interaction data allocated at initialize
// and the right-hand side, root and Jacobian evaluations, in LsodarOSI::Impl. Equations:
// docs/theory/event-driven.md (simulation.md §1.9.6 and §2.12).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianR.hpp>
#include <moreau/kernel/modeling/LagrangianRheonomousR.hpp>
#include <moreau/kernel/modeling/LagrangianScleronomousR.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/LsodarOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace moreau {
namespace lsodar {
constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kGapMargin = 1e-6;            // gap reference margin, in event tolerances
constexpr double kRestartStepFraction = 1e-8;  // first step after an impact, of the flight

// Row r of G v. A single-row G keeps the product of the scalar contacts (the
// same arithmetic as before multi-row interactions).
inline double rowTimes(const Eigen::MatrixXd& G, Eigen::Index r, const Eigen::VectorXd& v) {
  return G.rows() == 1 ? (G * v)(0) : G.row(r).dot(v);
}
// Entry (r, c) of G M⁻¹Gᵀ from G and M⁻¹Gᵀ.
inline double rowCol(const Eigen::MatrixXd& G, Eigen::Index r, const Eigen::MatrixXd& MiGt,
                     Eigen::Index c) {
  return G.rows() == 1 && MiGt.cols() == 1 ? (G * MiGt)(0, 0) : G.row(r).dot(MiGt.col(c));
}
}  // namespace lsodar

using namespace lsodar;  // NOLINT: the internal helpers of this integrator

struct LsodarOSI::Impl {
  // How the drift c of ÿ = G v̇ + c is obtained (docs/theory/event-driven.md).
  enum class Drift {
    None,          // constant Jacobian: c = 0
    User,          // c = Ġ v with the user's Ġ
    VelocityDiff,  // central difference of ẏ(q + s v, t + s τ; v) in s (G, ∂h/∂t exact)
    OutputDiff     // second central difference of h(q + s v, t + s τ) in s
  };
  struct DSData {
    LagrangianDS* ds = nullptr;
    Eigen::Index n = 0;
    Eigen::Index offset = 0;  // of q in x; v at offset + n
    bool constantMass = true;
    Eigen::LLT<Eigen::MatrixXd> llt;  // of M(q)
    Eigen::VectorXd q, v;             // work copies passed to the force functions
    Eigen::VectorXd aFree;            // M⁻¹ F(t, q, v)
    Eigen::VectorXd a;                // M⁻¹ (F + Σ Gᵀ λ(2))
    Eigen::MatrixXd Jq, Jv;           // M⁻¹ ∂F/∂q, M⁻¹ ∂F/∂v (Jacobian work, n × n)
  };
  struct Block {
    std::size_t ds = 0;       // index in dsData
    Eigen::MatrixXd G;        // m × n (columns of G for this system)
    Eigen::MatrixXd MiGt;     // M⁻¹ Gᵀ, n × m
    Eigen::Index column = 0;  // first column of this system in G and Ġ
  };
  struct InterData {
    Interaction* inter = nullptr;  // null: free slot
    LagrangianR* relation = nullptr;
    // Non-null when G depends on q and the user gave Ġ (a LagrangianScleronomousR).
    LagrangianScleronomousR* scleronomous = nullptr;
    // G depends on q or t (scleronomous or rheonomous relation): G, M⁻¹Gᵀ,
    // ∂h/∂t and the drift are refreshed at every state (freeAccelerations).
    bool moving = false;
    bool rheonomous = false;  // y = h(q, t): ẏ = G v + ∂h/∂t
    Drift drift = Drift::None;
    Eigen::Index dim = 1;  // rows m of the interaction, each a unilateral contact
    Eigen::MatrixXd dotG;  // Ġ (m × Σ ndof) at the last refresh (user Ġ)
    // The drift c of ÿ = G v̇ + c: Ġ v for a scleronomous relation, plus
    // 2 ∂G/∂t v + ∂²h/∂t² for a rheonomous one (0 for constant Jacobians).
    Eigen::VectorXd dotGv;
    Eigen::VectorXd dhdt;                  // ∂h/∂t (rheonomous), in the free velocity
    Eigen::VectorXd ySave0, ySave1;        // outputs kept across the drift differences
    Eigen::VectorXd w0, wp, wm, wp2, wm2;  // work of the drift differences
    std::vector<Block> blocks;
    Eigen::VectorXd yRef;        // gap root functions g = y − yRef (per row)
    std::vector<int> bilateral;  // per row: its row in the bilateral system, −1 outside
    Eigen::VectorXd lambda2;     // bilateral λ(2) at the last evaluation
    // Rows of a multi-row interaction in I₁ (closed) and I₂ (held closed),
    // set by EventDriven; a single-row interaction uses the index sets.
    std::vector<char> in1, in2;
  };

  const Simulation* sim = nullptr;
  Topology* topology = nullptr;
  LsodarOSI* self = nullptr;
  std::vector<DSData> ds;
  std::vector<int> dsIndex;           // by DS number
  std::vector<InterData> inters;      // by interaction id
  std::vector<unsigned> rootIds;      // root function r ↔ interaction id
  std::vector<Eigen::Index> rootRow;  // root function r ↔ row of the interaction
  std::vector<unsigned> found;        // ids of the roots found by the last integrate
  std::vector<std::pair<unsigned, std::size_t>> foundRows;  // (id, row) of those roots
  bool multiRow = false;                                    // some interaction has several rows
  std::uint64_t rowVersion = 0;                             // bumped when a row flag changes
  bool constantMasses = true;
  bool analyticJacobian = false;
  // Bilateral system A λ = −b over I₂ (sized to |I₂| when it changes).
  Eigen::MatrixXd A;
  Eigen::VectorXd b, lam;
  Eigen::LDLT<Eigen::MatrixXd> ldlt;
  std::vector<unsigned> bilateralIds;
  std::vector<Eigen::Index> bilateralRow;  // row of each bilateral entry in its interaction
  std::uint64_t bilateralVersion = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t bilateralRowVersion = 0;
  // CVODE
  SUNContext sunctx = nullptr;
  N_Vector x = nullptr;
  SUNMatrix J = nullptr;
  SUNLinearSolver LS = nullptr;
  void* cvode = nullptr;
  std::vector<int> rootsFound, rootDir;
  std::exception_ptr callbackError;
  std::string cvodeMessage;
  double tCurrent = 0.0;
  Statistics stats;
  Statistics base;  // counters of the CVODE instances freed before (initialize)

  ~Impl() { freeCvode(); }
  void freeCvode() {
    if (cvode) CVodeFree(&cvode);
    if (LS) SUNLinSolFree(LS);
    if (J) SUNMatDestroy(J);
    if (x) N_VDestroy(x);
    if (sunctx) SUNContext_Free(&sunctx);
    cvode = nullptr;
    LS = nullptr;
    J = nullptr;
    x = nullptr;
    sunctx = nullptr;
  }

  // Gap root g = y − y_ref with y_ref = min(y, 0) − margin at a restart: the
  // margin (1e-6 × the event tolerance) keeps g(t_event) > 0 strictly (CVODE
  // treats a root function that is exactly zero at the initial time
  // specially and reports spurious roots right after it), while the drift of
  // y_ref over successive impacts stays negligible.
  double gapReference(double y) const {
    return std::min(y, 0.0) - kGapMargin * self->eventTolerance();
  }

  // The drift method of a relation (ModelError for a relation the
  // event-driven integrator cannot differentiate).
  static Drift driftMethod(const Interaction& inter, const LagrangianR& rel) {
    if (rel.hasConstantJacobians()) return Drift::None;
    // Without finite differences enabled the relation has its G (and ∂h/∂t):
    // ẏ is exact and its first difference is the accurate one; with them, G
    // may itself be a difference quotient and only h is differentiated.
    const Drift byDifferences =
        rel.jacobianByFiniteDifferences() ? Drift::OutputDiff : Drift::VelocityDiff;
    if (const auto* r = dynamic_cast<const LagrangianScleronomousR*>(&rel))
      return r->hasDotJachq() ? Drift::User : byDifferences;
    if (dynamic_cast<const LagrangianRheonomousR*>(&rel)) return byDifferences;
    throw ModelError("LsodarOSI: " + inter.description() + " has a " + rel.typeName() +
                     " relation whose Jacobian is not constant; the event-driven integrator "
                     "handles LagrangianLinearTIR, LagrangianScleronomousR and "
                     "LagrangianRheonomousR");
  }

  // Row r of d in index set `level` (1: closed, 2: held closed).
  bool rowIn(const InterData& d, Eigen::Index r, unsigned level) const {
    if (d.dim == 1) return topology->indexSet(level).contains(d.inter->number());
    const auto k = static_cast<std::size_t>(r);
    return level == 1 ? d.in1[k] != 0 : d.in2[k] != 0;
  }

  InterData& data(const Interaction& inter) {
    const unsigned id = inter.number();
    if (id >= inters.size() || inters[id].inter != &inter)
      throw std::out_of_range("LsodarOSI: " + inter.description() + " is not integrated by it");
    return inters[id];
  }
  const InterData& data(const Interaction& inter) const {
    return const_cast<Impl*>(this)->data(inter);
  }

  // x -> systems' q, v.
  void scatter(const double* px) {
    for (DSData& s : ds) {
      const double* q = px + s.offset;
      const double* v = q + s.n;
      for (Eigen::Index i = 0; i < s.n; ++i) {
        s.ds->q()(i) = q[i];
        s.ds->velocity()(i) = v[i];
      }
    }
  }
  void gather(double* px) const {
    for (const DSData& s : ds) {
      double* q = px + s.offset;
      double* v = q + s.n;
      for (Eigen::Index i = 0; i < s.n; ++i) {
        q[i] = s.ds->q()(i);
        v[i] = s.ds->velocity()(i);
      }
    }
  }

  // q, v of s from its system; M(q) and its factorization when the mass is not constant.
  void loadState(DSData& s) {
    s.q = s.ds->q();
    s.v = s.ds->velocity();
    if (!s.constantMass) {
      s.ds->computeMass(s.q);
      s.llt.compute(s.ds->mass());
    }
  }

  // F, M(q) and M⁻¹F at the systems' current state; G blocks and M⁻¹Gᵀ when
  // the mass changed.
  void freeAccelerations(double t) {
    for (DSData& s : ds) {
      loadState(s);
      s.ds->computeForces(t, s.q, s.v);
      s.aFree = s.llt.solve(s.ds->forces());
      s.a = s.aFree;
    }
    for (InterData& d : inters) {
      if (!d.inter) continue;
      if (d.moving) {
        refreshJacobian(t, d);
      } else if (!constantMasses) {
        for (Block& b : d.blocks) b.MiGt = ds[b.ds].llt.solve(b.G.transpose());
      }
    }
  }

  // G(q), M⁻¹Gᵀ and Ġ(q, v) v at the systems' current state (relations whose
  // Jacobian depends on q).
  // (the drift differences first: they overwrite the relation's G and ∂h/∂t).
  void refreshJacobian(double t, InterData& d) {
    if (d.drift == Drift::VelocityDiff || d.drift == Drift::OutputDiff) driftByDifferences(t, d);
    d.relation->computeJacobians(t, *d.inter);
    if (d.drift == Drift::User) {
      d.scleronomous->computeDotJachq(t, *d.inter, d.dotG);
      d.dotGv.setZero();
    }
    if (d.rheonomous)
      d.dhdt = d.relation->dhdt(*d.inter);
    else
      d.dhdt.setZero();
    for (std::size_t i = 0; i < d.blocks.size(); ++i) {
      Block& b = d.blocks[i];
      const DSData& s = ds[b.ds];
      b.G = d.relation->jachqBlock(*d.inter, i);
      b.MiGt = s.llt.solve(b.G.transpose());
      if (d.drift == Drift::User)
        for (Eigen::Index r = 0; r < d.dim; ++r)
          d.dotGv(r) += d.dotG.row(r).segment(b.column, s.n).dot(s.ds->velocity());
    }
  }

  // The drift c = d²/ds² h(q + s v, t + s τ) at s = 0 (τ = 1 for a rheonomous
  // relation, 0 otherwise) — the part of ÿ that does not depend on v̇ — by
  // central differences along the direction (v, τ), at the systems' current
  // state (s.q, s.v set by freeAccelerations). VelocityDiff: c = [ẏ(+s) −
  // ẏ(−s)]/(2s) with ẏ = G v + ∂h/∂t (G and ∂h/∂t given), s = ε^{1/3} L /
  // max(|v|, τ L), error O(s²) + O(ε^{2/3}); OutputDiff: c_s = [h(+s) − 2h(0)
  // + h(−s)]/s² at s and s/2, c = (4 c_{s/2} − c_s)/3, s = ε^{1/6} L /
  // max(|v|, τ L), error O(s⁴) + O(ε^{2/3}) (relative to |h| and the unit
  // scales), with L = max(1, |q|∞): the position moves by at most ε^{1/3} L
  // (ε^{1/6} L ≈ 2.5e-3 L) and the time by at most ε^{1/3} (ε^{1/6}). The
  // outputs y(0), y(1) and the systems' q are restored.
  void driftByDifferences(double t, InterData& d) {
    double qn = 0.0, vn = 0.0;
    for (const Block& b : d.blocks) {
      qn = std::max(qn, ds[b.ds].q.lpNorm<Eigen::Infinity>());
      vn = std::max(vn, ds[b.ds].v.lpNorm<Eigen::Infinity>());
    }
    const double tau = d.rheonomous ? 1.0 : 0.0;
    if (vn == 0.0 && tau == 0.0) {
      d.dotGv.setZero();
      return;
    }
    const double L = std::max(1.0, qn);
    const bool velocity = d.drift == Drift::VelocityDiff;
    const double c = velocity ? std::cbrt(kEps) : std::pow(kEps, 1.0 / 6.0);
    const double step = c * L / std::max(vn, tau * L);
    Interaction& inter = *d.inter;
    d.ySave0 = inter.y(0);
    d.ySave1 = inter.y(1);
    const unsigned level = velocity ? 1 : 0;
    auto at = [&](double sj, Eigen::VectorXd& out) {
      for (const Block& b : d.blocks) {
        const DSData& s = ds[b.ds];
        s.ds->q() = s.q + sj * s.v;
      }
      d.relation->computeOutput(t + sj * tau, inter, level);
      out = inter.y(level);
    };
    if (velocity) {
      at(step, d.wp);
      at(-step, d.wm);
      for (Eigen::Index r = 0; r < d.dim; ++r) d.dotGv(r) = (d.wp(r) - d.wm(r)) / (2.0 * step);
    } else {
      // Second differences at s and s/2, Richardson-extrapolated (error O(s⁴)).
      const double half = 0.5 * step;
      at(0.0, d.w0);
      at(step, d.wp);
      at(-step, d.wm);
      at(half, d.wp2);
      at(-half, d.wm2);
      for (Eigen::Index r = 0; r < d.dim; ++r) {
        const double y0 = d.w0(r);
        const double c1 = ((d.wp(r) - y0) + (d.wm(r) - y0)) / (step * step);
        const double c2 = ((d.wp2(r) - y0) + (d.wm2(r) - y0)) / (half * half);
        d.dotGv(r) = (4.0 * c2 - c1) / 3.0;
      }
    }
    for (const Block& b : d.blocks) ds[b.ds].ds->q() = ds[b.ds].q;
    inter.y(0) = d.ySave0;
    inter.y(1) = d.ySave1;
  }

  // The bilateral contact forces of I₂ (ÿ = 0 there) and the accelerations.
  void bilateralAccelerations() {
    const IndexSet& set = topology->indexSet(2);
    if (set.version() != bilateralVersion || rowVersion != bilateralRowVersion) {
      for (unsigned id : bilateralIds)
        if (id < inters.size())
          std::fill(inters[id].bilateral.begin(), inters[id].bilateral.end(), -1);
      bilateralIds.clear();
      bilateralRow.clear();
      for (const unsigned id : set)
        if (id < inters.size() && inters[id].inter) {
          InterData& d = inters[id];
          for (Eigen::Index r = 0; r < d.dim; ++r) {
            if (!rowIn(d, r, 2)) continue;
            d.bilateral[static_cast<std::size_t>(r)] = static_cast<int>(bilateralIds.size());
            bilateralIds.push_back(id);
            bilateralRow.push_back(r);
          }
        }
      bilateralVersion = set.version();
      bilateralRowVersion = rowVersion;
      const auto m = static_cast<Eigen::Index>(bilateralIds.size());
      A.resize(m, m);
      b.resize(m);
      lam.resize(m);
    }
    const auto m = static_cast<Eigen::Index>(bilateralIds.size());
    if (m == 0) return;
    A.setZero();
    for (Eigen::Index r = 0; r < m; ++r) {
      const InterData& da = inters[bilateralIds[static_cast<std::size_t>(r)]];
      const Eigen::Index ra = bilateralRow[static_cast<std::size_t>(r)];
      double br = da.dotGv(ra);
      for (const Block& ba : da.blocks) {
        br += rowTimes(ba.G, ra, ds[ba.ds].aFree);
        for (Eigen::Index c = 0; c < m; ++c) {
          const InterData& db = inters[bilateralIds[static_cast<std::size_t>(c)]];
          const Eigen::Index cb = bilateralRow[static_cast<std::size_t>(c)];
          for (const Block& bb : db.blocks)
            if (bb.ds == ba.ds) A(r, c) += rowCol(ba.G, ra, bb.MiGt, cb);
        }
      }
      b(r) = br;
    }
    ldlt.compute(A);
    if (ldlt.info() == Eigen::Success && ldlt.isPositive() &&
        ldlt.vectorD().cwiseAbs().minCoeff() > 1e-14 * A.diagonal().cwiseAbs().maxCoeff()) {
      lam = ldlt.solve(-b);
    } else {
      // Redundant contacts: the minimum-norm forces.
      lam = A.completeOrthogonalDecomposition().solve(-b);
    }
    for (Eigen::Index r = 0; r < m; ++r) {
      InterData& d = inters[bilateralIds[static_cast<std::size_t>(r)]];
      const Eigen::Index row = bilateralRow[static_cast<std::size_t>(r)];
      d.lambda2(row) = lam(r);
      for (const Block& bl : d.blocks) ds[bl.ds].a += bl.MiGt.col(row) * lam(r);
    }
  }

  void rhs(double t, const double* px, double* pdx) {
    scatter(px);
    freeAccelerations(t);
    bilateralAccelerations();
    for (const DSData& s : ds) {
      double* dq = pdx + s.offset;
      double* dv = dq + s.n;
      for (Eigen::Index i = 0; i < s.n; ++i) {
        dq[i] = px[s.offset + s.n + i];
        dv[i] = s.a(i);
      }
    }
  }

  void roots(double t, const double* px, double* g) {
    scatter(px);
    if (!bilateralIds.empty() || topology->indexSet(2).version() != bilateralVersion ||
        rowVersion != bilateralRowVersion) {
      freeAccelerations(t);
      bilateralAccelerations();
    }
    const double tol = self->eventTolerance();
    const InterData* last = nullptr;
    for (std::size_t r = 0; r < rootIds.size(); ++r) {
      InterData& d = inters[rootIds[r]];
      const Eigen::Index row = rootRow[r];
      const auto k = static_cast<std::size_t>(row);
      if (d.bilateral[k] >= 0) {
        g[r] = d.lambda2(row) + tol;
      } else {
        if (last != &d) d.relation->computeOutput(t, *d.inter, 0);
        last = &d;
        const double y = d.inter->y(0)(row);
        // Once the contact is clearly open (y > tol) the reference returns to
        // −margin: g jumps between two positive values (no sign change, no
        // root), and the penetrations left by successive root locations do
        // not add up over the impacts.
        if (y > tol && d.yRef(row) < -kGapMargin * tol) d.yRef(row) = gapReference(0.0);
        g[r] = y - d.yRef(row);
      }
    }
  }

  // ∂ẋ/∂x of the smooth part: [0 I; M⁻¹∇_qF M⁻¹∇_vF] (constraint forces and
  // ∂M/∂q left out: the Newton iteration only needs an approximation).
  void jacobian(double t, const double* px, SUNMatrix Jm) {
    scatter(px);
    SUNMatZero(Jm);
    for (DSData& s : ds) {
      loadState(s);
      s.ds->computeJacobianqForces(t, s.q, s.v);
      s.ds->computeJacobianvForces(t, s.q, s.v);
      Eigen::MatrixXd& Jq = s.Jq;  // sized at initialize: no allocation per evaluation
      Eigen::MatrixXd& Jv = s.Jv;
      Jq = s.ds->jacobianqForces();
      Jv = s.ds->jacobianvForces();
      s.llt.solveInPlace(Jq);
      s.llt.solveInPlace(Jv);
      const auto o = static_cast<sunindextype>(s.offset);
      const auto n = static_cast<sunindextype>(s.n);
      for (sunindextype i = 0; i < n; ++i) {
        SM_ELEMENT_D(Jm, o + i, o + n + i) = 1.0;
        for (sunindextype j = 0; j < n; ++j) {
          SM_ELEMENT_D(Jm, o + n + i, o + j) = Jq(i, j);
          SM_ELEMENT_D(Jm, o + n + i, o + n + j) = Jv(i, j);
        }
      }
    }
  }

  void outputs(double t) {
    for (InterData& d : inters)
      if (d.inter) {
        d.relation->computeOutput(t, *d.inter, 0);
        d.relation->computeOutput(t, *d.inter, 1);
      }
  }

  // y(2) = G v̇ + Ġ v, λ(2) = bilateral forces (0 outside I₂), p(2) = Σ Gᵀ λ(2).
  void accelerationOutputs() {
    for (DSData& s : ds) s.ds->p(2).setZero();
    for (InterData& d : inters) {
      if (!d.inter) continue;
      for (Eigen::Index r = 0; r < d.dim; ++r) {
        double y2 = d.dotGv(r);
        for (const Block& bl : d.blocks) y2 += rowTimes(bl.G, r, ds[bl.ds].a);
        d.inter->y(2)(r) = y2;
        const double l = d.bilateral[static_cast<std::size_t>(r)] >= 0 ? d.lambda2(r) : 0.0;
        d.inter->lambda(2)(r) = l;
        if (l != 0.0)
          for (const Block& bl : d.blocks) ds[bl.ds].ds->p(2) += bl.G.row(r).transpose() * l;
      }
    }
  }

  void check(int flag, const char* call) {
    if (flag >= 0) return;
    std::ostringstream os;
    os << "LsodarOSI: CVODE " << call << " failed: " << CVodeGetReturnFlagName(flag);
    if (!cvodeMessage.empty()) os << " (" << cvodeMessage << ")";
    throw SimulationError(os.str());
  }
};

}  // namespace moreau
