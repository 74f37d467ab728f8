#pragma once
// First-order type 2 relation (Siconos FirstOrderType2R, dev-notes §1.2,
// §2.2.7):   y = h(x, λ, t, z),   r = g(λ, t, z)
// Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg (K = 0), evaluated at (x, λ(0), t).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

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

  const char* typeName() const override { return "FirstOrderType2R"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
