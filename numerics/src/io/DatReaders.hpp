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
#include <string>

namespace moreau::numerics::io_detail {

LinearComplementarityProblem readLcp(DatTokenizer& tok);
MixedLinearComplementarityProblem readMlcp(DatTokenizer& tok, MlcpFilePart part);
RelayProblem readRelay(DatTokenizer& tok);
FrictionContactProblem readFrictionContact(DatTokenizer& tok);

/// fopen for writing; throws std::runtime_error "PATH: cannot open file for writing".
using FilePtr = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;
FilePtr openForWriting(const std::string& path);
/// fclose; throws std::runtime_error "PATH: write error" on failure or when !ok.
void closeChecked(FilePtr file, const std::string& path, bool ok = true);

}  // namespace moreau::numerics::io_detail
