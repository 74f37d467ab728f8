// LsodarOSI: the smooth phases of the event-driven simulation with SUNDIALS
// CVODE; the equations are those of docs/theory/event-driven.md
// (simulation.md §1.9.6 and §2.12).
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

namespace {
constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kGapMargin = 1e-6;            // gap reference margin, in event tolerances
constexpr double kRestartStepFraction = 1e-8;  // first step after an impact, of the flight

// Row r of G v. A single-row G keeps the product of the scalar contacts (the
// same arithmetic as before multi-row interactions).
double rowTimes(const Eigen::MatrixXd& G, Eigen::Index r, const Eigen::VectorXd& v) {
  return G.rows() == 1 ? (G * v)(0) : G.row(r).dot(v);
}
// Entry (r, c) of G M⁻¹Gᵀ from G and M⁻¹Gᵀ.
double rowCol(const Eigen::MatrixXd& G, Eigen::Index r, const Eigen::MatrixXd& MiGt,
              Eigen::Index c) {
  return G.rows() == 1 && MiGt.cols() == 1 ? (G * MiGt)(0, 0) : G.row(r).dot(MiGt.col(c));
}
}  // namespace

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

  // F, M(q) and M⁻¹F at the systems' current state; G blocks and M⁻¹Gᵀ when
  // the mass changed.
  void freeAccelerations(double t) {
    for (DSData& s : ds) {
      s.q = s.ds->q();
      s.v = s.ds->velocity();
      if (!s.constantMass) {
        s.ds->computeMass(s.q);
        s.llt.compute(s.ds->mass());
      }
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
      s.q = s.ds->q();
      s.v = s.ds->velocity();
      if (!s.constantMass) {
        s.ds->computeMass(s.q);
        s.llt.compute(s.ds->mass());
      }
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

namespace {

int cvodeRhs(sunrealtype t, N_Vector x, N_Vector dx, void* user) {
  auto* d = static_cast<LsodarOSI::Impl*>(user);
  try {
    d->rhs(t, N_VGetArrayPointer(x), N_VGetArrayPointer(dx));
  } catch (...) {
    d->callbackError = std::current_exception();
    return -1;
  }
  return 0;
}

int cvodeRoots(sunrealtype t, N_Vector x, sunrealtype* g, void* user) {
  auto* d = static_cast<LsodarOSI::Impl*>(user);
  try {
    d->roots(t, N_VGetArrayPointer(x), g);
  } catch (...) {
    d->callbackError = std::current_exception();
    return -1;
  }
  return 0;
}

int cvodeJacobian(sunrealtype t, N_Vector x, N_Vector /*fx*/, SUNMatrix J, void* user,
                  N_Vector /*tmp1*/, N_Vector /*tmp2*/, N_Vector /*tmp3*/) {
  auto* d = static_cast<LsodarOSI::Impl*>(user);
  try {
    d->jacobian(t, N_VGetArrayPointer(x), J);
  } catch (...) {
    d->callbackError = std::current_exception();
    return -1;
  }
  return 0;
}

void cvodeErrors(int /*code*/, const char* /*module*/, const char* function, char* msg,
                 void* user) {
  auto* d = static_cast<LsodarOSI::Impl*>(user);
  d->cvodeMessage = std::string(function ? function : "") + ": " + (msg ? msg : "");
}

// The event-driven algorithm is for unilateral contacts with a Newton impact
// law (simulation.md §1.9): friction, relay, equality or complementarity laws
// have no impact / acceleration problem pair here.
void checkEventDrivenLaw(const Interaction& inter) {
  const NonSmoothLaw* law = inter.nonSmoothLaw().get();
  if (dynamic_cast<const NewtonImpactNSL*>(law)) return;
  throw ModelError("LsodarOSI: " + inter.description() + " has a " +
                   std::string(law ? law->typeName() : "null") +
                   " law; the event-driven integrator handles unilateral contacts with a "
                   "NewtonImpactNSL only (no friction, relay or equality laws: use "
                   "TimeStepping)");
}

}  // namespace

LsodarOSI::LsodarOSI()
    : impl_(std::make_unique<Impl>()),
      rtol_(10.0 * kEps),
      atol_(100.0 * kEps),
      eventTolerance_(1e4 * kEps) {
  impl_->self = this;
}

LsodarOSI::~LsodarOSI() = default;

void LsodarOSI::setTolerances(double rtol, double atol) {
  if (!std::isfinite(rtol) || !(rtol > 0.0) || !std::isfinite(atol) || !(atol > 0.0)) {
    std::ostringstream os;
    os << "LsodarOSI: the tolerances must be finite and > 0 (got rtol = " << rtol
       << ", atol = " << atol << ")";
    throw ModelError(os.str());
  }
  rtol_ = rtol;
  atol_ = atol;
}

void LsodarOSI::setMaxNumSteps(long steps) {
  if (steps < 1) throw ModelError("LsodarOSI: the maximum number of steps must be >= 1");
  maxSteps_ = steps;
}

bool LsodarOSI::usesAnalyticJacobian() const { return impl_->analyticJacobian; }

const LsodarOSI::Statistics& LsodarOSI::statistics() const {
  Impl& d = *impl_;
  d.stats.steps = d.base.steps;
  d.stats.rhsEvaluations = d.base.rhsEvaluations;
  d.stats.rootEvaluations = d.base.rootEvaluations;
  d.stats.errorTestFailures = d.base.errorTestFailures;
  d.stats.jacobianEvaluations = d.base.jacobianEvaluations;
  if (d.cvode) {
    long v = 0;
    CVodeGetNumSteps(d.cvode, &v);
    d.stats.steps = d.base.steps + v;
    CVodeGetNumRhsEvals(d.cvode, &v);
    d.stats.rhsEvaluations = d.base.rhsEvaluations + v;
    CVodeGetNumGEvals(d.cvode, &v);
    d.stats.rootEvaluations = d.base.rootEvaluations + v;
    CVodeGetNumErrTestFails(d.cvode, &v);
    d.stats.errorTestFailures = d.base.errorTestFailures + v;
    if (d.LS) {
      CVodeGetNumJacEvals(d.cvode, &v);
      d.stats.jacobianEvaluations = d.base.jacobianEvaluations + v;
    }
  }
  return d.stats;
}

InteractionLevels LsodarOSI::levels(const Interaction& /*inter*/) const {
  return InteractionLevels{0, 2, 1, 2};
}

void LsodarOSI::initialize(const Simulation& simulation) {
  Impl& d = *impl_;
  // Called again by EventDriven during a run (interactions linked or removed
  // between events): the counters and the impulses go on.
  const bool rebuild = d.sim == &simulation && simulation.isInitialized() && d.cvode;
  const Statistics carried = rebuild ? statistics() : Statistics();
  d.freeCvode();
  d.sim = &simulation;
  NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  d.topology = &nsds.topology();
  d.ds.clear();
  d.dsIndex.assign(nsds.numberOfDS(), -1);
  d.constantMasses = true;
  Eigen::Index size = 0;
  for (const auto& system : nsds.dynamicalSystems()) {
    if (!simulation.integrates(*this, *system)) continue;
    auto* lds = dynamic_cast<LagrangianDS*>(system.get());
    if (!lds)
      throw ModelError("LsodarOSI: " + system->description() +
                       " is not a LagrangianDS (the event-driven integrator handles Lagrangian "
                       "systems only, simulation.md §1.9.6)");
    if (lds->boundaryConditions())
      throw ModelError("LsodarOSI: boundary conditions of " + system->description() +
                       " are not supported (MoreauJeanOSI, its projection variants and "
                       "MoreauJeanGOSI honour them)");
    Impl::DSData s;
    s.ds = lds;
    s.n = lds->ndof();
    s.offset = size;
    size += 2 * s.n;
    s.constantMass = lds->hasConstantMass();
    d.constantMasses = d.constantMasses && s.constantMass;
    if (!s.constantMass) lds->computeMass();
    s.llt.compute(lds->mass());
    if (s.llt.info() != Eigen::Success)
      throw ModelError("LsodarOSI: the mass matrix of " + system->description() +
                       " is not positive definite");
    s.q = lds->q();
    s.v = lds->velocity();
    s.aFree = Eigen::VectorXd::Zero(s.n);
    s.Jq = s.Jv = Eigen::MatrixXd::Zero(s.n, s.n);
    s.a = Eigen::VectorXd::Zero(s.n);
    if (!rebuild)
      for (unsigned level = 0; level < 3; ++level) lds->p(level).setZero();
    d.dsIndex[system->number()] = static_cast<int>(d.ds.size());
    d.ds.push_back(std::move(s));
  }
  const double t0 = simulation.timeDiscretisation()->t0();

  // Row states of the multi-row interactions that remain (a rebuild during a run).
  std::vector<Impl::InterData> previous;
  if (rebuild) previous.swap(d.inters);
  d.inters.clear();
  d.inters.resize(d.topology->interactionCapacity());
  d.rootIds.clear();
  d.rootRow.clear();
  d.multiRow = false;
  for (const auto& inter : nsds.interactions()) {
    const auto& systems = inter->dynamicalSystems();
    if (systems.empty() || !simulation.integrates(*this, *systems.front())) continue;
    checkEventDrivenLaw(*inter);
    auto* rel = dynamic_cast<LagrangianR*>(inter->relation().get());
    if (!rel)
      throw ModelError("LsodarOSI: " + inter->description() + " has a " +
                       inter->relation()->typeName() +
                       " relation; a Lagrangian relation is needed");
    const Impl::Drift drift = Impl::driftMethod(*inter, *rel);
    Impl::InterData& id = d.inters[inter->number()];
    const auto m = static_cast<Eigen::Index>(inter->dimension());
    id.dim = m;
    d.multiRow = d.multiRow || m > 1;
    id.dotGv = Eigen::VectorXd::Zero(m);
    id.dhdt = Eigen::VectorXd::Zero(m);
    id.yRef = Eigen::VectorXd::Zero(m);
    id.lambda2 = Eigen::VectorXd::Zero(m);
    id.bilateral.assign(static_cast<std::size_t>(m), -1);
    id.in1.assign(static_cast<std::size_t>(m), 0);
    id.in2.assign(static_cast<std::size_t>(m), 0);
    if (inter->number() < previous.size() && previous[inter->number()].inter == inter.get() &&
        previous[inter->number()].dim == m) {
      id.in1 = previous[inter->number()].in1;
      id.in2 = previous[inter->number()].in2;
    }
    id.inter = inter.get();
    id.relation = rel;
    id.drift = drift;
    id.moving = drift != Impl::Drift::None;
    id.rheonomous = dynamic_cast<LagrangianRheonomousR*>(rel) != nullptr;
    id.scleronomous =
        drift == Impl::Drift::User ? dynamic_cast<LagrangianScleronomousR*>(rel) : nullptr;
    id.ySave0 = inter->y(0);
    id.ySave1 = inter->y(1);
    rel->computeJacobians(t0, *inter);
    for (std::size_t i = 0; i < systems.size(); ++i) {
      Impl::Block b;
      b.ds = static_cast<std::size_t>(d.dsIndex[systems[i]->number()]);
      b.column = inter->workspace().offsets[i];
      b.G = rel->jachqBlock(*inter, i);
      b.MiGt = d.ds[b.ds].llt.solve(b.G.transpose());
      id.blocks.push_back(std::move(b));
    }
    for (Eigen::Index r = 0; r < m; ++r) {
      d.rootIds.push_back(inter->number());
      d.rootRow.push_back(r);
    }
  }
  d.bilateralIds.clear();
  d.bilateralRow.clear();
  d.bilateralVersion = std::numeric_limits<std::uint64_t>::max();
  d.found.clear();
  d.found.reserve(d.rootIds.size());
  d.foundRows.clear();
  d.foundRows.reserve(d.rootIds.size());

  // Analytic Jacobian when every system gives ∇F (probe once).
  d.analyticJacobian = useJacobian_;
  if (d.analyticJacobian)
    for (Impl::DSData& s : d.ds) {
      try {
        s.ds->computeJacobianqForces(t0, s.q, s.v);
        s.ds->computeJacobianvForces(t0, s.q, s.v);
      } catch (const ModelError&) {
        d.analyticJacobian = false;
      }
    }

  // CVODE.
  d.base = carried;
  d.stats = carried;
#if SUNDIALS_VERSION_MAJOR >= 7
  if (SUNContext_Create(SUN_COMM_NULL, &d.sunctx) != 0)
#else
  if (SUNContext_Create(nullptr, &d.sunctx) != 0)
#endif
    throw SimulationError("LsodarOSI: SUNContext_Create failed");
  const auto n = static_cast<sunindextype>(std::max<Eigen::Index>(size, 1));
  d.x = N_VNew_Serial(n, d.sunctx);
  N_VConst(0.0, d.x);
  d.gather(N_VGetArrayPointer(d.x));
  d.cvode = CVodeCreate(method_ == Method::BDF ? CV_BDF : CV_ADAMS, d.sunctx);
  if (!d.cvode) throw SimulationError("LsodarOSI: CVodeCreate failed");
  d.check(CVodeSetErrHandlerFn(d.cvode, cvodeErrors, &d), "CVodeSetErrHandlerFn");
  d.check(CVodeInit(d.cvode, cvodeRhs, t0, d.x), "CVodeInit");
  d.check(CVodeSetUserData(d.cvode, &d), "CVodeSetUserData");
  d.check(CVodeSStolerances(d.cvode, rtol_, atol_), "CVodeSStolerances");
  d.check(CVodeSetMaxNumSteps(d.cvode, maxSteps_), "CVodeSetMaxNumSteps");
  d.J = SUNDenseMatrix(n, n, d.sunctx);
  d.LS = SUNLinSol_Dense(d.x, d.J, d.sunctx);
  d.check(CVodeSetLinearSolver(d.cvode, d.LS, d.J), "CVodeSetLinearSolver");
  if (d.analyticJacobian) d.check(CVodeSetJacFn(d.cvode, cvodeJacobian), "CVodeSetJacFn");
  const auto nr = static_cast<int>(d.rootIds.size());
  d.rootsFound.assign(d.rootIds.size(), 0);
  d.rootDir.assign(d.rootIds.size(), -1);  // decreasing only: a gap closing, a force vanishing
  if (nr > 0) {
    d.check(CVodeRootInit(d.cvode, nr, cvodeRoots), "CVodeRootInit");
    d.check(CVodeSetRootDirection(d.cvode, d.rootDir.data()), "CVodeSetRootDirection");
    d.check(CVodeSetNoInactiveRootWarn(d.cvode), "CVodeSetNoInactiveRootWarn");
  }
  d.tCurrent = t0;
  d.outputs(t0);
  d.freeAccelerations(t0);
  for (std::size_t r = 0; r < d.rootIds.size(); ++r) {
    Impl::InterData& in = d.inters[d.rootIds[r]];
    in.yRef(d.rootRow[r]) = d.gapReference(in.inter->y(0)(d.rootRow[r]));
  }
}

bool LsodarOSI::addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                         const StepContext& /*ctx*/) const {
  if (level == 0) return true;
  const double tol = eventTolerance_;
  if (inter.dimension() != 1 && level <= 2) {
    // Several rows: closed if one row is, kept if every closed row is.
    bool closed = false, kept = true;
    for (Eigen::Index r = 0; r < inter.y(0).size(); ++r) {
      if (inter.y(0)(r) > tol) continue;
      closed = true;
      kept = kept && std::abs(inter.y(1)(r)) <= tol;
    }
    return level == 1 ? closed : closed && kept;
  }
  const bool closed = inter.y(0)(0) <= tol;
  if (level == 1) return closed;
  if (level == 2) return closed && std::abs(inter.y(1)(0)) <= tol;
  throw std::out_of_range("LsodarOSI: index set " + std::to_string(level) + " out of range [0, 2]");
}

void LsodarOSI::computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                  Eigen::Ref<Eigen::VectorXd> q) const {
  const Impl::InterData& d = impl_->data(inter);
  q.setZero();
  if (ctx.outputLevel != 1 && ctx.outputLevel != 2)
    throw std::out_of_range("LsodarOSI: free output at level " + std::to_string(ctx.outputLevel) +
                            " (levels 1 and 2)");
  for (Eigen::Index r = 0; r < d.dim; ++r) {
    if (d.dim > 1 && !impl_->rowIn(d, r, ctx.outputLevel)) {
      // A row outside the problem (open, or not held at level 2): unit
      // diagonal, no coupling (addInteractionBlock) and a positive free
      // output, so that λ = 0 whatever the impact law adds (e ẏ⁻).
      q(r) = 1.0;
      if (ctx.outputLevel == 1)
        if (const auto* law = dynamic_cast<const NewtonImpactNSL*>(inter.nonSmoothLaw().get()))
          q(r) += std::abs(law->e() * inter.yMemory(1)(r));
      continue;
    }
    if (ctx.outputLevel == 1) {
      q(r) = d.dhdt(r);  // ẏ = G v + ∂h/∂t (rheonomous)
      for (const Impl::Block& b : d.blocks)
        q(r) += rowTimes(b.G, r, impl_->ds[b.ds].ds->velocity());
    } else {
      q(r) = d.dotGv(r);
      for (const Impl::Block& b : d.blocks) q(r) += rowTimes(b.G, r, impl_->ds[b.ds].aFree);
    }
  }
}

void LsodarOSI::addInteractionBlock(const Interaction& a, const Interaction& b,
                                    const DynamicalSystem& ds, const ProblemContext& ctx,
                                    Eigen::Ref<Eigen::MatrixXd> block) const {
  const Impl::InterData& da = impl_->data(a);
  const Impl::InterData& db = impl_->data(b);
  const int k = ds.number() < impl_->dsIndex.size() ? impl_->dsIndex[ds.number()] : -1;
  const Impl::Block* ba = nullptr;
  const Impl::Block* bb = nullptr;
  for (const Impl::Block& x : da.blocks)
    if (static_cast<int>(x.ds) == k) ba = &x;
  for (const Impl::Block& x : db.blocks)
    if (static_cast<int>(x.ds) == k) bb = &x;
  if (!ba || !bb)
    throw std::out_of_range("LsodarOSI: " + ds.description() + " is not shared by " +
                            a.description() + " and " + b.description());
  block += ba->G * bb->MiGt;
  if (da.dim == 1 && db.dim == 1) return;
  // Rows outside the problem (multi-row interactions): no coupling, unit diagonal.
  const unsigned level = ctx.outputLevel;
  for (Eigen::Index r = 0; r < da.dim; ++r)
    if (da.dim > 1 && !impl_->rowIn(da, r, level)) block.row(r).setZero();
  for (Eigen::Index c = 0; c < db.dim; ++c)
    if (db.dim > 1 && !impl_->rowIn(db, c, level)) block.col(c).setZero();
  if (&a == &b)
    for (Eigen::Index r = 0; r < da.dim; ++r)
      if (da.dim > 1 && !impl_->rowIn(da, r, level)) block(r, r) = 1.0;
}

bool LsodarOSI::blocksAreConstant(const ProblemContext& /*ctx*/) const {
  // Multi-row interactions: the rows in the problems change from event to event.
  return impl_->constantMasses && !impl_->multiRow;
}

bool LsodarOSI::rowInIndexSet(const Interaction& inter, std::size_t row, unsigned level) const {
  const Impl::InterData& d = impl_->data(inter);
  if (row >= static_cast<std::size_t>(d.dim) || level < 1 || level > 2)
    throw std::out_of_range("LsodarOSI: row " + std::to_string(row) + " at level " +
                            std::to_string(level) + " of " + inter.description());
  return impl_->rowIn(d, static_cast<Eigen::Index>(row), level);
}

void LsodarOSI::setRowIndexSets(const Interaction& inter, std::size_t row, bool closed, bool held) {
  Impl::InterData& d = impl_->data(inter);
  if (row >= static_cast<std::size_t>(d.dim))
    throw std::out_of_range("LsodarOSI: row " + std::to_string(row) + " of " + inter.description());
  if (d.dim == 1) return;  // a single row follows the index sets
  held = held && closed;
  if ((d.in1[row] != 0) == closed && (d.in2[row] != 0) == held) return;
  d.in1[row] = closed ? 1 : 0;
  d.in2[row] = held ? 1 : 0;
  ++impl_->rowVersion;
}

void LsodarOSI::updateState(const ProblemContext& ctx) {
  Impl& d = *impl_;
  const unsigned level = ctx.inputLevel;
  const IndexSet& set = d.topology->indexSet(ctx.outputLevel);
  if (level == 1) {
    for (Impl::DSData& s : d.ds) s.ds->p(1).setZero();
    for (const unsigned id : set) {
      if (id >= d.inters.size() || !d.inters[id].inter) continue;
      const Impl::InterData& in = d.inters[id];
      for (Eigen::Index r = 0; r < in.dim; ++r) {
        if (in.dim > 1 && !d.rowIn(in, r, 1)) {
          in.inter->lambda(1)(r) = 0.0;
          continue;
        }
        const double l = in.inter->lambda(1)(r);
        for (const Impl::Block& b : in.blocks) {
          LagrangianDS& ds = *d.ds[b.ds].ds;
          ds.p(1) += b.G.row(r).transpose() * l;
          ds.velocity() += b.MiGt.col(r) * l;
        }
      }
    }
    d.outputs(ctx.tNext);
    d.freeAccelerations(ctx.tNext);
  } else if (level == 2) {
    for (Impl::DSData& s : d.ds) {
      s.ds->p(2).setZero();
      s.a = s.aFree;
    }
    for (const unsigned id : set) {
      if (id >= d.inters.size() || !d.inters[id].inter) continue;
      const Impl::InterData& in = d.inters[id];
      for (Eigen::Index r = 0; r < in.dim; ++r) {
        if (in.dim > 1 && !d.rowIn(in, r, 2)) {
          in.inter->lambda(2)(r) = 0.0;
          continue;
        }
        const double l = in.inter->lambda(2)(r);
        for (const Impl::Block& b : in.blocks) {
          d.ds[b.ds].ds->p(2) += b.G.row(r).transpose() * l;
          d.ds[b.ds].a += b.MiGt.col(r) * l;
        }
      }
    }
    for (Impl::InterData& in : d.inters) {
      if (!in.inter) continue;
      for (Eigen::Index r = 0; r < in.dim; ++r) {
        double y2 = in.dotGv(r);
        for (const Impl::Block& b : in.blocks) y2 += rowTimes(b.G, r, d.ds[b.ds].a);
        in.inter->y(2)(r) = y2;
      }
    }
  } else {
    throw std::out_of_range("LsodarOSI: updateState at input level " + std::to_string(level));
  }
}

void LsodarOSI::swapInMemory() {
  for (Impl::DSData& s : impl_->ds) s.ds->swapInMemory();
  for (Impl::InterData& in : impl_->inters)
    if (in.inter) in.inter->swapInMemory();
}

int LsodarOSI::integrate(double tend, double& tout) {
  Impl& d = *impl_;
  if (!d.cvode) throw SimulationError("LsodarOSI: integrate before initialize");
  d.found.clear();
  d.foundRows.clear();
  tout = d.tCurrent;
  if (!(tend > d.tCurrent)) return 2;
  d.callbackError = nullptr;
  d.cvodeMessage.clear();
  d.check(CVodeSetStopTime(d.cvode, tend), "CVodeSetStopTime");
  double tret = d.tCurrent;
  const int flag = CVode(d.cvode, tend, d.x, &tret, CV_NORMAL);
  if (d.callbackError) std::rethrow_exception(d.callbackError);
  if (flag < 0) {
    std::ostringstream os;
    os.precision(17);
    os << "LsodarOSI: CVODE failed between t = " << d.tCurrent << " and t = " << tend << ": "
       << CVodeGetReturnFlagName(flag);
    if (!d.cvodeMessage.empty()) os << " (" << d.cvodeMessage << ")";
    throw SimulationError(os.str());
  }
  int iout = 2;
  if (flag == CV_ROOT_RETURN) {
    iout = 3;
    ++d.stats.rootsFound;
    d.check(CVodeGetRootInfo(d.cvode, d.rootsFound.data()), "CVodeGetRootInfo");
    for (std::size_t r = 0; r < d.rootIds.size(); ++r)
      if (d.rootsFound[r] != 0) {
        // The rows of an interaction are consecutive root functions.
        if (d.found.empty() || d.found.back() != d.rootIds[r]) d.found.push_back(d.rootIds[r]);
        d.foundRows.emplace_back(d.rootIds[r], static_cast<std::size_t>(d.rootRow[r]));
      }
  } else {
    tret = tend;  // CV_TSTOP_RETURN / CV_SUCCESS: exactly at the stop time
  }
  tout = tret;
  d.tCurrent = tret;
  // The state at tout (the last f evaluation may have been at a trial point).
  d.scatter(N_VGetArrayPointer(d.x));
  d.outputs(tret);
  d.freeAccelerations(tret);
  d.bilateralAccelerations();
  d.accelerationOutputs();
  return iout;
}

void LsodarOSI::resetIntegration(double t) {
  Impl& d = *impl_;
  d.gather(N_VGetArrayPointer(d.x));
  // CVodeReInit resets CVODE's counters: keep the totals.
  d.base = statistics();
  d.check(CVodeReInit(d.cvode, t, d.x), "CVodeReInit");
  ++d.stats.reinitializations;
  d.tCurrent = t;
  d.outputs(t);
  d.bilateralVersion = std::numeric_limits<std::uint64_t>::max();
  d.freeAccelerations(t);
  d.bilateralAccelerations();
  d.accelerationOutputs();
  // First step after the restart (docs/theory/event-driven.md §5): a contact
  // that leaves the surface (y ≤ tol, ẏ > 0, ÿ < 0) comes back after the
  // flight τ = 2ẏ/|ÿ|; the integrator restarts at order one, whose error per
  // step is |ÿ| h²/2, i.e. 4 (h/τ)² of the apex |ÿ| τ²/8: h₀ = 1e-8 τ keeps it
  // at the round-off level, so the short flights of an accumulation are
  // integrated as exactly as the long ones. Otherwise CVODE's own estimate.
  double hStart = 0.0;
  for (std::size_t k = 0; k < d.rootIds.size(); ++k) {
    Impl::InterData& in = d.inters[d.rootIds[k]];
    const Eigen::Index r = d.rootRow[k];
    in.yRef(r) = d.gapReference(in.inter->y(0)(r));
    const double y = in.inter->y(0)(r), yd = in.inter->y(1)(r), ydd = in.inter->y(2)(r);
    if (in.bilateral[static_cast<std::size_t>(r)] < 0 && y <= eventTolerance_ && yd > 0.0 &&
        ydd < 0.0) {
      const double h = kRestartStepFraction * 2.0 * yd / -ydd;
      if (hStart == 0.0 || h < hStart) hStart = h;
    }
  }
  d.check(CVodeSetInitStep(d.cvode, hStart), "CVodeSetInitStep");
}

const std::vector<unsigned>& LsodarOSI::rootInteractions() const { return impl_->found; }

const std::vector<std::pair<unsigned, std::size_t>>& LsodarOSI::rootRows() const {
  return impl_->foundRows;
}

void LsodarOSI::prepareEventProblems(double t) { impl_->freeAccelerations(t); }

void LsodarOSI::computeOutputs(double t) { impl_->outputs(t); }

const Eigen::VectorXd& LsodarOSI::acceleration(const DynamicalSystem& ds) const {
  const int k = ds.number() < impl_->dsIndex.size() ? impl_->dsIndex[ds.number()] : -1;
  if (k < 0) throw std::out_of_range("LsodarOSI: " + ds.description() + " is not integrated by it");
  return impl_->ds[static_cast<std::size_t>(k)].a;
}

}  // namespace moreau
