#pragma once
// Central finite differences for Jacobians the user asked to approximate
// (DynamicalSystem::setJacobianByFiniteDifferences):
//   J(:, j) = (g(x + h_j e_j) − g(x − h_j e_j)) / (2 h_j),
//   h_j = eps^(1/3) · max(1, |x_j|)   (eps = machine epsilon, h ≈ 6.1e-6·max(1,|x_j|)),
// the step balancing the O(h²) truncation error against the O(eps/h)
// rounding error of central differences: the relative accuracy is about
// eps^(2/3) ≈ 4e-11 for smooth g of unit scale. Used only on explicit
// request; allocation-free after the first call for a given size.

#include <Eigen/Dense>
#include <functional>

namespace moreau {

/// Central finite differences for Jacobians the user asked to approximate
/// (DynamicalSystem::setJacobianByFiniteDifferences): J(:, j) = (g(x + h_j e_j) − g(x − h_j e_j))
/// / (2 h_j) with h_j = eps^(1/3) · max(1, |x_j|) (about 6.1e-6 · max(1, |x_j|)); relative accuracy
/// about 4e-11 for a smooth g of unit scale. Allocation-free after the first call for a given size.
class FiniteDifference {
 public:
  /// g(x, out): out is pre-sized to the number of rows of J.
  using Function = std::function<void(const Eigen::VectorXd& x, Eigen::VectorXd& out)>;

  /// The step for coordinate value xj.
  static double step(double xj);
  /// Fills J (rows = size of g's output, cols = x.size(); J must be pre-sized).
  void jacobian(const Function& g, const Eigen::VectorXd& x, Eigen::MatrixXd& J);

 private:
  Eigen::VectorXd xw_, gp_, gm_;
};

}  // namespace moreau
