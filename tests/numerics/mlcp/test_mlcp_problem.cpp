// MLCP problem class and the Siconos error measure on hand-computed cases.
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>

namespace moreau::numerics {
namespace {

using Index = Eigen::Index;

TEST(MlcpProblem, CanonicalFormHasTwoBlocks) {
  Eigen::MatrixXd M(3, 3);
  M << 1, 2, 3, 4, 5, 6, 7, 8, 10;
  const MixedLinearComplementarityProblem p(M, Eigen::Vector3d(1, 2, 3), 1, 2);
  EXPECT_EQ(p.n(), 1);
  EXPECT_EQ(p.m(), 2);
  EXPECT_EQ(p.size(), 3);
  EXPECT_TRUE(p.isCanonical());
  EXPECT_EQ(p.blocksRows(), (std::vector<Index>{0, 1, 3}));
  EXPECT_EQ(p.blocksIsComp(), (std::vector<int>{0, 1}));
  EXPECT_FALSE(p.isComplementarityRow(0));
  EXPECT_TRUE(p.isComplementarityRow(2));
  EXPECT_EQ(p.A(), M.topLeftCorner(1, 1));
  EXPECT_EQ(p.C(), M.topRightCorner(1, 2));
  EXPECT_EQ(p.D(), M.bottomLeftCorner(2, 1));
  EXPECT_EQ(p.B(), M.bottomRightCorner(2, 2));
  EXPECT_EQ(p.a(), Eigen::VectorXd::Constant(1, 1.0));
  EXPECT_EQ(p.b(), Eigen::Vector2d(2, 3));
}

TEST(MlcpProblem, FromBlocksAssemblesM) {
  Eigen::MatrixXd A(1, 1), B(2, 2), C(1, 2), D(2, 1);
  A << 2;
  B << 3, 1, 1, 4;
  C << 5, 6;
  D << 7, 8;
  const auto p = MixedLinearComplementarityProblem::fromBlocks(A, B, C, D, Eigen::VectorXd::Ones(1),
                                                               Eigen::Vector2d(-1, -2));
  Eigen::MatrixXd M(3, 3);
  M << 2, 5, 6, 7, 3, 1, 8, 1, 4;
  EXPECT_EQ(p.M().toDense(), M);
  EXPECT_EQ(p.q(), Eigen::Vector3d(1, -1, -2));
  EXPECT_EQ(p.n(), 1);
  EXPECT_EQ(p.m(), 2);
}

TEST(MlcpProblem, BlocksInAnyOrder) {
  // Rows: 0 comp, 1-2 equality, 3 comp.
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(4, 4);
  M(1, 3) = 2.0;
  const MixedLinearComplementarityProblem p(Matrix(M), Eigen::Vector4d(1, 2, 3, 4), {0, 1, 3, 4},
                                            {1, 0, 1});
  EXPECT_EQ(p.n(), 2);
  EXPECT_EQ(p.m(), 2);
  EXPECT_FALSE(p.isCanonical());
  EXPECT_EQ(p.equalityRows(), (std::vector<Index>{1, 2}));
  EXPECT_EQ(p.complementarityRows(), (std::vector<Index>{0, 3}));
  EXPECT_EQ(p.a(), Eigen::Vector2d(2, 3));
  EXPECT_EQ(p.b(), Eigen::Vector2d(1, 4));
  EXPECT_DOUBLE_EQ(p.C()(0, 1), 2.0);
}

void expectInvalid(const std::function<void()>& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no exception, expected one mentioning '" << needle << "'";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(MlcpProblem, ValidateNamesSizes) {
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem(Eigen::MatrixXd::Identity(3, 3), Eigen::VectorXd::Zero(3),
                                          1, 1);
      },
      "ends at 2");
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem(Eigen::MatrixXd::Identity(3, 3), Eigen::VectorXd::Zero(2),
                                          1, 1);
      },
      "3x3");
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem(Eigen::MatrixXd::Identity(2, 3), Eigen::VectorXd::Zero(2),
                                          1, 1);
      },
      "2x3");
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem(Eigen::MatrixXd::Identity(2, 2), Eigen::VectorXd::Zero(2),
                                          -1, 3);
      },
      "n = -1");
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem(Matrix(Eigen::MatrixXd::Identity(2, 2)),
                                          Eigen::VectorXd::Zero(2), {0, 1, 2}, {1});
      },
      "blocksIsComp has 1");
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem(Matrix(Eigen::MatrixXd::Identity(2, 2)),
                                          Eigen::VectorXd::Zero(2), {0, 3}, {1});
      },
      "ends at 3");
  expectInvalid(
      [] {
        Eigen::VectorXd q = Eigen::VectorXd::Zero(2);
        q[1] = std::nan("");
        MixedLinearComplementarityProblem(Eigen::MatrixXd::Identity(2, 2), q, 1, 1);
      },
      "q[1]");
  expectInvalid(
      [] {
        MixedLinearComplementarityProblem::fromBlocks(
            Eigen::MatrixXd::Identity(2, 2), Eigen::MatrixXd::Identity(1, 1),
            Eigen::MatrixXd::Zero(2, 2), Eigen::MatrixXd::Zero(1, 2), Eigen::VectorXd::Zero(2),
            Eigen::VectorXd::Zero(1));
      },
      "C is 2x2, must be 2x1");
}

// Hand-computed values of the Siconos measure (siconos-reference.md §2.4).
TEST(MlcpError, ComplementarityDominates) {
  // n = 1, m = 1, M = I, q = (1, -2), z = 0: w = (1, -2).
  // error_e = 1, norm_e = 2; error_i = 2 (w < 0), norm_i = 1 + 2 = 3;
  // 2/3 >= 1/2 -> err = 2 / (1 + 3) = 0.5.
  const MixedLinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(1, -2),
                                            1, 1);
  Eigen::VectorXd w;
  EXPECT_DOUBLE_EQ(mlcpComputeError(p, Eigen::Vector2d(0, 0), w), 0.5);
  EXPECT_EQ(w, Eigen::Vector2d(1, -2));
}

TEST(MlcpError, EqualityDominates) {
  // q = (3, 0), z = (0, 1): w = (3, 1). error_e = 3, norm_e = 4; error_i = z w = 1,
  // norm_i = 1 + 1 = 2; 1/2 < 3/4 -> err = 3 / (1 + 4) = 0.6.
  const MixedLinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(3, 0),
                                            1, 1);
  Eigen::VectorXd w;
  EXPECT_DOUBLE_EQ(mlcpComputeError(p, Eigen::Vector2d(0, 1), w), 0.6);
}

TEST(MlcpError, SumsBlockNorms) {
  // Blocks: [0,1) eq, [1,2) comp, [2,3) eq; M = I, q = (3, 0, 4), z = 0.
  // error_e = 3 + 4 = 7 (not ‖(3,4)‖ = 5), norm_e = 1 + 3 + 4 = 8; error_i = 0,
  // norm_i = 1 -> 0 < 7/8 -> err = 7/9.
  const MixedLinearComplementarityProblem p(Matrix(Eigen::MatrixXd::Identity(3, 3)),
                                            Eigen::Vector3d(3, 0, 4), {0, 1, 2, 3}, {0, 1, 0});
  Eigen::VectorXd w;
  EXPECT_DOUBLE_EQ(mlcpComputeError(p, Eigen::Vector3d::Zero(), w), 7.0 / 9.0);
}

TEST(MlcpError, BothNegativeAndBothPositive) {
  // m = 2, n = 0, M = I, q = (-1, 2), z = (-1, 1): w = (-2, 3).
  // Row 0: -z = 1, -w = 2, z w = 2 -> 5; row 1: z w = 3 -> error_i = 8.
  // norm_i = 1 + ‖(-2, 3)‖; err = 8 / (2 + sqrt(13)).
  const MixedLinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(-1, 2),
                                            0, 2);
  Eigen::VectorXd w;
  EXPECT_DOUBLE_EQ(mlcpComputeError(p, Eigen::Vector2d(-1, 1), w), 8.0 / (2.0 + std::sqrt(13.0)));
  EXPECT_DOUBLE_EQ(mlcpComputeError(p, Eigen::Vector2d(1, 0), w), 0.0);  // w = (0, 2), z w = 0
}

TEST(MlcpError, WrongSizeThrowsNonFiniteIsNaN) {
  const MixedLinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(1, 1),
                                            1, 1);
  Eigen::VectorXd w;
  EXPECT_THROW(mlcpComputeError(p, Eigen::VectorXd::Zero(3), w), std::invalid_argument);
  EXPECT_TRUE(std::isnan(mlcpComputeError(p, Eigen::Vector2d(std::nan(""), 0), w)));
}

}  // namespace
}  // namespace moreau::numerics
