#include <moreau/kernel/modeling/EqualityConditionNSL.hpp>

namespace moreau {

EqualityConditionNSL::EqualityConditionNSL(unsigned size) : NonSmoothLaw(size) { checkSize(); }

}  // namespace moreau
