// Block principal pivoting ("pivot" / "bpp" / "block-pivoting"): tridiagonal chains of
// beads (against Lemke and the LCP invariants), the ColumnOfBeads steps on which the
// splitting and Newton methods stall, warm starts, random sparse SPD, non-symmetric
// P-matrices, degenerate, singular and indefinite problems, budgets and non-finite data.
#include "LcpBeadChain.hpp"
#include "LcpDegenerateProblems.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
using mn::test::isLcpSolution;

namespace {

using Index = Eigen::Index;
using Sparse = Eigen::SparseMatrix<double>;

mn::SolverResult solve(const mn::LinearComplementarityProblem& p, Eigen::VectorXd& z,
                       const std::string& solver = "pivot", double tolerance = 1e-12,
                       int maxIterations = 10000) {
  mn::SolverOptions o;
  o.solver = solver;
  o.tolerance = tolerance;
  o.maxIterations = maxIterations;
  Eigen::VectorXd w;
  return mn::solveLcp(p, z, w, o);
}

using Chain = mn::test::BeadChainLcp;
Chain beadChain(Index n, unsigned seed) { return mn::test::beadChainLcp(n, seed); }

// ‖a − b‖∞ / max(‖b‖∞, 1).
double relDiff(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(b.cwiseAbs().maxCoeff(), 1.0);
}

TEST(LcpPivoting, BeadChainsMatchLemkeAndTheInvariants) {
  for (Index n : {10, 100, 1000}) {
    for (unsigned seed : {1u, 2u, 3u}) {
      const Chain c = beadChain(n, seed);
      const mn::LinearComplementarityProblem sparse(c.M, c.q);
      const mn::LinearComplementarityProblem block(
          mn::Matrix(
              mn::Matrix(c.M).toSparseBlock(std::vector<Index>(n, 1), std::vector<Index>(n, 1))),
          c.q);
      for (const auto* p : {&sparse, &block}) {
        SCOPED_TRACE("n " + std::to_string(n) + " seed " + std::to_string(seed) +
                     (p == &sparse ? " sparse" : " sparse-block"));
        Eigen::VectorXd z;
        const mn::SolverResult r = solve(*p, z);
        ASSERT_TRUE(r.converged()) << r.message;
        EXPECT_EQ(r.solver, "pivot");
        EXPECT_LE(r.error, 1e-12);
        EXPECT_TRUE(isLcpSolution(*p, z, 1e-10));
        // M is positive definite: the solution is unique and is z*.
        EXPECT_LE(relDiff(z, c.zStar), 1e-9);
        if (n <= 100) {
          Eigen::VectorXd zl;
          const mn::SolverResult rl = solve(*p, zl, "lemke");
          ASSERT_TRUE(rl.converged()) << rl.message;
          EXPECT_LE(relDiff(z, zl), 1e-9);
        }
      }
    }
  }
}

TEST(LcpPivoting, DenseStorageAndAliases) {
  const Chain c = beadChain(50, 7u);
  const mn::LinearComplementarityProblem dense(Eigen::MatrixXd(c.M), c.q);
  for (const char* name : {"pivot", "bpp", "block-pivoting", "BPP"}) {
    Eigen::VectorXd z;
    const mn::SolverResult r = solve(dense, z, name);
    ASSERT_TRUE(r.converged()) << name << ": " << r.message;
    EXPECT_EQ(r.solver, mn::normalizeSolverName(name));
    EXPECT_LE(relDiff(z, c.zStar), 1e-10);
  }
}

// The steps of the ColumnOfBeads example on which bgs (N = 100) and newton-min (N = 1000)
// stall (tests/data/README.md): solved exactly, cold and warm, as Lemke does.
TEST(LcpPivoting, ColumnOfBeadsDumps) {
  for (const char* file :
       {"column_of_beads_N100_bgs_step2003.dat", "column_of_beads_N1000_newton-min_step3817.dat"}) {
    SCOPED_TRACE(file);
    const auto dense = mn::readLcpFile(mn::test::dataDir() + "/lcp_beads/" + file);
    const mn::LinearComplementarityProblem p(dense.M().toSparse(), dense.q());
    Eigen::VectorXd z;
    mn::SolverResult r = solve(p, z, "pivot", 1e-10);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_TRUE(isLcpSolution(p, z, 1e-10));
    EXPECT_LE(r.iterations, 20);
    Eigen::VectorXd zl;
    const mn::SolverResult rl = solve(dense, zl, "lemke", 1e-10);
    ASSERT_TRUE(rl.converged()) << rl.message;
    EXPECT_LE(relDiff(z, zl), 1e-8);
    // Warm start from the answer: no exchange at all.
    r = solve(p, z, "pivot", 1e-10);
    ASSERT_TRUE(r.converged());
    EXPECT_EQ(r.iterations, 0);
    // The dense storage gives the same answer.
    Eigen::VectorXd zd;
    r = solve(dense, zd, "pivot", 1e-10);
    ASSERT_TRUE(r.converged());
    EXPECT_LE(relDiff(zd, z), 1e-12);
  }
}

// A time-stepping simulation passes the previous step's z: after a small change of q
// the active set changes by a few indices and at most 2 exchanges are needed.
TEST(LcpPivoting, WarmStartAfterASmallPerturbationOfQ) {
  for (Index n : {100, 1000}) {
    const Chain c = beadChain(n, 11u);
    const mn::LinearComplementarityProblem p(c.M, c.q);
    Eigen::VectorXd z;
    const mn::SolverResult cold = solve(p, z);
    ASSERT_TRUE(cold.converged());
    std::mt19937 gen(5u);
    std::normal_distribution<double> g(0.0, 1.0);
    int maxExchanges = 0;
    for (int trial = 0; trial < 10; ++trial) {
      Eigen::VectorXd dq(n);
      for (Index i = 0; i < n; ++i) dq[i] = g(gen);
      mn::LinearComplementarityProblem perturbed(c.M, Eigen::VectorXd(c.q + 1e-3 * dq));
      Eigen::VectorXd zw = z;
      const mn::SolverResult warm = solve(perturbed, zw);
      ASSERT_TRUE(warm.converged()) << warm.message;
      EXPECT_TRUE(isLcpSolution(perturbed, zw, 1e-10));
      EXPECT_LE(warm.iterations, 2) << "trial " << trial;
      maxExchanges = std::max(maxExchanges, warm.iterations);
      Eigen::VectorXd zc;
      ASSERT_TRUE(solve(perturbed, zc).converged());
      EXPECT_LE(relDiff(zw, zc), 1e-10);
    }
    EXPECT_LT(maxExchanges, cold.iterations) << "warm start must save exchanges";
  }
}

// Random sparse SPD (not banded: the minimum-degree order is used) against Lemke.
TEST(LcpPivoting, RandomSparseSpd) {
  for (unsigned seed : {1u, 2u, 3u, 4u}) {
    const Index n = 200;
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::uniform_int_distribution<Index> col(0, n - 1);
    std::vector<Eigen::Triplet<double>> t;
    for (Index i = 0; i < n; ++i) {
      for (int k = 0; k < 3; ++k) t.emplace_back(i, col(gen), u(gen));
    }
    Sparse B(n, n);
    B.setFromTriplets(t.begin(), t.end());
    Sparse I(n, n);
    I.setIdentity();
    const Sparse M = Sparse(B.transpose() * B) + 0.05 * I;
    Eigen::VectorXd q(n);
    for (Index i = 0; i < n; ++i) q[i] = u(gen);
    const mn::LinearComplementarityProblem p(M, q);
    Eigen::VectorXd z, zl;
    const mn::SolverResult r = solve(p, z);
    ASSERT_TRUE(r.converged()) << r.message;
    EXPECT_TRUE(isLcpSolution(p, z, 1e-10));
    ASSERT_TRUE(solve(p, zl, "lemke").converged());
    EXPECT_LE(relDiff(z, zl), 1e-8);
  }
}

// Non-symmetric P-matrices (sparse LU path): positive definite non-symmetric, and
// triangular with unit diagonal and large off-diagonal entries (Murty-like; block
// exchanges may cycle there, the least-index rule must finish).
TEST(LcpPivoting, NonSymmetricPMatrices) {
  std::mt19937 gen(3u);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 20; ++trial) {
    const Index n = 12;
    Eigen::MatrixXd S(n, n), M(n, n);
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < n; ++i) S(i, j) = u(gen);
    if (trial % 2 == 0) {
      M = S - S.transpose() + Eigen::MatrixXd::Identity(n, n);  // xᵀMx = ‖x‖² > 0
    } else {
      M = Eigen::MatrixXd::Identity(n, n);
      for (Index j = 0; j < n; ++j)
        for (Index i = 0; i < j; ++i) M(i, j) = 4.0 * S(i, j);
    }
    Eigen::VectorXd q(n);
    for (Index i = 0; i < n; ++i) q[i] = u(gen);
    const mn::LinearComplementarityProblem p(M, q);
    Eigen::VectorXd z, ze;
    const mn::SolverResult r = solve(p, z);
    ASSERT_TRUE(r.converged()) << "trial " << trial << ": " << r.message;
    EXPECT_TRUE(isLcpSolution(p, z, 1e-10));
    ASSERT_TRUE(solve(p, ze, "enum").converged());
    EXPECT_LE(relDiff(z, ze), 1e-9) << "trial " << trial;
  }
  // Murty's exponential example (upper triangular P-matrix).
  const auto murty = mn::readLcpFile(mn::test::dataDir() + "/lcp/lcp_exp_murty.dat");
  Eigen::VectorXd z;
  const mn::SolverResult r = solve(murty, z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(murty, z, 1e-10));
}

// Degenerate problems (z*_i = w*_i = 0 on about half the indices, small integer data):
// on a P-matrix the unique solution is found; on the PSD families the answer is either a
// true solution or an honest failure.
TEST(LcpPivoting, DegenerateProblems) {
  int solvedPsd = 0;
  for (const std::string suffix : {"", "+real", "+scaled"}) {
    for (const auto& family : mn::test::degenerateFamilies()) {
      for (unsigned seed = 0; seed < 3; ++seed) {
        for (Index n : {12, 40, 120}) {
          const auto t = mn::test::degenerateLcp(family + suffix, n, seed);
          SCOPED_TRACE(t.name);
          const mn::LinearComplementarityProblem p(t.problem.M().toSparse(), t.problem.q());
          Eigen::VectorXd z;
          const mn::SolverResult r = solve(p, z, "pivot", 1e-10);
          if (t.unique) {
            ASSERT_TRUE(r.converged()) << r.message;
            EXPECT_LE(relDiff(z, t.zStar), 1e-7);
          }
          if (r.converged()) {
            EXPECT_TRUE(isLcpSolution(t.problem, z, 1e-8));
            if (!t.unique) ++solvedPsd;
          } else {
            EXPECT_FALSE(r.message.empty());
            EXPECT_GT(r.error, 1e-10);
          }
        }
      }
    }
  }
  RecordProperty("solved_psd", solvedPsd);
}

// PSD singular: either an honest failure or a true solution, never a wrong answer
// flagged as converged.
TEST(LcpPivoting, SingularPsdNeverLies) {
  // M = [[1, 1], [1, 1]]: z_0 + z_1 = 1 is the solution set for q = (−1, −1).
  Eigen::MatrixXd M1(2, 2);
  M1 << 1, 1, 1, 1;
  const mn::LinearComplementarityProblem p1(M1, Eigen::VectorXd(-Eigen::VectorXd::Ones(2)));
  Eigen::VectorXd z;
  mn::SolverResult r = solve(p1, z);
  if (r.converged()) {
    EXPECT_TRUE(isLcpSolution(p1, z, 1e-10));
  } else {
    EXPECT_EQ(r.status, mn::SolverStatus::Failed);
    EXPECT_NE(r.message.find("not positive definite"), std::string::npos) << r.message;
  }
  // Rank-deficient Gram matrices, solvable (q = w* − M z*) or not.
  std::mt19937 gen(9u);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int failed = 0;
  for (int trial = 0; trial < 20; ++trial) {
    const Index n = 60, rank = 40;
    Eigen::MatrixXd B(n, rank);
    for (Index j = 0; j < rank; ++j)
      for (Index i = 0; i < n; ++i) B(i, j) = u(gen);
    const Eigen::MatrixXd M = B * B.transpose();
    Eigen::VectorXd q(n);
    for (Index i = 0; i < n; ++i) q[i] = u(gen);
    const mn::LinearComplementarityProblem p(Sparse(M.sparseView()), q);
    z.resize(0);
    r = solve(p, z, "pivot", 1e-10);
    if (r.converged()) {
      EXPECT_TRUE(isLcpSolution(p, z, 1e-8)) << "trial " << trial;
    } else {
      ++failed;
      EXPECT_FALSE(r.message.empty());
      EXPECT_GT(r.error, 1e-10);
    }
  }
  RecordProperty("failed", failed);
}

// Symmetric, positive diagonal but indefinite: not a P-matrix, reported as such.
TEST(LcpPivoting, IndefiniteSymmetricFails) {
  Eigen::MatrixXd M(3, 3);
  M << 1, 2, 0, 2, 1, 0, 0, 0, 1;
  const mn::LinearComplementarityProblem p(Sparse(M.sparseView()),
                                           Eigen::VectorXd(-Eigen::VectorXd::Ones(3)));
  Eigen::VectorXd z;
  const mn::SolverResult r = solve(p, z);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_NE(r.message.find("not a P-matrix"), std::string::npos) << r.message;
  EXPECT_TRUE(z.allFinite());
}

TEST(LcpPivoting, BudgetAndTrivialCases) {
  const Chain c = beadChain(200, 4u);
  const mn::LinearComplementarityProblem p(c.M, c.q);
  Eigen::VectorXd z;
  mn::SolverResult r = solve(p, z, "pivot", 1e-12, 1);
  EXPECT_EQ(r.status, mn::SolverStatus::MaxIterations);
  EXPECT_NE(r.message.find("budget of 1"), std::string::npos) << r.message;
  // q >= 0: z = 0 without any exchange.
  const mn::LinearComplementarityProblem nonneg(c.M, Eigen::VectorXd(c.q.cwiseAbs()));
  z.resize(0);
  r = solve(nonneg, z);
  ASSERT_TRUE(r.converged());
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(z, Eigen::VectorXd::Zero(200));
  // Empty problem.
  const mn::LinearComplementarityProblem empty(Sparse(0, 0), Eigen::VectorXd());
  z.resize(0);
  EXPECT_TRUE(solve(empty, z).converged());
}

TEST(LcpPivoting, NonFiniteDataIsAFailedSolve) {
  const Chain c = beadChain(20, 5u);
  mn::LinearComplementarityProblem p(c.M, c.q);
  p.q()[3] = std::numeric_limits<double>::quiet_NaN();
  Eigen::VectorXd z;
  mn::SolverResult r = solve(p, z);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_TRUE(std::isinf(r.error));
  p.q() = c.q;
  p.M().sparse().coeffRef(2, 2) = std::numeric_limits<double>::infinity();
  r = solve(p, z);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_NE(r.message.find("non-finite"), std::string::npos);
}

TEST(LcpPivoting, AutoPutsPivotingFirstForLargePositiveDiagonal) {
  const Chain c = beadChain(300, 6u);
  const mn::LinearComplementarityProblem p(c.M, c.q);
  Eigen::VectorXd z;
  const mn::SolverResult r = solve(p, z, "auto", 1e-10);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_EQ(r.solver, "auto:pivot");
  EXPECT_LE(relDiff(z, c.zStar), 1e-9);
}

}  // namespace
