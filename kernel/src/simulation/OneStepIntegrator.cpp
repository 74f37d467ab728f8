#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

namespace moreau {

OneStepIntegrator::~OneStepIntegrator() = default;

}  // namespace moreau
