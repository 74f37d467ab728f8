// SparseBlockMatrix pattern reassignment (assignPattern, beginPattern/addBlock/
// endPattern): same structure as the pattern constructor, products equal to the
// dense reference after refilling, errors named, capacity kept. The allocation
// count itself is checked in tests/numerics/alloc.
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace mn = moreau::numerics;
using Index = Eigen::Index;

namespace {

// Random pattern over an nbr x nbc grid (diagonal always when square).
std::vector<std::pair<Index, Index>> randomPattern(Index nbr, Index nbc, double density,
                                                   std::mt19937& gen) {
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::vector<std::pair<Index, Index>> p;
  for (Index i = 0; i < nbr; ++i)
    for (Index j = 0; j < nbc; ++j)
      if ((i == j) || coin(gen) < density) p.emplace_back(i, j);
  return p;
}

std::vector<Index> randomSizes(Index n, std::mt19937& gen) {
  std::uniform_int_distribution<int> s(0, 4);  // zero-size blocks included
  std::vector<Index> v(static_cast<std::size_t>(n));
  for (auto& x : v) x = s(gen);
  return v;
}

// Fills every stored block with random values and returns the dense reference
// built independently from the pattern positions.
Eigen::MatrixXd fillRandom(mn::SparseBlockMatrix& m, std::mt19937& gen) {
  std::uniform_real_distribution<double> val(-1.0, 1.0);
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(m.rows(), m.cols());
  for (Index i = 0; i < m.blockRows(); ++i) {
    for (Index k = m.rowPointer()[static_cast<std::size_t>(i)];
         k < m.rowPointer()[static_cast<std::size_t>(i) + 1]; ++k) {
      const Index j = m.columnIndex()[static_cast<std::size_t>(k)];
      auto b = m.block(k);
      for (Index c = 0; c < b.cols(); ++c)
        for (Index r = 0; r < b.rows(); ++r) {
          b(r, c) = val(gen);
          d(m.rowBlockOffset(i) + r, m.colBlockOffset(j) + c) = b(r, c);
        }
    }
  }
  return d;
}

}  // namespace

TEST(SparseBlockPattern, BuilderAndAssignMatchThePatternConstructor) {
  std::mt19937 gen(3);
  mn::SparseBlockMatrix built;
  mn::SparseBlockMatrix assigned;
  for (int trial = 0; trial < 30; ++trial) {
    const Index nbr = 1 + trial % 9;
    const Index nbc = trial % 3 == 0 ? nbr : 1 + (trial * 7) % 8;
    const auto rb = randomSizes(nbr, gen);
    const auto cb = nbc == nbr ? rb : randomSizes(nbc, gen);
    auto pattern = randomPattern(nbr, nbc, 0.3, gen);
    const mn::SparseBlockMatrix reference(rb, cb, pattern);
    // builder, positions shuffled
    std::shuffle(pattern.begin(), pattern.end(), gen);
    built.beginPattern(rb, cb);
    for (const auto& [i, j] : pattern) built.addBlock(i, j);
    built.endPattern();
    EXPECT_EQ(built, reference);
    // whole-pattern assignment from the reference's CSR arrays
    assigned.assignPattern(rb, cb, reference.rowPointer(), reference.columnIndex());
    EXPECT_EQ(assigned, reference);
    EXPECT_EQ(built.patternHash(), reference.patternHash());
    EXPECT_EQ(assigned.patternHash(), reference.patternHash());
    for (Index i = 0; i < std::min(nbr, nbc); ++i) {
      EXPECT_EQ(built.diagonalBlock(i), reference.diagonalBlock(i));
      EXPECT_EQ(assigned.diagonalBlock(i), reference.diagonalBlock(i));
    }
    for (Index k = 0; k < reference.nonZeroBlocks(); ++k) {
      EXPECT_EQ(built.blockOffset(k), reference.blockOffset(k));
    }
    // refilled values: products and conversions equal the dense reference
    const Eigen::MatrixXd dense = fillRandom(built, gen);
    EXPECT_EQ(built.toDense(), dense);
    Eigen::VectorXd x = Eigen::VectorXd::Random(built.cols());
    Eigen::VectorXd y;
    built.multiply(x, y);
    EXPECT_LE((y - dense * x).norm(), 1e-12 * (1.0 + y.norm()));
    Eigen::VectorXd xt = Eigen::VectorXd::Random(built.rows());
    built.multiplyTransposed(xt, y);
    EXPECT_LE((y - dense.transpose() * xt).norm(), 1e-12 * (1.0 + y.norm()));
    EXPECT_EQ(built.diagonal(), Eigen::VectorXd(dense.diagonal()));
  }
}

TEST(SparseBlockPattern, ReassignmentZeroesValuesAndBumpsTheVersion) {
  mn::SparseBlockMatrix m({2, 2}, {2, 2}, {{0, 0}, {1, 1}, {0, 1}});
  EXPECT_EQ(m.patternVersion(), 0u);
  for (double& v : m.values()) v = 1.0;
  m.beginPattern(3, 3, 2);
  m.addBlock(2, 2);
  m.addBlock(0, 0);
  m.addBlock(1, 0);
  m.endPattern();
  EXPECT_EQ(m.patternVersion(), 1u);
  EXPECT_EQ(m.rows(), 6);
  EXPECT_EQ(m.nonZeroBlocks(), 3);
  EXPECT_EQ(m.diagonalBlock(1), -1);
  EXPECT_EQ(m.diagonalBlock(2), 2);
  EXPECT_EQ(m.rowPointer(), (std::vector<Index>{0, 1, 2, 3}));
  for (double v : m.values()) EXPECT_EQ(v, 0.0);
  const auto hash = m.patternHash();
  m.assignPattern({1}, {3, 1}, {0, 2}, {0, 1});
  EXPECT_NE(m.patternHash(), hash);
  EXPECT_EQ(m.patternVersion(), 2u);
  EXPECT_EQ(m.rows(), 1);
  EXPECT_EQ(m.cols(), 4);
  EXPECT_EQ(m.nonZeros(), 4);
}

TEST(SparseBlockPattern, CapacityIsReusedForSmallerPatterns) {
  mn::SparseBlockMatrix m;
  m.reservePattern(50, 50, 200, 200 * 9);
  m.beginPattern(50, 50, 3);
  for (Index i = 0; i < 50; ++i) m.addBlock(i, i);
  m.endPattern();
  const double* values = m.values().data();
  const Index* columns = m.columnIndex().data();
  m.beginPattern(40, 40, 3);
  for (Index i = 0; i < 40; ++i) {
    m.addBlock(i, i);
    if (i > 0) m.addBlock(i, i - 1);
  }
  m.endPattern();
  EXPECT_EQ(m.values().data(), values);
  EXPECT_EQ(m.columnIndex().data(), columns);
  EXPECT_EQ(m.nonZeroBlocks(), 79);
}

TEST(SparseBlockPattern, MalformedPatternsAreRejectedWithTheirReason) {
  mn::SparseBlockMatrix m({2}, {2}, {{0, 0}});
  const auto expectMessage = [](auto&& f, const std::string& part) {
    try {
      f();
      ADD_FAILURE() << "no exception, expected: " << part;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  expectMessage([&] { m.assignPattern({1, 1}, {1, 1}, {0, 1}, {0}); }, "rowPointer has 2");
  expectMessage([&] { m.assignPattern({1, 1}, {1, 1}, {0, 1, 3}, {0, 1}); }, "ends at 3");
  expectMessage([&] { m.assignPattern({1, 1}, {1, 1}, {0, 2, 2}, {1, 0}); }, "strictly increasing");
  expectMessage([&] { m.assignPattern({1, 1}, {1, 1}, {0, 1, 2}, {0, 2}); }, "outside");
  expectMessage([&] { m.assignPattern({1, -1}, {1, 1}, {0, 1, 2}, {0, 1}); }, "negative");
  EXPECT_EQ(m.rows(), 0);  // left empty after a failure
  m.beginPattern(2, 2, 1);
  expectMessage([&] { m.addBlock(2, 0); }, "outside");
  m.addBlock(1, 1);
  m.addBlock(1, 1);
  expectMessage([&] { m.endPattern(); }, "given twice");
  EXPECT_EQ(m.nonZeroBlocks(), 0);
  expectMessage([&] { m.beginPattern(2, -1, 3); }, ">= 0");
}
