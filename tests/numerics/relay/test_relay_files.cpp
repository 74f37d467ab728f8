// Every Relay file of tests/data/relay with every solver: the expected outcome
// per (file, solver) is listed below; converged answers are checked
// independently (isRelaySolution), failures must be honest.
#include <moreau/numerics/io/RelayFile.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

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

// Solvers that must converge on each file (the others must fail honestly):
// relay1.dat (M entries from 1e7 down to 1e-1, strongly coupled) is out of reach
// of pgs within the default 10000 sweeps.
const std::map<std::string, std::set<std::string>>& expectedConverged() {
  static const std::map<std::string, std::set<std::string>> table{
      {"relay1.dat", {"auto", "lemke", "newton"}},
      {"relay_2x2.dat", {"auto", "pgs", "lemke", "newton"}},
      {"step_1x1.dat", {"auto", "pgs", "lemke", "newton"}},
  };
  return table;
}

TEST(RelayFiles, EverySolverOnEveryFile) {
  const std::filesystem::path dir = std::filesystem::path(test::dataDir()) / "relay";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".dat") continue;
    const std::string name = entry.path().filename().string();
    ++files;
    const RelayProblem p = readRelayFile(entry.path().string());
    const auto it = expectedConverged().find(name);
    ASSERT_NE(it, expectedConverged().end()) << "no expectation for " << name;
    for (const auto& solver : relaySolverNames()) {
      SolverOptions o;
      o.solver = solver;
      o.tolerance = 1e-10;
      Eigen::VectorXd z, w;
      const SolverResult r = solveRelay(p, z, w, o);
      std::printf("%-22s %-8s %-14s %-14s %.3e %d\n", name.c_str(), solver.c_str(),
                  r.solver.c_str(), toString(r.status), r.error, r.iterations);
      EXPECT_FALSE(std::isnan(r.error)) << name << " " << solver;
      EXPECT_TRUE(z.allFinite()) << name << " " << solver;
      if (it->second.count(solver) != 0U) {
        EXPECT_TRUE(r.converged()) << name << " " << solver << ": " << r.message;
        EXPECT_TRUE(test::isRelaySolution(p, z, 1e-8)) << name << " " << solver;
      } else {
        EXPECT_FALSE(r.converged()) << name << " " << solver << " now converges: update the table";
        EXPECT_FALSE(r.message.empty()) << name << " " << solver;
      }
    }
  }
  EXPECT_EQ(files, static_cast<int>(expectedConverged().size()));
}

}  // namespace
}  // namespace moreau::numerics
