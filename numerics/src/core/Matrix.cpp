#include <moreau/numerics/Matrix.hpp>

#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

namespace {

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace

Matrix::Matrix(Eigen::MatrixXd dense) : data_(std::move(dense)) {}

Matrix::Matrix(Eigen::SparseMatrix<double> sparse) : data_(std::move(sparse)) {
  std::get<Eigen::SparseMatrix<double>>(data_).makeCompressed();
}

Matrix::Matrix(SparseBlockMatrix sparseBlock) : data_(std::move(sparseBlock)) {}

Matrix::Storage Matrix::storage() const {
  switch (data_.index()) {
    case 0:
      return Storage::Dense;
    case 1:
      return Storage::Sparse;
    default:
      return Storage::SparseBlock;
  }
}

namespace {
const char* storageName(Matrix::Storage s) {
  switch (s) {
    case Matrix::Storage::Dense:
      return "dense";
    case Matrix::Storage::Sparse:
      return "sparse";
    case Matrix::Storage::SparseBlock:
      return "sparse-block";
  }
  return "unknown";
}
}  // namespace

Eigen::Index Matrix::rows() const {
  return std::visit([](const auto& m) { return m.rows(); }, data_);
}

Eigen::Index Matrix::cols() const {
  return std::visit([](const auto& m) { return m.cols(); }, data_);
}

const Eigen::MatrixXd& Matrix::dense() const {
  if (const auto* m = std::get_if<Eigen::MatrixXd>(&data_)) return *m;
  throw std::logic_error(std::string("Matrix::dense(): the matrix is stored ") +
                         storageName(storage()));
}

Eigen::MatrixXd& Matrix::dense() {
  if (auto* m = std::get_if<Eigen::MatrixXd>(&data_)) return *m;
  throw std::logic_error(std::string("Matrix::dense(): the matrix is stored ") +
                         storageName(storage()));
}

const Eigen::SparseMatrix<double>& Matrix::sparse() const {
  if (const auto* m = std::get_if<Eigen::SparseMatrix<double>>(&data_)) return *m;
  throw std::logic_error(std::string("Matrix::sparse(): the matrix is stored ") +
                         storageName(storage()));
}

Eigen::SparseMatrix<double>& Matrix::sparse() {
  if (auto* m = std::get_if<Eigen::SparseMatrix<double>>(&data_)) return *m;
  throw std::logic_error(std::string("Matrix::sparse(): the matrix is stored ") +
                         storageName(storage()));
}

const SparseBlockMatrix& Matrix::sparseBlock() const {
  if (const auto* m = std::get_if<SparseBlockMatrix>(&data_)) return *m;
  throw std::logic_error(std::string("Matrix::sparseBlock(): the matrix is stored ") +
                         storageName(storage()));
}

SparseBlockMatrix& Matrix::sparseBlock() {
  if (auto* m = std::get_if<SparseBlockMatrix>(&data_)) return *m;
  throw std::logic_error(std::string("Matrix::sparseBlock(): the matrix is stored ") +
                         storageName(storage()));
}

void Matrix::multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y, double alpha,
                      double beta) const {
  if (x.size() != cols()) {
    throw std::invalid_argument("Matrix::multiply: x has " + std::to_string(x.size()) +
                                " entries, matrix has " + std::to_string(cols()) + " columns");
  }
  if (beta != 0.0 && y.size() != rows()) {
    throw std::invalid_argument("Matrix::multiply: y has " + std::to_string(y.size()) +
                                " entries, matrix has " + std::to_string(rows()) + " rows");
  }
  if (&x == &y) {  // aliasing: go through a temporary
    Eigen::VectorXd tmp = y;
    multiply(x, tmp, alpha, beta);
    y.swap(tmp);
    return;
  }
  std::visit(Overloaded{[&](const SparseBlockMatrix& m) { m.multiply(x, y, alpha, beta); },
                        [&](const auto& m) {
                          if (beta == 0.0) {
                            y.resize(m.rows());
                            y.noalias() = alpha * (m * x);
                          } else {
                            y *= beta;
                            y.noalias() += alpha * (m * x);
                          }
                        }},
             data_);
}

double Matrix::coeff(Eigen::Index i, Eigen::Index j) const {
  return std::visit([&](const auto& m) { return m.coeff(i, j); }, data_);
}

double Matrix::rowDot(Eigen::Index i, const Eigen::VectorXd& x) const {
  return std::visit(Overloaded{[&](const Eigen::MatrixXd& m) { return m.row(i).dot(x); },
                               [&](const Eigen::SparseMatrix<double>& m) {
                                 // CSC: one binary search per column (see Matrix.hpp; solvers
                                 // needing many rows build a row-major copy instead).
                                 double s = 0.0;
                                 for (Eigen::Index j = 0; j < m.outerSize(); ++j) {
                                   const double v = m.coeff(i, j);
                                   if (v != 0.0) s += v * x[j];
                                 }
                                 return s;
                               },
                               [&](const SparseBlockMatrix& m) { return m.rowDot(i, x); }},
                    data_);
}

Eigen::VectorXd Matrix::diagonal() const {
  return std::visit([](const auto& m) -> Eigen::VectorXd { return m.diagonal(); }, data_);
}

Eigen::MatrixXd Matrix::toDense() const {
  return std::visit(Overloaded{[](const Eigen::MatrixXd& m) -> Eigen::MatrixXd { return m; },
                               [](const Eigen::SparseMatrix<double>& m) -> Eigen::MatrixXd {
                                 return Eigen::MatrixXd(m);
                               },
                               [](const SparseBlockMatrix& m) { return m.toDense(); }},
                    data_);
}

Eigen::SparseMatrix<double> Matrix::toSparse() const {
  return std::visit(
      Overloaded{
          [](const Eigen::MatrixXd& m) -> Eigen::SparseMatrix<double> {
            Eigen::SparseMatrix<double> s = m.sparseView(0.0, 0.0);
            s.makeCompressed();
            return s;
          },
          [](const Eigen::SparseMatrix<double>& m) -> Eigen::SparseMatrix<double> { return m; },
          [](const SparseBlockMatrix& m) { return m.toSparse(); }},
      data_);
}

SparseBlockMatrix Matrix::toSparseBlock() const {
  if (const auto* m = std::get_if<SparseBlockMatrix>(&data_)) return *m;
  std::vector<Eigen::Index> rb, cb;
  if (rows() > 0) rb.push_back(rows());
  if (cols() > 0) cb.push_back(cols());
  return toSparseBlock(rb, cb);
}

SparseBlockMatrix Matrix::toSparseBlock(const std::vector<Eigen::Index>& rowBlockSizes,
                                        const std::vector<Eigen::Index>& colBlockSizes) const {
  return std::visit(
      Overloaded{[&](const Eigen::MatrixXd& m) {
                   return SparseBlockMatrix::fromDense(m, rowBlockSizes, colBlockSizes);
                 },
                 [&](const Eigen::SparseMatrix<double>& m) {
                   return SparseBlockMatrix::fromSparse(m, rowBlockSizes, colBlockSizes);
                 },
                 [&](const SparseBlockMatrix& m) {
                   if (m.rowBlockSizes() == rowBlockSizes && m.colBlockSizes() == colBlockSizes) {
                     return m;
                   }
                   return SparseBlockMatrix::fromSparse(m.toSparse(), rowBlockSizes, colBlockSizes);
                 }},
      data_);
}

bool Matrix::allFinite() const {
  return std::visit(
      Overloaded{[](const Eigen::MatrixXd& m) { return m.allFinite(); },
                 [](const Eigen::SparseMatrix<double>& m) {
                   const Eigen::Index nnz = m.nonZeros();
                   return Eigen::Map<const Eigen::VectorXd>(m.valuePtr(), nnz).allFinite();
                 },
                 [](const SparseBlockMatrix& m) { return m.allFinite(); }},
      data_);
}

}  // namespace moreau::numerics
