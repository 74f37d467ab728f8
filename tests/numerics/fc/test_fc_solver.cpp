// FrictionContactSolver (the repeated-solve object): NSGS and its variants give
// the free function's bits on generated 2D/3D problems, other methods delegate,
// names are checked per dimension, a new problem re-runs setup.
#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

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
