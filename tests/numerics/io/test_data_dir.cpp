// The problem files the tests read (test::dataDir(), compiled in as MOREAU_TEST_DATA_DIR) are
// part of the repository: the directory and every file in it resolve inside MOREAU_SOURCE_DIR,
// and every problem kind has files. A clone with nothing beside it must pass the tests.
#include "NumericsTestUtils.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
namespace mn = moreau::numerics;

namespace {

// True when `p` (after resolving symbolic links and "..") lies strictly inside `root`.
::testing::AssertionResult isInside(const fs::path& p, const fs::path& root) {
  const fs::path real = fs::weakly_canonical(p);
  const fs::path base = fs::weakly_canonical(root);
  const fs::path rel = real.lexically_relative(base);
  if (rel.empty() || rel == "." || *rel.begin() == "..") {
    return ::testing::AssertionFailure() << p << " resolves to " << real << ", outside " << base;
  }
  return ::testing::AssertionSuccess();
}

const char* const kKinds[] = {"lcp", "mlcp", "relay", "fc2d", "fc3d"};

TEST(TestData, DirectoryIsInsideTheSourceTree) {
  const fs::path source = MOREAU_SOURCE_DIR;
  ASSERT_TRUE(fs::is_directory(source)) << source;
  EXPECT_TRUE(isInside(mn::test::dataDir(), source));
  EXPECT_TRUE(fs::is_regular_file(fs::path(mn::test::dataDir()) / "README.md"))
      << "tests/data/README.md names the origin and licence of the files";
}

TEST(TestData, EveryKindHasProblemFilesInsideTheSourceTree) {
  const fs::path source = MOREAU_SOURCE_DIR;
  for (const char* kind : kKinds) {
    const fs::path dir = fs::path(mn::test::dataDir()) / kind;
    ASSERT_TRUE(fs::is_directory(dir)) << dir << " is missing";
    EXPECT_TRUE(isInside(dir, source));
    int datFiles = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
      EXPECT_TRUE(isInside(e.path(), source));
      EXPECT_TRUE(fs::is_regular_file(e.path())) << e.path();
      if (e.path().extension() == ".dat" && fs::file_size(e.path()) > 0) ++datFiles;
    }
    EXPECT_GT(datFiles, 0) << "no non-empty .dat file in " << dir;
  }
}

TEST(TestData, InsideCheckRejectsPathsThatEscape) {
  // The check above must be able to fail: a sibling of the source tree, the tree itself and a
  // path climbing out through ".." are not inside it.
  const fs::path source = fs::weakly_canonical(MOREAU_SOURCE_DIR);
  EXPECT_FALSE(isInside(source.parent_path() / "elsewhere" / "data", source));
  EXPECT_FALSE(isInside(source, source));
  EXPECT_FALSE(isInside(source / "tests" / ".." / ".." / "data", source));
  EXPECT_TRUE(isInside(source / "tests" / "data", source));
}

}  // namespace
