#pragma once
// Planar contact relation with normal and tangential rows (Siconos
// Lagrangian2d2DR, tutorial-models.md §14); see Lagrangian2d1DR.hpp. The
// tangent is T = (−N_y, N_x); row 1 of G is [T, ℓ1 × T | −T, −ℓ2 × T]. y0 has
// only its normal component set (y0[1] = 0, as in the tutorial), for
// FrictionContact(2) with NewtonImpactFrictionNSL(…, 2).

#include <moreau/kernel/modeling/Lagrangian2d1DR.hpp>

namespace moreau {

/// Planar contact relation, normal + tangential rows (Siconos Lagrangian2d2DR): as
/// Lagrangian2d1DR plus the row [T, ℓ1 × T | −T, −ℓ2 × T] with T = (−N_y, N_x);
/// y0 = (σ‖Pc2 − Pc1‖, 0). Interaction dimension 2 (FrictionContact(2)).
class Lagrangian2d2DR : public Lagrangian2d1DR {
 public:
  using Lagrangian2d1DR::Lagrangian2d1DR;
  const char* typeName() const override { return "Lagrangian2d2DR"; }

 protected:
  Eigen::Index rows() const override { return 2; }
};

}  // namespace moreau
