#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>

#include <utility>

namespace moreau {

DynamicalSystem::~DynamicalSystem() = default;

std::string DynamicalSystem::description() const {
  std::string text = typeName();
  if (!name_.empty()) text += " '" + name_ + "'";
  if (inserted_)
    text += " (number " + std::to_string(number_) + ")";
  else
    text += " (not inserted)";
  return text;
}

void DynamicalSystem::assignBoundaryConditions(std::shared_ptr<BoundaryCondition> bc,
                                               Eigen::Index velocitySize) {
  if (bc) bc->checkAgainst(*this, velocitySize);
  bc_ = std::move(bc);
  resetBoundaryConditionOutputs();
}

void DynamicalSystem::resetBoundaryConditionOutputs() {
  const Eigen::Index count = bc_ ? static_cast<Eigen::Index>(bc_->velocityIndices().size()) : 0;
  bcReaction_.setZero(count);
  bcImpulse_.setZero(count);
}

}  // namespace moreau
