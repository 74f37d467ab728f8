#pragma once
// The matrix of a one-step problem: dense (Eigen), sparse (Eigen CSC) or
// sparse-block (SparseBlockMatrix, the structure the kernel assembles).
// Solvers use only the operations declared here, so they work on any
// storage without densifying. See docs/numerics/matrices.md.

#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <variant>

namespace moreau::numerics {

/// The matrix of a one-step problem: dense (Eigen), sparse (Eigen CSC) or sparse-block
/// (SparseBlockMatrix, the structure the kernel assembles). Solvers use only the operations
/// declared here, so they work on any storage without densifying (docs/numerics/matrices.md).
class Matrix {
 public:
  /// Which storage a Matrix holds.
  enum class Storage { Dense, Sparse, SparseBlock };

  /// Empty dense matrix (0 × 0).
  Matrix() = default;
  /// Dense storage (takes the matrix by value: move it in to avoid a copy).
  explicit Matrix(Eigen::MatrixXd dense);
  /// Sparse CSC storage.
  explicit Matrix(Eigen::SparseMatrix<double> sparse);
  /// Sparse-block storage.
  explicit Matrix(SparseBlockMatrix sparseBlock);

  /// The storage held.
  Storage storage() const;
  /// Storage tests: storage() == Storage::Dense, Sparse, SparseBlock.
  ///@{
  bool isDense() const { return storage() == Storage::Dense; }
  bool isSparse() const { return storage() == Storage::Sparse; }
  bool isSparseBlock() const { return storage() == Storage::SparseBlock; }
  ///@}
  /// Number of rows and of columns.
  ///@{
  Eigen::Index rows() const;
  Eigen::Index cols() const;
  ///@}

  /// The dense storage; throws std::logic_error for another storage.
  ///@{
  const Eigen::MatrixXd& dense() const;
  Eigen::MatrixXd& dense();
  ///@}
  /// The sparse (CSC) storage; throws std::logic_error for another storage.
  ///@{
  const Eigen::SparseMatrix<double>& sparse() const;
  Eigen::SparseMatrix<double>& sparse();
  ///@}
  /// The sparse-block storage; throws std::logic_error for another storage.
  ///@{
  const SparseBlockMatrix& sparseBlock() const;
  SparseBlockMatrix& sparseBlock();
  ///@}

  /// y = alpha * M x + beta * y (y must already have rows() entries when beta != 0).
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha = 1.0,
                double beta = 0.0) const;
  /// Entry (i, j) (zero when not stored).
  double coeff(Eigen::Index i, Eigen::Index j) const;
  /// Row i times x (sparse CSC: O(cols log nnz); build a row-major copy for many rows).
  double rowDot(Eigen::Index i, const Eigen::VectorXd& x) const;
  /// Diagonal of a square matrix (zeros where not stored).
  Eigen::VectorXd diagonal() const;
  /// Dense copy.
  Eigen::MatrixXd toDense() const;
  /// Compressed CSC copy (for SparseBlock: explicit zeros inside stored blocks are dropped).
  Eigen::SparseMatrix<double> toSparse() const;
  /// Sparse-block copy; a dense or sparse matrix becomes a single block unless
  /// block sizes are given (they must add up to rows() / cols()); blocks without a
  /// nonzero entry are not stored.
  ///@{
  SparseBlockMatrix toSparseBlock() const;
  SparseBlockMatrix toSparseBlock(const std::vector<Eigen::Index>& rowBlockSizes,
                                  const std::vector<Eigen::Index>& colBlockSizes) const;
  ///@}
  /// True when every stored entry is finite.
  bool allFinite() const;

 private:
  std::variant<Eigen::MatrixXd, Eigen::SparseMatrix<double>, SparseBlockMatrix> data_;
};

}  // namespace moreau::numerics
