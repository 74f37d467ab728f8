#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>

namespace moreau {

ProjectionIntegrator::~ProjectionIntegrator() = default;

}  // namespace moreau
