#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/InteractionManager.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/kernel/simulation/TimeDiscretisation.hpp>

#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <utility>

namespace moreau {

void Simulation::setNumberOfThreads(unsigned threads) {
  threads_ = threads == 0 ? numerics::hardwareThreads() : std::min(threads, numerics::kMaxThreads);
}

Simulation::Simulation(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
                       std::shared_ptr<TimeDiscretisation> td)
    : nsds_(std::move(nsds)), td_(std::move(td)) {}

Simulation::~Simulation() = default;

void Simulation::insertIntegrator(const std::shared_ptr<OneStepIntegrator>& osi) {
  if (!osi) throw ModelError(std::string(typeName()) + ": the OneStepIntegrator is null");
  if (std::find(integrators_.begin(), integrators_.end(), osi) != integrators_.end()) {
    // A companion inserted by initialize becomes the user's (kept by the next initialize).
    companions_.erase(std::remove_if(companions_.begin(), companions_.end(),
                                     [&](const auto& c) { return c.first == osi; }),
                      companions_.end());
    return;
  }
  integrators_.push_back(osi);
  initialized_ = false;
}

void Simulation::associate(const std::shared_ptr<OneStepIntegrator>& osi,
                           const std::shared_ptr<DynamicalSystem>& ds) {
  if (!osi)
    throw ModelError(std::string(typeName()) + "::associate: the OneStepIntegrator is null");
  if (!ds) throw ModelError(std::string(typeName()) + "::associate: the DynamicalSystem is null");
  if (!nsds_->topology().hasDynamicalSystem(*ds))
    throw ModelError(std::string(typeName()) + "::associate: " + ds->description() +
                     " is not in the simulation's NonSmoothDynamicalSystem");
  for (const auto& [system, integrator] : associations_)
    if (system == ds) {
      if (integrator == osi) return;
      throw ModelError(std::string(typeName()) + "::associate: " + ds->description() +
                       " is already integrated by another " + integrator->typeName());
    }
  insertIntegrator(osi);
  associations_.emplace_back(ds, osi);
  initialized_ = false;
}

void Simulation::insertNonSmoothProblem(const std::shared_ptr<OneStepNSProblem>& problem,
                                        ProblemRole role) {
  if (!problem) throw ModelError(std::string(typeName()) + ": the OneStepNSProblem is null");
  auto& slot = problems_[static_cast<std::size_t>(role)];
  if (slot)
    throw ModelError(std::string(typeName()) + ": the " + toString(role) +
                     " role already has a problem (" + slot->typeName() + ")");
  slot = problem;
  initialized_ = false;
}

void Simulation::insertInteractionManager(std::shared_ptr<InteractionManager> manager) {
  if (!manager) throw ModelError(std::string(typeName()) + ": the InteractionManager is null");
  managers_.push_back(std::move(manager));
}

void Simulation::updateInteractions() {
  for (const auto& manager : managers_) manager->updateInteractions(*this);
}

std::string Simulation::integratorName(std::size_t index) const {
  std::string name = "integrator " + std::to_string(index) + " (" + integrators_[index]->typeName();
  for (const auto& [companion, owner] : companions_)
    if (companion == integrators_[index]) {
      name += ", the companion of the ";
      name += owner->typeName();
      const auto it = std::find_if(integrators_.begin(), integrators_.end(),
                                   [&](const auto& p) { return p.get() == owner; });
      if (it != integrators_.end()) name += " " + std::to_string(it - integrators_.begin());
    }
  return name + ")";
}

bool Simulation::isCompanion(const OneStepIntegrator& osi) const {
  return std::any_of(companions_.begin(), companions_.end(),
                     [&](const auto& c) { return c.first.get() == &osi; });
}

void Simulation::removeCompanions() {
  for (const auto& c : companions_) {
    const auto it = std::find(integrators_.begin(), integrators_.end(), c.first);
    if (it != integrators_.end()) integrators_.erase(it);
  }
  companions_.clear();
}

void Simulation::assignCompanions() {
  // In the order of the systems: deterministic, each companion inserted once.
  for (const auto& ds : nsds_->dynamicalSystems()) {
    const std::shared_ptr<OneStepIntegrator> owner =
        integrators_[static_cast<std::size_t>(osiOfDS_[ds->number()])];
    std::shared_ptr<OneStepIntegrator> companion = owner->companionFor(*ds);
    if (!companion || companion == owner) continue;
    auto it = std::find(integrators_.begin(), integrators_.end(), companion);
    if (it == integrators_.end()) {
      integrators_.push_back(companion);
      companions_.emplace_back(companion, owner.get());
      it = integrators_.end() - 1;
    }
    osiOfDS_[ds->number()] = static_cast<int>(it - integrators_.begin());
  }
}

namespace {
// The case of a Moreau–Jean integrator and its Newton–Euler companion.
std::string familyNote(const DynamicalSystem& a, const DynamicalSystem& b) {
  const bool lagrangian =
      dynamic_cast<const LagrangianDS*>(&a) || dynamic_cast<const LagrangianDS*>(&b);
  const bool newtonEuler =
      dynamic_cast<const NewtonEulerDS*>(&a) || dynamic_cast<const NewtonEulerDS*>(&b);
  if (!lagrangian || !newtonEuler) return "";
  return ": a Lagrangian and a Newton–Euler system cannot share an interaction (MoreauJeanOSI "
         "integrates Newton–Euler systems with its MoreauJeanNewtonEulerOSI companion)";
}
}  // namespace

void Simulation::checkInteraction(const Interaction& inter) const {
  const auto& systems = inter.dynamicalSystems();
  int first = -1;
  const DynamicalSystem* firstDS = nullptr;
  for (const auto& ds : systems) {
    if (ds->number() >= osiOfDS_.size() || osiOfDS_[ds->number()] < 0)
      throw ModelError(std::string(typeName()) + ": " + ds->description() + " of " +
                       inter.description() +
                       " was inserted after initialize (call initialize again)");
    const int index = osiOfDS_[ds->number()];
    if (first < 0) {
      first = index;
      firstDS = ds.get();
    } else if (index != first) {
      throw ModelError(std::string(typeName()) + ": " + inter.description() + " couples " +
                       firstDS->description() + ", integrated by " +
                       integratorName(static_cast<std::size_t>(first)) + ", and " +
                       ds->description() + ", integrated by " +
                       integratorName(static_cast<std::size_t>(index)) +
                       "; an interaction cannot couple systems of two integrators "
                       "(dev-notes §2.7)" +
                       familyNote(*firstDS, *ds));
    }
  }
}

void Simulation::initialize() {
  N_ = td_->numberOfSteps(nsds_->finalT());
  k_ = 0;
  stepComputed_ = false;
  stepStarted_ = false;
  initialized_ = false;
  for (const auto& ds : nsds_->dynamicalSystems()) ds->validate();
  removeCompanions();  // asked again below: never duplicated
  if (integrators_.empty())
    throw ModelError(std::string(typeName()) +
                     ": no integrator (call insertIntegrator(osi) before initialize)");

  // Each system to its integrator.
  osiOfDS_.assign(nsds_->numberOfDS(), -1);
  for (const auto& [ds, osi] : associations_) {
    const auto it = std::find(integrators_.begin(), integrators_.end(), osi);
    osiOfDS_[ds->number()] = static_cast<int>(it - integrators_.begin());
  }
  for (const auto& ds : nsds_->dynamicalSystems()) {
    if (osiOfDS_[ds->number()] >= 0) continue;
    if (integrators_.size() == 1 || firstIntegratorIsDefault_) {
      osiOfDS_[ds->number()] = 0;
      continue;
    }
    std::string list;
    for (std::size_t i = 0; i < integrators_.size(); ++i)
      list += (i ? ", " : "") + integratorName(i);
    throw ModelError(std::string(typeName()) + ": " + ds->description() +
                     " has no integrator; with several integrators (" + list +
                     ") each system must be given one with associate(osi, ds) (or build the "
                     "simulation as TimeStepping(nsds, td, osi, problem): that osi then "
                     "integrates every system not associated with another one)");
  }
  assignCompanions();

  // Levels and interaction storage.
  memorySteps_ = 1;
  for (const auto& osi : integrators_) memorySteps_ = std::max(memorySteps_, osi->memorySteps());
  for (const auto& inter : nsds_->interactions()) {
    checkInteraction(*inter);
    const InteractionLevels l = levels(*inter);
    inter->initializeMemory(l.maxOutput + 1, l.maxInput + 1, memorySteps_);
  }
  deriveLevels();
  // (Without interactions yet — an event-driven run whose contacts an
  // InteractionManager links later — there are no levels to check.)
  if (problems_[static_cast<std::size_t>(ProblemRole::Acceleration)] &&
      nsds_->numberOfInteractions() > 0 && levels_.maxInput <= levels_.minInput)
    throw ModelError(std::string(typeName()) +
                     ": an Acceleration problem needs integrators with two input levels (λ " +
                     std::to_string(levels_.minInput) + ".." + std::to_string(levels_.maxInput) +
                     " here)");
  Topology& topology = nsds_->topology();
  topology.setNumberOfIndexSets(levels_.maxOutput + 1);
  for (unsigned level = 1; level < topology.numberOfIndexSets(); ++level)
    topology.clearIndexSet(level);

  for (const auto& osi : integrators_) osi->initialize(*this);
  for (std::size_t r = 0; r < kNumberOfProblemRoles; ++r)
    if (problems_[r]) problems_[r]->initialize(*this, problemContext(static_cast<ProblemRole>(r)));

  log_.clear();
  std::size_t roles = 0;
  for (const auto& p : problems_) roles += p ? 1 : 0;
  log_.reserve(N_ * roles);  // at most the log's capacity
  topologyVersion_ = nsds_->topologyVersion();
  initialized_ = true;
}

void Simulation::ensureInitialized() {
  if (!initialized_) initialize();
}

void Simulation::synchronizeTopology() {
  if (nsds_->topologyVersion() == topologyVersion_) return;
  for (const auto& inter : nsds_->interactions()) {
    checkInteraction(*inter);
    const InteractionLevels l = levels(*inter);
    inter->initializeMemory(l.maxOutput + 1, l.maxInput + 1, memorySteps_);
  }
  deriveLevels();
  Topology& topology = nsds_->topology();
  if (topology.numberOfIndexSets() < levels_.maxOutput + 1)
    topology.setNumberOfIndexSets(levels_.maxOutput + 1);
  topologyVersion_ = nsds_->topologyVersion();
}

namespace {
void merge(InteractionLevels& into, const InteractionLevels& l) {
  into.minOutput = std::min(into.minOutput, l.minOutput);
  into.maxOutput = std::max(into.maxOutput, l.maxOutput);
  into.minInput = std::min(into.minInput, l.minInput);
  into.maxInput = std::max(into.maxInput, l.maxInput);
}
}  // namespace

unsigned Simulation::roleLevel(ProblemRole role, const InteractionLevels& l) {
  switch (role) {
    case ProblemRole::Velocity:
      return l.minInput;
    case ProblemRole::Acceleration:
      return l.maxInput;
    case ProblemRole::Position:
      return 0;
  }
  return l.minInput;
}

void Simulation::deriveLevels() {
  // Capacity reused: no allocation once the vectors reached their size.
  const std::size_t nOsi = integrators_.size();
  osiLevels_.assign(nOsi, InteractionLevels());
  osiHasInteractions_.assign(nOsi, false);
  const std::size_t capacity = nsds_->topology().interactionCapacity();
  for (auto& v : roleLevels_) v.assign(capacity, 0);
  mixedRole_.fill(false);
  roleMin_.fill(0);
  bool any = false;
  for (const auto& inter : nsds_->interactions()) {
    const std::size_t i =
        static_cast<std::size_t>(osiOfDS_[inter->dynamicalSystems().front()->number()]);
    const InteractionLevels l = integrators_[i]->levels(*inter);
    if (osiHasInteractions_[i]) {
      merge(osiLevels_[i], l);
    } else {
      osiLevels_[i] = l;
      osiHasInteractions_[i] = true;
    }
    for (std::size_t r = 0; r < kNumberOfProblemRoles; ++r) {
      const unsigned level = roleLevel(static_cast<ProblemRole>(r), l);
      roleLevels_[r][inter->number()] = level;
      if (!any) {
        roleMin_[r] = level;
      } else if (level != roleMin_[r]) {
        mixedRole_[r] = true;
        roleMin_[r] = std::min(roleMin_[r], level);
      }
    }
    if (any) {
      merge(levels_, l);
    } else {
      levels_ = l;
      any = true;
    }
  }
  if (!any) levels_ = InteractionLevels();
}

void Simulation::computeProblem(ProblemRole role) {
  OneStepNSProblem& problem = *problems_[static_cast<std::size_t>(role)];
  const ProblemContext ctx = problemContext(role);
  problem.compute(*this, ctx);
  const numerics::SolverResult& r = problem.lastResult();
  StepRecord record;
  record.step = k_;
  record.time = ctx.tNext;
  record.role = role;
  record.size = problem.size();
  record.blocks = problem.numberOfBlocks();
  record.status = r.status;
  record.iterations = r.iterations;
  record.error = r.error;
  record.assemblySeconds = problem.lastAssemblySeconds();
  record.solveSeconds = problem.lastSolveSeconds();
  if (log_.enabled()) {
    record.solver = log_.solverId(r.solver);
    if (deferRecords_) {
      const std::size_t i = static_cast<std::size_t>(role);
      if (pending_[i]) {
        // Times of every Newton iteration of the step are summed.
        record.assemblySeconds += pendingRecords_[i].assemblySeconds;
        record.solveSeconds += pendingRecords_[i].solveSeconds;
      }
      pendingRecords_[i] = record;
      pending_[i] = true;
    } else {
      log_.append(record);
    }
  }
  if (r.converged() || !problem.throwOnFailure() || policy_ == FailurePolicy::Continue) return;
  std::ostringstream os;
  os << problem.typeName() << ": solver '" << r.solver << "' did not converge at step " << k_
     << " (t = " << ctx.tNext << ", " << toString(role) << " problem of size " << problem.size()
     << "): " << numerics::toString(r.status) << ", error " << r.error << " after " << r.iterations
     << " iterations" << (r.message.empty() ? "" : ": " + r.message);
  if (policy_ == FailurePolicy::Throw) {
    // In a Newton loop the failed solve's record is written now (the loop ends here).
    const std::size_t i = static_cast<std::size_t>(role);
    if (deferRecords_ && pending_[i]) {
      pendingRecords_[i].newtonIterations = static_cast<int>(newtonIteration_) + 1;
      pendingRecords_[i].newtonConverged = false;
      log_.append(pendingRecords_[i]);
      pending_[i] = false;
    }
    os << " (Simulation::setFailurePolicy(FailurePolicy::Warn or Continue) continues with the "
          "solver's answer)";
    throw SimulationError(os.str());
  }
  std::fprintf(stderr, "%s: warning: %s\n", typeName(), os.str().c_str());
}

void Simulation::nextStep() {
  if (!stepComputed_) {
    std::ostringstream os;
    os << typeName() << "::nextStep: computeOneStep() was not called for step " << k_;
    throw SimulationError(os.str());
  }
  for (const auto& osi : integrators_) osi->swapInMemory();
  ++k_;
  stepComputed_ = false;
  stepStarted_ = false;
}

void Simulation::run() {
  ensureInitialized();
  while (hasNextEvent()) {
    advanceToEvent();
    nextStep();
  }
}

double Simulation::startingTime() const { return td_->time(k_); }
double Simulation::nextTime() const { return td_->time(k_ + 1); }
double Simulation::timeStep() const { return td_->h(); }

OneStepIntegrator& Simulation::integratorOf(const DynamicalSystem& ds) const {
  if (ds.number() >= osiOfDS_.size() || osiOfDS_[ds.number()] < 0)
    throw ModelError(std::string(typeName()) + ": " + ds.description() +
                     " has no integrator (not initialized, or inserted after initialize)");
  return *integrators_[static_cast<std::size_t>(osiOfDS_[ds.number()])];
}

bool Simulation::integrates(const OneStepIntegrator& osi, const DynamicalSystem& ds) const {
  return ds.number() < osiOfDS_.size() && osiOfDS_[ds.number()] >= 0 &&
         integrators_[static_cast<std::size_t>(osiOfDS_[ds.number()])].get() == &osi;
}

std::vector<std::shared_ptr<DynamicalSystem>> Simulation::dynamicalSystemsOf(
    const OneStepIntegrator& osi) const {
  std::vector<std::shared_ptr<DynamicalSystem>> out;
  for (const auto& ds : nsds_->dynamicalSystems())
    if (integrates(osi, *ds)) out.push_back(ds);
  return out;
}

InteractionLevels Simulation::levels(const Interaction& inter) const {
  if (inter.dynamicalSystems().empty())
    throw ModelError(std::string(typeName()) + ": " + inter.description() + " is not linked");
  return integratorOf(*inter.dynamicalSystems().front()).levels(inter);
}

void Simulation::flushPendingRecords(int newtonIterations, bool newtonConverged,
                                     double newtonResidual) {
  for (std::size_t i = 0; i < kNumberOfProblemRoles; ++i) {
    if (!pending_[i]) continue;
    StepRecord& r = pendingRecords_[i];
    r.newtonIterations = newtonIterations;
    r.newtonConverged = newtonConverged;
    r.newtonResidual = newtonResidual;
    log_.append(r);
    pending_[i] = false;
  }
}

StepContext Simulation::stepContext() const {
  StepContext ctx;
  ctx.newtonIteration = newtonIteration_;
  ctx.step = k_;
  ctx.t = td_->time(k_);
  ctx.tNext = td_->time(k_ + 1);
  ctx.h = td_->h();
  return ctx;
}

ProblemContext Simulation::problemContext(ProblemRole role) const {
  ProblemContext ctx;
  static_cast<StepContext&>(ctx) = stepContext();
  ctx.role = role;
  const std::size_t r = static_cast<std::size_t>(role);
  if (mixedRole_[r]) {
    ctx.inputLevel = roleMin_[r];
    ctx.interactionLevels = &roleLevels_[r];
  } else {
    ctx.inputLevel = roleLevel(role, levels_);
  }
  ctx.outputLevel = ctx.inputLevel;
  return ctx;
}

ProblemContext Simulation::problemContext(ProblemRole role, const OneStepIntegrator& osi) const {
  const auto it = std::find_if(integrators_.begin(), integrators_.end(),
                               [&](const auto& p) { return p.get() == &osi; });
  if (it == integrators_.end())
    throw ModelError(std::string(typeName()) + "::problemContext: the " + osi.typeName() +
                     " is not an integrator of this simulation");
  ProblemContext ctx = problemContext(role);
  const std::size_t i = static_cast<std::size_t>(it - integrators_.begin());
  const InteractionLevels& l =
      i < osiLevels_.size() && osiHasInteractions_[i] ? osiLevels_[i] : levels_;
  ctx.inputLevel = ctx.outputLevel = roleLevel(role, l);
  return ctx;
}

unsigned Simulation::interactionLevel(ProblemRole role, const Interaction& inter) const {
  const std::vector<unsigned>& v = roleLevels_[static_cast<std::size_t>(role)];
  const std::size_t id = inter.number();
  if (id < v.size() && nsds_->topology().isLinked(static_cast<unsigned>(id)) &&
      nsds_->topology().interaction(static_cast<unsigned>(id)).get() == &inter)
    return v[id];
  return roleLevel(role, levels(inter));
}

}  // namespace moreau
