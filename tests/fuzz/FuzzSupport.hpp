#pragma once
// Shared pieces of the libFuzzer targets (docs/numerics/fuzzing.md): the input is
// written to a file of this process (the readers' public API reads files), and
// property checks abort with a message so that libFuzzer records the input.

#include <moreau/numerics/Matrix.hpp>

#include <unistd.h>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace moreau::fuzz {

/// Aborts (a libFuzzer finding) with `what`.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "moreau fuzz: property violated: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

inline void require(bool ok, const std::string& what) {
  if (!ok) fail(what);
}

/// A file of this process, rewritten for every input: in $MOREAU_FUZZ_TMPDIR,
/// else /dev/shm (no disk I/O) when writable, else the system temporary folder.
/// Its name carries no problem-kind word (kind detection reads file names).
class FuzzFile {
 public:
  explicit FuzzFile(const std::string& suffix) {
    std::filesystem::path dir;
    if (const char* env = std::getenv("MOREAU_FUZZ_TMPDIR")) {
      dir = env;
    } else if (::access("/dev/shm", W_OK) == 0) {
      dir = "/dev/shm";
    } else {
      dir = std::filesystem::temp_directory_path();
    }
    path_ = (dir / ("moreau-fuzz-" + std::to_string(::getpid()) + "-" + suffix)).string();
  }
  ~FuzzFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  FuzzFile(const FuzzFile&) = delete;
  FuzzFile& operator=(const FuzzFile&) = delete;

  const std::string& path() const { return path_; }

  /// Replaces the file's content by the input; returns its path.
  const std::string& write(const std::uint8_t* data, std::size_t size) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    out.close();
    require(static_cast<bool>(out), "cannot write the fuzz input to " + path_);
    return path_;
  }

 private:
  std::string path_;
};

/// Bitwise equality of two vectors (a written then read value must come back exactly).
inline bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return a.size() == b.size() &&
         (a.size() == 0 || std::memcmp(a.data(), b.data(),
                                       static_cast<std::size_t>(a.size()) * sizeof(double)) == 0);
}

/// Same storage, shape and values (compared entry by entry through the sparse
/// form: finite a - b is exactly 0 only when a == b); for SparseBlock storage, the
/// same block structure too.
inline void requireSameMatrix(const numerics::Matrix& a, const numerics::Matrix& b,
                              const std::string& what) {
  require(a.storage() == b.storage(), what + ": storage changed by the round trip");
  require(a.rows() == b.rows() && a.cols() == b.cols(), what + ": shape changed");
  if (a.isSparseBlock()) {
    const auto& x = a.sparseBlock();
    const auto& y = b.sparseBlock();
    require(x.blockRows() == y.blockRows() && x.blockCols() == y.blockCols() &&
                x.nonZeroBlocks() == y.nonZeroBlocks(),
            what + ": block structure changed");
  }
  const Eigen::SparseMatrix<double> d = a.toSparse() - b.toSparse();
  for (Eigen::Index k = 0; k < d.nonZeros(); ++k) {
    require(d.valuePtr()[k] == 0.0, what + ": values changed by the round trip");
  }
}

}  // namespace moreau::fuzz
