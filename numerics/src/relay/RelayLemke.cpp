// Relay through an MLCP/LCP reformulation solved by Lemke, docs/numerics/relay.md ("lemke").
//
// Each row i gets an offset c_i and a sign σ_i with z_i = c_i + σ_i x_i:
//   lb_i finite           : c_i = lb_i, σ_i = +1, 0 <= x_i ⊥ w_i + μ_i >= 0
//   lb_i = −inf, ub_i fin.: c_i = ub_i, σ_i = −1, 0 <= x_i ⊥ −w_i >= 0
//   both infinite         : c_i = 0,    σ_i = +1, x_i free, w_i = 0 (equality row)
// and every row with two finite bounds (set E) gets a multiplier μ_i with
//   0 <= μ_i ⊥ ub_i − lb_i − x_i >= 0.
// With w = M (c + Σ x) + q this is the MLCP
//   [Σ M Σ   E] [x]   [Σ (M c + q)]
//   [ −Eᵀ    0] [μ] + [ (ub − lb)_E]
// whose rows are equalities for the free rows and complementarity rows otherwise;
// mlcpLemke eliminates the free rows (needs their block of M invertible).
#include "../mlcp/SolverCommon.hpp"

#include <moreau/numerics/mlcp/MlcpSolvers.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <cmath>

namespace moreau::numerics {

SolverResult relayLemke(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                        const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "lemke";
  const Index n = problem.size();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  const auto errorOf = [&](const Eigen::VectorXd& x) { return relayComputeError(problem, x, w); };
  const Eigen::VectorXd& lb = problem.lb();
  const Eigen::VectorXd& ub = problem.ub();

  Eigen::VectorXd c = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd sigma = Eigen::VectorXd::Ones(n);
  std::vector<int> rowIsComp(static_cast<std::size_t>(n), 1);
  std::vector<Index> boxed;
  for (Index i = 0; i < n; ++i) {
    const bool lf = std::isfinite(lb[i]);
    const bool uf = std::isfinite(ub[i]);
    if (lf) {
      c[i] = lb[i];
      if (uf) boxed.push_back(i);
    } else if (uf) {
      c[i] = ub[i];
      sigma[i] = -1.0;
    } else {
      rowIsComp[static_cast<std::size_t>(i)] = 0;
    }
  }
  const Index nb = static_cast<Index>(boxed.size());
  const Index size = n + nb;
  const Eigen::MatrixXd M = problem.M().toDense();
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(size, size);
  K.topLeftCorner(n, n) = sigma.asDiagonal() * M * sigma.asDiagonal();
  Eigen::VectorXd qk(size);
  qk.head(n) = sigma.cwiseProduct(M * c + problem.q());
  for (Index k = 0; k < nb; ++k) {
    const Index i = boxed[static_cast<std::size_t>(k)];
    K(i, n + k) = 1.0;
    K(n + k, i) = -1.0;
    qk[n + k] = ub[i] - lb[i];
  }
  // Row blocks: runs of equal flags over the n rows, then the nb multiplier rows.
  std::vector<Index> blocksRows{0};
  std::vector<int> blocksIsComp;
  for (Index i = 0; i < n; ++i) {
    const int f = rowIsComp[static_cast<std::size_t>(i)];
    if (blocksIsComp.empty() || blocksIsComp.back() != f) {
      if (i > 0) blocksRows.push_back(i);
      blocksIsComp.push_back(f);
    }
  }
  if (nb > 0) {
    if (n > 0) blocksRows.push_back(n);
    if (blocksIsComp.empty() || blocksIsComp.back() != 1) {
      blocksIsComp.push_back(1);
    } else {
      blocksRows.pop_back();  // merge with the preceding complementarity run
    }
  }
  if (size > 0) blocksRows.push_back(size);
  const MixedLinearComplementarityProblem mlcp(Matrix(std::move(K)), std::move(qk),
                                               std::move(blocksRows), std::move(blocksIsComp));
  // Warm start mapped to x (the multipliers start at 0; Lemke ignores it anyway).
  Eigen::VectorXd x = Eigen::VectorXd::Zero(size);
  for (Index i = 0; i < n; ++i) {
    const double zi = std::isfinite(z[i]) ? z[i] : 0.0;
    x[i] = sigma[i] * (zi - c[i]);
  }
  Eigen::VectorXd wx(size);
  SolverOptions sub = options;
  sub.solver = "lemke";
  sub.verbosity = options.verbosity >= 2 ? options.verbosity : 0;
  const SolverResult inner = mlcpLemke(mlcp, x, wx, sub);
  result.iterations = inner.iterations;
  result.status = inner.status;
  if (inner.status != SolverStatus::Converged) {
    result.message = "LCP reformulation (size " + std::to_string(size) + "): " + inner.message;
  }
  if (x.allFinite()) {
    for (Index i = 0; i < n; ++i) z[i] = c[i] + sigma[i] * x[i];
    // Remove round-off outside the box.
    z = z.cwiseMax(lb).cwiseMin(ub);
  }
  // Polish the round-off of the pivoting (relay1.dat: M entries over 8 orders of
  // magnitude) with a few Newton steps from the Lemke point; keep the better one.
  // Only from a point Lemke brought close to a solution (not after a ray termination).
  const bool close = inner.status == SolverStatus::Converged || inner.error <= 1e-4;
  if (close && z.allFinite() && errorOf(z) > options.tolerance) {
    Eigen::VectorXd zp = z, wp(n);
    SolverOptions polish = options;
    polish.maxIterations = std::min(options.maxIterations, 20);
    polish.verbosity = 0;
    const SolverResult pr = relayNewton(problem, zp, wp, polish);
    if (pr.error < errorOf(z)) {
      z = zp;
      result.iterations += pr.iterations;
      if (pr.converged()) result.status = SolverStatus::Converged;
    }
  }
  mlcp_detail::finishResult(result, z, options, errorOf);
  return result;
}

}  // namespace moreau::numerics
