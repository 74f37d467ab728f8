#pragma once
// Compliant Lagrangian relation (Siconos LagrangianCompliantR,
// simulation.md §2.7.3):
//   y = h(q, λ, z),   ẏ = G0 v + G1 λ,   p = G0ᵀ λ
// with G0 = ∇_q h (m × Σ ndof) and G1 = ∇_λ h (m × m), both evaluated at
// (q, λ(0)). As in the seed's discrete form, the velocity output uses G1 λ(1)
// (not G1 λ̇).
//
// Siconos C plug-ins ("library:symbol", see PluginLoader;
// plugin::TwoVectorsOutput):
//   h(sizeOfq, q, sizeOfy, λ, y, sizeZ, z)
//   G0(sizeOfq, q, sizeOfLambda, λ, G0, sizeZ, z)   G1(sizeOfq, q, sizeOfLambda, λ, G1, sizeZ, z)
// The plug-ins receive the relation's copy of z (not copied back).

#include <moreau/kernel/modeling/LagrangianR.hpp>

#include <functional>
#include <string>

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

  /// Siconos plug-in form LagrangianCompliantR("Plugin:h", "Plugin:G0",
  /// "Plugin:G1"); an empty G0 or G1 string means "not given". ModelError
  /// naming what was searched when a library or symbol is missing.
  LagrangianCompliantR(const std::string& h, const std::string& G0, const std::string& G1);

  /// Replace h, G0 = ∇_q h (Jachq) or G1 = ∇_λ h (Jachlambda) (std::function,
  /// "library:symbol", or the Siconos two-argument form ("library",
  /// "symbol")). ModelError for an empty h.
  void setComputehFunction(OutputFunction h);
  void setComputehFunction(const std::string& plugin);
  void setComputehFunction(const std::string& library, const std::string& symbol) {
    setComputehFunction(library + ":" + symbol);
  }
  void setComputeJachqFunction(JacobianFunction G0);
  void setComputeJachqFunction(const std::string& plugin);
  void setComputeJachqFunction(const std::string& library, const std::string& symbol) {
    setComputeJachqFunction(library + ":" + symbol);
  }
  void setComputeJachlambdaFunction(JacobianFunction G1);
  void setComputeJachlambdaFunction(const std::string& plugin);
  void setComputeJachlambdaFunction(const std::string& library, const std::string& symbol) {
    setComputeJachlambdaFunction(library + ":" + symbol);
  }

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
