#pragma once
// Newton impact law (Siconos NewtonImpactNSL): if y ≤ 0 then
//   0 ≤ ẏ⁺ + e ẏ⁻ ⊥ λ ≥ 0
// (discrete form in dev-notes §2.4.2 / simulation.md §2.8). Numerics: LCP.

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

namespace moreau {

class NewtonImpactNSL : public NonSmoothLaw {
 public:
  /// Throws ModelError when e is not finite or outside [0, 1], or size == 0.
  explicit NewtonImpactNSL(double e, unsigned size = 1);

  const char* typeName() const override { return "NewtonImpactNSL"; }
  NumericsProblemKind problemKind() const override { return NumericsProblemKind::LCP; }
  /// Restitution coefficient.
  double e() const { return e_; }

 private:
  double e_;
};

}  // namespace moreau
