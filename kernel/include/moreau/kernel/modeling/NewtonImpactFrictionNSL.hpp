#pragma once
// Newton impact + Coulomb friction (Siconos NewtonImpactFrictionNSL,
// dev-notes §1.3): normal component with the Newton impact law (eN),
// tangential components in the Coulomb cone ‖λ_T‖ ≤ μ λ_N (tangential
// restitution eT). size 2 (2D: normal + 1 tangent) or 3 (3D: normal + 2
// tangents). Numerics: FrictionContact2D or FrictionContact3D.

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

namespace moreau {

/// Newton impact + Coulomb friction (Siconos NewtonImpactFrictionNSL): normal component with the
/// Newton impact law (eN), tangential components in the Coulomb cone ‖λ_T‖ ≤ μ λ_N (tangential
/// restitution eT). size 2 (2D: normal + 1 tangent) or 3 (3D: normal + 2 tangents). Numerics:
/// FrictionContact2D or FrictionContact3D.
class NewtonImpactFrictionNSL : public NonSmoothLaw {
 public:
  /// ModelError when eN or eT is outside [0, 1], μ is negative or not
  /// finite, or size is not 2 or 3.
  NewtonImpactFrictionNSL(double eN, double eT, double mu, unsigned size);

  const char* typeName() const override { return "NewtonImpactFrictionNSL"; }
  NumericsProblemKind problemKind() const override {
    return size() == 2 ? NumericsProblemKind::FrictionContact2D
                       : NumericsProblemKind::FrictionContact3D;
  }
  /// Normal restitution coefficient eN ∈ [0, 1].
  double en() const { return eN_; }
  /// Tangential restitution coefficient eT ∈ [0, 1].
  double et() const { return eT_; }
  /// Friction coefficient μ ≥ 0.
  double mu() const { return mu_; }

 private:
  double eN_, eT_, mu_;
};

}  // namespace moreau
