// MLCP `.dat` reader/writer (layout: docs/numerics/file-format.md, spec §3.2).
#include <moreau/numerics/io/MlcpFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include "DatReaders.hpp"

#include <cmath>
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

// Storage-1 part of a file whose M has more rows than unknowns.
struct RectangularPart {
  Eigen::MatrixXd M;  // N x (n + m)
  Eigen::VectorXd q;  // the n + m values of the file
};

// Siconos' legacy rectangular layout (mixedLinearComplementarity_newFromFileOld,
// and the no-block path of mlcp_compute_error): M is N x (n+m) with N > n+m,
// rows 0..N-m-1 are equality rows and the last m rows complementarity rows
// paired with z_n..z_{n+m-1}. The square problem keeps equality rows 0..n-1
// and the m complementarity rows (exactly the storage-2 A, B, C, D, a, b);
// equality rows n..N-m-1 become extra equality rows. q has only n+m values in
// the file: the constants of rows n+m..N-1 are taken from storage 2's b
// (which must agree with the file where both exist), which is possible when
// N - m <= n + m. Storage 2 must agree with M.
MixedLinearComplementarityProblem buildRectangular(
    DatTokenizer& tok, const RectangularPart& rp, Index n, Index m, const Eigen::MatrixXd& A,
    const Eigen::MatrixXd& B, const Eigen::MatrixXd& C, const Eigen::MatrixXd& D,
    const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Index rows = rp.M.rows();
  const Index size = n + m;
  const Index extra = rows - size;
  const std::string shape = std::to_string(rows) + "x" + std::to_string(size);
  // rows − m ≤ n + m: checked before M was read (readMlcp).
  const auto close = [](double x, double y) {
    return std::abs(x - y) <= 1e-12 * (1.0 + std::abs(x));
  };
  const auto agree = [&](const Eigen::MatrixXd& X, const Eigen::MatrixXd& Y) {
    for (Index j = 0; j < X.cols(); ++j)
      for (Index i = 0; i < X.rows(); ++i)
        if (!close(X(i, j), Y(i, j))) return false;
    return true;
  };
  Eigen::VectorXd qFull(rows);
  qFull.head(size) = rp.q;
  for (Index k = 0; k < m; ++k) {
    const Index i = rows - m + k;
    if (i < size && !close(qFull[i], b[k])) {
      tok.fail("MLCP q[" + std::to_string(i) + "] = " + std::to_string(qFull[i]) +
               " disagrees with b[" + std::to_string(k) + "] = " + std::to_string(b[k]) +
               " (rectangular M " + shape + ": row " + std::to_string(i) +
               " is a complementarity row)");
    }
    qFull[i] = b[k];
  }
  const auto& M = rp.M;
  if (!agree(A, M.topLeftCorner(n, n)) || !agree(C, M.topRightCorner(n, m)) ||
      !agree(D, M.bottomLeftCorner(m, n)) || !agree(B, M.bottomRightCorner(m, m)) ||
      !agree(a, qFull.head(n))) {
    tok.fail("MLCP storage 2 (A, B, C, D, a) disagrees with the rectangular M " + shape +
             " (expected A, C from its first n rows, D, B from its last m rows)");
  }
  Eigen::MatrixXd square(size, size);
  square.topRows(n) = M.topRows(n);
  square.bottomRows(m) = M.bottomRows(m);
  Eigen::VectorXd qSquare(size);
  qSquare.head(n) = qFull.head(n);
  qSquare.tail(m) = qFull.tail(m);
  try {
    MixedLinearComplementarityProblem p(std::move(square), std::move(qSquare), n, m);
    p.setExtraEqualityRows(M.middleRows(n, extra), qFull.segment(n, extra));
    return p;
  } catch (const std::invalid_argument& e) {
    tok.fail(e.what());
  }
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
  std::optional<RectangularPart> rect;
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
    // More rows than unknowns: Siconos' legacy rectangular layout (see
    // buildRectangular); fewer rows, or a column count other than n + m, is an
    // error, reported before the matrix values are allocated.
    Matrix M = readNumericsMatrix(tok, [&](long rows, long cols) {
      const bool rectangularShape = rows > size && cols == size;
      if (!rectangularShape && (rows != size || cols != size)) {
        tok.fail("MLCP matrix M is " + std::to_string(rows) + "x" + std::to_string(cols) +
                 ", n + m = " + std::to_string(size) +
                 (cols == size && rows < size ? " (fewer rows than unknowns)" : ""));
      }
      // The legacy layout is copied to a dense matrix (buildRectangular): its row count is
      // bounded here, before any value or that copy is allocated (a sparse M may declare any
      // number of rows in a few bytes).
      if (rectangularShape && rows - m > size) {
        tok.fail("MLCP matrix M is " + std::to_string(rows) + "x" + std::to_string(cols) +
                 ": the constants of equality rows " + std::to_string(size) + ".." +
                 std::to_string(rows - m - 1) +
                 " are in neither q (n + m values) nor b; at most m = " + std::to_string(m) +
                 " rows more than unknowns can be read");
      }
      if (rectangularShape && rows * cols > kMaxDenseEntries) {
        tok.fail("MLCP matrix M (" + std::to_string(rows) + "x" + std::to_string(cols) +
                 ", Siconos' legacy rectangular layout, read as a dense matrix) is too large");
      }
    });
    const bool rectangular = M.rows() > size && M.cols() == size;
    Eigen::VectorXd q = readDatVector(tok, M.cols(), "MLCP q value");
    long compRows = 0;
    for (std::size_t k = 0; k < blocksIsComp.size(); ++k) {
      if (blocksIsComp[k] != 0) compRows += static_cast<long>(blocksRows[k + 1] - blocksRows[k]);
    }
    if (compRows != m) {
      tok.fail("MLCP blocksIsComp flags give " + std::to_string(compRows) +
               " complementarity rows, m is " + std::to_string(m));
    }
    if (rectangular) {
      for (std::size_t k = 0; k + 1 < blocksRows.size(); ++k) {
        if ((blocksIsComp[k] != 0) != (blocksRows[k] >= n)) {
          tok.fail("MLCP matrix M is " + std::to_string(M.rows()) + "x" + std::to_string(M.cols()) +
                   " (more rows than unknowns, Siconos' legacy layout: equality rows first, the "
                   "last m rows complementarity), but blocksRows/blocksIsComp do not put the " +
                   std::to_string(n) + " equality rows first");
        }
      }
      rect.emplace(RectangularPart{M.toDense(), std::move(q)});
    } else {
      try {
        fromStorage1.emplace(std::move(M), std::move(q), std::move(blocksRows),
                             std::move(blocksIsComp));
      } catch (const std::invalid_argument& e) {
        tok.fail(e.what());
      }
    }
  }
  if (rect && !st2) {
    tok.fail("MLCP matrix M is " + std::to_string(rect->M.rows()) + "x" +
             std::to_string(rect->M.cols()) + " but q has only n + m = " + std::to_string(size) +
             " values (Siconos reads q with M's column count): the constants of rows " +
             std::to_string(size) + ".." + std::to_string(rect->M.rows() - 1) +
             " are missing and there is no storage-2 part to take them from");
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
  if (rect && part != MlcpFilePart::Storage2) {
    return buildRectangular(tok, *rect, n, m, A, B, C, D, a, b);
  }
  if (fromStorage1 && part != MlcpFilePart::Storage2) return std::move(*fromStorage1);
  if (part == MlcpFilePart::Storage1 && !st1) {
    tok.fail("MLCP file has no storage 1 part (M, q)");
  }
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
  const Index extra = problem.hasExtraEqualityRows() ? problem.extraEqualityRows().rows() : 0;
  if (extra > 0 && options.storage1 &&
      (!options.storage2 || !problem.isCanonical() || extra > problem.m())) {
    throw std::invalid_argument(
        "writeMlcpFile: a problem with " + std::to_string(extra) +
        " extra equality rows is written in Siconos' rectangular layout, which needs storage 2 "
        "(the constants of the last rows are only in b), the equality rows first, and at most "
        "m = " +
        std::to_string(problem.m()) + " extra rows");
  }
  if (extra > 0 && !options.storage1) {
    throw std::invalid_argument("writeMlcpFile: storage 2 alone cannot hold the " +
                                std::to_string(extra) + " extra equality rows");
  }
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
    if (extra > 0) {
      // Rectangular layout: rows [equalities (n); extra (r); complementarity (m)],
      // q with its first n + m values (as Siconos writes and reads it).
      const Index n = problem.n();
      const Index size = problem.size();
      const Eigen::MatrixXd square = problem.M().toDense();
      Eigen::MatrixXd rect(size + extra, size);
      rect << square.topRows(n), problem.extraEqualityRows(), square.bottomRows(problem.m());
      Eigen::VectorXd qFull(size + extra);
      qFull << problem.q().head(n), problem.extraEqualityConstants(), problem.q().tail(problem.m());
      writeNumericsMatrix(Matrix(std::move(rect)), f);
      writeDatVector(qFull.head(size), f);
    } else {
      writeNumericsMatrix(problem.M(), f);
      writeDatVector(problem.q(), f);
    }
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
