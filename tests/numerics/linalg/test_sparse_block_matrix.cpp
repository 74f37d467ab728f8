// SparseBlockMatrix: structure, products, conversions; Matrix with SparseBlock storage.
#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

namespace mn = moreau::numerics;
using Index = Eigen::Index;

namespace {

// A random block-sparse dense matrix with the given block sizes: each block is
// present with probability `density` (diagonal blocks always).
Eigen::MatrixXd randomBlockDense(const std::vector<Index>& rb, const std::vector<Index>& cb,
                                 double density, std::mt19937& gen) {
  std::uniform_real_distribution<double> val(-1.0, 1.0);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  Index n = 0, m = 0;
  for (Index s : rb) n += s;
  for (Index s : cb) m += s;
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(n, m);
  Index r0 = 0;
  for (std::size_t i = 0; i < rb.size(); ++i) {
    Index c0 = 0;
    for (std::size_t j = 0; j < cb.size(); ++j) {
      if (i == j || coin(gen) < density) {
        for (Index r = 0; r < rb[i]; ++r)
          for (Index c = 0; c < cb[j]; ++c) d(r0 + r, c0 + c) = val(gen);
      }
      c0 += cb[j];
    }
    r0 += rb[i];
  }
  return d;
}

Eigen::VectorXd randomVector(Index n, std::mt19937& gen) {
  std::uniform_real_distribution<double> val(-1.0, 1.0);
  Eigen::VectorXd v(n);
  for (Index i = 0; i < n; ++i) v[i] = val(gen);
  return v;
}

}  // namespace

TEST(SparseBlockMatrix, PatternConstructorSortsAndZeroes) {
  const mn::SparseBlockMatrix a({2, 3}, {3, 1, 2}, {{1, 2}, {0, 0}, {1, 0}, {0, 1}});
  EXPECT_EQ(a.rows(), 5);
  EXPECT_EQ(a.cols(), 6);
  EXPECT_EQ(a.blockRows(), 2);
  EXPECT_EQ(a.blockCols(), 3);
  EXPECT_EQ(a.nonZeroBlocks(), 4);
  EXPECT_EQ(a.rowPointer(), (std::vector<Index>{0, 2, 4}));
  EXPECT_EQ(a.columnIndex(), (std::vector<Index>{0, 1, 0, 2}));
  EXPECT_EQ(a.rowBlockOffset(1), 2);
  EXPECT_EQ(a.colBlockOffset(2), 4);
  EXPECT_EQ(a.colBlockSize(1), 1);
  EXPECT_EQ(a.nonZeros(), 2 * 3 + 2 * 1 + 3 * 3 + 3 * 2);
  EXPECT_EQ(a.blockOffset(2), 8);
  EXPECT_EQ(a.findBlock(1, 2), 3);
  EXPECT_EQ(a.findBlock(1, 1), -1);
  EXPECT_EQ(a.findBlock(7, 1), -1);
  EXPECT_EQ(a.diagonalBlock(0), 0);
  EXPECT_EQ(a.diagonalBlock(1), -1);
  EXPECT_EQ(a.block(3).rows(), 3);
  EXPECT_EQ(a.block(3).cols(), 2);
  EXPECT_TRUE(a.toDense().isZero());
  EXPECT_EQ(a.rowBlockOf(4), 1);
  EXPECT_EQ(a.colBlockOf(3), 1);
  EXPECT_EQ(a.colBlockOf(6), -1);
  EXPECT_EQ(a.blockRowOf(2), 1);
}

TEST(SparseBlockMatrix, RejectsBadPattern) {
  using P = std::vector<std::pair<Index, Index>>;
  EXPECT_THROW(mn::SparseBlockMatrix({2}, {2}, P{{0, 1}}), std::invalid_argument);
  EXPECT_THROW(mn::SparseBlockMatrix({2}, {2}, P{{0, 0}, {0, 0}}), std::invalid_argument);
  EXPECT_THROW(mn::SparseBlockMatrix({-1}, {2}, P{}), std::invalid_argument);
}

TEST(SparseBlockMatrix, EmptyMatrix) {
  const mn::SparseBlockMatrix e;
  EXPECT_EQ(e.rows(), 0);
  EXPECT_EQ(e.cols(), 0);
  EXPECT_EQ(e.nonZeroBlocks(), 0);
  Eigen::VectorXd x(0), y;
  e.multiply(x, y);
  EXPECT_EQ(y.size(), 0);
  EXPECT_EQ(e.toSparse().nonZeros(), 0);
}

TEST(SparseBlockMatrix, BlockViewsWriteIntoContiguousStorage) {
  mn::SparseBlockMatrix a({2, 1}, {2, 1}, {{0, 0}, {1, 1}, {0, 1}});
  a.block(a.findBlock(0, 0)) << 1, 2, 3, 4;  // row-wise << : [[1,2],[3,4]]
  a.block(a.findBlock(1, 1))(0, 0) = 5;
  a.block(a.findBlock(0, 1)) << 6, 7;
  // column-major inside a block: values() of block (0,0) = 1 3 2 4
  EXPECT_EQ(a.values()[0], 1.0);
  EXPECT_EQ(a.values()[1], 3.0);
  EXPECT_EQ(a.values()[2], 2.0);
  Eigen::MatrixXd expected(3, 3);
  expected << 1, 2, 6, 3, 4, 7, 0, 0, 5;
  EXPECT_EQ(a.toDense(), expected);
  EXPECT_EQ(a.coeff(1, 2), 7.0);
  EXPECT_EQ(a.coeff(2, 0), 0.0);
  EXPECT_EQ(a.diagonal(), Eigen::Vector3d(1, 4, 5));
  a.setZero();
  EXPECT_TRUE(a.toDense().isZero());
  EXPECT_EQ(a.nonZeroBlocks(), 3);
}

TEST(SparseBlockMatrix, RandomProductsAndConversionsMatchDense) {
  std::mt19937 gen(42);
  for (int trial = 0; trial < 20; ++trial) {
    std::uniform_int_distribution<int> sz(0, 4);  // zero-size blocks allowed
    std::vector<Index> rb(static_cast<std::size_t>(1 + trial % 7)), cb(rb.size() + trial % 3);
    for (auto& s : rb) s = sz(gen);
    for (auto& s : cb) s = sz(gen);
    const Eigen::MatrixXd d = randomBlockDense(rb, cb, 0.3, gen);
    const auto a = mn::SparseBlockMatrix::fromDense(d, rb, cb);
    ASSERT_EQ(a.toDense(), d);
    EXPECT_EQ(Eigen::MatrixXd(a.toSparse()), d);
    const auto fromS = mn::SparseBlockMatrix::fromSparse(d.sparseView(), rb, cb);
    EXPECT_EQ(fromS.toDense(), d);
    EXPECT_EQ(a.transposed().toDense(), d.transpose());
    const Eigen::VectorXd x = randomVector(d.cols(), gen);
    const Eigen::VectorXd y0 = randomVector(d.rows(), gen);
    Eigen::VectorXd y = y0;
    a.multiply(x, y, 2.0, -0.5);
    EXPECT_LE((y - (2.0 * d * x - 0.5 * y0)).lpNorm<Eigen::Infinity>(), 1e-13);
    a.multiply(x, y);
    EXPECT_LE((y - d * x).lpNorm<Eigen::Infinity>(), 1e-13);
    const Eigen::VectorXd xt = randomVector(d.rows(), gen);
    Eigen::VectorXd yt;
    a.multiplyTransposed(xt, yt);
    EXPECT_LE((yt - d.transpose() * xt).lpNorm<Eigen::Infinity>(), 1e-13);
    for (Index r = 0; r < d.rows(); ++r) {
      EXPECT_NEAR(a.rowDot(r, x), d.row(r).dot(x), 1e-13);
    }
    const Index nd = std::min(d.rows(), d.cols());
    EXPECT_EQ(a.diagonal(), d.diagonal().head(nd));
    for (Index i = 0; i < a.blockRows(); ++i) {
      Eigen::VectorXd out(a.rowBlockSize(i));
      a.multiplyRowBlock(i, x, out);
      const Eigen::VectorXd ref = d.middleRows(a.rowBlockOffset(i), a.rowBlockSize(i)) * x;
      EXPECT_LE((out - ref).lpNorm<Eigen::Infinity>(), 1e-13);
      if (i < a.blockCols()) {
        Eigen::VectorXd skip(a.rowBlockSize(i));
        a.multiplyRowBlockSkipDiagonal(i, x, skip);
        const Eigen::VectorXd diagPart = d.block(a.rowBlockOffset(i), a.colBlockOffset(i),
                                                 a.rowBlockSize(i), a.colBlockSize(i)) *
                                         x.segment(a.colBlockOffset(i), a.colBlockSize(i));
        EXPECT_LE((skip - (ref - diagPart)).lpNorm<Eigen::Infinity>(), 1e-13);
      }
    }
  }
}

TEST(SparseBlockMatrix, DropToleranceAndAllFinite) {
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(4, 4);
  d(0, 0) = 1.0;
  d(3, 3) = 1e-14;
  d(0, 3) = 2.0;
  const auto a = mn::SparseBlockMatrix::fromDense(d, {2, 2}, {2, 2}, 1e-12);
  EXPECT_EQ(a.nonZeroBlocks(), 2);  // (0,0) and (0,1); (1,1) dropped
  EXPECT_EQ(a.diagonalBlock(1), -1);
  EXPECT_TRUE(a.allFinite());
  auto b = a;
  b.values()[1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(b.allFinite());
  EXPECT_FALSE(a == b);
  EXPECT_THROW((void)mn::SparseBlockMatrix::fromDense(d, {3}, {4}), std::invalid_argument);
}

TEST(SparseBlockMatrix, MultiplyChecksSizesAndAliasing) {
  const auto a = mn::SparseBlockMatrix::fromDense(Eigen::Matrix2d{{1, 2}, {3, 4}}, {1, 1}, {2});
  Eigen::VectorXd x(3), y(5);
  EXPECT_THROW(a.multiply(x, y), std::invalid_argument);
  Eigen::VectorXd z(2);
  z << 1, 1;
  EXPECT_THROW(a.multiply(z, y, 1.0, 1.0), std::invalid_argument);
  a.multiply(z, z, 1.0, 1.0);  // z = A z + z
  EXPECT_EQ(z, Eigen::Vector2d(4, 8));
}

TEST(MatrixSparseBlock, EveryOperationWorksWithoutDensifying) {
  std::mt19937 gen(7);
  const std::vector<Index> rb{3, 3, 2, 3};
  const Eigen::MatrixXd d = randomBlockDense(rb, rb, 0.4, gen);
  const mn::Matrix m(mn::SparseBlockMatrix::fromDense(d, rb, rb));
  EXPECT_EQ(m.storage(), mn::Matrix::Storage::SparseBlock);
  EXPECT_TRUE(m.isSparseBlock());
  EXPECT_FALSE(m.isDense());
  EXPECT_FALSE(m.isSparse());
  EXPECT_EQ(m.rows(), 11);
  EXPECT_EQ(m.cols(), 11);
  EXPECT_THROW((void)m.dense(), std::logic_error);
  EXPECT_THROW((void)m.sparse(), std::logic_error);
  EXPECT_EQ(m.sparseBlock().nonZeroBlocks(),
            mn::SparseBlockMatrix::fromDense(d, rb, rb).nonZeroBlocks());
  const Eigen::VectorXd x = randomVector(11, gen);
  Eigen::VectorXd y = Eigen::VectorXd::Ones(11);
  m.multiply(x, y, 1.0, 1.0);
  EXPECT_LE((y - (d * x + Eigen::VectorXd::Ones(11))).lpNorm<Eigen::Infinity>(), 1e-13);
  for (Index i = 0; i < 11; ++i) {
    EXPECT_NEAR(m.rowDot(i, x), d.row(i).dot(x), 1e-13);
    for (Index j = 0; j < 11; ++j) EXPECT_EQ(m.coeff(i, j), d(i, j));
  }
  EXPECT_EQ(m.diagonal(), d.diagonal());
  EXPECT_EQ(m.toDense(), d);
  EXPECT_EQ(Eigen::MatrixXd(m.toSparse()), d);
  EXPECT_TRUE(m.allFinite());
  // conversions from the other storages
  const mn::Matrix md(d);
  EXPECT_EQ(md.toSparseBlock(rb, rb).toDense(), d);
  EXPECT_EQ(md.toSparseBlock().nonZeroBlocks(), 1);
  const mn::Matrix ms(Eigen::SparseMatrix<double>(d.sparseView()));
  EXPECT_EQ(ms.toSparseBlock(rb, rb).toDense(), d);
  EXPECT_EQ(m.toSparseBlock({5, 6}, {11}).toDense(), d);
  EXPECT_THROW((void)md.sparseBlock(), std::logic_error);
}
