#pragma once
// Relay problem over an index set (Siconos Relay; docs/kernel/relay.md):
//   w = M λ + q,  −w ∈ N_[lb, ub](λ)  componentwise, i.e.
//   lb < λ < ub ⇒ w = 0,  λ = lb ⇒ w ≥ 0,  λ = ub ⇒ w ≤ 0,
//   M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ (+ ∇_λh on the diagonal),
//   q_α = free output of α (no law term).
// Law: RelayNSL (bounds lb, ub per component, repeated for each law of an
// interaction of dimension k·size). Interactions with a relay law are always
// active. With MoreauJeanOSI, λ is an impulse and w the velocity at t_{k+1}:
// a relay with bounds ±μ N h is 1D Coulomb friction of a known normal force N.
// Solved by moreau::numerics::solveRelay (default "auto").

#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/numerics/relay/RelayProblem.hpp>

#include <string>
#include <vector>

namespace moreau {

/// Relay problem over an index set (Siconos Relay): w = M λ + q, −w ∈ N_[lb, ub](λ)
/// componentwise. Law: RelayNSL (interactions always active). With MoreauJeanOSI, λ is an impulse:
/// bounds ±μ N h give 1D Coulomb friction under a known normal force N. Solved by
/// numerics::solveRelay (default "auto"). See docs/kernel/relay.md.
class Relay : public LinearOSNS {
 public:
  /// solver: a name of numerics::relaySolverNames() ("auto", "pgs", "lemke",
  /// "newton"), case-insensitive. ModelError otherwise.
  explicit Relay(const std::string& solver = "auto");

  const char* typeName() const override { return "Relay"; }
  std::vector<std::string> solverNames() const override;

  /// The last assembled problem (valid when size() > 0).
  const numerics::RelayProblem& problem() const { return problem_; }
  const numerics::SparseBlockMatrix& matrix() const override;
  const Eigen::VectorXd& q() const override { return problem_.q(); }

  /// Writes the last assembled problem as a Siconos `.dat` relay file
  /// (numerics::writeRelayFile). ModelError when nothing was assembled or
  /// on an I/O error.
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
  numerics::RelayProblem problem_;
};

}  // namespace moreau
