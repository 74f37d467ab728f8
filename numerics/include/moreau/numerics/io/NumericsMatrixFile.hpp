#pragma once
// The NumericsMatrix block of the `.dat` format (storage 0 dense, 1 sparse
// block, 2 CSparse dump). See docs/numerics/file-format.md and
// shared/spec/siconos-reference.md §3.3. Shared by the LCP, MLCP, FC readers.

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>

#include <cstdio>
#include <functional>

namespace moreau::numerics {

/// Called by readNumericsMatrix with the declared row and column counts, before
/// anything is allocated: a problem reader checks them against the problem's
/// other dimensions (and throws through DatTokenizer::fail when they disagree).
using MatrixShapeCheck = std::function<void(long rows, long cols)>;

/// Reads one NumericsMatrix block. Storage 0 gives a Dense Matrix, storage 1 a
/// SparseBlock one (block sizes and pattern as in the file; explicit zeros kept),
/// storage 2 (CSparse dump: CSC, CSR or triplet) a Sparse one. Throws DatFormatError,
/// also before allocating when a declared size (values, blocks, entries, a sparse
/// matrix's column count) is more than the rest of the file can hold.
Matrix readNumericsMatrix(DatTokenizer& tokens, const MatrixShapeCheck& checkShape = {});

/// Writes `matrix` in its own storage: Dense as storage 0, SparseBlock as storage 1,
/// Sparse as storage 2 (CSC in the cs_print layout, origin 2). Every value is written
/// with %.17g so that reading it back is bitwise exact (unlike Siconos's %g CSparse
/// dumps). Throws std::runtime_error on a write error.
void writeNumericsMatrix(const Matrix& matrix, std::FILE* out);
/// Writes `matrix` as storage 0 (dense, column-major, %.17g).
void writeNumericsMatrixDense(const Matrix& matrix, std::FILE* out);
/// Writes `matrix` as storage 1. Zero-size block rows/columns are left out (they hold
/// no value); a non-SparseBlock matrix is written as one block (none when all zero).
void writeNumericsMatrixSparseBlock(const Matrix& matrix, std::FILE* out);
/// Writes `matrix` as storage 2 (CSC, cs_print layout, %.17g values).
void writeNumericsMatrixCSparse(const Matrix& matrix, std::FILE* out);

/// Reads `count` finite doubles (a vector of the file), `what` names them in errors.
/// Checks that the rest of the file can hold them before allocating.
Eigen::VectorXd readDatVector(DatTokenizer& tokens, Eigen::Index count, const char* what);
/// Writes `v` on one line, %.17g, space separated. Throws std::runtime_error on error.
void writeDatVector(const Eigen::VectorXd& v, std::FILE* out);

}  // namespace moreau::numerics
