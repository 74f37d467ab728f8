#pragma once
// Lagrangian system with a constant mass matrix (this part):
//   M dv = F_ext(t) dt + dr,   dq = v dt,   q(t0) = q0, v(t0) = v0
// (Siconos LagrangianDS; dev-notes §1.1.3, docs/theory/moreau-jean.md).
// p(1) is the impulse over the last step, the input of Moreau–Jean.

#include <moreau/kernel/modeling/DynamicalSystem.hpp>

#include <Eigen/Dense>
#include <array>
#include <functional>

namespace moreau {

class LagrangianDS : public DynamicalSystem {
 public:
  /// External force plug-in: writes F_ext(t) in place into fExt, which is
  /// pre-sized to ndof. Resizing it or writing a non-finite value is a
  /// ModelError, detected at the next computeFExt (i.e. the first step).
  using FExtFunction = std::function<void(double t, Eigen::VectorXd& fExt)>;

  /// Throws ModelError when q0, v0 and M disagree in size, when M is not
  /// square, not symmetric (relative tolerance 1e-12) or has a non-finite
  /// entry, or when q0/v0 are not finite.
  LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0, const Eigen::MatrixXd& M);

  const char* typeName() const override { return "LagrangianDS"; }
  Eigen::Index dimension() const override { return 2 * ndof(); }
  Eigen::Index ndof() const { return q0_.size(); }

  const Eigen::VectorXd& q() const { return q_; }
  Eigen::VectorXd& q() { return q_; }
  const Eigen::VectorXd& velocity() const { return v_; }
  Eigen::VectorXd& velocity() { return v_; }
  const Eigen::VectorXd& q0() const { return q0_; }
  const Eigen::VectorXd& velocity0() const { return v0_; }
  const Eigen::MatrixXd& mass() const { return mass_; }

  /// Nonsmooth input at level 0, 1 or 2 (size ndof). p(1) is the impulse of
  /// the Moreau–Jean step. Throws std::out_of_range for level > 2.
  const Eigen::VectorXd& p(unsigned level) const;
  Eigen::VectorXd& p(unsigned level);

  /// F_ext at the time of the last computeFExt (zero when no force is set).
  const Eigen::VectorXd& fExt() const { return fExt_; }
  /// Constant external force; ModelError when its size is not ndof or it is
  /// not finite. Replaces any force function.
  void setFExtPtr(const Eigen::VectorXd& fExt);
  /// Time-dependent external force (see FExtFunction). An empty function
  /// removes the force.
  void setComputeFExtFunction(FExtFunction function);
  bool hasFExtFunction() const { return static_cast<bool>(fExtFunction_); }
  /// Evaluates F_ext(t) into fExt() (no-op for a constant force). Throws
  /// ModelError when the user function resizes the vector or returns a
  /// non-finite value.
  void computeFExt(double t);

  /// q_k and v_k of the last accepted step (set by the integrator).
  const Eigen::VectorXd& qMemory() const { return qMemory_; }
  const Eigen::VectorXd& velocityMemory() const { return vMemory_; }
  /// q_k <- q, v_k <- v (called by the integrator; not for users).
  void swapInMemory();

 protected:
  /// Throws ModelError naming this object when the matrix is not ndof×ndof or
  /// not finite (used for K and C).
  void checkSquareMatrix(const Eigen::MatrixXd& A, const char* what) const;

 private:
  Eigen::VectorXd q0_, v0_, q_, v_, qMemory_, vMemory_;
  Eigen::MatrixXd mass_;
  std::array<Eigen::VectorXd, 3> p_;
  Eigen::VectorXd fExt_;
  FExtFunction fExtFunction_;
};

}  // namespace moreau
