#pragma once
// Euler–Moreau θ–γ scheme for first-order linear systems (Siconos
// EulerMoreauOSI; dev-notes §2.2.9 and §3.2, simulation.md §2.2.2–§2.3.4,
// errata applied; the scheme is stated in docs/theory/euler-moreau.md):
//   M ẋ = A(t) x + b(t) + r,   r = B λ,   y = C x + D λ + F z + e
//   W = M − hθ A_{k+1}                                   (LU, once per run
//                                                         when A is constant)
//   x_free = W⁻¹[(M + h(1−θ)A_k) x_k + hθ b_{k+1} + h(1−θ) b_k + h(1−γ) r_k]
//   x_{k+1} = x_free + hγ W⁻¹ r_{k+1}
//   OSNSP: M_αβ = δ_αβ D_α + hγ Σ_{ds ∈ α∩β} C_α^ds W_ds⁻¹ B_β^ds,
//          q_α = Σ_ds C_α^ds x_free,ds + F z + e
// λ is the multiplier at t_{k+1} (not an impulse): levels y 0..0, λ 0..0,
// every interaction is in index set 0. The law (complementarity, relay,
// mixed complementarity) is the one-step problem's (LCP, Relay, MLCP).
// Supported: FirstOrderLinearDS and FirstOrderLinearTIDS (constant M, A
// and b constant or functions of t) with FirstOrderLinearR and
// FirstOrderLinearTIR; anything else is a ModelError at initialize.

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <limits>
#include <memory>

namespace moreau {

/// Euler–Moreau θ–γ scheme for first-order linear systems (Siconos EulerMoreauOSI):
/// W = M − hθA, x_{k+1} = x_free + hγ W⁻¹ r_{k+1}; λ is the multiplier at t_{k+1} (level 0). See
/// docs/theory/euler-moreau.md.
class EulerMoreauOSI : public OneStepIntegrator {
 public:
  /// theta, gamma in [0, 1] (ModelError otherwise). gamma NaN (default):
  /// "not given", γ = 1 (r fully implicit) and useGamma() is false.
  explicit EulerMoreauOSI(double theta = 0.5,
                          double gamma = std::numeric_limits<double>::quiet_NaN());
  ~EulerMoreauOSI() override;

  const char* typeName() const override { return "EulerMoreauOSI"; }
  /// θ ∈ [0, 1], weight of A x + b.
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
