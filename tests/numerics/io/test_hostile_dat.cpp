// Hostile `.dat` headers: every declared size (problem dimensions, dense sizes,
// SBM block counts and block sizes, CSparse nnz and dimensions, vectors) is
// checked against what the rest of the file can hold before anything is
// allocated. Each read runs in a child limited to 512 MB of extra address space
// (LimitedRead.hpp): a reader that allocates what the header declares gets
// std::bad_alloc there, which these tests reject.
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>
#include <moreau/numerics/io/ProblemFile.hpp>
#include <moreau/numerics/io/RelayFile.hpp>

#include <gtest/gtest.h>

#include "LimitedRead.hpp"
#include "TempFile.hpp"

#include <functional>
#include <string>

namespace mn = moreau::numerics;

namespace {

using mn::test::limitedReadOutcome;
using mn::test::TempFile;

// Outcome of `read(path)` on a file holding `content`.
std::string outcome(const std::string& name, const std::string& content,
                    const std::function<void(const std::string&)>& read) {
  const TempFile f(name, content);
  return limitedReadOutcome<mn::DatFormatError>([&] { read(f.str()); });
}

// Expects a DatFormatError that names the file (FILE:LINE:) and contains every fragment.
void expectError(const std::string& got, const std::string& name,
                 std::initializer_list<const char*> fragments) {
  ASSERT_EQ(got.rfind("error: ", 0), 0u) << got;
  EXPECT_NE(got.find("moreau_" + name + ":"), std::string::npos) << got;
  for (const char* fragment : fragments) EXPECT_NE(got.find(fragment), std::string::npos) << got;
}

const auto readLcp = [](const std::string& p) { (void)mn::readLcpFile(p); };
const auto readRelay = [](const std::string& p) { (void)mn::readRelayFile(p); };
const auto readFc = [](const std::string& p) { (void)mn::readFrictionContactFile(p); };
const auto readMlcp = [](const std::string& p) { (void)mn::readMlcpFile(p); };
const auto detect = [](const std::string& p) { (void)mn::readProblemFile(p); };
const auto readMatrix = [](const std::string& p) {
  mn::DatTokenizer tok = mn::DatTokenizer::fromFile(p);
  (void)mn::readNumericsMatrix(tok);
};

// The 23-byte file of the report: an LCP whose 1x1 SBM matrix declares 2^30 block
// rows (8.4 GB of offsets before the fix), read by every reader that accepts the layout.
TEST(HostileDatFile, SbmBlockRowCountOfTheReport) {
  const std::string text = "1\n1 1 1\n1\n1073741824 1\n";
  ASSERT_EQ(text.size(), 23u);
  for (const auto& [name, read] :
       {std::pair{"lcp", std::function<void(const std::string&)>(readLcp)},
        std::pair{"relay", std::function<void(const std::string&)>(readRelay)},
        std::pair{"any", std::function<void(const std::string&)>(detect)}}) {
    const std::string file = std::string("sbm_rows_") + name + ".dat";
    expectError(outcome(file, text, read), file + ":4",
                {"declared 1073741824 SBM block rows", "but the file holds at most 2"});
  }
}

TEST(HostileDatFile, ProblemDimensions) {
  expectError(outcome("lcp_n.dat", "1073741824\n0 1 1\n", readLcp), "lcp_n.dat:1",
              {"declared 1073741824 LCP rows", "holds at most"});
  expectError(outcome("relay_n.dat", "1000000\n2 1000000 1000000\n", readRelay), "relay_n.dat:1",
              {"declared 1000000 Relay rows"});
  expectError(outcome("fc_nc.dat", "3\n268435456\n0 3 3\n", readFc), "fc_nc.dat:2",
              {"declared 268435456 contacts"});
  expectError(outcome("mlcp_nm.dat", "0 1\n10000 0\n", readMlcp), "mlcp_nm.dat:2",
              {"declared 100010000 MLCP values (n = 10000, m = 0)"});
  expectError(outcome("mlcp_st1.dat", "1 0\n1073741824 1073741824\n0\n", readMlcp),
              "mlcp_st1.dat:2", {"declared 2147483648 MLCP values"});
}

// A problem's matrix header must agree with its dimension before the matrix is read:
// 800 MB of dense values declared by a file whose problem is 1x1 / 2x2.
TEST(HostileDatFile, MatrixShapeCheckedBeforeItsValues) {
  expectError(outcome("lcp_shape.dat", "1\n0 10000 10000\n10000 10000\n1\n", readLcp),
              "lcp_shape.dat:2", {"does not match M (10000x10000)"});
  expectError(outcome("fc_shape.dat", "2\n1\n0 10000 10000\n10000 10000\n1 2 3\n", readFc),
              "fc_shape.dat:3", {"dimension x nc = 2"});
  expectError(outcome("relay_shape.dat", "1\n2 10000 10000\n", readRelay), "relay_shape.dat:2",
              {"must be n x n"});
}

// Fuzzing finding (scripts/fuzz-smoke, docs/numerics/fuzzing.md): an MLCP whose sparse M
// declares 211111111 rows for n + m = 2 unknowns (Siconos' legacy rectangular layout) was
// converted to a dense 211111111 x 2 matrix (3.4 GB) before its row count was checked against
// the constants the file can hold.
TEST(HostileDatFile, MlcpRectangularRowCountCheckedBeforeTheDenseCopy) {
  std::string text = "1 0\n1 1\n0 1 2\n0 1\n1\n211111111";
  text += std::string(21, '\0');
  text += " 2\n0 1\n0 3 2\n22\n==";
  expectError(outcome("mlcp_rect.dat", text, readMlcp), "mlcp_rect.dat",
              {"211111111x2", "at most m = 1 rows more than unknowns"});
  // The largest rows the layout allows (n + 2m) is still read up to its values.
  expectError(outcome("mlcp_rect_ok.dat", "1 0\n1 1\n0 1 2\n0 1\n0 3 2\n3 2\n", readMlcp),
              "mlcp_rect_ok.dat", {"dense matrix value"});
}

TEST(HostileDatFile, DenseValues) {
  // 10^8 values (800 MB) declared in 26 bytes.
  expectError(outcome("dense.dat", "0 10000 10000\n10000 10000\n", readMatrix), "dense.dat:2",
              {"declared 100000000 dense matrix values (10000x10000)", "holds at most 1"});
}

TEST(HostileDatFile, SparseBlock) {
  expectError(outcome("sbm_blocks.dat", "1 2 2\n1073741824\n", readMatrix), "sbm_blocks.dat:2",
              {"declared 1073741824 SBM blocks (nbblocks)"});
  expectError(outcome("sbm_cols.dat", "1 1 1\n1\n1 1073741824\n1\n", readMatrix), "sbm_cols.dat:3",
              {"declared 1073741824 SBM block columns"});
  // One stored block of 32768x32768 values (8 GB before the fix).
  expectError(outcome("sbm_values.dat", "1 32768 32768\n1\n1 1\n32768\n32768\n2 1\n0 1\n0\n0 1\n",
                      readMatrix),
              "sbm_values.dat:8", {"declared 1073741824 SBM block values"});
  // More block rows than rows (offsets increase strictly).
  expectError(outcome("sbm_grid.dat", "1 2 2\n1\n3 1\n1 2 3\n2\n", readMatrix), "sbm_grid.dat:3",
              {"declared 3 SBM block rows (blocknumber0) for 2 rows"});
}

TEST(HostileDatFile, CSparse) {
  const std::string banner = "CSparse Version 3.1.9\n";
  expectError(outcome("csc_nnz.dat",
                      "2 3 3\n2\n" + banner + "3-by-3, nzmax: 1e9 nnz: 1000000000, 1-norm: 1\n",
                      readMatrix),
              "csc_nnz.dat:4", {"declared 1000000000 CSparse entries (nnz)"});
  expectError(
      outcome("triplet_nnz.dat",
              "2 3 3\n1\n" + banner + "triplet: 3-by-3, nzmax: 9 nnz: 1000000000\n", readMatrix),
      "triplet_nnz.dat:4", {"declared 1000000000 CSparse entries (nnz)"});
  // An empty 1 x 2^30 triplet matrix: 4 GB of column pointers before the fix.
  expectError(
      outcome("triplet_cols.dat",
              "2 1 1073741824\n1\n" + banner + "triplet: 1-by-1073741824, nzmax: 0 nnz: 0\n",
              readMatrix),
      "triplet_cols.dat:1", {"declared 1073741824 sparse matrix columns"});
  expectError(
      outcome("csc_cols.dat",
              "2 1 100000\n2\n" + banner + "1-by-100000, nzmax: 0 nnz: 0, 1-norm: 0\n", readMatrix),
      "csc_cols.dat:1", {"declared 100000 sparse matrix columns"});
  // ... but a small one is allowed (its pointers take nothing).
  mn::DatTokenizer small("small",
                         "2 1 1000\n1\n" + banner + "triplet: 1-by-1000, nzmax: 0 nnz: 0\n");
  EXPECT_EQ(mn::readNumericsMatrix(small).cols(), 1000);
}

// Small counts (up to DatTokenizer::kUncheckedCount) are not checked in advance:
// a truncated file reports where it ends; large ones are checked.
TEST(HostileDatFile, SmallCountsReportTheEndOfFile) {
  expectError(outcome("short_q.dat", "3\n1 3 3\n0\n1\n", readLcp), "short_q.dat:4",
              {"unexpected end of file while reading q value"});
  expectError(outcome("long_q.dat", "5000\n1 5000 5000\n0\n1\n", readLcp), "long_q.dat:1",
              {"declared 5000 LCP rows (n, one value of q each) but the file holds at most"});
}

// Kind detection reads the file once and each reader stops at the first bad size:
// the reasons of every reader are reported.
TEST(HostileDatFile, DetectionReportsEveryReader) {
  const std::string got = outcome("detect.dat", "1\n1 1 1\n1\n1073741824 1\n", detect);
  expectError(got, "detect.dat", {"not a readable", "as fc2d/fc3d", "as mlcp", "as lcp/relay"});
}

// A genuinely large problem that does not fit in the memory left: the allocation
// failure becomes a DatFormatError naming the file (a bare std::bad_alloc before).
TEST(HostileDatFile, AllocationFailureNamesTheFile) {
#ifndef MOREAU_TEST_ASAN
  // 3000x3000 dense LCP: 18 MB of text, 72 MB of matrix; 40 MB of budget.
  std::string text = "3000\n0 3000 3000\n3000 3000\n";
  text.reserve(text.size() + 2 * 9'003'000);
  for (int k = 0; k < 9'003'000; ++k) text += "1 ";
  const TempFile f("big_lcp.dat", text);
  const std::string got = limitedReadOutcome<mn::DatFormatError>(
      [&] { (void)mn::readLcpFile(f.str()); }, std::size_t{40} << 20);
  expectError(got, "big_lcp.dat", {"out of memory while reading the problem"});
  const std::string any = limitedReadOutcome<mn::DatFormatError>(
      [&] { (void)mn::readProblemFile(f.str()); }, std::size_t{40} << 20);
  expectError(any, "big_lcp.dat", {"out of memory while reading the problem"});
#else
  // Under AddressSanitizer the address space cannot be limited: the same file is
  // read normally (the guard is transparent).
  std::string text = "300\n0 300 300\n300 300\n";
  for (int k = 0; k < 90'300; ++k) text += "1 ";
  const TempFile f("big_lcp.dat", text);
  EXPECT_EQ(mn::readLcpFile(f.str()).size(), 300);
#endif
}

}  // namespace
