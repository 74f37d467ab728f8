#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

namespace mn = moreau::numerics;
using mn::test::isLcpSolution;

namespace {

mn::SolverResult lemke(const mn::LinearComplementarityProblem& p, Eigen::VectorXd& z,
                       mn::SolverOptions o = {}) {
  Eigen::VectorXd w;
  const mn::SolverResult r = mn::lcpLemke(p, z, w, o);
  EXPECT_EQ(r.solver, "lemke");
  return r;
}

TEST(Lemke, OneByOne) {
  Eigen::VectorXd z;
  const mn::LinearComplementarityProblem active(Eigen::MatrixXd::Constant(1, 1, 2.0),
                                                Eigen::VectorXd::Constant(1, -4.0));
  ASSERT_TRUE(lemke(active, z).converged());
  EXPECT_NEAR(z[0], 2.0, 1e-14);  // 2 z - 4 = 0
  const mn::LinearComplementarityProblem inactive(Eigen::MatrixXd::Constant(1, 1, 2.0),
                                                  Eigen::VectorXd::Constant(1, 3.0));
  const mn::SolverResult r = lemke(inactive, z);
  ASSERT_TRUE(r.converged());
  EXPECT_EQ(r.iterations, 0);  // trivial case q >= 0
  EXPECT_EQ(z[0], 0.0);
}

TEST(Lemke, TwoByTwoBothActive) {
  Eigen::MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  Eigen::VectorXd q(2);
  q << -5, -6;
  Eigen::VectorXd z;
  const mn::SolverResult r = lemke({M, q}, z);
  ASSERT_TRUE(r.converged()) << r.message;
  // w = 0: 2 z1 + z2 = 5, z1 + 2 z2 = 6.
  EXPECT_NEAR(z[0], 4.0 / 3.0, 1e-14);
  EXPECT_NEAR(z[1], 7.0 / 3.0, 1e-14);
  EXPECT_LE(r.error, 1e-14);
}

TEST(Lemke, TwoByTwoOneActive) {
  Eigen::MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  Eigen::VectorXd q(2);
  q << -1, 2;
  Eigen::VectorXd z;
  ASSERT_TRUE(lemke({M, q}, z).converged());
  EXPECT_NEAR(z[0], 0.5, 1e-15);  // z2 = 0, w2 = 0.5 + 2 > 0
  EXPECT_EQ(z[1], 0.0);
}

TEST(Lemke, RandomPMatricesMatchPgsAndAreSolutions) {
  for (int n : {5, 10, 20, 50, 100, 200}) {
    for (unsigned seed = 0; seed < 3; ++seed) {
      const auto p = mn::test::randomSpdLcp(n, 1000u * static_cast<unsigned>(n) + seed);
      Eigen::VectorXd z;
      const mn::SolverResult r = lemke(p, z);
      ASSERT_TRUE(r.converged()) << "n=" << n << " " << r.message;
      EXPECT_LE(r.error, 1e-8);
      EXPECT_TRUE(isLcpSolution(p, z, 1e-9)) << "n=" << n;
      // The solution of a P-matrix LCP is unique: PGS must find the same one.
      Eigen::VectorXd zp, w;
      mn::SolverOptions o;
      o.tolerance = 1e-12;
      o.maxIterations = 100000;
      ASSERT_TRUE(mn::lcpPgs(p, zp, w, o).converged()) << "n=" << n;
      EXPECT_LE((z - zp).norm(), 1e-7 * (1.0 + z.norm())) << "n=" << n;
    }
  }
}

TEST(Lemke, SparseMatchesDense) {
  const auto p = mn::test::randomSpdLcp(40, 7);
  Eigen::MatrixXd M = p.M().dense();
  // Thin it out to make the sparse structure meaningful (keep it SPD: diagonally dominant).
  for (Eigen::Index j = 0; j < M.cols(); ++j)
    for (Eigen::Index i = 0; i < M.rows(); ++i)
      if (i != j && (i + 2 * j) % 3 != 0) M(i, j) = 0.0;
  M.diagonal().array() += M.cwiseAbs().rowwise().sum().array();
  const mn::LinearComplementarityProblem dense(M, p.q());
  const mn::LinearComplementarityProblem sparse(Eigen::SparseMatrix<double>(M.sparseView()), p.q());
  Eigen::VectorXd zd, zs;
  ASSERT_TRUE(lemke(dense, zd).converged());
  ASSERT_TRUE(lemke(sparse, zs).converged());
  EXPECT_LE((zd - zs).norm(), 1e-12 * (1.0 + zd.norm()));
  EXPECT_TRUE(isLcpSolution(sparse, zs, 1e-10));
}

// Degenerate problems: many ties in the ratio tests (q has equal entries and
// zero right-hand sides appear). The lexicographic rule must still terminate
// with a solution.
TEST(Lemke, DegenerateTies) {
  {
    // All ones: every ratio ties; solutions are z >= 0 with sum(z) = 1.
    const int n = 5;
    const mn::LinearComplementarityProblem p(Eigen::MatrixXd::Ones(n, n),
                                             -Eigen::VectorXd::Ones(n));
    Eigen::VectorXd z;
    const mn::SolverResult r = lemke(p, z);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_NEAR(z.sum(), 1.0, 1e-12);
    EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
  }
  {
    // Cyclic matrix with equal q: ties in the first and later ratio tests.
    Eigen::MatrixXd M(3, 3);
    M << 1, 2, 0, 0, 1, 2, 2, 0, 1;
    const mn::LinearComplementarityProblem p(M, -Eigen::VectorXd::Ones(3));
    Eigen::VectorXd z;
    const mn::SolverResult r = lemke(p, z);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
  }
  {
    // Zero entries of q: degenerate basic variables from the start.
    Eigen::MatrixXd M(4, 4);
    M << 1, -1, 0, 0, -1, 2, -1, 0, 0, -1, 2, -1, 0, 0, -1, 1;
    M += Eigen::MatrixXd::Identity(4, 4);  // path Laplacian + I: positive definite
    Eigen::VectorXd q(4);
    q << 0, -1, 0, -1;
    const mn::LinearComplementarityProblem p(M, q);
    Eigen::VectorXd z;
    const mn::SolverResult r = lemke(p, z);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
  }
}

TEST(Lemke, InfeasibleProblemFails) {
  Eigen::VectorXd z;
  const mn::LinearComplementarityProblem p(Eigen::MatrixXd::Constant(1, 1, -1.0),
                                           Eigen::VectorXd::Constant(1, -1.0));
  const mn::SolverResult r = lemke(p, z);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_NE(r.message.find("ray termination"), std::string::npos) << r.message;
  // Another one: w1 = -z2 - 1 can never be >= 0.
  Eigen::MatrixXd M(2, 2);
  M << 0, -1, 1, 0;
  Eigen::VectorXd q(2);
  q << -1, 1;
  EXPECT_FALSE(lemke({M, q}, z).converged());
}

// Murty's example (Murty 1988, ch. 6): lower triangular, 1 on the diagonal, 2
// below, q = -1. The unique solution (M is a P-matrix) is z = e_1, and the
// complementary pivot method with covering vector e needs 2^n pivots to reach
// it. Lemke equilibrates M first (power-of-two row and column factors, which
// changes the covering vector to R⁻¹e): 0.75 M is left as it is (every row and
// column maximum is 0.75 or 1.5), so its path is Murty's exponential one.
Eigen::MatrixXd murty(int n) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) M(i, j) = i == j ? 1.0 : 2.0;
  return M;
}

TEST(Lemke, MurtyExponentialExample) {
  for (int n : {4, 8, 12}) {
    const mn::LinearComplementarityProblem p(0.75 * murty(n), -Eigen::VectorXd::Ones(n));
    Eigen::VectorXd z;
    mn::SolverOptions o;
    o.maxIterations = 1 << 14;
    const mn::SolverResult r = lemke(p, z, o);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_GE(r.iterations, 1 << (n - 1)) << "exponential pivot count expected";
    Eigen::VectorXd expected = Eigen::VectorXd::Zero(n);
    expected[0] = 4.0 / 3.0;
    EXPECT_LE((z - expected).norm(), 1e-12);
    EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
  }
  // n = 16 needs 65536 pivots: the default budget (10000) ends honestly.
  const mn::LinearComplementarityProblem big(0.75 * murty(16), -Eigen::VectorXd::Ones(16));
  Eigen::VectorXd z;
  const mn::SolverResult r = lemke(big, z);
  EXPECT_EQ(r.status, mn::SolverStatus::MaxIterations);
  EXPECT_EQ(r.iterations, mn::SolverOptions{}.maxIterations);
  // Murty's matrix itself is rescaled (rows 1.. by 1/2): another covering
  // vector, a short path, the same unique solution e_1.
  const mn::LinearComplementarityProblem plain(murty(16), -Eigen::VectorXd::Ones(16));
  const mn::SolverResult rp = lemke(plain, z);
  ASSERT_TRUE(rp.converged()) << rp.message;
  EXPECT_LE(rp.iterations, 16);
  EXPECT_NEAR(z[0], 1.0, 1e-14);
  EXPECT_EQ(z.tail(15).norm(), 0.0);
}

TEST(Lemke, IterationBudget) {
  const auto p = mn::test::randomSpdLcp(30, 3);
  Eigen::VectorXd z;
  mn::SolverOptions o;
  o.maxIterations = 2;
  const mn::SolverResult r = lemke(p, z, o);
  EXPECT_EQ(r.status, mn::SolverStatus::MaxIterations);
  EXPECT_EQ(r.iterations, 2);
}

}  // namespace
