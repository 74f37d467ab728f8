// Siconos Relay error measure, docs/numerics/relay.md ("Error measure") and
// shared/spec/siconos-reference.md §2.4.
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

double relayComputeError(const RelayProblem& problem, const Eigen::VectorXd& z,
                         Eigen::VectorXd& w) {
  const Eigen::Index n = problem.size();
  if (z.size() != n) {
    throw std::invalid_argument("relayComputeError: z has " + std::to_string(z.size()) +
                                " entries, the problem has size " + std::to_string(n));
  }
  w = problem.q();
  problem.M().multiply(z, w, 1.0, 1.0);
  if (!z.allFinite() || !w.allFinite()) return std::numeric_limits<double>::quiet_NaN();
  const Eigen::VectorXd& lb = problem.lb();
  const Eigen::VectorXd& ub = problem.ub();
  double sum = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double p = std::min(std::max(z[i] - w[i], lb[i]), ub[i]);
    const double r = p - z[i];
    sum += r * r;
  }
  return std::sqrt(sum) / (1.0 + problem.q().norm());
}

}  // namespace moreau::numerics
