#pragma once
// The position-projection problem of the projection schemes (Siconos
// MLCPProjectOnConstraints; dev-notes §2.9, docs/theory/projection.md,
// docs/kernel/projection.md). An MLCP in the Position role on the position
// multipliers Λ = λ(0) of the interactions of the projection index set:
//   w = G Gᵀ Λ + h(q̃) (Lagrangian: identity metric, as Siconos; Newton–Euler
//   bodies: H M⁻¹ Hᵀ), w_e = 0 on equality rows, 0 ≤ w_c ⊥ Λ_c ≥ 0 on the
//   others (NewtonImpactNSL and ComplementarityConditionNSL rows are
//   unilateral constraints h ≥ 0: no restitution term; with
//   setDoProjOnEquality(true) the NewtonImpactNSL and NewtonImpactFrictionNSL
//   rows are equality rows),
// blocks and free output from MoreauJeanDirectProjectionOSI. After the solve
// λ(0) ← α Λ (α = 1 by default: the full linearised projection; α in (0, 1]
// under-relaxes it). Default solver: "enum" (tutorial-models.md §0.1).
// NewtonImpactFrictionNSL interactions are accepted: only their normal rows (the first row of
// each contact) are projected, as unilateral rows; their tangential rows are decoupled (row and
// column of the matrix zeroed, diagonal 1, q = 0), so that Λ_t = 0 and the tangential
// coordinates are not constrained.

#include <moreau/kernel/simulation/MLCP.hpp>

#include <string>

namespace moreau {

/// Position-projection problem of the projection schemes (Siconos MLCPProjectOnConstraints):
/// an MLCP in the Position role on λ(0), equality rows w = 0, the others 0 ≤ w ⊥ Λ ≥ 0 (no
/// restitution term), then λ(0) ← α Λ. Default solver "enum", tolerance 1e-12.
/// NewtonImpactFrictionNSL interactions: the normal rows are unilateral rows, the tangential
/// rows are decoupled (Λ_t = 0): the projection acts on the normal gaps only.
class MLCPProjectOnConstraints : public MLCP {
 public:
  /// solver: a name of numerics::mlcpSolverNames(); alpha in (0, 1] (ModelError otherwise).
  explicit MLCPProjectOnConstraints(const std::string& solver = "enum", double alpha = 1.0);

  const char* typeName() const override { return "MLCPProjectOnConstraints"; }
  /// Relaxation α of the projection, λ(0) ← α Λ: in (0, 1], default 1 (the full linearised
  /// projection; α < 1 under-relaxes it); ModelError outside (0, 1].
  ///@{
  double alpha() const { return alpha_; }
  void setAlpha(double alpha);
  ///@}
  /// Siconos's doProjOnEquality: when true, every row of a NewtonImpactNSL or
  /// NewtonImpactFrictionNSL interaction is an equality row (w = 0: the normal gap is brought to
  /// 0 whatever its sign, Λ of either sign; the tangential rows stay decoupled, Λ_t = 0). Default
  /// false (unilateral rows); TimeSteppingCombinedProjection sets it from its
  /// doCombinedProjOnEquality() at initialize. A change takes effect at the next compute (the
  /// problem's rows are rebuilt).
  ///@{
  void setDoProjOnEquality(bool value) { doProjOnEquality_ = value; }
  bool doProjOnEquality() const { return doProjOnEquality_; }
  ///@}
  /// True for the laws whose rows setDoProjOnEquality(true) makes equality rows: NewtonImpactNSL
  /// and NewtonImpactFrictionNSL (TimeSteppingDirectProjection's violation test reads it too).
  static bool isImpactLaw(const NonSmoothLaw& law);

  void compute(const Simulation& simulation, const ProblemContext& ctx) override;

 protected:
  void addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                   Eigen::Ref<Eigen::VectorXd> q) const override;
  /// The laws of MLCP and NewtonImpactFrictionNSL (normal rows projected).
  void checkInteraction(const Interaction& inter) const override;
  /// MLCP's equality laws, and with doProjOnEquality() the impact laws.
  bool allRowsEqualities(const Interaction& inter) const override;
  void installPattern(Eigen::Index n) override;
  /// Decouples the tangential rows of the friction laws (row and column zeroed, diagonal 1,
  /// q = 0), then MLCP::solve.
  numerics::SolverResult solve(Eigen::VectorXd& z, Eigen::VectorXd& w) override;

 private:
  double alpha_ = 1.0;
  bool doProjOnEquality_ = false;
  bool installedProjOnEquality_ = false;  // doProjOnEquality_ of the installed rows
};

}  // namespace moreau
