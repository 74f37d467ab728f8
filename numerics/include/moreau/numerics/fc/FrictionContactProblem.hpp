#pragma once
// Friction-contact problem, local (reduced) form: u = W r + q with, for each
// contact i, r_i = (r_N, r_T) in the Coulomb cone K_μi = {‖r_T‖ <= μ_i r_N} and
// the De Saxcé velocity ũ_i = u_i + μ_i ‖u_T,i‖ e_N in its dual:
// K_μ ∋ r ⊥ ũ ∈ K_μ*. See docs/numerics/friction-contact.md.

#include <moreau/numerics/Matrix.hpp>

#include <Eigen/Dense>

namespace moreau::numerics {

/// Friction-contact problem, local (reduced) form: u = W r + q with, for each contact i,
/// r_i = (r_N, r_T) in the Coulomb cone K_μi = {‖r_T‖ <= μ_i r_N} and the De Saxcé velocity
/// ũ_i = u_i + μ_i ‖u_T,i‖ e_N in its dual: K_μ ∋ r ⊥ ũ ∈ K_μ*. Each contact has `dimension`
/// unknowns, normal first. See docs/numerics/friction-contact.md.
class FrictionContactProblem {
 public:
  /// Empty 3D problem (no contact).
  FrictionContactProblem() = default;
  /// dimension: 2 (normal + 1 tangent) or 3 (normal + 2 tangents); W square of
  /// size dimension·nc (Dense, Sparse, or SparseBlock with dimension×dimension
  /// diagonal blocks); q of that size; mu with nc entries, finite and >= 0.
  /// Throws std::invalid_argument naming the mismatch.
  FrictionContactProblem(int dimension, Matrix W, Eigen::VectorXd q, Eigen::VectorXd mu);

  /// 2 (normal + 1 tangent) or 3 (normal + 2 tangents).
  int dimension() const { return dimension_; }
  /// Number of contacts nc.
  Eigen::Index numberOfContacts() const { return mu_.size(); }
  /// dimension · nc, the size of r, u and q.
  Eigen::Index size() const { return q_.size(); }
  /// The Delassus matrix W (size() × size()), q (size()) and the friction coefficients μ (nc, >=
  /// 0).
  ///@{
  const Matrix& W() const { return W_; }
  const Eigen::VectorXd& q() const { return q_; }
  const Eigen::VectorXd& mu() const { return mu_; }
  ///@}
  /// Mutable access for callers refilling the data in place (no reallocation
  /// while the sizes are unchanged; a SparseBlock W can change its pattern in
  /// place with SparseBlockMatrix::assignPattern / beginPattern..endPattern);
  /// call validate() after changing sizes. See FrictionContactSolver.
  ///@{
  Matrix& W() { return W_; }
  Eigen::VectorXd& q() { return q_; }
  Eigen::VectorXd& mu() { return mu_; }
  ///@}
  /// Throws std::invalid_argument naming the mismatch (the constructor's conditions).
  void validate() const;

 private:
  int dimension_ = 3;
  Matrix W_;
  Eigen::VectorXd q_;
  Eigen::VectorXd mu_;
};

}  // namespace moreau::numerics
