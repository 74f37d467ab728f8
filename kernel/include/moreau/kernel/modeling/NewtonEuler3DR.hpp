#pragma once
// Contact with Coulomb friction between a Newton–Euler body and the ground
// or two bodies (Siconos NewtonEuler3DR; dev-notes §5.5,
// docs/theory/newton-euler.md §4): the contact of NewtonEuler1DR with the
// local frame [n; t1; t2] (rows, orthonormal, tangents from tangentBasis):
//   y = (g, 0, 0),   H = [n; t1; t2] [ I₃, −(P1 − G1)~R1, −I₃, (P2 − G2)~R2 ]
// so ẏ = (u_N, u_T1, u_T2) is the relative velocity of the material points
// at the contact in the local frame, and the reaction r = (r_N, r_T1, r_T2)
// acts on body 1 as the wrench Hᵀ r (force in the inertial frame, moment
// R1ᵀ((P1 − G1) × force) in the body frame). For NewtonImpactFrictionNSL of
// size 3 and FrictionContact(3).

#include <moreau/kernel/modeling/NewtonEuler1DR.hpp>

namespace moreau {

/// Contact with Coulomb friction of Newton–Euler bodies (Siconos NewtonEuler3DR): the contact
/// of NewtonEuler1DR in the local frame [n; t1; t2], y = (g, 0, 0), ẏ = (u_N, u_T1, u_T2).
/// For NewtonImpactFrictionNSL of size 3 and FrictionContact(3).
class NewtonEuler3DR : public NewtonEuler1DR {
 public:
  /// contact: the gap, points and normal at q (see NewtonEuler1DR); ModelError when empty.
  explicit NewtonEuler3DR(ContactFunction contact);

  const char* typeName() const override { return "NewtonEuler3DR"; }
  Eigen::Index outputSize() const override { return 3; }

  /// The orthonormal tangents of the unit normal n (Siconos rule): when
  /// |n_x| > |n_y|, t1 = (n_z, 0, −n_x)/√(n_x² + n_z²), else
  /// t1 = (0, n_z, −n_y)/√(n_y² + n_z²); t2 = n × t1. For n = e_x:
  /// t1 = (0, 0, −1), t2 = (0, 1, 0) (tutorial-models.md §31).
  static void tangentBasis(const Eigen::Vector3d& n, Eigen::Vector3d& t1, Eigen::Vector3d& t2);

 protected:
  /// y(0) = (g, 0, 0).
  void outputFromContact(Interaction& inter, const ContactGeometry& c) const override;
  /// ws.C = [n; t1; t2] [I₃, −(P1 − G1)~R1, −I₃, (P2 − G2)~R2].
  void jacobiansFromContact(Interaction& inter, const ContactGeometry& c) const override;
};

}  // namespace moreau
