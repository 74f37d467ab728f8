#pragma once
// Equality problem over an index set (Siconos Equality; docs/kernel/equality.md):
//   w = M λ + q = 0,  λ free  (a linear solve),
//   M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ (+ ∇_λh on the diagonal),
//   q_α = free output of α.
// Law: EqualityConditionNSL only (interactions with it are always active).
// With MoreauJeanOSI it keeps ẏ_{k+1} = 0: a linear bilateral constraint
// H q + b = 0 consistent at t0 stays satisfied to rounding.
// The assembled problem is held as an MLCP with n = size() equality rows and
// m = 0 (dumped as an MLCP `.dat` file, which moreau-solve replays).
// Solvers: "auto" (dense LU up to 200 rows, then sparse LU), "dense"
// (partial-pivoting LU), "umfpack", "klu", "eigenlu", "cholmod" (sparse,
// the symbolic analysis reused while the pattern is unchanged). The error is
// ‖M λ + q‖ / (1 + ‖q‖); a singular or inconsistent system is Failed.

#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>

#include <memory>
#include <string>
#include <vector>

namespace moreau::numerics {
class SparseLinearSolver;
}

namespace moreau {

/// Equality problem over an index set (Siconos Equality): w = M λ + q = 0, λ free (a linear solve).
/// Law: EqualityConditionNSL only (always active); with MoreauJeanOSI a bilateral constraint
/// consistent at t0 stays satisfied to rounding. Solvers: "auto" (dense LU up to 200 rows, then
/// sparse LU), "dense", "umfpack", "klu", "eigenlu", "cholmod". A singular or inconsistent
/// system is Failed. See docs/kernel/equality.md.
class Equality : public LinearOSNS {
 public:
  /// solver among solverNames() (case-insensitive); ModelError otherwise.
  explicit Equality(const std::string& solver = "auto");
  ~Equality() override;

  const char* typeName() const override { return "Equality"; }
  std::vector<std::string> solverNames() const override;

  /// The last assembled problem, as an MLCP with m = 0 (valid when size() > 0).
  const numerics::MixedLinearComplementarityProblem& problem() const { return problem_; }
  const numerics::SparseBlockMatrix& matrix() const override;
  const Eigen::VectorXd& q() const override { return problem_.q(); }

  /// Writes the last assembled problem as a Siconos `.dat` MLCP file with
  /// m = 0. ModelError when nothing was assembled or on an I/O error.
  void writeProblem(const std::string& path) const override;

 protected:
  void checkInteraction(const Interaction& inter) const override;
  void addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                   Eigen::Ref<Eigen::VectorXd> q) const override;
  void installPattern(Eigen::Index n) override;
  numerics::SparseBlockMatrix& storedMatrix() override { return sparseBlockOf(problem_.M()); }
  Eigen::VectorXd& storedQ() override { return problem_.q(); }
  numerics::SolverResult solve(Eigen::VectorXd& z, Eigen::VectorXd& w) override;

 private:
  numerics::MixedLinearComplementarityProblem problem_;
  Eigen::MatrixXd dense_;
  Eigen::VectorXd rhs_;
  std::unique_ptr<numerics::SparseLinearSolver> sparse_;
};

}  // namespace moreau
