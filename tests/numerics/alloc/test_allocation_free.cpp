// Steady-state allocation tests of the repeated-solve API
// (docs/numerics/solver-objects.md): after setup and one warm-up solve, refilling
// the values of a problem in place and solving again makes no heap allocation
// for LCP pgs/psor/bgs/pivot, FC nsgs (3D and 2D), MLCP pgs and GMP nsgs; reassigning a
// SparseBlockMatrix pattern that fits in its capacity makes none either.
#include "AllocationCounter.hpp"
#include "LcpMechanicalProblems.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/gmp/GenericMechanicalSolvers.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/lcp/LcpPivoting.hpp>
#include <moreau/numerics/lcp/LcpSolver.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>
#include <moreau/numerics/mlcp/MlcpSolver.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
using mn::test::AllocationCounter;
using Index = Eigen::Index;

namespace {

constexpr int kSteps = 25;

// The executable is built only without sanitizers (tests/numerics/alloc/CMakeLists.txt),
// so the malloc hook must be there: its absence is a failure, not a skip.
#define REQUIRE_COUNTING() \
  ASSERT_TRUE(mn::test::allocationCountingAvailable()) << "no malloc hook in this build"

// Step k's data from the base values, written in place: M (or W) scaled by
// 1 + 0.002 k (the pattern and the definiteness are kept), q shifted by a
// deterministic k-dependent perturbation.
void refill(std::vector<double>& values, const std::vector<double>& base, Eigen::VectorXd& q,
            const Eigen::VectorXd& q0, int k) {
  const double s = 1.0 + 0.002 * k;
  for (std::size_t t = 0; t < values.size(); ++t) values[t] = s * base[t];
  for (Index i = 0; i < q.size(); ++i) q[i] = q0[i] + 0.01 * ((i * 7 + k) % 5 - 2);
}

// 1x1 blocks (one per contact row, as the kernel's frictionless contacts).
moreau::numerics::SparseBlockMatrix scalarBlocks(const moreau::numerics::Matrix& M) {
  const std::vector<Eigen::Index> ones(static_cast<size_t>(M.rows()), 1);
  return M.toSparseBlock(ones, ones);
}

}  // namespace

TEST(AllocationCounter, SeesEigenAndStdAllocations) {
  REQUIRE_COUNTING();
  AllocationCounter counter;
  Eigen::VectorXd v(1000);
  v.setZero();
  std::vector<int> s(100);
  EXPECT_GE(counter.count(), 2);
  EXPECT_EQ(s.size(), 100u);
  EXPECT_EQ(v.sum(), 0.0);
}

TEST(SparseBlockMatrixAllocation, PatternReassignmentWithinCapacityIsAllocationFree) {
  REQUIRE_COUNTING();
  // A 40x40 block tridiagonal pattern of 3x3 blocks, then smaller ones.
  mn::SparseBlockMatrix m;
  m.beginPattern(40, 40, 3);
  for (Index i = 0; i < 40; ++i)
    for (Index j = std::max<Index>(0, i - 1); j <= std::min<Index>(39, i + 1); ++j)
      m.addBlock(i, j);
  m.endPattern();
  const std::vector<Index> sizes(30, 3);
  std::vector<Index> rowPointer{0};
  std::vector<Index> columnIndex;
  for (Index i = 0; i < 30; ++i) {
    columnIndex.push_back(i);
    if (i + 5 < 30) columnIndex.push_back(i + 5);
    rowPointer.push_back(static_cast<Index>(columnIndex.size()));
  }
  const auto version = m.patternVersion();
  long allocations = 0;
  {
    AllocationCounter counter;
    // builder, different pattern, reverse order
    m.beginPattern(35, 35, 3);
    for (Index i = 34; i >= 0; --i) {
      m.addBlock(i, (i * 3) % 35);
      if ((i * 3) % 35 != i) m.addBlock(i, i);
    }
    m.endPattern();
    // whole-pattern assignment
    m.assignPattern(sizes, sizes, rowPointer, columnIndex);
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(m.patternVersion(), version + 2);
  EXPECT_EQ(m.rows(), 90);
  EXPECT_EQ(m.nonZeroBlocks(), static_cast<Index>(columnIndex.size()));
  EXPECT_EQ(m.diagonalBlock(7), m.findBlock(7, 7));
  EXPECT_EQ(m.toDense().norm(), 0.0);
}

TEST(LcpSolverAllocation, SteadyStateSolvesAreAllocationFree) {
  REQUIRE_COUNTING();
  for (const std::string name : {"pgs", "psor", "bgs", "nsgs-sbm", "pivot"}) {
    SCOPED_TRACE(name);
    mn::LinearComplementarityProblem problem = mn::test::chainLcp(200, 3, 11);
    const std::vector<double> base = problem.M().sparseBlock().values();
    const Eigen::VectorXd q0 = problem.q();
    mn::SolverOptions options;
    options.tolerance = 1e-9;
    mn::LcpSolver solver(name, options);
    solver.setup(problem);
    EXPECT_TRUE(solver.allocationFree());
    Eigen::VectorXd z, w;
    ASSERT_TRUE(solver.solve(problem, z, w).converged());  // warm-up
    long allocations = 0;
    int converged = 0;
    {
      AllocationCounter counter;
      for (int k = 1; k <= kSteps; ++k) {
        refill(problem.M().sparseBlock().values(), base, problem.q(), q0, k);
        const mn::SolverResult r = solver.solve(problem, z, w);
        converged += r.converged() ? 1 : 0;
      }
      allocations = counter.count();
    }
    EXPECT_EQ(converged, kSteps);
    EXPECT_EQ(allocations, 0);
    EXPECT_EQ(solver.setupCount(), 1);
    // The last answer is the LCP solution of the last data (independent check).
    Eigen::VectorXd w2;
    EXPECT_LE(mn::lcpComputeError(problem, z, w2), 1e-9);
  }
}

TEST(LcpSolverAllocation, PivotWithExchangesAndInteriorPointRestartsIsAllocationFree) {
  REQUIRE_COUNTING();
  // An LCP of ColumnOfBeads (N = 1000, 362 contacts) in 1x1
  // blocks; q moved at every step so that the warm start needs block exchanges, and a
  // cold start on some steps (a long active set: stall, interior-point restart).
  const auto dense = mn::readLcpFile(mn::test::dataDir() +
                                     "/lcp_beads/column_of_beads_N1000_newton-min_step3817.dat");
  mn::LinearComplementarityProblem problem(mn::Matrix(scalarBlocks(dense.M())), dense.q());
  const Index n = problem.size();
  const std::vector<double> base = problem.M().sparseBlock().values();
  const Eigen::VectorXd q0 = problem.q();
  mn::LcpPivotingWorkspace workspace;
  workspace.setup(problem.M());  // the owner's setup prepares everything (interior point too)
  mn::SolverOptions options;
  options.tolerance = 1e-10;
  Eigen::VectorXd z, w;
  ASSERT_TRUE(mn::lcpPivoting(problem, z, w, options, workspace).converged());  // warm-up
  const int restartsBefore = workspace.interiorPointRestarts();
  long allocations = 0;
  int converged = 0, exchanges = 0;
  {
    AllocationCounter counter;
    for (int k = 1; k <= kSteps; ++k) {
      refill(problem.M().sparseBlock().values(), base, problem.q(), q0, k);
      const double scale = q0.cwiseAbs().maxCoeff();
      for (Index i = 0; i < n; ++i) problem.q()[i] += 0.05 * scale * ((i * 13 + k) % 7 - 3);
      if (k % 5 == 0) z.setZero();
      const mn::SolverResult r = mn::lcpPivoting(problem, z, w, options, workspace);
      converged += r.converged() ? 1 : 0;
      exchanges += r.iterations;
    }
    allocations = counter.count();
  }
  EXPECT_EQ(converged, kSteps);
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(workspace.setupCount(), 1);
  EXPECT_GT(exchanges, 2 * kSteps);
  EXPECT_GT(workspace.interiorPointRestarts(), restartsBefore);
  Eigen::VectorXd w2;
  EXPECT_LE(mn::lcpComputeError(problem, z, w2), 1e-10);
}

namespace {

void fcSteadyState(mn::GeneratedProblem generated, const std::string& name) {
  mn::FrictionContactProblem& problem = generated.problem;
  const std::vector<double> base = problem.W().sparseBlock().values();
  const Eigen::VectorXd q0 = problem.q();
  const Eigen::VectorXd mu0 = problem.mu();
  mn::SolverOptions options;
  options.tolerance = 1e-7;
  options.maxIterations = 5000;
  mn::FrictionContactSolver solver(name, options);
  solver.setup(problem);
  EXPECT_TRUE(solver.allocationFree());
  Eigen::VectorXd r, u;
  ASSERT_TRUE(solver.solve(problem, r, u).converged());
  long allocations = 0;
  int converged = 0;
  {
    AllocationCounter counter;
    for (int k = 1; k <= kSteps; ++k) {
      refill(problem.W().sparseBlock().values(), base, problem.q(), q0, k);
      for (Index c = 0; c < problem.mu().size(); ++c) problem.mu()[c] = mu0[c] * (1.0 - 0.005 * k);
      converged += solver.solve(problem, r, u).converged() ? 1 : 0;
    }
    allocations = counter.count();
  }
  EXPECT_EQ(converged, kSteps);
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(solver.setupCount(), 1);
  Eigen::VectorXd u2;
  EXPECT_LE(mn::fcComputeError(problem, r, u2), 1e-7);
}

}  // namespace

TEST(FrictionContactSolverAllocation, Nsgs3dSteadyStateIsAllocationFree) {
  REQUIRE_COUNTING();
  mn::ProblemGeneratorOptions options;
  options.dimension = 3;
  for (const std::string name : {"nsgs", "nsgs-fb", "nsgs-projection"}) {
    SCOPED_TRACE(name);
    fcSteadyState(mn::generatePile(3, 3, 3, options), name);
  }
  SCOPED_TRACE("box stack");
  fcSteadyState(mn::generateStack(mn::StackShape::Box, 6, options), "nsgs");
}

TEST(FrictionContactSolverAllocation, Nsgs2dSteadyStateIsAllocationFree) {
  REQUIRE_COUNTING();
  mn::ProblemGeneratorOptions options;
  options.dimension = 2;
  for (const std::string name : {"nsgs", "nsgs-ac"}) {
    SCOPED_TRACE(name);
    fcSteadyState(mn::generatePile(6, 5, 1, options), name);
  }
}

TEST(MlcpSolverAllocation, PgsSteadyStateIsAllocationFree) {
  REQUIRE_COUNTING();
  // The chain's SPD matrix with the first 30 rows as equalities.
  mn::LinearComplementarityProblem lcp = mn::test::chainLcp(60, 3, 5);
  mn::MixedLinearComplementarityProblem problem(lcp.M(), lcp.q(), 30, 150);
  const std::vector<double> base = problem.M().sparseBlock().values();
  const Eigen::VectorXd q0 = problem.q();
  mn::SolverOptions options;
  options.tolerance = 1e-9;
  mn::MlcpSolver solver("pgs", options);
  solver.setup(problem);
  EXPECT_TRUE(solver.allocationFree());
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solver.solve(problem, z, w).converged());
  long allocations = 0;
  int converged = 0;
  {
    AllocationCounter counter;
    for (int k = 1; k <= kSteps; ++k) {
      refill(problem.M().sparseBlock().values(), base, problem.q(), q0, k);
      converged += solver.solve(problem, z, w).converged() ? 1 : 0;
    }
    allocations = counter.count();
  }
  EXPECT_EQ(converged, kSteps);
  EXPECT_EQ(allocations, 0);
  Eigen::VectorXd w2;
  EXPECT_LE(mn::mlcpComputeError(problem, z, w2), 1e-9);
}

TEST(MlcpProblemAllocation, AssignRowsWithinCapacityIsAllocationFree) {
  REQUIRE_COUNTING();
  mn::LinearComplementarityProblem lcp = mn::test::chainLcp(10, 3, 5);
  mn::MixedLinearComplementarityProblem problem(lcp.M(), lcp.q(), 6, 24);
  const std::vector<Index> rows{0, 3, 9, 12, 30};
  const std::vector<int> flags{1, 0, 1, 0};
  // Reach the capacities once (as a simulation does over its first steps).
  problem.assignRowBlocks(rows, flags);
  problem.assignRows(30, 0);
  problem.assignRows(0, 30);
  long allocations = 0;
  {
    AllocationCounter counter;
    problem.assignRows(12, 18);
    problem.assignRowBlocks(rows, flags);
    allocations = counter.count();
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(problem.n(), 24);
  EXPECT_EQ(problem.m(), 6);
  EXPECT_FALSE(problem.isComplementarityRow(4));
  EXPECT_TRUE(problem.isComplementarityRow(10));
  EXPECT_NO_THROW(problem.validate());
}

TEST(GenericMechanicalSolverAllocation, NsgsSteadyStateIsAllocationFree) {
  REQUIRE_COUNTING();
  // A 3D sphere pile (W sparse-block, 3x3 blocks read in place): contact 0 as a 3-row equality
  // block, contact 1 as a 3-row complementarity block (Lemke with its workspace), contact 2 as
  // three 1-row complementarity blocks, the others as FC3D blocks.
  mn::ProblemGeneratorOptions g;
  mn::GeneratedProblem generated = mn::generatePile(3, 3, 2, g);
  const mn::FrictionContactProblem& fc = generated.problem;
  std::vector<mn::GmpBlock> blocks = {
      mn::GmpBlock::equality(3), mn::GmpBlock::complementarity(3), mn::GmpBlock::complementarity(1),
      mn::GmpBlock::complementarity(1), mn::GmpBlock::complementarity(1)};
  for (Index c = 3; c < fc.numberOfContacts(); ++c)
    blocks.push_back(mn::GmpBlock::frictionContact(3, fc.mu()[c]));
  mn::GenericMechanicalProblem problem(fc.W(), fc.q(), blocks);
  const std::vector<double> base = problem.M().sparseBlock().values();
  const Eigen::VectorXd q0 = problem.q();
  mn::SolverOptions options;
  options.tolerance = 1e-8;
  mn::GenericMechanicalSolver solver("nsgs", options);
  solver.setup(problem);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solver.solve(problem, z, w).converged());
  long allocations = 0;
  int converged = 0;
  {
    AllocationCounter counter;
    for (int k = 1; k <= kSteps; ++k) {
      refill(problem.M().sparseBlock().values(), base, problem.q(), q0, k);
      converged += solver.solve(problem, z, w).converged() ? 1 : 0;
    }
    allocations = counter.count();
  }
  EXPECT_EQ(converged, kSteps);
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(solver.setupCount(), 1);
  Eigen::VectorXd w2;
  EXPECT_LE(mn::gmpComputeError(problem, z, w2), 1e-8);
}
