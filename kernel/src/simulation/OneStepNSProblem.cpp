#include <moreau/kernel/simulation/OneStepNSProblem.hpp>

namespace moreau {

OneStepNSProblem::~OneStepNSProblem() = default;

}  // namespace moreau
