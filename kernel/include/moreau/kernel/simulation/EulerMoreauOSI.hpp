#pragma once
// Euler–Moreau θ–γ scheme for first-order systems (Siconos EulerMoreauOSI;
// dev-notes §2.2 and §3.2, simulation.md §2.2–§2.3, errata applied; the
// scheme is stated in docs/theory/euler-moreau.md).
// Linear models (§2–§4), one pass per step:
//   M ẋ = A(t) x + b(t) + r,   r = B λ,   y = C x + D λ + F z + e
//   W = M − hθ A_{k+1}                                   (LU, once per run
//                                                         when A is constant)
//   x_free = W⁻¹[(M + h(1−θ)A_k) x_k + hθ b_{k+1} + h(1−θ) b_k + h(1−γ) r_k]
//   x_{k+1} = x_free + hγ W⁻¹ r_{k+1}
//   OSNSP: M_αβ = δ_αβ D_α + hγ Σ_{ds ∈ α∩β} C_α^ds W_ds⁻¹ B_β^ds,
//          q_α = Σ_ds C_α^ds x_free,ds + F z + e
// Nonlinear models (§6): M ẋ = f(x, t) + r, y = h(t, x, λ), r = g(t, x, λ)
// (FirstOrderNonLinearDS; FirstOrderType1R, FirstOrderType2R,
// FirstOrderNonLinearR), linearized at each iterate (x^τ, λ^τ) of the
// TimeStepping Newton loop (isLinear() false):
//   W = M − hθ∇ₓf(x^τ), W̃ = W − hγ Σ K, x_p = W̃⁻¹[W x_free + hγ Σ(g − Bλ^τ − Kx^τ)]
//   OSNSP: M_αβ = δ_αβ D_α + hγ Σ C_α W̃⁻¹ B_β,  q = h(x^τ, λ^τ) + C(x_p − x^τ) − Dλ^τ
// A mass M(t, x, z) (setComputeMFunction) is evaluated at (t_{k+1}, x^τ) in W
// and in the residual ("frozen mass", §6.8: ∂M/∂x is not in W), and puts the
// system in Newton mode even when f = A x + b.
// λ is the multiplier at t_{k+1} (not an impulse): levels y 0..0, λ 0..0,
// every interaction is in index set 0. The law (complementarity, relay,
// mixed complementarity) is the one-step problem's (LCP, Relay, MLCP).
// Supported: first-order systems with a constant or a variable M (f and ∇ₓf given, or
// ∇ₓf by finite differences) and FirstOrderR relations (K = ∇ₓg only on an
// interaction linking one system); anything else is a ModelError at
// initialize.

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <limits>
#include <memory>

namespace moreau {

/// Euler–Moreau θ–γ scheme for first-order systems (Siconos EulerMoreauOSI): linear models in one
/// pass, W = M − hθA, x_{k+1} = x_free + hγ W⁻¹ r_{k+1}; nonlinear systems and relations by the
/// TimeStepping Newton loop (W = M − hθ∇ₓf at each iterate, isLinear() false); λ is the
/// multiplier at t_{k+1} (level 0). See docs/theory/euler-moreau.md.
class EulerMoreauOSI : public OneStepIntegrator {
 public:
  /// theta, gamma in [0, 1] (ModelError otherwise). gamma NaN (default):
  /// "not given", γ = 1 (r fully implicit) and useGamma() is false.
  explicit EulerMoreauOSI(double theta = 0.5,
                          double gamma = std::numeric_limits<double>::quiet_NaN());
  ~EulerMoreauOSI() override;

  const char* typeName() const override { return "EulerMoreauOSI"; }
  /// θ ∈ [0, 1], weight of f (A x + b for a linear system).
  double theta() const { return theta_; }
  /// γ of the input r (1 when not given).
  double gamma() const { return gamma_; }
  /// True when γ was given to the constructor.
  bool useGamma() const { return useGamma_; }

  InteractionLevels levels(const Interaction& inter) const override;
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  void computeFreeState(const StepContext& ctx) override;
  /// Index set 0 only: true for level 0, false for the others.
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  /// q = Σ C^ds x_free,ds + F z + e (outputLevel 0).
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  /// block += hγ C_a^ds W_ds⁻¹ B_b^ds (+ D_a on the first system of a when a == b).
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  bool blocksAreConstant(const ProblemContext& ctx) const override;
  /// False when a system is nonlinear (FirstOrderNonLinearDS that is not a
  /// FirstOrderLinearDS), a system has a mass M(t, x, z) (setComputeMFunction)
  /// or a relation is not a FirstOrderLinearR: the TimeStepping Newton loop
  /// then drives the step.
  bool isLinear() const override;
  /// Newton mode: ‖𝓡(x^{τ+1}, g(x^{τ+1}, λ^{τ+1}))‖∞, the discrete dynamics at
  /// the new iterate (absolute; docs/theory/euler-moreau.md §6.5). 0 otherwise.
  double computeResidu() override;
  /// Newton mode: ‖h(x^{τ+1}, λ^{τ+1}) − y_lin‖∞, y_lin the linearized output
  /// the law was enforced on. 0 otherwise.
  double computeResiduOutput() override;
  /// x = x_free + hγ W⁻¹ Σ B λ(0); r(0) = Σ B λ(0); y(0) at t_{k+1}.
  void updateState(const ProblemContext& ctx) override;
  void swapInMemory() override;

  /// W = M − hθA of ds for the current step (std::out_of_range when ds is
  /// not integrated here).
  const Eigen::MatrixXd& iterationMatrix(const DynamicalSystem& ds) const override;
  /// x_free of ds for the last computeFreeState.
  const Eigen::VectorXd& freeState(const DynamicalSystem& ds) const;

 private:
  struct Impl;
  double theta_;
  double gamma_;
  bool useGamma_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau
