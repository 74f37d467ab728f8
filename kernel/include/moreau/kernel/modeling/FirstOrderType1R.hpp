#pragma once
// First-order type 1 relation (Siconos FirstOrderType1R, dev-notes §1.2,
// §2.2.8):   y = h(x, t, z),   r = g(λ, t, z)
// Jacobians C = ∇ₓh and B = ∇_λg (D = 0, K = 0). Outputs of the user
// functions are pre-sized (y: m, r: N = Σ dimension, C: m × N, B: N × m).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

namespace moreau {

class FirstOrderType1R : public FirstOrderR {
 public:
  using OutputFunction = std::function<void(double t, const Eigen::VectorXd& x,
                                            const Eigen::VectorXd& z, Eigen::VectorXd& y)>;
  using InputFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                           const Eigen::VectorXd& z, Eigen::VectorXd& r)>;
  using JacobianXFunction = std::function<void(double t, const Eigen::VectorXd& x,
                                               const Eigen::VectorXd& z, Eigen::MatrixXd& C)>;
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
