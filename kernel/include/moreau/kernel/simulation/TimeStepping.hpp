#pragma once
// Event-capturing time-stepping simulation (Siconos TimeStepping, dev-notes
// §1.8, simulation.md §1.8; docs/architecture.md, "One step of
// TimeStepping"). One step k, from t_k to t_{k+1}:
//   computeOneStep() = computeFreeState(); updateIndexSets();
//                      computeOneStepNSProblem(role) for each role present
//                      (Velocity first); update();
//   nextStep()       : memories (q_k, v_k, F_ext,k, y_k) <- new values, k++.
// Two ways to build it:
//   TimeStepping(nsds, td, osi, problem)                  one integrator, one velocity problem
//   TimeStepping(nsds, td) + insertIntegrator(osi) [+ associate(osi, ds)]
//                          + insertNonSmoothProblem(problem[, role])     (the Siconos form)
// Nonlinear models (an integrator whose isLinear() is false) take a Newton
// loop over the whole step (docs/theory/moreau-jean.md §5): for τ = 0, 1, ...
//   computeFreeState (at the iterate); updateIndexSets (τ = 0 only);
//   the problems; update; residuals on state and output (computeResidu,
//   computeResiduOutput of each integrator)
// until both are ≤ newtonTolerance() or newtonMaxIteration() iterations were
// done. Linear models take exactly one pass (the loop is not entered). Before
// the loop, λ is set to 0 unless setResetAllLambda(false).

#include <moreau/kernel/simulation/Simulation.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace moreau {

/// Event-capturing time-stepping simulation (Siconos TimeStepping). One step from t_k to t_{k+1}:
/// computeFreeState, updateIndexSets, the one-step problems, update; nonlinear models iterate
/// these stages in a Newton loop until the residuals are below newtonTolerance().
class TimeStepping : public Simulation {
 public:
  /// The Siconos form: integrators and problems are inserted afterwards.
  /// Throws ModelError when a pointer is null or when td.t0() differs from
  /// nsds.t0().
  TimeStepping(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
               std::shared_ptr<TimeDiscretisation> td);
  /// One integrator for every system and one problem in the Velocity role.
  TimeStepping(std::shared_ptr<NonSmoothDynamicalSystem> nsds,
               std::shared_ptr<TimeDiscretisation> td, std::shared_ptr<OneStepIntegrator> osi,
               std::shared_ptr<OneStepNSProblem> osnspb);

  const char* typeName() const override { return "TimeStepping"; }

  /// Computes the state at t_{k+1} (may be called again before nextStep():
  /// it recomputes from the same memories). A state written into the systems
  /// since the last step or initialize is the state at t_k. Throws
  /// SimulationError when there is no next event, a problem's solver or the
  /// Newton loop fails under FailurePolicy::Throw or, with stateChecks(), the computed state
  /// is not finite; ModelError when a user force function misbehaves or a
  /// written state is invalid.
  void computeOneStep() override;

  /// Checks of the computed state after each step (every system's
  /// checkState(), a SimulationError naming the system, the component, the
  /// step and the time on a non-finite value). On by default in debug
  /// builds of the kernel, off otherwise.
  void setStateChecks(bool enabled) { stateChecks_ = enabled; }
  /// True when the computed state is checked after each step.
  bool stateChecks() const { return stateChecks_; }

  /// Newton loop of a nonlinear step: tolerance on the residuals (default
  /// 1e-6, > 0 and finite) and maximum number of iterations (default 50,
  /// ≥ 1); ModelError otherwise. When the loop stops without convergence the
  /// FailurePolicy applies: Throw → SimulationError naming the step, the
  /// time, the iterations and both residuals; Warn → one line on stderr;
  /// Continue → silent. The step's records say it (newtonConverged).
  ///@{
  void setNewtonTolerance(double tolerance);
  double newtonTolerance() const { return newtonTolerance_; }
  void setNewtonMaxIteration(unsigned maxIteration);
  unsigned newtonMaxIteration() const { return newtonMaxIteration_; }
  ///@}
  /// Of the last computed step: Newton iterations (1 for a linear model),
  /// convergence, the last residuals on state and output, and the residual
  /// max(state, output) after each iteration (empty for a linear model).
  ///@{
  unsigned newtonIterations() const { return newtonIterations_; }
  bool newtonConverged() const { return newtonConverged_; }
  double newtonStateResidual() const { return newtonStateResidual_; }
  double newtonOutputResidual() const { return newtonOutputResidual_; }
  const std::vector<double>& newtonResiduals() const { return newtonResiduals_; }
  ///@}
  /// Siconos setComputeResiduY: when true the Newton loop also requires the integrators'
  /// output residual (OneStepIntegrator::computeResiduOutput) below the tolerance; when false
  /// it stops on the state residual (computeResidu) alone. Not set, it is true when the
  /// simulation has an EulerMoreauOSI and false otherwise, as Siconos's TimeStepping defaults.
  ///@{
  void setComputeResiduY(bool enabled) {
    computeResiduY_ = enabled;
    computeResiduYSet_ = true;
  }
  bool computeResiduY() const;
  ///@}
  /// Siconos resetAllLambda: when true (the default, the Siconos TimeStepping
  /// Newton default "λ reset each step"), the Newton loop of a nonlinear step
  /// starts from λ = 0 (every level of every interaction); when false it
  /// starts from the λ of the previous step (the linearization point λ^0 of
  /// the relations at τ = 0, and the solvers' warm start). Linear models take
  /// one pass and are not affected.
  ///@{
  void setResetAllLambda(bool reset) { resetAllLambda_ = reset; }
  bool resetAllLambda() const { return resetAllLambda_; }
  ///@}

  /// The stages of computeOneStep(), for users who drive them. The first
  /// computeFreeState() of a step calls OneStepIntegrator::beginStep.
  ///@{
  void computeFreeState();
  void updateIndexSets();
  ///@}
  /// Computes the problem of a role (no-op when the role has none).
  void computeOneStepNSProblem(ProblemRole role = ProblemRole::Velocity);
  /// State at t_{k+1} from the multipliers (integrators' updateState).
  void update();

  /// The first integrator and the Velocity problem (the four-argument form).
  ///@{
  const std::shared_ptr<OneStepIntegrator>& oneStepIntegrator() const;
  const std::shared_ptr<OneStepNSProblem>& oneStepNSProblem() const {
    return nonSmoothProblem(ProblemRole::Velocity);
  }
  ///@}

 protected:
  /// False while TimeSteppingCombinedProjection recomputes a step (its second and later
  /// passes): computeOneStep then does not call the interaction managers again (Siconos calls
  /// them once per step, before the passes).
  bool runInteractionManagers_ = true;

 private:
  void checkComputedState() const;
  void newtonSolve();
  bool stateChecks_;
  double newtonTolerance_ = 1e-6;
  unsigned newtonMaxIteration_ = 50;
  bool resetAllLambda_ = true;
  bool computeResiduY_ = false;
  bool computeResiduYSet_ = false;  // setComputeResiduY called (else the default above)
  unsigned newtonIterations_ = 1;
  bool newtonConverged_ = true;
  double newtonStateResidual_ = 0.0;
  double newtonOutputResidual_ = 0.0;
  std::vector<double> newtonResiduals_;
  std::vector<char> ruleMembers_;  // updateIndexSets on threads: the rule's answer per interaction
  // updateIndexSets with one integrator: its lookupHint of each interaction (index set 0 order),
  // kept while the topology version and the integrator are those below.
  std::vector<std::uint32_t> ruleHints_;
  std::uint64_t ruleHintsVersion_ = 0;
  const OneStepIntegrator* ruleHintsOsi_ = nullptr;
};

}  // namespace moreau
