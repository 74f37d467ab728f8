// Every MLCP file of tests/data/mlcp with every solver: the expected outcome
// per (file, solver) is listed below; converged answers are checked
// independently (isMlcpSolution), failures must be honest (finite, message).
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include "MlcpRelayTestUtils.hpp"
#include "NumericsTestUtils.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>

namespace moreau::numerics {
namespace {

using test::isMlcpSolution;

// Solvers that must converge on each file (the others must fail honestly):
// - pgs/psor need nonzero diagonal entries: M(0,0) = 0 in PD and diodeBridge,
//   M(2,2) = 0 on the complementarity row of RCD;
// - lemke needs an invertible equality block: A is 3x3 of rank 2 in PD and
//   diodeBridge.
const std::map<std::string, std::set<std::string>>& expectedConverged() {
  static const std::map<std::string, std::set<std::string>> table{
      {"deudeu_mlcp.dat", {"auto", "enum", "pgs", "psor", "newton-fb", "lemke"}},
      {"RCD_mlcp.dat", {"auto", "enum", "newton-fb", "lemke"}},
      {"m2n1_mlcp.dat", {"auto", "enum", "pgs", "psor", "newton-fb", "lemke"}},
      {"PD_mlcp.dat", {"auto", "enum", "newton-fb"}},
      {"diodeBridge_mlcp.dat", {"auto", "enum", "newton-fb"}},
  };
  return table;
}

TEST(MlcpFiles, EverySolverOnEveryFile) {
  const std::filesystem::path dir = std::filesystem::path(test::dataDir()) / "mlcp";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".dat") continue;
    const std::string name = entry.path().filename().string();
    ++files;
    const MixedLinearComplementarityProblem p = readMlcpFile(entry.path().string());
    const auto it = expectedConverged().find(name);
    ASSERT_NE(it, expectedConverged().end()) << "no expectation for " << name;
    for (const auto& solver : mlcpSolverNames()) {
      SolverOptions o;
      o.solver = solver;
      o.tolerance = 1e-10;
      Eigen::VectorXd z, w;
      const SolverResult r = solveMlcp(p, z, w, o);
      std::printf("%-22s %-10s %-16s %-14s %.3e %d\n", name.c_str(), solver.c_str(),
                  r.solver.c_str(), toString(r.status), r.error, r.iterations);
      EXPECT_FALSE(std::isnan(r.error)) << name << " " << solver;
      EXPECT_TRUE(z.allFinite()) << name << " " << solver;
      if (it->second.count(solver) != 0U) {
        EXPECT_TRUE(r.converged()) << name << " " << solver << ": " << r.message;
        EXPECT_TRUE(isMlcpSolution(p, z, 1e-8)) << name << " " << solver;
      } else {
        EXPECT_FALSE(r.converged()) << name << " " << solver << " now converges: update the table";
        EXPECT_FALSE(r.message.empty()) << name << " " << solver;
      }
    }
  }
  EXPECT_EQ(files, static_cast<int>(expectedConverged().size()));
}

TEST(MlcpFiles, StorageTwoGivesTheSameSolution) {
  const std::filesystem::path dir = std::filesystem::path(test::dataDir()) / "mlcp";
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".dat") continue;
    const std::string name = entry.path().filename().string();
    const auto p1 = readMlcpFile(entry.path().string(), MlcpFilePart::Storage1);
    const auto p2 = readMlcpFile(entry.path().string(), MlcpFilePart::Storage2);
    ASSERT_EQ(p1.n(), p2.n()) << name;
    ASSERT_EQ(p1.m(), p2.m()) << name;
    SolverOptions o;
    o.solver = "auto";
    o.tolerance = 1e-12;
    Eigen::VectorXd z1, z2, w;
    ASSERT_TRUE(solveMlcp(p1, z1, w, o).converged()) << name;
    ASSERT_TRUE(solveMlcp(p2, z2, w, o).converged()) << name;
    EXPECT_TRUE(isMlcpSolution(p2, z2, 1e-9)) << name;
    // Storage 2 is in canonical order (equalities first); map storage 1 onto it.
    Eigen::VectorXd z1c(z1.size());
    Eigen::Index k = 0;
    for (const auto i : p1.equalityRows()) z1c[k++] = z1[i];
    for (const auto i : p1.complementarityRows()) z1c[k++] = z1[i];
    // The errors agree: the Siconos measure of one problem's answer on the other.
    Eigen::VectorXd wc;
    EXPECT_LE(mlcpComputeError(p2, z1c, wc), 1e-9) << name;
  }
}

}  // namespace
}  // namespace moreau::numerics
