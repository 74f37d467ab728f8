#pragma once
// First-order nonlinear system (Siconos FirstOrderNonLinearDS, dev-notes
// §1.1.1 and §2.2.1, simulation.md §2.2.1):
//   M ẋ = f(x, t, z) + r,   x(t0) = x0
// with user f and Jacobian ∇ₓf (std::function or "library:symbol" C plug-in),
// an optional mass M (absent = identity, constant, or a function M(t, x, z)).
// r(0) is the nonsmooth input of the equation; levels 1 and 2 are available
// to the schemes (same convention as LagrangianDS::p). See
// docs/kernel/dynamical-systems.md.

#include <moreau/kernel/modeling/DynamicalSystem.hpp>

#include <Eigen/Dense>
#include <array>
#include <functional>
#include <string>

namespace moreau {

/// First-order nonlinear system (Siconos FirstOrderNonLinearDS): M ẋ = f(x, t, z) + r,
/// x(t0) = x0, with a user f and Jacobian ∇ₓf (std::function or "library:symbol" C plug-in) and
/// an optional mass M (absent = identity, constant, or a function M(t, x, z)). r(0) is the
/// nonsmooth input; levels 1 and 2 are available to the schemes.
class FirstOrderNonLinearDS : public DynamicalSystem {
 public:
  /// f(t, x, z) written in place into f, pre-sized to n. Resizing f or writing
  /// a non-finite value is a ModelError at that evaluation.
  using FFunction = std::function<void(double t, const Eigen::VectorXd& x, const Eigen::VectorXd& z,
                                       Eigen::VectorXd& f)>;
  /// ∇ₓf(t, x, z) written in place into J, pre-sized to n×n.
  using JacobianFxFunction = std::function<void(double t, const Eigen::VectorXd& x,
                                                const Eigen::VectorXd& z, Eigen::MatrixXd& J)>;
  /// M(t, x, z) written in place into M, pre-sized to n×n.
  using MFunction = std::function<void(double t, const Eigen::VectorXd& x, const Eigen::VectorXd& z,
                                       Eigen::MatrixXd& M)>;

  /// f not set yet (computef throws until setComputeFFunction). ModelError
  /// when x0 is empty or not finite.
  explicit FirstOrderNonLinearDS(const Eigen::VectorXd& x0);
  /// f and (optionally) ∇ₓf as functions.
  FirstOrderNonLinearDS(const Eigen::VectorXd& x0, FFunction f, JacobianFxFunction jacobianfx = {});
  /// Siconos-style plug-ins "library:symbol" (see PluginLoader); an empty
  /// jacobianfx string means "not provided".
  FirstOrderNonLinearDS(const Eigen::VectorXd& x0, const std::string& fPlugin,
                        const std::string& jacobianfxPlugin);

  const char* typeName() const override { return "FirstOrderNonLinearDS"; }
  Eigen::Index dimension() const override { return x0_.size(); }
  /// Size n of the state x.
  Eigen::Index n() const { return x0_.size(); }

  // ---- state ------------------------------------------------------------
  /// State x (size n), current value. Writable between steps.
  ///@{
  const Eigen::VectorXd& x() const { return x_; }
  Eigen::VectorXd& x() { return x_; }
  ///@}
  /// Initial state x(t0).
  const Eigen::VectorXd& x0() const { return x0_; }
  /// ModelError when the size differs from n or it is not finite; also resets x.
  void setX0(const Eigen::VectorXd& x0);
  /// x_k, the state of the last accepted step (set by swapInMemory).
  const Eigen::VectorXd& xMemory() const { return xMemory_; }
  /// Free state (the state without nonsmooth input), written by integrators.
  ///@{
  const Eigen::VectorXd& xFree() const { return xFree_; }
  Eigen::VectorXd& xFree() { return xFree_; }
  ///@}
  /// Nonsmooth input r at level 0, 1 or 2 (size n); std::out_of_range for
  /// level > 2. r(0) enters the equation M ẋ = f + r.
  ///@{
  const Eigen::VectorXd& r(unsigned level = 0) const;
  Eigen::VectorXd& r(unsigned level = 0);
  ///@}
  /// x_k <- x.
  void swapInMemory() override;
  /// x: size n, finite (see DynamicalSystem::checkState).
  void checkState() const override;

  // ---- vector field -----------------------------------------------------
  /// Replaces f (an empty function removes it). ModelError for a
  /// FirstOrderLinearDS (its f is A x + b).
  ///@{
  void setComputeFFunction(FFunction f);
  void setComputeFFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeFFunction(const std::string& library, const std::string& symbol) {
    setComputeFFunction(library + ":" + symbol);
  }
  /// Jacobian ∇ₓf(t, x, z) (n × n): a JacobianFxFunction or a plug-in "library:symbol"; an empty
  /// function removes it.
  ///@{
  void setComputeJacobianfxFunction(JacobianFxFunction jacobianfx);
  void setComputeJacobianfxFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeJacobianfxFunction(const std::string& library, const std::string& symbol) {
    setComputeJacobianfxFunction(library + ":" + symbol);
  }
  /// True when f is set.
  virtual bool hasf() const { return static_cast<bool>(fFunction_); }
  /// True when ∇ₓf is available (given, linear, or by finite differences).
  virtual bool hasJacobianfx() const;

  /// f(t, x(), z) into f(). ModelError when f is not set, resizes its output or
  /// returns a non-finite value.
  void computef(double t) { computef(t, x_); }
  /// f(t, state, z) into f() (state of size n, e.g. x_k or a Newton iterate).
  virtual void computef(double t, const Eigen::VectorXd& state);
  /// ∇ₓf(t, x(), z) into jacobianfx(). Missing Jacobian: finite differences
  /// when jacobianByFiniteDifferences(), otherwise ModelError.
  ///@{
  void computeJacobianfx(double t) { computeJacobianfx(t, x_); }
  virtual void computeJacobianfx(double t, const Eigen::VectorXd& state);
  ///@}
  /// Last evaluated f (size n) and ∇ₓf (n×n).
  ///@{
  const Eigen::VectorXd& f() const { return f_; }
  const Eigen::MatrixXd& jacobianfx() const { return jacobianfx_; }
  ///@}

  // ---- mass -------------------------------------------------------------
  /// True when a mass is set (otherwise M = I).
  bool hasM() const { return hasM_; }
  /// True when M is absent or constant.
  bool hasConstantM() const { return !static_cast<bool>(mFunction_); }
  /// Constant mass. ModelError when not n×n, not finite or singular
  /// (partial-pivoting LU, smallest pivot ≤ n·eps·max|M|).
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setM.
  ///@{
  void setMPtr(const Eigen::MatrixXd& M);
  void setM(const Eigen::MatrixXd& M) { setMPtr(M); }
  ///@}
  /// State-dependent mass M(t, x, z). Size, finiteness and singularity are
  /// checked at each computeM (singularity: at the first evaluation only).
  ///@{
  void setComputeMFunction(MFunction M);
  void setComputeMFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeMFunction(const std::string& library, const std::string& symbol) {
    setComputeMFunction(library + ":" + symbol);
  }
  /// Evaluates M(t, state, z) into M() (no-op when constant or absent).
  ///@{
  void computeM(double t, const Eigen::VectorXd& state);
  void computeM(double t) { computeM(t, x_); }
  ///@}
  /// Current M (identity when absent).
  const Eigen::MatrixXd& M() const { return M_; }

  /// rhs = ẋ = M⁻¹ (f(t, x) + r(0)) at the current state (evaluates M and f).
  /// ModelError when M is singular.
  void computeRhs(double t);
  /// ẋ of the last computeRhs (size n).
  const Eigen::VectorXd& rhs() const { return rhs_; }

 protected:
  /// Marks a FirstOrderLinearDS (f = A x + b): setComputeFFunction then throws.
  bool isLinear_ = false;
  /// Output buffers of f and ∇ₓf, for derived classes.
  ///@{
  Eigen::VectorXd& fBuffer() { return f_; }
  Eigen::MatrixXd& jacobianfxBuffer() { return jacobianfx_; }
  ///@}
  /// Shared checks, messages name this system.
  ///@{
  void checkVectorSize(const Eigen::VectorXd& v, const char* what) const;
  void checkMatrixSize(const Eigen::MatrixXd& A, Eigen::Index rows, Eigen::Index cols,
                       const char* what) const;
  ///@}
  /// After a user function wrote into an output pre-sized to (rows, cols).
  /// A wrongly sized output is reset to its expected size before throwing.
  ///@{
  void checkOutput(Eigen::MatrixXd& out, Eigen::Index rows, Eigen::Index cols, const char* what,
                   double t) const;
  void checkOutput(Eigen::VectorXd& out, const char* what, double t) const;
  ///@}

 private:
  void init(const Eigen::VectorXd& x0);
  Eigen::VectorXd x0_, x_, xMemory_, xFree_, f_, rhs_;
  std::array<Eigen::VectorXd, 3> r_;
  Eigen::MatrixXd jacobianfx_, M_;
  FFunction fFunction_;
  JacobianFxFunction jacobianfxFunction_;
  MFunction mFunction_;
  bool hasM_ = false;
  bool mChecked_ = false;
};

}  // namespace moreau
