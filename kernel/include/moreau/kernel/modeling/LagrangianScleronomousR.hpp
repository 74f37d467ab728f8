#pragma once
// Scleronomous Lagrangian relation (Siconos LagrangianScleronomousR,
// simulation.md §2.7.1):
//   y = h(q, z),   ẏ = G(q, z) v,   p = G(q, z)ᵀ λ,   G = ∇_q h
// h and G are user functions writing in place into outputs pre-sized to m
// and m × Σ ndof (m = interaction dimension, given by the nonsmooth law).
// z is the concatenation of the linked systems' z vectors.

#include <moreau/kernel/modeling/LagrangianR.hpp>

#include <functional>

namespace moreau {

/// Scleronomous Lagrangian relation (Siconos LagrangianScleronomousR): y = h(q, z),
/// ẏ = G(q, z) v, p = G(q, z)ᵀ λ with G = ∇_q h (e.g. a contact with a curved obstacle).
class LagrangianScleronomousR : public LagrangianR {
 public:
  /// h(q, z) written in place into y (pre-sized to m, the interaction dimension).
  using OutputFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::VectorXd& y)>;
  /// G = ∇_q h(q, z) written in place into G (pre-sized m × Σ ndof).
  using JacobianFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::MatrixXd& G)>;

  /// ModelError when h is empty. Without G, setJacobianByFiniteDifferences(true)
  /// must be called before link (ModelError at link otherwise).
  explicit LagrangianScleronomousR(OutputFunction h, JacobianFunction G = {});

  const char* typeName() const override { return "LagrangianScleronomousR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }

  void computeOutput(double t, Interaction& inter, unsigned level) override;
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  void initializeWorkspace(Interaction& inter) override;

 private:
  void evaluateJacobian(double t, Interaction& inter);
  OutputFunction h_;
  JacobianFunction G_;
};

}  // namespace moreau
