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
  /// velocity(), q0/v0 unless changed): integrator (M̂ factorizations),
  /// outputs at t0, OSNSP storage; sets k = 0. Called by the first
  /// computeOneStep() when not called before; calling it again restarts.
  void initialize();
  bool isInitialized() const { return initialized_; }

  /// k < numberOfSteps().
  bool hasNextEvent() const { return k_ < N_; }
  /// Computes the state at t_{k+1} (may be called again before nextStep():
  /// it recomputes from the same memories). Throws SimulationError when
  /// there is no next event or the OSNSP solver fails (see
  /// LCP::setThrowOnFailure), ModelError when a user force function
  /// misbehaves.
  void computeOneStep();
  /// Accepts the step: memories <- current values, k <- k + 1. Throws
  /// SimulationError when computeOneStep() was not called for this step.
  void nextStep();
  /// Runs the remaining steps (computeOneStep + nextStep).
  void run();

  /// The four stages of computeOneStep(), for users who drive them.
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
  /// (relative), rounded up otherwise.
  std::size_t numberOfSteps() const { return N_; }

  const std::shared_ptr<NonSmoothDynamicalSystem>& nonSmoothDynamicalSystem() const {
    return nsds_;
  }
  const std::shared_ptr<TimeDiscretisation>& timeDiscretisation() const { return td_; }
  const std::shared_ptr<OneStepIntegrator>& oneStepIntegrator() const { return osi_; }
  const std::shared_ptr<OneStepNSProblem>& oneStepNSProblem() const { return osnspb_; }

 private:
  void ensureInitialized();

  std::shared_ptr<NonSmoothDynamicalSystem> nsds_;
  std::shared_ptr<TimeDiscretisation> td_;
  std::shared_ptr<OneStepIntegrator> osi_;
  std::shared_ptr<OneStepNSProblem> osnspb_;
  std::size_t k_ = 0;
  std::size_t N_ = 0;
  bool initialized_ = false;
  bool stepComputed_ = false;
};

}  // namespace moreau
