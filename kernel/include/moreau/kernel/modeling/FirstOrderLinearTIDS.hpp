#pragma once
// First-order linear time-invariant system (Siconos 4.4 FirstOrderLinearTIDS,
// simulation.md §2.2.3):   M ẋ = A x + b + r  with constant A, b.

#include <moreau/kernel/modeling/FirstOrderLinearDS.hpp>

namespace moreau {

class FirstOrderLinearTIDS : public FirstOrderLinearDS {
 public:
  FirstOrderLinearTIDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A);
  FirstOrderLinearTIDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A,
                       const Eigen::VectorXd& b);

  const char* typeName() const override { return "FirstOrderLinearTIDS"; }

  /// Time-dependent A or b is not allowed: ModelError.
  void setComputeAFunction(AFunction A) override;
  void setComputebFunction(BFunction b) override;
  using FirstOrderLinearDS::setComputeAFunction;
  using FirstOrderLinearDS::setComputebFunction;
};

}  // namespace moreau
