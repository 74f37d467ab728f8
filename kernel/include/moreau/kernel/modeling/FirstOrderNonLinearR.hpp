#pragma once
// Fully nonlinear first-order relation (Siconos FirstOrderNonLinearR,
// dev-notes §1.2 and Appendix A35, simulation.md §2.3.1):
//   y = h(x, λ, t, z),   r = g(x, λ, t, z)
// with the four Jacobians C = ∇ₓh, D = ∇_λh, B = ∇_λg and K = ∇ₓg.

#include <moreau/kernel/modeling/FirstOrderR.hpp>

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

  const char* typeName() const override { return "FirstOrderNonLinearR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
};

}  // namespace moreau
