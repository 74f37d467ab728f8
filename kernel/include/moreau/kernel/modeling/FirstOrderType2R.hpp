#pragma once
// First-order type 2 relation (Siconos FirstOrderType2R, dev-notes §1.2,
// §2.2.7):   y = h(x, λ, t, z),   r = g(λ, t, z)
// Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg (K = 0), evaluated at (x, λ(0), t).
//
// Siconos C plug-ins ("library:symbol", see PluginLoader), WITHOUT time and z
// (Siconos 4.4 signatures, plugin::Type2Output and plugin::Type2Input):
//   h(sizeOfx, x, sizeOfLambda, λ, sizeOfy, y)      g(sizeOfLambda, λ, sizeOfr, r)
// Siconos 4.4 accepts Jacobian plug-in names but never calls them (its
// Type2R Jacobians must come from a derived class or constant matrices);
// Moreau calls them with the same signatures:
//   jachx(sizeOfx, x, sizeOfLambda, λ, rowsOfC, C)
//   jachlambda(sizeOfx, x, sizeOfLambda, λ, rowsOfD, D)
//   jacglambda(sizeOfLambda, λ, rowsOfB, B)

#include <moreau/kernel/modeling/FirstOrderR.hpp>

#include <string>

namespace moreau {

/// First-order type 2 relation (Siconos FirstOrderType2R): y = h(x, λ, t, z), r = g(λ, t, z), with
/// the Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg (K = 0) at (x, λ(0), t).
class FirstOrderType2R : public FirstOrderR {
 public:
  /// h(t, x, λ, z) written in place into y (pre-sized to m).
  using OutputFunction = VectorFunction;  // (t, x, λ, z, y)
  /// g(t, λ, z) written in place into r (pre-sized to N = Σ dimension of the linked systems).
  using InputFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                           const Eigen::VectorXd& z, Eigen::VectorXd& r)>;
  /// C = ∇ₓh (m × N) or D = ∇_λh (m × m) at (t, x, λ, z), written in place (pre-sized).
  using JacobianHFunction = MatrixFunction;  // (t, x, λ, z, C or D)
  /// B = ∇_λg(t, λ, z) written in place into B (pre-sized N × m).
  using JacobianGFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                               const Eigen::VectorXd& z, Eigen::MatrixXd& B)>;

  /// ModelError when h or g is empty. Missing Jacobians need
  /// setJacobianByFiniteDifferences(true) before link.
  FirstOrderType2R(OutputFunction h, InputFunction g, JacobianHFunction jachx = {},
                   JacobianHFunction jachlambda = {}, JacobianGFunction jacglambda = {});
  /// Siconos plug-in forms FirstOrderType2R("Plugin:h", "Plugin:g") and
  /// FirstOrderType2R("Plugin:h", "Plugin:g", "Plugin:jachx", "Plugin:jacglambda")
  /// (Siconos argument order: NO jachlambda here, unlike the std::function
  /// constructor; set it with setComputeJachlambdaFunction). An empty
  /// Jacobian string means "not given".
  FirstOrderType2R(const std::string& h, const std::string& g, const std::string& jachx = "",
                   const std::string& jacglambda = "");

  /// Replace h, g or a Jacobian (std::function, "library:symbol", or the
  /// Siconos two-argument form ("library", "symbol")).
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
  void setComputeJachxFunction(JacobianHFunction jachx);
  void setComputeJachxFunction(const std::string& plugin);
  void setComputeJachxFunction(const std::string& library, const std::string& symbol) {
    setComputeJachxFunction(library + ":" + symbol);
  }
  void setComputeJachlambdaFunction(JacobianHFunction jachlambda);
  void setComputeJachlambdaFunction(const std::string& plugin);
  void setComputeJachlambdaFunction(const std::string& library, const std::string& symbol) {
    setComputeJachlambdaFunction(library + ":" + symbol);
  }
  void setComputeJacglambdaFunction(JacobianGFunction jacglambda);
  void setComputeJacglambdaFunction(const std::string& plugin);
  void setComputeJacglambdaFunction(const std::string& library, const std::string& symbol) {
    setComputeJacglambdaFunction(library + ":" + symbol);
  }

  const char* typeName() const override { return "FirstOrderType2R"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
