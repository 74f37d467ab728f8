// Siconos LCP error measure, docs/numerics/lcp.md ("Error measure") and
// shared/spec/siconos-reference.md §2.4.
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cfloat>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

double lcpComputeError(const LinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                       Eigen::VectorXd& w) {
  const Eigen::Index n = problem.size();
  if (z.size() != n) {
    throw std::invalid_argument("lcpComputeError: z has " + std::to_string(z.size()) +
                                " entries, the problem has size " + std::to_string(n));
  }
  w = problem.q();
  problem.M().multiply(z, w, 1.0, 1.0);
  if (!z.allFinite() || !w.allFinite()) return std::numeric_limits<double>::quiet_NaN();
  // z - max(0, z - w) == min(z, w) componentwise.
  const double err = z.cwiseMin(w).norm();
  const double normQ = problem.q().norm();
  return normQ > DBL_EPSILON ? err / normQ : err;
}

}  // namespace moreau::numerics
