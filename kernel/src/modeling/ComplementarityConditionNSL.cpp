#include <moreau/kernel/modeling/ComplementarityConditionNSL.hpp>

namespace moreau {

ComplementarityConditionNSL::ComplementarityConditionNSL(unsigned size) : NonSmoothLaw(size) {
  checkSize();
}

}  // namespace moreau
