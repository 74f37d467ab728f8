// Hostile FCLIB (HDF5) files: valid files written by writeFclibLocal/Global, then
// corrupted (one byte of a dataspace dimension flipped, or a dataset re-declared
// through the HDF5 API with a huge dataspace and no data). The readers check each
// dataset's real extent against the file size and n, nnz, the vectors against each
// other before allocating. Reads run in a child limited to 512 MB of extra address
// space (LimitedRead.hpp).
#include <moreau/numerics/io/FclibFile.hpp>

#include <gtest/gtest.h>
#include <hdf5.h>

#include "LimitedRead.hpp"
#include "TempFile.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

namespace {

using mn::test::limitedReadOutcome;
using mn::test::TempFile;

mn::FrictionContactProblem localProblem() {
  Eigen::MatrixXd W = Eigen::MatrixXd::Identity(6, 6) * 2.0;
  W(0, 3) = W(3, 0) = 0.5;
  Eigen::VectorXd q(6);
  q << -1, 0.5, 0.25, -2, 1, 3;
  return mn::FrictionContactProblem(3, mn::Matrix(W), q, Eigen::Vector2d(0.3, 0.7));
}

mn::GlobalFrictionContactProblem globalProblem() {
  mn::GlobalFrictionContactProblem p;
  p.dimension = 2;
  p.M = mn::Matrix(Eigen::MatrixXd(Eigen::MatrixXd::Identity(3, 3) * 2.0));
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(3, 4);
  H(0, 0) = 1.0;
  H(1, 1) = -1.0;
  H(2, 3) = 0.25;
  p.H = mn::Matrix(H);
  p.q = Eigen::Vector3d(0.0, -9.81, 1.0);
  p.b = Eigen::Vector4d(0.1, 0.0, -0.2, 0.0);
  p.mu = Eigen::Vector2d(0.5, 0.25);
  return p;
}

std::vector<char> bytesOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Replaces dataset `name` by one of `count` elements of `type` that is never
// written: the file stays small while its dataspace declares `count` values (HDF5
// allocates contiguous storage at the first write, and reads fill values until then).
void redeclare(const std::string& path, const char* name, hsize_t count, hid_t type,
               bool chunked = false) {
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  ASSERT_GE(H5Ldelete(f, name, H5P_DEFAULT), 0) << name;
  const hid_t space = H5Screate_simple(1, &count, nullptr);
  const hid_t plist = H5Pcreate(H5P_DATASET_CREATE);
  if (chunked) {
    const hsize_t chunk = 1024;
    H5Pset_chunk(plist, 1, &chunk);
  }
  const hid_t d = H5Dcreate2(f, name, type, space, H5P_DEFAULT, plist, H5P_DEFAULT);
  EXPECT_GE(d, 0) << name;
  H5Dclose(d);
  H5Pclose(plist);
  H5Sclose(space);
  H5Fclose(f);
}

// Overwrites the single value of an int dataset.
void setInt(const std::string& path, const char* name, int value) {
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  const hid_t d = H5Dopen2(f, name, H5P_DEFAULT);
  ASSERT_GE(d, 0) << name;
  EXPECT_GE(H5Dwrite(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, &value), 0);
  H5Dclose(d);
  H5Fclose(f);
}

std::string readLocalOutcome(const std::string& path) {
  return limitedReadOutcome<mn::FclibFormatError>([&] { (void)mn::readFclibLocal(path); });
}
std::string readGlobalOutcome(const std::string& path) {
  return limitedReadOutcome<mn::FclibFormatError>([&] { (void)mn::readFclibGlobal(path); });
}

void expectError(const std::string& got, const std::string& path,
                 std::initializer_list<const char*> fragments) {
  ASSERT_EQ(got.rfind("error: " + path + ": FCLIB: ", 0), 0u) << got;
  for (const char* fragment : fragments) EXPECT_NE(got.find(fragment), std::string::npos) << got;
}

// The report: one flipped byte in the dataspace of a one-value dataset (/W/n, m,
// nz, nzmax, spacedim, mu) of a converted file made the reader allocate gigabytes
// before failing. Every such dataspace of a local and of a global file is patched
// in turn (dimension 1 -> 0x40000001); each read must end with an FclibFormatError.
TEST(HostileFclibFile, FlippedByteInEveryOneValueDataspace) {
  const TempFile local("flip_local.hdf5");
  const TempFile global("flip_global.hdf5");
  mn::writeFclibLocal(localProblem(), local.str());
  mn::writeFclibGlobal(globalProblem(), global.str());
  for (const TempFile* file : {&local, &global}) {
    const std::vector<char> original = bytesOf(file->str());
    // Dataspace message, version 1: version 1, rank 1, flags, 5 reserved bytes,
    // then the 8-byte dimension (1 here).
    int patched = 0;
    for (std::size_t k = 0; k + 16 <= original.size(); ++k) {
      if (original[k] != 1 || original[k + 1] != 1 || (original[k + 2] & ~1) != 0) continue;
      bool match = true;
      for (std::size_t b = 3; b < 8; ++b) match = match && original[k + b] == 0;
      match = match && original[k + 8] == 1;
      for (std::size_t b = 9; b < 16; ++b) match = match && original[k + b] == 0;
      if (!match) continue;
      std::vector<char> bytes = original;
      bytes[k + 11] = 0x40;  // dimension 0x40000001: 4 GB of int, 8 GB of double
      const TempFile corrupted("flipped.hdf5");
      writeBytes(corrupted.str(), bytes);
      const std::string got =
          file == &local ? readLocalOutcome(corrupted.str()) : readGlobalOutcome(corrupted.str());
      ASSERT_EQ(got.rfind("error: " + corrupted.str() + ": FCLIB: ", 0), 0u)
          << "byte " << k + 11 << ": " << got;
      ++patched;
    }
    // spacedim, m, n, nz, nzmax of each matrix (and a one-value mu for the local file).
    EXPECT_GE(patched, 5) << file->str();
  }
}

// Each dataset of W and the vectors re-declared with 2^28 values and no data.
TEST(HostileFclibFile, RedeclaredDatasetsAreCheckedAgainstTheFileSize) {
  const hsize_t huge = hsize_t{1} << 28;
  for (const auto& [name, type] : {std::pair{"/fclib_local/W/n", H5T_NATIVE_INT},
                                   std::pair{"/fclib_local/W/p", H5T_NATIVE_INT},
                                   std::pair{"/fclib_local/W/i", H5T_NATIVE_INT},
                                   std::pair{"/fclib_local/W/x", H5T_NATIVE_DOUBLE},
                                   std::pair{"/fclib_local/vectors/q", H5T_NATIVE_DOUBLE},
                                   std::pair{"/fclib_local/vectors/mu", H5T_NATIVE_DOUBLE}}) {
    for (bool chunked : {false, true}) {
      const TempFile file("redeclared.hdf5");
      mn::writeFclibLocal(localProblem(), file.str());
      redeclare(file.str(), name, huge, type, chunked);
      expectError(readLocalOutcome(file.str()), file.str(),
                  {name, "declares 268435456 values", "but the file holds at most"});
    }
  }
  const TempFile file("redeclared_global.hdf5");
  mn::writeFclibGlobal(globalProblem(), file.str());
  redeclare(file.str(), "/fclib_global/H/x", huge, H5T_NATIVE_DOUBLE);
  expectError(readGlobalOutcome(file.str()), file.str(),
              {"/fclib_global/H/x declares 268435456 values"});
}

// Consistent-looking scalars that declare a huge matrix with no stored entry
// (triplets, nz = 0): the sizes are checked against the vectors before the matrix
// (its column pointers alone were 3 GB) is allocated.
TEST(HostileFclibFile, MatrixSizesAreCheckedAgainstTheVectors) {
  const int huge = 3 * (1 << 28);
  const TempFile local("huge_w.hdf5");
  mn::writeFclibLocal(localProblem(), local.str());
  setInt(local.str(), "/fclib_local/W/m", huge);
  setInt(local.str(), "/fclib_local/W/n", huge);
  setInt(local.str(), "/fclib_local/W/nz", 0);
  expectError(readLocalOutcome(local.str()), local.str(),
              {"/fclib_local/vectors/q has 6 values, expected 805306368 (rows of W)"});

  const TempFile global("huge_h.hdf5");
  mn::writeFclibGlobal(globalProblem(), global.str());
  setInt(global.str(), "/fclib_global/H/n", huge);
  setInt(global.str(), "/fclib_global/H/nz", 0);
  expectError(readGlobalOutcome(global.str()), global.str(),
              {"/fclib_global/vectors/w has 4 values, expected 805306368 (columns of H)"});

  const TempFile globalM("huge_m.hdf5");
  mn::writeFclibGlobal(globalProblem(), globalM.str());
  setInt(globalM.str(), "/fclib_global/M/m", huge);
  setInt(globalM.str(), "/fclib_global/M/n", huge);
  setInt(globalM.str(), "/fclib_global/M/nz", 0);
  expectError(readGlobalOutcome(globalM.str()), globalM.str(),
              {"/fclib_global/vectors/f has 3 values, expected 805306368 (rows of M)"});

  // Compressed columns: p must have n+1 pointers, checked from its extent.
  const TempFile columns("short_p.hdf5");
  mn::writeFclibLocal(localProblem(), columns.str());
  redeclare(columns.str(), "/fclib_local/W/p", 3, H5T_NATIVE_INT);
  expectError(readLocalOutcome(columns.str()), columns.str(),
              {"/fclib_local/W/p has 3 values, expected 7 (n+1 column pointers)"});
}

// Data stored in another file (external storage) is refused: a file must not
// make the reader read elsewhere.
TEST(HostileFclibFile, ExternalStorageIsRefused) {
  const TempFile file("external.hdf5");
  const TempFile raw("external.raw", std::string(48, '\0'));
  mn::writeFclibLocal(localProblem(), file.str());
  const hid_t f = H5Fopen(file.str().c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  ASSERT_GE(H5Ldelete(f, "/fclib_local/vectors/q", H5P_DEFAULT), 0);
  const hsize_t count = 6;
  const hid_t space = H5Screate_simple(1, &count, nullptr);
  const hid_t plist = H5Pcreate(H5P_DATASET_CREATE);
  ASSERT_GE(H5Pset_external(plist, raw.str().c_str(), 0, 48), 0);
  const hid_t d = H5Dcreate2(f, "/fclib_local/vectors/q", H5T_NATIVE_DOUBLE, space, H5P_DEFAULT,
                             plist, H5P_DEFAULT);
  EXPECT_GE(d, 0);
  H5Dclose(d);
  H5Pclose(plist);
  H5Sclose(space);
  H5Fclose(f);
  expectError(readLocalOutcome(file.str()), file.str(),
              {"/fclib_local/vectors/q is stored outside the file"});
}

// Writes a 1-D dataset, deflate-compressed in one chunk when `deflate`.
void writeDataset(hid_t loc, const char* name, hid_t type, const void* data, hsize_t count,
                  bool deflate) {
  const hid_t space = H5Screate_simple(1, &count, nullptr);
  const hid_t plist = H5Pcreate(H5P_DATASET_CREATE);
  if (deflate) {
    H5Pset_chunk(plist, 1, &count);
    H5Pset_deflate(plist, 9);
  }
  const hid_t d = H5Dcreate2(loc, name, type, space, H5P_DEFAULT, plist, H5P_DEFAULT);
  EXPECT_GE(d, 0) << name;
  if (count > 0) {
    EXPECT_GE(H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), 0) << name;
  }
  H5Dclose(d);
  H5Pclose(plist);
  H5Sclose(space);
}

// Compressed (deflate) datasets that expand beyond the file size are still read:
// the bound for filtered data is the stored bytes times deflate's largest ratio.
TEST(HostileFclibFile, CompressedDatasetsAreRead) {
  // A 60000x60000 empty W: 60001 column pointers, 60000 values of q, 20000 mu,
  // about 1.1 MB uncompressed, a few kB compressed.
  const int n = 3 * 20000;
  const TempFile file("deflate.hdf5");
  const hid_t f = H5Fcreate(file.str().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  const hid_t g = H5Gcreate2(f, "/fclib_local", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t w = H5Gcreate2(g, "W", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t v = H5Gcreate2(g, "vectors", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const int three = 3;
  const int minusOne = -1;
  const int zero = 0;
  writeDataset(g, "spacedim", H5T_NATIVE_INT, &three, 1, false);
  writeDataset(w, "m", H5T_NATIVE_INT, &n, 1, false);
  writeDataset(w, "n", H5T_NATIVE_INT, &n, 1, false);
  writeDataset(w, "nz", H5T_NATIVE_INT, &minusOne, 1, false);
  writeDataset(w, "nzmax", H5T_NATIVE_INT, &zero, 1, false);
  const std::vector<int> p(static_cast<std::size_t>(n) + 1, 0);
  writeDataset(w, "p", H5T_NATIVE_INT, p.data(), p.size(), true);
  writeDataset(w, "i", H5T_NATIVE_INT, nullptr, 0, false);
  writeDataset(w, "x", H5T_NATIVE_DOUBLE, nullptr, 0, false);
  const std::vector<double> q(static_cast<std::size_t>(n), 0.0);
  const std::vector<double> mu(static_cast<std::size_t>(n / 3), 0.5);
  writeDataset(v, "q", H5T_NATIVE_DOUBLE, q.data(), q.size(), true);
  writeDataset(v, "mu", H5T_NATIVE_DOUBLE, mu.data(), mu.size(), true);
  H5Gclose(v);
  H5Gclose(w);
  H5Gclose(g);
  H5Fclose(f);
  ASSERT_LT(std::filesystem::file_size(file.str()), std::uintmax_t{100000});
  const mn::FrictionContactProblem back = mn::readFclibLocal(file.str());
  EXPECT_EQ(back.size(), n);
  EXPECT_EQ(back.q(), Eigen::VectorXd::Zero(n));
  EXPECT_EQ(back.mu(), Eigen::VectorXd::Constant(n / 3, 0.5));
}

// A valid file too large for the memory left: the allocation failure becomes an
// FclibFormatError naming the file (a bare std::bad_alloc before).
TEST(HostileFclibFile, AllocationFailureNamesTheFile) {
  const int n = 900;  // dense W: 810000 stored entries, about 10 MB of file
  const mn::FrictionContactProblem problem(
      3, mn::Matrix(Eigen::MatrixXd(Eigen::MatrixXd::Constant(n, n, 1.0))),
      Eigen::VectorXd::Zero(n), Eigen::VectorXd::Constant(n / 3, 0.5));
  const TempFile file("big.hdf5");
  mn::writeFclibLocal(problem, file.str());
#ifndef MOREAU_TEST_ASAN
  const std::string got = limitedReadOutcome<mn::FclibFormatError>(
      [&] { (void)mn::readFclibLocal(file.str()); }, std::size_t{12} << 20);
  ASSERT_EQ(got.rfind("error: " + file.str() + ": FCLIB: ", 0), 0u) << got;
#else
  // Under AddressSanitizer the address space cannot be limited: the file is read.
  EXPECT_EQ(mn::readFclibLocal(file.str()).size(), n);
#endif
}

// Fuzzing finding (tests/fuzz/regressions, docs/numerics/fuzzing.md): a corrupted
// object header makes HDF5 1.10 ask malloc for 0x81000000000058 bytes (36 PB) for
// a metadata-cache entry. malloc returns NULL, HDF5 reports an error and every
// reader rejects the file with an FclibFormatError naming it (under
// AddressSanitizer only with ASAN_OPTIONS=allocator_may_return_null=1, which the
// asan test preset sets: ASan otherwise aborts where malloc would return NULL).
TEST(HostileFclibFile, HugeMetadataEntryFoundByTheFuzzerIsRejected) {
  const std::string path =
      std::string(MOREAU_SOURCE_DIR) + "/tests/fuzz/regressions/fclib-huge-metadata-entry.hdf5";
  ASSERT_TRUE(std::filesystem::is_regular_file(path)) << path;
  const auto expectRejected = [&](const char* reader, const auto& read) {
    try {
      read();
      ADD_FAILURE() << reader << " accepted " << path;
    } catch (const mn::FclibFormatError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(path + ": FCLIB: ", 0), 0u)
          << reader << ": " << e.what();
    }
  };
  // The groups that name the form and the solution are intact.
  EXPECT_EQ(mn::fclibProblemForm(path), mn::FclibForm::Local);
  EXPECT_NO_THROW((void)mn::readFclibSolution(path));
  // The object header of a problem dataset is the corrupted one.
  expectRejected("readFclibLocal", [&] { (void)mn::readFclibLocal(path); });
  expectRejected("readFclibGlobal", [&] { (void)mn::readFclibGlobal(path); });
}

}  // namespace
