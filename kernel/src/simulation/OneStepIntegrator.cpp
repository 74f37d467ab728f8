#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <string>

namespace moreau {

OneStepIntegrator::~OneStepIntegrator() = default;

std::shared_ptr<OneStepIntegrator> OneStepIntegrator::companionFor(const DynamicalSystem& /*ds*/) {
  return nullptr;
}

const Eigen::MatrixXd& OneStepIntegrator::iterationMatrix(const DynamicalSystem& ds) const {
  throw ModelError(std::string(typeName()) + ": no iteration matrix for " + ds.description() +
                   " (this integrator has no global formulation)");
}

const Eigen::MatrixXd& OneStepIntegrator::jacobianBlock(const Interaction& inter,
                                                        const DynamicalSystem& ds) const {
  throw ModelError(std::string(typeName()) + ": no Jacobian block of " + inter.description() +
                   " on " + ds.description() + " (this integrator has no global formulation)");
}

const Eigen::VectorXd& OneStepIntegrator::freeVelocity(const DynamicalSystem& ds) const {
  throw ModelError(std::string(typeName()) + ": no free velocity for " + ds.description() +
                   " (this integrator has no global formulation)");
}

}  // namespace moreau
