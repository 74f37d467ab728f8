#pragma once
// Moreau–Jean θ-scheme for Lagrangian systems with constant mass
// (Siconos MoreauJeanOSI; dev-notes §2.4.2, docs/theory/moreau-jean.md):
//   M̂ = M + hθC + h²θ²K                       (factorized once per run)
//   v_free = v_k + M̂⁻¹[−hC v_k − hK q_k − h²θ K v_k + h(θ F_ext,k+1 + (1−θ) F_ext,k)]
//   v_{k+1} = v_free + M̂⁻¹ p_{k+1},  p_{k+1} = Σ Hᵀ λ   (λ = impulse, level 1)
//   q_{k+1} = q_k + h(θ v_{k+1} + (1−θ) v_k)
// Index set 1 = {α : min(y_k + γ h ẏ_k) ≤ 0} (γ = ½ unless given;
// tutorial-models.md §0.1). Problem blocks H_α M̂⁻¹ H_βᵀ (by solves with the
// factorization of M̂, never a dense M̂⁻¹), free output q_α = H_α v_free
// (+ ∂h/∂t); the law terms (e ẏ_k, ...) are added by the one-step problem.
// Levels: y 0..1, λ 1..1, one step of memory.
// Newton–Euler bodies (NewtonEulerDS) are delegated to a companion
// MoreauJeanNewtonEulerOSI(θ, γ) (OneStepIntegrator::companionFor), which
// runs the same scheme on them (docs/theory/newton-euler.md §5).

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <limits>
#include <memory>

namespace moreau {

class MoreauJeanNewtonEulerOSI;

/// Moreau–Jean θ-scheme for Lagrangian systems (Siconos MoreauJeanOSI): M̂ = M + hθC + h²θ²K,
/// v_{k+1} = v_free + M̂⁻¹ p_{k+1} with the impulse p_{k+1} = Σ Hᵀ λ(1), and
/// q_{k+1} = q_k + h(θ v_{k+1} + (1−θ) v_k). A contact enters index set 1 when
/// y_k + γ h ẏ_k ≤ 0. θ ∈ [0, 1] (½ by default; θ ≥ ½ is unconditionally stable for linear
/// systems). See docs/theory/moreau-jean.md. Newton–Euler bodies given to it are integrated by
/// its companion MoreauJeanNewtonEulerOSI (same θ and γ; see companionFor), so
/// `MoreauJeanOSI(0.5)` integrates a NewtonEulerDS as in Siconos.
class MoreauJeanOSI : public OneStepIntegrator {
 public:
  /// theta in [0, 1]. gamma: the activation test ỹ + γ h ẏ̃ ≤ 0 on the outputs at the
  /// predicted state (predictedOutputs);
  /// NaN (default) means "not given": γ = ½ and useGamma() is false; a
  /// given γ must be in [0, 1] (ImpactingBar uses γ = 0). ModelError
  /// otherwise.
  explicit MoreauJeanOSI(double theta = 0.5,
                         double gamma = std::numeric_limits<double>::quiet_NaN());
  ~MoreauJeanOSI() override;

  const char* typeName() const override { return "MoreauJeanOSI"; }
  /// θ ∈ [0, 1].
  double theta() const { return theta_; }
  /// The γ of the activation test (½ when not given).
  double gamma() const { return gamma_; }
  /// True when γ was given to the constructor.
  bool useGamma() const { return useGamma_; }

  InteractionLevels levels(const Interaction& inter) const override;

  /// For a NewtonEulerDS: the companion MoreauJeanNewtonEulerOSI(θ, γ) (γ = ½ when not given),
  /// created at the first call and the same object afterwards; the simulation inserts it in
  /// its integrators and gives it every Newton–Euler system of this integrator. Null for any
  /// other system (integrated here, or rejected by initialize).
  std::shared_ptr<OneStepIntegrator> companionFor(const DynamicalSystem& ds) override;
  /// The companion for Newton–Euler bodies (null until companionFor created it).
  const std::shared_ptr<MoreauJeanNewtonEulerOSI>& newtonEulerCompanion() const {
    return newtonEuler_;
  }

  /// Supports every LagrangianDS: a nonlinear one (M(q), F_int, N) has
  /// W = M(q^τ) + hθC_t + h²θ²K_t refactorized at each Newton iterate q^τ (the loop
  /// starts at q_k + h v_k, as Siconos; docs/theory/moreau-jean.md §5),
  /// LagrangianLinearTIDS and LagrangianLinearDiagonalDS (diagonal M̂,
  /// element-wise inverse) with Lagrangian relations (ModelError
  /// otherwise). M̂ is factorized by Cholesky (LLT); when it is not SPD a
  /// partial-pivoting LU is used, and a singular M̂ is a ModelError naming
  /// the system. Evaluates F_ext(t0), y(0) and y(1) at t0. Integrates the
  /// systems the simulation associates with it and their interactions.
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  /// q of every integrated system ← q + h(θ v + (1 − θ) v) (Siconos's order of operations),
  /// the state where the Newton loop starts, for the interaction managers; leave restores q.
  ///@{
  void enterInitialNewtonState(const StepContext& ctx) override;
  void leaveInitialNewtonState() override;
  ///@}
  void computeFreeState(const StepContext& ctx) override;
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  /// True when every interaction it integrates has constant Jacobians.
  bool blocksAreConstant(const ProblemContext& ctx) const override;
  void updateState(const ProblemContext& ctx) override;
  void swapInMemory() override;

  /// False when a system is nonlinear (M(q), F_int or N) or a relation has
  /// non-constant Jacobians: TimeStepping then iterates Newton over the step.
  bool isLinear() const override;
  /// Max over the nonlinear systems of ‖𝓡(v^{τ+1}) − p^{τ+1}‖₂ = ‖M(q)(v − v_k) − hθ
  /// F(t_{k+1}, q, v) − h(1 − θ) F_k − p‖₂ at the new iterate (q, v) (absolute, as Siconos;
  /// 0 without nonlinear system).
  double computeResidu() override;
  /// Max over the nonlinear relations (without ∇_λh) of
  /// ‖h(q^{τ+1}) − h(q^τ) − G(q^τ)(q^{τ+1} − q^τ)‖∞ (linearization error of
  /// y) and ‖ẏ(q^{τ+1}, v^{τ+1}) − G(q^τ) v^{τ+1} (− ∂h/∂t)‖∞ (the velocity
  /// output against the one the problem enforced), at t_{k+1}. Read by TimeStepping when its
  /// computeResiduY() is true (set by the user; false by default without an EulerMoreauOSI).
  double computeResiduOutput() override;

  /// M̂ of ds (after initialize; std::out_of_range otherwise). Empty (0x0)
  /// for a LagrangianLinearDiagonalDS, whose M̂ is kept as its diagonal.
  /// For a Newton–Euler body delegated to the companion: the companion's
  /// answer (MoreauJeanNewtonEulerOSI::iterationMatrix, i.e. its 6×6 W = M̂⁻¹).
  const Eigen::MatrixXd& iterationMatrix(const DynamicalSystem& ds) const override;
  /// H of inter on ds (G(q*) for a nonlinear relation, current step); for an
  /// interaction of the companion's bodies, the companion's answer (a ModelError:
  /// MoreauJeanNewtonEulerOSI has no global form).
  const Eigen::MatrixXd& jacobianBlock(const Interaction& inter,
                                       const DynamicalSystem& ds) const override;
  /// True when M̂ of ds was factorized by Cholesky (false: LU). ModelError for a
  /// Newton–Euler body delegated to the companion.
  bool isIterationMatrixSPD(const DynamicalSystem& ds) const;
  /// v_free of ds for the last computeFreeState (a delegated Newton–Euler body: the
  /// companion's free twist).
  const Eigen::VectorXd& freeVelocity(const DynamicalSystem& ds) const override;

  /// The index-set rule on the outputs at the predicted state q̃ (true, the default: what
  /// Siconos's TimeStepping does, its Newton loop starting at q̃) or on the memories y_k, ẏ_k
  /// (false: the rule y_k + γ h ẏ_k ≤ 0 as tutorial-models §0.1 writes it, also the one of
  /// MoreauJeanNewtonEulerOSI and MoreauJeanGOSI). docs/theory/moreau-jean.md, "Index set 1".
  void setActivationAtPredictedState(bool enabled) { predictedActivation_ = enabled; }
  /// True (the default) when the index-set rule reads the outputs at the predicted state.
  bool activationAtPredictedState() const { return predictedActivation_; }

  /// What the index-set rule of step `step` reads for inter: y(q̃, t_{k+1}) and
  /// ẏ(q̃, v_k, t_{k+1}) at the predicted state q̃ = q_k + h(θ v_k + (1 − θ) v_k), where
  /// Siconos starts its Newton loop and evaluates the outputs that update the index sets
  /// (computed by the first computeFreeState of the step; docs/theory/moreau-jean.md,
  /// "Index set 1"). False (y and ydot untouched) when inter is not integrated here or the
  /// step's outputs were not predicted (the rule then reads the memories y_k, ẏ_k).
  bool predictedOutputs(const Interaction& inter, std::size_t step, const Eigen::VectorXd*& y,
                        const Eigen::VectorXd*& ydot) const;

 protected:
  /// The systems' current q and v become the state this integrator last set (a derived
  /// integrator that moved q, e.g. a projection, so that the next step does not take it for a
  /// user's write: outputs and memories are left as they are).
  void adoptCurrentState();

 private:
  struct Impl;
  double theta_;
  double gamma_;
  bool useGamma_;
  bool predictedActivation_ = true;
  bool atInitialNewtonState_ = false;  // enterInitialNewtonState swapped q̃ into the systems
  std::unique_ptr<Impl> impl_;
  std::shared_ptr<MoreauJeanNewtonEulerOSI> newtonEuler_;  // companion (lazily created)

  /// The companion when ds is a NewtonEulerDS and the companion exists, else null.
  const MoreauJeanNewtonEulerOSI* delegate(const DynamicalSystem& ds) const;
};

}  // namespace moreau
