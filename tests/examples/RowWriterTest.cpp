// The examples' row writer: its number formatting is byte-identical to printf("%.15e")
// (checked against snprintf and against the golden files, written by Python's "%.15e"), its
// blocks, its derived columns, and `--output none` (no file, no formatting).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

namespace {

namespace ex = moreau::examples;
namespace fs = std::filesystem;

const std::string kGolden = MOREAU_EXAMPLES_GOLDEN_DIR;
const std::string kOutputDir = MOREAU_EXAMPLES_OUTPUT_DIR;

std::string viaPrintf(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.15e", value);
  return buffer;
}

std::string viaFormat(double value) {
  char buffer[ex::kScientificMaxChars + 8];
  std::memset(buffer, 'X', sizeof buffer);
  char* end = ex::formatScientific(value, buffer);
  EXPECT_LE(static_cast<std::size_t>(end - buffer), ex::kScientificMaxChars);
  return std::string(buffer, end);
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// splitmix64: a fixed, portable sequence of 64-bit patterns.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

TEST(FormatScientific, SameTextAsPrintfOnSpecialValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> values = {0.0,
                                      -0.0,
                                      1.0,
                                      -1.0,
                                      0.1,
                                      0.005,
                                      9.81,
                                      -1430.8,
                                      1e-300,
                                      -1e300,
                                      1e100,
                                      1e-100,
                                      DBL_MAX,
                                      -DBL_MAX,
                                      DBL_MIN,
                                      DBL_TRUE_MIN,
                                      -DBL_TRUE_MIN,
                                      0.9999999999999999,
                                      9.9999999999999995e-5,
                                      1.0000000000000005,
                                      123456789012345678.0,
                                      0.5e-15,
                                      2.5,
                                      -2.5e-10,
                                      nan,
                                      -nan,
                                      inf,
                                      -inf};
  for (double v : values)
    EXPECT_EQ(viaFormat(v), viaPrintf(v)) << "value bits " << std::hexfloat << v;
}

TEST(FormatScientific, SameTextAsPrintfOnRandomDoubles) {
  std::uint64_t state = 2024;
  int mismatches = 0;
  for (int i = 0; i < 200000 && mismatches < 10; ++i) {
    const std::uint64_t bits = next(state);
    double v = 0;
    if (i % 2 == 0) {
      std::memcpy(&v, &bits, sizeof v);  // any pattern, NaNs and subnormals included
    } else {
      // Typical magnitudes of simulation output: mantissa in [1, 2), exponent in [-40, 40].
      const double mantissa = 1.0 + static_cast<double>(bits >> 12) / 4503599627370496.0;
      v = std::ldexp(mantissa, static_cast<int>(bits % 81) - 40) * ((bits & 1) ? -1.0 : 1.0);
    }
    const std::string a = viaFormat(v), b = viaPrintf(v);
    if (a != b) {
      ++mismatches;
      ADD_FAILURE() << "formatScientific gives '" << a << "', printf gives '" << b << "'";
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// The golden files were written by Python's "%.15e" (correctly rounded, like printf): parsing
// them and writing the values again through RowWriter must give the same bytes, over 2001
// and 10001 rows (several blocks of RowWriter::kBlockRows).
TEST(RowWriter, RewritesTheGoldenFilesByteForByte) {
  for (const char* name : {"BouncingBall.ref", "CamFollower_T1.ref"}) {
    const std::string golden = readFile(kGolden + "/" + name);
    std::istringstream lines(golden);
    std::string line;
    const std::string path = kOutputDir + "/rewrite_" + name;
    std::size_t rows = 0;
    {
      ex::RowWriter out(path, name == std::string("BouncingBall.ref") ? 5 : 8);
      while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::vector<double> row;
        std::string token;
        while (fields >> token) row.push_back(std::strtod(token.c_str(), nullptr));
        out.write(row.data(), row.size());
        ++rows;
      }
      out.close();
      EXPECT_EQ(out.rows(), rows);
      EXPECT_GE(out.seconds(), 0.0);
    }
    EXPECT_GT(rows, ex::RowWriter::kBlockRows);
    const std::string written = readFile(path);
    EXPECT_EQ(written.size(), golden.size()) << name;
    EXPECT_TRUE(written == golden) << name << " differs from its rewrite " << path;
  }
}

TEST(RowWriter, DerivedColumnsAreFilledBeforeFormatting) {
  const std::string path = kOutputDir + "/rowwriter_completion.dat";
  const std::size_t n = 2 * ex::RowWriter::kBlockRows + 3;
  {
    ex::RowWriter out(path, 3);
    out.setRowCompletion([](double* row) {
      row[1] = 2.0 * row[0];
      row[2] = row[0] + row[1];
    });
    for (std::size_t i = 0; i < n; ++i) out.write({0.25 * static_cast<double>(i), -1.0, -1.0});
    EXPECT_EQ(out.rows(), n);
    EXPECT_THROW(out.write({1.0, 2.0}), std::logic_error);
    out.close();
    EXPECT_THROW(out.write({1.0, 2.0, 3.0}), std::logic_error);  // after close
  }
  std::string expected;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = 0.25 * static_cast<double>(i);
    expected += viaPrintf(t) + " " + viaPrintf(2.0 * t) + " " + viaPrintf(3.0 * t) + "\n";
  }
  EXPECT_TRUE(readFile(path) == expected);
}

TEST(RowWriter, UnwritablePathThrows) {
  EXPECT_THROW(ex::RowWriter("/nonexistent-dir/x.dat", 2), std::runtime_error);
}

// `--output none`: nothing is written (not even a file named "none") and the summary line
// gives the simulation time alone.
TEST(ExamplesNoOutput, NoFileAndSummarySaysNone) {
  for (const std::string& exe :
       {std::string(MOREAU_BOUNCINGBALL_EXE), std::string(MOREAU_CAMFOLLOWER_EXE)}) {
    const fs::path dir = fs::path(kOutputDir) / ("no_output_" + fs::path(exe).filename().string());
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path log =
        fs::path(kOutputDir) / ("no_output_" + fs::path(exe).filename().string() + ".log");
    const std::string command =
        "cd '" + dir.string() + "' && '" + exe + "' --T 0.5 --output none > '" + log.string() + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
    EXPECT_TRUE(fs::is_empty(dir)) << "files written into " << dir;
    const std::string out = readFile(log.string());
    EXPECT_NE(out.find(" solver failures, simulation "), std::string::npos) << out;
    EXPECT_NE(out.find(" s, output none\n"), std::string::npos) << out;
  }
}

}  // namespace
