// Degenerate and cycling LCPs for the pivoting solvers (docs/numerics/lcp.md,
// "Degeneracy and accuracy"). The problems come from
// tests/numerics/common/LcpDegenerateProblems.hpp (built from a known
// solution); solutions are checked with the independent isLcpSolution.
#include "LcpDegenerateProblems.hpp"
#include "NaiveLemke.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

namespace mn = moreau::numerics;
using mn::test::isLcpSolution;

namespace {

mn::SolverResult lemke(const mn::LinearComplementarityProblem& p, Eigen::VectorXd& z,
                       mn::SolverOptions o = {}) {
  Eigen::VectorXd w;
  return mn::lcpLemke(p, z, w, o);
}

// Every family of size 40, integer and real data, raw and badly scaled
// (row/column factors 10^±3): Lemke must solve all of them, and find the
// unique solution of the P-matrix family.
TEST(LemkeDegenerate, GeneratedSize40) {
  for (const std::string suffix : {"", "+real", "+scaled", "+real+scaled"}) {
    for (const auto& family : mn::test::degenerateFamilies()) {
      for (unsigned seed = 0; seed < 6; ++seed) {
        const auto t = mn::test::degenerateLcp(family + suffix, 40, seed);
        // The construction really is degenerate: some z*_i = w*_i = 0.
        const Eigen::VectorXd wStar = t.problem.M().dense() * t.zStar + t.problem.q();
        int degenerate = 0;
        for (Eigen::Index i = 0; i < 40; ++i)
          degenerate += t.zStar[i] == 0.0 && std::abs(wStar[i]) <= 1e-9 * (1 + wStar.norm());
        EXPECT_GE(degenerate, 5) << t.name;
        Eigen::VectorXd z;
        const mn::SolverResult r = lemke(t.problem, z);
        ASSERT_TRUE(r.converged()) << t.name << ": " << r.message;
        EXPECT_LE(r.error, 1e-12) << t.name;
        EXPECT_LT(r.iterations, 400) << t.name;
        EXPECT_TRUE(isLcpSolution(t.problem, z, 1e-10)) << t.name;
        if (t.unique) {
          EXPECT_LE((z - t.zStar).norm(), 1e-9 * (1.0 + t.zStar.norm())) << t.name;
        }
      }
    }
  }
}

// "zero-q": q has a zero entry on every index of D (z and w both zero there).
TEST(LemkeDegenerate, ZeroQFamilyHasManyZeroEntries) {
  const auto t = mn::test::degenerateLcp("zero-q", 40, 3);
  int zeros = 0;
  for (Eigen::Index i = 0; i < 40; ++i) zeros += t.problem.q()[i] == 0.0;
  EXPECT_GE(zeros, 10);
  Eigen::VectorXd z;
  const mn::SolverResult r = lemke(t.problem, z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(t.problem, z, 1e-12));
}

// Problems on which the plain minimum-ratio test (ties to the lowest row)
// revisits a basis: the naive method cycles, the lexicographic one solves.
TEST(LemkeDegenerate, CyclesWithANaiveRatioTestNotWithLemke) {
  const struct {
    const char* family;
    Eigen::Index n;
    unsigned seed;
  } cases[] = {{"psd-lowrank", 9, 51},
               {"psd-lowrank", 9, 61},
               {"psd-lowrank", 10, 5},
               {"psd-lowrank", 12, 51},
               {"zero-q", 12, 156}};
  for (const auto& c : cases) {
    const auto t = mn::test::degenerateLcp(c.family, c.n, c.seed);
    const auto naive = mn::test::naiveLemke(t.problem.M().dense(), t.problem.q(), 10000);
    EXPECT_TRUE(naive.cycled) << t.name << " no longer cycles with the naive rule";
    Eigen::VectorXd z;
    const mn::SolverResult r = lemke(t.problem, z);
    ASSERT_TRUE(r.converged()) << t.name << ": " << r.message;
    EXPECT_TRUE(isLcpSolution(t.problem, z, 1e-12)) << t.name;
  }
}

// Beale's degenerate linear program (the classic cycling example of the
// simplex method): min −3/4 x1 + 150 x2 − 1/50 x3 + 6 x4 subject to
// G x <= h, x >= 0, as the LCP of its optimality conditions
// M = [[0, Gᵀ], [−G, 0]], q = [c; h] (skew-symmetric M). Optimum −1/20 at
// x = (1/25, 0, 1, 0); h has two zero entries (degenerate vertex).
TEST(LemkeDegenerate, BealeLinearProgram) {
  Eigen::MatrixXd G(3, 4);
  G << 0.25, -60, -1.0 / 25, 9, 0.5, -90, -1.0 / 50, 3, 0, 0, 1, 0;
  Eigen::VectorXd c(4);
  c << -0.75, 150, -1.0 / 50, 6;
  Eigen::VectorXd h(3);
  h << 0, 0, 1;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(7, 7);
  M.topRightCorner(4, 3) = G.transpose();
  M.bottomLeftCorner(3, 4) = -G;
  Eigen::VectorXd q(7);
  q << c, h;
  const mn::LinearComplementarityProblem p(M, q);
  Eigen::VectorXd z;
  const mn::SolverResult r = lemke(p, z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
  EXPECT_NEAR(c.dot(z.head(4)), -1.0 / 20.0, 1e-14);   // primal optimum
  EXPECT_NEAR(-h.dot(z.tail(3)), -1.0 / 20.0, 1e-14);  // dual optimum (strong duality)
  EXPECT_NEAR(z[0], 1.0 / 25.0, 1e-14);
  EXPECT_NEAR(z[2], 1.0, 1e-14);
}

// Duplicated rows and columns with q = 0 on the copies: identical tableau
// rows tie in every column except the B⁻¹ part.
TEST(LemkeDegenerate, RepeatedRowsAndZeroQ) {
  // G = [[2, 1], [1, 2]] repeated: M_ij = G_g(i)g(j), g = (0, 0, 1, 1, 0, 1).
  const int g[6] = {0, 0, 1, 1, 0, 1};
  Eigen::Matrix2d G;
  G << 2, 1, 1, 2;
  Eigen::MatrixXd M(6, 6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) M(i, j) = G(g[i], g[j]);
  Eigen::VectorXd q(6);
  q << -3, 0, -3, 0, -3, 0;
  const mn::LinearComplementarityProblem p(M, q);
  Eigen::VectorXd z;
  const mn::SolverResult r = lemke(p, z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
  // Group sums s = (s0, s1) solve G s = (3, 3) (w = 0 on the rows with q = -3):
  // s0 = s1 = 1.
  EXPECT_NEAR(z[0] + z[1] + z[4], 1.0, 1e-13);
  EXPECT_NEAR(z[2] + z[3] + z[5], 1.0, 1e-13);
}

// A long path (0.75 × Murty's matrix, 2^9 pivots) goes through several
// refactorizations; the answer stays exact, and Siconos' error is at round-off.
TEST(LemkeDegenerate, LongPathsStayAccurate) {
  const int n = 10;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) M(i, j) = 0.75 * (i == j ? 1.0 : 2.0);
  const mn::LinearComplementarityProblem p(M, -Eigen::VectorXd::Ones(n));
  Eigen::VectorXd z;
  const mn::SolverResult r = lemke(p, z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_GE(r.iterations, 512);
  EXPECT_LE(r.error, 1e-15);
  EXPECT_NEAR(z[0], 4.0 / 3.0, 1e-15);
}

// A symmetric scaling by powers of two: the same (unique) solution up to the
// scaling.
TEST(LemkeDegenerate, PowerOfTwoScaling) {
  const auto t = mn::test::degenerateLcp("p-matrix", 30, 1);
  Eigen::VectorXd s(30);
  for (Eigen::Index i = 0; i < 30; ++i) s[i] = std::exp2(static_cast<double>((7 * i) % 13) - 6.0);
  const Eigen::MatrixXd M = s.asDiagonal() * t.problem.M().dense() * s.asDiagonal();
  const mn::LinearComplementarityProblem scaled(M, s.cwiseProduct(t.problem.q()));
  Eigen::VectorXd z, zs;
  const mn::SolverResult r = lemke(t.problem, z);
  const mn::SolverResult rs = lemke(scaled, zs);
  ASSERT_TRUE(r.converged()) << r.message;
  ASSERT_TRUE(rs.converged()) << rs.message;
  EXPECT_TRUE(isLcpSolution(scaled, zs, 1e-12));
  EXPECT_LE((s.cwiseProduct(zs) - z).norm(), 1e-10 * (1.0 + z.norm()));
}

}  // namespace

namespace {

// "auto" when Lemke cannot finish (pivot budget of 1): the chain falls back to
// murty (positive diagonal), enum (n <= 16), newton-fb and pgs, and says so.
TEST(LcpAutoDegenerate, FallsBackWhenLemkeRunsOutOfPivots) {
  mn::SolverOptions o;
  o.solver = "auto";
  o.maxIterations = 1;
  for (const std::string suffix : {"", "+real"}) {
    for (const auto& family : mn::test::degenerateFamilies()) {
      for (unsigned seed = 0; seed < 3; ++seed) {
        for (Eigen::Index n : {12, 40}) {
          const auto t = mn::test::degenerateLcp(family + suffix, n, seed);
          Eigen::VectorXd z, w;
          const mn::SolverResult r = mn::solveLcp(t.problem, z, w, o);
          ASSERT_TRUE(r.converged()) << t.name << ": " << r.message;
          EXPECT_NE(r.solver, "auto:lemke") << t.name;
          EXPECT_EQ(r.message.rfind("tried lemke: max-iterations", 0), 0u) << r.message;
          EXPECT_TRUE(isLcpSolution(t.problem, z, 1e-8)) << t.name;
          if (n <= 16 && r.solver != "auto:murty") {
            EXPECT_EQ(r.solver, "auto:enum") << t.name << ": " << r.message;
          }
        }
      }
    }
  }
}

// The order of the small chain, visible in the attempts: lemke, murty, enum,
// newton-fb, pgs. Here no solver can succeed: z1 − 2 z2 >= 1 and
// z2 − 2 z1 >= 1 have no solution z >= 0 (infeasible), yet M_ii > 0.
TEST(LcpAutoDegenerate, SmallChainOrder) {
  Eigen::MatrixXd M(2, 2);
  M << 1, -2, -2, 1;
  const Eigen::VectorXd q = -Eigen::VectorXd::Ones(2);
  const mn::LinearComplementarityProblem p(M, q);
  mn::SolverOptions o;
  o.solver = "auto";
  Eigen::VectorXd z, w;
  const mn::SolverResult r = mn::solveLcp(p, z, w, o);
  EXPECT_FALSE(r.converged());
  const auto at = [&](const char* name) { return r.message.find(name); };
  ASSERT_NE(at("lemke:"), std::string::npos) << r.message;
  ASSERT_NE(at("murty:"), std::string::npos) << r.message;
  ASSERT_NE(at("enum:"), std::string::npos) << r.message;
  ASSERT_NE(at("newton-fb:"), std::string::npos) << r.message;
  ASSERT_NE(at("pgs:"), std::string::npos) << r.message;
  EXPECT_LT(at("lemke:"), at("murty:"));
  EXPECT_LT(at("murty:"), at("enum:"));
  EXPECT_LT(at("enum:"), at("newton-fb:"));
  EXPECT_LT(at("newton-fb:"), at("pgs:"));
}

}  // namespace

namespace {

// Murty's principal pivoting equilibrates M symmetrically first: badly scaled
// (10^±3) degenerate P-matrix problems give the unique solution.
TEST(MurtyDegenerate, BadlyScaledPMatrices) {
  for (unsigned seed = 0; seed < 6; ++seed) {
    const auto t = mn::test::degenerateLcp("p-matrix+real+scaled", 40, seed);
    Eigen::VectorXd z, w;
    const mn::SolverResult r = mn::lcpMurty(t.problem, z, w);
    ASSERT_TRUE(r.converged()) << t.name << ": " << r.message;
    EXPECT_LE((z - t.zStar).norm(), 1e-8 * (1.0 + t.zStar.norm())) << t.name;
  }
}

}  // namespace
