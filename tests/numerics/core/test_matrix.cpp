#include <moreau/numerics/Matrix.hpp>

#include <gtest/gtest.h>

#include <stdexcept>

namespace mn = moreau::numerics;

namespace {

Eigen::MatrixXd sample() {
  Eigen::MatrixXd m(3, 3);
  m << 4, 0, -1,  //
      0, 5, 0,    //
      2, 0, 6;
  return m;
}

TEST(Matrix, DenseAndSparseAgree) {
  const mn::Matrix d(sample());
  const mn::Matrix s(Eigen::SparseMatrix<double>(sample().sparseView()));
  EXPECT_TRUE(d.isDense());
  EXPECT_EQ(s.storage(), mn::Matrix::Storage::Sparse);
  EXPECT_EQ(s.rows(), 3);
  EXPECT_EQ(s.cols(), 3);
  Eigen::VectorXd x(3);
  x << 1, -2, 3;
  Eigen::VectorXd yd, ys;
  d.multiply(x, yd);
  s.multiply(x, ys);
  const Eigen::VectorXd expected = sample() * x;
  EXPECT_TRUE(yd.isApprox(expected));
  EXPECT_TRUE(ys.isApprox(expected));
  // alpha/beta form
  Eigen::VectorXd y = Eigen::VectorXd::Ones(3);
  s.multiply(x, y, 2.0, -1.0);
  EXPECT_TRUE(y.isApprox(2.0 * expected - Eigen::VectorXd::Ones(3)));
  for (int i = 0; i < 3; ++i) {
    EXPECT_DOUBLE_EQ(d.rowDot(i, x), expected[i]);
    EXPECT_DOUBLE_EQ(s.rowDot(i, x), expected[i]);
    for (int j = 0; j < 3; ++j) EXPECT_EQ(s.coeff(i, j), sample()(i, j));
  }
  EXPECT_TRUE(s.diagonal().isApprox(sample().diagonal()));
  EXPECT_EQ(s.toDense(), sample());
  EXPECT_EQ(Eigen::MatrixXd(d.toSparse()), sample());
  EXPECT_TRUE(d.allFinite());
}

TEST(Matrix, WrongStorageAccessThrows) {
  const mn::Matrix d(sample());
  EXPECT_THROW((void)d.sparse(), std::logic_error);
  const mn::Matrix s(Eigen::SparseMatrix<double>(sample().sparseView()));
  EXPECT_THROW((void)s.dense(), std::logic_error);
}

TEST(Matrix, MultiplySizeMismatchThrows) {
  const mn::Matrix d(sample());
  Eigen::VectorXd x(2), y;
  EXPECT_THROW(d.multiply(x, y), std::invalid_argument);
}

TEST(Matrix, NonFiniteDetected) {
  Eigen::MatrixXd m = sample();
  m(1, 2) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(mn::Matrix(m).allFinite());
  Eigen::SparseMatrix<double> s(2, 2);
  s.insert(1, 0) = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(mn::Matrix(s).allFinite());
}

}  // namespace
