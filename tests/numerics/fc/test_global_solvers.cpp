// Global friction-contact solvers (fc/GlobalSolvers.hpp): random stacks (dense
// and sparse-block W, 2D and 3D), finite-difference checks of the global
// Jacobians, rank-deficient W, warm start, options.
#include "FcGlobalTestUtils.hpp"

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/GlobalSolvers.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <ostream>
#include <string>

namespace moreau::numerics {
namespace {

using test::isCoulombSolution;
using test::makeStackProblem;

SolverOptions optionsFor(const std::string& solver, double tol, int maxIt) {
  SolverOptions o;
  o.solver = solver;
  o.tolerance = tol;
  o.maxIterations = maxIt;
  return o;
}

void expectConverged(const FrictionContactProblem& p, const std::string& solver, double tol,
                     int maxIt, double checkTol) {
  Eigen::VectorXd r, u;
  const SolverResult res = solveFrictionContactGlobal(p, r, u, optionsFor(solver, tol, maxIt));
  EXPECT_EQ(res.solver, solver);
  EXPECT_TRUE(std::isfinite(res.error));
  ASSERT_EQ(res.status, SolverStatus::Converged)
      << solver << ": error " << res.error << " after " << res.iterations << " iterations ("
      << res.message << ")";
  EXPECT_LE(res.error, tol);
  Eigen::VectorXd u2;
  EXPECT_NEAR(fcComputeError(p, r, u2), res.error, 1e-14);
  EXPECT_TRUE((u - u2).cwiseAbs().maxCoeff() <= 1e-12 * (1.0 + u2.cwiseAbs().maxCoeff()));
  EXPECT_TRUE(isCoulombSolution(p, r, checkTol)) << solver;
}

// ---------------------------------------------------------------------------
// Newton solvers on full-rank random stacks
// ---------------------------------------------------------------------------

struct Case {
  int dimension;
  int stacks;
  int height;
  int points;
  bool sparse;
};

// gtest would otherwise print Case's bytes, padding included
void PrintTo(const Case& c, std::ostream* os) {
  *os << "dim " << c.dimension << ", " << c.stacks << "x" << c.height << " bodies, " << c.points
      << " points/interface, " << (c.sparse ? "sparse-block" : "dense");
}

class GlobalNewtonTest : public ::testing::TestWithParam<Case> {};

TEST_P(GlobalNewtonTest, NewtonFormulationsAndProxConverge) {
  const Case c = GetParam();
  for (unsigned seed = 1; seed <= 2; ++seed) {
    const auto sp = makeStackProblem(c.dimension, c.stacks, c.height, c.points, seed, c.sparse);
    SCOPED_TRACE("nc = " + std::to_string(sp.problem.numberOfContacts()) + " seed " +
                 std::to_string(seed));
    for (const char* s : {"newton-ac", "newton-fb", "newton-nm", "prox"}) {
      SCOPED_TRACE(s);
      expectConverged(sp.problem, s, 1e-10, 200, 1e-7);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Stacks, GlobalNewtonTest,
                         ::testing::Values(Case{3, 1, 1, 1, false},   // 1 contact
                                           Case{3, 2, 3, 1, false},   // 6 contacts
                                           Case{3, 4, 5, 1, true},    // 20 contacts, SBM
                                           Case{3, 10, 6, 1, true},   // 60 contacts
                                           Case{3, 20, 10, 1, true},  // 200 contacts
                                           Case{2, 3, 4, 1, false},   // 2D, 12 contacts
                                           Case{2, 10, 10, 1, true}   // 2D, 100 contacts
                                           ));

// ---------------------------------------------------------------------------
// Projection / splitting solvers (looser tolerance: first-order methods)
// ---------------------------------------------------------------------------

TEST(GlobalProjection, FppEgAdmmOnSmallAndMediumStacks) {
  for (const Case c : {Case{3, 2, 2, 1, false}, Case{3, 5, 4, 1, true}, Case{2, 4, 4, 1, true}}) {
    const auto sp = makeStackProblem(c.dimension, c.stacks, c.height, c.points, 7, c.sparse);
    SCOPED_TRACE("dim " + std::to_string(c.dimension) + " nc " +
                 std::to_string(sp.problem.numberOfContacts()));
    for (const char* s : {"fpp", "eg", "admm"}) {
      SCOPED_TRACE(s);
      expectConverged(sp.problem, s, 1e-7, 50000, 1e-5);
    }
  }
}

TEST(GlobalProjection, DeSaxceFixedPointIsHonest) {
  // fixed ρ: may converge or not, but the status must match the error
  for (unsigned seed = 1; seed <= 3; ++seed) {
    const auto sp = makeStackProblem(3, 2, 2, 1, seed, false);
    Eigen::VectorXd r, u;
    const SolverResult res =
        fcDeSaxceFixedPoint(sp.problem, r, u, optionsFor("desaxce-fp", 1e-8, 20000));
    ASSERT_TRUE(std::isfinite(res.error));
    ASSERT_TRUE(r.allFinite());
    Eigen::VectorXd u2;
    EXPECT_NEAR(fcComputeError(sp.problem, r, u2), res.error, 1e-14);
    EXPECT_EQ(res.status == SolverStatus::Converged, res.error <= 1e-8);
    if (res.converged()) {
      EXPECT_TRUE(isCoulombSolution(sp.problem, r, 1e-6));
    }
  }
  // single contact: the Jacobi fixed point with ρ = 1/‖W_ii‖ converges
  const auto one = makeStackProblem(3, 1, 1, 1, 3, false);
  expectConverged(one.problem, "desaxce-fp", 1e-8, 100000, 1e-6);
}

// ---------------------------------------------------------------------------
// Rank-deficient W (more contact rows than body dofs)
// ---------------------------------------------------------------------------

TEST(GlobalRankDeficient, ProxAndHybridNewtonConverge) {
  for (const Case c : {Case{3, 1, 1, 4, false}, Case{3, 3, 3, 4, true}, Case{2, 3, 3, 3, true}}) {
    const auto sp = makeStackProblem(c.dimension, c.stacks, c.height, c.points, 11, c.sparse);
    const Eigen::MatrixXd W = sp.problem.W().toDense();
    Eigen::FullPivLU<Eigen::MatrixXd> lu(W);
    lu.setThreshold(1e-10);
    ASSERT_LT(lu.rank(), W.rows()) << "the test problem should be rank deficient";
    SCOPED_TRACE("dim " + std::to_string(c.dimension) + " nc " +
                 std::to_string(sp.problem.numberOfContacts()) + " rank " +
                 std::to_string(lu.rank()) + "/" + std::to_string(W.rows()));
    expectConverged(sp.problem, "prox", 1e-8, 2000, 1e-6);
    expectConverged(sp.problem, "newton-ac", 1e-8, 1000, 1e-6);
  }
}

// ---------------------------------------------------------------------------
// Generalized Jacobians against finite differences
// ---------------------------------------------------------------------------

TEST(GlobalJacobian, MatchesFiniteDifferences) {
  for (int dim : {2, 3}) {
    for (unsigned seed = 1; seed <= 3; ++seed) {
      const auto sp = makeStackProblem(dim, 2, 3, 2, seed, seed % 2 == 0);
      const FrictionContactProblem& p = sp.problem;
      const Eigen::Index n = p.size();
      const Eigen::VectorXd rho = fcSplitSpectralNormRho(p);
      std::mt19937 gen(seed + 100);
      std::uniform_real_distribution<double> U(-1.0, 1.0);
      // random point: reactions of mixed signs / sizes so that several branches appear
      Eigen::VectorXd r(n);
      for (Eigen::Index k = 0; k < n; ++k) r[k] = 2.0 * U(gen);
      for (auto f : {FcNewtonFormulation::AlartCurnier, FcNewtonFormulation::FischerBurmeister,
                     FcNewtonFormulation::NaturalMap}) {
        SCOPED_TRACE("dim " + std::to_string(dim) + " seed " + std::to_string(seed) +
                     " formulation " + std::to_string(static_cast<int>(f)));
        Eigen::VectorXd phi, phiP, phiM;
        Eigen::SparseMatrix<double> J;
        fcNewtonFunction(p, f, r, rho, phi, &J);
        ASSERT_EQ(J.rows(), n);
        const Eigen::MatrixXd Jd = J.toDense();
        const double h = 1e-7;
        int bad = 0;
        for (Eigen::Index j = 0; j < n; ++j) {
          Eigen::VectorXd rp = r, rm = r;
          rp[j] += h;
          rm[j] -= h;
          fcNewtonFunction(p, f, rp, rho, phiP);
          fcNewtonFunction(p, f, rm, rho, phiM);
          const Eigen::VectorXd fd = (phiP - phiM) / (2.0 * h);
          // the one-sided differences must agree (point away from the kinks)
          const Eigen::VectorXd fwd = (phiP - phi) / h;
          if ((fwd - fd).norm() > 1e-4 * (1.0 + fd.norm())) {
            ++bad;  // a kink within h: skip the column
            continue;
          }
          EXPECT_LE((Jd.col(j) - fd).norm(), 1e-5 * (1.0 + fd.norm())) << "column " << j;
        }
        EXPECT_LE(bad, 1);
      }
    }
  }
}

TEST(GlobalJacobian, PatternIsBlocksOfWPlusDiagonal) {
  const auto sp = makeStackProblem(3, 3, 3, 1, 5, true);
  const FrictionContactProblem& p = sp.problem;
  Eigen::VectorXd phi;
  Eigen::SparseMatrix<double> J;
  fcNewtonFunction(p, FcNewtonFormulation::AlartCurnier, Eigen::VectorXd::Zero(p.size()),
                   fcSplitSpectralNormRho(p), phi, &J);
  const SparseBlockMatrix& W = p.W().sparseBlock();
  EXPECT_EQ(J.nonZeros(), 9 * W.nonZeroBlocks());  // every W block, diagonals included
}

// ---------------------------------------------------------------------------
// Warm start, options, degenerate inputs
// ---------------------------------------------------------------------------

TEST(GlobalSolvers, WarmStartFromSolutionIsImmediate) {
  const auto sp = makeStackProblem(3, 3, 4, 1, 3, true);
  Eigen::VectorXd r, u;
  ASSERT_TRUE(
      fcNewtonAlartCurnier(sp.problem, r, u, optionsFor("newton-ac", 1e-12, 200)).converged());
  for (const std::string& s : fcGlobalSolverNames()) {
    Eigen::VectorXd r2 = r, u2;
    const SolverResult res =
        solveFrictionContactGlobal(sp.problem, r2, u2, optionsFor(s, 1e-8, 50));
    EXPECT_TRUE(res.converged()) << s << " " << res.error;
    EXPECT_LE(res.iterations, 2) << s;
  }
}

TEST(GlobalSolvers, LineSearchAndLinearSolverOptions) {
  const auto sp = makeStackProblem(3, 4, 4, 1, 9, true);
  for (const char* ls : {"goldstein", "armijo", "none"}) {
    for (const char* lin : {"umfpack", "klu", "eigenlu", "dense"}) {
      SolverOptions o = optionsFor("newton-ac", 1e-10, 200);
      o.fcLineSearch = ls;
      o.fcLinearSolver = lin;
      Eigen::VectorXd r, u;
      const SolverResult res = fcNewtonAlartCurnier(sp.problem, r, u, o);
      EXPECT_TRUE(res.converged()) << ls << " " << lin << " " << res.error;
    }
  }
  SolverOptions bad;
  bad.fcLineSearch = "wolfe";
  Eigen::VectorXd r, u;
  EXPECT_THROW(fcNewtonAlartCurnier(sp.problem, r, u, bad), std::invalid_argument);
  bad = SolverOptions{};
  bad.fcNonMonotoneMemory = 0;
  EXPECT_THROW(fcProximalPoint(sp.problem, r, u, bad), std::invalid_argument);
  bad = SolverOptions{};
  bad.solver = "nope";
  EXPECT_THROW(solveFrictionContactGlobal(sp.problem, r, u, bad), std::invalid_argument);
}

TEST(GlobalSolvers, NamesAndWrongSizedWarmStart) {
  const auto names = fcGlobalSolverNames();
  EXPECT_EQ(names.size(), 8u);
  EXPECT_TRUE(isFcGlobalSolverName("NEWTON-AC"));
  EXPECT_FALSE(isFcGlobalSolverName("nsgs"));
  const auto sp = makeStackProblem(2, 2, 2, 1, 4, false);
  Eigen::VectorXd r = Eigen::VectorXd::Constant(3, 1.0), u;
  const SolverResult res = fcNewtonFischerBurmeister(sp.problem, r, u, optionsFor("x", 1e-10, 100));
  EXPECT_TRUE(res.converged());
  EXPECT_EQ(r.size(), sp.problem.size());
}

TEST(GlobalSolvers, ReversedFreeVelocity) {
  // bodies thrown upwards (q = −H v_free): another solvable configuration
  const auto sp = makeStackProblem(3, 2, 2, 1, 2, false);
  FrictionContactProblem p = sp.problem;
  p.q() = -p.q();
  for (const std::string& s : fcGlobalSolverNames()) {
    Eigen::VectorXd r, u;
    const SolverResult res = solveFrictionContactGlobal(p, r, u, optionsFor(s, 1e-10, 1000));
    EXPECT_TRUE(res.converged()) << s;
  }
}

}  // namespace
}  // namespace moreau::numerics
