#pragma once
// Relay problem files (Siconos numerics `.dat` layout: n, M, q, lb, ub).
// See docs/numerics/file-format.md.

#include <moreau/numerics/relay/RelayProblem.hpp>

#include <string>

namespace moreau::numerics {

/// Reads n, NumericsMatrix M, q, lb, ub (each with M's column count of values;
/// bounds may be inf/-inf). Trailing tokens are ignored. Throws DatFormatError, or
/// std::runtime_error when the file cannot be opened.
RelayProblem readRelayFile(const std::string& path);
/// Writes the problem (M in its own storage, %.17g values). Throws std::runtime_error.
void writeRelayFile(const RelayProblem& problem, const std::string& path);

}  // namespace moreau::numerics
