#pragma once
// Friction-contact problem files, local form (Siconos numerics `.dat` layout:
// dimension, nc, M, q, mu). See docs/numerics/file-format.md.

#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <string>

namespace moreau::numerics {

/// Reads dimension (2 or 3), number of contacts nc, NumericsMatrix W (dense, SBM
/// or CSparse; kept in that storage), q (W's column count of values), mu (nc values).
/// Trailing tokens are ignored. Throws DatFormatError, or std::runtime_error when
/// the file cannot be opened.
FrictionContactProblem readFrictionContactFile(const std::string& path);
/// Writes the problem (W in its own storage, %.17g values). Throws std::runtime_error.
void writeFrictionContactFile(const FrictionContactProblem& problem, const std::string& path);

}  // namespace moreau::numerics
