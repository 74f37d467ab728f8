#pragma once
// Simulation base class (Siconos Simulation, simulation.md §1.2–§1.8;
// docs/architecture.md, "the simulation core"): the model, the time grid,
// several one-step integrators (each system is integrated by exactly one),
// one-step nonsmooth problems in roles (Velocity, Position, Acceleration),
// the per-step SimulationLog and the FailurePolicy applied when a problem's
// solver does not converge. TimeStepping derives from it (EventDriven later).
//
// Levels are derived, not configured: each integrator answers
// levels(interaction); the simulation sizes every interaction's y / λ
// storage and memory from them, sets the number of index sets to the
// largest output level + 1, and writes each interaction of a problem at the
// level of the problem's role for the integrator of its systems: Velocity =
// that integrator's smallest input level (1 for Moreau–Jean, 0 for
// Euler–Moreau), Acceleration = its largest (must be above Velocity),
// Position = 0. Integrators with different levels share one problem (each
// interaction gathered from the index set of its own level; see
// ProblemContext::interactionLevels), since no interaction couples systems
// of two integrators.

#include <moreau/kernel/simulation/SimulationLog.hpp>
#include <moreau/kernel/simulation/StepContext.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace moreau {

class DynamicalSystem;
class Interaction;
class InteractionManager;
class NonSmoothDynamicalSystem;
class OneStepIntegrator;
class OneStepNSProblem;
class TimeDiscretisation;

/// Base class of the simulations (Siconos Simulation): the model, the time grid, the one-step
/// integrators (each system is integrated by exactly one), the one-step problems by role, the
/// per-step SimulationLog and the FailurePolicy. Use TimeStepping.
class Simulation {
 public:
  virtual ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  /// Class name, e.g. "TimeStepping".
  virtual const char* typeName() const = 0;

  // ---- building -------------------------------------------------------------------
  /// Adds an integrator (ModelError when null; inserting the same one twice
  /// is a no-op). With a single integrator every system is integrated by it;
  /// with several, a system not given one with associate() is integrated by
  /// the integrator of the TimeStepping(nsds, td, osi, problem) constructor
  /// (ModelError at initialize when the simulation was built without one).
  void insertIntegrator(const std::shared_ptr<OneStepIntegrator>& osi);
  /// Integrates ds with osi (inserted if needed). ModelError when a pointer
  /// is null, ds is not in the model or was associated with another
  /// integrator.
  void associate(const std::shared_ptr<OneStepIntegrator>& osi,
                 const std::shared_ptr<DynamicalSystem>& ds);
  /// Sets the problem of a role (ModelError when null or when the role
  /// already has a problem).
  void insertNonSmoothProblem(const std::shared_ptr<OneStepNSProblem>& problem,
                              ProblemRole role = ProblemRole::Velocity);
  /// Adds a user interaction manager (Siconos insertInteractionManager): its
  /// updateInteractions(*this) runs at the start of every TimeStepping step,
  /// before the Newton loop, after the managers inserted before it. ModelError
  /// when null.
  void insertInteractionManager(std::shared_ptr<InteractionManager> manager);
  /// The interaction managers in insertion order.
  const std::vector<std::shared_ptr<InteractionManager>>& interactionManagers() const {
    return managers_;
  }

  /// Prepares the run from the current state of the systems: validates
  /// them, assigns each system to its integrator, or to that integrator's
  /// companion when OneStepIntegrator::companionFor(ds) returns one (ModelError: no
  /// integrator; a system without one among several; an interaction
  /// coupling systems of two integrators, naming the interaction and both
  /// integrators), sizes the interactions' storage from the integrators'
  /// levels, initializes the integrators and problems; sets k = 0 and clears
  /// the log. Called by the first step when not called before; calling it
  /// again restarts.
  virtual void initialize();
  /// True after initialize() (or the first step).
  bool isInitialized() const { return initialized_; }

  // ---- stepping -------------------------------------------------------------------
  /// k < numberOfSteps() (EventDriven: an unprocessed event remains).
  virtual bool hasNextEvent() const { return k_ < N_; }
  /// Computes the state at t_{k+1} (may be called again before nextStep()).
  virtual void computeOneStep() = 0;
  /// Time stepping: computeOneStep(). EventDriven: up to the next event.
  virtual void advanceToEvent() { computeOneStep(); }
  /// Accepts the step: memories <- current values, k <- k + 1.
  /// SimulationError when computeOneStep() was not called for this step.
  virtual void nextStep();
  /// Runs the remaining steps (advanceToEvent + nextStep).
  void run();

  /// t_k, t_{k+1}, h, k, N (EventDriven: the times of the current and of
  /// the next event).
  ///@{
  virtual double startingTime() const;
  virtual double nextTime() const;
  double timeStep() const;
  std::size_t currentStep() const { return k_; }
  ///@}
  /// N: see TimeDiscretisation::numberOfSteps.
  std::size_t numberOfSteps() const { return N_; }

  // ---- what it holds --------------------------------------------------------------
  /// The model.
  const std::shared_ptr<NonSmoothDynamicalSystem>& nonSmoothDynamicalSystem() const {
    return nsds_;
  }
  /// The time grid.
  const std::shared_ptr<TimeDiscretisation>& timeDiscretisation() const { return td_; }
  /// Integrators in insertion order; after initialize, followed by the companions it inserted
  /// (OneStepIntegrator::companionFor, e.g. the MoreauJeanNewtonEulerOSI of a MoreauJeanOSI
  /// given Newton–Euler bodies), in the order of the first system delegated to each. A new
  /// initialize removes them and asks again, so they are never duplicated.
  const std::vector<std::shared_ptr<OneStepIntegrator>>& integrators() const {
    return integrators_;
  }
  /// True when osi was inserted by initialize as the companion of another integrator (false
  /// for an integrator the user inserted, even when it also serves as a companion).
  bool isCompanion(const OneStepIntegrator& osi) const;
  /// The integrator of ds (after initialize; ModelError otherwise).
  OneStepIntegrator& integratorOf(const DynamicalSystem& ds) const;
  /// True when osi integrates ds (after initialize).
  bool integrates(const OneStepIntegrator& osi, const DynamicalSystem& ds) const;
  /// The systems osi integrates, in insertion order (after initialize).
  std::vector<std::shared_ptr<DynamicalSystem>> dynamicalSystemsOf(
      const OneStepIntegrator& osi) const;
  /// The problem of a role (null when none).
  const std::shared_ptr<OneStepNSProblem>& nonSmoothProblem(
      ProblemRole role = ProblemRole::Velocity) const {
    return problems_[static_cast<std::size_t>(role)];
  }
  /// Levels of inter (from the integrator of its systems; after initialize).
  InteractionLevels levels(const Interaction& inter) const;
  /// Largest memorySteps() of the integrators.
  unsigned memorySteps() const { return memorySteps_; }
  /// Levels over every interaction (and integrator, for an empty model).
  ///@{
  unsigned levelMinForOutput() const { return levels_.minOutput; }
  unsigned levelMaxForOutput() const { return levels_.maxOutput; }
  unsigned levelMinForInput() const { return levels_.minInput; }
  unsigned levelMaxForInput() const { return levels_.maxInput; }
  ///@}
  /// The context of a role's problem at the current step (levels: the smallest of the role;
  /// interactionLevels set when they differ). Virtual: the projection simulations write their
  /// Position problem on another index set, EventDriven uses its own levels.
  virtual ProblemContext problemContext(ProblemRole role) const;
  /// The same at the levels of osi's own interactions for that role (what
  /// osi.updateState receives). ModelError when osi is not an integrator of
  /// the simulation.
  ProblemContext problemContext(ProblemRole role, const OneStepIntegrator& osi) const;
  /// Level of inter in a problem of that role (after initialize): from the
  /// integrator of its systems (Velocity: smallest input level, Acceleration:
  /// largest, Position: 0).
  unsigned interactionLevel(ProblemRole role, const Interaction& inter) const;
  /// The context of the current step.
  virtual StepContext stepContext() const;

  // ---- record and failures ----------------------------------------------------------
  /// One record per problem solve (SimulationLog).
  ///@{
  SimulationLog& log() { return log_; }
  const SimulationLog& log() const { return log_; }
  ///@}
  /// What a step does when a problem's solver does not converge (default FailurePolicy::Throw).
  ///@{
  void setFailurePolicy(FailurePolicy policy) { policy_ = policy; }
  FailurePolicy failurePolicy() const { return policy_; }
  ///@}

  // ---- threads ----------------------------------------------------------------------
  /// Threads used by the loops over bodies, interactions and contacts that have independent
  /// items (integrators that support it, the problems' assembly, collision detection; see
  /// docs/kernel/performance.md "Threads"). Default 1; 0 = every hardware thread. The results are
  /// bitwise the same for every count: the items are split in fixed contiguous chunks and each
  /// writes only its own data. With more than one thread, user functions (forces, relation
  /// plug-ins, contact functions) are called concurrently for different objects and must be
  /// safe to call so. Not a Siconos call (Chrono: SetNumThreads).
  ///@{
  void setNumberOfThreads(unsigned threads);
  unsigned numberOfThreads() const { return threads_; }
  ///@}

 protected:
  /// ModelError when a pointer is null or td.t0() differs from nsds.t0();
  /// `what` names the concrete class in messages.
  Simulation(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
             std::shared_ptr<TimeDiscretisation> td);

  /// initialize() when not done yet.
  void ensureInitialized();
  /// After links/removals: sizes the new interactions' storage and checks
  /// that none couples systems of two integrators. O(interactions) when the
  /// topology changed, O(1) otherwise.
  void synchronizeTopology();
  /// Computes the problem of a role, records it and applies the policy.
  /// While deferRecords_ is set (a Newton loop), the record of a role is
  /// kept in pendingRecords_ (the last iteration's) instead of appended.
  void computeProblem(ProblemRole role);
  /// Appends the pending records with the Newton iteration count, status and
  /// residual of the step, and clears them.
  void flushPendingRecords(int newtonIterations, bool newtonConverged, double newtonResidual);
  /// Calls updateInteractions(*this) of every interaction manager, in order.
  void updateInteractions();
  /// Set by TimeStepping(nsds, td, osi, problem): integrators_.front()
  /// integrates the systems not associated with another integrator.
  bool firstIntegratorIsDefault_ = false;

  /// State shared with the derived simulations (see the public accessors).
  ///@{
  std::shared_ptr<NonSmoothDynamicalSystem> nsds_;
  std::shared_ptr<TimeDiscretisation> td_;
  std::vector<std::shared_ptr<OneStepIntegrator>> integrators_;
  std::vector<std::shared_ptr<InteractionManager>> managers_;
  std::array<std::shared_ptr<OneStepNSProblem>, kNumberOfProblemRoles> problems_;
  std::size_t k_ = 0;
  std::size_t N_ = 0;
  bool initialized_ = false;
  bool stepComputed_ = false;
  bool stepStarted_ = false;      // beginStep done for step k_
  unsigned newtonIteration_ = 0;  // StepContext::newtonIteration
  bool deferRecords_ = false;
  std::array<StepRecord, kNumberOfProblemRoles> pendingRecords_{};
  std::array<bool, kNumberOfProblemRoles> pending_{};
  ///@}

 private:
  void checkInteraction(const Interaction& inter) const;
  std::string integratorName(std::size_t index) const;
  /// levels_, the levels of each integrator and the level of each
  /// interaction per role, from the integrators' levels(inter).
  void deriveLevels();
  static unsigned roleLevel(ProblemRole role, const InteractionLevels& l);

  std::vector<std::pair<std::shared_ptr<DynamicalSystem>, std::shared_ptr<OneStepIntegrator>>>
      associations_;
  std::vector<int> osiOfDS_;  // by DS number: index in integrators_, -1 unassigned
  // Companions inserted by initialize (companionFor) and the integrator that delegated to each.
  std::vector<std::pair<std::shared_ptr<OneStepIntegrator>, const OneStepIntegrator*>> companions_;
  /// Removes the companions of the previous initialize from integrators_.
  void removeCompanions();
  /// Gives each system delegated by its integrator to that integrator's companion.
  void assignCompanions();
  InteractionLevels levels_;
  std::vector<InteractionLevels> osiLevels_;  // by integrator: over its interactions
  std::vector<bool> osiHasInteractions_;      // by integrator
  // By role, by interaction id: the level of the interaction in that role;
  // mixedRole_: the levels differ between the interactions.
  std::array<std::vector<unsigned>, kNumberOfProblemRoles> roleLevels_;
  std::array<bool, kNumberOfProblemRoles> mixedRole_{};
  std::array<unsigned, kNumberOfProblemRoles> roleMin_{};  // smallest level per role
  unsigned memorySteps_ = 1;
  std::uint64_t topologyVersion_ = 0;
  SimulationLog log_;
  FailurePolicy policy_ = FailurePolicy::Throw;
  unsigned threads_ = 1;
};

}  // namespace moreau
