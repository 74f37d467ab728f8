// MLCP through the equivalent LCP (Schur complement on the equality block),
// solved by lexicographic Lemke; docs/numerics/mlcp.md ("lemke").
//   u = −A⁻¹ (C v + a),   0 <= v ⊥ (B − D A⁻¹ C) v + (b − D A⁻¹ a) >= 0.
#include "MlcpActiveSet.hpp"
#include "SolverCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

namespace moreau::numerics {

SolverResult mlcpLemke(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                       Eigen::VectorXd& w, const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "lemke";
  const Index size = problem.size();
  const Index n = problem.n();
  const Index m = problem.m();
  if (z.size() != size || !z.allFinite()) z.setZero(size);
  const auto errorOf = [&](const Eigen::VectorXd& x) { return mlcpComputeError(problem, x, w); };
  const auto& eqRows = problem.equalityRows();
  const auto& compRows = problem.complementarityRows();

  const Eigen::MatrixXd A = problem.A();
  const Eigen::MatrixXd B = problem.B();
  const Eigen::MatrixXd C = problem.C();
  const Eigen::MatrixXd D = problem.D();
  const Eigen::VectorXd a = problem.a();
  const Eigen::VectorXd b = problem.b();

  Eigen::FullPivLU<Eigen::MatrixXd> lu(n, n);
  Eigen::MatrixXd AinvC(n, m);
  Eigen::VectorXd Ainva(n);
  if (n > 0) {
    lu.compute(A);
    if (!lu.isInvertible()) {
      result.status = SolverStatus::Failed;
      result.message = "the equality block A (" + std::to_string(n) + "x" + std::to_string(n) +
                       ") is singular (numerical rank " + std::to_string(lu.rank()) +
                       "); lemke needs an invertible A";
      mlcp_detail::finishResult(result, z, options, errorOf);
      return result;
    }
    // No complementarity row: C has no column, and Eigen's triangular solve on an
    // empty right-hand side binds a reference to its null data (UB).
    if (m > 0) AinvC = lu.solve(C);
    Ainva = lu.solve(a);
  }
  Eigen::VectorXd v(m);
  for (Index k = 0; k < m; ++k) v[k] = z[compRows[static_cast<std::size_t>(k)]];
  if (m > 0) {
    Eigen::MatrixXd Mr = B;
    Eigen::VectorXd qr = b;
    if (n > 0) {
      Mr.noalias() -= D * AinvC;
      qr.noalias() -= D * Ainva;
    }
    if (!Mr.allFinite() || !qr.allFinite()) {
      result.status = SolverStatus::Failed;
      result.message = "the reduced LCP (Schur complement B − D A⁻¹ C) is not finite";
      mlcp_detail::finishResult(result, z, options, errorOf);
      return result;
    }
    const LinearComplementarityProblem lcp(std::move(Mr), std::move(qr));
    Eigen::VectorXd wr(m);
    SolverOptions lemkeOptions = options;
    lemkeOptions.solver = "lemke";
    lemkeOptions.verbosity = options.verbosity >= 2 ? options.verbosity : 0;
    const SolverResult inner = lcpLemke(lcp, v, wr, lemkeOptions);
    result.iterations = inner.iterations;
    result.status =
        inner.status == SolverStatus::Converged ? SolverStatus::Converged : inner.status;
    if (inner.status != SolverStatus::Converged) {
      result.message = "reduced LCP (size " + std::to_string(m) + "): " + inner.message;
    }
    if (!v.allFinite()) v.setZero();
  } else {
    result.status = SolverStatus::Converged;
  }
  Eigen::VectorXd u(n);
  if (n > 0) u = -(AinvC * v + Ainva);
  for (Index k = 0; k < n; ++k) z[eqRows[static_cast<std::size_t>(k)]] = u[k];
  for (Index k = 0; k < m; ++k) z[compRows[static_cast<std::size_t>(k)]] = v[k];
  // Round-off of the pivoting (and of the Schur complement) is removed by one
  // linear solve on the active set Lemke found.
  if (result.status == SolverStatus::Converged && errorOf(z) > options.tolerance) {
    mlcp_detail::activeSetPolish(problem, z, w);
  }
  mlcp_detail::finishResult(result, z, options, errorOf);
  return result;
}

}  // namespace moreau::numerics
