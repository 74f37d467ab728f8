// FrictionContactSolver (the repeated-solve object): NSGS and its variants give
// the free function's bits on generated 2D/3D problems, other methods delegate,
// names are checked per dimension, a new problem re-runs setup.
#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

namespace {

mn::SolverOptions fcOptions() {
  mn::SolverOptions o;
  o.tolerance = 1e-9;
  o.maxIterations = 3000;
  return o;
}

mn::GeneratedProblem pile(int dimension) {
  mn::ProblemGeneratorOptions g;
  g.dimension = dimension;
  return dimension == 3 ? mn::generatePile(3, 3, 2, g) : mn::generatePile(5, 4, 1, g);
}

}  // namespace

TEST(FrictionContactSolver, NsgsVariantsGiveTheFreeFunctionsBits) {
  for (int dimension : {2, 3}) {
    const mn::GeneratedProblem g = pile(dimension);
    for (const std::string name : {"nsgs", "nsgs-ac", "nsgs-fb", "nsgs-projection"}) {
      SCOPED_TRACE(name + " " + std::to_string(dimension) + "D");
      mn::SolverOptions o = fcOptions();
      o.solver = name;
      Eigen::VectorXd rf, uf, r, u;
      const mn::SolverResult free = mn::solveFrictionContact(g.problem, rf, uf, o);
      mn::FrictionContactSolver solver(name, fcOptions());
      solver.setup(g.problem);
      EXPECT_TRUE(solver.allocationFree());
      const mn::SolverResult res = solver.solve(g.problem, r, u);
      EXPECT_EQ(res.status, free.status) << res.message;
      EXPECT_EQ(res.solver, free.solver);
      EXPECT_EQ(res.iterations, free.iterations);
      EXPECT_TRUE(r == rf);
      EXPECT_TRUE(u == uf);
      EXPECT_LE(mn::fcComputeError(g.problem, r, u), 1e-9);
    }
  }
}

TEST(FrictionContactSolver, ShuffleFreezeAndStallOptionsMatchTheFreeFunction) {
  const mn::GeneratedProblem g = pile(3);
  mn::SolverOptions o = fcOptions();
  o.fcShuffle = true;
  o.fcSeed = 17;
  o.fcFreezeSweeps = 3;
  o.fcStallWindow = 50;
  mn::FrictionContactSolver solver("nsgs", o);
  o.solver = "nsgs";
  for (int repeat = 0; repeat < 2; ++repeat) {  // the second solve reuses the workspace
    Eigen::VectorXd rf, uf, r, u;
    const mn::SolverResult free = mn::solveFrictionContact(g.problem, rf, uf, o);
    const mn::SolverResult res = solver.solve(g.problem, r, u);
    EXPECT_EQ(res.iterations, free.iterations);
    EXPECT_TRUE(r == rf);
  }
  EXPECT_EQ(solver.setupCount(), 1);
}

TEST(FrictionContactSolver, OtherMethodsDelegateToTheDriver) {
  const mn::GeneratedProblem g = pile(2);
  for (const std::string name : {"auto", "lemke"}) {
    SCOPED_TRACE(name);
    mn::SolverOptions o = fcOptions();
    o.solver = name;
    Eigen::VectorXd rf, uf, r, u;
    const mn::SolverResult free = mn::solveFrictionContact(g.problem, rf, uf, o);
    mn::FrictionContactSolver solver(name, fcOptions());
    const mn::SolverResult res = solver.solve(g.problem, r, u);
    EXPECT_FALSE(solver.allocationFree());
    EXPECT_EQ(res.status, free.status);
    EXPECT_EQ(res.solver, free.solver);
    EXPECT_LE((r - rf).norm(), 1e-12 * (1.0 + rf.norm()));
  }
}

TEST(FrictionContactSolver, NamesAreCheckedPerDimension) {
  EXPECT_THROW(mn::FrictionContactSolver("pgs"), std::invalid_argument);
  mn::FrictionContactSolver lemke("LEMKE");  // exists in 2D
  EXPECT_EQ(lemke.name(), "lemke");
  const mn::GeneratedProblem g3 = pile(3);
  EXPECT_THROW(lemke.setup(g3.problem), std::invalid_argument);
  mn::SolverOptions tresca = fcOptions();
  tresca.fcTresca = true;
  tresca.fcTrescaThresholds = {0.1, 0.2};
  mn::FrictionContactSolver t("nsgs", tresca);
  EXPECT_THROW(t.setup(g3.problem), std::invalid_argument);
}

TEST(FrictionContactSolver, ANewProblemOrPatternReRunsSetup) {
  mn::GeneratedProblem a = pile(3);
  const mn::GeneratedProblem b = pile(2);
  mn::FrictionContactSolver solver("nsgs", fcOptions());
  Eigen::VectorXd r, u;
  EXPECT_TRUE(solver.solve(a.problem, r, u).converged());
  EXPECT_TRUE(solver.solve(b.problem, r, u).converged());  // other dimension and size
  EXPECT_EQ(solver.setupCount(), 2);
  EXPECT_LE(mn::fcComputeError(b.problem, r, u), 1e-9);
  // Same object, new pattern in place: only the diagonal blocks kept.
  mn::SparseBlockMatrix& W = a.problem.W().sparseBlock();
  const mn::SparseBlockMatrix old = W;
  W.beginPattern(old.blockRows(), old.blockCols(), 3);
  for (Eigen::Index i = 0; i < old.blockRows(); ++i) W.addBlock(i, i);
  W.endPattern();
  for (Eigen::Index i = 0; i < old.blockRows(); ++i) W.block(i) = old.block(old.diagonalBlock(i));
  const mn::SolverResult res = solver.solve(a.problem, r, u);
  EXPECT_EQ(solver.setupCount(), 3);
  EXPECT_TRUE(res.converged());
  EXPECT_LE(mn::fcComputeError(a.problem, r, u), 1e-9);
}

TEST(FrictionContactSolver, RefilledValuesGiveTheFreeFunctionsBits) {
  // The kernel's use: one solver object, the same pattern refilled with new values before each
  // solve. NSGS keeps the local solvers' ρ of a contact while its diagonal block W_ii is
  // unchanged: after W_ii changes (scaled) or goes back, every solve must still give the bits of
  // a fresh solve.
  for (const bool sparse : {false, true}) {
    SCOPED_TRACE(sparse ? "SparseBlock W" : "dense W");
    mn::GeneratedProblem g = pile(3);
    mn::FrictionContactProblem& problem = g.problem;
    if (sparse) {
      const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(problem.numberOfContacts()),
                                            3);
      problem.W() = mn::Matrix(problem.W().toSparseBlock(sizes, sizes));
    }
    const auto scaleContact = [&](Eigen::Index c, double factor) {
      // W ← S W S with S = diag(1, ..., factor on contact c, ..., 1): symmetric, still PSD.
      if (problem.W().isDense()) {
        Eigen::MatrixXd& A = problem.W().dense();
        A.middleRows(3 * c, 3) *= factor;
        A.middleCols(3 * c, 3) *= factor;
      } else {
        mn::SparseBlockMatrix& S = problem.W().sparseBlock();
        for (Eigen::Index i = 0; i < S.blockRows(); ++i)
          for (Eigen::Index k = S.rowPointer()[i]; k < S.rowPointer()[i + 1]; ++k) {
            const Eigen::Index j = S.columnIndex()[k];
            const double f = (i == c ? factor : 1.0) * (j == c ? factor : 1.0);
            if (f != 1.0) S.block(k) *= f;
          }
      }
    };
    mn::SolverOptions o = fcOptions();
    o.solver = "nsgs";
    mn::FrictionContactSolver solver("nsgs", fcOptions());
    Eigen::VectorXd r, u;
    for (const double factor : {1.0, 1.5, 1.0 / 1.5, 1.0, 0.5}) {
      SCOPED_TRACE(factor);
      scaleContact(0, factor);
      scaleContact(problem.numberOfContacts() - 1, factor);
      Eigen::VectorXd rf, uf;
      const mn::SolverResult free = mn::solveFrictionContact(problem, rf, uf, o);
      r.resize(0);  // cold start, as the free function
      const mn::SolverResult res = solver.solve(problem, r, u);
      EXPECT_EQ(res.iterations, free.iterations);
      EXPECT_TRUE(r == rf);
      EXPECT_TRUE(u == uf);
      EXPECT_TRUE(res.converged()) << res.message;
    }
    EXPECT_EQ(solver.setupCount(), 1);
  }
}

// The error sum by chunks fixed by the number of contacts (fcErrorSquaredSum): the same bits for
// every thread count; the plain sum in contact order up to 256 contacts; beyond, the chunks'
// sums (≥ 256 contacts each, ≤ 64 chunks) added in order.
TEST(FrictionContactSolver, ErrorSumIsTheSameForEveryThreadCount) {
  for (const long contacts : {200L, 1500L, 30000L}) {
    mn::ProblemGeneratorOptions g;
    const mn::GeneratedProblem p = mn::generatePileWithContacts(contacts, g);
    const mn::FrictionContactProblem& problem = p.problem;
    const Eigen::Index nc = problem.numberOfContacts();
    ASSERT_GE(nc, contacts / 2);
    // An iterate with contacts in every regime (inside, outside the cone, taking off).
    Eigen::VectorXd r(problem.size()), u(problem.size());
    for (Eigen::Index i = 0; i < r.size(); ++i) r(i) = std::sin(0.7 * static_cast<double>(i));
    const double e1 = mn::fcComputeError(problem, r, u, 1);
    const Eigen::VectorXd u1 = u;
    for (unsigned threads : {2u, 3u, 4u}) {
      EXPECT_EQ(mn::fcComputeError(problem, r, u, threads), e1) << threads << " threads";
      EXPECT_EQ(u, u1);
    }
    // The chunked sum, by hand.
    const Eigen::Index chunk = std::max<Eigen::Index>(256, (nc + 63) / 64);
    double sum = 0.0;
    for (Eigen::Index first = 0; first < nc; first += chunk) {
      double part = 0.0;
      for (Eigen::Index i = first; i < std::min(nc, first + chunk); ++i) {
        const Eigen::Vector3d ri = r.segment<3>(3 * i), ui = u1.segment<3>(3 * i);
        part += mn::contactErrorSquared<3>(ri, ui, problem.mu()[i]);
      }
      sum += part;
    }
    EXPECT_EQ(mn::fcErrorSquaredSum(problem, r, u1, 2), sum) << nc << " contacts";
    EXPECT_GT(sum, 0.0);
  }
}
