#pragma once
// Compliant Lagrangian relation (Siconos LagrangianCompliantR,
// simulation.md §2.7.3):
//   y = h(q, λ, z),   ẏ = G0 v + G1 λ,   p = G0ᵀ λ
// with G0 = ∇_q h (m × Σ ndof) and G1 = ∇_λ h (m × m), both evaluated at
// (q, λ(0)). As in the seed's discrete form, the velocity output uses G1 λ(1)
// (not G1 λ̇).

#include <moreau/kernel/modeling/LagrangianR.hpp>

#include <functional>

namespace moreau {

/// Compliant Lagrangian relation (Siconos LagrangianCompliantR): y = h(q, λ, z),
/// ẏ = G0 v + G1 λ, p = G0ᵀ λ with G0 = ∇_q h (m × Σ ndof) and G1 = ∇_λ h (m × m), both
/// evaluated at (q, λ(0)); the velocity output uses G1 λ(1).
class LagrangianCompliantR : public LagrangianR {
 public:
  /// h(q, λ, z) written in place into y (pre-sized to m).
  using OutputFunction = std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& lambda,
                                            const Eigen::VectorXd& z, Eigen::VectorXd& y)>;
  /// G0 = ∇_q h (m × Σ ndof) or G1 = ∇_λ h (m × m) at (q, λ, z), written in place into J
  /// (pre-sized).
  using JacobianFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& lambda,
                         const Eigen::VectorXd& z, Eigen::MatrixXd& J)>;

  /// ModelError when h is empty. Missing G0 or G1 need
  /// setJacobianByFiniteDifferences(true) before link.
  LagrangianCompliantR(OutputFunction h, JacobianFunction G0 = {}, JacobianFunction G1 = {});

  const char* typeName() const override { return "LagrangianCompliantR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
  bool hasJachlambda() const override { return true; }

  /// Level 0: y(0) = h(q, λ(0)); level 1: y(1) = G0 v + G1 λ(1).
  void computeOutput(double t, Interaction& inter, unsigned level) override;
  /// G0 and G1 at (q, λ(0)).
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  void initializeWorkspace(Interaction& inter) override;

 private:
  void gather(Interaction& inter) const;
  void evaluateJacobians(double t, Interaction& inter);
  OutputFunction h_;
  JacobianFunction G0_, G1_;
};

}  // namespace moreau
