#pragma once
// Velocity-level LCP of Moreau–Jean (Siconos LCP; dev-notes §2.4.2, §3.3):
//   w = M λ + q,  0 ≤ w ⊥ λ ≥ 0  over index set 1, with
//   M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ,  q_α = H_α v_free + e H_α v_k.
// The matrix is assembled densely into storage that is reused while the
// active set keeps its size (sparse-block assembly comes in a later part).
// Solved by moreau::numerics::solveLcp, warm-started from the previous λ(1).

#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <string>
#include <vector>

namespace moreau {

class LCP : public OneStepNSProblem {
 public:
  /// solver: a name accepted by numerics::solveLcp ("lemke", "pgs", ...,
  /// numerics::lcpSolverNames()), case-insensitive; stored in its canonical
  /// lower-case form. ModelError for an unknown name.
  explicit LCP(const std::string& solver = "lemke");

  const char* typeName() const override { return "LCP"; }

  /// The options passed to numerics::solveLcp (always valid).
  const numerics::SolverOptions& numericsSolverOptions() const { return options_; }
  /// Replaces all the options. Validated here: ModelError naming the LCP and
  /// the option (numerics::SolverOptions::validate, or an unknown solver
  /// name); the options are unchanged when it throws.
  void setNumericsSolverOptions(const numerics::SolverOptions& options);
  /// Solver name (case-insensitive; ModelError for an unknown one).
  void setSolver(const std::string& solver);
  /// Stopping tolerance, finite and > 0 (ModelError otherwise).
  void setTolerance(double tolerance);
  /// Iteration budget, >= 1 (ModelError otherwise).
  void setMaxIterations(int maxIterations);
  /// Result of the last solve (Converged with 0 iterations when the active
  /// set was empty).
  const numerics::SolverResult& lastResult() const { return result_; }
  Eigen::Index size() const override { return size_; }
  /// The last assembled problem (its M and q span size() rows).
  const numerics::LinearComplementarityProblem& problem() const { return problem_; }

  /// When true (default) a solver that does not converge makes compute()
  /// throw SimulationError (time, step and solver message). When false the
  /// returned λ is used anyway and lastResult() reports the failure.
  void setThrowOnFailure(bool value) { throwOnFailure_ = value; }
  bool throwOnFailure() const { return throwOnFailure_; }

  void initialize(const Topology& topology) override;
  void compute(const Topology& topology, const OneStepIntegrator& osi, double t,
               std::size_t k) override;

 private:
  numerics::SolverOptions options_;
  numerics::SolverResult result_;
  numerics::LinearComplementarityProblem problem_;
  Eigen::VectorXd z_, w_;
  Eigen::Index size_ = 0;
  std::vector<Eigen::Index> offset_;  // per interaction number: row offset, or -1 if inactive
  bool throwOnFailure_ = true;
};

}  // namespace moreau
