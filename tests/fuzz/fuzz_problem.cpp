// libFuzzer target: kind detection and the generic reader (readProblemFile). A
// detected file must also be read when its kind is given explicitly, as that kind.
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/ProblemFile.hpp>

#include <optional>

#include "FuzzSupport.hpp"

namespace mn = moreau::numerics;
namespace mf = moreau::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static mf::FuzzFile input("in.dat");
  const std::string& path = input.write(data, size);
  std::optional<mn::ProblemFile> detected;
  try {
    detected = mn::readProblemFile(path);
  } catch (const mn::DatFormatError&) {
    return 0;
  }
  mf::require(mn::detectProblemKind(path) == detected->kind,
              "detectProblemKind disagrees with readProblemFile");
  try {
    const mn::ProblemFile explicitKind = mn::readProblemFile(path, detected->kind);
    mf::require(explicitKind.kind == detected->kind, "explicit kind read as another kind");
  } catch (const mn::DatFormatError& e) {
    mf::fail(std::string("detected as ") + mn::problemKindName(detected->kind) +
             " but not readable as such: " + e.what());
  }
  return 0;
}
