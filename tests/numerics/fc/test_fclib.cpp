// FCLIB HDF5 files: round trips (local and global), interoperability with the
// reference libfclib (each reads the other's files), malformed files.
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <gtest/gtest.h>
#include <hdf5.h>
#include <unistd.h>

// fclib.h declares C functions without extern "C".
extern "C" {
#include <fclib.h>
}

#include <Eigen/SparseCore>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace mn = moreau::numerics;

namespace {

std::string tempPath(const std::string& name) {
  // Per process: concurrent runs (other build trees, ctest -j) never share files.
  const auto dir =
      std::filesystem::temp_directory_path() / ("moreau_fclib_tests_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

mn::FrictionContactProblem smallProblem() {
  Eigen::MatrixXd W(6, 6);
  W << 4, 1, 0, 0.5, 0, 0,  //
      1, 3, 0, 0, 0, 0,     //
      0, 0, 3, 0, 0, 0,     //
      0.5, 0, 0, 5, 0, 1,   //
      0, 0, 0, 0, 2, 0,     //
      0, 0, 0, 1, 0, 2;
  Eigen::VectorXd q(6);
  q << -1, 0.5, 0.25, -2, 1e-300, 3.141592653589793;
  Eigen::VectorXd mu(2);
  mu << 0.3, 0.7;
  return mn::FrictionContactProblem(3, mn::Matrix(W), q, mu);
}

void expectSameProblem(const mn::FrictionContactProblem& a, const mn::FrictionContactProblem& b) {
  ASSERT_EQ(a.dimension(), b.dimension());
  ASSERT_EQ(a.size(), b.size());
  EXPECT_TRUE((a.W().toDense().array() == b.W().toDense().array()).all());
  EXPECT_TRUE((a.q().array() == b.q().array()).all());
  EXPECT_TRUE((a.mu().array() == b.mu().array()).all());
}

// Writes an HDF5 file with only some of the FCLIB datasets.
void writePartialFile(const std::string& path, bool withW, bool withVectors) {
  hid_t f = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  hid_t g = H5Gcreate2(f, "/fclib_local", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  auto writeInts = [](hid_t loc, const char* name, std::vector<int> v) {
    const hsize_t dims[1] = {v.size()};
    hid_t s = H5Screate_simple(1, dims, nullptr);
    hid_t d = H5Dcreate2(loc, name, H5T_NATIVE_INT, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dwrite(d, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
    H5Dclose(d);
    H5Sclose(s);
  };
  auto writeDoubles = [](hid_t loc, const char* name, std::vector<double> v) {
    const hsize_t dims[1] = {v.size()};
    hid_t s = H5Screate_simple(1, dims, nullptr);
    hid_t d = H5Dcreate2(loc, name, H5T_NATIVE_DOUBLE, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
    H5Dclose(d);
    H5Sclose(s);
  };
  writeInts(g, "spacedim", {3});
  if (withW) {
    hid_t w = H5Gcreate2(g, "W", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    writeInts(w, "m", {3});
    writeInts(w, "n", {3});
    writeInts(w, "nz", {-1});
    writeInts(w, "nzmax", {3});
    writeInts(w, "p", {0, 1, 2, 7});  // last pointer beyond nzmax
    writeInts(w, "i", {0, 1, 2});
    writeDoubles(w, "x", {1, 1, 1});
    H5Gclose(w);
  }
  if (withVectors) {
    hid_t v = H5Gcreate2(g, "vectors", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    writeDoubles(v, "q", {1, 2, 3});
    writeDoubles(v, "mu", {0.5});
    H5Gclose(v);
  }
  H5Gclose(g);
  H5Fclose(f);
}

// Expects an FclibFormatError whose message names the file and contains `fragment`.
void expectFormatError(const std::string& path, const std::string& fragment) {
  try {
    (void)mn::readFclibLocal(path);
    ADD_FAILURE() << "no exception for " << path;
  } catch (const mn::FclibFormatError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path), std::string::npos) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
  }
}

}  // namespace

TEST(FclibFile, SharedDataFilesRoundTripThroughFclib) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const char* sub : {"fc3d", "fc2d"}) {
    const fs::path dir = fs::path(MOREAU_TEST_DATA_DIR) / sub;
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() != ".dat") continue;
      const mn::FrictionContactProblem p = mn::readFrictionContactFile(entry.path().string());
      const std::string path = tempPath(entry.path().stem().string() + ".hdf5");
      mn::writeFclibLocal(p, path);
      const mn::FrictionContactProblem back = mn::readFclibLocal(path);
      SCOPED_TRACE(entry.path().string());
      expectSameProblem(p, back);
      EXPECT_TRUE(back.W().isSparseBlock());
      ++files;
    }
  }
  EXPECT_GE(files, 10);
}

TEST(FclibFile, LocalRoundTripDenseIsBitwise) {
  const std::string path = tempPath("local_dense.hdf5");
  const mn::FrictionContactProblem p = smallProblem();
  mn::FclibSolution solution;
  solution.r = Eigen::VectorXd::LinSpaced(6, 0.0, 1.0);
  solution.u = Eigen::VectorXd::LinSpaced(6, -1.0, 2.0);
  mn::FclibInfo info{"a title", "generated by a test", "none"};
  mn::writeFclibLocal(p, path, solution, info);
  EXPECT_TRUE(mn::isHdf5File(path));
  EXPECT_EQ(mn::fclibProblemForm(path), mn::FclibForm::Local);
  mn::FclibInfo back;
  const mn::FrictionContactProblem q = mn::readFclibLocal(path, &back);
  expectSameProblem(p, q);
  EXPECT_TRUE(q.W().isSparseBlock());  // 3x3-blocked pattern
  EXPECT_EQ(back.title, "a title");
  EXPECT_EQ(back.description, "generated by a test");
  EXPECT_EQ(back.mathInfo, "none");
  const auto s = mn::readFclibSolution(path);
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE((s->r.array() == solution.r.array()).all());
  EXPECT_TRUE((s->u.array() == solution.u.array()).all());
  EXPECT_EQ(s->v.size(), 0);
}

TEST(FclibFile, LocalRoundTripGeneratedSparseBlock) {
  mn::ProblemGeneratorOptions options;
  options.seed = 7;
  for (int d : {2, 3}) {
    options.dimension = d;
    const mn::GeneratedProblem g = mn::generatePile(4, 3, 3, options);
    const std::string path = tempPath("pile" + std::to_string(d) + ".hdf5");
    mn::writeFclibLocal(g.problem, path);
    const mn::FrictionContactProblem q = mn::readFclibLocal(path);
    expectSameProblem(g.problem, q);
    ASSERT_TRUE(q.W().isSparseBlock());
    EXPECT_EQ(q.W().sparseBlock().nonZeroBlocks(), g.problem.W().sparseBlock().nonZeroBlocks());
    EXPECT_FALSE(mn::readFclibSolution(path).has_value());
  }
}

TEST(FclibFile, GlobalRoundTrip) {
  mn::GlobalFrictionContactProblem p;
  p.dimension = 2;
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(3, 3) * 2.0;
  M(0, 1) = M(1, 0) = 0.5;
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(3, 4);
  H(0, 0) = 1.0;
  H(1, 1) = -1.0;
  H(2, 2) = 0.25;
  H(1, 3) = 3.0;
  p.M = mn::Matrix(M);
  p.H = mn::Matrix(H);
  p.q = Eigen::Vector3d(0.0, -9.81, 1.0);
  p.b = Eigen::Vector4d(0.1, 0.0, -0.2, 0.0);
  p.mu = Eigen::Vector2d(0.5, 0.25);
  const std::string path = tempPath("global.hdf5");
  mn::FclibSolution solution;
  solution.v = Eigen::Vector3d(1, 2, 3);
  solution.r = Eigen::Vector4d(1, 0, 2, 0);
  mn::writeFclibGlobal(p, path, solution);
  EXPECT_EQ(mn::fclibProblemForm(path), mn::FclibForm::Global);
  const mn::GlobalFrictionContactProblem q = mn::readFclibGlobal(path);
  EXPECT_EQ(q.dimension, 2);
  EXPECT_TRUE(q.M.toDense() == M);
  EXPECT_TRUE(q.H.toDense() == H);
  EXPECT_TRUE(q.q == p.q);
  EXPECT_TRUE(q.b == p.b);
  EXPECT_TRUE(q.mu == p.mu);
  const auto s = mn::readFclibSolution(path);
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(s->v == solution.v);
  EXPECT_THROW((void)mn::readFclibLocal(path), mn::FclibFormatError);  // no /fclib_local
}

TEST(FclibFile, ReadsFilesWrittenByLibfclib) {
  // W in compressed rows, in triplets with a duplicate, then compressed columns
  // (the three cs forms); libfclib writes them as they are.
  const std::string path = tempPath("by_libfclib.hdf5");
  const mn::FrictionContactProblem p = smallProblem();
  const Eigen::MatrixXd W = p.W().toDense();
  for (int form : {-2, 0, -1}) {
    std::vector<int> ptr, idx;
    std::vector<double> val;
    if (form == -2) {
      ptr.push_back(0);
      for (int r = 0; r < 6; ++r) {
        for (int c = 0; c < 6; ++c)
          if (W(r, c) != 0.0) {
            idx.push_back(c);
            val.push_back(W(r, c));
          }
        ptr.push_back(static_cast<int>(idx.size()));
      }
    } else if (form == 0) {
      for (int c = 0; c < 6; ++c)
        for (int r = 0; r < 6; ++r)
          if (W(r, c) != 0.0) {
            // the diagonal entry split in two triplets (summed on reading)
            const bool split = r == c;
            ptr.push_back(r);
            idx.push_back(c);
            val.push_back(split ? W(r, c) - 0.5 : W(r, c));
            if (split) {
              ptr.push_back(r);
              idx.push_back(c);
              val.push_back(0.5);
            }
          }
    } else {
      ptr.push_back(0);
      for (int c = 0; c < 6; ++c) {
        for (int r = 0; r < 6; ++r)
          if (W(r, c) != 0.0) {
            idx.push_back(r);
            val.push_back(W(r, c));
          }
        ptr.push_back(static_cast<int>(idx.size()));
      }
    }
    fclib_matrix matrix{};
    matrix.nzmax = static_cast<int>(val.size());
    matrix.m = 6;
    matrix.n = 6;
    matrix.p = ptr.data();
    matrix.i = idx.data();
    matrix.x = val.data();
    matrix.nz = form == 0 ? static_cast<int>(val.size()) : form;
    Eigen::VectorXd q = p.q();
    Eigen::VectorXd mu = p.mu();
    fclib_local local{};
    local.W = &matrix;
    local.q = q.data();
    local.mu = mu.data();
    local.spacedim = 3;
    std::remove(path.c_str());
    ASSERT_EQ(fclib_write_local(&local, path.c_str()), 1);
    const mn::FrictionContactProblem back = mn::readFclibLocal(path);
    expectSameProblem(p, back);
  }
}

TEST(FclibFile, LibfclibReadsOurFiles) {
  const std::string path = tempPath("for_libfclib.hdf5");
  const mn::FrictionContactProblem p = smallProblem();
  mn::FclibSolution solution;
  solution.r = Eigen::VectorXd::Constant(6, 0.5);
  solution.u = Eigen::VectorXd::Constant(6, -0.5);
  mn::writeFclibLocal(p, path, solution, {"t", "d", "m"});
  fclib_local* local = fclib_read_local(path.c_str());
  ASSERT_NE(local, nullptr);
  EXPECT_EQ(local->spacedim, 3);
  ASSERT_NE(local->W, nullptr);
  EXPECT_EQ(local->W->m, 6);
  EXPECT_EQ(local->W->nz, -1);
  Eigen::MatrixXd W = Eigen::MatrixXd::Zero(6, 6);
  for (int c = 0; c < 6; ++c)
    for (int k = local->W->p[c]; k < local->W->p[c + 1]; ++k) W(local->W->i[k], c) = local->W->x[k];
  EXPECT_TRUE(W == p.W().toDense());
  for (int k = 0; k < 6; ++k) EXPECT_EQ(local->q[k], p.q()[k]);
  EXPECT_EQ(local->mu[1], 0.7);
  fclib_solution* s = fclib_read_solution(path.c_str());
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->r[3], 0.5);
  fclib_delete_solutions(s, 1);
  fclib_delete_local(local);
}

TEST(FclibFile, BadFilesThrowWithTheFileName) {
  expectFormatError(tempPath("does_not_exist.hdf5"), "cannot open");
  const std::string text = tempPath("text.hdf5");
  std::ofstream(text) << "3 1 0 3 3\n";
  expectFormatError(text, "not an HDF5 file");
  // a truncated HDF5 file
  const std::string full = tempPath("full.hdf5");
  mn::writeFclibLocal(smallProblem(), full);
  const std::string truncated = tempPath("truncated.hdf5");
  {
    std::ifstream in(full, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream out(truncated, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 3));
  }
  EXPECT_THROW((void)mn::readFclibLocal(truncated), mn::FclibFormatError);
  // missing pieces and inconsistent sizes
  const std::string noW = tempPath("no_w.hdf5");
  writePartialFile(noW, false, true);
  expectFormatError(noW, "missing group /fclib_local/W");
  const std::string badW = tempPath("bad_w.hdf5");
  writePartialFile(badW, true, true);
  expectFormatError(badW, "nzmax");
  const std::string noVectors = tempPath("no_vectors.hdf5");
  writePartialFile(noVectors, true, false);
  EXPECT_THROW((void)mn::readFclibLocal(noVectors), mn::FclibFormatError);
  // an empty HDF5 file
  const std::string empty = tempPath("empty.hdf5");
  H5Fclose(H5Fcreate(empty.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
  expectFormatError(empty, "missing group /fclib_local");
  EXPECT_THROW((void)mn::fclibProblemForm(empty), mn::FclibFormatError);
  EXPECT_THROW((void)mn::readFclibGlobal(empty), mn::FclibFormatError);
  // an unwritable path
  EXPECT_THROW(mn::writeFclibLocal(smallProblem(), "/nonexistent-dir/x.hdf5"),
               mn::FclibFormatError);
}
