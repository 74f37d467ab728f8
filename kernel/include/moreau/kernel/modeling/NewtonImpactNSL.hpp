#pragma once
// Newton impact law (Siconos NewtonImpactNSL): if y ≤ 0 then
//   0 ≤ ẏ⁺ + e ẏ⁻ ⊥ λ ≥ 0
// (discrete form in dev-notes §2.4.2 / simulation.md §2.8). Numerics: LCP.

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

#include <type_traits>

namespace moreau {

/// Newton impact law (Siconos NewtonImpactNSL): if y ≤ 0 then 0 ≤ ẏ⁺ + e ẏ⁻ ⊥ λ ≥ 0, with the
/// restitution coefficient e ∈ [0, 1] (0: plastic impact, 1: elastic). Numerics: LCP.
class NewtonImpactNSL : public NonSmoothLaw {
 public:
  /// Throws ModelError when e is not finite or outside [0, 1], or size == 0.
  /// Argument order: e first, then size. Siconos's two-argument form is
  /// NewtonImpactNSL(size, e); an (integer, floating-point) call in that order
  /// does not compile (deleted overload below); an all-integer call
  /// that is invalid as (e, size), e.g. (2, 1) or (1, 0), gets a ModelError
  /// that names the Siconos order ((1, 1) means the same in both).
  explicit NewtonImpactNSL(double e, unsigned size = 1);

  /// Deleted: NewtonImpactNSL(size, e) is the Siconos argument order.
  /// Write NewtonImpactNSL(e, size) in Moreau, e.g. NewtonImpactNSL(0.9, 1).
  template <
      class SicoSize, class SicoE,
      std::enable_if_t<std::is_integral_v<SicoSize> && std::is_floating_point_v<SicoE>, int> = 0>
  NewtonImpactNSL(SicoSize size, SicoE e) = delete;  // Siconos order (size, e): use (e, size)

  const char* typeName() const override { return "NewtonImpactNSL"; }
  NumericsProblemKind problemKind() const override { return NumericsProblemKind::LCP; }
  /// Restitution coefficient.
  double e() const { return e_; }

 private:
  double e_;
};

}  // namespace moreau
