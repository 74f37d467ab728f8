#pragma once
// First-order linear time-invariant relation (Siconos FirstOrderLinearTIR):
//   y = C x + F z + D λ + e,   r = B λ   with constant C, D, F, e, B.

#include <moreau/kernel/modeling/FirstOrderLinearR.hpp>

namespace moreau {

/// First-order linear time-invariant relation (Siconos FirstOrderLinearTIR):
/// y = C x + F z + D λ + e, r = B λ with constant C, D, F, e, B (e.g. the diodes of a circuit
/// with ComplementarityConditionNSL).
class FirstOrderLinearTIR : public FirstOrderLinearR {
 public:
  /// ModelError when C or B is empty or not finite.
  FirstOrderLinearTIR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& B);
  /// D, F may be empty (zero); e may be empty (zero).
  FirstOrderLinearTIR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& D, const Eigen::MatrixXd& F,
                      const Eigen::VectorXd& e, const Eigen::MatrixXd& B);

  const char* typeName() const override { return "FirstOrderLinearTIR"; }

  /// Time-dependent operators are not allowed: ModelError.
  using FirstOrderLinearR::setComputeBFunction;
  using FirstOrderLinearR::setComputeCFunction;
  using FirstOrderLinearR::setComputeDFunction;
  using FirstOrderLinearR::setComputeEFunction;
  using FirstOrderLinearR::setComputeFFunction;
  ///@{
  void setComputeCFunction(MatrixOfTime C) override;
  void setComputeDFunction(MatrixOfTime D) override;
  void setComputeFFunction(MatrixOfTime F) override;
  void setComputeEFunction(VectorOfTime e) override;
  void setComputeBFunction(MatrixOfTime B) override;
  ///@}
};

}  // namespace moreau
