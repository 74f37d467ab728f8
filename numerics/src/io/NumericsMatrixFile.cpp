// NumericsMatrix block reader/writer; the layouts are described in
// docs/numerics/file-format.md (spec: shared/spec/siconos-reference.md §3.3).
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>

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
  Eigen::MatrixXd m(rows, cols);
  // Column-major order: entry (i, j) is value number i + j * rows.
  double* data = m.data();
  for (long k = 0; k < rows * cols; ++k) data[k] = tok.readDouble("dense matrix value");
  return Matrix(std::move(m));
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
  if (nbblocks == 0) {  // Siconos writes nothing more: an all-zero matrix.
    return Matrix(Eigen::SparseMatrix<double>(rows, cols));
  }
  const long bn0 = tok.readInt("SBM block-row count (blocknumber0)", 1, kMaxDim);
  const long bn1 = tok.readInt("SBM block-column count (blocknumber1)", 1, kMaxDim);
  const auto size0 = readOffsets(tok, bn0, rows, "SBM cumulative block-row sizes (blocksize0)");
  const auto size1 = readOffsets(tok, bn1, cols, "SBM cumulative block-column sizes (blocksize1)");
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
  Triplets triplets;
  for (long br = 0; br < bn0; ++br) {
    const long r0 = br == 0 ? 0 : size0[static_cast<size_t>(br - 1)];
    const long nr = size0[static_cast<size_t>(br)] - r0;
    for (long k = index1[static_cast<size_t>(br)]; k < index1[static_cast<size_t>(br + 1)]; ++k) {
      // Siconos only warns when the block number differs from k; so do we (silently).
      tok.readInt("SBM block number", 0, kMaxDim);
      const long bc = index2[static_cast<size_t>(k)];
      const long c0 = bc == 0 ? 0 : size1[static_cast<size_t>(bc - 1)];
      const long nc = size1[static_cast<size_t>(bc)] - c0;
      for (long j = 0; j < nc; ++j) {  // block values are column-major
        for (long i = 0; i < nr; ++i) {
          const double v = tok.readDouble("SBM block value");
          if (v != 0.0) triplets.emplace_back(r0 + i, c0 + j, v);
        }
      }
    }
  }
  Eigen::SparseMatrix<double> m(rows, cols);
  m.setFromTriplets(triplets.begin(), triplets.end());
  return Matrix(std::move(m));
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

}  // namespace

Matrix readNumericsMatrix(DatTokenizer& tokens) {
  const long storage =
      tokens.readInt("matrix storage type (0 dense, 1 sparse block, 2 sparse)", 0, 2);
  const long rows = tokens.readInt("matrix row count", 0, kMaxDim);
  const long cols = tokens.readInt("matrix column count", 0, kMaxDim);
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
  if (!ok) throw std::runtime_error("writeNumericsMatrixDense: write error");
}

}  // namespace moreau::numerics
