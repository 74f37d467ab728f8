// MlcpSolver (the repeated-solve object) and the in-place row structure of the
// MLCP (assignRows / assignRowBlocks).
#include <moreau/numerics/mlcp/MlcpSolver.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include "MlcpRelayTestUtils.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace moreau::numerics {
namespace {

using Index = Eigen::Index;
using test::isMlcpSolution;
using test::randomSpdMlcp;

// The dense SPD MLCP re-stored sparse-block (blocks of 2 rows).
MixedLinearComplementarityProblem sparseBlockCopy(const MixedLinearComplementarityProblem& p) {
  const std::vector<Index> sizes(static_cast<std::size_t>(p.size() / 2), 2);
  return MixedLinearComplementarityProblem(Matrix(p.M().toSparseBlock(sizes, sizes)), p.q(),
                                           p.blocksRows(), p.blocksIsComp());
}

TEST(MlcpSolver, NamesAreValidated) {
  EXPECT_EQ(MlcpSolver("PGS").name(), "pgs");
  EXPECT_THROW(MlcpSolver("bgs"), std::invalid_argument);
}

TEST(MlcpSolver, EveryMethodMatchesTheFreeFunction) {
  const MixedLinearComplementarityProblem dense = randomSpdMlcp(12, 4, 3u);
  const MixedLinearComplementarityProblem sbm = sparseBlockCopy(dense);
  SolverOptions options;
  options.tolerance = 1e-10;
  for (const std::string& name : mlcpSolverNames()) {
    for (const auto* p : {&dense, &sbm}) {
      SCOPED_TRACE(name + (p->M().isDense() ? " dense" : " sbm"));
      SolverOptions o = options;
      o.solver = name;
      Eigen::VectorXd zf, wf, z, w;
      const SolverResult free = solveMlcp(*p, zf, wf, o);
      MlcpSolver solver(name, options);
      solver.setup(*p);
      const SolverResult r = solver.solve(*p, z, w);
      EXPECT_EQ(r.status, free.status) << r.message;
      ASSERT_EQ(z.size(), zf.size());
      EXPECT_LE((z - zf).norm(), 1e-8 * (1.0 + zf.norm()));
      if (r.converged()) {
        EXPECT_TRUE(isMlcpSolution(*p, z, 1e-7));
      }
      EXPECT_EQ(solver.allocationFree(), name == "pgs" || name == "psor");
    }
  }
}

TEST(MlcpSolver, RowStructureChangeReRunsSetup) {
  MixedLinearComplementarityProblem p = sparseBlockCopy(randomSpdMlcp(12, 4, 8u));
  MlcpSolver solver("pgs");
  solver.setup(p);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solver.solve(p, z, w).converged());
  p.assignRows(6, 6);  // same M and q, two more equality rows
  const SolverResult r = solver.solve(p, z, w);
  EXPECT_EQ(solver.setupCount(), 2);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isMlcpSolution(p, z, 1e-7));
  EXPECT_FALSE(p.isComplementarityRow(5));
}

TEST(MlcpProblem, AssignRowsMatchesTheConstructors) {
  const MixedLinearComplementarityProblem base = randomSpdMlcp(8, 3, 2u);
  MixedLinearComplementarityProblem p = base;
  p.assignRows(5, 3);
  const MixedLinearComplementarityProblem ref(base.M(), base.q(), 5, 3);
  EXPECT_EQ(p.blocksRows(), ref.blocksRows());
  EXPECT_EQ(p.blocksIsComp(), ref.blocksIsComp());
  EXPECT_EQ(p.equalityRows(), ref.equalityRows());
  EXPECT_EQ(p.complementarityRows(), ref.complementarityRows());
  p.assignRowBlocks({0, 2, 5, 8}, {1, 0, 1});
  const MixedLinearComplementarityProblem ref2(base.M(), base.q(), {0, 2, 5, 8}, {1, 0, 1});
  EXPECT_EQ(p.equalityRows(), ref2.equalityRows());
  EXPECT_EQ(p.complementarityRows(), ref2.complementarityRows());
  EXPECT_FALSE(p.isCanonical());
  EXPECT_THROW(p.assignRows(-1, 3), std::invalid_argument);
  EXPECT_THROW(p.assignRowBlocks({1, 8}, {1}), std::invalid_argument);
  EXPECT_THROW(p.assignRowBlocks({0, 8}, {1, 0}), std::invalid_argument);
  // a structure that does not match q is caught by validate()
  p.assignRows(2, 2);
  EXPECT_THROW(p.validate(), std::invalid_argument);
}

}  // namespace
}  // namespace moreau::numerics
