#pragma once
// Mixed complementarity condition (Siconos MixedComplementarityConditionNSL):
// the first `equalities` rows are y = 0 (λ free), the next `complementarities`
// rows are 0 ≤ y ⊥ λ ≥ 0. size() = equalities + complementarities.
// Numerics: MLCP.

#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

namespace moreau {

/// Mixed complementarity condition (Siconos MixedComplementarityConditionNSL): the first
/// `equalities` rows are y = 0 (λ free), the next `complementarities` rows are 0 ≤ y ⊥ λ ≥ 0;
/// size() = equalities + complementarities. Numerics: MLCP.
class MixedComplementarityConditionNSL : public NonSmoothLaw {
 public:
  /// ModelError when equalities + complementarities == 0.
  /// Porting note: Siconos's MixedComplementarityConditionNSL(size, eqSize)
  /// takes the TOTAL size first; here both arguments are counts, so Siconos's
  /// (size, eqSize) is (eqSize, size - eqSize) in Moreau. A law built in the
  /// Siconos order is larger than the interaction and Interaction's
  /// constructor rejects it with a message naming this difference.
  MixedComplementarityConditionNSL(unsigned equalities, unsigned complementarities);
  const char* typeName() const override { return "MixedComplementarityConditionNSL"; }
  NumericsProblemKind problemKind() const override { return NumericsProblemKind::MLCP; }
  /// Number of equality rows (first rows).
  unsigned equalitySize() const { return equalities_; }
  /// Number of complementarity rows (last rows).
  unsigned complementaritySize() const { return size() - equalities_; }

 private:
  unsigned equalities_;
};

}  // namespace moreau
