#pragma once
// Moreau–Jean θ-scheme for Newton–Euler rigid bodies (the nearly implicit
// scheme of dev-notes §2.8.5 with q̄_k = q_k; docs/theory/newton-euler.md §5):
//   q(v) = q_k ⊕ h((1 − θ) v_k + θ v)      (position + p_k ∘ exp(h Ω_{k+θ}),
//                                             renormalised)
//   𝓡_free(v) = M(v − v_k) − hθ F(t_{k+1}, q(v), v) − h(1 − θ) F(t_k, q_k, v_k)
//   W = (M − hθ ∇_vF − h²θ² ∇_qF T(q_k))⁻¹       (6×6 per body, per iterate)
//   v_free = v^τ − W 𝓡_free(v^τ),   v^{τ+1} = v_free + W Σ H(q_k)ᵀ λ
// H = C T is the relation's jachqT evaluated at q_k and frozen over the step;
// the one-step problem is H W Hᵀ λ + H v_free (+ law terms), λ an impulse
// (level 1). Index set 1 = {α : y_k + γ h ẏ_k ≤ 0 on a normal row}.
// Bodies with a gyroscopic term (non-spherical inertia), an inertial-frame
// moment or an internal wrench make the step nonlinear: TimeStepping then
// iterates Newton (residual ‖v^{τ+1} − v^τ‖∞ / max(1, ‖v^{τ+1}‖∞)).
// Prescribed twist components (NewtonEulerDS::setBoundaryConditions, read at
// initialize) are imposed exactly, v_{k+1,i} = v̄_i(t_{k+1}), with their rows and
// columns eliminated from W (docs/theory/newton-euler.md §5.1).
// A state (q, twist) written by the user between two steps is the state at t_k (memories
// and interaction outputs are recomputed from it at beginStep).
// Integrates NewtonEulerDS with NewtonEulerR relations only; a Lagrangian
// body goes to a MoreauJeanOSI of the same simulation (no shared interaction).
// MoreauJeanOSI uses this class as its companion for Newton–Euler bodies
// (OneStepIntegrator::companionFor), so MoreauJeanOSI(θ) runs this scheme.

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <cstddef>
#include <memory>

namespace moreau {

namespace mjneosi {
struct InterData;
}

/// Moreau–Jean θ-scheme for Newton–Euler rigid bodies (NewtonEulerDS with NewtonEulerR
/// relations): exponential-map position update, impulses λ(1) on index set 1, Newton
/// iterations when a body's forces are nonlinear, prescribed twist components
/// (BoundaryCondition) imposed exactly. See docs/theory/newton-euler.md §5. It is what
/// MoreauJeanOSI uses for the Newton–Euler bodies given to it (its companion, same θ and γ); it
/// can also be constructed and associated directly.
class MoreauJeanNewtonEulerOSI : public OneStepIntegrator {
 public:
  /// theta and gamma in [0, 1] (ModelError otherwise).
  explicit MoreauJeanNewtonEulerOSI(double theta = 0.5, double gamma = 0.5);
  ~MoreauJeanNewtonEulerOSI() override;

  const char* typeName() const override { return "MoreauJeanNewtonEulerOSI"; }
  /// θ of the scheme, in [0, 1] (default ½).
  double theta() const { return theta_; }
  /// γ of the index-set-1 predictor y_k + γ h ẏ_k ≤ 0, in [0, 1] (default ½).
  double gamma() const { return gamma_; }

  InteractionLevels levels(const Interaction& inter) const override;
  /// ModelError when an integrated system is not a NewtonEulerDS, its boundary conditions
  /// have an index ≥ 6, or an interaction's relation is not a NewtonEulerR. Evaluates y(0),
  /// y(1) at t0. Boundary conditions are read here (set later: taken at the next initialize).
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  void computeFreeState(const StepContext& ctx) override;
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  /// The index of inter in the integrator's data (none for a subclass, whose overrides of
  /// computeFreeOutput and addInteractionBlock the calls with a hint then reach).
  std::uint32_t lookupHint(const Interaction& inter) const override;
  bool addInteractionInIndexSetWithHint(const Interaction& inter, std::uint32_t hint,
                                        unsigned level, const StepContext& ctx) const override;
  void computeFreeOutputWithHint(const Interaction& inter, std::uint32_t hint,
                                 const ProblemContext& ctx,
                                 Eigen::Ref<Eigen::VectorXd> q) const override;
  void addInteractionBlockWithHint(const Interaction& a, std::uint32_t hintA, const Interaction& b,
                                   std::uint32_t hintB, const DynamicalSystem& ds,
                                   const ProblemContext& ctx,
                                   Eigen::Ref<Eigen::MatrixXd> block) const override;
  void updateState(const ProblemContext& ctx) override;
  /// True: computeFreeOutput and addInteractionBlock read the blocks computed for the step.
  bool concurrentProblemAssembly() const override { return true; }
  /// True: the rule reads and writes the interaction's own data (and evaluates it when dormant).
  bool concurrentIndexSetRule() const override { return true; }
  void swapInMemory() override;
  bool isLinear() const override;
  double computeResidu() override;

  /// W = (M − hθ∇_vF − h²θ²∇_qF T)⁻¹ of ds for the last computeFreeState; with boundary
  /// conditions the reduced Ã⁻¹ whose prescribed rows and columns are zero (§5.1).
  const Eigen::MatrixXd& iterationMatrix(const DynamicalSystem& ds) const override;
  const Eigen::VectorXd& freeVelocity(const DynamicalSystem& ds) const override;

  /// Activation of index set 1 at the predicted state (Siconos's Newton loop, as
  /// MoreauJeanOSI::setActivationAtPredictedState; docs/theory/newton-euler.md §5): when true,
  /// computeFreeState evaluates each interaction's outputs ỹ, ẏ̃ with its bodies at q̃ = q_k ⊕
  /// h v_k (twist v_k) and the rule is ỹ + γ h ẏ̃ ≤ 0 (projection variants: the thresholds on
  /// the memories, then on ỹ, ẏ̃); when false (the default of this class) it is y_k + γ h ẏ_k ≤ 0
  /// on the memories. A MoreauJeanOSI (or MoreauJeanDirectProjectionOSI) that hands Newton–Euler
  /// bodies to its companion passes its own setting (default true, as Siconos). Not with dormant
  /// interactions (ModelError at initialize).
  ///@{
  void setActivationAtPredictedState(bool enabled) { predictedActivation_ = enabled; }
  bool activationAtPredictedState() const { return predictedActivation_; }
  ///@}

  /// Dormant interactions (off by default; docs/theory/newton-euler.md §5.2): with linear
  /// bodies only, an interaction whose relation has a gap motion bound
  /// (NewtonEulerR::setGapMotionBound, set by ContactManager) and that provably stays outside
  /// index set 1 — its last evaluated gap, less what its bodies can have moved since, exceeds
  /// γ h Σ(|v_G| + ρ|Ω|) — is not evaluated at the end of the steps: its y, ẏ and their
  /// memories keep the values of its last evaluation while it is dormant. When the bound no
  /// longer excludes it, it is evaluated at t_k (its outputs, then its memories) before the
  /// index-set rule reads it. The motion of the bodies, λ and the index sets are bitwise those
  /// of a run without dormancy; only y and its memories of the dormant interactions show older
  /// values (wakeDormantInteractions makes them current). ModelError from an integrator that
  /// reads the outputs of every interaction (the projection variants).
  void setDormantInteractions(bool enabled);
  /// The setting of setDormantInteractions (default false).
  bool dormantInteractions() const { return dormant_; }
  /// True when inter is dormant (its y and memories are those of its last evaluation).
  bool isDormant(const Interaction& inter) const;
  /// Number of dormant interactions.
  std::size_t numberOfDormantInteractions() const;
  /// Evaluates every dormant interaction at the current state (its outputs, then its memories,
  /// as at the end of a step) and wakes it: between two steps, y and its memories of every
  /// interaction are then what they are without dormancy. The next steps may put them to
  /// sleep again.
  void wakeDormantInteractions();

 protected:
  /// False for the integrators that read the outputs of every interaction (projections).
  virtual bool allowsDormantInteractions() const { return true; }
  /// The outputs of inter at the predicted state of step `step` (set by computeFreeState when
  /// activationAtPredictedState()): true and y, ydot set; false (y, ydot untouched) when there
  /// are none.
  bool predictedOutputs(const Interaction& inter, std::size_t step, const Eigen::VectorXd*& y,
                        const Eigen::VectorXd*& ydot) const;

 private:
  /// The outputs at the predicted state of every interaction (setActivationAtPredictedState),
  /// first pass of a step.
  void predictOutputs(const StepContext& ctx);
  /// The index-set-1 rule y + γ h ẏ ≤ 0 on the normal rows (every stride-th) of y, ydot: the
  /// memories y_k, ẏ_k, or the outputs at the predicted state.
  bool activeAtVelocityLevel(const Eigen::VectorXd& y, const Eigen::VectorXd& ydot,
                             Eigen::Index stride, const StepContext& ctx) const;
  /// addInteractionInIndexSet at level 1 for inter, whose data are id (null: not ours).
  bool indexSetRule(const Interaction& inter, mjneosi::InterData* id, const StepContext& ctx) const;
  struct Impl;
  double theta_, gamma_;
  bool dormant_ = false;
  bool predictedActivation_ = false;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau
