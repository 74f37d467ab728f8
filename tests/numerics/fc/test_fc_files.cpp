// NSGS, 2D Lemke and "auto" on every tests/data/fc3d and fc2d file (fc-local).

#include "FcLocalTestUtils.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace mn = moreau::numerics;
using moreau::numerics::fctest::isCoulombSolution;

namespace {

std::vector<fs::path> fcFiles(const char* sub) {
  std::vector<fs::path> files;
  const fs::path dir = fs::path(mn::test::dataDir()) / sub;
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".dat") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> allFiles() {
  auto files = fcFiles("fc3d");
  const auto f2 = fcFiles("fc2d");
  files.insert(files.end(), f2.begin(), f2.end());
  return files;
}

// NSGS converges slowly on the rank-deficient stacks (W of rank n/2): there we
// only require progress and an honest status (the global fallback of "auto"
// reaches 1e-8, see below).
bool nsgsExpectedToConverge(const std::string& name) {
  return name.find("BoxesStack") == std::string::npos && name.find("Capsules") == std::string::npos;
}

// "nsgs" (with or without fcColoring) at 1e-8 on a problem file: a Coulomb solution where NSGS
// is expected to converge, else progress (and, plain NSGS, the budget status). r: the
// reactions; *used: the options.
mn::SolverResult nsgsOnFile(const mn::FrictionContactProblem& p, const std::string& name,
                            bool coloring, Eigen::VectorXd& r, mn::SolverOptions* used = nullptr,
                            bool stickCandidate = true) {
  mn::SolverOptions o;
  o.solver = "nsgs";
  o.fcColoring = coloring;
  o.fcStickCandidate = stickCandidate;
  o.tolerance = 1e-8;
  o.maxIterations = 2000;
  Eigen::VectorXd u;
  const mn::SolverResult res = mn::solveFrictionContact(p, r, u, o);
  EXPECT_TRUE(std::isfinite(res.error));
  if (nsgsExpectedToConverge(name)) {
    EXPECT_TRUE(res.converged()) << res.error << " after " << res.iterations << " sweeps";
    EXPECT_TRUE(isCoulombSolution(p.W().toDense(), p.q(), p.mu(), p.dimension(), r, 1e-6));
  } else {
    if (!coloring) {
      EXPECT_EQ(res.status, mn::SolverStatus::MaxIterations);
    }
    EXPECT_LE(res.error, 1e-3);
  }
  if (used) *used = o;
  return res;
}

}  // namespace

TEST(FcFiles, DirectoriesAreNotEmpty) {
  EXPECT_GE(fcFiles("fc3d").size(), 5u);
  EXPECT_GE(fcFiles("fc2d").size(), 2u);
}

TEST(FcFiles, AutoReaches1e8OnEveryFile) {
  for (const auto& f : allFiles()) {
    SCOPED_TRACE(f.filename().string());
    const auto p = mn::readFrictionContactFile(f.string());
    Eigen::VectorXd r, u;
    mn::SolverOptions o;
    o.solver = "auto";
    o.tolerance = 1e-8;
    const auto res = mn::solveFrictionContact(p, r, u, o);
    EXPECT_TRUE(res.converged()) << res.solver << " " << res.error << " " << res.message;
    EXPECT_EQ(res.solver.rfind("auto:", 0), 0u);
    EXPECT_TRUE(isCoulombSolution(p.W().toDense(), p.q(), p.mu(), p.dimension(), r, 1e-6));
  }
}

TEST(FcFiles, NsgsOnEveryFile) {
  // With and without the stick candidate of the local Newton solver (fcStickCandidate = false:
  // the iterates of earlier versions): the same requirements.
  for (const auto& f : allFiles()) {
    const std::string name = f.filename().string();
    const auto p = mn::readFrictionContactFile(f.string());
    for (const bool stick : {true, false}) {
      SCOPED_TRACE(name + (stick ? "" : ", no stick candidate"));
      Eigen::VectorXd r;
      nsgsOnFile(p, name, false, r, nullptr, stick);
    }
  }
}

TEST(FcFiles, ColouredNsgsOnEveryFileIsTheSameForEveryThreadCount) {
  // fcColoring on W in sparse-block storage (one block per contact): another visiting order
  // than NSGS, so its own iterates; it converges where NSGS does, and 2 and 3 threads give the
  // bits of one thread.
  for (const auto& f : allFiles()) {
    const std::string name = f.filename().string();
    SCOPED_TRACE(name);
    auto p = mn::readFrictionContactFile(f.string());
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(p.numberOfContacts()),
                                          p.dimension());
    p.W() = mn::Matrix(p.W().toSparseBlock(sizes, sizes));
    Eigen::VectorXd r1;
    mn::SolverOptions o;
    const mn::SolverResult one = nsgsOnFile(p, name, true, r1, &o);
    for (int threads : {2, 3}) {
      o.threads = threads;
      Eigen::VectorXd r, u;
      const auto many = mn::solveFrictionContact(p, r, u, o);
      EXPECT_EQ(many.iterations, one.iterations) << threads << " threads";
      EXPECT_EQ(many.error, one.error) << threads << " threads";
      ASSERT_EQ(r.size(), r1.size());
      EXPECT_EQ(
          std::memcmp(r.data(), r1.data(), sizeof(double) * static_cast<std::size_t>(r.size())), 0)
          << threads << " threads: r not bitwise equal";
    }
  }
}

TEST(FcFiles, Fc2dLemkeOnSmallFiles) {
  for (const auto& f : fcFiles("fc2d")) {
    SCOPED_TRACE(f.filename().string());
    const auto p = mn::readFrictionContactFile(f.string());
    if (p.numberOfContacts() > 50) continue;  // dense 4nc tableau: small files only
    Eigen::VectorXd r, u;
    mn::SolverOptions o;
    o.solver = "lemke";
    const auto res = mn::solveFrictionContact(p, r, u, o);
    EXPECT_TRUE(res.converged()) << res.error << " " << res.message;
    EXPECT_LE(res.error, 1e-12);
    EXPECT_TRUE(isCoulombSolution(p.W().toDense(), p.q(), p.mu(), 2, r, 1e-9));
  }
}
