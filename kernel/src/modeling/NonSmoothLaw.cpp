#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

namespace moreau {

NonSmoothLaw::~NonSmoothLaw() = default;

}  // namespace moreau
