#pragma once
// Linear time-invariant Lagrangian relation (Siconos LagrangianLinearTIR):
//   y = H q + b,   ẏ = H v,   p = Hᵀ λ
// where q = [q_ds1; q_ds2] stacks the coordinates of the linked systems in
// link order, so H has Σ ndof columns.

#include <moreau/kernel/modeling/Relation.hpp>

namespace moreau {

class LagrangianLinearTIR : public Relation {
 public:
  /// b = 0. Throws ModelError when H is empty or not finite.
  explicit LagrangianLinearTIR(const Eigen::MatrixXd& H);
  /// Throws ModelError when b.size() != H.rows() or an entry is not finite.
  LagrangianLinearTIR(const Eigen::MatrixXd& H, const Eigen::VectorXd& b);

  const char* typeName() const override { return "LagrangianLinearTIR"; }
  Eigen::Index outputSize() const override { return H_.rows(); }
  Eigen::Index inputSize() const override { return H_.cols(); }

  /// H = ∇_q y.
  const Eigen::MatrixXd& jachq() const { return H_; }
  const Eigen::VectorXd& b() const { return b_; }

 private:
  Eigen::MatrixXd H_;
  Eigen::VectorXd b_;
};

}  // namespace moreau
