#pragma once
// Internal: the ordered, budgeted steps of the friction-contact "auto" chain,
// chosen from the problem's features (docs/numerics/friction-contact.md).

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>

#include <string>
#include <vector>

namespace moreau::numerics::fcdetail {

struct AutoStep {
  std::string name;          ///< solver name for the driver
  SolverOptions options;     ///< budget and stall test already set
  bool fromScratch = false;  ///< start from r = 0 instead of the best iterate so far
};

/// The chain for a problem with these features and the caller's options.
std::vector<AutoStep> autoPlan(const FcProblemFeatures& features, const SolverOptions& options);

}  // namespace moreau::numerics::fcdetail
