#pragma once
// Event-capturing time-stepping simulation (Siconos TimeStepping, dev-notes
// §1.8, simulation.md §1.8). One step k, from t_k to t_{k+1}:
//   computeOneStep() = computeFreeState(); updateIndexSets();
//                      computeOneStepNSProblem(); update();
//   nextStep()       : memories (q_k, v_k, F_ext,k, y_k) <- new values, k++.

#include <cstddef>
#include <memory>

namespace moreau {

class NonSmoothDynamicalSystem;
class OneStepIntegrator;
class OneStepNSProblem;
class TimeDiscretisation;

class TimeStepping {
 public:
  /// Throws ModelError when a pointer is null or when td.t0() differs from
  /// nsds.t0().
  TimeStepping(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
               std::shared_ptr<TimeDiscretisation> td, std::shared_ptr<OneStepIntegrator> osi,
               std::shared_ptr<OneStepNSProblem> osnspb);
  TimeStepping(const TimeStepping&) = delete;
  TimeStepping& operator=(const TimeStepping&) = delete;

  /// Prepares the run from the current state of the systems (their q() and
  /// velocity(), q0/v0 unless changed): checks every system
  /// (DynamicalSystem::validate: state of the right size and finite, mass
  /// symmetric positive definite; ModelError naming the system and the
  /// component), integrator (M̂ factorizations), outputs at t0, OSNSP
  /// storage; sets k = 0. Called by the first computeOneStep() when not
  /// called before; calling it again restarts.
  void initialize();
  bool isInitialized() const { return initialized_; }

  /// k < numberOfSteps().
  bool hasNextEvent() const { return k_ < N_; }
  /// Computes the state at t_{k+1} (may be called again before nextStep():
  /// it recomputes from the same memories). A state written into the systems
  /// (ds->q(), ds->velocity()) since the last step or initialize is the
  /// state at t_k: the step starts from it, with the interaction outputs
  /// recomputed from it (OneStepIntegrator::beginStep). Throws
  /// SimulationError when there is no next event, the OSNSP solver fails
  /// (see LCP::setThrowOnFailure) or, with stateChecks(), the computed state
  /// is not finite; ModelError when a user force function misbehaves or a
  /// written state is invalid.
  void computeOneStep();
  /// Accepts the step: memories <- current values, k <- k + 1. Throws
  /// SimulationError when computeOneStep() was not called for this step.
  void nextStep();
  /// Runs the remaining steps (computeOneStep + nextStep).
  void run();

  /// Checks of the computed state after each step (update(): every
  /// system's checkState(), O(n), a SimulationError naming the system, the
  /// component, the step and the time on a non-finite value). On by default
  /// in debug builds of the kernel (NDEBUG not defined), off otherwise.
  void setStateChecks(bool enabled) { stateChecks_ = enabled; }
  bool stateChecks() const { return stateChecks_; }

  /// The four stages of computeOneStep(), for users who drive them. The
  /// first computeFreeState() of a step calls OneStepIntegrator::beginStep.
  void computeFreeState();
  void updateIndexSets();
  void computeOneStepNSProblem();
  void update();

  /// t_k.
  double startingTime() const;
  /// t_{k+1}.
  double nextTime() const;
  std::size_t currentStep() const { return k_; }
  /// N: (T − t0)/h rounded to the nearest integer when within 1e-10
  /// (relative), rounded up otherwise (TimeDiscretisation::numberOfSteps:
  /// the constructor throws ModelError when N is not representable or h is
  /// below the floating-point resolution of the times).
  std::size_t numberOfSteps() const { return N_; }

  const std::shared_ptr<NonSmoothDynamicalSystem>& nonSmoothDynamicalSystem() const {
    return nsds_;
  }
  const std::shared_ptr<TimeDiscretisation>& timeDiscretisation() const { return td_; }
  const std::shared_ptr<OneStepIntegrator>& oneStepIntegrator() const { return osi_; }
  const std::shared_ptr<OneStepNSProblem>& oneStepNSProblem() const { return osnspb_; }

 private:
  void ensureInitialized();
  void checkComputedState() const;

  std::shared_ptr<NonSmoothDynamicalSystem> nsds_;
  std::shared_ptr<TimeDiscretisation> td_;
  std::shared_ptr<OneStepIntegrator> osi_;
  std::shared_ptr<OneStepNSProblem> osnspb_;
  std::size_t k_ = 0;
  std::size_t N_ = 0;
  bool initialized_ = false;
  bool stepComputed_ = false;
  bool stepStarted_ = false;  // beginStep done for step k_
  bool stateChecks_;
};

}  // namespace moreau
