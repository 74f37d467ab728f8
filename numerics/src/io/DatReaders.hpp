#pragma once
// Internal: problem readers working on a tokenizer (shared by the per-kind file
// readers and by detectProblemKind). Not installed.

#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>
#include <moreau/numerics/relay/RelayProblem.hpp>

#include <cstdio>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics::io_detail {

LinearComplementarityProblem readLcp(DatTokenizer& tok);
MixedLinearComplementarityProblem readMlcp(DatTokenizer& tok, MlcpFilePart part);
RelayProblem readRelay(DatTokenizer& tok);
/// The lb and ub vectors (n values each, inf/-inf allowed) that end a relay file.
std::pair<Eigen::VectorXd, Eigen::VectorXd> readRelayBounds(DatTokenizer& tok, Eigen::Index n);
FrictionContactProblem readFrictionContact(DatTokenizer& tok);

/// Runs `read` (a reader working on `tok`); an allocation failure (std::bad_alloc,
/// std::length_error) becomes a DatFormatError "FILE:LINE: out of memory ..." naming
/// the file. The readers check every declared size against the file first, so this
/// only happens for a genuinely large problem.
template <class Read>
auto guardAllocation(DatTokenizer& tok, Read&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    tok.fail("out of memory while reading the problem (std::bad_alloc)");
  } catch (const std::length_error& e) {
    tok.fail(std::string("out of memory while reading the problem (") + e.what() + ")");
  }
}

/// fopen for writing; throws std::runtime_error "PATH: cannot open file for writing".
using FilePtr = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;
FilePtr openForWriting(const std::string& path);
/// fclose; throws std::runtime_error "PATH: write error" on failure or when !ok.
void closeChecked(FilePtr file, const std::string& path, bool ok = true);

}  // namespace moreau::numerics::io_detail
