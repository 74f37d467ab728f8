#pragma once
// Scleronomous Lagrangian relation (Siconos LagrangianScleronomousR,
// simulation.md §2.7.1):
//   y = h(q, z),   ẏ = G(q, z) v,   p = G(q, z)ᵀ λ,   G = ∇_q h
// h and G are user functions writing in place into outputs pre-sized to m
// and m × Σ ndof (m = interaction dimension, given by the nonsmooth law).
// z is the concatenation of the linked systems' z vectors.
//
// Siconos C plug-ins ("library:symbol", see PluginLoader; plugin::StateOutput
// and plugin::TwoVectorsOutput):
//   h(sizeOfq, q, sizeOfy, y, sizeZ, z)          G(sizeOfq, q, rowsOfG, G, sizeZ, z)
//   dotG(sizeOfq, q, sizeOfqdot, qdot, dotG, sizeZ, z)   (Ġ = d/dt ∇_q h)
// The plug-ins receive the relation's copy of z: values they write are not
// copied back to the systems (Siconos copies them back).

#include <moreau/kernel/modeling/LagrangianR.hpp>

#include <functional>
#include <string>

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
  /// Ġ(q, v, z) written into dotG (m × Σ ndof).
  using DotJacobianFunction = std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                                 const Eigen::VectorXd& z, Eigen::MatrixXd& dotG)>;

  /// ModelError when h is empty. Without G, setJacobianByFiniteDifferences(true)
  /// must be called before link (ModelError at link otherwise).
  explicit LagrangianScleronomousR(OutputFunction h, JacobianFunction G = {});
  /// Siconos plug-in form LagrangianScleronomousR("Plugin:h", "Plugin:G"[,
  /// "Plugin:dotG"]); an empty G or dotG string means "not given".
  /// ModelError naming what was searched when a library or symbol is missing.
  LagrangianScleronomousR(const std::string& h, const std::string& G, const std::string& dotG = "");

  const char* typeName() const override { return "LagrangianScleronomousR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }

  /// Replace h, G or Ġ (std::function, "library:symbol", or the Siconos
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
  void setComputeDotJachqFunction(DotJacobianFunction dotG);
  void setComputeDotJachqFunction(const std::string& plugin);
  void setComputeDotJachqFunction(const std::string& library, const std::string& symbol) {
    setComputeDotJachqFunction(library + ":" + symbol);
  }
  bool hasDotJachq() const { return static_cast<bool>(dotG_); }
  /// Ġ(q, v, z) at the linked systems' current state into dotG (resized to
  /// m × Σ ndof). Not used by the time-stepping schemes (an event-driven
  /// quantity, y(2) = G a + Ġ v). ModelError when Ġ was not given.
  void computeDotJachq(double t, Interaction& inter, Eigen::MatrixXd& dotG) const;

  void computeOutput(double t, Interaction& inter, unsigned level) override;
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  void initializeWorkspace(Interaction& inter) override;

 private:
  void evaluateJacobian(double t, Interaction& inter);
  OutputFunction h_;
  JacobianFunction G_;
  DotJacobianFunction dotG_;
};

}  // namespace moreau
