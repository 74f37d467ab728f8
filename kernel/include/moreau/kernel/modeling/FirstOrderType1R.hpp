#pragma once
// First-order type 1 relation (Siconos FirstOrderType1R, dev-notes §1.2,
// §2.2.8):   y = h(x, t, z),   r = g(λ, t, z)
// Jacobians C = ∇ₓh and B = ∇_λg (D = 0, K = 0). Outputs of the user
// functions are pre-sized (y: m, r: N = Σ dimension, C: m × N, B: N × m).
//
// Siconos C plug-ins ("library:symbol", see PluginLoader; plugin::StateOutput,
// no time argument):
//   h(sizeOfx, x, sizeOfy, y, sizeZ, z)       jachx(sizeOfx, x, rowsOfC, C, sizeZ, z)
//   g(sizeOfLambda, λ, sizeOfr, r, sizeZ, z)  jacglambda(sizeOfLambda, λ, rowsOfB, B, sizeZ, z)
// The plug-ins receive the relation's copy of z (not copied back).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

#include <string>

namespace moreau {

/// First-order type 1 relation (Siconos FirstOrderType1R): y = h(x, t, z), r = g(λ, t, z), with the
/// Jacobians C = ∇ₓh and B = ∇_λg (D = 0, K = 0).
class FirstOrderType1R : public FirstOrderR {
 public:
  /// h(t, x, z) written in place into y (pre-sized to m).
  using OutputFunction = std::function<void(double t, const Eigen::VectorXd& x,
                                            const Eigen::VectorXd& z, Eigen::VectorXd& y)>;
  /// g(t, λ, z) written in place into r (pre-sized to N = Σ dimension of the linked systems).
  using InputFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                           const Eigen::VectorXd& z, Eigen::VectorXd& r)>;
  /// C = ∇ₓh(t, x, z) written in place into C (pre-sized m × N).
  using JacobianXFunction = std::function<void(double t, const Eigen::VectorXd& x,
                                               const Eigen::VectorXd& z, Eigen::MatrixXd& C)>;
  /// B = ∇_λg(t, λ, z) written in place into B (pre-sized N × m).
  using JacobianLambdaFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                                    const Eigen::VectorXd& z, Eigen::MatrixXd& B)>;

  /// ModelError when h or g is empty. Missing Jacobians need
  /// setJacobianByFiniteDifferences(true) before link.
  FirstOrderType1R(OutputFunction h, InputFunction g, JacobianXFunction jachx = {},
                   JacobianLambdaFunction jacglambda = {});
  /// Siconos plug-in forms FirstOrderType1R("Plugin:h", "Plugin:g") and
  /// FirstOrderType1R("Plugin:h", "Plugin:g", "Plugin:jachx", "Plugin:jacglambda");
  /// an empty Jacobian string means "not given". ModelError naming what was
  /// searched when a library or symbol is missing.
  FirstOrderType1R(const std::string& h, const std::string& g, const std::string& jachx = "",
                   const std::string& jacglambda = "");

  /// Replace h, g, C = ∇ₓh (Jachx) or B = ∇_λg (Jacglambda) (std::function,
  /// "library:symbol", or the Siconos two-argument form ("library", "symbol")).
  void setComputehFunction(OutputFunction h);
  void setComputehFunction(const std::string& plugin);
  void setComputehFunction(const std::string& library, const std::string& symbol) {
    setComputehFunction(library + ":" + symbol);
  }
  void setComputegFunction(InputFunction g);
  void setComputegFunction(const std::string& plugin);
  void setComputegFunction(const std::string& library, const std::string& symbol) {
    setComputegFunction(library + ":" + symbol);
  }
  void setComputeJachxFunction(JacobianXFunction jachx);
  void setComputeJachxFunction(const std::string& plugin);
  void setComputeJachxFunction(const std::string& library, const std::string& symbol) {
    setComputeJachxFunction(library + ":" + symbol);
  }
  void setComputeJacglambdaFunction(JacobianLambdaFunction jacglambda);
  void setComputeJacglambdaFunction(const std::string& plugin);
  void setComputeJacglambdaFunction(const std::string& library, const std::string& symbol) {
    setComputeJacglambdaFunction(library + ":" + symbol);
  }

  const char* typeName() const override { return "FirstOrderType1R"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
