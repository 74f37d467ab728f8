// libFuzzer target: MLCP `.dat` reader (readMlcpFile, each part) and a write/read
// round trip of the preferred part (storage 1 when present).
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>

#include <optional>

#include "FuzzSupport.hpp"

namespace mn = moreau::numerics;
namespace mf = moreau::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static mf::FuzzFile input("in.dat");
  static mf::FuzzFile output("out.dat");
  const std::string& path = input.write(data, size);
  std::optional<mn::MixedLinearComplementarityProblem> problem;
  try {
    problem = mn::readMlcpFile(path);
  } catch (const mn::DatFormatError&) {
    return 0;
  }
  for (mn::MlcpFilePart part : {mn::MlcpFilePart::Storage1, mn::MlcpFilePart::Storage2}) {
    try {
      (void)mn::readMlcpFile(path, part);
    } catch (const mn::DatFormatError&) {  // that part is absent
    }
  }
  mn::writeMlcpFile(*problem, output.path());
  const mn::MixedLinearComplementarityProblem back = mn::readMlcpFile(output.path());
  mf::requireSameMatrix(problem->M(), back.M(), "MLCP M");
  mf::require(mf::sameBits(problem->q(), back.q()), "MLCP q changed by the round trip");
  mf::require(
      problem->blocksRows() == back.blocksRows() && problem->blocksIsComp() == back.blocksIsComp(),
      "MLCP row blocks changed by the round trip");
  return 0;
}
