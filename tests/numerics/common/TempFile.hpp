#pragma once
// A temporary file removed at the end of the test. ctest runs test cases in
// parallel processes: each case writes in its own folder (process id + test
// name), so that cases never share a file and file names stay as the tests
// expect ("moreau_<name>").

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace moreau::numerics::test {

class TempFile {
 public:
  explicit TempFile(const std::string& name, const std::string& content = "")
      : path_(folder() / ("moreau_" + name)) {
    std::ofstream(path_) << content;
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
    std::filesystem::remove(path_.parent_path(), ec);  // only when empty
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  std::string str() const { return path_.string(); }

 private:
  static std::filesystem::path folder() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir =
        std::filesystem::path(::testing::TempDir()) /
        ("moreau_" + std::to_string(::getpid()) + "_" +
         (info ? std::string(info->test_suite_name()) + "." + info->name() : std::string()));
    std::filesystem::create_directories(dir);
    return dir;
  }
  std::filesystem::path path_;
};

}  // namespace moreau::numerics::test
