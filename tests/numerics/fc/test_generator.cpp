// Problem generator: W = H M⁻¹ Hᵀ symmetric positive semidefinite, block pattern
// equal to the shared-body graph, sizes, determinism, speed on large piles.
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <set>
#include <utility>

namespace mn = moreau::numerics;

namespace {

// Every (i, j) with contacts i and j sharing a body (the ground is not a body).
std::set<std::pair<long, long>> sharedBodyPairs(const mn::GeneratedProblem& g) {
  std::set<std::pair<long, long>> pairs;
  const auto& cb = g.contactBodies;
  for (std::size_t i = 0; i < cb.size(); ++i)
    for (std::size_t j = 0; j < cb.size(); ++j) {
      const int a[2] = {cb[i].first, cb[i].second};
      const int b[2] = {cb[j].first, cb[j].second};
      bool shared = false;
      for (int x : a)
        for (int y : b) shared = shared || (x >= 0 && x == y);
      if (shared) pairs.emplace(static_cast<long>(i), static_cast<long>(j));
    }
  return pairs;
}

void checkStructure(const mn::GeneratedProblem& g) {
  const mn::FrictionContactProblem& p = g.problem;
  ASSERT_NO_THROW(p.validate());
  ASSERT_TRUE(p.W().isSparseBlock());
  const mn::SparseBlockMatrix& W = p.W().sparseBlock();
  const int d = p.dimension();
  ASSERT_EQ(W.blockRows(), p.numberOfContacts());
  for (mn::SparseBlockMatrix::Index i = 0; i < W.blockRows(); ++i) ASSERT_EQ(W.rowBlockSize(i), d);
  std::set<std::pair<long, long>> pattern;
  for (mn::SparseBlockMatrix::Index i = 0; i < W.blockRows(); ++i)
    for (auto k = W.rowPointer()[static_cast<std::size_t>(i)];
         k < W.rowPointer()[static_cast<std::size_t>(i) + 1]; ++k)
      pattern.emplace(static_cast<long>(i),
                      static_cast<long>(W.columnIndex()[static_cast<std::size_t>(k)]));
  EXPECT_EQ(pattern, sharedBodyPairs(g)) << g.name;
  // symmetric positive semidefinite, positive definite diagonal blocks
  const Eigen::MatrixXd dense = W.toDense();
  EXPECT_LE((dense - dense.transpose()).cwiseAbs().maxCoeff(), 1e-12 * dense.cwiseAbs().maxCoeff())
      << g.name;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(0.5 * (dense + dense.transpose()));
  EXPECT_GE(eig.eigenvalues().minCoeff(), -1e-10 * eig.eigenvalues().maxCoeff()) << g.name;
  for (mn::SparseBlockMatrix::Index i = 0; i < W.blockRows(); ++i) {
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> block(W.block(W.diagonalBlock(i)));
    EXPECT_GT(block.eigenvalues().minCoeff(), 0.0) << g.name << " contact " << i;
  }
  for (Eigen::Index i = 0; i < p.mu().size(); ++i) {
    EXPECT_GE(p.mu()[i], 0.3);
    EXPECT_LE(p.mu()[i], 0.8);
  }
  EXPECT_TRUE(p.q().allFinite());
}

}  // namespace

TEST(ProblemGenerator, StacksHaveTheExpectedSizesAndStructure) {
  for (int d : {2, 3}) {
    mn::ProblemGeneratorOptions options;
    options.dimension = d;
    const mn::GeneratedProblem boxes = mn::generateStack(mn::StackShape::Box, 5, options);
    EXPECT_EQ(boxes.numberOfBodies, 5);
    EXPECT_EQ(boxes.problem.numberOfContacts(), (d == 3 ? 4 : 2) * 5);
    checkStructure(boxes);
    const mn::GeneratedProblem spheres = mn::generateStack(mn::StackShape::Sphere, 7, options);
    EXPECT_EQ(spheres.problem.numberOfContacts(), 7);
    checkStructure(spheres);
    // gravity: the ground contact is approached (q_N < 0)
    EXPECT_LT(spheres.problem.q()[0], 0.0);
  }
}

TEST(ProblemGenerator, PilesHaveTheExpectedSizesAndStructure) {
  mn::ProblemGeneratorOptions options;
  options.dimension = 3;
  const mn::GeneratedProblem p3 = mn::generatePile(3, 4, 2, options);
  EXPECT_EQ(p3.numberOfBodies, 24);
  EXPECT_EQ(p3.problem.numberOfContacts(), mn::pileContactCount(3, 4, 2, 3));
  EXPECT_EQ(mn::pileContactCount(3, 4, 2, 3), 12 + 12 + 2 * 4 * 2 + 3 * 3 * 2);
  checkStructure(p3);
  options.dimension = 2;
  const mn::GeneratedProblem p2 = mn::generatePile(5, 4, 1, options);
  EXPECT_EQ(p2.numberOfBodies, 20);
  EXPECT_EQ(p2.problem.numberOfContacts(), 5 + 5 * 3 + 4 * 4);
  checkStructure(p2);
}

TEST(ProblemGenerator, SingleBodyHasOneFullBlockPatternOfLowRank) {
  for (int d : {2, 3}) {
    mn::ProblemGeneratorOptions options;
    options.dimension = d;
    const mn::GeneratedProblem g = mn::generateSingleBody(30, options);
    EXPECT_EQ(g.numberOfBodies, 1);
    EXPECT_EQ(g.problem.numberOfContacts(), 30);
    checkStructure(g);  // pattern = every pair (all contacts share the body)
    EXPECT_EQ(g.problem.W().sparseBlock().nonZeroBlocks(), 30 * 30);
    // W = H M⁻¹ Hᵀ with one body: rank <= its degrees of freedom
    const Eigen::MatrixXd W = g.problem.W().sparseBlock().toDense();
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(W);
    const double top = eig.eigenvalues().maxCoeff();
    int rank = 0;
    for (Eigen::Index k = 0; k < eig.eigenvalues().size(); ++k)
      rank += eig.eigenvalues()[k] > 1e-10 * top ? 1 : 0;
    EXPECT_EQ(rank, d == 3 ? 6 : 3) << g.name;
    // the contacts lie under the body, normals close to the vertical
    for (const auto& cb : g.contactBodies) EXPECT_EQ(cb, std::make_pair(-1, 0));
    EXPECT_LT(g.problem.q()[0], 0.0);  // gravity pushes into the ground
  }
  EXPECT_THROW((void)mn::generateSingleBody(0, {}), std::invalid_argument);
}

TEST(ProblemGenerator, IsDeterministicAndSeeded) {
  mn::ProblemGeneratorOptions options;
  options.seed = 42;
  const auto a = mn::generatePile(3, 3, 3, options);
  const auto b = mn::generatePile(3, 3, 3, options);
  EXPECT_TRUE(a.problem.W().sparseBlock() == b.problem.W().sparseBlock());
  EXPECT_TRUE(a.problem.q() == b.problem.q());
  EXPECT_TRUE(a.problem.mu() == b.problem.mu());
  options.seed = 43;
  const auto c = mn::generatePile(3, 3, 3, options);
  EXPECT_FALSE(a.problem.q() == c.problem.q());
}

TEST(ProblemGenerator, TargetContactCountsAndLargeProblemsAreSparse) {
  for (int d : {2, 3}) {
    mn::ProblemGeneratorOptions options;
    options.dimension = d;
    for (long target : {10L, 100L, 1000L}) {
      const auto g = mn::generatePileWithContacts(target, options);
      EXPECT_NEAR(static_cast<double>(g.problem.numberOfContacts()), static_cast<double>(target),
                  0.25 * static_cast<double>(target))
          << g.name;
    }
    // Generation speed is measured by benchmarks/numerics (bench_fc), not asserted here.
    const auto big = mn::generatePileWithContacts(20000, options);
    EXPECT_NEAR(static_cast<double>(big.problem.numberOfContacts()), 20000.0, 3000.0) << big.name;
    // a few blocks per contact row (sparse), never a dense matrix
    const auto& W = big.problem.W().sparseBlock();
    EXPECT_LT(W.nonZeroBlocks(), 20 * W.blockRows());
  }
  const auto stack = mn::generateStack(mn::StackShape::Box, 5000, {});
  EXPECT_EQ(stack.problem.numberOfContacts(), 20000);
}

TEST(ProblemGenerator, RejectsBadOptions) {
  mn::ProblemGeneratorOptions options;
  options.dimension = 4;
  EXPECT_THROW((void)mn::generatePile(2, 2, 2, options), std::invalid_argument);
  options = {};
  options.muMin = 0.9;
  EXPECT_THROW((void)mn::generateStack(mn::StackShape::Box, 2, options), std::invalid_argument);
  EXPECT_THROW((void)mn::generateStack(mn::StackShape::Box, 0, {}), std::invalid_argument);
  EXPECT_THROW((void)mn::generatePile(0, 2, 2, {}), std::invalid_argument);
}
