// Problem files of every kind: matrix storages, round trips, malformed input,
// kind detection, and every file of tests/data.
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>
#include <moreau/numerics/io/ProblemFile.hpp>
#include <moreau/numerics/io/RelayFile.hpp>

#include <gtest/gtest.h>

#include "TempFile.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace mn = moreau::numerics;
using Index = Eigen::Index;

namespace {

// Files named moreau_pf_<name> (the messages checked below contain the name).
struct TempPath : moreau::numerics::test::TempFile {
  explicit TempPath(const std::string& name, const std::string& content = "")
      : TempFile("pf_" + name, content) {}
};

bool bitwiseEqual(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         (a.size() == 0 || std::memcmp(a.data(), b.data(), sizeof(double) * a.size()) == 0);
}

bool bitwiseEqual(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() &&
         (a.size() == 0 || std::memcmp(a.data(), b.data(), sizeof(double) * a.size()) == 0);
}

// Writes then reads one NumericsMatrix block through a real file.
mn::Matrix matrixRoundTrip(const mn::Matrix& m) {
  const TempPath f("matrix.dat");
  std::FILE* out = std::fopen(f.str().c_str(), "w");
  mn::writeNumericsMatrix(m, out);
  std::fclose(out);
  mn::DatTokenizer tok = mn::DatTokenizer::fromFile(f.str());
  mn::Matrix back = mn::readNumericsMatrix(tok);
  EXPECT_TRUE(tok.atEnd());
  return back;
}

Eigen::MatrixXd awkwardMatrix(Index rows, Index cols, unsigned seed, double density) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0), coin(0.0, 1.0);
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(rows, cols);
  for (Index j = 0; j < cols; ++j)
    for (Index i = 0; i < rows; ++i)
      if (coin(gen) < density)
        m(i, j) = u(gen) * std::pow(10.0, double((i + 3 * j) % 30) - 15.0) / 3.0;
  return m;
}

std::string fileError(const std::function<void()>& f) {
  try {
    f();
  } catch (const mn::DatFormatError& e) {
    return e.what();
  }
  return "<no DatFormatError>";
}

std::vector<fs::path> dataFiles(const std::string& folder) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(mn::test::dataDir()) / folder)) {
    if (e.path().extension() == ".dat") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

// ---------------------------------------------------------------------------
// NumericsMatrix storages

TEST(MatrixFile, DenseRoundTripIsBitwise) {
  Eigen::MatrixXd d = awkwardMatrix(5, 3, 1, 0.8);
  d(0, 0) = 5e-324;
  d(1, 1) = -0.0;
  const mn::Matrix back = matrixRoundTrip(mn::Matrix(d));
  ASSERT_TRUE(back.isDense());
  EXPECT_TRUE(bitwiseEqual(back.dense(), d));
}

TEST(MatrixFile, SparseBlockRoundTripKeepsStructureAndBits) {
  const std::vector<Index> rb{3, 2, 1, 3}, cb{2, 3, 1, 3};
  const Eigen::MatrixXd d = awkwardMatrix(9, 9, 2, 0.3);
  auto sbm = mn::SparseBlockMatrix::fromDense(d, rb, cb);
  sbm.values()[0] = 0.0;  // an explicit zero inside a stored block survives
  const mn::Matrix back = matrixRoundTrip(mn::Matrix(sbm));
  ASSERT_TRUE(back.isSparseBlock());
  EXPECT_TRUE(back.sparseBlock() == sbm);
}

TEST(MatrixFile, SparseBlockWithZeroSizeBlocksAndEmpty) {
  // Zero-size block rows/cols hold no value: written without them.
  mn::SparseBlockMatrix a({2, 0, 1}, {1, 0, 2}, {{0, 0}, {1, 1}, {2, 2}, {0, 2}});
  for (std::size_t k = 0; k < a.values().size(); ++k) a.values()[k] = double(k) + 0.5;
  const mn::Matrix back = matrixRoundTrip(mn::Matrix(a));
  ASSERT_TRUE(back.isSparseBlock());
  EXPECT_EQ(back.toDense(), a.toDense());
  EXPECT_EQ(back.sparseBlock().blockRows(), 2);
  // No stored block at all: Siconos writes nbblocks = 0 and nothing more.
  const mn::Matrix empty = matrixRoundTrip(mn::Matrix(mn::SparseBlockMatrix({2, 2}, {4}, {})));
  ASSERT_TRUE(empty.isSparseBlock());
  EXPECT_EQ(empty.rows(), 4);
  EXPECT_EQ(empty.cols(), 4);
  EXPECT_TRUE(empty.toDense().isZero());
}

TEST(MatrixFile, CSparseRoundTripIsBitwise) {
  Eigen::MatrixXd d = awkwardMatrix(7, 6, 3, 0.3);
  d.col(2).setZero();  // an empty column ("locations p to p-1")
  d(6, 5) = 1.0 / 3.0;
  const Eigen::SparseMatrix<double> s = d.sparseView();
  const mn::Matrix back = matrixRoundTrip(mn::Matrix(s));
  ASSERT_TRUE(back.isSparse());
  EXPECT_TRUE(bitwiseEqual(Eigen::MatrixXd(back.sparse()), d));
  EXPECT_EQ(back.sparse().nonZeros(), s.nonZeros());
}

TEST(MatrixFile, ExplicitStorageWriters) {
  const Eigen::MatrixXd d = awkwardMatrix(4, 4, 4, 0.5);
  for (int storage = 0; storage < 3; ++storage) {
    const TempPath f("explicit.dat");
    std::FILE* out = std::fopen(f.str().c_str(), "w");
    const mn::Matrix m(d);
    if (storage == 0) mn::writeNumericsMatrixDense(m, out);
    if (storage == 1) mn::writeNumericsMatrixSparseBlock(m, out);
    if (storage == 2) mn::writeNumericsMatrixCSparse(m, out);
    std::fclose(out);
    mn::DatTokenizer tok = mn::DatTokenizer::fromFile(f.str());
    const mn::Matrix back = mn::readNumericsMatrix(tok);
    const mn::Matrix::Storage expected[] = {
        mn::Matrix::Storage::Dense, mn::Matrix::Storage::SparseBlock, mn::Matrix::Storage::Sparse};
    EXPECT_EQ(back.storage(), expected[storage]);
    EXPECT_TRUE(bitwiseEqual(back.toDense(), d)) << storage;
  }
}

TEST(MatrixFile, ReaderKeepsSbmStorage) {
  mn::DatTokenizer tok =
      mn::DatTokenizer::fromFile(mn::test::dataDir() + "/fc3d/FC3D_Example1_SBM.dat");
  (void)tok.readInt("dim");
  (void)tok.readInt("nc");
  const mn::Matrix M = mn::readNumericsMatrix(tok);
  ASSERT_TRUE(M.isSparseBlock());
  EXPECT_EQ(M.sparseBlock().blockRows(), 3);
  EXPECT_EQ(M.sparseBlock().nonZeroBlocks(), 3);
  EXPECT_EQ(M.sparseBlock().diagonalBlock(2), 2);
}

TEST(MatrixFile, SbmDuplicateBlockIsAFormatError) {
  mn::DatTokenizer tok("dup.dat", "1 4 4\n2\n2 2\n2 4\n2 4\n3 2\n0 2 2\n1 1\n");
  try {
    (void)mn::readNumericsMatrix(tok);
    FAIL();
  } catch (const mn::DatFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("dup.dat:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("twice"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------------------
// LCP in every storage

TEST(LcpFile, RoundTripKeepsStorage) {
  const Eigen::MatrixXd d = awkwardMatrix(6, 6, 5, 0.5) + Eigen::MatrixXd::Identity(6, 6);
  const Eigen::VectorXd q = awkwardMatrix(6, 1, 6, 1.0).col(0);
  for (const mn::Matrix& M :
       {mn::Matrix(d), mn::Matrix(Eigen::SparseMatrix<double>(d.sparseView())),
        mn::Matrix(mn::SparseBlockMatrix::fromDense(d, {2, 2, 2}, {2, 2, 2}))}) {
    const TempPath f("lcp_rt.dat");
    mn::writeLcpFile(mn::LinearComplementarityProblem(M, q), f.str());
    const auto back = mn::readLcpFile(f.str());
    EXPECT_EQ(back.M().storage(), M.storage());
    EXPECT_TRUE(bitwiseEqual(back.M().toDense(), d));
    EXPECT_TRUE(bitwiseEqual(back.q(), q));
  }
}

// ---------------------------------------------------------------------------
// MLCP

TEST(MlcpFile, DataFilesStorage1AndStorage2Agree) {
  const auto files = dataFiles("mlcp");
  ASSERT_FALSE(files.empty());
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const auto p1 = mn::readMlcpFile(path.string(), mn::MlcpFilePart::Storage1);
    const auto p2 = mn::readMlcpFile(path.string(), mn::MlcpFilePart::Storage2);
    const auto pp = mn::readMlcpFile(path.string());
    EXPECT_EQ(pp.blocksRows(), p1.blocksRows());
    EXPECT_EQ(p1.n(), p2.n());
    EXPECT_EQ(p1.m(), p2.m());
    EXPECT_TRUE(p2.isCanonical());
    // The spec notes that M (column-major) agrees with the row-major A, B, C, D.
    EXPECT_EQ(p1.A(), p2.A());
    EXPECT_EQ(p1.B(), p2.B());
    EXPECT_EQ(p1.C(), p2.C());
    EXPECT_EQ(p1.D(), p2.D());
    EXPECT_EQ(p1.a(), p2.a());
    EXPECT_EQ(p1.b(), p2.b());
  }
}

TEST(MlcpFile, DeudeuValuesFromTheSpec) {
  const auto p = mn::readMlcpFile(mn::test::dataDir() + "/mlcp/deudeu_mlcp.dat");
  ASSERT_EQ(p.size(), 2);
  Eigen::Matrix2d M;
  M << 1, -1, 0, 1;
  EXPECT_EQ(p.M().toDense(), Eigen::MatrixXd(M));
  EXPECT_EQ(p.q(), Eigen::Vector2d(-1, 1));
  EXPECT_EQ(p.n(), 1);
  EXPECT_EQ(p.m(), 1);
}

TEST(MlcpFile, RoundTripBothStoragesAndEachAlone) {
  // Non-canonical block order (complementarity block first) and SBM storage.
  const Eigen::MatrixXd d = awkwardMatrix(5, 5, 7, 0.6) + 3.0 * Eigen::MatrixXd::Identity(5, 5);
  const Eigen::VectorXd q = awkwardMatrix(5, 1, 8, 1.0).col(0);
  const mn::MixedLinearComplementarityProblem p(
      mn::Matrix(mn::SparseBlockMatrix::fromDense(d, {2, 3}, {2, 3})), q, {0, 2, 5}, {1, 0});
  const TempPath f("mlcp_rt.dat");
  mn::writeMlcpFile(p, f.str());
  const auto both = mn::readMlcpFile(f.str());
  EXPECT_TRUE(both.M().isSparseBlock());
  EXPECT_TRUE(bitwiseEqual(both.M().toDense(), d));
  EXPECT_TRUE(bitwiseEqual(both.q(), q));
  EXPECT_EQ(both.blocksRows(), p.blocksRows());
  EXPECT_EQ(both.blocksIsComp(), p.blocksIsComp());
  const auto s2 = mn::readMlcpFile(f.str(), mn::MlcpFilePart::Storage2);
  EXPECT_TRUE(bitwiseEqual(s2.A(), p.A()));
  EXPECT_TRUE(bitwiseEqual(s2.B(), p.B()));
  EXPECT_TRUE(bitwiseEqual(s2.C(), p.C()));
  EXPECT_TRUE(bitwiseEqual(s2.D(), p.D()));
  EXPECT_TRUE(bitwiseEqual(s2.b(), p.b()));

  mn::writeMlcpFile(p, f.str(), {true, false});
  EXPECT_TRUE(bitwiseEqual(mn::readMlcpFile(f.str()).M().toDense(), d));
  EXPECT_THROW((void)mn::readMlcpFile(f.str(), mn::MlcpFilePart::Storage2), mn::DatFormatError);
  mn::writeMlcpFile(p, f.str(), {false, true});
  const auto only2 = mn::readMlcpFile(f.str());
  EXPECT_TRUE(only2.isCanonical());
  EXPECT_TRUE(bitwiseEqual(only2.A(), p.A()));
  EXPECT_THROW((void)mn::readMlcpFile(f.str(), mn::MlcpFilePart::Storage1), mn::DatFormatError);
  EXPECT_THROW(mn::writeMlcpFile(p, f.str(), {false, false}), std::invalid_argument);
}

TEST(MlcpFile, MalformedFilesNameFileAndLine) {
  const auto err = [](const std::string& name, const std::string& text) {
    const TempPath f(name, text);
    return fileError([&] { (void)mn::readMlcpFile(f.str()); });
  };
  EXPECT_NE(err("flags.dat", "0\n0\n1\n1\n").find("moreau_pf_flags.dat:2: MLCP file has neither"),
            std::string::npos);
  EXPECT_NE(err("flag2.dat", "1\n7\n").find(":2:"), std::string::npos);
  EXPECT_NE(err("rows.dat", "1 0\n1\n1\n1 2\n").find("start at 0"), std::string::npos);
  EXPECT_NE(err("rows2.dat", "1 0\n1\n1\n0 3\n").find("n + m is 2"), std::string::npos);
  const std::string comp = err("comp.dat", "1 0\n1\n1\n0 1 2\n1 1\n0 2 2\n2 2\n1 0 0 1\n1 1\n");
  EXPECT_NE(comp.find("2 complementarity rows, m is 1"), std::string::npos) << comp;
  const std::string trunc = err("trunc.dat", "0 1\n1\n1\n1 2\n3\n");
  EXPECT_NE(trunc.find("moreau_pf_trunc.dat:5: unexpected end of file while reading MLCP D"),
            std::string::npos)
      << trunc;
  const std::string tok = err("tok.dat", "0 1\n1\n1\n1 2\n3 x\n");
  EXPECT_NE(tok.find(":5: expected MLCP D value (row-major), found 'x'"), std::string::npos) << tok;
}

// ---------------------------------------------------------------------------
// Relay

TEST(RelayFile, DataFilesAndRoundTripWithInfiniteBounds) {
  for (const auto& path : dataFiles("relay")) {
    SCOPED_TRACE(path.string());
    const auto p = mn::readRelayFile(path.string());
    EXPECT_GT(p.size(), 0);
    EXPECT_TRUE((p.lb().array() <= p.ub().array()).all());
    const TempPath f("relay_rt.dat");
    mn::writeRelayFile(p, f.str());
    const auto back = mn::readRelayFile(f.str());
    EXPECT_TRUE(bitwiseEqual(back.M().toDense(), p.M().toDense()));
    EXPECT_TRUE(bitwiseEqual(back.q(), p.q()));
    EXPECT_TRUE(bitwiseEqual(back.lb(), p.lb()));
    EXPECT_TRUE(bitwiseEqual(back.ub(), p.ub()));
  }
  const double inf = std::numeric_limits<double>::infinity();
  const mn::RelayProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(1, -1),
                           Eigen::Vector2d(-inf, 0), Eigen::Vector2d(1, inf));
  const TempPath f("relay_inf.dat");
  mn::writeRelayFile(p, f.str());
  const auto back = mn::readRelayFile(f.str());
  EXPECT_EQ(back.lb()[0], -inf);
  EXPECT_EQ(back.ub()[1], inf);
}

TEST(RelayFile, MalformedBounds) {
  const TempPath nan("relay_nan.dat", "1\n0 1 1\n1 1\n2\n1\nnan\n2\n");
  EXPECT_NE(fileError([&] {
              (void)mn::readRelayFile(nan.str());
            }).find(":6: expected Relay lower bound (lb), found 'nan'"),
            std::string::npos);
  const TempPath swapped("relay_swap.dat", "1\n0 1 1\n1 1\n2\n1\n3\n2\n");
  EXPECT_NE(fileError([&] {
              (void)mn::readRelayFile(swapped.str());
            }).find("moreau_pf_relay_swap.dat:7:"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// Friction contact

TEST(FrictionContactFile, EveryDataFileReadsAndRoundTrips) {
  for (const std::string folder : {"fc2d", "fc3d"}) {
    const auto files = dataFiles(folder);
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
      SCOPED_TRACE(path.string());
      const auto p = mn::readFrictionContactFile(path.string());
      EXPECT_EQ(p.dimension(), folder == "fc2d" ? 2 : 3);
      EXPECT_EQ(p.size(), p.dimension() * p.numberOfContacts());
      const TempPath f("fc_rt.dat");
      mn::writeFrictionContactFile(p, f.str());
      const auto back = mn::readFrictionContactFile(f.str());
      EXPECT_EQ(back.W().storage(), p.W().storage());
      EXPECT_TRUE(bitwiseEqual(back.W().toDense(), p.W().toDense()));
      EXPECT_TRUE(bitwiseEqual(back.q(), p.q()));
      EXPECT_TRUE(bitwiseEqual(back.mu(), p.mu()));
    }
  }
}

TEST(FrictionContactFile, SpecExamples) {
  const auto one =
      mn::readFrictionContactFile(mn::test::dataDir() + "/fc3d/FrictionContact3D_1c.dat");
  Eigen::Matrix3d W;
  W << 15, -1, -2, -1, 14, 1, -2, 1, 16;
  EXPECT_EQ(one.W().toDense(), Eigen::MatrixXd(W));
  EXPECT_EQ(one.q(), Eigen::Vector3d(-1, 2, 3));
  EXPECT_EQ(one.mu()[0], 0.1);
  const auto sbm = mn::readFrictionContactFile(mn::test::dataDir() + "/fc3d/FC3D_Example1_SBM.dat");
  EXPECT_TRUE(sbm.W().isSparseBlock());
  EXPECT_EQ(sbm.W().toDense(), Eigen::MatrixXd::Identity(9, 9));
  EXPECT_EQ(sbm.mu(), Eigen::Vector3d::Constant(0.1));  // trailing "0" ignored
  const auto gran = mn::readFrictionContactFile(mn::test::dataDir() +
                                                "/fc2d/fc2d_granularflowonwall_00667_00000.dat");
  EXPECT_TRUE(gran.W().isSparse());
  EXPECT_EQ(gran.numberOfContacts(), 667);
}

TEST(FrictionContactFile, Malformed) {
  const TempPath dim("fc_dim.dat", "4\n1\n");
  EXPECT_NE(fileError([&] {
              (void)mn::readFrictionContactFile(dim.str());
            }).find("moreau_pf_fc_dim.dat:1: friction-contact dimension"),
            std::string::npos);
  const TempPath size("fc_size.dat", "3\n2\n0 3 3\n3 3\n1 0 0 0 1 0 0 0 1\n");
  EXPECT_NE(
      fileError([&] { (void)mn::readFrictionContactFile(size.str()); }).find("dimension x nc = 6"),
      std::string::npos);
  const TempPath mu("fc_mu.dat", "2\n1\n0 2 2\n2 2\n1 0 0 1\n1 1\n-0.5\n");
  EXPECT_NE(fileError([&] { (void)mn::readFrictionContactFile(mu.str()); }).find(":7:"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// Kind detection and every file of tests/data

TEST(ProblemFile, KindNames) {
  for (auto k : {mn::ProblemKind::Lcp, mn::ProblemKind::Mlcp, mn::ProblemKind::Relay,
                 mn::ProblemKind::Fc2d, mn::ProblemKind::Fc3d}) {
    EXPECT_EQ(mn::parseProblemKind(mn::problemKindName(k)), k);
  }
  EXPECT_EQ(mn::parseProblemKind("MLCP"), mn::ProblemKind::Mlcp);
  EXPECT_FALSE(mn::parseProblemKind("ncp"));
}

TEST(ProblemFile, EveryDataFileIsReadAndDetectedByFolderAndByContent) {
  int count = 0;
  for (const std::string folder : {"lcp", "mlcp", "relay", "fc2d", "fc3d"}) {
    const auto expected = mn::parseProblemKind(folder);
    for (const auto& path : dataFiles(folder)) {
      SCOPED_TRACE(path.string());
      ++count;
      const mn::ProblemFile f = mn::readProblemFile(path.string());
      EXPECT_EQ(f.kind, expected);
      EXPECT_EQ(mn::detectProblemKind(path.string()), expected);
      EXPECT_EQ(mn::readProblemFile(path.string(), expected).kind, expected);
      // Same content under a name without any hint: detected from the content.
      std::ifstream in(path);
      std::stringstream text;
      text << in.rdbuf();
      const TempPath neutral("neutral_" + std::to_string(count) + ".txt", text.str());
      EXPECT_EQ(mn::detectProblemKind(neutral.str()), expected);
    }
  }
  EXPECT_GE(count, 25);
}

TEST(ProblemFile, ExplicitKindMismatchAndUnreadable) {
  const std::string fc3 = mn::test::dataDir() + "/fc3d/FrictionContact3D_1c.dat";
  EXPECT_NE(fileError([&] {
              (void)mn::readProblemFile(fc3, mn::ProblemKind::Fc2d);
            }).find("fc3d problem"),
            std::string::npos);
  EXPECT_THROW((void)mn::readProblemFile(fc3, mn::ProblemKind::Lcp), mn::DatFormatError);
  const TempPath junk("junk.dat", "hello world\n");
  const std::string msg = fileError([&] { (void)mn::detectProblemKind(junk.str()); });
  EXPECT_NE(msg.find("not a readable"), std::string::npos) << msg;
  EXPECT_NE(msg.find("as mlcp"), std::string::npos) << msg;
  EXPECT_THROW((void)mn::detectProblemKind("/nonexistent/x.dat"), std::runtime_error);
  // A folder hint that the content contradicts is ignored.
  const TempPath lcpNamedRelay("relay_but_lcp.dat", "1\n0 1 1\n1 1\n2\n-1\n");
  EXPECT_EQ(mn::detectProblemKind(lcpNamedRelay.str()), mn::ProblemKind::Lcp);
}
