#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>

#include <string>

namespace moreau {

NonSmoothLaw::~NonSmoothLaw() = default;

void NonSmoothLaw::checkSize() const {
  if (size_ == 0) throw ModelError(std::string(typeName()) + ": size must be >= 1 (got 0)");
}

const char* toString(NumericsProblemKind kind) {
  switch (kind) {
    case NumericsProblemKind::LCP:
      return "LCP";
    case NumericsProblemKind::MLCP:
      return "MLCP";
    case NumericsProblemKind::Relay:
      return "Relay";
    case NumericsProblemKind::FrictionContact2D:
      return "FrictionContact2D";
    case NumericsProblemKind::FrictionContact3D:
      return "FrictionContact3D";
    case NumericsProblemKind::Equality:
      return "Equality";
    case NumericsProblemKind::Unsupported:
      return "Unsupported";
  }
  return "unknown";
}

bool isAlwaysActive(const NonSmoothLaw& law) {
  const NumericsProblemKind kind = law.problemKind();
  if (const auto* mixed = dynamic_cast<const MixedComplementarityConditionNSL*>(&law))
    return mixed->equalitySize() > 0;
  return kind == NumericsProblemKind::Equality || kind == NumericsProblemKind::Relay;
}

}  // namespace moreau
