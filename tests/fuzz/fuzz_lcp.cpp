// libFuzzer target: LCP `.dat` reader (readLcpFile), then a write/read round trip
// of every accepted problem (same storage, bitwise values).
#include <moreau/numerics/io/DatFile.hpp>

#include <optional>

#include "FuzzSupport.hpp"

namespace mn = moreau::numerics;
namespace mf = moreau::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static mf::FuzzFile input("in.dat");
  static mf::FuzzFile output("out.dat");
  std::optional<mn::LinearComplementarityProblem> problem;
  try {
    problem = mn::readLcpFile(input.write(data, size));
  } catch (const mn::DatFormatError&) {
    return 0;  // rejected with a message: fine
  }
  mn::writeLcpFile(*problem, output.path());
  const mn::LinearComplementarityProblem back = mn::readLcpFile(output.path());
  mf::requireSameMatrix(problem->M(), back.M(), "LCP M");
  mf::require(mf::sameBits(problem->q(), back.q()), "LCP q changed by the round trip");
  return 0;
}
