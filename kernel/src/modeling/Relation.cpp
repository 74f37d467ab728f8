#include <moreau/kernel/modeling/Relation.hpp>

namespace moreau {

Relation::~Relation() = default;

}  // namespace moreau
