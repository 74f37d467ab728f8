#pragma once
// Readers (and writers) of the Siconos numerics `.dat` text format.
// See docs/numerics/file-format.md and shared/spec/siconos-reference.md §3.

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <iosfwd>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

/// A malformed or truncated problem file: what() names the file, the line and
/// what was expected.
class DatFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Reads an LCP file (n, NumericsMatrix M, q). Throws DatFormatError, or
/// std::runtime_error when the file cannot be opened.
LinearComplementarityProblem readLcpFile(const std::string& path);
/// Writes an LCP in the same format (dense M written with 17 significant digits).
void writeLcpFile(const LinearComplementarityProblem& problem, const std::string& path);

}  // namespace moreau::numerics
