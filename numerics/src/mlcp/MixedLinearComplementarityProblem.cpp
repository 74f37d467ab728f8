#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

std::vector<Index> canonicalRows(Index n, Index m) {
  if (n < 0 || m < 0) {
    throw std::invalid_argument("MixedLinearComplementarityProblem: n = " + std::to_string(n) +
                                " and m = " + std::to_string(m) + " must be >= 0");
  }
  std::vector<Index> rows{0};
  if (n > 0) rows.push_back(n);
  if (m > 0) rows.push_back(n + m);
  return rows;
}

std::vector<int> canonicalFlags(Index n, Index m) {
  std::vector<int> flags;
  if (n > 0) flags.push_back(0);
  if (m > 0) flags.push_back(1);
  return flags;
}

Eigen::MatrixXd extract(const Eigen::MatrixXd& M, const std::vector<Index>& rows,
                        const std::vector<Index>& cols) {
  Eigen::MatrixXd out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t j = 0; j < cols.size(); ++j)
    for (std::size_t i = 0; i < rows.size(); ++i)
      out(static_cast<Index>(i), static_cast<Index>(j)) = M(rows[i], cols[j]);
  return out;
}

}  // namespace

MixedLinearComplementarityProblem::MixedLinearComplementarityProblem(Matrix M, Eigen::VectorXd q,
                                                                     Index n, Index m)
    : MixedLinearComplementarityProblem(std::move(M), std::move(q), canonicalRows(n, m),
                                        canonicalFlags(n, m)) {}

MixedLinearComplementarityProblem::MixedLinearComplementarityProblem(Eigen::MatrixXd M,
                                                                     Eigen::VectorXd q, Index n,
                                                                     Index m)
    : MixedLinearComplementarityProblem(Matrix(std::move(M)), std::move(q), n, m) {}

MixedLinearComplementarityProblem::MixedLinearComplementarityProblem(Eigen::SparseMatrix<double> M,
                                                                     Eigen::VectorXd q, Index n,
                                                                     Index m)
    : MixedLinearComplementarityProblem(Matrix(std::move(M)), std::move(q), n, m) {}

MixedLinearComplementarityProblem::MixedLinearComplementarityProblem(Matrix M, Eigen::VectorXd q,
                                                                     std::vector<Index> blocksRows,
                                                                     std::vector<int> blocksIsComp)
    : M_(std::move(M)),
      q_(std::move(q)),
      blocksRows_(std::move(blocksRows)),
      blocksIsComp_(std::move(blocksIsComp)) {
  const char* who = "MixedLinearComplementarityProblem: ";
  if (blocksRows_.empty() || blocksRows_.front() != 0) {
    throw std::invalid_argument(std::string(who) + "blocksRows must start with 0");
  }
  if (blocksIsComp_.size() + 1 != blocksRows_.size()) {
    throw std::invalid_argument(who + ("blocksIsComp has " + std::to_string(blocksIsComp_.size())) +
                                " flags, must have one per block (" +
                                std::to_string(blocksRows_.size() - 1) + " blocks)");
  }
  for (std::size_t k = 0; k + 1 < blocksRows_.size(); ++k) {
    if (blocksRows_[k + 1] < blocksRows_[k]) {
      throw std::invalid_argument(
          who + ("blocksRows is not increasing at position " + std::to_string(k + 1)) + " (" +
          std::to_string(blocksRows_[k]) + " then " + std::to_string(blocksRows_[k + 1]) + ")");
    }
  }
  if (blocksRows_.back() != q_.size()) {
    throw std::invalid_argument(
        who + ("blocksRows ends at " + std::to_string(blocksRows_.back())) +
        ", must end at the problem size n + m = " + std::to_string(q_.size()) + " (size of q)");
  }
  buildRowIndex();
  validate();
}

MixedLinearComplementarityProblem MixedLinearComplementarityProblem::fromBlocks(
    const Eigen::MatrixXd& A, const Eigen::MatrixXd& B, const Eigen::MatrixXd& C,
    const Eigen::MatrixXd& D, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Index n = A.rows();
  const Index m = B.rows();
  const auto shape = [](const char* name, const Eigen::MatrixXd& X, Index r, Index c) {
    if (X.rows() != r || X.cols() != c) {
      throw std::invalid_argument(std::string("MixedLinearComplementarityProblem::fromBlocks: ") +
                                  name + " is " + std::to_string(X.rows()) + "x" +
                                  std::to_string(X.cols()) + ", must be " + std::to_string(r) +
                                  "x" + std::to_string(c) + " (n = " + std::to_string(r) +
                                  " equalities from A, m complementarities from B)");
    }
  };
  shape("A", A, n, n);
  shape("B", B, m, m);
  shape("C", C, n, m);
  shape("D", D, m, n);
  if (a.size() != n || b.size() != m) {
    throw std::invalid_argument("MixedLinearComplementarityProblem::fromBlocks: a has " +
                                std::to_string(a.size()) + " entries and b " +
                                std::to_string(b.size()) + ", must have n = " + std::to_string(n) +
                                " and m = " + std::to_string(m));
  }
  Eigen::MatrixXd M(n + m, n + m);
  M.topLeftCorner(n, n) = A;
  M.topRightCorner(n, m) = C;
  M.bottomLeftCorner(m, n) = D;
  M.bottomRightCorner(m, m) = B;
  Eigen::VectorXd q(n + m);
  q.head(n) = a;
  q.tail(m) = b;
  return MixedLinearComplementarityProblem(std::move(M), std::move(q), n, m);
}

void MixedLinearComplementarityProblem::assignRows(Index n, Index m) {
  if (n < 0 || m < 0) {
    throw std::invalid_argument(
        "MixedLinearComplementarityProblem::assignRows: n = " + std::to_string(n) +
        " and m = " + std::to_string(m) + " must be >= 0");
  }
  // Same blocks as the (M, q, n, m) constructor, written into the existing vectors.
  blocksRows_.assign(1, 0);
  blocksIsComp_.clear();
  if (n > 0) {
    blocksRows_.push_back(n);
    blocksIsComp_.push_back(0);
  }
  if (m > 0) {
    blocksRows_.push_back(n + m);
    blocksIsComp_.push_back(1);
  }
  buildRowIndex();
}

void MixedLinearComplementarityProblem::assignRowBlocks(const std::vector<Index>& blocksRows,
                                                        const std::vector<int>& blocksIsComp) {
  const char* who = "MixedLinearComplementarityProblem::assignRowBlocks: ";
  const auto fail = [&](const std::string& what) {
    blocksRows_.assign(1, 0);
    blocksIsComp_.clear();
    buildRowIndex();
    throw std::invalid_argument(who + what);
  };
  if (blocksRows.empty() || blocksRows.front() != 0) fail("blocksRows must start with 0");
  if (blocksIsComp.size() + 1 != blocksRows.size()) {
    fail("blocksIsComp has " + std::to_string(blocksIsComp.size()) +
         " flags, must have one per block (" + std::to_string(blocksRows.size() - 1) + " blocks)");
  }
  for (std::size_t k = 0; k + 1 < blocksRows.size(); ++k) {
    if (blocksRows[k + 1] < blocksRows[k]) {
      fail("blocksRows is not increasing at position " + std::to_string(k + 1));
    }
  }
  blocksRows_.assign(blocksRows.begin(), blocksRows.end());
  blocksIsComp_.assign(blocksIsComp.begin(), blocksIsComp.end());
  buildRowIndex();
}

void MixedLinearComplementarityProblem::buildRowIndex() {
  // The size is the structure's (blocksRows_.back()), equal to q's once valid.
  rowIsComp_.assign(static_cast<std::size_t>(blocksRows_.back()), 0);
  equalityRows_.clear();
  complementarityRows_.clear();
  for (std::size_t k = 0; k + 1 < blocksRows_.size(); ++k) {
    for (Index i = blocksRows_[k]; i < blocksRows_[k + 1]; ++i) {
      rowIsComp_[static_cast<std::size_t>(i)] = blocksIsComp_[k] != 0 ? 1 : 0;
    }
  }
  for (Index i = 0; i < static_cast<Index>(rowIsComp_.size()); ++i) {
    (rowIsComp_[static_cast<std::size_t>(i)] ? complementarityRows_ : equalityRows_).push_back(i);
  }
}

bool MixedLinearComplementarityProblem::isCanonical() const {
  for (std::size_t k = 0; k < equalityRows_.size(); ++k) {
    if (equalityRows_[k] != static_cast<Index>(k)) return false;
  }
  return true;
}

Eigen::MatrixXd MixedLinearComplementarityProblem::A() const {
  return extract(M_.toDense(), equalityRows_, equalityRows_);
}
Eigen::MatrixXd MixedLinearComplementarityProblem::B() const {
  return extract(M_.toDense(), complementarityRows_, complementarityRows_);
}
Eigen::MatrixXd MixedLinearComplementarityProblem::C() const {
  return extract(M_.toDense(), equalityRows_, complementarityRows_);
}
Eigen::MatrixXd MixedLinearComplementarityProblem::D() const {
  return extract(M_.toDense(), complementarityRows_, equalityRows_);
}
Eigen::VectorXd MixedLinearComplementarityProblem::a() const {
  Eigen::VectorXd out(n());
  for (std::size_t k = 0; k < equalityRows_.size(); ++k)
    out[static_cast<Index>(k)] = q_[equalityRows_[k]];
  return out;
}
Eigen::VectorXd MixedLinearComplementarityProblem::b() const {
  Eigen::VectorXd out(m());
  for (std::size_t k = 0; k < complementarityRows_.size(); ++k)
    out[static_cast<Index>(k)] = q_[complementarityRows_[k]];
  return out;
}

void MixedLinearComplementarityProblem::setExtraEqualityRows(Eigen::MatrixXd E, Eigen::VectorXd e) {
  const char* who = "MixedLinearComplementarityProblem::setExtraEqualityRows: ";
  if (E.rows() != e.size() || (E.rows() > 0 && E.cols() != q_.size())) {
    throw std::invalid_argument(who + ("E is " + std::to_string(E.rows())) + "x" +
                                std::to_string(E.cols()) + " and e has " +
                                std::to_string(e.size()) + " entries, must be r x " +
                                std::to_string(q_.size()) + " (n + m columns) and r");
  }
  if (!E.allFinite() || !e.allFinite()) {
    throw std::invalid_argument(std::string(who) + "E or e has a non-finite entry");
  }
  extraE_ = std::move(E);
  extraQ_ = std::move(e);
  if (extraE_.rows() == 0) extraE_.resize(0, 0);
}

Eigen::VectorXd MixedLinearComplementarityProblem::extraEqualityResidual(
    const Eigen::VectorXd& z) const {
  if (!hasExtraEqualityRows()) return Eigen::VectorXd();
  return extraE_ * z + extraQ_;
}

void MixedLinearComplementarityProblem::validate() const {
  // Messages are built only on failure: validate() may run every time step.
  const char* who = "MixedLinearComplementarityProblem: ";
  const auto shape = [this] { return std::to_string(M_.rows()) + "x" + std::to_string(M_.cols()); };
  const auto nm = [this] {
    return " (n = " + std::to_string(n()) + " equalities + m = " + std::to_string(m()) +
           " complementarities)";
  };
  if (M_.rows() != M_.cols()) {
    throw std::invalid_argument(who + ("M is " + shape()) + ", must be square" + nm());
  }
  if (M_.rows() != q_.size() || static_cast<Index>(rowIsComp_.size()) != q_.size()) {
    throw std::invalid_argument(who + ("M is " + shape()) + " and q has " +
                                std::to_string(q_.size()) + " entries, both must have size n + m" +
                                nm());
  }
  if (hasExtraEqualityRows() && (extraE_.cols() != q_.size() || extraQ_.size() != extraE_.rows())) {
    throw std::invalid_argument(
        who + ("the extra equality rows are " + std::to_string(extraE_.rows())) + "x" +
        std::to_string(extraE_.cols()) + ", the problem has size " + std::to_string(q_.size()));
  }
  if (!M_.allFinite()) {
    throw std::invalid_argument(std::string(who) + "M has a non-finite (NaN or Inf) entry");
  }
  for (Index i = 0; i < q_.size(); ++i) {
    if (!std::isfinite(q_[i])) {
      throw std::invalid_argument(who + ("q[" + std::to_string(i)) + "] is not finite");
    }
  }
}

}  // namespace moreau::numerics
