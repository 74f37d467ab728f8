#pragma once
// Moreau–Jean θ-scheme in the global form (Siconos MoreauJeanGOSI;
// docs/kernel/global-friction-contact.md): the integrator that pairs with
// GlobalFrictionContact. The velocity v_{k+1} stays an unknown of the
// one-step problem
//   M̂ v_{k+1} = M̂ v_free + Σ_α H_αᵀ λ_α,   M̂ = M + hθC + h²θ²K,
// so the integrator never forms M̂⁻¹Hᵀ nor W = H M̂⁻¹ Hᵀ: it gives the
// problem M̂ (iterationMatrix), the Jacobian blocks H (jacobianBlock), the
// free velocity (freeVelocity) and takes back v_{k+1} (setGlobalVelocity).
// The free state, the activation (y_k + γ h ẏ_k ≤ 0 on the first row of each
// law; equality and relay laws always active), the position update
// q_{k+1} = q_k + h(θ v_{k+1} + (1−θ) v_k) and the outputs are those of
// MoreauJeanOSI. A system the global problem did not solve for this step (no
// active contact) gets v_{k+1} = v_free + M̂⁻¹ Σ Hᵀ λ.
// Models: as MoreauJeanOSI (LagrangianDS with constant mass and F_ext only,
// LagrangianLinearTIDS, LagrangianLinearDiagonalDS; Lagrangian relations).
// Local problems (LCP, FrictionContact, ...) cannot use it: its
// addInteractionBlock throws ModelError.

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <limits>
#include <memory>

namespace moreau {

/// Moreau–Jean θ-scheme in the global form (Siconos MoreauJeanGOSI), the integrator of
/// GlobalFrictionContact: v_{k+1} stays an unknown of the one-step problem
/// M̂ v_{k+1} = M̂ v_free + Σ H_αᵀ λ_α, so neither M̂⁻¹Hᵀ nor W = H M̂⁻¹ Hᵀ is formed. Same models,
/// activation and position update as MoreauJeanOSI. Local problems (LCP, FrictionContact) cannot
/// use it (ModelError). See docs/kernel/global-friction-contact.md.
class MoreauJeanGOSI : public OneStepIntegrator {
 public:
  /// theta in [0, 1]; gamma of the activation test in [0, 1] (NaN: ½, not
  /// "given"). ModelError otherwise.
  explicit MoreauJeanGOSI(double theta = 0.5,
                          double gamma = std::numeric_limits<double>::quiet_NaN());
  ~MoreauJeanGOSI() override;

  const char* typeName() const override { return "MoreauJeanGOSI"; }
  /// θ ∈ [0, 1].
  double theta() const { return theta_; }
  /// The γ of the activation test y_k + γ h ẏ_k ≤ 0 (½ when not given).
  double gamma() const { return gamma_; }
  /// True when γ was given to the constructor.
  bool useGamma() const { return useGamma_; }

  InteractionLevels levels(const Interaction& inter) const override;
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  void computeFreeState(const StepContext& ctx) override;
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  /// q = H v_free (+ ∂h/∂t) at level 1.
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  /// Throws ModelError: the global integrator has no local (W) blocks.
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  void updateState(const ProblemContext& ctx) override;
  void swapInMemory() override;

  /// M̂ of ds, dense (also for a LagrangianLinearDiagonalDS). std::out_of_range
  /// when ds is not integrated by it (or before initialize). For a system with boundary
  /// conditions: M̃, M̂ with the prescribed rows and columns replaced by the identity's.
  const Eigen::MatrixXd& iterationMatrix(const DynamicalSystem& ds) const override;
  /// H block of ds (for a system with boundary conditions: without the prescribed columns).
  const Eigen::MatrixXd& jacobianBlock(const Interaction& inter,
                                       const DynamicalSystem& ds) const override;
  /// v_free of ds (its prescribed entries are v̄(t_{k+1})).
  const Eigen::VectorXd& freeVelocity(const DynamicalSystem& ds) const override;

  /// v_{k+1} of ds computed by the global problem of step `step` (ndof
  /// entries; std::invalid_argument otherwise). Used by the next updateState
  /// of that step; forgotten at the next computeFreeState.
  void setGlobalVelocity(const DynamicalSystem& ds, const Eigen::Ref<const Eigen::VectorXd>& v,
                         std::size_t step);
  /// True when setGlobalVelocity was called for ds since the last
  /// computeFreeState.
  bool hasGlobalVelocity(const DynamicalSystem& ds) const;

 private:
  struct Impl;
  double theta_;
  double gamma_;
  bool useGamma_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau
