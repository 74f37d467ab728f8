#pragma once
// Equality (bilateral) condition (Siconos EqualityConditionNSL, dev-notes
// §1.3):   y = 0, λ free. Always in the active index sets (dev-notes §3.5).
// Numerics: Equality (the equality rows of an MLCP).

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

namespace moreau {

/// Equality (bilateral) condition (Siconos EqualityConditionNSL): y = 0, λ free. Always in the
/// active index sets. Numerics: Equality (the equality rows of an MLCP).
class EqualityConditionNSL : public NonSmoothLaw {
 public:
  /// ModelError when size == 0.
  explicit EqualityConditionNSL(unsigned size);
  const char* typeName() const override { return "EqualityConditionNSL"; }
  NumericsProblemKind problemKind() const override { return NumericsProblemKind::Equality; }
};

}  // namespace moreau
