#pragma once
// First-order type 1 relation (Siconos FirstOrderType1R, dev-notes §1.2,
// §2.2.8):   y = h(x, t, z),   r = g(λ, t, z)
// Jacobians C = ∇ₓh and B = ∇_λg (D = 0, K = 0). Outputs of the user
// functions are pre-sized (y: m, r: N = Σ dimension, C: m × N, B: N × m).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

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

  const char* typeName() const override { return "FirstOrderType1R"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
