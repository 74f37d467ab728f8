// FC2D as an LCP (exact reformulation), solved by Lemke or enumeration.
// See docs/numerics/friction-contact-local.md §"2D: LCP reformulation".

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

namespace {

// Per contact i, z = (r_N, β⁺, β⁻, λ) at 4i..4i+3, r_T = β⁺ − β⁻:
//   w_4i   = u_N,          w_4i+1 = λ + u_T,
//   w_4i+2 = λ − u_T,      w_4i+3 = μ r_N − β⁺ − β⁻,   u = W r + q.
// M = S W T + E with r = T z and (u_N, u_T, −u_T, 0) = S u.
LinearComplementarityProblem buildLcp(const FrictionContactProblem& problem) {
  const Eigen::Index nc = problem.numberOfContacts();
  const Eigen::MatrixXd W = problem.W().toDense();
  const Eigen::Index m = 4 * nc;
  Eigen::MatrixXd WT = Eigen::MatrixXd::Zero(2 * nc, m);  // W T
  for (Eigen::Index j = 0; j < nc; ++j) {
    WT.col(4 * j) = W.col(2 * j);
    WT.col(4 * j + 1) = W.col(2 * j + 1);
    WT.col(4 * j + 2) = -W.col(2 * j + 1);
  }
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(m, m);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(m);
  for (Eigen::Index i = 0; i < nc; ++i) {
    M.row(4 * i) = WT.row(2 * i);
    M.row(4 * i + 1) = WT.row(2 * i + 1);
    M.row(4 * i + 2) = -WT.row(2 * i + 1);
    M(4 * i + 1, 4 * i + 3) += 1.0;
    M(4 * i + 2, 4 * i + 3) += 1.0;
    M(4 * i + 3, 4 * i) = problem.mu()[i];
    M(4 * i + 3, 4 * i + 1) = -1.0;
    M(4 * i + 3, 4 * i + 2) = -1.0;
    q[4 * i] = problem.q()[2 * i];
    q[4 * i + 1] = problem.q()[2 * i + 1];
    q[4 * i + 2] = -problem.q()[2 * i + 1];
  }
  return LinearComplementarityProblem(std::move(M), std::move(q));
}

SolverResult viaLcp(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options, bool enumeration) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = enumeration ? "enum" : "lemke";
  const Eigen::Index n = problem.size();
  const Eigen::Index nc = problem.numberOfContacts();
  if (r.size() != n || !r.allFinite()) r = Eigen::VectorXd::Zero(n);
  if (problem.dimension() != 2) {
    result.status = SolverStatus::Failed;
    result.message = "the LCP reformulation is exact in 2D only";
    result.error = fcComputeError(problem, r, u);
    return result;
  }
  if (enumeration && 4 * nc > options.enumerationMaxSize) {
    result.status = SolverStatus::Failed;
    result.message =
        "LCP size 4*nc = " + std::to_string(4 * nc) +
        " exceeds options.enumerationMaxSize = " + std::to_string(options.enumerationMaxSize);
    result.error = fcComputeError(problem, r, u);
    return result;
  }
  const LinearComplementarityProblem lcp = buildLcp(problem);
  Eigen::VectorXd z = Eigen::VectorXd::Zero(4 * nc);
  // Warm start for enumeration: the support of the given r.
  for (Eigen::Index i = 0; i < nc; ++i) {
    z[4 * i] = std::max(0.0, r[2 * i]);
    z[4 * i + 1] = std::max(0.0, r[2 * i + 1]);
    z[4 * i + 2] = std::max(0.0, -r[2 * i + 1]);
  }
  Eigen::VectorXd w;
  SolverOptions lcpOptions = options;
  lcpOptions.solver = enumeration ? "enum" : "lemke";
  const SolverResult inner =
      enumeration ? lcpEnum(lcp, z, w, lcpOptions) : lcpLemke(lcp, z, w, lcpOptions);
  Eigen::VectorXd rn(n);
  for (Eigen::Index i = 0; i < nc; ++i) {
    rn[2 * i] = z[4 * i];
    rn[2 * i + 1] = z[4 * i + 1] - z[4 * i + 2];
  }
  if (!rn.allFinite()) rn.setZero();
  r = rn;
  result.iterations = inner.iterations;
  result.error = fcComputeError(problem, r, u);
  if (!std::isfinite(result.error)) {
    r.setZero();
    result.error = fcComputeError(problem, r, u);
    result.status = SolverStatus::Failed;
    result.message = "non-finite LCP solution";
    return result;
  }
  result.status = result.error <= options.tolerance      ? SolverStatus::Converged
                  : inner.status == SolverStatus::Failed ? SolverStatus::Failed
                                                         : SolverStatus::MaxIterations;
  if (result.status != SolverStatus::Converged)
    result.message = "LCP " + std::string(toString(inner.status)) +
                     (inner.message.empty() ? std::string() : ": " + inner.message);
  return result;
}

}  // namespace

SolverResult fc2dLemke(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                       Eigen::VectorXd& u, const SolverOptions& options) {
  return viaLcp(problem, r, u, options, false);
}

SolverResult fc2dEnum(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                      const SolverOptions& options) {
  return viaLcp(problem, r, u, options, true);
}

}  // namespace moreau::numerics
