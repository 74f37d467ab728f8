// Block Gauss–Seidel ("bgs" / "nsgs-sbm") on sparse-block matrices.
#include "LcpMechanicalProblems.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mn = moreau::numerics;
using mn::test::isLcpSolution;

namespace {

TEST(Bgs, ChainWithBlocksOf1To3) {
  for (Eigen::Index b : {1, 2, 3}) {
    const auto p = mn::test::chainLcp(50, b, 3u);
    ASSERT_TRUE(p.M().isSparseBlock());
    Eigen::VectorXd z, w;
    const mn::SolverResult r = mn::lcpBlockGaussSeidel(p, z, w);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_EQ(r.solver, "bgs");
    EXPECT_GT(r.iterations, 1);
    EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
    // Same answer as Lemke (the solution is unique: M is positive definite).
    Eigen::VectorXd zl;
    ASSERT_TRUE(mn::lcpLemke(p, zl, w).converged());
    EXPECT_LE((z - zl).norm(), 1e-6 * (1.0 + zl.norm()));
  }
}

TEST(Bgs, VaryingBlockSizesAndLargeBlocks) {
  // Dense SPD matrix cut into blocks of sizes 1, 2, 3, 6 (6 > 4: the local
  // problem is solved by the inner projected Gauss–Seidel loop).
  const auto dense = mn::test::randomSpdLcp(24, 5u);
  const std::vector<Eigen::Index> sizes = {1, 2, 3, 6, 1, 2, 3, 6};
  const mn::LinearComplementarityProblem p(mn::Matrix(dense.M().toSparseBlock(sizes, sizes)),
                                           dense.q());
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  o.maxIterations = 100000;
  const mn::SolverResult r = mn::lcpBlockGaussSeidel(p, z, w, o);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(dense, z, 1e-6));
  // Bigger blocks = fewer sweeps than scalar Gauss–Seidel.
  Eigen::VectorXd zs;
  const mn::SolverResult scalar = mn::lcpPgs(dense, zs, w, o);
  ASSERT_TRUE(scalar.converged());
  EXPECT_LT(r.iterations, scalar.iterations);
}

TEST(Bgs, DenseAndSparseMatricesAreScalarBlocks) {
  const auto p = mn::test::chainLcp(40, 1, 8u);
  const mn::LinearComplementarityProblem pd(p.M().toDense(), p.q());
  const mn::LinearComplementarityProblem ps(p.M().toSparse(), p.q());
  Eigen::VectorXd z1, z2, z3, w;
  const auto r1 = mn::lcpBlockGaussSeidel(p, z1, w);
  const auto r2 = mn::lcpBlockGaussSeidel(pd, z2, w);
  const auto r3 = mn::lcpBlockGaussSeidel(ps, z3, w);
  ASSERT_TRUE(r1.converged() && r2.converged() && r3.converged());
  // With 1x1 blocks and ω = 1, block Gauss–Seidel is PGS: same iterates.
  Eigen::VectorXd z4;
  const auto r4 = mn::lcpPgs(p, z4, w);
  EXPECT_EQ(r1.iterations, r4.iterations);
  EXPECT_EQ(r2.iterations, r4.iterations);
  EXPECT_EQ(r3.iterations, r4.iterations);
  EXPECT_LE((z1 - z4).norm(), 1e-12);
}

TEST(Bgs, RelaxationAndAlias) {
  const auto p = mn::test::chainLcp(100, 3, 2u);
  for (double omega : {0.8, 1.0, 1.3}) {
    Eigen::VectorXd z, w;
    mn::SolverOptions o;
    o.solver = "NSGS-SBM";
    o.relaxation = omega;
    const mn::SolverResult r = mn::solveLcp(p, z, w, o);
    ASSERT_TRUE(r.converged()) << omega;
    EXPECT_EQ(r.solver, "nsgs-sbm");
    EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
  }
}

TEST(Bgs, SingularDiagonalBlockStillSolved) {
  // Diagonal block [[1, 1], [1, 1]] (PSD, singular): the local enumeration
  // finds a solution of the local LCP when one exists.
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(4, 4);
  M.topLeftCorner(2, 2) << 1, 1, 1, 1;
  Eigen::VectorXd q(4);
  q << -1, -1, -1, 2;
  const std::vector<Eigen::Index> sizes = {2, 2};
  const mn::LinearComplementarityProblem p(mn::Matrix(mn::Matrix(M).toSparseBlock(sizes, sizes)),
                                           q);
  Eigen::VectorXd z, w;
  const mn::SolverResult r = mn::lcpBlockGaussSeidel(p, z, w);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(p, z, 1e-10));
}

TEST(Bgs, NonPositiveDiagonalAndDivergenceAreFailures) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3);
  M(1, 1) = 0.0;
  const mn::LinearComplementarityProblem p(M, Eigen::VectorXd(-Eigen::VectorXd::Ones(3)));
  Eigen::VectorXd z, w;
  const mn::SolverResult r = mn::lcpBlockGaussSeidel(p, z, w);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_NE(r.message.find("row 1"), std::string::npos) << r.message;
}

TEST(Bgs, WarmStartFromTheSolutionTakesOneSweep) {
  const auto p = mn::test::chainLcp(500, 3, 6u);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(mn::lcpBlockGaussSeidel(p, z, w).converged());
  const mn::SolverResult again = mn::lcpBlockGaussSeidel(p, z, w);
  ASSERT_TRUE(again.converged());
  EXPECT_EQ(again.iterations, 0);
}

}  // namespace
