#pragma once
// Moreau–Jean θ-scheme for Lagrangian systems with constant mass
// (Siconos MoreauJeanOSI; dev-notes §2.4.2, docs/theory/moreau-jean.md):
//   M̂ = M + hθC + h²θ²K                       (factorized once per run)
//   v_free = v_k + M̂⁻¹[−hC v_k − hK q_k − h²θ K v_k + h(θ F_ext,k+1 + (1−θ) F_ext,k)]
//   v_{k+1} = v_free + M̂⁻¹ p_{k+1},  p_{k+1} = Σ Hᵀ λ   (λ = impulse, level 1)
//   q_{k+1} = q_k + h(θ v_{k+1} + (1−θ) v_k)
// Index set 1 = {α : min(y_k + (h/2) ẏ_k) ≤ 0}. OSNSP blocks H_α M̂⁻¹ H_βᵀ,
// q_α = H_α v_free + e H_α v_k.

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <memory>

namespace moreau {

class MoreauJeanOSI : public OneStepIntegrator {
 public:
  /// Throws ModelError when theta is not in [0, 1].
  explicit MoreauJeanOSI(double theta = 0.5);
  ~MoreauJeanOSI() override;

  const char* typeName() const override { return "MoreauJeanOSI"; }
  double theta() const { return theta_; }

  /// Supports LagrangianDS with constant mass and no F_int / N (K = C = 0),
  /// LagrangianLinearTIDS and LagrangianLinearDiagonalDS (diagonal M̂,
  /// element-wise inverse) with
  /// LagrangianLinearTIR relations and NewtonImpactNSL laws (ModelError
  /// otherwise). M̂ is factorized by Cholesky (LLT); when it is not SPD a
  /// partial-pivoting LU is used, and a singular M̂ is a ModelError naming the
  /// system. Any other system (first order, state-dependent mass, F_int or
  /// N on a LagrangianDS) is a ModelError naming the system and what is
  /// unsupported. Evaluates F_ext(t0), y(0) = Hq + b and y(1) = Hv at t0.
  void initialize(const NonSmoothDynamicalSystem& nsds, const TimeDiscretisation& td) override;
  void beginStep(std::size_t k) override;
  void computeFreeState(std::size_t k) override;
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level) const override;
  void computeFreeOutput(const Interaction& inter, Eigen::Ref<Eigen::VectorXd> q) const override;
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  void updateState(std::size_t k) override;
  void swapInMemory() override;

  /// M̂ of ds (after initialize; std::out_of_range otherwise). Empty (0x0)
  /// for a LagrangianLinearDiagonalDS, whose M̂ is kept as its diagonal.
  const Eigen::MatrixXd& iterationMatrix(const DynamicalSystem& ds) const;
  /// True when M̂ of ds was factorized by Cholesky (false: LU).
  bool isIterationMatrixSPD(const DynamicalSystem& ds) const;
  /// v_free of ds for the last computeFreeState.
  const Eigen::VectorXd& freeVelocity(const DynamicalSystem& ds) const;

 private:
  struct Impl;
  double theta_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau
