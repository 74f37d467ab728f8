#pragma once
// Planar rigid-body contact relations (Siconos Lagrangian2d1DR, Lagrangian2d2DR;
// tutorial-models.md §14). Each linked system is a planar rigid body with
// q = (x, y, θ) (ndof 3). The relation stores a contact point Pc1 on the first
// body, a contact point Pc2 on the second body (or on the fixed ground when only
// one body is linked) and a unit normal N (pointing towards the first body).
// A user InteractionManager usually moves them before each step.
//
//   h:   y0 = σ ‖Pc2 − Pc1‖,  σ = −1 when N·(Pc2 − Pc1) ≥ 0, +1 otherwise
//        (the points only: h does not depend on q between two updates).
//   G:   row 0 = [N_x, N_y, ℓ1x N_y − ℓ1y N_x | −N_x, −N_y, −(ℓ2x N_y − ℓ2y N_x)]
//        with the lever arms ℓ1 = Pc1 − (q1_x, q1_y), ℓ2 = Pc2 − (q2_x, q2_y),
//        i.e. the gradient of N·(P1(q1) − P2(q2)) for material points P1, P2
//        attached to the bodies at Pc1, Pc2. Lagrangian2d2DR adds the tangent
//        row with T = (−N_y, N_x).

#include <moreau/kernel/modeling/LagrangianR.hpp>

namespace moreau {

/// Planar contact relation, normal row only (Siconos Lagrangian2d1DR): bodies with
/// q = (x, y, θ); y0 = σ‖Pc2 − Pc1‖ (σ = −1 when N·(Pc2 − Pc1) ≥ 0, else +1),
/// G row 0 = [N, ℓ1 × N | −N, −ℓ2 × N] with ℓi = Pci − (x_i, y_i) and
/// ℓ × N = ℓx N_y − ℓy N_x. Pc1, Pc2 and N are set by the user (setPc1, setPc2, setNc).
class Lagrangian2d1DR : public LagrangianR {
 public:
  /// Contact points at the origin, normal (0, 1).
  Lagrangian2d1DR();
  /// Contact points pc1, pc2 and normal nc (ModelError when nc is zero).
  Lagrangian2d1DR(const Eigen::Vector2d& pc1, const Eigen::Vector2d& pc2,
                  const Eigen::Vector2d& nc);

  const char* typeName() const override { return "Lagrangian2d1DR"; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }

  /// Contact point on the first body (world frame).
  const Eigen::Vector2d& pc1() const { return pc1_; }
  /// Contact point on the second body or on the ground (world frame).
  const Eigen::Vector2d& pc2() const { return pc2_; }
  /// Contact normal (world frame, towards the first body).
  const Eigen::Vector2d& nc() const { return nc_; }
  /// Sets Pc1.
  void setPc1(const Eigen::Vector2d& pc1) { pc1_ = pc1; }
  /// Sets Pc2.
  void setPc2(const Eigen::Vector2d& pc2) { pc2_ = pc2; }
  /// Sets N (ModelError when zero or not finite; not normalised).
  void setNc(const Eigen::Vector2d& nc);

  /// Signed distance σ‖Pc2 − Pc1‖ of the stored points.
  double signedDistance() const;

  void computeOutput(double t, Interaction& inter, unsigned level) override;
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  /// ModelError unless every linked system has ndof 3 and the dimension is
  /// at least the number of rows.
  void initializeWorkspace(Interaction& inter) override;
  /// Number of rows this relation writes (1 normal; 2 normal + tangent).
  virtual Eigen::Index rows() const { return 1; }
  /// Writes the Jacobian rows into the workspace from the current q.
  void evaluateJacobian(Interaction& inter) const;

 private:
  Eigen::Vector2d pc1_ = Eigen::Vector2d::Zero();
  Eigen::Vector2d pc2_ = Eigen::Vector2d::Zero();
  Eigen::Vector2d nc_ = Eigen::Vector2d(0.0, 1.0);
};

}  // namespace moreau
