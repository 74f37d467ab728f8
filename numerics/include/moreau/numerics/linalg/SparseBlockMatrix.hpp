#pragma once
// Sparse-block matrix (BSR-like): the structure the kernel assembles for
// mechanical problems (one block per pair of interacting contacts/bodies).
//
// Layout:
//  - block rows and block columns of equal or varying sizes;
//  - CSR of blocks: rowPointer() (blockRows()+1 entries, starting at 0) and
//    columnIndex() (nonZeroBlocks() entries, strictly increasing within a block row);
//  - ONE contiguous std::vector<double> of values; block k occupies
//    [blockOffset(k), blockOffset(k) + rows_k * cols_k) and is stored column-major.
//    No per-block heap allocation.
// Block indices k are the CSR positions (0 .. nonZeroBlocks()-1), in block-row order.
// See docs/numerics/matrices.md.
//
// Repeated assembly (one problem per time step, the pattern changing only when
// contacts change): the pattern can be replaced in place, either at once
//   m.assignPattern(rowBlockSizes, colBlockSizes, rowPointer, columnIndex);
// or with the builder
//   m.beginPattern(rowBlockSizes, colBlockSizes);   // or beginPattern(nbr, nbc, blockSize)
//   m.addBlock(i, j); ...                            // any order
//   m.endPattern();
// Both reuse the capacity of the internal vectors (no heap allocation when the
// new pattern fits in the capacity already reached, see reservePattern()), keep
// the diagonal-block index, set every value to zero and increment
// patternVersion(). Values are then refilled through block(k) / values().

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <cstdint>
#include <utility>
#include <vector>

namespace moreau::numerics {

/// Sparse-block matrix (BSR-like): the structure the kernel assembles for mechanical problems (one
/// block per pair of interacting contacts or bodies). CSR of blocks (rowPointer(), columnIndex()),
/// one contiguous vector of values, each block column-major; the pattern can be replaced in place
/// without heap allocation (assignPattern, or beginPattern / addBlock / endPattern). Block indices
/// k are CSR positions, in block-row order. See docs/numerics/matrices.md.
class SparseBlockMatrix {
 public:
  /// Index type (Eigen::Index, signed).
  using Index = Eigen::Index;
  /// Writable view of one stored block.
  using BlockMap = Eigen::Map<Eigen::MatrixXd>;
  /// Read-only view of one stored block.
  using ConstBlockMap = Eigen::Map<const Eigen::MatrixXd>;

  /// Empty 0x0 matrix.
  SparseBlockMatrix() = default;

  /// Pattern constructor: `rowBlockSizes[i]` rows in block row i, `colBlockSizes[j]`
  /// columns in block column j (sizes >= 0), stored blocks at the (blockRow, blockCol)
  /// positions of `pattern` (any order; sorted internally), all values zero.
  /// Throws std::invalid_argument on a negative size, an out-of-range position or a
  /// duplicated position.
  SparseBlockMatrix(std::vector<Index> rowBlockSizes, std::vector<Index> colBlockSizes,
                    const std::vector<std::pair<Index, Index>>& pattern);

  // ---- sizes -------------------------------------------------------------
  /// Scalar rows and columns.
  ///@{
  Index rows() const { return rowOffsets_.empty() ? 0 : rowOffsets_.back(); }
  Index cols() const { return colOffsets_.empty() ? 0 : colOffsets_.back(); }
  ///@}
  /// Number of block rows and of block columns.
  ///@{
  Index blockRows() const { return static_cast<Index>(rowBlockSizes_.size()); }
  Index blockCols() const { return static_cast<Index>(colBlockSizes_.size()); }
  ///@}
  /// Number of stored blocks.
  Index nonZeroBlocks() const { return static_cast<Index>(columnIndex_.size()); }
  /// Number of stored scalar values (sum of the sizes of the stored blocks).
  Index nonZeros() const { return static_cast<Index>(values_.size()); }

  /// First scalar row of block row i / its number of rows (0 <= i < blockRows()).
  ///@{
  Index rowBlockOffset(Index i) const { return rowOffsets_[static_cast<std::size_t>(i)]; }
  Index rowBlockSize(Index i) const { return rowBlockSizes_[static_cast<std::size_t>(i)]; }
  ///@}
  /// First scalar column of block column j / its number of columns.
  ///@{
  Index colBlockOffset(Index j) const { return colOffsets_[static_cast<std::size_t>(j)]; }
  Index colBlockSize(Index j) const { return colBlockSizes_[static_cast<std::size_t>(j)]; }
  ///@}
  /// Sizes of every block row / block column.
  ///@{
  const std::vector<Index>& rowBlockSizes() const { return rowBlockSizes_; }
  const std::vector<Index>& colBlockSizes() const { return colBlockSizes_; }
  ///@}
  /// Block row containing scalar row r / block column containing scalar column c
  /// (binary search; -1 when out of range).
  ///@{
  Index rowBlockOf(Index r) const;
  Index colBlockOf(Index c) const;
  ///@}

  // ---- CSR-of-blocks structure --------------------------------------------
  /// blockRows()+1 entries; the blocks of block row i are k in [rowPointer()[i],
  /// rowPointer()[i+1]).
  const std::vector<Index>& rowPointer() const { return rowPointer_; }
  /// Block column of every stored block (sorted within each block row).
  const std::vector<Index>& columnIndex() const { return columnIndex_; }
  /// Block row of stored block k (binary search in rowPointer()).
  Index blockRowOf(Index k) const;
  /// Offset of block k in values() (blockOffsets has nonZeroBlocks()+1 entries).
  Index blockOffset(Index k) const { return blockOffsets_[static_cast<std::size_t>(k)]; }

  /// All stored values, block after block, each block column-major.
  ///@{
  const std::vector<double>& values() const { return values_; }
  std::vector<double>& values() { return values_; }
  ///@}

  /// Block k as an Eigen view (column-major, rowBlockSize x colBlockSize).
  ///@{
  BlockMap block(Index k);
  ConstBlockMap block(Index k) const;
  ///@}
  /// Index k of the stored block at block position (i, j), or -1 (binary search).
  Index findBlock(Index i, Index j) const;
  /// Index of the stored block (i, i), or -1 (cached; O(1)).
  Index diagonalBlock(Index i) const { return diagonal_[static_cast<std::size_t>(i)]; }

  /// Sets every stored value to zero; keeps the pattern.
  void setZero();

  // ---- pattern reassignment (reuses capacity) --------------------------------
  /// Replaces sizes and pattern: rowPointer has rowBlockSizes.size()+1 entries,
  /// starts at 0 and is non-decreasing; columnIndex has rowPointer.back() entries,
  /// strictly increasing within each block row and < colBlockSizes.size(). Every
  /// value is set to zero. No heap allocation when the new sizes fit in the
  /// current capacity. Throws std::invalid_argument naming the mismatch (the
  /// matrix is then left empty, 0x0).
  void assignPattern(const std::vector<Index>& rowBlockSizes,
                     const std::vector<Index>& colBlockSizes, const std::vector<Index>& rowPointer,
                     const std::vector<Index>& columnIndex);
  /// Builder: starts a new pattern with the given block sizes (sizes >= 0); the
  /// matrix is unusable until endPattern().
  void beginPattern(const std::vector<Index>& rowBlockSizes,
                    const std::vector<Index>& colBlockSizes);
  /// Builder with nBlockRows x nBlockCols blocks of size blockSize x blockSize.
  void beginPattern(Index nBlockRows, Index nBlockCols, Index blockSize);
  /// Adds block position (i, j) (any order). Throws std::invalid_argument when
  /// (i, j) is outside the block grid.
  void addBlock(Index i, Index j);
  /// Sorts the added positions, builds the CSR-of-blocks arrays, the offsets and
  /// the diagonal index, zeroes the values. Throws std::invalid_argument on a
  /// duplicated position (the matrix is then left empty, 0x0).
  void endPattern();
  /// Reserves capacity for a pattern of up to these sizes (block rows, block
  /// columns, stored blocks, stored scalar values), so that later pattern
  /// changes within these sizes do not allocate.
  void reservePattern(Index nBlockRows, Index nBlockCols, Index nonZeroBlocks, Index nonZeros);
  /// Incremented by every pattern change (constructors: 0). Solver objects use it,
  /// with the sizes, to detect that their setup is stale.
  std::uint64_t patternVersion() const { return patternVersion_; }
  /// Hash of the sizes and the CSR-of-blocks structure (not the values), O(blocks),
  /// no allocation. Equal patterns give equal hashes; solver objects compare it to
  /// notice a pattern replaced by assignment of a whole new matrix.
  std::uint64_t patternHash() const;

  // ---- products ------------------------------------------------------------
  /// y = alpha * A x + beta * y. y is resized to rows() when beta == 0; otherwise it
  /// must have rows() entries. Throws std::invalid_argument on a size mismatch.
  /// x and y may be the same object (a temporary is used then).
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha = 1.0,
                double beta = 0.0) const;
  /// out = (block row i) * x, out has rowBlockSize(i) entries, x has cols() entries.
  void multiplyRowBlock(Index i, const Eigen::Ref<const Eigen::VectorXd>& x,
                        Eigen::Ref<Eigen::VectorXd> out) const;
  /// out = sum over the stored blocks (i, j), j != i, of A_ij x_j (block Gauss-Seidel:
  /// the diagonal block is left out). out has rowBlockSize(i) entries. No allocation.
  void multiplyRowBlockSkipDiagonal(Index i, const Eigen::Ref<const Eigen::VectorXd>& x,
                                    Eigen::Ref<Eigen::VectorXd> out) const;
  /// y = alpha * A^T x + beta * y (same conventions as multiply()).
  void multiplyTransposed(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha = 1.0,
                          double beta = 0.0) const;

  // ---- scalar access -------------------------------------------------------
  /// Entry (r, c) (zero when not stored). O(log) per call.
  double coeff(Index r, Index c) const;
  /// Scalar row r times x (only the stored blocks of r's block row are visited).
  double rowDot(Index r, const Eigen::Ref<const Eigen::VectorXd>& x) const;
  /// Scalar diagonal (min(rows, cols) entries; zero where no diagonal block is stored).
  Eigen::VectorXd diagonal() const;
  /// Same, written into d (resized to min(rows, cols); no allocation when it has that size).
  void diagonalInto(Eigen::VectorXd& d) const;
  /// True when rowBlockSizes() == colBlockSizes() (square diagonal blocks).
  bool hasSquareDiagonalBlocks() const { return rowBlockSizes_ == colBlockSizes_; }

  // ---- conversions ---------------------------------------------------------
  /// Compressed CSC copy with every stored value (explicit zeros inside stored blocks are dropped).
  Eigen::SparseMatrix<double> toSparse() const;
  /// Dense copy (zeros outside the stored blocks).
  Eigen::MatrixXd toDense() const;
  /// Blocks of `dense` that have at least one entry with |a| > dropTolerance are stored.
  /// The block sizes must add up to dense.rows() / dense.cols() (std::invalid_argument).
  static SparseBlockMatrix fromDense(const Eigen::MatrixXd& dense,
                                     const std::vector<Index>& rowBlockSizes,
                                     const std::vector<Index>& colBlockSizes,
                                     double dropTolerance = 0.0);
  /// Blocks that contain a stored entry with |a| > dropTolerance are stored.
  static SparseBlockMatrix fromSparse(const Eigen::SparseMatrix<double>& sparse,
                                      const std::vector<Index>& rowBlockSizes,
                                      const std::vector<Index>& colBlockSizes,
                                      double dropTolerance = 0.0);
  /// A^T as a sparse-block matrix (block sizes swapped, each block transposed).
  SparseBlockMatrix transposed() const;
  /// True when every stored value is finite.
  bool allFinite() const;

  /// Same sizes, same pattern and same values (bitwise equality of the values).
  ///@{
  bool operator==(const SparseBlockMatrix& other) const;
  bool operator!=(const SparseBlockMatrix& other) const { return !(*this == other); }
  ///@}

 private:
  std::vector<Index> rowBlockSizes_;
  std::vector<Index> colBlockSizes_;
  std::vector<Index> rowOffsets_ = std::vector<Index>(1, 0);  // blockRows()+1 (cumulative)
  std::vector<Index> colOffsets_ = std::vector<Index>(1, 0);  // blockCols()+1 (cumulative)
  std::vector<Index> rowPointer_ = std::vector<Index>(1, 0);  // blockRows()+1 entries
  std::vector<Index> columnIndex_;
  std::vector<Index> blockOffsets_ = std::vector<Index>(1, 0);  // nonZeroBlocks()+1 entries
  std::vector<Index> diagonal_;  // blockRows() entries, -1 when absent
  std::vector<double> values_;
  // builder scratch (capacity kept across patterns)
  std::vector<Index> pendingRows_;
  std::vector<Index> pendingCols_;
  std::uint64_t patternVersion_ = 0;

  void finishPattern();  // offsets, diagonal index, values from rowPointer_/columnIndex_
  void clearToEmpty();
};

}  // namespace moreau::numerics
