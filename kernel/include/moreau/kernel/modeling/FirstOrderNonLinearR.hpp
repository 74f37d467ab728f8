#pragma once
// Fully nonlinear first-order relation (Siconos FirstOrderNonLinearR,
// dev-notes §1.2 and Appendix A35, simulation.md §2.3.1):
//   y = h(x, λ, t, z),   r = g(x, λ, t, z)
// with the four Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg and K = ∇ₓg.
//
// Siconos C plug-ins ("library:symbol", see PluginLoader;
// plugin::NonLinearROutput), all six with time FIRST:
//   h, g, jachx, jachlambda, jacgx, jacglambda:
//     (time, sizeOfx, x, sizeOfLambda, λ, out, sizeZ, z)
// The plug-ins receive the relation's copy of z (not copied back).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

#include <string>

namespace moreau {

/// Fully nonlinear first-order relation (Siconos FirstOrderNonLinearR): y = h(x, λ, t, z),
/// r = g(x, λ, t, z) with the four Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg and K = ∇ₓg (user
/// functions, or finite differences when enabled).
class FirstOrderNonLinearR : public FirstOrderR {
 public:
  /// ModelError when h or g is empty. Missing Jacobians need
  /// setJacobianByFiniteDifferences(true) before link. All functions take
  /// (t, x, λ, z, out) with out pre-sized.
  FirstOrderNonLinearR(VectorFunction h, VectorFunction g, MatrixFunction jachx = {},
                       MatrixFunction jachlambda = {}, MatrixFunction jacgx = {},
                       MatrixFunction jacglambda = {});
  /// Plug-in form, same argument order as the std::function constructor
  /// (Siconos sets them with the setters below); an empty Jacobian string
  /// means "not given".
  FirstOrderNonLinearR(const std::string& h, const std::string& g, const std::string& jachx = "",
                       const std::string& jachlambda = "", const std::string& jacgx = "",
                       const std::string& jacglambda = "");

  /// Replace h, g or a Jacobian (std::function, "library:symbol", or the
  /// Siconos two-argument form ("library", "symbol")).
  void setComputehFunction(VectorFunction h);
  void setComputehFunction(const std::string& plugin);
  void setComputehFunction(const std::string& library, const std::string& symbol) {
    setComputehFunction(library + ":" + symbol);
  }
  void setComputegFunction(VectorFunction g);
  void setComputegFunction(const std::string& plugin);
  void setComputegFunction(const std::string& library, const std::string& symbol) {
    setComputegFunction(library + ":" + symbol);
  }
  void setComputeJachxFunction(MatrixFunction jachx);
  void setComputeJachxFunction(const std::string& plugin);
  void setComputeJachxFunction(const std::string& library, const std::string& symbol) {
    setComputeJachxFunction(library + ":" + symbol);
  }
  void setComputeJachlambdaFunction(MatrixFunction jachlambda);
  void setComputeJachlambdaFunction(const std::string& plugin);
  void setComputeJachlambdaFunction(const std::string& library, const std::string& symbol) {
    setComputeJachlambdaFunction(library + ":" + symbol);
  }
  void setComputeJacgxFunction(MatrixFunction jacgx);
  void setComputeJacgxFunction(const std::string& plugin);
  void setComputeJacgxFunction(const std::string& library, const std::string& symbol) {
    setComputeJacgxFunction(library + ":" + symbol);
  }
  void setComputeJacglambdaFunction(MatrixFunction jacglambda);
  void setComputeJacglambdaFunction(const std::string& plugin);
  void setComputeJacglambdaFunction(const std::string& library, const std::string& symbol) {
    setComputeJacglambdaFunction(library + ":" + symbol);
  }

  const char* typeName() const override { return "FirstOrderNonLinearR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
