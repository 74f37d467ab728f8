#include "LcpCommon.hpp"

#include "../core/FormatNumber.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <iostream>

namespace moreau::numerics::lcp_detail {

void finish(const LinearComplementarityProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
            const SolverOptions& options, SolverResult& result, const char* unit) {
  if (z.size() != problem.size()) z.setZero(problem.size());
  result.error = lcpComputeError(problem, z, w);
  if (!std::isfinite(result.error)) {
    result.status = SolverStatus::Failed;
    result.error = std::numeric_limits<double>::infinity();
    if (result.message.empty()) result.message = "non-finite solution (numerical breakdown)";
    z.setZero();
    // Report the error of the (finite) zero vector rather than a NaN.
    result.error = lcpComputeError(problem, z, w);
  } else if (result.error <= options.tolerance) {
    result.status = SolverStatus::Converged;
    result.message.clear();
  } else if (result.status == SolverStatus::Converged) {
    result.status = SolverStatus::Failed;
    result.message = "error " + fmt(result.error) + " > tolerance " + fmt(options.tolerance) +
                     " at the end (loss of accuracy)";
  } else if (result.message.empty()) {
    result.message = "error " + fmt(result.error) + " > tolerance " + fmt(options.tolerance);
  }
  if (options.verbosity >= 1) {
    std::cerr << result.solver << ": " << toString(result.status) << ", " << result.iterations
              << ' ' << unit << ", error " << result.error
              << (result.message.empty() ? "" : ", " + result.message) << '\n';
  }
}

Eigen::Index firstNonPositiveDiagonal(const Matrix& M, Eigen::VectorXd& diag) {
  if (M.isSparseBlock()) {
    M.sparseBlock().diagonalInto(diag);  // no allocation when diag is sized
  } else if (M.isDense()) {
    diag = M.dense().diagonal();
  } else {
    diag = M.diagonal();
  }
  for (Eigen::Index i = 0; i < diag.size(); ++i) {
    if (!(diag[i] > 0.0) || !std::isfinite(diag[i])) return i;
  }
  return -1;
}

double errorScale(const Eigen::VectorXd& q) {
  const double n = q.norm();
  return n > DBL_EPSILON ? n : 1.0;
}

std::string fmt(double value) { return format_detail::formatNumber(value, 3); }

void sanitizeWarmStart(Eigen::VectorXd& z, Eigen::Index n) {
  if (z.size() != n || !z.allFinite()) z.setZero(n);
}

bool endOfSweep(const char* name, int sweep, double estimate, double& threshold,
                const LinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                Eigen::VectorXd& w, const SolverOptions& options, SolverResult& result) {
  if (options.verbosity >= 2) {
    std::cerr << name << ": sweep " << sweep << ", error estimate " << estimate << '\n';
  }
  if (!std::isfinite(estimate)) {
    result.status = SolverStatus::Failed;
    result.message = "iterates diverged (non-finite values at sweep " + std::to_string(sweep) + ")";
    return true;
  }
  if (estimate <= threshold) {
    result.error = lcpComputeError(problem, z, w);
    if (result.error <= options.tolerance) {
      result.status = SolverStatus::Converged;
      return true;
    }
    // The estimate was optimistic: tighten the threshold and keep sweeping.
    threshold *= std::max(estimate / result.error, 1e-3);
  }
  return false;
}

}  // namespace moreau::numerics::lcp_detail
