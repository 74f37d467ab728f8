#pragma once
// Friction-contact problem, global form (Siconos GFC / FCLIB "global"):
// find the generalized velocity v, the local velocities u and the reactions r with
//   M v = q + H r,
//   u = Hᵀ v + b,
//   per contact i: K_μi ∋ r_i ⊥ ũ_i ∈ K_μi*, ũ_i = u_i + μ_i ‖u_T,i‖ e_N.
// M is n×n (symmetric positive definite for mechanical systems), H is n×m with
// m = dimension·nc (the transposed contact Jacobian: column block i maps the
// reaction of contact i to generalized forces). In FCLIB files q is called f and
// b is called w. Plain data: fill the members, then call validate().
// See docs/numerics/friction-contact.md.

#include <moreau/numerics/Matrix.hpp>

#include <Eigen/Dense>

namespace moreau::numerics {

/// Friction-contact problem, global form (Siconos GFC / FCLIB "global"): find v, u and r with
/// M v = q + H r, u = Hᵀ v + b and, per contact i, K_μi ∋ r_i ⊥ ũ_i ∈ K_μi*,
/// ũ_i = u_i + μ_i ‖u_T,i‖ e_N. M is n × n (symmetric positive definite for mechanical systems),
/// H is n × m with m = dimension · nc. In FCLIB files q is called f and b is called w. Plain
/// data: fill the members, then call validate(). See docs/numerics/friction-contact.md.
struct GlobalFrictionContactProblem {
  /// 2 (normal + 1 tangent) or 3 (normal + 2 tangents).
  int dimension = 3;
  /// n×n mass (or iteration) matrix; any storage.
  Matrix M;
  /// n×m matrix, m = dimension·numberOfContacts(); any storage.
  Matrix H;
  /// n entries (generalized forces/impulses: M v = q + H r).
  Eigen::VectorXd q;
  /// m entries (u = Hᵀ v + b).
  Eigen::VectorXd b;
  /// One friction coefficient per contact, finite and >= 0.
  Eigen::VectorXd mu;

  /// Number of contacts nc.
  Eigen::Index numberOfContacts() const { return mu.size(); }
  /// n, the number of generalized velocities (rows of M).
  Eigen::Index numberOfDofs() const { return M.rows(); }
  /// m = dimension·numberOfContacts(), the size of r and u.
  Eigen::Index localSize() const { return dimension * mu.size(); }

  /// Throws std::invalid_argument naming the first inconsistency (dimension,
  /// sizes of M, H, q, b, mu; non-finite entries; negative μ).
  void validate() const;
};

}  // namespace moreau::numerics
