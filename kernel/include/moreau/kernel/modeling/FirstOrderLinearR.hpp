#pragma once
// First-order linear relation (Siconos FirstOrderLinearR, dev-notes §1.2.1,
// simulation.md §2.3.4):
//   y = C(t) x + F(t) z + D(t) λ + e(t),   r = B(t) λ
// Each operator is a constant or a function of time (std::function writing
// in place into an output pre-sized to its final dimensions). D, F and e are
// optional (zero). Sizes (m = interaction dimension, N = Σ dimension of the
// linked systems, Nz = Σ size(z)): C m × N, D m × m, F m × Nz, e m, B N × m,
// checked at link (constants) or at each evaluation (functions).
//
// Siconos C plug-ins ("library:symbol", see PluginLoader): C, D, F, B
// (time, rows, cols, M, sizeZ, z) and e (time, sizeOfe, e, sizeZ, z)
// (plugin::MatrixOfTime, plugin::VectorOfTime, the FirstOrderLinearDS A and b
// signatures).

#include <moreau/kernel/modeling/FirstOrderR.hpp>

#include <string>

namespace moreau {

/// First-order linear relation (Siconos FirstOrderLinearR): y = C(t) x + F(t) z + D(t) λ + e(t),
/// r = B(t) λ. Each operator is a constant or a function of time; D, F and e are optional (zero).
/// Sizes (m = interaction size, N = Σ dimension of the linked systems, Nz = Σ size(z)): C m × N,
/// D m × m, F m × Nz, e m, B N × m, checked at link (constants) or at each evaluation (functions).
class FirstOrderLinearR : public FirstOrderR {
 public:
  /// Time-dependent matrix: (t, z, out), out pre-sized to its final dimensions.
  using MatrixOfTime =
      std::function<void(double t, const Eigen::VectorXd& z, Eigen::MatrixXd& out)>;
  /// Time-dependent vector: (t, z, out), out pre-sized.
  using VectorOfTime =
      std::function<void(double t, const Eigen::VectorXd& z, Eigen::VectorXd& out)>;

  /// Constant C and B. ModelError when empty or not finite.
  FirstOrderLinearR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& B);
  /// Time-dependent C(t) and B(t) (the interaction size then comes from the
  /// nonsmooth law). ModelError when a function is empty.
  FirstOrderLinearR(MatrixOfTime C, MatrixOfTime B);
  /// Siconos plug-in forms FirstOrderLinearR("Plugin:C", "Plugin:B") and
  /// FirstOrderLinearR("Plugin:C", "Plugin:D", "Plugin:F", "Plugin:e",
  /// "Plugin:B") (Siconos argument order); an empty D, F or e string means
  /// "none". ModelError naming what was searched when a library or symbol is
  /// missing.
  FirstOrderLinearR(const std::string& C, const std::string& B);
  FirstOrderLinearR(const std::string& C, const std::string& D, const std::string& F,
                    const std::string& e, const std::string& B);

  const char* typeName() const override { return "FirstOrderLinearR"; }
  Eigen::Index outputSize() const override;
  Eigen::Index inputSize() const override;
  bool hasConstantJacobians() const override;
  bool hasD() const override { return hasD_; }
  bool hasK() const override { return false; }

  /// Constant operators (ModelError when not finite; sizes checked at link).
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setC.
  ///@{
  void setCPtr(const Eigen::MatrixXd& C);
  void setC(const Eigen::MatrixXd& C) { setCPtr(C); }
  ///@}
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setD.
  ///@{
  void setDPtr(const Eigen::MatrixXd& D);
  void setD(const Eigen::MatrixXd& D) { setDPtr(D); }
  ///@}
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setF.
  ///@{
  void setFPtr(const Eigen::MatrixXd& F);
  void setF(const Eigen::MatrixXd& F) { setFPtr(F); }
  ///@}
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's VectorXd has no effect (call the setter again).
  /// Same as sete.
  ///@{
  void setePtr(const Eigen::VectorXd& e);
  void sete(const Eigen::VectorXd& e) { setePtr(e); }
  ///@}
  /// Siconos name; COPIES the value (Siconos shares the object): a later
  /// change of the caller's MatrixXd has no effect (call the setter again).
  /// Same as setB.
  ///@{
  void setBPtr(const Eigen::MatrixXd& B);
  void setB(const Eigen::MatrixXd& B) { setBPtr(B); }
  ///@}
  /// Time-dependent operators (ModelError for a FirstOrderLinearTIR).
  ///@{
  virtual void setComputeCFunction(MatrixOfTime C);
  virtual void setComputeDFunction(MatrixOfTime D);
  virtual void setComputeFFunction(MatrixOfTime F);
  virtual void setComputeEFunction(VectorOfTime e);
  virtual void setComputeBFunction(MatrixOfTime B);
  ///@}
  /// Plug-in versions ("library:symbol" or the Siconos two-argument form).
  ///@{
  void setComputeCFunction(const std::string& plugin);
  void setComputeCFunction(const std::string& library, const std::string& symbol) {
    setComputeCFunction(library + ":" + symbol);
  }
  void setComputeDFunction(const std::string& plugin);
  void setComputeDFunction(const std::string& library, const std::string& symbol) {
    setComputeDFunction(library + ":" + symbol);
  }
  void setComputeFFunction(const std::string& plugin);
  void setComputeFFunction(const std::string& library, const std::string& symbol) {
    setComputeFFunction(library + ":" + symbol);
  }
  void setComputeEFunction(const std::string& plugin);
  void setComputeEFunction(const std::string& library, const std::string& symbol) {
    setComputeEFunction(library + ":" + symbol);
  }
  void setComputeBFunction(const std::string& plugin);
  void setComputeBFunction(const std::string& library, const std::string& symbol) {
    setComputeBFunction(library + ":" + symbol);
  }
  ///@}

  /// The Jacobians stored for an interaction (FirstOrderR::C(inter) etc.).
  ///@{
  using FirstOrderR::B;
  using FirstOrderR::C;
  using FirstOrderR::D;
  ///@}
  /// The constant operators (empty when absent or given as a function).
  ///@{
  const Eigen::MatrixXd& C() const { return C_; }
  const Eigen::MatrixXd& D() const { return D_; }
  const Eigen::MatrixXd& F() const { return F_; }
  const Eigen::VectorXd& e() const { return e_; }
  const Eigen::MatrixXd& B() const { return B_; }
  ///@}

  /// y(0) = C x + F z + D λ(0) + e at t (evaluates the time-dependent operators).
  void computeOutput(double t, Interaction& inter, unsigned level) override;
  /// r(0)_i += B^i λ(0).
  void computeInput(double t, Interaction& inter, unsigned level) override;
  /// C(t), D(t), F(t), e(t), B(t) into the workspace (no-op when constant).
  void computeJacobians(double t, Interaction& inter) override;

 protected:
  void initializeWorkspace(Interaction& inter) override;

 private:
  void evaluate(double t, Interaction& inter);
  Eigen::MatrixXd C_, D_, F_, B_;
  Eigen::VectorXd e_;
  MatrixOfTime Cf_, Df_, Ff_, Bf_;
  VectorOfTime ef_;
  bool hasD_ = false, hasF_ = false, hasE_ = false;
};

}  // namespace moreau
