// Projected Gauss–Seidel / SOR on the box, docs/numerics/relay.md ("pgs").
#include "../mlcp/SolverCommon.hpp"

#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <sstream>

namespace moreau::numerics {

SolverResult relayPgs(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                      const SolverOptions& options) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "pgs";
  const Index n = problem.size();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  const auto errorOf = [&](const Eigen::VectorXd& x) { return relayComputeError(problem, x, w); };

  const Eigen::VectorXd diag = problem.M().diagonal();
  for (Index i = 0; i < n; ++i) {
    if (!(diag[i] > 0.0)) {
      std::ostringstream os;
      os << "pgs needs a positive diagonal: M(" << i << "," << i << ") = " << diag[i] << " in row "
         << i;
      result.status = SolverStatus::Failed;
      result.message = os.str();
      mlcp_detail::finishResult(result, z, options, errorOf);
      return result;
    }
  }
  const Eigen::VectorXd invDiag = diag.cwiseInverse();
  const double omega = options.relaxation;
  // Start inside the box.
  z = z.cwiseMax(problem.lb()).cwiseMin(problem.ub());

  const Eigen::VectorXd& lb = problem.lb();
  const Eigen::VectorXd& ub = problem.ub();
  mlcp_detail::pgsSweeps(
      problem.M(), problem.q(), z, invDiag, omega, options, result,
      [&](Index i, double zi) { return std::min(std::max(zi, lb[i]), ub[i]); }, errorOf);
  mlcp_detail::finishResult(result, z, options, errorOf);
  return result;
}

}  // namespace moreau::numerics
