// .dat reader/writer: malformed files, round trip, SBM and CSparse storages.
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include <gtest/gtest.h>

#include "TempFile.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace fs = std::filesystem;
namespace mn = moreau::numerics;

namespace {

using moreau::numerics::test::TempFile;

// The message of the DatFormatError thrown by reading `content`.
std::string readError(const std::string& name, const std::string& content) {
  const TempFile f(name, content);
  try {
    (void)mn::readLcpFile(f.str());
  } catch (const mn::DatFormatError& e) {
    return e.what();
  }
  return "<no DatFormatError>";
}

TEST(DatFile, ReadsDenseColumnMajor) {
  // Line 1 of the values is column 0.
  const TempFile f("dense.dat", "2\n0 2 2\n2\t2\n1 2\n3 4\n-1 -2\n");
  const auto p = mn::readLcpFile(f.str());
  ASSERT_TRUE(p.M().isDense());
  Eigen::MatrixXd expected(2, 2);
  expected << 1, 3, 2, 4;
  EXPECT_EQ(p.M().dense(), expected);
  EXPECT_EQ(p.q(), Eigen::Vector2d(-1, -2));
}

TEST(DatFile, TrailingTokensIgnored) {
  const TempFile f("trailing.dat", "1\n0 1 1\n1 1\n2\n-3\n\nRemark: anything 1 2 3\n");
  EXPECT_EQ(mn::readLcpFile(f.str()).q()[0], -3.0);
}

TEST(DatFile, MalformedTokenNamesFileAndLine) {
  const std::string msg = readError("bad_token.dat", "2\n0 2 2\n2 2\n1 2\n3 x4\n-1 -2\n");
  EXPECT_NE(msg.find("moreau_bad_token.dat:5:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("expected"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'x4'"), std::string::npos) << msg;
}

TEST(DatFile, TruncatedFileNamesFileAndLine) {
  const std::string msg = readError("truncated.dat", "2\n0 2 2\n2 2\n1 2\n3 4\n-1\n");
  EXPECT_NE(msg.find("moreau_truncated.dat:6:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("unexpected end of file while reading q"), std::string::npos) << msg;
  const std::string empty = readError("empty.dat", "");
  EXPECT_NE(empty.find("moreau_empty.dat:1: unexpected end of file"), std::string::npos) << empty;
}

TEST(DatFile, InconsistentSizesRejected) {
  EXPECT_NE(readError("bad_storage.dat", "2\n7 2 2\n").find(":2:"), std::string::npos);
  EXPECT_NE(readError("repeat.dat", "2\n0 2 2\n3 2\n").find("differ"), std::string::npos);
  EXPECT_NE(readError("n_mismatch.dat", "3\n0 2 2\n2 2\n1 0 0 1\n1 1\n").find("n = 3"),
            std::string::npos);
  EXPECT_NE(readError("rect.dat", "2\n0 2 3\n2 3\n1 2 3 4 5 6\n1 1 1\n").find("square"),
            std::string::npos);
  EXPECT_NE(readError("nan.dat", "1\n0 1 1\n1 1\nnan\n1\n").find("'nan'"), std::string::npos);
}

TEST(DatFile, MissingFileIsRuntimeError) {
  EXPECT_THROW(mn::readLcpFile("/nonexistent/dir/x.dat"), std::runtime_error);
}

TEST(DatFile, WriteReadRoundTripIsBitwise) {
  std::mt19937 gen(123);
  std::uniform_real_distribution<double> u(-1e3, 1e3);
  const int n = 17;
  Eigen::MatrixXd M(n, n);
  Eigen::VectorXd q(n);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) M(i, j) = u(gen) * std::pow(10.0, (i * 7 + j) % 40 - 20);
    q[j] = u(gen) / 3.0;
  }
  M(0, 1) = 5e-324;  // denormal
  M(1, 0) = -0.0;
  const mn::LinearComplementarityProblem p(M, q);
  const TempFile f("roundtrip.dat", "");
  mn::writeLcpFile(p, f.str());
  const auto back = mn::readLcpFile(f.str());
  ASSERT_EQ(back.size(), n);
  EXPECT_EQ(std::memcmp(back.M().dense().data(), M.data(), sizeof(double) * n * n), 0);
  EXPECT_EQ(std::memcmp(back.q().data(), q.data(), sizeof(double) * n), 0);
  // A sparse problem is written dense and reads back equal.
  const mn::LinearComplementarityProblem ps(Eigen::SparseMatrix<double>(M.sparseView()), q);
  mn::writeLcpFile(ps, f.str());
  EXPECT_EQ(mn::readLcpFile(f.str()).M().toDense(), Eigen::MatrixXd(M.sparseView()));
}

TEST(DatFile, RoundTripOfEveryLcpFile) {
  for (const auto& e : fs::directory_iterator(fs::path(mn::test::dataDir()) / "lcp")) {
    const auto p = mn::readLcpFile(e.path().string());
    const TempFile f("roundtrip_" + e.path().filename().string(), "");
    mn::writeLcpFile(p, f.str());
    const auto back = mn::readLcpFile(f.str());
    EXPECT_EQ(back.M().toDense(), p.M().toDense()) << e.path();
    EXPECT_EQ(back.q(), p.q()) << e.path();
  }
}

// The matrix of FC3D_Example1_SBM.dat: after "3 3" (dim, nc) comes a
// NumericsMatrix with storage 1 holding three 3x3 identity blocks.
TEST(NumericsMatrixFile, ReadsSbmFromFc3dExample) {
  mn::DatTokenizer tok =
      mn::DatTokenizer::fromFile(mn::test::dataDir() + "/fc3d/FC3D_Example1_SBM.dat");
  EXPECT_EQ(tok.readInt("dimension"), 3);
  EXPECT_EQ(tok.readInt("nc"), 3);
  const mn::Matrix M = mn::readNumericsMatrix(tok);
  EXPECT_FALSE(M.isDense());
  EXPECT_EQ(M.toDense(), Eigen::MatrixXd::Identity(9, 9));
  EXPECT_EQ(tok.readDouble("q0"), -1.0);  // the reader stops right after the matrix
}

TEST(NumericsMatrixFile, ReadsSbmWithRectangularOffDiagonalBlocks) {
  // 5x5 matrix, block rows {0,1} {2,3,4}, block cols {0,1} {2,3,4}.
  // Stored blocks: (0,0) 2x2, (0,1) 2x3, (1,1) 3x3; values column-major.
  const std::string text =
      "1 5 5\n3\n2 2\n2 5\n2 5\n3 3\n0 2 3\n0 1 1\n"
      "0\n1 2 3 4\n"
      "1\n5 6 7 8 9 10\n"
      "2\n11 12 13 14 15 16 17 18 19\n";
  mn::DatTokenizer tok("inline", text);
  const Eigen::MatrixXd M = mn::readNumericsMatrix(tok).toDense();
  Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(5, 5);
  expected.block(0, 0, 2, 2) << 1, 3, 2, 4;
  expected.block(0, 2, 2, 3) << 5, 7, 9, 6, 8, 10;
  expected.block(2, 2, 3, 3) << 11, 14, 17, 12, 15, 18, 13, 16, 19;
  EXPECT_EQ(M, expected);
}

TEST(NumericsMatrixFile, SbmErrorsHaveLines) {
  mn::DatTokenizer tok("sbm.dat", "1 6 6\n2\n2 2\n3 5\n");  // 5 != 6
  try {
    (void)mn::readNumericsMatrix(tok);
    FAIL() << "no throw";
  } catch (const mn::DatFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("sbm.dat:4:"), std::string::npos) << e.what();
  }
}

TEST(NumericsMatrixFile, ReadsCSparseCsc) {
  const std::string text =
      "2 3 3\n2\n"
      "CSparse Version 3.1.9, May 4, 2016.  Copyright (c) Timothy A. Davis, 2006-2016\n"
      "3-by-3, nzmax: 4 nnz: 4, 1-norm: 7\n"
      "    col 0 : locations 0 to 1\n"
      "      0 : 2.5\n"
      "      2 : -1\n"
      "    col 1 : locations 2 to 1\n"
      "    col 2 : locations 2 to 3\n"
      "      1 : 4\n"
      "      2 : 1e-3\n";
  mn::DatTokenizer tok("csc", text);
  const Eigen::MatrixXd M = mn::readNumericsMatrix(tok).toDense();
  Eigen::MatrixXd expected(3, 3);
  expected << 2.5, 0, 0, 0, 0, 4, -1, 0, 1e-3;
  EXPECT_EQ(M, expected);
}

TEST(NumericsMatrixFile, ReadsCSparseTriplet) {
  const std::string text =
      "2 2 2\n1\nCSparse Version 3.1.9\ntriplet: 2-by-2, nzmax: 3 nnz: 3\n"
      "    1 0 : 5\n    0 1 : 6\n    1 0 : 1\n";
  mn::DatTokenizer tok("triplet", text);
  Eigen::MatrixXd expected(2, 2);
  expected << 0, 6, 6, 0;  // duplicates are summed (5 + 1)
  EXPECT_EQ(mn::readNumericsMatrix(tok).toDense(), expected);
}

TEST(NumericsMatrixFile, CSparseBadLocations) {
  const std::string text =
      "2 2 2\n2\nCSparse Version 3.1.9\n2-by-2, nzmax: 1 nnz: 1, 1-norm: 1\n"
      "    col 0 : locations 0 to 0\n      0 : 1\n    col 1 : locations 5 to 5\n";
  mn::DatTokenizer tok("csc_bad", text);
  try {
    (void)mn::readNumericsMatrix(tok);
    FAIL() << "no throw";
  } catch (const mn::DatFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("csc_bad:7:"), std::string::npos) << e.what();
  }
}

TEST(NumericsMatrixFile, ReadsCSparseFromFc2dGranularFile) {
  mn::DatTokenizer tok = mn::DatTokenizer::fromFile(
      mn::test::dataDir() + "/fc2d/fc2d_granularflowonwall_00667_00000.dat");
  EXPECT_EQ(tok.readInt("dimension"), 2);
  EXPECT_EQ(tok.readInt("nc"), 667);
  const mn::Matrix M = mn::readNumericsMatrix(tok);
  ASSERT_FALSE(M.isDense());
  EXPECT_EQ(M.rows(), 1334);
  EXPECT_EQ(M.sparse().nonZeros(), 3822);
  EXPECT_DOUBLE_EQ(M.coeff(0, 0), 856.713);  // first entries of the dump
  EXPECT_DOUBLE_EQ(M.coeff(649, 0), -454.43);
  // The reader stops right after the matrix: q (1334 values) follows.
  for (int i = 0; i < 1334; ++i) (void)tok.readDouble("q");
}

}  // namespace
