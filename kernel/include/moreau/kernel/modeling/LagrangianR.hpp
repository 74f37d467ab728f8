#pragma once
// Abstract Lagrangian relation (Siconos LagrangianR, dev-notes §1.2,
// simulation.md §2.7): y = h(q, ...), ẏ = G v + ..., p = Gᵀ λ with
// G = ∇_q h (jachq). q = [q_ds1; q_ds2] and v = [v_ds1; v_ds2] stack the
// linked LagrangianDS in link order, so G has Σ ndof columns; its block for
// the i-th linked system is jachqBlock(inter, i) (m × ndof_i), the block used
// in the OSNSP assembly (dev-notes §3.3).
//
// Levels: computeOutput(t, inter, 0) writes y(0) = h; level 1 writes
// y(1) = ẏ. computeInput(t, inter, level) adds G_iᵀ λ(level) to p(level) of
// each linked system, with G evaluated at the current q.

#include <moreau/kernel/modeling/Relation.hpp>

#include <cstddef>

namespace moreau {

class LagrangianDS;

/// Base class of the Lagrangian relations (Siconos LagrangianR): y = h(q, ...), ẏ = G v + ...,
/// p = Gᵀ λ with G = ∇_q h. q = [q_ds1; q_ds2] and v = [v_ds1; v_ds2] stack the linked
/// LagrangianDS in link order, so G has Σ ndof columns. Level 0 writes y(0) = h, level 1
/// y(1) = ẏ; computeInput adds G_iᵀ λ(level) to p(level) of each linked system.
class LagrangianR : public Relation {
 public:
  RelationType relationType() const override { return RelationType::Lagrangian; }
  /// ndof of ds; ModelError when ds is not a LagrangianDS.
  Eigen::Index linkedStateSize(const DynamicalSystem& ds) const override;

  void computeInput(double t, Interaction& inter, unsigned level) override;

  /// G = ∇_q h (m × Σ ndof) from the last computeJacobians on inter.
  const Eigen::MatrixXd& jachq(const Interaction& inter) const;
  /// Columns of G for the i-th linked system (m × ndof_i).
  ConstColumnBlock jachqBlock(const Interaction& inter, std::size_t i) const;
  /// ∇_λ h (m × m): D of a linear relation, G1 of a compliant one, else zero.
  const Eigen::MatrixXd& jachlambda(const Interaction& inter) const;
  /// ∂h/∂t (size m), nonzero only for rheonomous relations.
  const Eigen::VectorXd& dhdt(const Interaction& inter) const;
  /// True when y depends on λ (jachlambda may be nonzero).
  virtual bool hasJachlambda() const { return false; }
  /// True when y depends explicitly on t (rheonomous).
  virtual bool hasTimeDerivative() const { return false; }

 protected:
  LagrangianR() = default;
  const char* stateMatrixName() const override { return "H"; }
  /// The i-th linked system (type checked by initialize).
  static LagrangianDS& linkedDS(Interaction& inter, std::size_t i);
  /// workspace.x <- [q_i], workspace.v <- [v_i], workspace.z <- [z_i].
  ///@{
  static void gatherQ(Interaction& inter);
  static void gatherV(Interaction& inter);
  ///@}
  /// y(1) = G v (+ ∂h/∂t + ∇_λh λ(1) when present) from the workspace.
  void velocityOutput(Interaction& inter) const;
};

}  // namespace moreau
