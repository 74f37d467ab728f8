#pragma once
// Abstract first-order relation (Siconos FirstOrderR, dev-notes §1.2,
// §1.2.2, simulation.md §2.3), for systems M ẋ = f + r:
//   y = h(x, λ, t, z),   r = g(x, λ, t, z)
// with x = [x_ds1; x_ds2] and r = [r_ds1; r_ds2] stacking the linked
// first-order systems (FirstOrderNonLinearDS and derived) in link order, and
// z stacking their z vectors. Jacobians (dev-notes §1.2.2), evaluated at
// (x, λ(0), t):
//   C = ∇ₓh (m × N),  D = ∇_λh (m × m),  B = ∇_λg (N × m),  K = ∇ₓg (N × N)
// Type2R has K = 0, Type1R K = 0 and D = 0; linear relations have constant
// (or time-only) C, D, B. Cblock(inter, i) = C^i (m × n_i) and
// Bblock(inter, i) = B^i (n_i × m) are the blocks of the OSNSP assembly
// (dev-notes §3.2: D_α + h Σ_j C_α^j W_j B_β^j).
//
// Level 0 only: computeOutput writes y(0) from λ(0); computeInput adds g's
// block i to r(0) of the i-th linked system.

#include <moreau/kernel/modeling/Relation.hpp>

#include <cstddef>
#include <functional>

namespace moreau {

class FirstOrderNonLinearDS;

/// Base class of the first-order relations (Siconos FirstOrderR), for systems M ẋ = f + r:
/// y = h(x, λ, t, z), r = g(x, λ, t, z), with x = [x_ds1; x_ds2] and r = [r_ds1; r_ds2] stacking
/// the linked first-order systems in link order. Jacobians at (x, λ(0), t): C = ∇ₓh (m × N),
/// D = ∇_λh (m × m), B = ∇_λg (N × m), K = ∇ₓg (N × N). Level 0 only.
class FirstOrderR : public Relation {
 public:
  /// General form of the user functions: (t, x, λ, z, out), out pre-sized.
  using VectorFunction =
      std::function<void(double t, const Eigen::VectorXd& x, const Eigen::VectorXd& lambda,
                         const Eigen::VectorXd& z, Eigen::VectorXd& out)>;
  /// Jacobian user function: (t, x, λ, z, out), out pre-sized to the Jacobian's size.
  using MatrixFunction =
      std::function<void(double t, const Eigen::VectorXd& x, const Eigen::VectorXd& lambda,
                         const Eigen::VectorXd& z, Eigen::MatrixXd& out)>;

  RelationType relationType() const override { return RelationType::FirstOrder; }
  /// dimension() of ds; ModelError when ds is not a first-order system.
  Eigen::Index linkedStateSize(const DynamicalSystem& ds) const override;

  void computeOutput(double t, Interaction& inter, unsigned level) override;
  void computeInput(double t, Interaction& inter, unsigned level) override;
  void computeJacobians(double t, Interaction& inter) override;

  /// Jacobians of the last computeJacobians on inter.
  ///@{
  const Eigen::MatrixXd& C(const Interaction& inter) const;
  const Eigen::MatrixXd& D(const Interaction& inter) const;
  const Eigen::MatrixXd& B(const Interaction& inter) const;
  ///@}
  /// N × N for FirstOrderNonLinearR; empty (meaning zero) otherwise.
  const Eigen::MatrixXd& K(const Interaction& inter) const;
  /// C^i: columns of C for the i-th linked system (m × n_i).
  ConstColumnBlock Cblock(const Interaction& inter, std::size_t i) const;
  /// B^i: rows of B for the i-th linked system (n_i × m).
  ConstRowBlock Bblock(const Interaction& inter, std::size_t i) const;
  /// True when h depends on λ (D may be nonzero).
  virtual bool hasD() const { return lambdaInH_; }
  /// True when g depends on x (K may be nonzero).
  virtual bool hasK() const { return xInG_; }

 protected:
  FirstOrderR() = default;
  /// Used by the nonlinear relations: h and g in general form; which
  /// arguments they really depend on; the Jacobians given (may be empty).
  void setFunctions(VectorFunction h, VectorFunction g, bool lambdaInH, bool xInG, MatrixFunction C,
                    MatrixFunction D, MatrixFunction B, MatrixFunction K);
  /// Replace one function after construction (setComputehFunction & co. of the
  /// derived classes). ModelError for an empty h or g.
  void setOutputFunction(VectorFunction h);
  void setInputFunction(VectorFunction g);
  enum class Jacobian { C, D, B, K };
  void setJacobianFunction(Jacobian which, MatrixFunction J);
  void initializeWorkspace(Interaction& inter) override;
  /// The i-th linked system (type checked by initialize).
  static FirstOrderNonLinearDS& linkedDS(Interaction& inter, std::size_t i);
  /// workspace.x <- [x_i], workspace.lambda <- λ(0), workspace.z <- [z_i].
  void gather(Interaction& inter) const;
  /// r(0)_i += workspace.input block i.
  static void scatterInput(Interaction& inter);

 private:
  VectorFunction h_, g_;
  MatrixFunction C_, D_, B_, K_;
  bool lambdaInH_ = false, xInG_ = false;
};

}  // namespace moreau
