// MLCP solvers on problems built in code: random SPD, sparse, blocks in any
// order, degenerate, infeasible and singular cases; driver and "auto".
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include "MlcpRelayTestUtils.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace moreau::numerics {
namespace {

using test::isMlcpSolution;
using test::randomSpdMlcp;

SolverOptions opts(const std::string& solver, double tol = 1e-10) {
  SolverOptions o;
  o.solver = solver;
  o.tolerance = tol;
  return o;
}

void expectHonest(const SolverResult& r, const Eigen::VectorXd& z, double tol) {
  EXPECT_FALSE(std::isnan(r.error)) << r.solver;
  EXPECT_TRUE(z.allFinite()) << r.solver;
  EXPECT_EQ(r.converged(), r.error <= tol) << r.solver << ": " << r.message;
  if (!r.converged()) {
    EXPECT_FALSE(r.message.empty()) << r.solver;
  }
}

TEST(MlcpSolvers, NamesListAutoFirst) {
  const auto names = mlcpSolverNames();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "auto");
  const MixedLinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(1, -1),
                                            1, 1);
  for (const auto& name : names) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveMlcp(p, z, w, opts(name));
    EXPECT_TRUE(r.converged()) << name << ": " << r.message;
    EXPECT_TRUE(isMlcpSolution(p, z, 1e-9)) << name;
    EXPECT_NEAR(z[0], -1.0, 1e-9);
    EXPECT_NEAR(z[1], 1.0, 1e-9);
  }
  Eigen::VectorXd z, w;
  EXPECT_THROW(solveMlcp(p, z, w, opts("nope")), std::invalid_argument);
  const SolverResult r = solveMlcp(p, z, w, opts("NEWTON-FB"));
  EXPECT_EQ(r.solver, "newton-fb");
}

class MlcpRandomSpd : public ::testing::TestWithParam<int> {};

TEST_P(MlcpRandomSpd, AllSuitableSolversConverge) {
  const int size = GetParam();
  const int nEq = std::max(1, size / 8);
  const auto p = randomSpdMlcp(size, nEq, 1000U + static_cast<unsigned>(size));
  std::vector<std::string> solvers{"newton-fb", "lemke", "pgs", "auto"};
  if (p.m() <= 12) solvers.push_back("enum");
  for (const auto& s : solvers) {
    Eigen::VectorXd z, w;
    SolverOptions o = opts(s);
    const SolverResult r = solveMlcp(p, z, w, o);
    EXPECT_TRUE(r.converged()) << s << " size " << size << ": " << r.message;
    EXPECT_LE(r.error, o.tolerance) << s;
    EXPECT_TRUE(isMlcpSolution(p, z, 1e-7)) << s << " size " << size;
    if (s == "auto") {
      EXPECT_EQ(r.solver.rfind("auto:", 0), 0U) << r.solver;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, MlcpRandomSpd, ::testing::Values(5, 10, 40, 150, 500));

TEST(MlcpSolvers, PsorRelaxationConverges) {
  const auto p = randomSpdMlcp(30, 3, 7U);
  Eigen::VectorXd z, w;
  SolverOptions o = opts("psor");
  o.relaxation = 1.3;
  const SolverResult r = solveMlcp(p, z, w, o);
  EXPECT_TRUE(r.converged()) << r.message;
  EXPECT_EQ(r.solver, "psor");
  EXPECT_TRUE(isMlcpSolution(p, z, 1e-7));
}

TEST(MlcpSolvers, WarmStartFromSolutionIsImmediate) {
  const auto p = randomSpdMlcp(20, 3, 11U);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solveMlcp(p, z, w, opts("newton-fb", 1e-12)).converged());
  for (const char* s : {"enum", "pgs", "newton-fb"}) {
    Eigen::VectorXd z2 = z, w2;
    const SolverResult r = solveMlcp(p, z2, w2, opts(s, 1e-10));
    EXPECT_TRUE(r.converged()) << s;
    EXPECT_EQ(r.iterations, 0) << s;
  }
  // Enumeration from a warm start whose state is right needs one state.
  Eigen::VectorXd z3 = z * (1.0 + 1e-3), w3;
  const SolverResult r = solveMlcp(p, z3, w3, opts("enum", 1e-10));
  EXPECT_TRUE(r.converged());
  EXPECT_EQ(r.iterations, 1);
}

TEST(MlcpSolvers, WrongSizeWarmStartIsReset) {
  const auto p = randomSpdMlcp(8, 2, 3U);
  Eigen::VectorXd z = Eigen::VectorXd::Ones(3), w;
  const SolverResult r = solveMlcp(p, z, w, opts("auto"));
  EXPECT_TRUE(r.converged());
  EXPECT_EQ(z.size(), 8);
  EXPECT_EQ(w.size(), 8);
}

TEST(MlcpSolvers, BlocksInAnyOrderMatchCanonicalPermutation) {
  // Rows 0..9 with flags comp, eq, eq, comp, comp, eq, comp, comp, comp, eq.
  const auto canon = randomSpdMlcp(10, 0, 21U);
  const Eigen::MatrixXd M = canon.M().toDense();
  const MixedLinearComplementarityProblem p(Matrix(M), canon.q(), {0, 1, 3, 5, 6, 9, 10},
                                            {1, 0, 1, 0, 1, 0});
  EXPECT_EQ(p.n(), 4);
  for (const char* s : {"enum", "pgs", "newton-fb", "lemke", "auto"}) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveMlcp(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isMlcpSolution(p, z, 1e-8)) << s;
  }
}

TEST(MlcpSolvers, SparseMatrix) {
  // Tridiagonal SPD with every 10th row an equality.
  const int size = 400;
  Eigen::SparseMatrix<double> M(size, size);
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < size; ++i) {
    t.emplace_back(i, i, 4.0);
    if (i > 0) t.emplace_back(i, i - 1, -1.0);
    if (i + 1 < size) t.emplace_back(i, i + 1, -1.0);
  }
  M.setFromTriplets(t.begin(), t.end());
  Eigen::VectorXd q(size);
  for (int i = 0; i < size; ++i) q[i] = std::sin(0.37 * i) * 3.0;
  std::vector<Eigen::Index> rows{0};
  std::vector<int> flags;
  for (int i = 0; i < size; i += 10) {
    rows.push_back(i + 1);
    flags.push_back(0);
    rows.push_back(std::min(i + 10, size));
    flags.push_back(1);
  }
  const MixedLinearComplementarityProblem p(Matrix(M), q, rows, flags);
  for (const char* s : {"pgs", "newton-fb", "lemke", "auto"}) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveMlcp(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isMlcpSolution(p, z, 1e-8)) << s;
  }
}

TEST(MlcpSolvers, SparseBlockMatrix) {
  const auto dense = randomSpdMlcp(40, 4, 31U);
  const std::vector<Eigen::Index> sizes(10, 4);
  const Matrix sbm(dense.M().toSparseBlock(sizes, sizes));
  ASSERT_TRUE(sbm.isSparseBlock());
  const MixedLinearComplementarityProblem p(sbm, dense.q(), dense.blocksRows(),
                                            dense.blocksIsComp());
  for (const auto& s : mlcpSolverNames()) {
    if (s == "enum") continue;  // m = 36
    Eigen::VectorXd z, w;
    const SolverResult r = solveMlcp(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isMlcpSolution(p, z, 1e-8)) << s;
  }
}

TEST(MlcpSolvers, PureEqualityAndPureComplementarity) {
  const auto eq = randomSpdMlcp(6, 6, 5U);
  const auto lcp = randomSpdMlcp(6, 0, 5U);
  for (const char* s : {"enum", "pgs", "newton-fb", "lemke", "auto"}) {
    Eigen::VectorXd z, w;
    EXPECT_TRUE(solveMlcp(eq, z, w, opts(s)).converged()) << s;
    EXPECT_TRUE(isMlcpSolution(eq, z, 1e-8)) << s;
    EXPECT_TRUE(solveMlcp(lcp, z, w, opts(s)).converged()) << s;
    EXPECT_TRUE(isMlcpSolution(lcp, z, 1e-8)) << s;
  }
}

TEST(MlcpSolvers, SingularEqualityBlockLemkeFailsAutoSucceeds) {
  // A = [[0,0],[0,1]] singular; whole M invertible; solution z = (-1.5, 2, 1).
  Eigen::MatrixXd M(3, 3);
  M << 0, 0, 1, 0, 1, 0, 1, 0, 1;
  const MixedLinearComplementarityProblem p(M, Eigen::Vector3d(-1, -2, 0.5), 2, 1);
  Eigen::VectorXd z, w;
  SolverResult r = solveMlcp(p, z, w, opts("lemke"));
  EXPECT_EQ(r.status, SolverStatus::Failed);
  EXPECT_NE(r.message.find("singular"), std::string::npos) << r.message;
  expectHonest(r, z, 1e-10);

  r = solveMlcp(p, z, w, opts("pgs"));  // zero diagonal on equality row 0
  EXPECT_EQ(r.status, SolverStatus::Failed);
  EXPECT_NE(r.message.find("row 0"), std::string::npos) << r.message;

  z.resize(0);
  r = solveMlcp(p, z, w, opts("auto"));
  EXPECT_TRUE(r.converged()) << r.message;
  EXPECT_NE(r.solver, "auto:lemke");
  EXPECT_TRUE(isMlcpSolution(p, z, 1e-9));
  EXPECT_NEAR(z[0], -1.5, 1e-10);
  EXPECT_NEAR(z[1], 2.0, 1e-10);
  EXPECT_NEAR(z[2], 1.0, 1e-10);

  z.resize(0);
  r = solveMlcp(p, z, w, opts("newton-fb"));
  EXPECT_TRUE(r.converged()) << r.message;
}

TEST(MlcpSolvers, DegenerateSolutionSet) {
  // B = [[1,1],[1,1]] PSD singular, b = (-1,-1): every v >= 0 with v1 + v2 = 1
  // solves; one equality row u = v1 - v2 (A = 1, C = (-1, 1), D = 0).
  Eigen::MatrixXd M(3, 3);
  M << 1, -1, 1, 0, 1, 1, 0, 1, 1;
  const MixedLinearComplementarityProblem p(M, Eigen::Vector3d(0, -1, -1), 1, 2);
  for (const char* s : {"enum", "newton-fb", "lemke", "pgs", "auto"}) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveMlcp(p, z, w, opts(s, 1e-9));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isMlcpSolution(p, z, 1e-8)) << s;
  }
}

TEST(MlcpSolvers, InfeasibleComplementarityFailsHonestly) {
  // One equality u + v = 0 and w = -v - 1 >= 0 impossible with v >= 0.
  Eigen::MatrixXd M(2, 2);
  M << 1, 1, 0, -1;
  const MixedLinearComplementarityProblem p(M, Eigen::Vector2d(0, -1), 1, 1);
  for (const auto& s : mlcpSolverNames()) {
    Eigen::VectorXd z, w;
    SolverOptions o = opts(s);
    o.maxIterations = 500;
    const SolverResult r = solveMlcp(p, z, w, o);
    EXPECT_FALSE(r.converged()) << s;
    expectHonest(r, z, o.tolerance);
  }
}

TEST(MlcpSolvers, InconsistentEqualitiesFailHonestly) {
  Eigen::MatrixXd M(3, 3);
  M << 1, 1, 0, 1, 1, 0, 0, 0, 1;
  const MixedLinearComplementarityProblem p(M, Eigen::Vector3d(1, 2, 1), 2, 1);
  for (const auto& s : mlcpSolverNames()) {
    Eigen::VectorXd z, w;
    SolverOptions o = opts(s);
    o.maxIterations = 300;
    const SolverResult r = solveMlcp(p, z, w, o);
    EXPECT_FALSE(r.converged()) << s;
    expectHonest(r, z, o.tolerance);
  }
}

TEST(MlcpSolvers, EnumRefusesLargeM) {
  const auto p = randomSpdMlcp(40, 2, 9U);
  Eigen::VectorXd z, w;
  SolverOptions o = opts("enum");
  o.enumerationMaxSize = 20;
  const SolverResult r = solveMlcp(p, z, w, o);
  EXPECT_EQ(r.status, SolverStatus::Failed);
  EXPECT_NE(r.message.find("m = 38"), std::string::npos) << r.message;
  expectHonest(r, z, o.tolerance);
}

TEST(MlcpSolvers, EnumBudgetGivesMaxIterations) {
  // q chosen so that the solution has all v basic while the warm start (0) says
  // none: the state at Hamming distance m is the last one visited.
  const auto base = randomSpdMlcp(12, 2, 13U);
  const Eigen::MatrixXd M = base.M().toDense();
  const Eigen::VectorXd zs = Eigen::VectorXd::Ones(12);
  const MixedLinearComplementarityProblem p(M, -M * zs, 2, 10);
  Eigen::VectorXd z = Eigen::VectorXd::Zero(12), w;
  SolverOptions o = opts("enum");
  o.maxIterations = 50;
  const SolverResult r = mlcpEnum(p, z, w, o);
  if (!r.converged()) {
    EXPECT_EQ(r.status, SolverStatus::MaxIterations);
    expectHonest(r, z, o.tolerance);
  }
  o.maxIterations = 5000;
  z.setZero();
  EXPECT_TRUE(mlcpEnum(p, z, w, o).converged());
  EXPECT_TRUE(isMlcpSolution(p, z, 1e-9));
}

TEST(MlcpSolvers, VerbosityDoesNotChangeResult) {
  const auto p = randomSpdMlcp(6, 1, 17U);
  testing::internal::CaptureStderr();
  Eigen::VectorXd z, w;
  SolverOptions o = opts("auto");
  o.verbosity = 2;
  const SolverResult r = solveMlcp(p, z, w, o);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(r.converged());
  EXPECT_FALSE(log.empty());
}

}  // namespace
}  // namespace moreau::numerics
