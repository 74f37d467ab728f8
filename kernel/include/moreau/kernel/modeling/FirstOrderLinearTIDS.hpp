#pragma once
// First-order linear time-invariant system (Siconos 4.4 FirstOrderLinearTIDS,
// simulation.md §2.2.3):   M ẋ = A x + b + r  with constant A, b.

#include <moreau/kernel/modeling/FirstOrderLinearDS.hpp>

namespace moreau {

/// First-order linear time-invariant system (Siconos FirstOrderLinearTIDS): M ẋ = A x + b + r with
/// constant A (n × n) and b (size n).
class FirstOrderLinearTIDS : public FirstOrderLinearDS {
 public:
  /// Constant A, no b. ModelError on size mismatch or non-finite data.
  FirstOrderLinearTIDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A);
  /// Constant A and b. ModelError on size mismatch or non-finite data.
  FirstOrderLinearTIDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A,
                       const Eigen::VectorXd& b);

  const char* typeName() const override { return "FirstOrderLinearTIDS"; }

  /// Time-dependent A or b is not allowed: ModelError.
  ///@{
  void setComputeAFunction(AFunction A) override;
  void setComputebFunction(BFunction b) override;
  ///@}
  /// The plug-in and two-argument forms of FirstOrderLinearDS (they throw ModelError too).
  ///@{
  using FirstOrderLinearDS::setComputeAFunction;
  using FirstOrderLinearDS::setComputebFunction;
  ///@}
};

}  // namespace moreau
