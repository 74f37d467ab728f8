// libFuzzer target: relay `.dat` reader (readRelayFile) and a write/read round trip.
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/RelayFile.hpp>

#include <optional>

#include "FuzzSupport.hpp"

namespace mn = moreau::numerics;
namespace mf = moreau::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static mf::FuzzFile input("in.dat");
  static mf::FuzzFile output("out.dat");
  std::optional<mn::RelayProblem> problem;
  try {
    problem = mn::readRelayFile(input.write(data, size));
  } catch (const mn::DatFormatError&) {
    return 0;
  }
  mn::writeRelayFile(*problem, output.path());
  const mn::RelayProblem back = mn::readRelayFile(output.path());
  mf::requireSameMatrix(problem->M(), back.M(), "Relay M");
  mf::require(mf::sameBits(problem->q(), back.q()) && mf::sameBits(problem->lb(), back.lb()) &&
                  mf::sameBits(problem->ub(), back.ub()),
              "Relay q, lb or ub changed by the round trip");
  return 0;
}
