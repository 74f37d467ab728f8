#pragma once
// Exceptions of the kernel. ModelError: bad model input (raised while building
// or initializing a model; the message names the object and the sizes).
// SimulationError: a step could not be computed (e.g. the one-step
// nonsmooth problem solver did not converge); the message gives the time,
// the step index and the solver's own message.

#include <stdexcept>
#include <string>

namespace moreau {

/// Bad model input, raised while building or initializing a model; the message names the object
/// and the mismatch (sizes, values).
class ModelError : public std::runtime_error {
 public:
  /// `what`: the message.
  explicit ModelError(const std::string& what) : std::runtime_error(what) {}
};

/// A step could not be computed (e.g. the one-step problem solver did not converge under
/// FailurePolicy::Throw); the message gives the time, the step index and the solver's message.
class SimulationError : public std::runtime_error {
 public:
  /// `what`: the message.
  explicit SimulationError(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace moreau
