// Semismooth Newton on the natural map of the box, docs/numerics/relay.md ("newton").
#include "../mlcp/SemismoothNewton.hpp"
#include "../mlcp/SolverCommon.hpp"

#include <moreau/numerics/relay/RelaySolvers.hpp>

namespace moreau::numerics {

SolverResult relayNewton(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                         const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  const Index n = problem.size();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  const Eigen::VectorXd& lb = problem.lb();
  const Eigen::VectorXd& ub = problem.ub();

  // Diagonally scaled natural map (same zeros, better conditioned merit on
  // badly scaled M): with ρ_i = 1/|M_ii| (1 when M_ii = 0),
  // Φ_i = z_i − P_[lb_i,ub_i](z_i − ρ_i w_i): Φ_i = ρ_i w_i (a = 0, b = ρ_i) when
  // z_i − ρ_i w_i is strictly inside the box, Φ_i = z_i − bound (a = 1, b = 0) otherwise.
  Eigen::VectorXd rho = problem.M().diagonal().cwiseAbs();
  for (Index i = 0; i < n; ++i) rho[i] = rho[i] > 0.0 ? 1.0 / rho[i] : 1.0;
  const mlcp_detail::NewtonResidual residual =
      [&lb, &ub, &rho](const Eigen::VectorXd& x, const Eigen::VectorXd& y, Eigen::VectorXd& phi,
                       Eigen::VectorXd& a, Eigen::VectorXd& b) {
        const Index size = x.size();
        for (Index i = 0; i < size; ++i) {
          const double s = x[i] - rho[i] * y[i];
          if (s > lb[i] && s < ub[i]) {
            phi[i] = rho[i] * y[i];
            a[i] = 0.0;
            b[i] = rho[i];
          } else {
            phi[i] = x[i] - (s <= lb[i] ? lb[i] : ub[i]);
            a[i] = 1.0;
            b[i] = 0.0;
          }
        }
      };
  Eigen::VectorXd wtmp(n);
  const mlcp_detail::NewtonError error = [&](const Eigen::VectorXd& x) {
    return relayComputeError(problem, x, wtmp);
  };
  SolverResult result = mlcp_detail::semismoothNewton(problem.M(), problem.q(), z, options,
                                                      "newton", residual, error);
  mlcp_detail::finishResult(result, z, options, [&](const Eigen::VectorXd& x) {
    return relayComputeError(problem, x, w);
  });
  return result;
}

}  // namespace moreau::numerics
