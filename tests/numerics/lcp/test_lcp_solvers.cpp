// The LCP solvers on random, degenerate, singular and infeasible problems, the
// driver and the "auto" chain. Every answer claimed converged is checked
// independently with isLcpSolution.
#include "LcpMechanicalProblems.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
using mn::test::isLcpSolution;

namespace {

mn::SolverResult run(const mn::LinearComplementarityProblem& p, const std::string& solver,
                     Eigen::VectorXd& z, mn::SolverOptions o = {}) {
  o.solver = solver;
  Eigen::VectorXd w;
  return mn::solveLcp(p, z, w, o);
}

// A solvable LCP with a prescribed solution: M given, z* and w* >= 0
// complementary, q = w* − M z*. `degenerate` indices get z*_i = w*_i = 0.
mn::LinearComplementarityProblem withSolution(const Eigen::MatrixXd& M, unsigned seed,
                                              int degenerateEvery = 0) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const Eigen::Index n = M.rows();
  Eigen::VectorXd z = Eigen::VectorXd::Zero(n), w = Eigen::VectorXd::Zero(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (degenerateEvery > 0 && i % degenerateEvery == 0) continue;
    (u(gen) < 0.5 ? z[i] : w[i]) = 0.5 + u(gen);
  }
  return mn::LinearComplementarityProblem(M, Eigen::VectorXd(w - M * z));
}

Eigen::MatrixXd randomMatrix(int rows, int cols, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) A(i, j) = u(gen);
  return A;
}

TEST(LcpSolvers, NamesAutoFirstAndEverySolver) {
  const auto names = mn::lcpSolverNames();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "auto");
  for (const char* s : {"lemke", "pgs", "psor", "bgs", "nsgs-sbm", "newton-fb", "newton-min",
                        "enum", "murty", "pivot", "bpp", "block-pivoting"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), s), names.end()) << s;
  }
}

TEST(LcpSolvers, UnknownNameThrowsListingNames) {
  const auto p = mn::test::randomSpdLcp(3, 1);
  Eigen::VectorXd z;
  try {
    run(p, "simplex", z);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("simplex"), std::string::npos);
    for (const auto& name : mn::lcpSolverNames()) EXPECT_NE(msg.find(name), std::string::npos);
  }
}

TEST(LcpSolvers, RandomSpdDense) {
  for (int n : {5, 12, 40, 150}) {
    const auto p = mn::test::randomSpdLcp(n, 100u + static_cast<unsigned>(n));
    for (const auto& solver : mn::lcpSolverNames()) {
      if (solver == "enum" && n > 12) continue;
      if ((solver == "pgs" || solver == "psor" || solver == "bgs" || solver == "nsgs-sbm") &&
          n > 40) {
        continue;  // A Aᵀ + I is badly conditioned for splitting methods at n = 150
      }
      SCOPED_TRACE(solver + " n=" + std::to_string(n));
      Eigen::VectorXd z;
      mn::SolverOptions o;
      o.maxIterations = 100000;
      const mn::SolverResult r = run(p, solver, z, o);
      ASSERT_TRUE(r.converged()) << r.message;
      EXPECT_LE(r.error, o.tolerance);
      EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
    }
  }
}

TEST(LcpSolvers, RandomNonsymmetricPMatrices) {
  for (int n : {5, 10, 60, 300}) {
    const auto p = mn::test::randomDiagonallyDominantLcp(n, 7u + static_cast<unsigned>(n));
    for (const auto& solver : mn::lcpSolverNames()) {
      if (solver == "enum" && n > 10) continue;
      if ((solver == "lemke" || solver == "murty") && n > 60) continue;
      SCOPED_TRACE(solver + " n=" + std::to_string(n));
      Eigen::VectorXd z;
      const mn::SolverResult r = run(p, solver, z);
      ASSERT_TRUE(r.converged()) << r.message;
      EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
    }
  }
}

TEST(LcpSolvers, SparseChainOf2000Rows) {
  // Block tridiagonal SPD (a chain of bodies and contacts), sparse-block storage.
  for (Eigen::Index block : {1, 2, 3}) {
    const auto p = mn::test::chainLcp(2000 / block, block, 11u);
    const mn::LinearComplementarityProblem ps(p.M().toSparse(), p.q());
    for (const char* solver : {"bgs", "newton-fb", "newton-min", "pgs", "psor", "pivot", "auto"}) {
      SCOPED_TRACE(std::string(solver) + " block " + std::to_string(block));
      for (const auto* q : {&p, &ps}) {
        Eigen::VectorXd z;
        const mn::SolverResult r = run(*q, solver, z);
        ASSERT_TRUE(r.converged()) << r.message;
        EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
        // Large, symmetric, positive diagonal: block principal pivoting comes first.
        if (std::string(solver) == "auto") {
          EXPECT_EQ(r.solver, "auto:pivot");
        }
      }
    }
  }
}

TEST(LcpSolvers, DegenerateProblems) {
  // Indices with z*_i = w*_i = 0 (strict complementarity fails there).
  for (int n : {6, 30}) {
    const Eigen::MatrixXd A = randomMatrix(n, n, 3);
    const Eigen::MatrixXd M = A * A.transpose() + Eigen::MatrixXd::Identity(n, n);
    const auto p = withSolution(M, 5, 3);
    for (const auto& solver : mn::lcpSolverNames()) {
      if (solver == "enum" && n > 6) continue;
      SCOPED_TRACE(solver + " n=" + std::to_string(n));
      Eigen::VectorXd z;
      mn::SolverOptions o;
      o.maxIterations = 100000;
      const mn::SolverResult r = run(p, solver, z, o);
      ASSERT_TRUE(r.converged()) << r.message;
      EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
    }
  }
  // q = 0: z = 0 is a solution; every solver must find a solution.
  const auto p0 = mn::LinearComplementarityProblem(
      Eigen::MatrixXd(randomMatrix(5, 5, 1) * randomMatrix(5, 5, 1).transpose() +
                      Eigen::MatrixXd::Identity(5, 5)),
      Eigen::VectorXd::Zero(5));
  for (const auto& solver : mn::lcpSolverNames()) {
    Eigen::VectorXd z;
    EXPECT_TRUE(run(p0, solver, z).converged()) << solver;
    EXPECT_TRUE(isLcpSolution(p0, z, 1e-12)) << solver;
  }
}

TEST(LcpSolvers, SingularPsdWithSolution) {
  // M = B Bᵀ of rank n/2 (positive semidefinite, singular), solvable by construction.
  for (int n : {8, 40, 120}) {
    const Eigen::MatrixXd B = randomMatrix(n, n / 2, 17u + static_cast<unsigned>(n));
    const Eigen::MatrixXd M = B * B.transpose();
    const auto p = withSolution(M, 23u + static_cast<unsigned>(n));
    for (const char* solver : {"newton-fb", "auto", "lemke"}) {
      SCOPED_TRACE(std::string(solver) + " n=" + std::to_string(n));
      Eigen::VectorXd z;
      const mn::SolverResult r = run(p, solver, z);
      ASSERT_TRUE(r.converged()) << r.message;
      EXPECT_TRUE(isLcpSolution(p, z, 1e-6));
    }
  }
}

TEST(LcpSolvers, InfeasibleProblemsFailHonestly) {
  // (1) copositive M, w1 + w2 = -2 < 0 whatever z; (2) M = -I, w = -z - 1 < 0;
  // (3) 40x40 with the rows of (1) embedded: no solution either.
  Eigen::MatrixXd M1(2, 2);
  M1 << 1, -1, -1, 1;
  std::vector<mn::LinearComplementarityProblem> problems;
  problems.emplace_back(M1, Eigen::VectorXd(-Eigen::VectorXd::Ones(2)));
  problems.emplace_back(Eigen::MatrixXd(-Eigen::MatrixXd::Identity(3, 3)),
                        Eigen::VectorXd(-Eigen::VectorXd::Ones(3)));
  Eigen::MatrixXd M3 = Eigen::MatrixXd::Identity(40, 40);
  M3.topLeftCorner(2, 2) = M1;
  Eigen::VectorXd q3 = Eigen::VectorXd::Ones(40);
  q3.head(2).setConstant(-1.0);
  problems.emplace_back(M3, q3);
  for (size_t k = 0; k < problems.size(); ++k) {
    for (const auto& solver : mn::lcpSolverNames()) {
      SCOPED_TRACE(solver + " problem " + std::to_string(k));
      Eigen::VectorXd z;
      mn::SolverOptions o;
      o.maxIterations = 300;
      const mn::SolverResult r = run(problems[k], solver, z, o);
      EXPECT_FALSE(r.converged());
      EXPECT_GT(r.error, o.tolerance);
      EXPECT_TRUE(std::isfinite(r.error));
      EXPECT_TRUE(z.allFinite());
      EXPECT_FALSE(r.message.empty());
    }
  }
}

TEST(LcpSolvers, WarmStartReducesIterations) {
  const auto p = mn::test::chainLcp(300, 3, 4u);
  // A nearby problem (the next time step): q perturbed by 1 %.
  Eigen::VectorXd q2 = p.q();
  for (Eigen::Index i = 0; i < q2.size(); ++i) q2[i] *= 1.0 + 0.01 * std::sin(double(i));
  const mn::LinearComplementarityProblem p2(p.M(), q2);
  for (const char* solver : {"pgs", "psor", "bgs", "newton-fb"}) {
    SCOPED_TRACE(solver);
    Eigen::VectorXd z;
    ASSERT_TRUE(run(p, solver, z).converged());
    Eigen::VectorXd cold;
    const mn::SolverResult rc = run(p2, solver, cold);
    const mn::SolverResult rw = run(p2, solver, z);
    ASSERT_TRUE(rc.converged());
    ASSERT_TRUE(rw.converged());
    EXPECT_LT(rw.iterations, rc.iterations);
    EXPECT_TRUE(isLcpSolution(p2, z, 1e-6));
  }
}

TEST(LcpSolvers, WrongSizeZIsReset) {
  const auto p = mn::test::randomSpdLcp(10, 2);
  for (const auto& solver : mn::lcpSolverNames()) {
    SCOPED_TRACE(solver);
    Eigen::VectorXd z = Eigen::VectorXd::Constant(3, 7.0), w;
    mn::SolverOptions o;
    o.solver = solver;
    o.maxIterations = 100000;
    EXPECT_TRUE(mn::solveLcp(p, z, w, o).converged());
    EXPECT_EQ(z.size(), 10);
    EXPECT_EQ(w.size(), 10);
    // The solver functions themselves also reset a wrong-size z.
    Eigen::VectorXd z2(4);
    z2.setConstant(std::nan(""));
    const mn::SolverResult r = mn::lcpNewtonFb(p, z2, w);
    EXPECT_TRUE(r.converged());
    EXPECT_EQ(z2.size(), 10);
  }
}

TEST(LcpSolvers, ReportedErrorIsTheExactErrorOfZ) {
  const auto p = mn::test::chainLcp(200, 2, 9u);
  for (const auto& solver : mn::lcpSolverNames()) {
    if (solver == "enum") continue;
    SCOPED_TRACE(solver);
    for (int budget : {3, 100000}) {
      Eigen::VectorXd z, w2;
      mn::SolverOptions o;
      o.maxIterations = budget;
      const mn::SolverResult r = run(p, solver, z, o);
      EXPECT_DOUBLE_EQ(r.error, mn::lcpComputeError(p, z, w2));
      EXPECT_EQ(r.converged(), r.error <= o.tolerance);
    }
  }
}

TEST(LcpSolvers, PsorDefaultRelaxation) {
  const auto p = mn::test::chainLcp(100, 1, 3u);
  Eigen::VectorXd z1, z2, z3;
  const auto rp = run(p, "pgs", z1);
  const auto rs = run(p, "psor", z2);
  mn::SolverOptions o;
  o.relaxation = mn::kLcpPsorDefaultRelaxation;
  const auto rp12 = run(p, "pgs", z3, o);
  ASSERT_TRUE(rp.converged());
  ASSERT_TRUE(rs.converged());
  EXPECT_EQ(rs.solver, "psor");
  EXPECT_NE(rs.iterations, rp.iterations);
  EXPECT_EQ(rs.iterations, rp12.iterations);  // psor with ω unset == pgs with ω = 1.2
}

TEST(LcpSolvers, EnumRefusesLargeProblemsAndUsesTheWarmStart) {
  const auto p = mn::test::randomSpdLcp(12, 8);
  Eigen::VectorXd z;
  mn::SolverOptions o;
  o.enumerationMaxSize = 10;
  const mn::SolverResult refused = run(p, "enum", z, o);
  EXPECT_EQ(refused.status, mn::SolverStatus::Failed);
  EXPECT_NE(refused.message.find("enumerationMaxSize"), std::string::npos) << refused.message;
  o.enumerationMaxSize = 25;
  z.resize(0);
  const mn::SolverResult cold = run(p, "enum", z, o);
  ASSERT_TRUE(cold.converged());
  const mn::SolverResult warm = run(p, "enum", z, o);  // from the solution's support
  ASSERT_TRUE(warm.converged());
  EXPECT_EQ(warm.iterations, 1);
  EXPECT_LE(warm.iterations, cold.iterations);
  mn::SolverOptions bad;
  bad.enumerationMaxSize = 0;
  EXPECT_THROW(bad.validate(), std::invalid_argument);
}

TEST(LcpSolvers, MurtyFailsOnANonPMatrix) {
  Eigen::MatrixXd M(2, 2);
  M << 0, 1, 1, 0;  // zero diagonal: not a P-matrix (enumeration solves it)
  const mn::LinearComplementarityProblem p(M, Eigen::VectorXd(-Eigen::VectorXd::Ones(2)));
  Eigen::VectorXd z;
  const mn::SolverResult r = run(p, "murty", z);
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_NE(r.message.find("P-matrix"), std::string::npos) << r.message;
  EXPECT_TRUE(run(p, "enum", z).converged());
  EXPECT_TRUE(isLcpSolution(p, z, 1e-12));
}

TEST(LcpSolvers, MurtyOnTheExponentialExample) {
  // Murty's matrix (unit lower triangular, 2 below the diagonal), q = -1.
  const int n = 10;
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) M(i, j) = i == j ? 1.0 : 2.0;
  const mn::LinearComplementarityProblem p(M, Eigen::VectorXd(-Eigen::VectorXd::Ones(n)));
  Eigen::VectorXd z;
  const mn::SolverResult r = run(p, "murty", z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_NEAR(z[0], 1.0, 1e-12);
  EXPECT_NEAR(z.tail(n - 1).norm(), 0.0, 1e-12);
}

TEST(LcpSolvers, LemkeWorkspaceIsReused) {
  mn::LcpWorkspace ws;
  Eigen::VectorXd z, w;
  const auto p1 = mn::test::randomSpdLcp(20, 1);
  const auto p2 = mn::test::randomSpdLcp(20, 2);
  ASSERT_TRUE(mn::lcpLemke(p1, z, w, {}, ws).converged());
  const double* tableau = ws.tableau.data();
  const double* row = ws.pivotRow.data();
  const mn::SolverResult r = mn::lcpLemke(p2, z, w, {}, ws);
  ASSERT_TRUE(r.converged());
  EXPECT_EQ(ws.tableau.data(), tableau);  // no reallocation for the same size
  EXPECT_EQ(ws.pivotRow.data(), row);
  EXPECT_TRUE(isLcpSolution(p2, z, 1e-10));
  Eigen::VectorXd z2;
  const mn::SolverResult fresh = mn::lcpLemke(p2, z2, w);
  EXPECT_EQ(fresh.iterations, r.iterations);
  EXPECT_EQ(z2, z);
}

TEST(LcpAuto, ReportsTheWinnerAndTheAttempts) {
  // Small: Lemke wins.
  const auto small = mn::test::randomSpdLcp(10, 3);
  Eigen::VectorXd z;
  mn::SolverResult r = run(small, "auto", z);
  ASSERT_TRUE(r.converged());
  EXPECT_EQ(r.solver, "auto:lemke");
  EXPECT_NE(r.message.find("lemke"), std::string::npos);
  // Large sparse-block, positive diagonal: block principal pivoting wins.
  const auto chain = mn::test::chainLcp(100, 3, 5u);
  z.resize(0);
  r = run(chain, "auto", z);
  ASSERT_TRUE(r.converged());
  EXPECT_EQ(r.solver, "auto:pivot");
  EXPECT_EQ(r.message.rfind("tried pivot: converged", 0), 0u) << r.message;
  // Large, a zero diagonal entry (monotone: PSD + skew-symmetric): no splitting
  // method applies, the semismooth Newton method solves it.
  const int n = 80;
  const Eigen::MatrixXd S = randomMatrix(n, n, 9);
  Eigen::MatrixXd M = 0.2 * (S - S.transpose());
  Eigen::VectorXd d = Eigen::VectorXd::Ones(n);
  d[0] = 0.0;
  M += d.asDiagonal();
  const auto mono = withSolution(M, 31u);
  z.resize(0);
  r = run(mono, "auto", z);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_EQ(r.solver, "auto:newton-fb");
  EXPECT_TRUE(isLcpSolution(mono, z, 1e-6));
  // Ill-conditioned SPD: PGS would need more than 50 sweeps, the pivoting method
  // solves it first.
  Eigen::MatrixXd H = Eigen::MatrixXd(randomMatrix(n, n, 12));
  const auto ill =
      withSolution(Eigen::MatrixXd(H * H.transpose() + 1e-3 * Eigen::MatrixXd::Identity(n, n)), 3u);
  z.resize(0);
  mn::SolverOptions o;
  o.maxIterations = 50;
  r = run(ill, "auto", z, o);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_EQ(r.solver, "auto:pivot");
  EXPECT_TRUE(isLcpSolution(ill, z, 1e-8));
  // Pivoting and PGS capped or failing (symmetric, positive diagonal, rank 10, q = −M x
  // with x > 0: the principal submatrices met are singular): the fallbacks are reported
  // in the message.
  const Eigen::MatrixXd B = randomMatrix(n, 10, 14);
  const Eigen::MatrixXd G = B * B.transpose();
  const Eigen::VectorXd x = Eigen::VectorXd::Constant(n, 1.0) + 0.5 * randomMatrix(n, 1, 15);
  const mn::LinearComplementarityProblem singular(G, Eigen::VectorXd(-G * x));
  z.resize(0);
  o.maxIterations = 6;
  r = run(singular, "auto", z, o);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_EQ(r.solver, "auto:newton-fb");
  EXPECT_EQ(r.message.rfind("tried pivot: failed", 0), 0u) << r.message;
  EXPECT_NE(r.message.find("pgs: max-iterations"), std::string::npos) << r.message;
  EXPECT_TRUE(isLcpSolution(singular, z, 1e-6));
}

TEST(LcpAuto, FailureListsEveryAttempt) {
  Eigen::MatrixXd M1(2, 2);
  M1 << 1, -1, -1, 1;
  const mn::LinearComplementarityProblem p(M1, Eigen::VectorXd(-Eigen::VectorXd::Ones(2)));
  Eigen::VectorXd z;
  const mn::SolverResult r = run(p, "auto", z);
  EXPECT_FALSE(r.converged());
  EXPECT_EQ(r.solver, "auto");
  for (const char* s : {"lemke", "newton-fb", "enum"}) {
    EXPECT_NE(r.message.find(s), std::string::npos) << r.message;
  }
}

}  // namespace
