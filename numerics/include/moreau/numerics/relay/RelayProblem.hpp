#pragma once
// Relay (box-constrained, MCP) problem: find z with w = M z + q and
// −w ∈ N_[lb,ub](z), i.e. for every i
//   lb_i < z_i < ub_i  ⇒ w_i = 0,   z_i = lb_i ⇒ w_i >= 0,   z_i = ub_i ⇒ w_i <= 0.
// Bounds may be infinite (lb_i = −inf, ub_i = +inf) but lb_i <= ub_i.
// See docs/numerics/relay.md.

#include <moreau/numerics/Matrix.hpp>

#include <Eigen/Dense>

namespace moreau::numerics {

/// Relay (box-constrained, MCP) problem: find z with w = M z + q and −w ∈ N_[lb,ub](z), i.e. for
/// every i: lb_i < z_i < ub_i ⇒ w_i = 0, z_i = lb_i ⇒ w_i >= 0, z_i = ub_i ⇒ w_i <= 0. Bounds
/// may be infinite (lb_i = −inf, ub_i = +inf) but lb_i <= ub_i. See docs/numerics/relay.md.
class RelayProblem {
 public:
  /// Empty problem (n = 0).
  RelayProblem() = default;
  /// Throws std::invalid_argument when M is not square, q, lb or ub has the
  /// wrong size, M or q has a non-finite entry, a bound is NaN, lb_i > ub_i,
  /// lb_i = +inf or ub_i = −inf.
  ///@{
  RelayProblem(Matrix M, Eigen::VectorXd q, Eigen::VectorXd lb, Eigen::VectorXd ub);
  RelayProblem(Eigen::MatrixXd M, Eigen::VectorXd q, Eigen::VectorXd lb, Eigen::VectorXd ub);
  RelayProblem(Eigen::SparseMatrix<double> M, Eigen::VectorXd q, Eigen::VectorXd lb,
               Eigen::VectorXd ub);
  ///@}

  /// Size n of the problem.
  Eigen::Index size() const { return q_.size(); }
  /// M (n × n), q, lower bounds lb and upper bounds ub (size n each).
  ///@{
  const Matrix& M() const { return M_; }
  const Eigen::VectorXd& q() const { return q_; }
  const Eigen::VectorXd& lb() const { return lb_; }
  const Eigen::VectorXd& ub() const { return ub_; }
  ///@}
  /// Mutable access for callers that refill the data in place; call validate()
  /// after changing it.
  ///@{
  Matrix& M() { return M_; }
  Eigen::VectorXd& q() { return q_; }
  Eigen::VectorXd& lb() { return lb_; }
  Eigen::VectorXd& ub() { return ub_; }
  ///@}
  /// Throws std::invalid_argument on the conditions listed at the constructor.
  void validate() const;

 private:
  Matrix M_;
  Eigen::VectorXd q_;
  Eigen::VectorXd lb_;
  Eigen::VectorXd ub_;
};

}  // namespace moreau::numerics
