#pragma once
// First-order type 2 relation (Siconos FirstOrderType2R, dev-notes §1.2,
// §2.2.7):   y = h(x, λ, t, z),   r = g(λ, t, z)
// Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg (K = 0), evaluated at (x, λ(0), t).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

namespace moreau {

class FirstOrderType2R : public FirstOrderR {
 public:
  using OutputFunction = VectorFunction;  // (t, x, λ, z, y)
  using InputFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                           const Eigen::VectorXd& z, Eigen::VectorXd& r)>;
  using JacobianHFunction = MatrixFunction;  // (t, x, λ, z, C or D)
  using JacobianGFunction = std::function<void(double t, const Eigen::VectorXd& lambda,
                                               const Eigen::VectorXd& z, Eigen::MatrixXd& B)>;

  /// ModelError when h or g is empty. Missing Jacobians need
  /// setJacobianByFiniteDifferences(true) before link.
  FirstOrderType2R(OutputFunction h, InputFunction g, JacobianHFunction jachx = {},
                   JacobianHFunction jachlambda = {}, JacobianGFunction jacglambda = {});

  const char* typeName() const override { return "FirstOrderType2R"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
