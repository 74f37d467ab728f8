#pragma once
// Shared by bench_fc.cpp and fc_table.cpp: the friction-contact problems of the
// benchmarks (tests/data/fc3d and fc2d files, .dat or FCLIB .hdf5, and generated
// stacks and piles) and which solvers run on which size.

#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics::bench {

/// A named benchmark problem.
struct FcCase {
  std::string name;
  FrictionContactProblem problem;
  bool generated = false;
};

/// Reads a friction-contact file: FCLIB when it has the HDF5 signature, otherwise
/// the Siconos .dat layout.
inline FrictionContactProblem loadFrictionContactFile(const std::string& path) {
  if (isHdf5File(path)) return readFclibLocal(path);
  return readFrictionContactFile(path);
}

/// The files of tests/data/fc3d and fc2d (sorted), .dat and .hdf5.
inline std::vector<std::filesystem::path> frictionContactDataFiles(const std::string& dataDir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const char* sub : {"fc3d", "fc2d"}) {
    const fs::path dir = fs::path(dataDir) / sub;
    if (!fs::is_directory(dir)) continue;
    std::vector<fs::path> here;
    for (const auto& e : fs::directory_iterator(dir)) {
      const auto ext = e.path().extension();
      if (ext == ".dat" || ext == ".hdf5" || ext == ".h5") here.push_back(e.path());
    }
    std::sort(here.begin(), here.end());
    files.insert(files.end(), here.begin(), here.end());
  }
  return files;
}

/// Generated problems with about `contacts` contacts: a 3D pile, a 2D pile, a 3D
/// box stack and a 2D sphere stack.
inline std::vector<FcCase> generatedCases(long contacts) {
  std::vector<FcCase> cases;
  ProblemGeneratorOptions options;
  options.seed = 2026;
  for (int d : {3, 2}) {
    options.dimension = d;
    GeneratedProblem pile = generatePileWithContacts(contacts, options);
    cases.push_back({pile.name, std::move(pile.problem), true});
  }
  options.dimension = 3;
  GeneratedProblem boxes =
      generateStack(StackShape::Box, static_cast<int>(std::max(1L, contacts / 4)), options);
  cases.push_back({boxes.name, std::move(boxes.problem), true});
  options.dimension = 2;
  GeneratedProblem spheres =
      generateStack(StackShape::Sphere, static_cast<int>(std::max(1L, contacts)), options);
  cases.push_back({spheres.name, std::move(spheres.problem), true});
  return cases;
}

/// Whether `solver` is run on a problem of `contacts` contacts: the dense 2D
/// pivoting solvers up to 100 contacts, the first-order global methods up to
/// 1000, the others (NSGS family, Newton, prox, ADMM, auto) everywhere.
inline bool solverSuits(const std::string& solver, long contacts) {
  if (solver == "lemke" || solver == "enum") return contacts <= 100;
  if (solver == "fpp" || solver == "eg" || solver == "desaxce-fp") return contacts <= 1000;
  return true;
}

}  // namespace moreau::numerics::bench
