#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>

#include <string>

namespace moreau {

MixedComplementarityConditionNSL::MixedComplementarityConditionNSL(unsigned equalities,
                                                                   unsigned complementarities)
    : NonSmoothLaw(equalities + complementarities), equalities_(equalities) {
  if (equalities + complementarities == 0)
    throw ModelError(
        "MixedComplementarityConditionNSL: size must be >= 1 (0 equalities + 0 "
        "complementarities)");
}

}  // namespace moreau
