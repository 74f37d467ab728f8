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

class Matrix {
 public:
  enum class Storage { Dense, Sparse, SparseBlock };

  Matrix() = default;
  explicit Matrix(Eigen::MatrixXd dense);
  explicit Matrix(Eigen::SparseMatrix<double> sparse);
  explicit Matrix(SparseBlockMatrix sparseBlock);

  Storage storage() const;
  bool isDense() const { return storage() == Storage::Dense; }
  bool isSparse() const { return storage() == Storage::Sparse; }
  bool isSparseBlock() const { return storage() == Storage::SparseBlock; }
  Eigen::Index rows() const;
  Eigen::Index cols() const;

  /// The dense storage; throws std::logic_error for another storage.
  const Eigen::MatrixXd& dense() const;
  Eigen::MatrixXd& dense();
  /// The sparse (CSC) storage; throws std::logic_error for another storage.
  const Eigen::SparseMatrix<double>& sparse() const;
  Eigen::SparseMatrix<double>& sparse();
  /// The sparse-block storage; throws std::logic_error for another storage.
  const SparseBlockMatrix& sparseBlock() const;
  SparseBlockMatrix& sparseBlock();

  /// y = alpha * M x + beta * y (y must already have rows() entries when beta != 0).
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha = 1.0,
                double beta = 0.0) const;
  /// Entry (i, j) (zero when not stored).
  double coeff(Eigen::Index i, Eigen::Index j) const;
  /// Row i times x (sparse CSC: O(cols log nnz); build a row-major copy for many rows).
  double rowDot(Eigen::Index i, const Eigen::VectorXd& x) const;
  Eigen::VectorXd diagonal() const;
  Eigen::MatrixXd toDense() const;
  /// Compressed CSC copy (for SparseBlock: explicit zeros inside stored blocks are dropped).
  Eigen::SparseMatrix<double> toSparse() const;
  /// Sparse-block copy; a dense or sparse matrix becomes a single block unless
  /// block sizes are given (they must add up to rows() / cols()); blocks without a
  /// nonzero entry are not stored.
  SparseBlockMatrix toSparseBlock() const;
  SparseBlockMatrix toSparseBlock(const std::vector<Eigen::Index>& rowBlockSizes,
                                  const std::vector<Eigen::Index>& colBlockSizes) const;
  /// True when every stored entry is finite.
  bool allFinite() const;

 private:
  std::variant<Eigen::MatrixXd, Eigen::SparseMatrix<double>, SparseBlockMatrix> data_;
};

}  // namespace moreau::numerics
