#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace {

using Index = SparseBlockMatrix::Index;

std::size_t u(Index i) { return static_cast<std::size_t>(i); }

std::vector<Index> cumulative(const std::vector<Index>& sizes, const char* what) {
  std::vector<Index> offsets(sizes.size() + 1, 0);
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] < 0) {
      throw std::invalid_argument(std::string("SparseBlockMatrix: ") + what + " block size " +
                                  std::to_string(i) + " is negative (" + std::to_string(sizes[i]) +
                                  ")");
    }
    offsets[i + 1] = offsets[i] + sizes[i];
  }
  return offsets;
}

Index blockOf(const std::vector<Index>& offsets, Index r) {
  if (r < 0 || r >= offsets.back()) return -1;
  // last offset <= r among block starts, skipping empty blocks
  const auto it = std::upper_bound(offsets.begin(), offsets.end(), r);
  return static_cast<Index>(it - offsets.begin()) - 1;
}

void checkSum(const std::vector<Index>& sizes, Index expected, const char* what) {
  Index s = 0;
  for (Index v : sizes) {
    if (v < 0) {
      throw std::invalid_argument(std::string("SparseBlockMatrix: negative ") + what +
                                  " block size");
    }
    s += v;
  }
  if (s != expected) {
    throw std::invalid_argument(std::string("SparseBlockMatrix: ") + what +
                                " block sizes add up to " + std::to_string(s) + ", expected " +
                                std::to_string(expected));
  }
}

// Shared prologue of y = α op(M) x + β y: size checks (x against op(M)'s columns,
// y against its rows when β ≠ 0) and y ← β y. Returns false when α = 0 (done).
struct Extent {
  Eigen::Index size;
  const char* noun;
};
bool beginProduct(const char* who, const Eigen::VectorXd& x, Eigen::VectorXd& y, Extent in,
                  Extent out, double alpha, double beta) {
  if (x.size() != in.size) {
    throw std::invalid_argument(std::string(who) + ": x has " + std::to_string(x.size()) +
                                " entries, matrix has " + std::to_string(in.size) + " " + in.noun);
  }
  if (beta != 0.0 && y.size() != out.size) {
    throw std::invalid_argument(std::string(who) + ": y has " + std::to_string(y.size()) +
                                " entries, matrix has " + std::to_string(out.size) + " " +
                                out.noun);
  }
  if (beta == 0.0) {
    y.setZero(out.size);
  } else if (beta != 1.0) {
    y *= beta;
  }
  return alpha != 0.0;
}

}  // namespace

SparseBlockMatrix::SparseBlockMatrix(std::vector<Index> rowBlockSizes,
                                     std::vector<Index> colBlockSizes,
                                     const std::vector<std::pair<Index, Index>>& pattern)
    : rowBlockSizes_(std::move(rowBlockSizes)), colBlockSizes_(std::move(colBlockSizes)) {
  rowOffsets_ = cumulative(rowBlockSizes_, "row");
  colOffsets_ = cumulative(colBlockSizes_, "column");
  const Index nbr = blockRows();
  const Index nbc = blockCols();
  std::vector<std::pair<Index, Index>> sorted = pattern;
  for (const auto& [i, j] : sorted) {
    if (i < 0 || i >= nbr || j < 0 || j >= nbc) {
      throw std::invalid_argument("SparseBlockMatrix: block position (" + std::to_string(i) + ", " +
                                  std::to_string(j) + ") outside the " + std::to_string(nbr) + "x" +
                                  std::to_string(nbc) + " block grid");
    }
  }
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 1; k < sorted.size(); ++k) {
    if (sorted[k] == sorted[k - 1]) {
      throw std::invalid_argument("SparseBlockMatrix: block position (" +
                                  std::to_string(sorted[k].first) + ", " +
                                  std::to_string(sorted[k].second) + ") given twice");
    }
  }
  rowPointer_.assign(u(nbr) + 1, 0);
  columnIndex_.resize(sorted.size());
  blockOffsets_.assign(sorted.size() + 1, 0);
  diagonal_.assign(u(nbr), -1);
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    const auto [i, j] = sorted[k];
    ++rowPointer_[u(i) + 1];
    columnIndex_[k] = j;
    blockOffsets_[k + 1] = blockOffsets_[k] + rowBlockSizes_[u(i)] * colBlockSizes_[u(j)];
    if (i == j) diagonal_[u(i)] = static_cast<Index>(k);
  }
  for (Index i = 0; i < nbr; ++i) rowPointer_[u(i) + 1] += rowPointer_[u(i)];
  values_.assign(u(blockOffsets_.back()), 0.0);
}

Index SparseBlockMatrix::rowBlockOf(Index r) const { return blockOf(rowOffsets_, r); }
Index SparseBlockMatrix::colBlockOf(Index c) const { return blockOf(colOffsets_, c); }

Index SparseBlockMatrix::blockRowOf(Index k) const {
  if (k < 0 || k >= nonZeroBlocks()) return -1;
  const auto it = std::upper_bound(rowPointer_.begin(), rowPointer_.end(), k);
  return static_cast<Index>(it - rowPointer_.begin()) - 1;
}

SparseBlockMatrix::BlockMap SparseBlockMatrix::block(Index k) {
  const Index i = blockRowOf(k);
  const Index j = columnIndex_[u(k)];
  return BlockMap(values_.data() + blockOffsets_[u(k)], rowBlockSizes_[u(i)], colBlockSizes_[u(j)]);
}

SparseBlockMatrix::ConstBlockMap SparseBlockMatrix::block(Index k) const {
  const Index i = blockRowOf(k);
  const Index j = columnIndex_[u(k)];
  return ConstBlockMap(values_.data() + blockOffsets_[u(k)], rowBlockSizes_[u(i)],
                       colBlockSizes_[u(j)]);
}

Index SparseBlockMatrix::findBlock(Index i, Index j) const {
  if (i < 0 || i >= blockRows()) return -1;
  const auto first = columnIndex_.begin() + rowPointer_[u(i)];
  const auto last = columnIndex_.begin() + rowPointer_[u(i) + 1];
  const auto it = std::lower_bound(first, last, j);
  if (it == last || *it != j) return -1;
  return static_cast<Index>(it - columnIndex_.begin());
}

void SparseBlockMatrix::setZero() { std::fill(values_.begin(), values_.end(), 0.0); }

// ---- pattern reassignment ---------------------------------------------------
// Every vector is refilled with assign()/resize(), which keep the capacity: no
// heap allocation while the new sizes fit in the capacity already reached.

void SparseBlockMatrix::clearToEmpty() {
  rowBlockSizes_.clear();
  colBlockSizes_.clear();
  rowOffsets_.assign(1, 0);
  colOffsets_.assign(1, 0);
  rowPointer_.assign(1, 0);
  columnIndex_.clear();
  blockOffsets_.assign(1, 0);
  diagonal_.clear();
  values_.clear();
  pendingRows_.clear();
  pendingCols_.clear();
  ++patternVersion_;
}

namespace {

// offsets[i+1] = offsets[i] + sizes[i]; false on a negative size (index in bad).
bool fillOffsets(const std::vector<Index>& sizes, std::vector<Index>& offsets, std::size_t& bad) {
  offsets.resize(sizes.size() + 1);
  offsets[0] = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] < 0) {
      bad = i;
      return false;
    }
    offsets[i + 1] = offsets[i] + sizes[i];
  }
  return true;
}

}  // namespace

void SparseBlockMatrix::finishPattern() {
  // rowPointer_ and columnIndex_ are set and valid; sizes and offsets too.
  const Index nbr = blockRows();
  blockOffsets_.resize(columnIndex_.size() + 1);
  blockOffsets_[0] = 0;
  diagonal_.assign(u(nbr), -1);
  for (Index i = 0; i < nbr; ++i) {
    const Index nr = rowBlockSizes_[u(i)];
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index j = columnIndex_[u(k)];
      blockOffsets_[u(k) + 1] = blockOffsets_[u(k)] + nr * colBlockSizes_[u(j)];
      if (i == j) diagonal_[u(i)] = k;
    }
  }
  values_.assign(u(blockOffsets_.back()), 0.0);
  ++patternVersion_;
}

void SparseBlockMatrix::assignPattern(const std::vector<Index>& rowBlockSizes,
                                      const std::vector<Index>& colBlockSizes,
                                      const std::vector<Index>& rowPointer,
                                      const std::vector<Index>& columnIndex) {
  const auto fail = [this](const std::string& what) {
    clearToEmpty();
    throw std::invalid_argument("SparseBlockMatrix::assignPattern: " + what);
  };
  const Index nbr = static_cast<Index>(rowBlockSizes.size());
  const Index nbc = static_cast<Index>(colBlockSizes.size());
  if (rowPointer.size() != rowBlockSizes.size() + 1 || rowPointer.front() != 0) {
    fail("rowPointer has " + std::to_string(rowPointer.size()) + " entries starting at " +
         (rowPointer.empty() ? std::string("nothing") : std::to_string(rowPointer.front())) +
         ", must have " + std::to_string(nbr + 1) + " (block rows + 1) starting at 0");
  }
  if (rowPointer.back() != static_cast<Index>(columnIndex.size())) {
    fail("rowPointer ends at " + std::to_string(rowPointer.back()) + " but columnIndex has " +
         std::to_string(columnIndex.size()) + " entries");
  }
  for (Index i = 0; i < nbr; ++i) {
    const Index b = rowPointer[u(i)];
    const Index e = rowPointer[u(i) + 1];
    if (e < b) fail("rowPointer decreases at block row " + std::to_string(i));
    for (Index k = b; k < e; ++k) {
      const Index j = columnIndex[u(k)];
      if (j < 0 || j >= nbc) {
        fail("block (" + std::to_string(i) + ", " + std::to_string(j) + ") outside the " +
             std::to_string(nbr) + "x" + std::to_string(nbc) + " block grid");
      }
      if (k > b && j <= columnIndex[u(k) - 1]) {
        fail("columnIndex is not strictly increasing in block row " + std::to_string(i) +
             " (position " + std::to_string(k) + ")");
      }
    }
  }
  std::size_t bad = 0;
  if (!fillOffsets(rowBlockSizes, rowOffsets_, bad)) {
    fail("row block size " + std::to_string(bad) + " is negative");
  }
  if (!fillOffsets(colBlockSizes, colOffsets_, bad)) {
    fail("column block size " + std::to_string(bad) + " is negative");
  }
  rowBlockSizes_.assign(rowBlockSizes.begin(), rowBlockSizes.end());
  colBlockSizes_.assign(colBlockSizes.begin(), colBlockSizes.end());
  rowPointer_.assign(rowPointer.begin(), rowPointer.end());
  columnIndex_.assign(columnIndex.begin(), columnIndex.end());
  finishPattern();
}

void SparseBlockMatrix::beginPattern(const std::vector<Index>& rowBlockSizes,
                                     const std::vector<Index>& colBlockSizes) {
  std::size_t bad = 0;
  if (!fillOffsets(rowBlockSizes, rowOffsets_, bad)) {
    clearToEmpty();
    throw std::invalid_argument("SparseBlockMatrix::beginPattern: row block size " +
                                std::to_string(bad) + " is negative");
  }
  if (!fillOffsets(colBlockSizes, colOffsets_, bad)) {
    clearToEmpty();
    throw std::invalid_argument("SparseBlockMatrix::beginPattern: column block size " +
                                std::to_string(bad) + " is negative");
  }
  rowBlockSizes_.assign(rowBlockSizes.begin(), rowBlockSizes.end());
  colBlockSizes_.assign(colBlockSizes.begin(), colBlockSizes.end());
  pendingRows_.clear();
  pendingCols_.clear();
}

void SparseBlockMatrix::beginPattern(Index nBlockRows, Index nBlockCols, Index blockSize) {
  if (nBlockRows < 0 || nBlockCols < 0 || blockSize < 0) {
    clearToEmpty();
    throw std::invalid_argument("SparseBlockMatrix::beginPattern: " + std::to_string(nBlockRows) +
                                "x" + std::to_string(nBlockCols) + " blocks of size " +
                                std::to_string(blockSize) + " (all must be >= 0)");
  }
  rowBlockSizes_.assign(u(nBlockRows), blockSize);
  colBlockSizes_.assign(u(nBlockCols), blockSize);
  rowOffsets_.resize(u(nBlockRows) + 1);
  colOffsets_.resize(u(nBlockCols) + 1);
  for (Index i = 0; i <= nBlockRows; ++i) rowOffsets_[u(i)] = i * blockSize;
  for (Index j = 0; j <= nBlockCols; ++j) colOffsets_[u(j)] = j * blockSize;
  pendingRows_.clear();
  pendingCols_.clear();
}

void SparseBlockMatrix::addBlock(Index i, Index j) {
  if (i < 0 || i >= blockRows() || j < 0 || j >= blockCols()) {
    throw std::invalid_argument("SparseBlockMatrix::addBlock: block position (" +
                                std::to_string(i) + ", " + std::to_string(j) + ") outside the " +
                                std::to_string(blockRows()) + "x" + std::to_string(blockCols()) +
                                " block grid");
  }
  pendingRows_.push_back(i);
  pendingCols_.push_back(j);
}

void SparseBlockMatrix::endPattern() {
  // Counting sort of the added positions by block row into columnIndex_, then
  // an in-place sort of each row's columns (std::sort does not allocate).
  const Index nbr = blockRows();
  const std::size_t nnz = pendingRows_.size();
  rowPointer_.assign(u(nbr) + 1, 0);
  for (Index i : pendingRows_) ++rowPointer_[u(i) + 1];
  for (Index i = 0; i < nbr; ++i) rowPointer_[u(i) + 1] += rowPointer_[u(i)];
  columnIndex_.resize(nnz);
  // diagonal_ serves as the insertion cursor of every block row (rebuilt by finishPattern).
  diagonal_.assign(rowPointer_.begin(), rowPointer_.end() - 1);
  for (std::size_t t = 0; t < nnz; ++t) {
    columnIndex_[u(diagonal_[u(pendingRows_[t])]++)] = pendingCols_[t];
  }
  for (Index i = 0; i < nbr; ++i) {
    const auto first = columnIndex_.begin() + rowPointer_[u(i)];
    const auto last = columnIndex_.begin() + rowPointer_[u(i) + 1];
    std::sort(first, last);
    const auto dup = std::adjacent_find(first, last);
    if (dup != last) {
      const Index j = *dup;
      clearToEmpty();
      throw std::invalid_argument("SparseBlockMatrix::endPattern: block position (" +
                                  std::to_string(i) + ", " + std::to_string(j) + ") given twice");
    }
  }
  pendingRows_.clear();
  pendingCols_.clear();
  finishPattern();
}

std::uint64_t SparseBlockMatrix::patternHash() const {
  // FNV-1a over 64-bit words, with the lengths as separators.
  std::uint64_t h = 0xcbf29ce484222325ull;
  const auto mix = [&h](Index v) {
    h ^= static_cast<std::uint64_t>(v);
    h *= 0x100000001b3ull;
  };
  for (const auto* vec : {&rowBlockSizes_, &colBlockSizes_, &rowPointer_, &columnIndex_}) {
    mix(static_cast<Index>(vec->size()));
    for (Index v : *vec) mix(v);
  }
  return h;
}

void SparseBlockMatrix::reservePattern(Index nBlockRows, Index nBlockCols, Index nonZeroBlocks,
                                       Index nonZeros) {
  const auto r = [](Index v) { return static_cast<std::size_t>(std::max<Index>(v, 0)); };
  rowBlockSizes_.reserve(r(nBlockRows));
  colBlockSizes_.reserve(r(nBlockCols));
  rowOffsets_.reserve(r(nBlockRows) + 1);
  colOffsets_.reserve(r(nBlockCols) + 1);
  rowPointer_.reserve(r(nBlockRows) + 1);
  diagonal_.reserve(r(nBlockRows) + 1);
  columnIndex_.reserve(r(nonZeroBlocks));
  blockOffsets_.reserve(r(nonZeroBlocks) + 1);
  pendingRows_.reserve(r(nonZeroBlocks));
  pendingCols_.reserve(r(nonZeroBlocks));
  values_.reserve(r(nonZeros));
}

void SparseBlockMatrix::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha,
                                 double beta) const {
  if (&x == &y) {
    Eigen::VectorXd tmp = y;
    multiply(x, tmp, alpha, beta);
    y.swap(tmp);
    return;
  }
  if (!beginProduct("SparseBlockMatrix::multiply", x, y, {cols(), "columns"}, {rows(), "rows"},
                    alpha, beta))
    return;
  const double* v = values_.data();
  for (Index i = 0; i < blockRows(); ++i) {
    const Index nr = rowBlockSizes_[u(i)];
    const Index r0 = rowOffsets_[u(i)];
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index j = columnIndex_[u(k)];
      const Index nc = colBlockSizes_[u(j)];
      const Index c0 = colOffsets_[u(j)];
      const double* b = v + blockOffsets_[u(k)];
      // column-major block: y_i += alpha * sum_c B(:, c) x_c
      for (Index c = 0; c < nc; ++c) {
        const double xc = alpha * x[c0 + c];
        const double* col = b + c * nr;
        for (Index r = 0; r < nr; ++r) y[r0 + r] += col[r] * xc;
      }
    }
  }
}

void SparseBlockMatrix::multiplyTransposed(const Eigen::VectorXd& x, Eigen::VectorXd& y,
                                           double alpha, double beta) const {
  if (&x == &y) {
    Eigen::VectorXd tmp = y;
    multiplyTransposed(x, tmp, alpha, beta);
    y.swap(tmp);
    return;
  }
  if (!beginProduct("SparseBlockMatrix::multiplyTransposed", x, y, {rows(), "rows"},
                    {cols(), "columns"}, alpha, beta))
    return;
  for (Index i = 0; i < blockRows(); ++i) {
    const Index nr = rowBlockSizes_[u(i)];
    const Index r0 = rowOffsets_[u(i)];
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index j = columnIndex_[u(k)];
      const Index nc = colBlockSizes_[u(j)];
      const Index c0 = colOffsets_[u(j)];
      const double* b = values_.data() + blockOffsets_[u(k)];
      for (Index c = 0; c < nc; ++c) {
        const double* col = b + c * nr;
        double s = 0.0;
        for (Index r = 0; r < nr; ++r) s += col[r] * x[r0 + r];
        y[c0 + c] += alpha * s;
      }
    }
  }
}

void SparseBlockMatrix::multiplyRowBlock(Index i, const Eigen::Ref<const Eigen::VectorXd>& x,
                                         Eigen::Ref<Eigen::VectorXd> out) const {
  if (i < 0 || i >= blockRows() || x.size() != cols() || out.size() != rowBlockSize(i)) {
    throw std::invalid_argument("SparseBlockMatrix::multiplyRowBlock: block row " +
                                std::to_string(i) + ", x size " + std::to_string(x.size()) +
                                ", out size " + std::to_string(out.size()) +
                                " do not match the matrix");
  }
  out.setZero();
  const Index nr = rowBlockSizes_[u(i)];
  for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
    const Index j = columnIndex_[u(k)];
    const Index nc = colBlockSizes_[u(j)];
    const Index c0 = colOffsets_[u(j)];
    const double* b = values_.data() + blockOffsets_[u(k)];
    for (Index c = 0; c < nc; ++c) {
      const double xc = x[c0 + c];
      const double* col = b + c * nr;
      for (Index r = 0; r < nr; ++r) out[r] += col[r] * xc;
    }
  }
}

void SparseBlockMatrix::multiplyRowBlockSkipDiagonal(Index i,
                                                     const Eigen::Ref<const Eigen::VectorXd>& x,
                                                     Eigen::Ref<Eigen::VectorXd> out) const {
  if (i < 0 || i >= blockRows() || x.size() != cols() || out.size() != rowBlockSize(i)) {
    throw std::invalid_argument("SparseBlockMatrix::multiplyRowBlockSkipDiagonal: block row " +
                                std::to_string(i) + ", x size " + std::to_string(x.size()) +
                                ", out size " + std::to_string(out.size()) +
                                " do not match the matrix");
  }
  out.setZero();
  const Index nr = rowBlockSizes_[u(i)];
  for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
    const Index j = columnIndex_[u(k)];
    if (j == i) continue;
    const Index nc = colBlockSizes_[u(j)];
    const Index c0 = colOffsets_[u(j)];
    const double* b = values_.data() + blockOffsets_[u(k)];
    for (Index c = 0; c < nc; ++c) {
      const double xc = x[c0 + c];
      const double* col = b + c * nr;
      for (Index r = 0; r < nr; ++r) out[r] += col[r] * xc;
    }
  }
}

double SparseBlockMatrix::coeff(Index r, Index c) const {
  const Index i = rowBlockOf(r);
  const Index j = colBlockOf(c);
  if (i < 0 || j < 0) {
    throw std::out_of_range("SparseBlockMatrix::coeff: (" + std::to_string(r) + ", " +
                            std::to_string(c) + ") outside " + std::to_string(rows()) + "x" +
                            std::to_string(cols()));
  }
  const Index k = findBlock(i, j);
  if (k < 0) return 0.0;
  const Index lr = r - rowOffsets_[u(i)];
  const Index lc = c - colOffsets_[u(j)];
  return values_[u(blockOffsets_[u(k)] + lc * rowBlockSizes_[u(i)] + lr)];
}

double SparseBlockMatrix::rowDot(Index r, const Eigen::Ref<const Eigen::VectorXd>& x) const {
  const Index i = rowBlockOf(r);
  if (i < 0 || x.size() != cols()) {
    throw std::invalid_argument("SparseBlockMatrix::rowDot: row " + std::to_string(r) +
                                " or x size " + std::to_string(x.size()) +
                                " does not match the matrix");
  }
  const Index nr = rowBlockSizes_[u(i)];
  const Index lr = r - rowOffsets_[u(i)];
  double s = 0.0;
  for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
    const Index j = columnIndex_[u(k)];
    const Index nc = colBlockSizes_[u(j)];
    const Index c0 = colOffsets_[u(j)];
    const double* b = values_.data() + blockOffsets_[u(k)] + lr;
    for (Index c = 0; c < nc; ++c) s += b[c * nr] * x[c0 + c];
  }
  return s;
}

Eigen::VectorXd SparseBlockMatrix::diagonal() const {
  Eigen::VectorXd d;
  diagonalInto(d);
  return d;
}

void SparseBlockMatrix::diagonalInto(Eigen::VectorXd& d) const {
  const Index n = std::min(rows(), cols());
  d.setZero(n);
  for (Index i = 0; i < blockRows(); ++i) {
    const Index r0 = rowOffsets_[u(i)];
    const Index nr = rowBlockSizes_[u(i)];
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index j = columnIndex_[u(k)];
      const Index c0 = colOffsets_[u(j)];
      const Index nc = colBlockSizes_[u(j)];
      // intersection of [r0, r0+nr) and [c0, c0+nc)
      const Index lo = std::max(r0, c0);
      const Index hi = std::min(r0 + nr, c0 + nc);
      for (Index t = lo; t < hi; ++t) {
        d[t] = values_[u(blockOffsets_[u(k)] + (t - c0) * nr + (t - r0))];
      }
    }
  }
}

Eigen::SparseMatrix<double> SparseBlockMatrix::toSparse() const {
  // Build CSC directly: count the entries of every scalar column.
  const Index nCols = cols();
  std::vector<Index> colCount(u(nCols) + 1, 0);
  for (Index k = 0; k < nonZeroBlocks(); ++k) {
    const Index j = columnIndex_[u(k)];
    const Index nr = rowBlockSizes_[u(blockRowOf(k))];
    const double* b = values_.data() + blockOffsets_[u(k)];
    for (Index c = 0; c < colBlockSizes_[u(j)]; ++c) {
      Index cnt = 0;
      for (Index r = 0; r < nr; ++r) cnt += (b[c * nr + r] != 0.0) ? 1 : 0;
      colCount[u(colOffsets_[u(j)] + c) + 1] += cnt;
    }
  }
  for (Index c = 0; c < nCols; ++c) colCount[u(c) + 1] += colCount[u(c)];
  Eigen::SparseMatrix<double> s(rows(), nCols);
  s.resizeNonZeros(colCount.back());
  using SI = Eigen::SparseMatrix<double>::StorageIndex;
  for (Index c = 0; c <= nCols; ++c) s.outerIndexPtr()[c] = static_cast<SI>(colCount[u(c)]);
  std::vector<Index> next(colCount.begin(), colCount.end() - 1);
  // Visiting block rows in increasing order keeps the row indices sorted in each column.
  for (Index i = 0; i < blockRows(); ++i) {
    const Index nr = rowBlockSizes_[u(i)];
    const Index r0 = rowOffsets_[u(i)];
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index j = columnIndex_[u(k)];
      const double* b = values_.data() + blockOffsets_[u(k)];
      for (Index c = 0; c < colBlockSizes_[u(j)]; ++c) {
        const Index col = colOffsets_[u(j)] + c;
        for (Index r = 0; r < nr; ++r) {
          const double v = b[c * nr + r];
          if (v == 0.0) continue;
          const Index p = next[u(col)]++;
          s.innerIndexPtr()[p] = static_cast<SI>(r0 + r);
          s.valuePtr()[p] = v;
        }
      }
    }
  }
  return s;
}

Eigen::MatrixXd SparseBlockMatrix::toDense() const {
  Eigen::MatrixXd d = Eigen::MatrixXd::Zero(rows(), cols());
  for (Index i = 0; i < blockRows(); ++i) {
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index j = columnIndex_[u(k)];
      d.block(rowOffsets_[u(i)], colOffsets_[u(j)], rowBlockSizes_[u(i)], colBlockSizes_[u(j)]) =
          block(k);
    }
  }
  return d;
}

SparseBlockMatrix SparseBlockMatrix::fromDense(const Eigen::MatrixXd& dense,
                                               const std::vector<Index>& rowBlockSizes,
                                               const std::vector<Index>& colBlockSizes,
                                               double dropTolerance) {
  checkSum(rowBlockSizes, dense.rows(), "row");
  checkSum(colBlockSizes, dense.cols(), "column");
  std::vector<std::pair<Index, Index>> pattern;
  Index r0 = 0;
  for (std::size_t i = 0; i < rowBlockSizes.size(); ++i) {
    Index c0 = 0;
    for (std::size_t j = 0; j < colBlockSizes.size(); ++j) {
      const auto b = dense.block(r0, c0, rowBlockSizes[i], colBlockSizes[j]);
      if (b.size() > 0 && (b.array().abs() > dropTolerance).any()) {
        pattern.emplace_back(static_cast<Index>(i), static_cast<Index>(j));
      }
      c0 += colBlockSizes[j];
    }
    r0 += rowBlockSizes[i];
  }
  SparseBlockMatrix m(rowBlockSizes, colBlockSizes, pattern);
  for (Index i = 0; i < m.blockRows(); ++i) {
    for (Index k = m.rowPointer_[u(i)]; k < m.rowPointer_[u(i) + 1]; ++k) {
      const Index j = m.columnIndex_[u(k)];
      m.block(k) = dense.block(m.rowOffsets_[u(i)], m.colOffsets_[u(j)], m.rowBlockSizes_[u(i)],
                               m.colBlockSizes_[u(j)]);
    }
  }
  return m;
}

SparseBlockMatrix SparseBlockMatrix::fromSparse(const Eigen::SparseMatrix<double>& sparse,
                                                const std::vector<Index>& rowBlockSizes,
                                                const std::vector<Index>& colBlockSizes,
                                                double dropTolerance) {
  checkSum(rowBlockSizes, sparse.rows(), "row");
  checkSum(colBlockSizes, sparse.cols(), "column");
  const std::vector<Index> rowOff = cumulative(rowBlockSizes, "row");
  std::vector<std::pair<Index, Index>> pattern;
  Index j = 0;
  Index colEnd = colBlockSizes.empty() ? 0 : colBlockSizes[0];
  for (Index c = 0; c < sparse.outerSize(); ++c) {
    while (c >= colEnd) colEnd += colBlockSizes[u(++j)];
    for (Eigen::SparseMatrix<double>::InnerIterator it(sparse, c); it; ++it) {
      if (!(std::abs(it.value()) > dropTolerance)) continue;
      pattern.emplace_back(blockOf(rowOff, it.row()), j);
    }
  }
  std::sort(pattern.begin(), pattern.end());
  pattern.erase(std::unique(pattern.begin(), pattern.end()), pattern.end());
  SparseBlockMatrix m(rowBlockSizes, colBlockSizes, pattern);
  for (Index c = 0; c < sparse.outerSize(); ++c) {
    const Index jb = m.colBlockOf(c);
    for (Eigen::SparseMatrix<double>::InnerIterator it(sparse, c); it; ++it) {
      if (!(std::abs(it.value()) > dropTolerance)) continue;
      const Index ib = m.rowBlockOf(it.row());
      const Index k = m.findBlock(ib, jb);
      const Index lr = it.row() - m.rowOffsets_[u(ib)];
      const Index lc = c - m.colOffsets_[u(jb)];
      m.values_[u(m.blockOffsets_[u(k)] + lc * m.rowBlockSizes_[u(ib)] + lr)] += it.value();
    }
  }
  return m;
}

SparseBlockMatrix SparseBlockMatrix::transposed() const {
  std::vector<std::pair<Index, Index>> pattern;
  pattern.reserve(columnIndex_.size());
  for (Index i = 0; i < blockRows(); ++i) {
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      pattern.emplace_back(columnIndex_[u(k)], i);
    }
  }
  SparseBlockMatrix t(colBlockSizes_, rowBlockSizes_, pattern);
  for (Index i = 0; i < blockRows(); ++i) {
    for (Index k = rowPointer_[u(i)]; k < rowPointer_[u(i) + 1]; ++k) {
      const Index kt = t.findBlock(columnIndex_[u(k)], i);
      t.block(kt) = block(k).transpose();
    }
  }
  return t;
}

bool SparseBlockMatrix::allFinite() const {
  return std::all_of(values_.begin(), values_.end(), [](double v) { return std::isfinite(v); });
}

bool SparseBlockMatrix::operator==(const SparseBlockMatrix& other) const {
  return rowBlockSizes_ == other.rowBlockSizes_ && colBlockSizes_ == other.colBlockSizes_ &&
         rowPointer_ == other.rowPointer_ && columnIndex_ == other.columnIndex_ &&
         values_.size() == other.values_.size() &&
         (values_.empty() ||
          std::memcmp(values_.data(), other.values_.data(), values_.size() * sizeof(double)) == 0);
}

}  // namespace moreau::numerics
