#pragma once
// Linear complementarity problem over an index set (Siconos LCP; dev-notes
// §2.4.2, §3.3; docs/kernel/lcp.md):
//   w = M λ + q,  0 ≤ w ⊥ λ ≥ 0,  with
//   M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ (+ ∇_λh on the diagonal),
//   q_α = free output of α + e_α ẏ_α,k (NewtonImpactNSL rows).
// Laws: NewtonImpactNSL (restitution e) and ComplementarityConditionNSL.
// Assembled by LinearOSNS into a sparse-block matrix (pattern reused while
// the index set does not change); solved by a numerics::LcpSolver object kept by the
// problem (recreated when the options change; its setup re-runs when the pattern changes),
// warm-started from the previous λ.

#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/numerics/lcp/LcpSolver.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <cstdint>
#include <optional>

#include <string>
#include <vector>

namespace moreau {

/// Linear complementarity problem over an index set (Siconos LCP): w = M λ + q, 0 ≤ w ⊥ λ ≥ 0,
/// with M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ and q_α = free output + e_α ẏ_α,k
/// (NewtonImpactNSL rows). Laws: NewtonImpactNSL and ComplementarityConditionNSL. Solved by a
/// numerics::LcpSolver kept between steps (default "lemke"), warm-started from the previous λ.
/// See docs/kernel/lcp.md.
class LCP : public LinearOSNS {
 public:
  /// solver: a name accepted by numerics::solveLcp ("lemke", "pgs", ...,
  /// numerics::lcpSolverNames()), case-insensitive; stored in its canonical
  /// lower-case form. ModelError for an unknown name.
  explicit LCP(const std::string& solver = "lemke");

  const char* typeName() const override { return "LCP"; }
  std::vector<std::string> solverNames() const override;

  /// The last assembled problem (M sparse-block; empty when nothing was
  /// active).
  const numerics::LinearComplementarityProblem& problem() const { return problem_; }
  const numerics::SparseBlockMatrix& matrix() const override;
  const Eigen::VectorXd& q() const override { return problem_.q(); }
  /// Writes the last assembled problem as a Siconos `.dat` LCP file
  /// (numerics::writeLcpFile; M in sparse-block storage). ModelError when
  /// nothing was assembled or on an I/O error.
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
  numerics::LinearComplementarityProblem problem_;
  std::vector<double> restitution_;  // per row (NaN for a complementarity law)
  // The numerics solver object (work arrays kept across steps), rebuilt when
  // the options change (optionsVersion()).
  std::optional<numerics::LcpSolver> solver_;
  std::uint64_t solverOptionsVersion_ = 0;
};

}  // namespace moreau
