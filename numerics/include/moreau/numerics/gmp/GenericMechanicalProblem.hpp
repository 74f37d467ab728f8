#pragma once
// Generic mechanical problem (Siconos GenericMechanicalProblem): w = M z + q
// with the unknowns split into an ordered list of blocks, each with its own
// law (equality, complementarity, relay, 2D/3D Coulomb friction). See
// docs/numerics/generic-mechanical.md.

#include <moreau/numerics/Matrix.hpp>

#include <Eigen/Dense>
#include <vector>

namespace moreau::numerics {

/// Law of one block of a GenericMechanicalProblem. The numeric values are the
/// Siconos problem-type codes written in a GenericMechanical `.dat` file
/// (0 LCP, 2 equality, 3 FC2D, 4 FC3D, 9 relay).
enum class GmpBlockType : int {
  Complementarity = 0,    ///< 0 <= z_b ⊥ w_b >= 0 (LCP rows)
  Equality = 2,           ///< w_b = 0, z_b free (bilateral rows)
  FrictionContact2D = 3,  ///< one 2D contact (normal, tangent): K_μ ∋ z_b ⊥ ũ_b ∈ K_μ*
  FrictionContact3D = 4,  ///< one 3D contact (normal, 2 tangents): K_μ ∋ z_b ⊥ ũ_b ∈ K_μ*
  Relay = 9               ///< −w_b ∈ N_[lb,ub](z_b) (box-constrained rows)
};

/// "complementarity", "equality", "fc2d", "fc3d" or "relay".
const char* toString(GmpBlockType type);

/// One block of a GenericMechanicalProblem: its law and its number of unknowns.
struct GmpBlock {
  /// The law of the block.
  GmpBlockType type = GmpBlockType::Equality;
  /// Number of unknowns (>= 1; 2 for FrictionContact2D, 3 for FrictionContact3D).
  Eigen::Index size = 0;
  /// Friction coefficient μ (finite, >= 0) of a friction block; ignored otherwise.
  double mu = 0.0;
  /// Bounds of a relay block (size entries each, lb <= ub, infinite values allowed
  /// as for RelayProblem); empty for the other types.
  ///@{
  Eigen::VectorXd lb;
  Eigen::VectorXd ub;
  ///@}

  /// An equality block of n rows.
  static GmpBlock equality(Eigen::Index n);
  /// A complementarity block of n rows.
  static GmpBlock complementarity(Eigen::Index n);
  /// A relay block with bounds lb, ub (its size is lb.size()).
  static GmpBlock relay(Eigen::VectorXd lb, Eigen::VectorXd ub);
  /// A friction-contact block of dimension 2 or 3 (normal first) with coefficient mu.
  static GmpBlock frictionContact(int dimension, double mu);
};

/// Generic mechanical problem (Siconos GenericMechanicalProblem): find z with w = M z + q, the
/// unknowns being split into consecutive blocks (in the order of blocks()), each satisfying its
/// own law: equality (w_b = 0), complementarity (0 <= z_b ⊥ w_b >= 0), relay (−w_b ∈
/// N_[lb,ub](z_b)) or Coulomb friction of one 2D/3D contact (K_μ ∋ z_b ⊥ w_b + μ‖w_T‖e_N ∈ K_μ*).
/// M is square (dense, sparse or sparse-block; a sparse-block M whose block rows contain the
/// problem's blocks is used in place by the solvers). See docs/numerics/generic-mechanical.md.
class GenericMechanicalProblem {
 public:
  /// Index type (Eigen::Index, signed).
  using Index = Eigen::Index;

  /// Empty problem (n = 0, no block).
  GenericMechanicalProblem() = default;
  /// Throws std::invalid_argument (validate()) naming the mismatch.
  GenericMechanicalProblem(Matrix M, Eigen::VectorXd q, std::vector<GmpBlock> blocks);

  /// Number of unknowns n (size of q).
  Index size() const { return q_.size(); }
  /// Number of blocks.
  Index numberOfBlocks() const { return static_cast<Index>(blocks_.size()); }
  /// The blocks, in unknown order.
  const std::vector<GmpBlock>& blocks() const { return blocks_; }
  /// Block b (0 <= b < numberOfBlocks()).
  const GmpBlock& block(Index b) const { return blocks_[static_cast<std::size_t>(b)]; }
  /// First unknown of block b; blockOffset(numberOfBlocks()) = sum of the sizes.
  Index blockOffset(Index b) const { return offsets_[static_cast<std::size_t>(b)]; }

  /// The matrix M (n × n) and the vector q (n).
  ///@{
  const Matrix& M() const { return M_; }
  const Eigen::VectorXd& q() const { return q_; }
  ///@}
  /// Mutable access for callers refilling the values in place (the kernel does so every step);
  /// call validate() after changing sizes.
  ///@{
  Matrix& M() { return M_; }
  Eigen::VectorXd& q() { return q_; }
  ///@}
  /// Replaces the block list (reusing the capacity of the internal vectors when it suffices) and
  /// recomputes the offsets; not validated (call validate()).
  void setBlocks(const std::vector<GmpBlock>& blocks);
  /// Mutable friction coefficient of friction block b (in-place refill; std::invalid_argument
  /// when b is not a friction block).
  double& mu(Index b);

  /// Throws std::invalid_argument naming the mismatch: M not square, q's size different from
  /// M's, block sizes not adding up to n, a block of size < 1, a friction block of the wrong
  /// size or with μ < 0 or non-finite, relay bounds of the wrong size, NaN, lb > ub, lb = +inf or
  /// ub = −inf. (Non-finite entries of M or q are not rejected here: the solvers report them as
  /// a failed solve.)
  void validate() const;

 private:
  void computeOffsets();

  Matrix M_;
  Eigen::VectorXd q_;
  std::vector<GmpBlock> blocks_;
  std::vector<Index> offsets_ = std::vector<Index>(1, 0);
};

}  // namespace moreau::numerics
