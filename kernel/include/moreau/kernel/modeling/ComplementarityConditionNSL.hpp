#pragma once
// Complementarity condition (Siconos ComplementarityConditionNSL,
// simulation.md §2.3.5):   0 ≤ y ⊥ λ ≥ 0  (position level). Numerics: LCP.

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

namespace moreau {

/// Complementarity condition (Siconos ComplementarityConditionNSL): 0 ≤ y ⊥ λ ≥ 0 at position level
/// (e.g. ideal diodes). Numerics: LCP.
class ComplementarityConditionNSL : public NonSmoothLaw {
 public:
  /// ModelError when size == 0.
  explicit ComplementarityConditionNSL(unsigned size);
  const char* typeName() const override { return "ComplementarityConditionNSL"; }
  NumericsProblemKind problemKind() const override { return NumericsProblemKind::LCP; }
};

}  // namespace moreau
