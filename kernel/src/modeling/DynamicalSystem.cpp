#include <moreau/kernel/modeling/DynamicalSystem.hpp>

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

}  // namespace moreau
