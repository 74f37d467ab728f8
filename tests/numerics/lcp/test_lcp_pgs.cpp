#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

namespace mn = moreau::numerics;
using mn::test::isLcpSolution;

namespace {

TEST(Pgs, TwoByTwoAnalytic) {
  Eigen::MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  Eigen::VectorXd q(2);
  q << -5, -6;
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  o.tolerance = 1e-13;
  const mn::SolverResult r = mn::lcpPgs({M, q}, z, w, o);
  ASSERT_TRUE(r.converged());
  EXPECT_EQ(r.solver, "pgs");
  EXPECT_NEAR(z[0], 4.0 / 3.0, 1e-12);
  EXPECT_NEAR(z[1], 7.0 / 3.0, 1e-12);
  EXPECT_LE(r.error, 1e-13);
  EXPECT_GT(r.iterations, 1);
}

TEST(Pgs, RandomSpdDenseSparseAndRelaxation) {
  for (int n : {5, 10, 50, 100, 200}) {
    const auto p = mn::test::randomSpdLcp(n, 77u + static_cast<unsigned>(n));
    const mn::LinearComplementarityProblem ps(p.M().toSparse(), p.q());
    for (double omega : {1.0, 1.3, 0.8}) {
      mn::SolverOptions o;
      o.relaxation = omega;
      o.maxIterations = 100000;
      Eigen::VectorXd z, zs, w;
      const mn::SolverResult r = mn::lcpPgs(p, z, w, o);
      ASSERT_TRUE(r.converged()) << "n=" << n << " omega=" << omega;
      EXPECT_LE(r.error, o.tolerance);
      // The reported error is the Siconos error of the returned z.
      Eigen::VectorXd w2;
      EXPECT_DOUBLE_EQ(r.error, mn::lcpComputeError(p, z, w2));
      EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
      const mn::SolverResult rs = mn::lcpPgs(ps, zs, w, o);
      ASSERT_TRUE(rs.converged());
      EXPECT_EQ(rs.iterations, r.iterations);  // same arithmetic order
      EXPECT_LE((z - zs).norm(), 1e-10 * (1.0 + z.norm()));
    }
  }
}

TEST(Pgs, WarmStartFromSolutionTakesNoSweep) {
  const auto p = mn::test::randomSpdLcp(20, 5);
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  ASSERT_TRUE(mn::lcpPgs(p, z, w, o).converged());
  const mn::SolverResult again = mn::lcpPgs(p, z, w, o);
  EXPECT_TRUE(again.converged());
  EXPECT_EQ(again.iterations, 0);
}

TEST(Pgs, NonPositiveDiagonalFailsNamingTheRow) {
  Eigen::MatrixXd M(3, 3);
  M << 1, 0, 0, 0, 2, 0, 0, 0, 0;
  Eigen::VectorXd z, w;
  const mn::SolverResult r = mn::lcpPgs({M, -Eigen::VectorXd::Ones(3)}, z, w);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_NE(r.message.find("row 2"), std::string::npos) << r.message;
}

TEST(Pgs, BudgetExhaustedIsNotConverged) {
  const auto p = mn::test::randomSpdLcp(50, 9);
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  o.maxIterations = 2;
  o.tolerance = 1e-14;
  const mn::SolverResult r = mn::lcpPgs(p, z, w, o);
  EXPECT_EQ(r.status, mn::SolverStatus::MaxIterations);
  EXPECT_EQ(r.iterations, 2);
}

TEST(Pgs, InfeasibleIsNotConverged) {
  // Positive diagonal but no solution: w1 = z1 - z2 - 1, w2 = z2 + ... see below.
  // M = [[1, -1], [-1, 1]] is copositive but with q = (-1, -1) w1 + w2 = -2 < 0.
  Eigen::MatrixXd M(2, 2);
  M << 1, -1, -1, 1;
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  o.maxIterations = 500;
  const mn::SolverResult r = mn::lcpPgs({M, -Eigen::VectorXd::Ones(2)}, z, w, o);
  EXPECT_FALSE(r.converged());
}

}  // namespace
