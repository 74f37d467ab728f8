#pragma once
// MLCP problem files (Siconos numerics `.dat` layout, storage 1 and/or storage 2).
// See docs/numerics/file-format.md.

#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>

#include <string>

namespace moreau::numerics {

/// Which part of an MLCP file builds the problem. Both parts are always read
/// (consumed and checked), only the chosen one is used.
enum class MlcpFilePart {
  Preferred,  ///< storage 1 (M, q, row blocks) when present, else storage 2
  Storage1,   ///< (M, q, blocksRows, blocksIsComp); DatFormatError when absent
  Storage2    ///< (A, B, C, D, a, b) → canonical dense form; DatFormatError when absent
};

/// Reads an MLCP file: isStorageType1 isStorageType2 n m, then the storage-1 part
/// (blocksRows read until a value >= n+m, blocksIsComp, NumericsMatrix M, q), then
/// the storage-2 part (A n×n, B m×m, C n×m, D m×n row by row, a, b). Trailing tokens
/// are ignored. Throws DatFormatError (file:line: expected ...), or std::runtime_error
/// when the file cannot be opened.
MixedLinearComplementarityProblem readMlcpFile(const std::string& path,
                                               MlcpFilePart part = MlcpFilePart::Preferred);

/// Which parts writeMlcpFile writes (at least one).
struct MlcpWriteOptions {
  bool storage1 = true;  ///< M in its own storage (dense/SBM/CSparse), q, row blocks
  bool storage2 = true;  ///< dense A, B, C, D, a, b (equality rows first)
};

/// Writes `problem` with %.17g values, so that reading it back is bitwise exact.
/// Throws std::invalid_argument when neither part is requested, std::runtime_error
/// on an I/O error.
void writeMlcpFile(const MixedLinearComplementarityProblem& problem, const std::string& path,
                   const MlcpWriteOptions& options = {});

}  // namespace moreau::numerics
