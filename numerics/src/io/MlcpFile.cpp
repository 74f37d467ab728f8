// MLCP `.dat` reader/writer (layout: docs/numerics/file-format.md, spec §3.2).
#include <moreau/numerics/io/MlcpFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include "DatReaders.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
constexpr long kMaxDim = 1L << 30;
constexpr long kMaxDenseEntries = 1L << 27;

// rows x cols doubles written row by row.
Eigen::MatrixXd readRowMajor(DatTokenizer& tok, long rows, long cols, const char* what) {
  if (rows * cols > kMaxDenseEntries) {
    tok.fail(std::string(what) + " (" + std::to_string(rows) + "x" + std::to_string(cols) +
             ") is too large");
  }
  tok.checkDeclared(rows * cols, 1, std::string("values for ") + what);
  Eigen::MatrixXd m(rows, cols);
  for (long i = 0; i < rows; ++i)
    for (long j = 0; j < cols; ++j) m(i, j) = tok.readDouble(what);
  return m;
}

bool writeRowMajor(const Eigen::MatrixXd& m, std::FILE* out) {
  bool ok = true;
  for (Index i = 0; i < m.rows() && ok; ++i) {
    for (Index j = 0; j < m.cols() && ok; ++j) {
      ok = std::fprintf(out, "%.17g%c", m(i, j), j + 1 == m.cols() ? '\n' : ' ') > 0;
    }
  }
  return ok;
}

}  // namespace

namespace io_detail {

MixedLinearComplementarityProblem readMlcp(DatTokenizer& tok, MlcpFilePart part) {
  const bool st1 = tok.readInt("MLCP isStorageType1 (0 or 1)", 0, 1) != 0;
  const bool st2 = tok.readInt("MLCP isStorageType2 (0 or 1)", 0, 1) != 0;
  if (!st1 && !st2) tok.fail("MLCP file has neither storage 1 nor storage 2 (both flags are 0)");
  const long n = tok.readInt("MLCP n (number of equality rows)", 0, kMaxDim);
  const long m = tok.readInt("MLCP m (number of complementarity rows)", 0, kMaxDim);
  const long size = n + m;
  // Values the parts hold: q (n+m) for storage 1; A, B, C, D ((n+m)^2), a, b for
  // storage 2. n, m <= 2^30: no overflow.
  tok.checkDeclared((st1 ? size : 0) + (st2 ? size * size + size : 0), 1,
                    "MLCP values (n = " + std::to_string(n) + ", m = " + std::to_string(m) + ")");

  std::optional<MixedLinearComplementarityProblem> fromStorage1;
  if (st1) {
    std::vector<Index> blocksRows;
    for (;;) {  // Siconos: read until a value >= n+m appears (that value included)
      const long v = tok.readInt("MLCP blocksRows entry", 0, kMaxDim);
      if (blocksRows.empty() && v != 0) tok.fail("MLCP blocksRows must start at 0");
      if (!blocksRows.empty() && v <= blocksRows.back())
        tok.fail("MLCP blocksRows must increase strictly");
      blocksRows.push_back(v);
      if (v >= size) {
        if (v != size)
          tok.fail("MLCP blocksRows end at " + std::to_string(v) + ", n + m is " +
                   std::to_string(size));
        break;
      }
    }
    std::vector<int> blocksIsComp;
    for (std::size_t k = 0; k + 1 < blocksRows.size(); ++k) {
      blocksIsComp.push_back(
          static_cast<int>(tok.readInt("MLCP blocksIsComp flag (0 or 1)", 0, 1)));
    }
    Matrix M = readNumericsMatrix(tok, [&](long rows, long cols) {
      if (rows != size || cols != size) {
        tok.fail("MLCP matrix M is " + std::to_string(rows) + "x" + std::to_string(cols) +
                 ", n + m = " + std::to_string(size));
      }
    });
    Eigen::VectorXd q = readDatVector(tok, M.cols(), "MLCP q value");
    long compRows = 0;
    for (std::size_t k = 0; k < blocksIsComp.size(); ++k) {
      if (blocksIsComp[k] != 0) compRows += static_cast<long>(blocksRows[k + 1] - blocksRows[k]);
    }
    if (compRows != m) {
      tok.fail("MLCP blocksIsComp flags give " + std::to_string(compRows) +
               " complementarity rows, m is " + std::to_string(m));
    }
    try {
      fromStorage1.emplace(std::move(M), std::move(q), std::move(blocksRows),
                           std::move(blocksIsComp));
    } catch (const std::invalid_argument& e) {
      tok.fail(e.what());
    }
  }
  if (!st2) {
    if (part == MlcpFilePart::Storage2)
      tok.fail("MLCP file has no storage 2 part (A, B, C, D, a, b)");
    return std::move(*fromStorage1);
  }
  Eigen::MatrixXd A = readRowMajor(tok, n, n, "MLCP A value (row-major)");
  Eigen::MatrixXd B = readRowMajor(tok, m, m, "MLCP B value (row-major)");
  Eigen::MatrixXd C = readRowMajor(tok, n, m, "MLCP C value (row-major)");
  Eigen::MatrixXd D = readRowMajor(tok, m, n, "MLCP D value (row-major)");
  Eigen::VectorXd a = readDatVector(tok, n, "MLCP a value");
  Eigen::VectorXd b = readDatVector(tok, m, "MLCP b value");
  if (fromStorage1 && part != MlcpFilePart::Storage2) return std::move(*fromStorage1);
  if (part == MlcpFilePart::Storage1) tok.fail("MLCP file has no storage 1 part (M, q)");
  try {
    return MixedLinearComplementarityProblem::fromBlocks(A, B, C, D, a, b);
  } catch (const std::invalid_argument& e) {
    tok.fail(e.what());
  }
}

}  // namespace io_detail

MixedLinearComplementarityProblem readMlcpFile(const std::string& path, MlcpFilePart part) {
  DatTokenizer tok = DatTokenizer::fromFile(path);
  return io_detail::guardAllocation(tok, [&] { return io_detail::readMlcp(tok, part); });
}

void writeMlcpFile(const MixedLinearComplementarityProblem& problem, const std::string& path,
                   const MlcpWriteOptions& options) {
  if (!options.storage1 && !options.storage2) {
    throw std::invalid_argument("writeMlcpFile: at least one of storage1/storage2 is needed");
  }
  problem.validate();
  auto out = io_detail::openForWriting(path);
  std::FILE* f = out.get();
  bool ok =
      std::fprintf(f, "%d\n%d\n%ld\n%ld\n", options.storage1 ? 1 : 0, options.storage2 ? 1 : 0,
                   static_cast<long>(problem.n()), static_cast<long>(problem.m())) > 0;
  if (options.storage1) {
    const auto& rows = problem.blocksRows();
    for (std::size_t k = 0; k < rows.size() && ok; ++k) {
      ok = std::fprintf(f, "%ld%c", static_cast<long>(rows[k]), k + 1 == rows.size() ? '\n' : ' ') >
           0;
    }
    const auto& comp = problem.blocksIsComp();
    for (std::size_t k = 0; k < comp.size() && ok; ++k) {
      ok = std::fprintf(f, "%d%c", comp[k] != 0 ? 1 : 0, k + 1 == comp.size() ? '\n' : ' ') > 0;
    }
    if (comp.empty()) ok = ok && std::fputc('\n', f) != EOF;
    writeNumericsMatrix(problem.M(), f);
    writeDatVector(problem.q(), f);
  }
  if (options.storage2) {
    ok = ok && writeRowMajor(problem.A(), f) && writeRowMajor(problem.B(), f) &&
         writeRowMajor(problem.C(), f) && writeRowMajor(problem.D(), f);
    writeDatVector(problem.a(), f);
    writeDatVector(problem.b(), f);
  }
  io_detail::closeChecked(std::move(out), path, ok);
}

}  // namespace moreau::numerics
