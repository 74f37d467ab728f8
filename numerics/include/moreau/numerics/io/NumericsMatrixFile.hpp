#pragma once
// The NumericsMatrix block of the `.dat` format (storage 0 dense, 1 sparse
// block, 2 CSparse dump). See docs/numerics/file-format.md and
// shared/spec/siconos-reference.md §3.3. Shared by the LCP, MLCP, FC readers.

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>

#include <cstdio>

namespace moreau::numerics {

/// Reads one NumericsMatrix block. Storage 0 gives a dense Matrix, storages 1
/// and 2 a sparse one. Throws DatFormatError.
Matrix readNumericsMatrix(DatTokenizer& tokens);

/// Writes `matrix` as storage 0 (dense, column-major, %.17g so that reading it
/// back is bitwise exact). Throws std::runtime_error on a write error.
void writeNumericsMatrixDense(const Matrix& matrix, std::FILE* out);

}  // namespace moreau::numerics
