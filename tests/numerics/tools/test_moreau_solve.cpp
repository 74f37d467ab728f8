// moreau-solve: output line format, exit codes, --solution checked independently
// (z >= 0, w = M z + q recomputed here from the problem read by the library,
// complementarity), --list-solvers, --kind, --repeat, and the stderr reasons
// (directories, non-converged named solvers, out of memory while reading/solving).
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/io/RelayFile.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

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

// Runs the tool through /bin/sh; `prefix` is shell text put before the command
// (e.g. "ulimit -v N; exec").
ToolRun run(const std::string& arguments, const std::string& prefix = "") {
  const fs::path out = tempDir() / "stdout.txt";
  const fs::path err = tempDir() / "stderr.txt";
  const std::string cmd = prefix + " '" + MOREAU_SOLVE_EXE + "' " + arguments + " > '" +
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

// Names are compared in canonical form, as in the drivers and the kernel: a
// mixed-case name gives the canonical name's line (same solver column, status,
// error and iterations) for every kind.
TEST(MoreauSolve, MixedCaseSolverNamesAgreeWithCanonical) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"lemke", "lcp/lcp_mmc.dat"},
      {"nsgs-sbm", "lcp/lcp_deudeu.dat"},
      {"enum", "mlcp/deudeu_mlcp.dat"},
      {"newton", "relay/relay_2x2.dat"},
      {"nsgs", "fc2d/FrictionContactProblem00031.dat"},
      {"newton-ac", "fc3d/FrictionContact3D_1c.dat"}};
  for (const auto& [name, rel] : cases) {
    std::string mixed = name;
    for (std::size_t i = 0; i < mixed.size(); i += 2)
      if (mixed[i] >= 'a' && mixed[i] <= 'z') mixed[i] = static_cast<char>(mixed[i] - 'a' + 'A');
    const ToolRun a = run("--solver " + name + " '" + data(rel) + "'");
    const ToolRun b = run("--solver " + mixed + " '" + data(rel) + "'");
    EXPECT_EQ(b.exitCode, a.exitCode) << mixed << ": " << b.err;
    ASSERT_EQ(a.lines.size(), 1u) << name;
    ASSERT_EQ(b.lines.size(), 1u) << mixed;
    const auto fa = fields(a.lines[0]);
    const auto fb = fields(b.lines[0]);
    ASSERT_EQ(fa.size(), 7u);
    ASSERT_EQ(fb.size(), 7u);
    EXPECT_EQ(fb[2], name) << b.lines[0];
    for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(fb[i], fa[i]) << mixed << " column " << i;
  }
}

// An unknown name: a failed line with the canonical name and, on stderr, the
// driver's message listing the valid names of the file's kind.
TEST(MoreauSolve, UnknownSolverListsTheValidNames) {
  const ToolRun r = run("--solver Bogus '" + data("mlcp/deudeu_mlcp.dat") + "'");
  EXPECT_EQ(r.exitCode, 1);
  ASSERT_EQ(r.lines.size(), 1u);
  const auto f = fields(r.lines[0]);
  ASSERT_EQ(f.size(), 7u);
  EXPECT_EQ(f[2], "bogus");
  EXPECT_EQ(f[3], "failed");
  EXPECT_NE(r.err.find("unknown solver 'Bogus'"), std::string::npos) << r.err;
  for (const std::string& name : mn::mlcpSolverNames())
    EXPECT_NE(r.err.find(name), std::string::npos)
        << "stderr does not list " << name << ": " << r.err;
}

TEST(MoreauSolve, ListSolvers) {
  const ToolRun r = run("--list-solvers");
  EXPECT_EQ(r.exitCode, 0);
  ASSERT_EQ(r.lines.size(), 7u);
  const char* kinds[] = {"lcp:", "mlcp:", "relay:", "fc2d:", "fc3d:", "gfc2d:", "gfc3d:"};
  for (int i = 0; i < 7; ++i) {
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

TEST(MoreauSolve, GlobalFclibFileIsSolvedAndItsSolutionCheckedIndependently) {
  // A generated pile written in FCLIB global form (M, H, f = q, w = b, mu).
  for (int d : {2, 3}) {
    SCOPED_TRACE(d);
    mn::ProblemGeneratorOptions go;
    go.dimension = d;
    const mn::GeneratedProblem g = mn::generatePileWithContacts(20, go);
    const mn::GlobalFrictionContactProblem& p = g.global;
    const fs::path file = tempDir() / ("global" + std::to_string(d) + ".hdf5");
    mn::writeFclibGlobal(p, file.string());
    const fs::path sol = tempDir() / ("global" + std::to_string(d) + ".txt");
    const ToolRun r = run("--solution '" + sol.string() + "' '" + file.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_EQ(r.lines.size(), 1u);
    const auto f = fields(r.lines[0]);
    ASSERT_GE(f.size(), 7u);
    EXPECT_EQ(f[1], d == 2 ? "gfc2d" : "gfc3d");
    EXPECT_EQ(f[2].rfind("auto:", 0), 0u) << f[2];
    EXPECT_EQ(f[3], "converged");
    // v, then r, then u
    const auto values = readValues(sol);
    const Eigen::Index n = p.numberOfDofs();
    const Eigen::Index m = p.localSize();
    ASSERT_EQ(values.size(), static_cast<std::size_t>(n + 2 * m));
    const Eigen::VectorXd v = Eigen::Map<const Eigen::VectorXd>(values.data(), n);
    const Eigen::VectorXd rr = Eigen::Map<const Eigen::VectorXd>(values.data() + n, m);
    const Eigen::VectorXd u = Eigen::Map<const Eigen::VectorXd>(values.data() + n + m, m);
    const Eigen::MatrixXd M = p.M.toDense();
    const Eigen::MatrixXd H = p.H.toDense();
    EXPECT_LE((M * v - p.q - H * rr).norm(), 1e-8 * std::max((M * v).norm(), p.q.norm()));
    EXPECT_LE((H.transpose() * v + p.b - u).norm(), 1e-12 * (1.0 + u.norm()));
    const double scale = std::max(rr.norm(), u.norm());  // the error's scale (b = 0)
    for (Eigen::Index i = 0; i < p.numberOfContacts(); ++i) {
      EXPECT_LE(rr.segment(d * i + 1, d - 1).norm(), p.mu[i] * rr[d * i] + 1e-7 * scale);
      EXPECT_GE(u[d * i], -1e-7 * scale);  // ũ ∈ K*
    }
  }
  // --kind naming the local form is refused for a global file
  mn::ProblemGeneratorOptions go;
  const mn::GeneratedProblem g = mn::generatePileWithContacts(5, go);
  const fs::path file = tempDir() / "global_kind.hdf5";
  mn::writeFclibGlobal(g.global, file.string());
  const ToolRun r = run("--kind fc3d '" + file.string() + "'");
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("global"), std::string::npos) << r.err;
}

TEST(MoreauSolve, DirectoryIsReportedAsADirectory) {
  const fs::path dir = tempDir() / "a_directory.dat";
  fs::create_directories(dir);
  const std::string good = data("lcp/lcp_mmc.dat");
  const ToolRun r = run("'" + dir.string() + "' '" + good + "'");
  EXPECT_EQ(r.exitCode, 2);
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(fields(r.lines[0])[0], dir.string());
  EXPECT_EQ(fields(r.lines[0])[3], "unreadable");
  EXPECT_EQ(fields(r.lines[1])[3], "converged");
  EXPECT_NE(r.err.find(dir.string() + ": is a directory"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("end of file"), std::string::npos) << r.err;
  // A missing file says why it cannot be opened.
  const ToolRun m = run("/nonexistent/file.dat");
  EXPECT_EQ(m.exitCode, 2);
  EXPECT_NE(m.err.find("/nonexistent/file.dat: cannot open: No such file or directory"),
            std::string::npos)
      << m.err;
}

TEST(MoreauSolve, NamedSolverNotConvergedSaysWhyOnStderr) {
  // NSGS with a budget of one sweep stops at max-iterations on this file and
  // leaves no message in its SolverResult: the tool still explains the line.
  const std::string file = data("fc3d/NESpheres_10_1.dat");
  const ToolRun r = run("--solver nsgs --max-iter 1 '" + file + "'");
  EXPECT_EQ(r.exitCode, 1);
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(fields(r.lines[0])[2], "nsgs");
  EXPECT_EQ(fields(r.lines[0])[3], "max-iterations");
  EXPECT_NE(r.err.find(file + ": nsgs: max-iterations after 1 iterations, error "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("(tolerance 1e-08)"), std::string::npos) << r.err;
  // A solver that leaves a message: the message follows.
  const std::string lcp = data("lcp/lcp_mmc.dat");
  const ToolRun p = run("--solver pgs --max-iter 1 '" + lcp + "'");
  EXPECT_EQ(p.exitCode, 1);
  EXPECT_NE(p.err.find(lcp + ": pgs: max-iterations after 1 iterations, error "), std::string::npos)
      << p.err;
}

namespace {

// Shell prefix running the tool with at most ~600 MB of address space (a normal
// run needs < 100 MB; the files below ask for 1–2.3 GB). OpenBLAS cannot start
// its threads under the limit and would then wait for them forever at exit:
// one thread. AddressSanitizer reserves terabytes of shadow memory, so under
// ASan the limit is its own allocation cap instead of ulimit.
std::string memoryLimitPrefix() {
#if defined(__SANITIZE_ADDRESS__)
  return "ASAN_OPTIONS=\"${ASAN_OPTIONS}:allocator_may_return_null=1:max_allocation_size_mb=600\" "
         "OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 exec";
#else
  return "ulimit -v 600000; OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 exec";
#endif
}

}  // namespace

TEST(MoreauSolve, OutOfMemoryWhileReadingNamesTheFileAndGoesOn) {
  // An LCP declaring a dense 11000x11000 matrix (968 MB) followed by 3 values.
  const fs::path big = tempDir() / "huge_dense_lcp.dat";
  std::ofstream(big) << "11000\n0 11000 11000\n11000 11000\n1 2 3\n";
  const std::string good = data("lcp/lcp_mmc.dat");
  const ToolRun r = run("--kind lcp '" + big.string() + "' '" + good + "'", memoryLimitPrefix());
  EXPECT_EQ(r.exitCode, 2) << r.err;
  ASSERT_EQ(r.lines.size(), 2u) << r.err;
  EXPECT_EQ(fields(r.lines[0])[3], "unreadable");
  EXPECT_EQ(fields(r.lines[1])[3], "converged");
  // Whatever the reader does with the size (allocate and fail, or reject it),
  // the reason names the file.
  EXPECT_NE(r.err.find("moreau-solve: " + big.string() + ":"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("moreau-solve: std::bad_alloc"), std::string::npos) << r.err;
}

TEST(MoreauSolve, OutOfMemoryWhileSolvingIsAFailedLine) {
  // A 12000x12000 all-zero sparse-block M with q = (-1, 1, ..., 1): the file is
  // small, Lemke's dense tableau (12000 x 24002 doubles, 2.3 GB) is not.
  const fs::path big = tempDir() / "zero_sbm_lcp.dat";
  {
    std::ofstream f(big);
    f << "12000\n1 12000 12000\n0\n-1\n";
    for (int i = 1; i < 12000; ++i) f << "1\n";
  }
  const std::string good = data("lcp/lcp_mmc.dat");
  const ToolRun r =
      run("--solver lemke '" + big.string() + "' '" + good + "'", memoryLimitPrefix());
  EXPECT_EQ(r.exitCode, 1) << r.err;
  ASSERT_EQ(r.lines.size(), 2u) << r.err;
  expectLineFormat(r.lines[0], big.string(), "lcp");
  EXPECT_EQ(fields(r.lines[0])[3], "failed");
  EXPECT_EQ(fields(r.lines[1])[3], "converged");
  EXPECT_NE(r.err.find(big.string() + ": lemke: out of memory while solving"), std::string::npos)
      << r.err;
}

TEST(MoreauSolve, RepeatGivesIdenticalResultsAndColdWarmTimes) {
  const std::vector<std::pair<std::string, std::string>> files{
      {data("lcp/lcp_mmc.dat"), "lcp"},
      {data("mlcp/deudeu_mlcp.dat"), "mlcp"},
      {data("relay/relay1.dat"), "relay"},
      {data("fc3d/FrictionContact3D_1c.dat"), "fc3d"}};
  std::string names;
  for (const auto& [f, k] : files) names += " '" + f + "'";
  const ToolRun once = run(names);
  const fs::path sol = tempDir() / "repeat_sol.txt";
  const ToolRun rep = run("--repeat 5 --solution '" + sol.string() + "'" + names);
  EXPECT_EQ(once.exitCode, 0) << once.err;
  EXPECT_EQ(rep.exitCode, 0) << rep.err;
  EXPECT_TRUE(rep.err.empty()) << rep.err;  // no "differs from the first one"
  ASSERT_EQ(once.lines.size(), files.size());
  ASSERT_EQ(rep.lines.size(), files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const auto a = fields(once.lines[i]);
    const auto b = fields(rep.lines[i]);
    ASSERT_EQ(b.size(), 9u) << rep.lines[i];
    // FILE KIND SOLVER STATUS ERROR ITERATIONS identical to the single solve.
    for (std::size_t c = 0; c < 6; ++c) EXPECT_EQ(a[c], b[c]) << rep.lines[i];
    const double cold = std::stod(b[6]), mean = std::stod(b[7]), min = std::stod(b[8]);
    EXPECT_GE(cold, 0.0);
    EXPECT_GE(min, 0.0);
    EXPECT_LE(min, mean);
  }
  // The written answer is the same as a single solve's.
  const fs::path sol1 = tempDir() / "single_sol.txt";
  ASSERT_EQ(run("--solution '" + sol1.string() + "'" + names).exitCode, 0);
  for (std::size_t k = 1; k <= files.size(); ++k) {
    const auto x = readValues(sol1.string() + "." + std::to_string(k));
    EXPECT_FALSE(x.empty());
    EXPECT_EQ(x, readValues(sol.string() + "." + std::to_string(k)));
  }
  // --repeat 1: the warm columns are '-'; unreadable files keep 9 columns.
  const ToolRun one = run("--repeat 1 '" + data("lcp/lcp_mmc.dat") + "' /nonexistent/x.dat");
  ASSERT_EQ(one.lines.size(), 2u);
  const auto f = fields(one.lines[0]);
  ASSERT_EQ(f.size(), 9u) << one.lines[0];
  EXPECT_EQ(f[7], "-");
  EXPECT_EQ(f[8], "-");
  EXPECT_EQ(fields(one.lines[1]).size(), 9u) << one.lines[1];
  // Bad counts are usage errors.
  EXPECT_EQ(run("--repeat 0 '" + data("lcp/lcp_mmc.dat") + "'").exitCode, 2);
  EXPECT_EQ(run("--repeat x '" + data("lcp/lcp_mmc.dat") + "'").exitCode, 2);
}
