// Fischer–Burmeister semismooth Newton for the MLCP, docs/numerics/mlcp.md ("newton-fb").
#include "SemismoothNewton.hpp"
#include "SolverCommon.hpp"

#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <cmath>

namespace moreau::numerics {

SolverResult mlcpNewtonFb(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                          Eigen::VectorXd& w, const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  const Index n = problem.size();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  std::vector<char> comp(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) comp[static_cast<std::size_t>(i)] = problem.isComplementarityRow(i);

  // Equality rows: Φ_i = w_i (a = 0, b = 1). Complementarity rows:
  // Φ_i = z_i + w_i − sqrt(z_i² + w_i²), a = 1 − z/r, b = 1 − w/r (r = sqrt(z²+w²));
  // at the kink r = 0 the element a = b = 1 − 1/√2 of the generalized Jacobian.
  const mlcp_detail::NewtonResidual residual =
      [&comp](const Eigen::VectorXd& x, const Eigen::VectorXd& y, Eigen::VectorXd& phi,
              Eigen::VectorXd& a, Eigen::VectorXd& b) {
        const Index size = x.size();
        for (Index i = 0; i < size; ++i) {
          if (!comp[static_cast<std::size_t>(i)]) {
            phi[i] = y[i];
            a[i] = 0.0;
            b[i] = 1.0;
            continue;
          }
          const double r = std::hypot(x[i], y[i]);
          phi[i] = x[i] + y[i] - r;
          if (r > 0.0) {
            a[i] = 1.0 - x[i] / r;
            b[i] = 1.0 - y[i] / r;
          } else {
            a[i] = b[i] = 1.0 - 1.0 / std::sqrt(2.0);
          }
        }
      };
  Eigen::VectorXd wtmp(n);
  const mlcp_detail::NewtonError error = [&](const Eigen::VectorXd& x) {
    return mlcpComputeError(problem, x, wtmp);
  };
  SolverResult result = mlcp_detail::semismoothNewton(problem.M(), problem.q(), z, options,
                                                      "newton-fb", residual, error);
  mlcp_detail::finishResult(result, z, options, [&](const Eigen::VectorXd& x) {
    return mlcpComputeError(problem, x, w);
  });
  return result;
}

}  // namespace moreau::numerics
