// MLCP files whose M has more rows than unknowns (Siconos' legacy rectangular
// layout) and extra equality rows, docs/numerics/mlcp.md ("Rectangular M").
//
// tests/numerics/mlcp/data/rectangular_mlcp.dat (written for these tests):
// n = 2 (u1, u2), m = 2 (v1, v2), M 6x4, rows
//   0: u1 + v2 − 4 = 0            2 (extra): u1 + u2 − 3 = 0
//   1: u2 − v2 + 1 = 0            3 (extra): 2 u1 − u2 + v1 − 1 = 0
//   4: 0 <= v1 ⊥ v2 − 3 >= 0      5: 0 <= v2 ⊥ u2 + v2 − 5 >= 0
// Solution (by hand): rows 0, 1 give u = (4 − v2, v2 − 1); row 5 gives v2 = 3
// (v2 = 0 would make u2 + v2 − 5 < 0), so u = (1, 2) and row 4 is degenerate
// (w = 0, any v1 >= 0 satisfies the square part); the extra row 3 fixes
// v1 = 1, and row 2 holds. Unique solution z = (1, 2, 1, 3).
#include "TempFile.hpp"

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace mn = moreau::numerics;
using mn::test::TempFile;

namespace {

const std::string kFile =
    std::string(MOREAU_SOURCE_DIR) + "/tests/numerics/mlcp/data/rectangular_mlcp.dat";

// Independent check on the six rows of the file (hard-coded above).
void expectSolvesAllSixRows(const Eigen::VectorXd& z, double tol) {
  ASSERT_EQ(z.size(), 4);
  const double u1 = z[0], u2 = z[1], v1 = z[2], v2 = z[3];
  EXPECT_NEAR(u1 + v2 - 4, 0.0, tol);
  EXPECT_NEAR(u2 - v2 + 1, 0.0, tol);
  EXPECT_NEAR(u1 + u2 - 3, 0.0, tol);
  EXPECT_NEAR(2 * u1 - u2 + v1 - 1, 0.0, tol);
  const double w1 = v2 - 3, w2 = u2 + v2 - 5;
  EXPECT_GE(v1, -tol);
  EXPECT_GE(v2, -tol);
  EXPECT_GE(w1, -tol);
  EXPECT_GE(w2, -tol);
  EXPECT_NEAR(v1 * w1, 0.0, tol);
  EXPECT_NEAR(v2 * w2, 0.0, tol);
}

TEST(MlcpRectangular, ReadsTheLegacyLayout) {
  const auto p = mn::readMlcpFile(kFile);
  EXPECT_EQ(p.n(), 2);
  EXPECT_EQ(p.m(), 2);
  EXPECT_EQ(p.size(), 4);
  ASSERT_TRUE(p.hasExtraEqualityRows());
  Eigen::MatrixXd square(4, 4);
  square << 1, 0, 0, 1, 0, 1, 0, -1, 0, 0, 0, 1, 0, 1, 0, 1;
  EXPECT_EQ(p.M().toDense(), square);
  EXPECT_EQ(p.q(), Eigen::Vector4d(-4, 1, -3, -5));
  Eigen::MatrixXd E(2, 4);
  E << 1, 1, 0, 0, 2, -1, 1, 0;
  EXPECT_EQ(p.extraEqualityRows(), E);
  EXPECT_EQ(p.extraEqualityConstants(), Eigen::Vector2d(-3, -1));
  // Storage 2 alone is the square part (what Siconos' PGS solves).
  const auto s2 = mn::readMlcpFile(kFile, mn::MlcpFilePart::Storage2);
  EXPECT_FALSE(s2.hasExtraEqualityRows());
  EXPECT_EQ(s2.M().toDense(), square);
  EXPECT_EQ(s2.q(), p.q());
  EXPECT_TRUE(mn::readMlcpFile(kFile, mn::MlcpFilePart::Storage1).hasExtraEqualityRows());
}

TEST(MlcpRectangular, ErrorCountsTheExtraRows) {
  const auto p = mn::readMlcpFile(kFile);
  Eigen::VectorXd w;
  const Eigen::Vector4d exact(1, 2, 1, 3);
  EXPECT_EQ(mn::mlcpComputeError(p, exact, w), 0.0);
  EXPECT_EQ(p.extraEqualityResidual(exact).norm(), 0.0);
  // v1 = 0 solves the square part exactly, but not extra row 3 (residual −1):
  // error_e = 1, norm_e = 1 + ‖(−4, 1)‖ + ‖(−3, −1)‖, err = error_e / (1 + norm_e).
  const Eigen::Vector4d squareOnly(1, 2, 0, 3);
  const double normE = 1.0 + std::sqrt(17.0) + std::sqrt(10.0);
  EXPECT_NEAR(mn::mlcpComputeError(p, squareOnly, w), 1.0 / (1.0 + normE), 1e-15);
}

TEST(MlcpRectangular, EnumAndAutoSolveAllRows) {
  const auto p = mn::readMlcpFile(kFile);
  for (const char* solver : {"enum", "auto"}) {
    mn::SolverOptions o;
    o.solver = solver;
    Eigen::VectorXd z, w;
    const mn::SolverResult r = mn::solveMlcp(p, z, w, o);
    ASSERT_TRUE(r.converged()) << solver << ": " << r.message;
    expectSolvesAllSixRows(z, 1e-12);
    EXPECT_LE((z - Eigen::Vector4d(1, 2, 1, 3)).norm(), 1e-12) << solver;
  }
}

TEST(MlcpRectangular, SquarePartSolversDoNotClaimTheExtraRows) {
  // newton-fb from 0 solves the square part; whatever v1 it finds, it may only
  // report Converged when the extra rows hold too.
  const auto p = mn::readMlcpFile(kFile);
  for (const char* solver : {"newton-fb", "lemke", "pgs"}) {
    mn::SolverOptions o;
    o.solver = solver;
    Eigen::VectorXd z, w;
    const mn::SolverResult r = mn::solveMlcp(p, z, w, o);
    if (r.converged()) {
      expectSolvesAllSixRows(z, 1e-7);
    } else {
      EXPECT_FALSE(r.message.empty()) << solver;
    }
  }
}

TEST(MlcpRectangular, WriteAndReadBack) {
  const auto p = mn::readMlcpFile(kFile);
  const TempFile f("mlcp_rect_rt.dat");
  mn::writeMlcpFile(p, f.str());
  const auto back = mn::readMlcpFile(f.str());
  EXPECT_EQ(back.M().toDense(), p.M().toDense());
  EXPECT_EQ(back.q(), p.q());
  EXPECT_EQ(back.extraEqualityRows(), p.extraEqualityRows());
  EXPECT_EQ(back.extraEqualityConstants(), p.extraEqualityConstants());
  // Storage 2 is needed for the constants of the last rows.
  EXPECT_THROW(mn::writeMlcpFile(p, f.str(), {true, false}), std::invalid_argument);
  EXPECT_THROW(mn::writeMlcpFile(p, f.str(), {false, true}), std::invalid_argument);
}

// The file with one token changed (token index counted over the whole file).
std::string variant(const std::string& from, const std::string& to, int occurrence = 0) {
  std::ifstream in(kFile);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t pos = 0;
  for (int k = 0; k <= occurrence; ++k) {
    pos = text.find(from, k == 0 ? 0 : pos + 1);
    if (pos == std::string::npos) return text;
  }
  return text.replace(pos, from.size(), to);
}

std::string readError(const std::string& text) {
  const TempFile f("mlcp_rect_bad.dat", text);
  try {
    (void)mn::readMlcpFile(f.str());
  } catch (const mn::DatFormatError& e) {
    return e.what();
  }
  return "no error";
}

TEST(MlcpRectangular, RejectsWhatItCannotMeanWithAReason) {
  // No storage 2: the constants of rows 4 and 5 are missing.
  const std::string noSt2 = readError(variant("1\n1\n2", "1\n0\n2"));
  EXPECT_NE(noSt2.find("no storage-2 part"), std::string::npos) << noSt2;
  // b disagrees with the file's q where both give row 4... here rows 4, 5 are
  // only in b, so break storage 2's a instead (A, C, D, B, a must agree with M).
  const std::string badA = readError(variant("-4 1\n-3 -5", "-4 2\n-3 -5"));
  EXPECT_NE(badA.find("disagrees with the rectangular M"), std::string::npos) << badA;
  // Equality rows not first.
  const std::string order = readError(variant("0 1\n0\n6", "1 0\n0\n6"));
  EXPECT_NE(order.find("equality rows first"), std::string::npos) << order;
  // More than m extra rows: 7 rows (the 7th constant exists nowhere).
  std::string seven = variant("6\n4\n6\t4", "7\n4\n7\t4");
  seven = seven.replace(seven.find("1 0 1 2 0 0\n"), 12, "1 0 1 2 0 0 0\n");
  seven = seven.replace(seven.find("0 1 1 -1 0 1\n"), 13, "0 1 1 -1 0 1 0\n");
  seven = seven.replace(seven.find("0 0 0 1 0 0\n"), 12, "0 0 0 1 0 0 0\n");
  seven = seven.replace(seven.find("1 -1 0 0 1 1\n"), 13, "1 -1 0 0 1 1 0\n");
  const std::string tooMany = readError(seven);
  EXPECT_NE(tooMany.find("at most m = 2 rows more than unknowns"), std::string::npos) << tooMany;
  // Fewer rows than unknowns.
  std::string three = variant("6\n4\n6\t4", "3\n4\n3\t4");
  const std::string fewer = readError(three);
  EXPECT_NE(fewer.find("fewer rows than unknowns"), std::string::npos) << fewer;
}

TEST(MlcpRectangular, ExtraRowsApi) {
  mn::MixedLinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2),
                                          Eigen::VectorXd::Constant(2, -1.0), 1, 1);
  EXPECT_THROW(p.setExtraEqualityRows(Eigen::MatrixXd::Ones(1, 3), Eigen::VectorXd::Ones(1)),
               std::invalid_argument);
  EXPECT_THROW(p.setExtraEqualityRows(Eigen::MatrixXd::Ones(2, 2), Eigen::VectorXd::Ones(1)),
               std::invalid_argument);
  // u = 1, v = 1 solve the square part; the extra row u − v = 0 holds there.
  p.setExtraEqualityRows(Eigen::RowVector2d(1, -1), Eigen::VectorXd::Zero(1));
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  o.solver = "auto";
  ASSERT_TRUE(mn::solveMlcp(p, z, w, o).converged());
  EXPECT_NEAR(z[0], 1.0, 1e-14);
  EXPECT_NEAR(z[1], 1.0, 1e-14);
  // An inconsistent extra row (u = 2): no solver may claim convergence.
  p.setExtraEqualityRows(Eigen::RowVector2d(1, 0), Eigen::VectorXd::Constant(1, -2.0));
  for (const auto& name : mn::mlcpSolverNames()) {
    o.solver = name;
    Eigen::VectorXd zz, ww;
    EXPECT_FALSE(mn::solveMlcp(p, zz, ww, o).converged()) << name;
  }
  p.setExtraEqualityRows(Eigen::MatrixXd(0, 0), Eigen::VectorXd());
  EXPECT_FALSE(p.hasExtraEqualityRows());
}

}  // namespace
