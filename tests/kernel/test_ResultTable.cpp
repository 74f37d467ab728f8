// moreau::io result tables: the "%.15e" text format, the row-by-row writer,
// reading back, and the column-wise comparison with a reference table.
#include "KernelTestUtils.hpp"

#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/io/ResultTable.hpp>

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

using namespace moreau;
namespace fs = std::filesystem;

namespace {

// A file path of its own per test case, removed at the end.
class TempFile {
 public:
  explicit TempFile(const std::string& suffix) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = (fs::path(::testing::TempDir()) /
             ("moreau_io_" + std::to_string(::getpid()) + "_" + info->name() + suffix))
                .string();
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

}  // namespace

TEST(ResultTable, WritesPercent15eSpaceSeparatedOneRowPerLine) {
  Eigen::MatrixXd t(2, 3);
  t << 0.0, 1.0, -2.5, 0.1, 1e-300, 12345.678;
  std::ostringstream os;
  io::writeTable(os, t);
  EXPECT_EQ(os.str(),
            "0.000000000000000e+00 1.000000000000000e+00 -2.500000000000000e+00\n"
            "1.000000000000000e-01 1.000000000000000e-300 1.234567800000000e+04\n");
}

TEST(ResultTable, WriterAndWriteTableProduceTheSameFileAndReadBackExactly) {
  // A damped oscillation sampled on 50 steps; "%.15e" keeps 16 significant
  // digits, so the round trip is within 1 ulp-ish (relative 1e-15).
  const int steps = 50;
  Eigen::MatrixXd t(steps + 1, 3);
  for (int k = 0; k <= steps; ++k) {
    const double time = 0.01 * k;
    t.row(k) << time, std::exp(-time) * std::cos(10 * time), -std::exp(-time) * std::sin(10 * time);
  }
  TempFile a(".dat"), b(".dat");
  io::writeTable(a.path(), t);
  {
    io::ResultWriter w(b.path());
    EXPECT_TRUE(w.isOpen());
    for (int k = 0; k <= steps; ++k) {
      if (k % 2)
        w.writeRow(t.row(k).transpose());
      else
        w.writeRow({t(k, 0), t(k, 1), t(k, 2)});
    }
    EXPECT_EQ(w.rows(), steps + 1);
    w.close();
  }
  EXPECT_EQ(slurp(a.path()), slurp(b.path()));
  const Eigen::MatrixXd back = io::readTable(b.path());
  ASSERT_EQ(back.rows(), steps + 1);
  ASSERT_EQ(back.cols(), 3);
  for (int k = 0; k <= steps; ++k)
    for (int j = 0; j < 3; ++j)
      EXPECT_LE(std::abs(back(k, j) - t(k, j)), 1e-15 * std::abs(t(k, j))) << k << ", " << j;
  const auto c = io::compareTables(back, t, 1e-14);
  EXPECT_TRUE(c.withinTolerance) << c.report();
}

TEST(ResultTable, WriterNoneDiscardsRowsAndRowLengthIsChecked) {
  io::ResultWriter none("none");
  EXPECT_FALSE(none.isOpen());
  none.writeRow({1.0, 2.0});
  EXPECT_EQ(none.rows(), 1);
  EXPECT_THROW_WITH(none.writeRow({1.0, 2.0, 3.0}), ModelError, "row 1", "has 3 values",
                    "first row has 2");
  EXPECT_THROW_WITH(io::ResultWriter("/nonexistent-dir/x.dat"), ModelError,
                    "/nonexistent-dir/x.dat");
}

TEST(ResultTable, ReadTableSkipsCommentsAndRejectsRaggedOrBadRows) {
  TempFile f(".dat");
  { std::ofstream(f.path()) << "# t x\n\n1 2\n  3.5e0\t4  \n"; }
  const Eigen::MatrixXd t = io::readTable(f.path());
  ASSERT_EQ(t.rows(), 2);
  EXPECT_EQ(t(1, 0), 3.5);
  EXPECT_EQ(t(1, 1), 4.0);
  { std::ofstream(f.path()) << "1 2\n3\n"; }
  EXPECT_THROW_WITH(io::readTable(f.path()), ModelError, "line 2", "has 1 values",
                    "first row has 2");
  { std::ofstream(f.path()) << "1 2\n3 x4\n"; }
  EXPECT_THROW_WITH(io::readTable(f.path()), ModelError, "line 2", "'x4'");
  EXPECT_THROW_WITH(io::readTable("/nonexistent-dir/x.dat"), ModelError, "cannot open");
}

TEST(ResultTable, CompareGivesMaxPerColumnAndFirstDifferingEntry) {
  Eigen::MatrixXd ref = Eigen::MatrixXd::Zero(4, 3);
  Eigen::MatrixXd res = ref;
  res(1, 2) = 1e-3;   // first above a 1e-6 tolerance, in row-major order
  res(2, 0) = -5e-2;  // larger, but later
  res(3, 2) = 2e-3;
  auto c = io::compareTables(res, ref, 1e-6);
  EXPECT_TRUE(c.sameShape);
  EXPECT_FALSE(c.withinTolerance);
  EXPECT_EQ(c.firstDifferingRow, 1);
  EXPECT_EQ(c.firstDifferingColumn, 2);
  EXPECT_DOUBLE_EQ(c.maxDifference(0), 5e-2);
  EXPECT_EQ(c.maxDifferenceRow(0), 2);
  EXPECT_EQ(c.maxDifference(1), 0.0);
  EXPECT_DOUBLE_EQ(c.maxDifference(2), 2e-3);
  EXPECT_EQ(c.maxDifferenceRow(2), 3);
  EXPECT_NE(c.report().find("row 1, column 2"), std::string::npos) << c.report();

  // Per-column tolerances: column 2 loose enough, column 0 not.
  c = io::compareTables(res, ref, Eigen::Vector3d(1e-6, 0.0, 1e-2));
  EXPECT_EQ(c.firstDifferingRow, 2);
  EXPECT_EQ(c.firstDifferingColumn, 0);
  c = io::compareTables(res, ref, Eigen::Vector3d(0.1, 0.0, 1e-2));
  EXPECT_TRUE(c.withinTolerance) << c.report();
  EXPECT_EQ(c.firstDifferingRow, -1);

  // NaN: two NaNs are equal, one NaN is an infinite difference.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(1, 2), b = a;
  a(0, 0) = b(0, 0) = nan;
  EXPECT_TRUE(io::compareTables(a, b).withinTolerance);
  a(0, 1) = nan;
  c = io::compareTables(a, b, 1e300);
  EXPECT_FALSE(c.withinTolerance);
  EXPECT_TRUE(std::isinf(c.maxDifference(1)));

  // Shape mismatch and bad tolerances.
  c = io::compareTables(Eigen::MatrixXd::Zero(3, 3), ref);
  EXPECT_FALSE(c.sameShape);
  EXPECT_FALSE(c.withinTolerance);
  EXPECT_NE(c.report().find("3 x 3"), std::string::npos);
  EXPECT_NE(c.report().find("4 x 3"), std::string::npos);
  EXPECT_THROW_WITH(io::compareTables(res, ref, Eigen::Vector2d(1, 1)), ModelError,
                    "2 tolerances for 3 columns");
  EXPECT_THROW_WITH(io::compareTables(res, ref, -1.0), ModelError, "negative");
}
