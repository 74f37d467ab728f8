// NumericsMatrix block reader/writer; the layouts are described in
// docs/numerics/file-format.md (spec: shared/spec/siconos-reference.md §3.3).
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using Triplets = std::vector<Eigen::Triplet<double>>;

// Guards against absurd sizes in corrupted files (1 GiB of dense doubles).
constexpr long kMaxDim = 1L << 30;
constexpr long kMaxDenseEntries = 1L << 27;

std::string shape(long rows, long cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

Matrix readDense(DatTokenizer& tok, long rows, long cols) {
  const long r2 = tok.readInt("dense matrix row count (repeated)", 0, kMaxDim);
  const long c2 = tok.readInt("dense matrix column count (repeated)", 0, kMaxDim);
  if (r2 != rows || c2 != cols) {
    tok.fail("dense matrix repeated sizes " + shape(r2, c2) + " differ from header " +
             shape(rows, cols));
  }
  if (rows * cols > kMaxDenseEntries) {
    tok.fail("dense matrix " + shape(rows, cols) + " is too large");
  }
  tok.checkDeclared(rows * cols, 1, "dense matrix values (" + shape(rows, cols) + ")");
  Eigen::MatrixXd m(rows, cols);
  // Column-major order: entry (i, j) is value number i + j * rows.
  double* data = m.data();
  for (long k = 0; k < rows * cols; ++k) data[k] = tok.readDouble("dense matrix value");
  return Matrix(std::move(m));
}

// A block count just read: at most one block per row (column) and one offset per
// block in the rest of the file.
long readBlockCount(DatTokenizer& tok, const char* what, long total, const char* unit) {
  const long count = tok.readInt(what, 1, kMaxDim);
  tok.checkDeclared(count, 1, what);
  if (count > total) {
    tok.fail("declared " + std::to_string(count) + " " + what + " for " + std::to_string(total) +
             " " + unit + " (blocks are not empty)");
  }
  return count;
}

// Cumulative block offsets; must increase strictly and end at `total`.
std::vector<long> readOffsets(DatTokenizer& tok, long count, long total, const char* what) {
  std::vector<long> offsets(static_cast<size_t>(count));
  long previous = 0;
  for (long k = 0; k < count; ++k) {
    const long v = tok.readInt(what, 1, kMaxDim);
    if (v <= previous) tok.fail(std::string(what) + " must increase strictly (cumulative)");
    offsets[static_cast<size_t>(k)] = previous = v;
  }
  if (count > 0 && previous != total) {
    tok.fail(std::string(what) + " end at " + std::to_string(previous) +
             " but the matrix size is " + std::to_string(total));
  }
  return offsets;
}

Matrix readSparseBlock(DatTokenizer& tok, long rows, long cols) {
  const long nbblocks = tok.readInt("SBM block count (nbblocks)", 0, kMaxDim);
  // Each block takes a block-column index, a block number and at least one value.
  tok.checkDeclared(nbblocks, 3, "SBM blocks (nbblocks)");
  if (nbblocks == 0) {  // Siconos writes nothing more: an all-zero matrix.
    std::vector<Index> rb, cb;
    if (rows > 0) rb.push_back(rows);
    if (cols > 0) cb.push_back(cols);
    return Matrix(SparseBlockMatrix(rb, cb, {}));
  }
  const long bn0 = readBlockCount(tok, "SBM block rows (blocknumber0)", rows, "rows");
  const long bn1 = readBlockCount(tok, "SBM block columns (blocknumber1)", cols, "columns");
  const auto size0 = readOffsets(tok, bn0, rows, "SBM cumulative block-row sizes (blocksize0)");
  const auto size1 = readOffsets(tok, bn1, cols, "SBM cumulative block-column sizes (blocksize1)");
  if (nbblocks > bn0 * bn1) {  // bn0, bn1 <= 2^30: no overflow
    tok.fail("declared " + std::to_string(nbblocks) + " SBM blocks (nbblocks) for a " +
             shape(bn0, bn1) + " block grid");
  }
  const long filled1 = tok.readInt("SBM filled1", 0, kMaxDim);
  if (filled1 != bn0 + 1) {
    tok.fail("SBM filled1 = " + std::to_string(filled1) +
             " must be blocknumber0 + 1 = " + std::to_string(bn0 + 1));
  }
  const long filled2 = tok.readInt("SBM filled2", 0, kMaxDim);
  if (filled2 != nbblocks) {
    tok.fail("SBM filled2 = " + std::to_string(filled2) +
             " must equal nbblocks = " + std::to_string(nbblocks));
  }
  std::vector<long> index1(static_cast<size_t>(filled1));
  for (long k = 0; k < filled1; ++k) {
    const long v = tok.readInt("SBM block-row pointer (index1_data)", 0, nbblocks);
    if ((k == 0 && v != 0) || (k > 0 && v < index1[static_cast<size_t>(k - 1)])) {
      tok.fail("SBM block-row pointers (index1_data) must start at 0 and not decrease");
    }
    index1[static_cast<size_t>(k)] = v;
  }
  if (index1.back() != nbblocks) {
    tok.fail("SBM last block-row pointer (index1_data) must equal nbblocks = " +
             std::to_string(nbblocks));
  }
  std::vector<long> index2(static_cast<size_t>(filled2));
  for (long k = 0; k < filled2; ++k) {
    index2[static_cast<size_t>(k)] =
        tok.readInt("SBM block-column index (index2_data)", 0, bn1 - 1);
  }
  // Block sizes from the cumulative offsets; the pattern from the block CSR.
  std::vector<Index> rb(static_cast<size_t>(bn0)), cb(static_cast<size_t>(bn1));
  for (long i = 0; i < bn0; ++i) {
    rb[static_cast<size_t>(i)] =
        size0[static_cast<size_t>(i)] - (i == 0 ? 0 : size0[static_cast<size_t>(i - 1)]);
  }
  for (long j = 0; j < bn1; ++j) {
    cb[static_cast<size_t>(j)] =
        size1[static_cast<size_t>(j)] - (j == 0 ? 0 : size1[static_cast<size_t>(j - 1)]);
  }
  std::vector<std::pair<Index, Index>> pattern;
  pattern.reserve(static_cast<size_t>(nbblocks));
  // The values of the stored blocks must fit in the rest of the file (checked
  // before SparseBlockMatrix allocates them; the sum stops growing past the bound).
  const long valuesLeft = tok.maxTokensLeft();
  long values = 0;
  for (long br = 0; br < bn0; ++br) {
    for (long k = index1[static_cast<size_t>(br)]; k < index1[static_cast<size_t>(br + 1)]; ++k) {
      const long bc = index2[static_cast<size_t>(k)];
      pattern.emplace_back(br, bc);
      if (values <= valuesLeft) {
        values += static_cast<long>(rb[static_cast<size_t>(br)] * cb[static_cast<size_t>(bc)]);
      }
    }
  }
  tok.checkDeclared(values, 1, "SBM block values");
  SparseBlockMatrix sbm;
  try {
    sbm = SparseBlockMatrix(rb, cb, pattern);
  } catch (const std::invalid_argument& e) {
    tok.fail(std::string("SBM structure: ") + e.what());
  }
  for (long br = 0; br < bn0; ++br) {
    for (long k = index1[static_cast<size_t>(br)]; k < index1[static_cast<size_t>(br + 1)]; ++k) {
      // Siconos only warns when the block number differs from k; so do we (silently).
      tok.readInt("SBM block number", 0, kMaxDim);
      const Index kb = sbm.findBlock(br, index2[static_cast<size_t>(k)]);
      // Block values are column-major, as in our storage.
      double* dst = sbm.values().data() + sbm.blockOffset(kb);
      const Index count = sbm.rowBlockSize(br) * sbm.colBlockSize(index2[static_cast<size_t>(k)]);
      for (Index t = 0; t < count; ++t) dst[t] = tok.readDouble("SBM block value");
    }
  }
  return Matrix(std::move(sbm));
}

// Strips one trailing comma ("3822," -> "3822").
std::string stripComma(std::string_view s) {
  if (!s.empty() && s.back() == ',') s.remove_suffix(1);
  return std::string(s);
}

Matrix readCSparse(DatTokenizer& tok, long rows, long cols) {
  tok.readInt("CSparse origin (0 unknown, 1 triplet, 2 CSC, 3 CSR, 4 half triplet)", 0, 4);
  tok.expect("CSparse");
  tok.skipLine();  // rest of the banner: "Version ..., Copyright ..."
  std::string_view head = tok.next("CSparse header");
  enum class Kind { Csc, Csr, Triplet } kind = Kind::Csc;
  if (head == "triplet:") {
    kind = Kind::Triplet;
    head = tok.next("CSparse header 'm-by-n,'");
  } else if (head == "csr:") {
    kind = Kind::Csr;
    head = tok.next("CSparse header 'm-by-n,'");
  }
  const std::string dims = stripComma(head);
  const auto by = dims.find("-by-");
  long m = -1;
  long n = -1;
  if (by != std::string::npos) {
    try {
      std::size_t used = 0;
      m = std::stol(dims.substr(0, by), &used);
      if (used != by) m = -1;
      const std::string ns = dims.substr(by + 4);
      n = std::stol(ns, &used);
      if (used != ns.size()) n = -1;
    } catch (const std::exception&) {
      m = n = -1;
    }
  }
  if (m < 0 || n < 0) tok.failExpected("CSparse dimensions 'm-by-n,'", head);
  if (m != rows || n != cols) {
    tok.fail("CSparse dimensions " + shape(m, n) + " differ from header " + shape(rows, cols));
  }
  tok.expect("nzmax:");
  tok.readIndex("CSparse nzmax", 0, kMaxDim);
  tok.expect("nnz:");
  const std::string nnzTok = stripComma(tok.next("CSparse nnz"));
  DatTokenizer nnzParse(tok.name(), nnzTok);
  long nnz = -1;
  try {
    nnz = nnzParse.readIndex("CSparse nnz", 0, kMaxDim);
  } catch (const DatFormatError&) {
    tok.failExpected("CSparse nnz", nnzTok);
  }
  // An entry is "i j : v" (triplet) or "i : v"; a column (row) of CSC (CSR) is
  // announced by "col j : locations START to END".
  tok.checkDeclared(nnz, kind == Kind::Triplet ? 4 : 3, "CSparse entries (nnz)");
  if (kind != Kind::Triplet) {
    tok.checkDeclared(kind == Kind::Csc ? cols : rows, 7,
                      kind == Kind::Csc ? "CSparse columns" : "CSparse rows");
  }
  tok.skipLine();  // ", 1-norm: X" for CSC

  Triplets triplets;
  triplets.reserve(static_cast<size_t>(nnz));
  if (kind == Kind::Triplet) {
    for (long k = 0; k < nnz; ++k) {
      const long i = tok.readIndex("triplet row index", 0, rows - 1);
      const long j = tok.readIndex("triplet column index", 0, cols - 1);
      tok.expect(":");
      triplets.emplace_back(i, j, tok.readDouble("triplet value"));
    }
  } else {
    const bool csc = kind == Kind::Csc;
    const long outer = csc ? cols : rows;
    const long inner = csc ? rows : cols;
    long next = 0;
    for (long j = 0; j < outer; ++j) {
      tok.expect(csc ? "col" : "row");
      const long jj = tok.readIndex(csc ? "column number" : "row number", 0, outer - 1);
      if (jj != j)
        tok.fail("expected " + std::string(csc ? "column " : "row ") + std::to_string(j) +
                 ", found " + std::to_string(jj));
      tok.expect(":");
      tok.expect("locations");
      const long start = tok.readIndex("start location", 0, kMaxDim);
      tok.expect("to");
      const long end = tok.readIndex("end location", -1, kMaxDim);
      if (start != next || end + 1 < start || end + 1 > nnz) {
        tok.fail("inconsistent locations " + std::to_string(start) + " to " + std::to_string(end) +
                 " (expected start " + std::to_string(next) + ", nnz " + std::to_string(nnz) + ")");
      }
      for (long k = start; k <= end; ++k) {
        const long i = tok.readIndex(csc ? "row index" : "column index", 0, inner - 1);
        tok.expect(":");
        const double v = tok.readDouble("sparse value");
        if (csc) {
          triplets.emplace_back(i, j, v);
        } else {
          triplets.emplace_back(j, i, v);
        }
      }
      next = end + 1;
    }
    if (next != nnz)
      tok.fail("CSparse body has " + std::to_string(next) + " entries, nnz is " +
               std::to_string(nnz));
  }
  Eigen::SparseMatrix<double> mat(rows, cols);
  mat.setFromTriplets(triplets.begin(), triplets.end());
  return Matrix(std::move(mat));
}

void check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string(what) + ": write error");
}

}  // namespace

Matrix readNumericsMatrix(DatTokenizer& tokens, const MatrixShapeCheck& checkShape) {
  const long storage =
      tokens.readInt("matrix storage type (0 dense, 1 sparse block, 2 sparse)", 0, 2);
  const long rows = tokens.readInt("matrix row count", 0, kMaxDim);
  const long cols = tokens.readInt("matrix column count", 0, kMaxDim);
  if (checkShape) checkShape(rows, cols);
  if (storage == 2) {
    // Eigen's compressed-column storage takes one pointer per column even for an
    // empty matrix: a problem matrix's columns each have a value of q somewhere in
    // the file, so the file's whole text bounds them.
    const long most = static_cast<long>((tokens.textSize() + 1) / 2);
    if (cols > most && cols > DatTokenizer::kUncheckedCount) {
      tokens.fail("declared " + std::to_string(cols) +
                  " sparse matrix columns but the file holds at most " + std::to_string(most));
    }
  }
  switch (storage) {
    case 0:
      return readDense(tokens, rows, cols);
    case 1:
      return readSparseBlock(tokens, rows, cols);
    default:
      return readCSparse(tokens, rows, cols);
  }
}

void writeNumericsMatrixDense(const Matrix& matrix, std::FILE* out) {
  const Eigen::MatrixXd dense = matrix.toDense();
  const long rows = static_cast<long>(dense.rows());
  const long cols = static_cast<long>(dense.cols());
  bool ok = std::fprintf(out, "0\n%ld %ld\n%ld\t%ld\n", rows, cols, rows, cols) > 0;
  // Column-major, a line break after every `cols` values (Siconos layout).
  const double* data = dense.data();
  const long total = rows * cols;
  for (long k = 0; k < total && ok; ++k) {
    ok = std::fprintf(out, "%.17g%c", data[k], (k + 1) % cols == 0 ? '\n' : ' ') > 0;
  }
  check(ok, "writeNumericsMatrixDense");
}

void writeNumericsMatrixSparseBlock(const Matrix& matrix, std::FILE* out) {
  const SparseBlockMatrix converted =
      matrix.isSparseBlock() ? SparseBlockMatrix() : matrix.toSparseBlock();
  const SparseBlockMatrix& a = matrix.isSparseBlock() ? matrix.sparseBlock() : converted;
  bool ok = std::fprintf(out, "1\n%ld %ld\n", static_cast<long>(a.rows()),
                         static_cast<long>(a.cols())) > 0;
  // Zero-size block rows/columns are not representable (cumulative offsets must
  // increase strictly) and hold no value: renumber the others.
  std::vector<long> rowMap(static_cast<size_t>(a.blockRows()), -1);
  std::vector<long> colMap(static_cast<size_t>(a.blockCols()), -1);
  std::vector<long> rowEnds, colEnds;
  for (Index i = 0; i < a.blockRows(); ++i) {
    if (a.rowBlockSize(i) == 0) continue;
    rowMap[static_cast<size_t>(i)] = static_cast<long>(rowEnds.size());
    rowEnds.push_back(static_cast<long>(a.rowBlockOffset(i) + a.rowBlockSize(i)));
  }
  for (Index j = 0; j < a.blockCols(); ++j) {
    if (a.colBlockSize(j) == 0) continue;
    colMap[static_cast<size_t>(j)] = static_cast<long>(colEnds.size());
    colEnds.push_back(static_cast<long>(a.colBlockOffset(j) + a.colBlockSize(j)));
  }
  // Stored blocks of zero size are dropped as well.
  std::vector<Index> kept;
  for (Index k = 0; k < a.nonZeroBlocks(); ++k) {
    const Index i = a.blockRowOf(k);
    if (rowMap[static_cast<size_t>(i)] >= 0 &&
        colMap[static_cast<size_t>(a.columnIndex()[static_cast<size_t>(k)])] >= 0) {
      kept.push_back(k);
    }
  }
  ok = ok && std::fprintf(out, "%ld\n", static_cast<long>(kept.size())) > 0;
  if (kept.empty()) {  // Siconos writes nothing more for an empty SBM
    check(ok, "writeNumericsMatrixSparseBlock");
    return;
  }
  const auto printList = [&](const std::vector<long>& v) {
    for (size_t t = 0; t < v.size() && ok; ++t) {
      ok = std::fprintf(out, "%ld%c", v[t], t + 1 == v.size() ? '\n' : ' ') > 0;
    }
  };
  ok = ok && std::fprintf(out, "%ld\n%ld\n", static_cast<long>(rowEnds.size()),
                          static_cast<long>(colEnds.size())) > 0;
  printList(rowEnds);
  printList(colEnds);
  ok = ok && std::fprintf(out, "%ld\n%ld\n", static_cast<long>(rowEnds.size() + 1),
                          static_cast<long>(kept.size())) > 0;
  std::vector<long> ptr(rowEnds.size() + 1, 0), idx;
  for (Index k : kept) {
    ++ptr[static_cast<size_t>(rowMap[static_cast<size_t>(a.blockRowOf(k))]) + 1];
    idx.push_back(colMap[static_cast<size_t>(a.columnIndex()[static_cast<size_t>(k)])]);
  }
  for (size_t t = 1; t < ptr.size(); ++t) ptr[t] += ptr[t - 1];
  printList(ptr);
  printList(idx);
  long number = 0;
  for (Index k : kept) {
    ok = ok && std::fprintf(out, "%ld\n", number++) > 0;
    const auto b = a.block(k);
    const double* v = b.data();
    for (Index t = 0; t < b.size() && ok; ++t) ok = std::fprintf(out, "%.17g\n", v[t]) > 0;
  }
  check(ok, "writeNumericsMatrixSparseBlock");
}

void writeNumericsMatrixCSparse(const Matrix& matrix, std::FILE* out) {
  const Eigen::SparseMatrix<double> converted =
      matrix.isSparse() ? Eigen::SparseMatrix<double>() : matrix.toSparse();
  const Eigen::SparseMatrix<double>& a = matrix.isSparse() ? matrix.sparse() : converted;
  const long m = static_cast<long>(a.rows());
  const long n = static_cast<long>(a.cols());
  const long nnz = static_cast<long>(a.nonZeros());
  double norm1 = 0.0;
  for (Index j = 0; j < a.outerSize(); ++j) {
    double s = 0.0;
    for (Eigen::SparseMatrix<double>::InnerIterator it(a, j); it; ++it) s += std::abs(it.value());
    norm1 = std::max(norm1, s);
  }
  bool ok = std::fprintf(out, "2\n%ld %ld\n2\n", m, n) > 0;
  ok = ok && std::fprintf(out,
                          "CSparse Version 3.2.0 (Moreau writer, values with %%.17g)\n"
                          "%ld-by-%ld, nzmax: %ld nnz: %ld, 1-norm: %.17g\n",
                          m, n, nnz, nnz, norm1) > 0;
  long p = 0;
  for (Index j = 0; j < a.outerSize() && ok; ++j) {
    long count = 0;
    for (Eigen::SparseMatrix<double>::InnerIterator it(a, j); it; ++it) ++count;
    ok = std::fprintf(out, "    col %ld : locations %ld to %ld\n", static_cast<long>(j), p,
                      p + count - 1) > 0;
    for (Eigen::SparseMatrix<double>::InnerIterator it(a, j); it && ok; ++it) {
      ok = std::fprintf(out, "      %ld : %.17g\n", static_cast<long>(it.row()), it.value()) > 0;
    }
    p += count;
  }
  check(ok, "writeNumericsMatrixCSparse");
}

void writeNumericsMatrix(const Matrix& matrix, std::FILE* out) {
  switch (matrix.storage()) {
    case Matrix::Storage::Dense:
      writeNumericsMatrixDense(matrix, out);
      return;
    case Matrix::Storage::SparseBlock:
      writeNumericsMatrixSparseBlock(matrix, out);
      return;
    case Matrix::Storage::Sparse:
      writeNumericsMatrixCSparse(matrix, out);
      return;
  }
}

Eigen::VectorXd readDatVector(DatTokenizer& tokens, Eigen::Index count, const char* what) {
  tokens.checkDeclared(static_cast<long>(count), 1, std::string("values for ") + what);
  Eigen::VectorXd v(count);
  for (Eigen::Index i = 0; i < count; ++i) v[i] = tokens.readDouble(what);
  return v;
}

void writeDatVector(const Eigen::VectorXd& v, std::FILE* out) {
  bool ok = true;
  for (Eigen::Index i = 0; i < v.size() && ok; ++i) {
    ok = std::fprintf(out, "%.17g%c", v[i], i + 1 == v.size() ? '\n' : ' ') > 0;
  }
  if (v.size() == 0) ok = std::fputc('\n', out) != EOF;
  check(ok, "writeDatVector");
}

}  // namespace moreau::numerics
