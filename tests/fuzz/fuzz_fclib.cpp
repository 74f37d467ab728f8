// libFuzzer target: FCLIB (HDF5) reader: problem form, local and global problems,
// solution; accepted problems go through a write/read round trip. HDF5 reads
// files, so the input is written to a file first. After every input no HDF5 file,
// group, dataset, named datatype or attribute may be left open
// (H5Fget_obj_count): a reader that leaves one open on some path is a finding,
// which LeakSanitizer cannot see (HDF5 keeps the object reachable).
#include <moreau/numerics/io/FclibFile.hpp>

#include <hdf5.h>

#include <optional>
#include <string>

#include "FuzzSupport.hpp"

namespace mn = moreau::numerics;
namespace mf = moreau::fuzz;

namespace {

int readAndRoundTrip(const std::uint8_t* data, std::size_t size);

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const int result = readAndRoundTrip(data, size);
  const ssize_t open = H5Fget_obj_count(H5F_OBJ_ALL, H5F_OBJ_ALL);
  mf::require(open == 0,
              "HDF5 objects left open by the FCLIB readers/writers: " + std::to_string(open) +
                  " (files, groups, datasets, datatypes, attributes)");
  return result;
}

namespace {

int readAndRoundTrip(const std::uint8_t* data, std::size_t size) {
  static mf::FuzzFile input("in.hdf5");
  static mf::FuzzFile output("out.hdf5");
  const std::string& path = input.write(data, size);
  // Every open costs HDF5 about a megabyte of fresh (ASan) memory: the form
  // decides which reader runs, instead of running them all.
  mn::FclibForm form;
  try {
    form = mn::fclibProblemForm(path);
  } catch (const mn::FclibFormatError&) {
    return 0;
  }
  try {
    (void)mn::readFclibSolution(path);
  } catch (const mn::FclibFormatError&) {
  }
  std::optional<mn::FrictionContactProblem> local;
  std::optional<mn::GlobalFrictionContactProblem> global;
  try {
    if (form == mn::FclibForm::Local) {
      local = mn::readFclibLocal(path);
    } else {
      global = mn::readFclibGlobal(path);
    }
  } catch (const mn::FclibFormatError&) {
  }
  if (local) {
    mn::writeFclibLocal(*local, output.path());
    const mn::FrictionContactProblem back = mn::readFclibLocal(output.path());
    mf::require(back.dimension() == local->dimension(), "FCLIB local dimension changed");
    // The reader picks the storage (SparseBlock or Sparse) from the fill: compare values.
    const Eigen::SparseMatrix<double> d = local->W().toSparse() - back.W().toSparse();
    for (Eigen::Index k = 0; k < d.nonZeros(); ++k)
      mf::require(d.valuePtr()[k] == 0.0, "FCLIB local W changed by the round trip");
    mf::require(mf::sameBits(local->q(), back.q()) && mf::sameBits(local->mu(), back.mu()),
                "FCLIB local q or mu changed by the round trip");
  }
  if (global) {
    mn::writeFclibGlobal(*global, output.path());
    const mn::GlobalFrictionContactProblem back = mn::readFclibGlobal(output.path());
    mf::requireSameMatrix(global->M, back.M, "FCLIB global M");
    mf::requireSameMatrix(global->H, back.H, "FCLIB global H");
    mf::require(mf::sameBits(global->q, back.q) && mf::sameBits(global->b, back.b) &&
                    mf::sameBits(global->mu, back.mu),
                "FCLIB global f, w or mu changed by the round trip");
  }
  return 0;
}

}  // namespace
