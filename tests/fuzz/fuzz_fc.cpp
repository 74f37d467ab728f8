// libFuzzer target: friction-contact `.dat` reader (readFrictionContactFile) and a
// write/read round trip.
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <optional>

#include "FuzzSupport.hpp"

namespace mn = moreau::numerics;
namespace mf = moreau::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static mf::FuzzFile input("in.dat");
  static mf::FuzzFile output("out.dat");
  std::optional<mn::FrictionContactProblem> problem;
  try {
    problem = mn::readFrictionContactFile(input.write(data, size));
  } catch (const mn::DatFormatError&) {
    return 0;
  }
  mn::writeFrictionContactFile(*problem, output.path());
  const mn::FrictionContactProblem back = mn::readFrictionContactFile(output.path());
  mf::require(back.dimension() == problem->dimension(), "FC dimension changed");
  mf::requireSameMatrix(problem->W(), back.W(), "FC W");
  mf::require(mf::sameBits(problem->q(), back.q()) && mf::sameBits(problem->mu(), back.mu()),
              "FC q or mu changed by the round trip");
  return 0;
}
