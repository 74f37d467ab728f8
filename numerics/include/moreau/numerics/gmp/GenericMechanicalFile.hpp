#pragma once
// Siconos GenericMechanical `.dat` files (layout: siconos-reference.md §3.2,
// docs/numerics/generic-mechanical.md): NumericsMatrix M in sparse-block
// storage, q (M.cols() values), then one integer problem type per block row of
// M (0 LCP, 2 equality, 4 FC3D followed by its μ). The block sizes are those of
// the block rows of M.

#include <moreau/numerics/gmp/GenericMechanicalProblem.hpp>

#include <string>

namespace moreau::numerics {

/// Reads a GenericMechanical `.dat` file: one block per block row of M (M must be sparse-block),
/// types 0 (complementarity), 2 (equality) and 4 (FC3D, its μ next; block rows of 3). Types 3
/// (FC2D) and 9 (relay), whose extra data the layout does not document, and any other type are
/// rejected. Throws DatFormatError (file:line: message), or std::runtime_error when the file
/// cannot be opened.
GenericMechanicalProblem readGenericMechanicalFile(const std::string& path);

/// Writes `problem` in that layout (M as sparse-block with one block row per problem block, %.17g
/// values, so that reading it back is bitwise exact). Throws std::invalid_argument for a problem
/// with FC2D or relay blocks (not in the documented layout) or a malformed one,
/// std::runtime_error on an I/O error.
void writeGenericMechanicalFile(const GenericMechanicalProblem& problem, const std::string& path);

}  // namespace moreau::numerics
