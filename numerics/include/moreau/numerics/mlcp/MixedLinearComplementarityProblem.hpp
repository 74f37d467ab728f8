#pragma once
// MLCP: n equality rows (free unknowns u) and m complementarity rows (v),
//   0 = A u + C v + a,   0 <= v ⊥ D u + B v + b >= 0.
// Stored as one (n+m)x(n+m) matrix M and vector q over the unknown z. Each row
// i of M is either an equality row (z_i free, w_i = (M z + q)_i = 0) or a
// complementarity row (0 <= z_i ⊥ w_i >= 0). The rows are grouped in blocks
// (Siconos storage 1: blocksRows/blocksIsComp) that may come in any order; the
// canonical (M, q, n, m) form is the special case "first n rows equality".
// Optionally, r extra equality rows E z + e = 0 over the same unknowns (an
// over-determined equality part, the rectangular M of Siconos' legacy layout).
// See docs/numerics/mlcp.md.

#include <moreau/numerics/Matrix.hpp>

#include <Eigen/Dense>
#include <vector>

namespace moreau::numerics {

/// Mixed linear complementarity problem: n equality rows (free unknowns u) and m complementarity
/// rows (v), 0 = A u + C v + a, 0 <= v ⊥ D u + B v + b >= 0, stored as one (n+m) × (n+m) matrix M
/// and vector q over z. Rows are grouped in blocks (Siconos storage 1: blocksRows /
/// blocksIsComp) in any order; the canonical (M, q, n, m) form has the n equality rows first.
/// Optional extra equality rows E z + e = 0 (setExtraEqualityRows). See docs/numerics/mlcp.md.
class MixedLinearComplementarityProblem {
 public:
  /// Index type (Eigen::Index, signed).
  using Index = Eigen::Index;

  /// Empty problem (n = m = 0).
  MixedLinearComplementarityProblem() = default;

  /// (M, q, n, m) form: rows 0..n-1 are equalities, rows n..n+m-1 complementarity
  /// (M = [[A, C], [D, B]], q = [a; b]). Throws std::invalid_argument when M is
  /// not (n+m)x(n+m), q's size differs, n or m is negative, or an entry is not finite.
  ///@{
  MixedLinearComplementarityProblem(Matrix M, Eigen::VectorXd q, Index n, Index m);
  MixedLinearComplementarityProblem(Eigen::MatrixXd M, Eigen::VectorXd q, Index n, Index m);
  MixedLinearComplementarityProblem(Eigen::SparseMatrix<double> M, Eigen::VectorXd q, Index n,
                                    Index m);
  ///@}

  /// Siconos storage-1 form: blocksRows = {0, r1, ..., n+m} (strictly increasing,
  /// starting at 0, ending at M's size), blocksIsComp[k] != 0 when rows
  /// [blocksRows[k], blocksRows[k+1]) are complementarity rows, 0 for equality rows.
  MixedLinearComplementarityProblem(Matrix M, Eigen::VectorXd q, std::vector<Index> blocksRows,
                                    std::vector<int> blocksIsComp);

  /// (A, B, C, D, a, b) form (Siconos storage 2): A n x n, B m x m, C n x m,
  /// D m x n, a n, b m. Builds the dense canonical M = [[A, C], [D, B]], q = [a; b].
  static MixedLinearComplementarityProblem fromBlocks(
      const Eigen::MatrixXd& A, const Eigen::MatrixXd& B, const Eigen::MatrixXd& C,
      const Eigen::MatrixXd& D, const Eigen::VectorXd& a, const Eigen::VectorXd& b);

  /// Number of equality rows.
  Index n() const { return static_cast<Index>(equalityRows_.size()); }
  /// Number of complementarity rows.
  Index m() const { return static_cast<Index>(complementarityRows_.size()); }
  /// n + m, the size of z, w, q and M.
  Index size() const { return q_.size(); }

  /// The matrix M ((n+m) × (n+m)) and the vector q (size n+m).
  ///@{
  const Matrix& M() const { return M_; }
  const Eigen::VectorXd& q() const { return q_; }
  ///@}
  /// Mutable access for callers that refill the values in place (the kernel does
  /// so every step; no reallocation while the sizes are unchanged). The row
  /// structure changes only through assignRows / assignRowBlocks; call
  /// validate() after changing sizes.
  ///@{
  Matrix& M() { return M_; }
  Eigen::VectorXd& q() { return q_; }
  ///@}

  /// Replaces the row structure in place by the canonical one (rows 0..n-1
  /// equalities, n..n+m-1 complementarity), reusing the capacity of the internal
  /// vectors (no heap allocation when n + m does not exceed a size reached
  /// before). M and q are resized/refilled by the caller (M(), q()), before or
  /// after; validate() checks the result. Throws std::invalid_argument when n or
  /// m is negative.
  void assignRows(Index n, Index m);
  /// Same for the storage-1 form (blocksRows {0, ..., n+m} non-decreasing,
  /// one flag per block, see the constructor). Throws std::invalid_argument on a
  /// malformed structure (the problem is then left with an empty structure).
  void assignRowBlocks(const std::vector<Index>& blocksRows, const std::vector<int>& blocksIsComp);

  /// Row blocks {0, ..., size()} (canonical form: {0, n, n+m} without empty blocks).
  const std::vector<Index>& blocksRows() const { return blocksRows_; }
  /// One flag per block: 1 complementarity, 0 equality.
  const std::vector<int>& blocksIsComp() const { return blocksIsComp_; }
  /// True when row i is a complementarity row.
  bool isComplementarityRow(Index i) const { return rowIsComp_[static_cast<std::size_t>(i)] != 0; }
  /// Equality rows, ascending (n entries).
  const std::vector<Index>& equalityRows() const { return equalityRows_; }
  /// Complementarity rows, ascending (m entries).
  const std::vector<Index>& complementarityRows() const { return complementarityRows_; }
  /// True when the equality rows are exactly 0..n-1 (the (M, q, n, m) form).
  bool isCanonical() const;

  /// Dense blocks of the (A, B, C, D, a, b) form, taken in the order of
  /// equalityRows() (u) and complementarityRows() (v).
  ///@{
  Eigen::MatrixXd A() const;
  Eigen::MatrixXd B() const;
  Eigen::MatrixXd C() const;
  Eigen::MatrixXd D() const;
  Eigen::VectorXd a() const;
  Eigen::VectorXd b() const;
  ///@}

  /// Adds r extra equality rows E z + e = 0 (E r x (n+m), e r entries) to the
  /// square problem: no unknown is paired with them, they are checked by the
  /// error measure (one more equality block) and used by "enum". Replaces any
  /// previous extra rows; r = 0 removes them. Throws std::invalid_argument on a
  /// size mismatch or a non-finite entry.
  void setExtraEqualityRows(Eigen::MatrixXd E, Eigen::VectorXd e);
  /// True when extra equality rows are set (r > 0).
  bool hasExtraEqualityRows() const { return extraE_.rows() > 0; }
  /// E (r x (n+m)) and e (r), empty when there are no extra rows.
  ///@{
  const Eigen::MatrixXd& extraEqualityRows() const { return extraE_; }
  const Eigen::VectorXd& extraEqualityConstants() const { return extraQ_; }
  ///@}
  /// E z + e (empty without extra rows).
  Eigen::VectorXd extraEqualityResidual(const Eigen::VectorXd& z) const;

  /// Throws std::invalid_argument naming the offending object and sizes.
  void validate() const;

 private:
  void buildRowIndex();

  Matrix M_;
  Eigen::VectorXd q_;
  std::vector<Index> blocksRows_;
  std::vector<int> blocksIsComp_;
  std::vector<char> rowIsComp_;
  std::vector<Index> equalityRows_;
  std::vector<Index> complementarityRows_;
  Eigen::MatrixXd extraE_;
  Eigen::VectorXd extraQ_;
};

}  // namespace moreau::numerics
