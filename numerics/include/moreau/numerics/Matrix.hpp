#pragma once
// The matrix of a one-step problem: dense (Eigen) or sparse (Eigen CSC).
// Solvers use only the operations declared here, so they work on either
// storage without densifying. (Sparse-block storage comes with part 2.)

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <variant>

namespace moreau::numerics {

class Matrix {
 public:
  enum class Storage { Dense, Sparse };

  Matrix() = default;
  explicit Matrix(Eigen::MatrixXd dense);
  explicit Matrix(Eigen::SparseMatrix<double> sparse);

  Storage storage() const;
  bool isDense() const { return storage() == Storage::Dense; }
  Eigen::Index rows() const;
  Eigen::Index cols() const;

  /// The dense storage; throws std::logic_error when the matrix is sparse.
  const Eigen::MatrixXd& dense() const;
  Eigen::MatrixXd& dense();
  /// The sparse storage; throws std::logic_error when the matrix is dense.
  const Eigen::SparseMatrix<double>& sparse() const;
  Eigen::SparseMatrix<double>& sparse();

  /// y = alpha * M x + beta * y (y must already have rows() entries when beta != 0).
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha = 1.0,
                double beta = 0.0) const;
  /// Entry (i, j) (zero when not stored).
  double coeff(Eigen::Index i, Eigen::Index j) const;
  /// Row i times x.
  double rowDot(Eigen::Index i, const Eigen::VectorXd& x) const;
  Eigen::VectorXd diagonal() const;
  Eigen::MatrixXd toDense() const;
  Eigen::SparseMatrix<double> toSparse() const;
  /// True when every stored entry is finite.
  bool allFinite() const;

 private:
  std::variant<Eigen::MatrixXd, Eigen::SparseMatrix<double>> data_;
};

}  // namespace moreau::numerics
