// LsodarOSI: the smooth phases of the event-driven simulation with SUNDIALS
// CVODE; the equations are those of docs/theory/event-driven.md
// (simulation.md §1.9.6 and §2.12).
#include "LsodarOSIData.hpp"

namespace moreau {

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
