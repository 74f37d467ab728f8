#pragma once
// Rheonomous Lagrangian relation (Siconos LagrangianRheonomousR,
// simulation.md §2.7.2):
//   y = h(q, t, z),   ẏ = G(q, t, z) v + ∂h/∂t(q, t, z),   p = Gᵀ λ
// with G = ∇_q h. In Moreau–Jean the free output gains ∂h/∂t(q*, t_{k+1})
// (simulation.md §2.9).
//
// Siconos C plug-ins ("library:symbol", see PluginLoader;
// plugin::RheonomousOutput), time is the THIRD argument:
//   h(sizeOfq, q, time, sizeOfy, y, sizeZ, z)
//   G(sizeOfq, q, time, rowsOfG, G, sizeZ, z)
//   hDot(sizeOfq, q, time, sizeOfy, hDot, sizeZ, z)
// The plug-ins receive the relation's copy of z (not copied back).

#include <moreau/kernel/modeling/LagrangianR.hpp>

#include <functional>
#include <string>

namespace moreau {

/// Rheonomous Lagrangian relation (Siconos LagrangianRheonomousR): y = h(q, t, z),
/// ẏ = G(q, t, z) v + ∂h/∂t(q, t, z), p = Gᵀ λ with G = ∇_q h (e.g. a moving obstacle). In
/// Moreau–Jean the free output gains ∂h/∂t(q*, t_{k+1}).
class LagrangianRheonomousR : public LagrangianR {
 public:
  /// h(t, q, z) written in place into y (pre-sized to m).
  using OutputFunction = std::function<void(double t, const Eigen::VectorXd& q,
                                            const Eigen::VectorXd& z, Eigen::VectorXd& y)>;
  /// G = ∇_q h(t, q, z) written in place into G (pre-sized m × Σ ndof).
  using JacobianFunction = std::function<void(double t, const Eigen::VectorXd& q,
                                              const Eigen::VectorXd& z, Eigen::MatrixXd& G)>;
  /// ∂h/∂t written in place into hDot (pre-sized to m).
  using TimeDerivativeFunction = OutputFunction;

  /// ModelError when h is empty. A missing G or ∂h/∂t needs
  /// setJacobianByFiniteDifferences(true) before link.
  LagrangianRheonomousR(OutputFunction h, JacobianFunction G = {},
                        TimeDerivativeFunction hDot = {});

  /// Siconos plug-in form LagrangianRheonomousR("Plugin:h", "Plugin:G",
  /// "Plugin:hDot"); an empty G or hDot string means "not given". ModelError
  /// naming what was searched when a library or symbol is missing.
  LagrangianRheonomousR(const std::string& h, const std::string& G, const std::string& hDot);

  /// Replace h, G or ∂h/∂t (std::function, "library:symbol", or the Siconos
  /// two-argument form ("library", "symbol")). ModelError for an empty h.
  void setComputehFunction(OutputFunction h);
  void setComputehFunction(const std::string& plugin);
  void setComputehFunction(const std::string& library, const std::string& symbol) {
    setComputehFunction(library + ":" + symbol);
  }
  void setComputeJachqFunction(JacobianFunction G);
  void setComputeJachqFunction(const std::string& plugin);
  void setComputeJachqFunction(const std::string& library, const std::string& symbol) {
    setComputeJachqFunction(library + ":" + symbol);
  }
  void setComputehDotFunction(TimeDerivativeFunction hDot);
  void setComputehDotFunction(const std::string& plugin);
  void setComputehDotFunction(const std::string& library, const std::string& symbol) {
    setComputehDotFunction(library + ":" + symbol);
  }

  const char* typeName() const override { return "LagrangianRheonomousR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
  bool hasTimeDerivative() const override { return true; }

  void computeOutput(double t, Interaction& inter, unsigned level) override;
  /// G and ∂h/∂t at (q, t).
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  void initializeWorkspace(Interaction& inter) override;

 private:
  void evaluateJacobians(double t, Interaction& inter);
  OutputFunction h_;
  JacobianFunction G_;
  TimeDerivativeFunction hDot_;
};

}  // namespace moreau
