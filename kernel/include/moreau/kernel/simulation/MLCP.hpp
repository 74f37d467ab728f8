#pragma once
// Mixed linear complementarity problem over an index set (Siconos MLCP;
// dev-notes §2.2.6, §3.6; docs/kernel/mlcp.md):
//   w = M z + q,  w_e = 0 on the n equality rows (z_e free),
//                 0 ≤ w_c ⊥ z_c ≥ 0 on the m complementarity rows,
//   M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ (+ ∇_λh on the diagonal),
//   q_α = free output of α + e_α ẏ_α,k (NewtonImpactNSL rows).
// Laws: EqualityConditionNSL (equality rows), ComplementarityConditionNSL
// and NewtonImpactNSL (complementarity rows), MixedComplementarityConditionNSL
// (its equality rows then its complementarity rows, per law). The block rows
// of the interactions with an EqualityConditionNSL come first, so that a
// model without mixed laws gives the canonical (M, q, n, m) form
// [[A, C], [D, B]]; a mixed law gives Siconos storage-1 row blocks.
// Solved by a numerics::MlcpSolver object kept by the problem (default "auto"), warm-started from
// the previous λ.

#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>
#include <moreau/numerics/mlcp/MlcpSolver.hpp>

#include <cstdint>
#include <optional>

#include <string>
#include <vector>

namespace moreau {

/// Mixed linear complementarity problem over an index set (Siconos MLCP): equality rows
/// (EqualityConditionNSL, the equality part of MixedComplementarityConditionNSL) and
/// complementarity rows (ComplementarityConditionNSL, NewtonImpactNSL). Solved by a
/// numerics::MlcpSolver kept between steps (default "auto"), warm-started from the previous λ.
/// See docs/kernel/mlcp.md.
class MLCP : public LinearOSNS {
 public:
  /// solver: a name of numerics::mlcpSolverNames() ("auto", "enum", "pgs",
  /// "psor", "newton-fb", "lemke"), case-insensitive. ModelError otherwise.
  explicit MLCP(const std::string& solver = "auto");

  const char* typeName() const override { return "MLCP"; }
  std::vector<std::string> solverNames() const override;

  /// The last assembled problem (valid when size() > 0).
  const numerics::MixedLinearComplementarityProblem& problem() const { return problem_; }
  const numerics::SparseBlockMatrix& matrix() const override;
  const Eigen::VectorXd& q() const override { return problem_.q(); }
  /// Number of equality / complementarity rows of the last assembled problem.
  Eigen::Index numberOfEqualities() const { return size() == 0 ? 0 : problem_.n(); }
  /// Number of complementarity rows m of the last assembled problem.
  Eigen::Index numberOfComplementarities() const { return size() == 0 ? 0 : problem_.m(); }

  /// Writes the last assembled problem as a Siconos `.dat` MLCP file (both
  /// storages, numerics::writeMlcpFile). ModelError when nothing was
  /// assembled or on an I/O error.
  void writeProblem(const std::string& path) const override;

 protected:
  void checkInteraction(const Interaction& inter) const override;
  int rowGroup(const Interaction& inter) const override;
  /// True when every row of inter is an equality row: EqualityConditionNSL here; a derived
  /// problem may add laws (MLCPProjectOnConstraints::setDoProjOnEquality).
  virtual bool allRowsEqualities(const Interaction& inter) const;
  void addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                   Eigen::Ref<Eigen::VectorXd> q) const override;
  void installPattern(Eigen::Index n) override;
  numerics::SparseBlockMatrix& storedMatrix() override { return sparseBlockOf(problem_.M()); }
  Eigen::VectorXd& storedQ() override { return problem_.q(); }
  numerics::SolverResult solve(Eigen::VectorXd& z, Eigen::VectorXd& w) override;

 private:
  numerics::MixedLinearComplementarityProblem problem_;
  std::vector<double> restitution_;  // per row (NaN: no impact law)
  std::vector<Eigen::Index> blocksRows_;
  std::vector<int> blocksIsComp_;
  // The numerics solver object (work arrays kept across steps), rebuilt when
  // the options change (optionsVersion()).
  std::optional<numerics::MlcpSolver> solver_;
  std::uint64_t solverOptionsVersion_ = 0;
};

}  // namespace moreau
