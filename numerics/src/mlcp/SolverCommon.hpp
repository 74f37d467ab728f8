#pragma once
// Internal helpers shared by the MLCP and Relay solvers (not installed).

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>

namespace moreau::numerics::mlcp_detail {

inline std::string lowerCase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

inline std::string formatError(double e) {
  std::ostringstream os;
  os.precision(3);
  os << e;
  return os.str();
}

/// Sets result.error from the true error of z (errorOf(z) recomputes w) and the
/// status by the contract: Converged iff error <= tolerance; a solver that
/// believed it converged but whose true error is above the tolerance gets
/// Failed; a non-finite z is reset to 0 (Failed) so that no NaN escapes.
template <class ErrorOf>
void finishResult(SolverResult& result, Eigen::VectorXd& z, const SolverOptions& options,
                  ErrorOf&& errorOf) {
  double err = z.allFinite() ? errorOf(z) : std::nan("");
  if (!std::isfinite(err)) {
    z.setZero();
    err = errorOf(z);
    result.status = SolverStatus::Failed;
    result.message = "iterates became non-finite; z reset to 0" +
                     (result.message.empty() ? std::string() : " (" + result.message + ")");
    if (!std::isfinite(err)) err = std::numeric_limits<double>::infinity();
    result.error = err;
  } else {
    result.error = err;
    if (err <= options.tolerance) {
      result.status = SolverStatus::Converged;
      result.message.clear();
    } else if (result.status == SolverStatus::Converged) {
      result.status = SolverStatus::Failed;
      result.message = "true error " + formatError(err) + " above the tolerance " +
                       formatError(options.tolerance);
    } else if (result.message.empty()) {
      result.message = "error " + formatError(err) + " above the tolerance";
    }
  }
  if (options.verbosity >= 1) {
    std::cerr << result.solver << ": " << toString(result.status) << ", " << result.iterations
              << " iterations, error " << result.error;
    if (!result.message.empty()) std::cerr << " (" << result.message << ")";
    std::cerr << '\n';
  }
}

}  // namespace moreau::numerics::mlcp_detail
