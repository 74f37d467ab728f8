// LcpSolver (the repeated-solve object): same answers as the free functions for
// every method and storage, setup re-run on a pattern change, warm start,
// validation at construction, failed solves reported (not thrown).
#include "LcpMechanicalProblems.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpSolver.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
using Index = Eigen::Index;
using mn::test::isLcpSolution;

namespace {

mn::SolverOptions withTolerance(double tol) {
  mn::SolverOptions o;
  o.tolerance = tol;
  return o;
}

}  // namespace

TEST(LcpSolver, NameAndOptionsAreValidatedAtConstruction) {
  EXPECT_EQ(mn::LcpSolver("BGS").name(), "bgs");
  EXPECT_EQ(mn::LcpSolver("Nsgs-SBM").options().solver, "nsgs-sbm");
  try {
    mn::LcpSolver("gauss");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("gauss"), std::string::npos);
    EXPECT_NE(what.find("lemke"), std::string::npos);  // the list of names
  }
  mn::SolverOptions bad;
  bad.relaxation = 2.5;
  EXPECT_THROW(mn::LcpSolver("pgs", bad), std::invalid_argument);
  mn::LcpSolver s("pgs");
  EXPECT_THROW(s.setOptions(bad), std::invalid_argument);
}

TEST(LcpSolver, EveryMethodMatchesTheFreeFunction) {
  // Sparse-block chain (the kernel's storage) and its dense and sparse copies.
  const mn::LinearComplementarityProblem sbm = mn::test::chainLcp(12, 3, 7);
  const mn::LinearComplementarityProblem dense(sbm.M().toDense(), sbm.q());
  const mn::LinearComplementarityProblem sparse(sbm.M().toSparse(), sbm.q());
  const mn::SolverOptions options = withTolerance(1e-10);
  for (const std::string& name : mn::lcpSolverNames()) {
    for (const auto* problem : {&sbm, &dense, &sparse}) {
      SCOPED_TRACE(name + (problem->M().isDense()    ? " dense"
                           : problem->M().isSparse() ? " sparse"
                                                     : " sbm"));
      mn::SolverOptions o = options;
      o.solver = name;
      Eigen::VectorXd zf, wf;
      const mn::SolverResult free = mn::solveLcp(*problem, zf, wf, o);
      mn::LcpSolver solver(name, options);
      solver.setup(*problem);
      Eigen::VectorXd z, w;
      const mn::SolverResult r = solver.solve(*problem, z, w);
      EXPECT_EQ(r.status, free.status) << r.message;
      EXPECT_EQ(r.solver, free.solver);
      ASSERT_EQ(z.size(), zf.size());
      EXPECT_LE((z - zf).norm(), 1e-9 * (1.0 + zf.norm()));
      if (r.converged()) {
        EXPECT_TRUE(isLcpSolution(*problem, z, 1e-7));
      }
      const bool inPlaceMethod =
          name == "pgs" || name == "psor" || name == "bgs" || name == "nsgs-sbm";
      const bool inPlaceStorage = problem->M().isSparseBlock() ||
                                  (problem->M().isDense() && name != "bgs" && name != "nsgs-sbm");
      // "pivot" keeps its workspace for the sparse-block and sparse storages.
      const bool pivotKept =
          (name == "pivot" || name == "bpp" || name == "block-pivoting") && !problem->M().isDense();
      EXPECT_EQ(solver.allocationFree(), (inPlaceMethod && inPlaceStorage) || pivotKept);
    }
  }
}

TEST(LcpSolver, SplittingMethodsOnSparseBlockGiveTheFreeFunctionsBits) {
  // Same kernels: bitwise equal answers on the sparse-block storage.
  const mn::LinearComplementarityProblem p = mn::test::chainLcp(40, 2, 9);
  for (const std::string name : {"pgs", "psor", "bgs"}) {
    SCOPED_TRACE(name);
    mn::SolverOptions o = withTolerance(1e-10);
    o.solver = name;
    Eigen::VectorXd zf, wf, z, w;
    const mn::SolverResult free = mn::solveLcp(p, zf, wf, o);
    mn::LcpSolver solver(name, o);
    const mn::SolverResult r = solver.solve(p, z, w);  // setup on first use
    EXPECT_EQ(solver.setupCount(), 1);
    EXPECT_EQ(r.iterations, free.iterations);
    EXPECT_EQ(r.error, free.error);
    EXPECT_TRUE(z == zf);
  }
}

TEST(LcpSolver, WarmStartAndRefilledValues) {
  mn::LinearComplementarityProblem p = mn::test::chainLcp(60, 3, 21);
  mn::LcpSolver solver("bgs", withTolerance(1e-10));
  solver.setup(p);
  Eigen::VectorXd z, w;
  const mn::SolverResult first = solver.solve(p, z, w);
  ASSERT_TRUE(first.converged());
  EXPECT_GT(first.iterations, 2);
  // Same data, warm start at the solution: nothing to do.
  const mn::SolverResult again = solver.solve(p, z, w);
  EXPECT_TRUE(again.converged());
  EXPECT_EQ(again.iterations, 0);
  // New values in place: still one setup, a correct answer.
  for (double& v : p.M().sparseBlock().values()) v *= 1.5;
  p.q() *= -0.5;
  const mn::SolverResult third = solver.solve(p, z, w);
  EXPECT_TRUE(third.converged());
  EXPECT_EQ(solver.setupCount(), 1);
  EXPECT_TRUE(isLcpSolution(p, z, 1e-7));
}

TEST(LcpSolver, PatternChangeReRunsSetup) {
  mn::LinearComplementarityProblem p = mn::test::chainLcp(30, 3, 4);
  mn::LcpSolver solver("bgs", withTolerance(1e-10));
  solver.setup(p);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solver.solve(p, z, w).converged());
  // New pattern in place: 20 contacts, diagonal blocks only (decoupled 3x3 LCPs).
  mn::SparseBlockMatrix& M = p.M().sparseBlock();
  const mn::LinearComplementarityProblem ref = mn::test::chainLcp(20, 3, 5);
  M.beginPattern(20, 20, 3);
  for (Index i = 0; i < 20; ++i) M.addBlock(i, i);
  M.endPattern();
  for (Index i = 0; i < 20; ++i)
    M.block(i) = ref.M().sparseBlock().block(ref.M().sparseBlock().diagonalBlock(i));
  p.q() = ref.q();
  p.validate();
  const mn::SolverResult r = solver.solve(p, z, w);
  EXPECT_EQ(solver.setupCount(), 2);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(p, z, 1e-7));
  Eigen::VectorXd zl, wl;
  ASSERT_TRUE(mn::lcpLemke(p, zl, wl).converged());
  EXPECT_LE((z - zl).norm(), 1e-7 * (1.0 + zl.norm()));
}

TEST(LcpSolver, NonFiniteDataIsAFailedSolveNotAnException) {
  mn::LinearComplementarityProblem p = mn::test::chainLcp(5, 2, 1);
  mn::LcpSolver solver("pgs");
  solver.setup(p);
  p.q()[3] = std::numeric_limits<double>::quiet_NaN();
  Eigen::VectorXd z, w;
  mn::SolverResult r;
  EXPECT_NO_THROW(r = solver.solve(p, z, w));
  EXPECT_EQ(r.status, mn::SolverStatus::Failed);
  EXPECT_TRUE(z.allFinite());
}

TEST(LcpSolver, NewtonKeepsItsSymbolicAnalysisWhileThePatternIsUnchanged) {
  for (const std::string name : {"newton-fb", "newton-min"}) {
    SCOPED_TRACE(name);
    mn::LinearComplementarityProblem p = mn::test::chainLcp(80, 3, 13);
    const std::vector<double> base = p.M().sparseBlock().values();
    const Eigen::VectorXd q0 = p.q();
    mn::LcpSolver solver(name, withTolerance(1e-10));
    solver.setup(p);
    Eigen::VectorXd z, w;
    for (int k = 0; k < 5; ++k) {
      for (std::size_t t = 0; t < base.size(); ++t)
        p.M().sparseBlock().values()[t] = (1.0 + 0.1 * k) * base[t];
      p.q() = q0 * (1.0 - 0.2 * k);
      const mn::SolverResult r = solver.solve(p, z, w);
      ASSERT_TRUE(r.converged()) << r.message;
      EXPECT_GT(r.iterations, 0);
      EXPECT_TRUE(isLcpSolution(p, z, 1e-7));
      // same answer as the free function (which rebuilds everything)
      mn::SolverOptions o = withTolerance(1e-10);
      o.solver = name;
      Eigen::VectorXd zf, wf;
      ASSERT_TRUE(mn::solveLcp(p, zf, wf, o).converged());
      EXPECT_LE((z - zf).norm(), 1e-8 * (1.0 + zf.norm()));
    }
    EXPECT_EQ(solver.setupCount(), 1);
    EXPECT_EQ(solver.symbolicAnalyses(), 1);
  }
  mn::LcpSolver pgs("pgs");
  EXPECT_EQ(pgs.symbolicAnalyses(), 0);
}

TEST(LcpSolver, AWholeNewMatrixWithTheSameSizeIsNoticed) {
  // Assigning a freshly built matrix (patternVersion 0 again, same address inside
  // the problem, same size) with another pattern: the pattern hash tells.
  mn::LinearComplementarityProblem p = mn::test::chainLcp(20, 3, 6);
  mn::LcpSolver solver("newton-fb", withTolerance(1e-10));
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solver.solve(p, z, w).converged());
  const mn::SparseBlockMatrix old = p.M().sparseBlock();
  std::vector<std::pair<Index, Index>> diagonal;
  for (Index i = 0; i < 20; ++i) diagonal.emplace_back(i, i);
  mn::SparseBlockMatrix fresh(old.rowBlockSizes(), old.colBlockSizes(), diagonal);
  for (Index i = 0; i < 20; ++i) fresh.block(i) = old.block(old.diagonalBlock(i));
  ASSERT_EQ(fresh.patternVersion(), p.M().sparseBlock().patternVersion());
  ASSERT_NE(fresh.patternHash(), p.M().sparseBlock().patternHash());
  p.M().sparseBlock() = std::move(fresh);
  const mn::SolverResult r = solver.solve(p, z, w);
  EXPECT_EQ(solver.setupCount(), 2);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(p, z, 1e-7));
}
