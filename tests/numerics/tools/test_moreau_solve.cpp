// moreau-solve: output line format, exit codes, --solution checked independently
// (z >= 0, w = M z + q recomputed here from the problem read by the library,
// complementarity), --list-solvers, --kind.
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/io/RelayFile.hpp>

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace mn = moreau::numerics;

namespace {

struct ToolRun {
  int exitCode = -1;
  std::vector<std::string> lines;  // stdout lines
  std::string err;                 // stderr
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// One directory per test (ctest runs the tests of this file in parallel processes).
fs::path tempDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path d = fs::path(::testing::TempDir()) / "moreau_solve_tests" /
                     (std::string(info->name()) + "_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

ToolRun run(const std::string& arguments) {
  const fs::path out = tempDir() / "stdout.txt";
  const fs::path err = tempDir() / "stderr.txt";
  const std::string cmd = std::string("'") + MOREAU_SOLVE_EXE + "' " + arguments + " > '" +
                          out.string() + "' 2> '" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  ToolRun r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::istringstream lines(slurp(out));
  for (std::string l; std::getline(lines, l);) r.lines.push_back(l);
  r.err = slurp(err);
  return r;
}

std::vector<std::string> fields(const std::string& line) {
  std::istringstream s(line);
  std::vector<std::string> f;
  for (std::string t; s >> t;) f.push_back(t);
  return f;
}

std::string data(const std::string& rel) { return mn::test::dataDir() + "/" + rel; }

std::vector<double> readValues(const fs::path& p) {
  std::ifstream in(p);
  std::vector<double> v;
  for (std::string t; in >> t;) v.push_back(std::stod(t));
  return v;
}

// FILE KIND SOLVER STATUS ERROR ITERATIONS SECONDS
void expectLineFormat(const std::string& line, const std::string& file, const std::string& kind) {
  const auto f = fields(line);
  ASSERT_EQ(f.size(), 7u) << line;
  EXPECT_EQ(f[0], file);
  EXPECT_EQ(f[1], kind);
  EXPECT_FALSE(f[2].empty());
  EXPECT_TRUE(f[3] == "converged" || f[3] == "max-iterations" || f[3] == "failed") << line;
  std::size_t used = 0;
  const double err = std::stod(f[4], &used);
  EXPECT_EQ(used, f[4].size());
  EXPECT_TRUE(std::isfinite(err));
  EXPECT_GE(std::stoi(f[5]), 0);
  EXPECT_GE(std::stod(f[6]), 0.0);
}

}  // namespace

TEST(MoreauSolve, SolvesLcpAndPrintsOneLine) {
  const std::string file = data("lcp/lcp_mmc.dat");
  const ToolRun r = run("'" + file + "'");
  EXPECT_EQ(r.exitCode, 0) << r.err;
  ASSERT_EQ(r.lines.size(), 1u);
  expectLineFormat(r.lines[0], file, "lcp");
  const auto f = fields(r.lines[0]);
  EXPECT_EQ(f[3], "converged");
  EXPECT_EQ(f[2].rfind("auto:", 0), 0u) << f[2];
  EXPECT_LE(std::stod(f[4]), 1e-8);
}

TEST(MoreauSolve, SeveralKindsAllConverged) {
  const std::vector<std::pair<std::string, std::string>> files{
      {data("lcp/lcp_mmc.dat"), "lcp"},
      {data("mlcp/deudeu_mlcp.dat"), "mlcp"},
      {data("relay/relay_2x2.dat"), "relay"}};
  std::string args = "--tol 1e-10";
  for (const auto& [f, k] : files) args += " '" + f + "'";
  const ToolRun r = run(args);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  ASSERT_EQ(r.lines.size(), files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    expectLineFormat(r.lines[i], files[i].first, files[i].second);
    EXPECT_EQ(fields(r.lines[i])[3], "converged") << r.lines[i];
  }
}

TEST(MoreauSolve, NotConvergedGivesExit1) {
  // 1x1 LCP with M = -1, q = -1: no solution.
  const fs::path bad = tempDir() / "infeasible_lcp.dat";
  std::ofstream(bad) << "1\n0 1 1\n1 1\n-1\n-1\n";
  const ToolRun r = run("--kind lcp '" + bad.string() + "' '" + data("lcp/lcp_mmc.dat") + "'");
  EXPECT_EQ(r.exitCode, 1);
  ASSERT_EQ(r.lines.size(), 2u);
  expectLineFormat(r.lines[0], bad.string(), "lcp");
  EXPECT_NE(fields(r.lines[0])[3], "converged");
  EXPECT_EQ(fields(r.lines[1])[3], "converged");
  // An iteration budget too small for PGS.
  const ToolRun m = run("--solver pgs --max-iter 1 --tol 1e-14 '" + data("lcp/lcp_mmc.dat") + "'");
  EXPECT_EQ(m.exitCode, 1);
  ASSERT_EQ(m.lines.size(), 1u);
  EXPECT_EQ(fields(m.lines[0])[3], "max-iterations") << m.lines[0];
  EXPECT_EQ(fields(m.lines[0])[2], "pgs");
}

TEST(MoreauSolve, UnreadableInputGivesExit2AndOtherFilesStillSolved) {
  const fs::path junk = tempDir() / "junk.dat";
  std::ofstream(junk) << "not a problem\n";
  const ToolRun r =
      run("'" + junk.string() + "' /nonexistent/file.dat '" + data("lcp/lcp_mmc.dat") + "'");
  EXPECT_EQ(r.exitCode, 2);
  ASSERT_EQ(r.lines.size(), 3u);
  EXPECT_EQ(fields(r.lines[0])[3], "unreadable");
  EXPECT_EQ(fields(r.lines[1])[3], "unreadable");
  expectLineFormat(r.lines[2], data("lcp/lcp_mmc.dat"), "lcp");
  EXPECT_NE(r.err.find("junk.dat"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("/nonexistent/file.dat: cannot open"), std::string::npos) << r.err;
  // A wrong --kind makes a good file unreadable.
  const ToolRun k = run("--kind relay '" + data("fc3d/FrictionContact3D_1c.dat") + "'");
  EXPECT_EQ(k.exitCode, 2);
}

TEST(MoreauSolve, UsageErrorsGiveExit2) {
  EXPECT_EQ(run("").exitCode, 2);
  EXPECT_EQ(run("--frobnicate x.dat").exitCode, 2);
  EXPECT_EQ(run("--tol abc x.dat").exitCode, 2);
  EXPECT_EQ(run("--kind ncp x.dat").exitCode, 2);
  EXPECT_EQ(run("--tol -1 '" + data("lcp/lcp_mmc.dat") + "'").exitCode, 2);
  EXPECT_EQ(run("--help").exitCode, 0);
}

TEST(MoreauSolve, UnknownSolverIsAFailedLine) {
  const ToolRun r = run("--solver no-such-solver '" + data("lcp/lcp_mmc.dat") + "'");
  EXPECT_EQ(r.exitCode, 1);
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(fields(r.lines[0])[3], "failed");
  EXPECT_NE(r.err.find("no-such-solver"), std::string::npos) << r.err;
}

TEST(MoreauSolve, ListSolvers) {
  const ToolRun r = run("--list-solvers");
  EXPECT_EQ(r.exitCode, 0);
  ASSERT_EQ(r.lines.size(), 5u);
  const char* kinds[] = {"lcp:", "mlcp:", "relay:", "fc2d:", "fc3d:"};
  for (int i = 0; i < 5; ++i) {
    const auto f = fields(r.lines[static_cast<std::size_t>(i)]);
    ASSERT_GE(f.size(), 2u);
    EXPECT_EQ(f[0], kinds[i]);
    EXPECT_EQ(f[1], "auto");
  }
}

TEST(MoreauSolve, LcpSolutionFileCheckedIndependently) {
  const std::string file = data("lcp/lcp_mmc.dat");
  const fs::path sol = tempDir() / "lcp_solution.txt";
  const ToolRun r = run("--solution '" + sol.string() + "' '" + file + "'");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const auto p = mn::readLcpFile(file);
  const auto v = readValues(sol);
  const auto n = static_cast<std::size_t>(p.size());
  ASSERT_EQ(v.size(), 2 * n);
  const Eigen::VectorXd z = Eigen::Map<const Eigen::VectorXd>(v.data(), p.size());
  const Eigen::VectorXd w = Eigen::Map<const Eigen::VectorXd>(v.data() + n, p.size());
  const Eigen::VectorXd wRecomputed = p.M().toDense() * z + p.q();
  EXPECT_LE((w - wRecomputed).lpNorm<Eigen::Infinity>(),
            1e-12 * (1.0 + p.M().toDense().cwiseAbs().maxCoeff() * z.cwiseAbs().maxCoeff()));
  EXPECT_TRUE(mn::test::isLcpSolution(p, z, 1e-8));
}

TEST(MoreauSolve, MlcpAndRelaySolutionsCheckedIndependently) {
  const fs::path sol = tempDir() / "sol.txt";
  const std::string mlcp = data("mlcp/deudeu_mlcp.dat");
  const std::string relay = data("relay/relay_2x2.dat");
  const ToolRun r =
      run("--tol 1e-10 --solution '" + sol.string() + "' '" + mlcp + "' '" + relay + "'");
  ASSERT_EQ(r.exitCode, 0) << r.err;
  {  // MLCP: equality rows w_i = 0, complementarity rows 0 <= z_i ⊥ w_i >= 0
    const auto p = mn::readMlcpFile(mlcp);
    const auto v = readValues(sol.string() + ".1");
    const auto n = static_cast<std::size_t>(p.size());
    ASSERT_EQ(v.size(), 2 * n);
    const Eigen::VectorXd z = Eigen::Map<const Eigen::VectorXd>(v.data(), p.size());
    const Eigen::VectorXd w = p.M().toDense() * z + p.q();
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      EXPECT_NEAR(v[n + static_cast<std::size_t>(i)], w[i], 1e-12);
      if (p.isComplementarityRow(i)) {
        EXPECT_GE(z[i], -1e-12);
        EXPECT_GE(w[i], -1e-9);
        EXPECT_LE(std::abs(z[i] * w[i]), 1e-9);
      } else {
        EXPECT_NEAR(w[i], 0.0, 1e-9);
      }
    }
  }
  {  // Relay: lb <= z <= ub; interior => w = 0; at lb => w >= 0; at ub => w <= 0
    const auto p = mn::readRelayFile(relay);
    const auto v = readValues(sol.string() + ".2");
    ASSERT_EQ(v.size(), 2 * static_cast<std::size_t>(p.size()));
    const Eigen::VectorXd z = Eigen::Map<const Eigen::VectorXd>(v.data(), p.size());
    const Eigen::VectorXd w = p.M().toDense() * z + p.q();
    for (Eigen::Index i = 0; i < p.size(); ++i) {
      const double tol = 1e-9;
      EXPECT_GE(z[i], p.lb()[i] - tol);
      EXPECT_LE(z[i], p.ub()[i] + tol);
      if (z[i] > p.lb()[i] + tol && z[i] < p.ub()[i] - tol) {
        EXPECT_NEAR(w[i], 0.0, tol);
      }
      if (z[i] <= p.lb()[i] + tol) {
        EXPECT_GE(w[i], -tol);
      }
      if (z[i] >= p.ub()[i] - tol) {
        EXPECT_LE(w[i], tol);
      }
    }
  }
}

TEST(MoreauSolve, FrictionContactFilesGiveOneLine) {
  const std::string file = data("fc3d/FrictionContact3D_1c.dat");
  const ToolRun r = run("'" + file + "'");
  ASSERT_EQ(r.lines.size(), 1u);
  expectLineFormat(r.lines[0], file, "fc3d");
  EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1);
  const std::string file2 = data("fc2d/FC2D_SliderCrankLagrangian00000.dat");
  const ToolRun r2 = run("--kind fc2d '" + file2 + "'");
  ASSERT_EQ(r2.lines.size(), 1u);
  expectLineFormat(r2.lines[0], file2, "fc2d");
}
