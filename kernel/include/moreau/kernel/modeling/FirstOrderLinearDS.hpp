#pragma once
// First-order linear system (Siconos FirstOrderLinearDS, dev-notes §1.1.2,
// simulation.md §2.2.2):
//   M ẋ = A(t) x + b(t) + r,   f(x, t) = A(t) x + b(t),   ∇ₓf = A(t)
// A and b are constant or functions of time (std::function or plug-in). b is
// optional (zero). See docs/kernel/dynamical-systems.md.

#include <moreau/kernel/modeling/FirstOrderNonLinearDS.hpp>

namespace moreau {

/// First-order linear system (Siconos FirstOrderLinearDS): M ẋ = A(t) x + b(t) + r, so
/// f = A x + b and ∇ₓf = A. A and b are constant or functions of time (std::function or plug-in);
/// b is optional (zero).
class FirstOrderLinearDS : public FirstOrderNonLinearDS {
 public:
  /// A(t, z) written in place into A, pre-sized to n×n.
  using AFunction = std::function<void(double t, const Eigen::VectorXd& z, Eigen::MatrixXd& A)>;
  /// b(t, z) written in place into b, pre-sized to n.
  using BFunction = std::function<void(double t, const Eigen::VectorXd& z, Eigen::VectorXd& b)>;

  /// Constant A (n×n), no b. ModelError on size mismatch or non-finite data.
  FirstOrderLinearDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A);
  /// Constant A and b.
  FirstOrderLinearDS(const Eigen::VectorXd& x0, const Eigen::MatrixXd& A, const Eigen::VectorXd& b);
  /// Time-dependent A(t) and (optional, may be empty) b(t).
  FirstOrderLinearDS(const Eigen::VectorXd& x0, AFunction A, BFunction b = {});
  /// Plug-ins "library:symbol" (Siconos signatures A(time, rowA, colA, A,
  /// sizeZ, z) and b(time, sizeOfB, b, sizeZ, z)); an empty b string = no b.
  FirstOrderLinearDS(const Eigen::VectorXd& x0, const std::string& APlugin,
                     const std::string& bPlugin);

  const char* typeName() const override { return "FirstOrderLinearDS"; }

  /// Current A (n×n) and b (size n, zero when absent).
  ///@{
  const Eigen::MatrixXd& A() const { return A_; }
  const Eigen::VectorXd& b() const { return b_; }
  ///@}
  /// True when b is set (constant or function).
  bool hasb() const { return hasb_; }
  /// True unless A is a function of time.
  bool hasConstantA() const { return !static_cast<bool>(aFunction_); }
  /// True unless b is a function of time.
  bool hasConstantb() const { return !static_cast<bool>(bFunction_); }

  /// Setters (ModelError on size mismatch / non-finite; for a
  /// FirstOrderLinearTIDS the function setters throw).
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setA.
  ///@{
  void setAPtr(const Eigen::MatrixXd& A);
  void setA(const Eigen::MatrixXd& A) { setAPtr(A); }
  ///@}
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's VectorXd has no effect (call the setter again).
  /// Same as setb.
  /// Constant b (size n). ModelError on size mismatch or non-finite data.
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's VectorXd has no effect (call the setter again).
  /// Same as setb.
  ///@{
  void setbPtr(const Eigen::VectorXd& b);
  void setb(const Eigen::VectorXd& b) { setbPtr(b); }
  ///@}
  /// Time-dependent A(t, z) (n × n): an AFunction or a plug-in "library:symbol" (Siconos signature
  /// A(time, rowA, colA, A, sizeZ, z)). ModelError for a FirstOrderLinearTIDS.
  ///@{
  virtual void setComputeAFunction(AFunction A);
  void setComputeAFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputeAFunction(const std::string& library, const std::string& symbol) {
    setComputeAFunction(library + ":" + symbol);
  }
  /// Time-dependent b(t, z) (size n): a BFunction or a plug-in "library:symbol" (Siconos signature
  /// b(time, sizeOfB, b, sizeZ, z)). ModelError for a FirstOrderLinearTIDS.
  ///@{
  virtual void setComputebFunction(BFunction b);
  void setComputebFunction(const std::string& plugin);
  ///@}
  /// Siconos two-argument form ("Plugin", "symbol"): same as "Plugin:symbol".
  void setComputebFunction(const std::string& library, const std::string& symbol) {
    setComputebFunction(library + ":" + symbol);
  }

  /// Evaluate A(t), b(t) into A(), b() (no-op when constant). ModelError when
  /// the function resizes its output or returns a non-finite value.
  ///@{
  void computeA(double t);
  void computeb(double t);
  ///@}

  /// Always true: f = A x + b.
  ///@{
  bool hasf() const override { return true; }
  bool hasJacobianfx() const override { return true; }
  ///@}
  /// f = A(t) state + b(t) (evaluates A and b at t).
  void computef(double t, const Eigen::VectorXd& state) override;
  /// ∇ₓf = A(t).
  void computeJacobianfx(double t, const Eigen::VectorXd& state) override;
  using FirstOrderNonLinearDS::computef;
  using FirstOrderNonLinearDS::computeJacobianfx;

 private:
  Eigen::MatrixXd A_;
  Eigen::VectorXd b_;
  AFunction aFunction_;
  BFunction bFunction_;
  bool hasb_ = false;
};

}  // namespace moreau
