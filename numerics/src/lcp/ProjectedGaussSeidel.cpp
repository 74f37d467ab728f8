// Projected Gauss–Seidel / PSOR, see docs/numerics/lcp.md ("PGS / PSOR").
//
// Stopping rule: every sweep accumulates a free estimate of the error, the
// min-function residual ‖min(z_i, w_i)‖ taken row by row with the w_i computed
// during the sweep (the residual of the point being updated). Only when the
// estimate is below the threshold is the exact error computed (one product
// M z); if the exact error is still above the tolerance, the threshold is
// tightened by the ratio estimate/exact and the sweeps go on. The reported
// error is always the exact error of the returned z.
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using RowMajorDense = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMajorSparse = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// One PSOR sweep; `rowDot(i)` returns row i of M times z (current z). Returns
// the squared error estimate Σ min(z_i, w_i)².
template <class RowDot>
double sweep(Eigen::VectorXd& z, const Eigen::VectorXd& q, const Eigen::VectorXd& invDiag,
             double omega, RowDot&& rowDot) {
  const Index n = z.size();
  double estimate = 0.0;
  for (Index i = 0; i < n; ++i) {
    const double wi = rowDot(i) + q[i];
    const double r = std::min(z[i], wi);
    estimate += r * r;
    const double zi = z[i] - omega * invDiag[i] * wi;
    z[i] = zi > 0.0 ? zi : 0.0;
  }
  return estimate;
}

SolverResult projectedGaussSeidel(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                  Eigen::VectorXd& w, const SolverOptions& options, double omega,
                                  const char* name) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = name;
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  lcp_detail::sanitizeWarmStart(z, n);

  Eigen::VectorXd diag;
  const Index bad = lcp_detail::firstNonPositiveDiagonal(problem.M(), diag);
  if (bad >= 0) {
    result.status = SolverStatus::Failed;
    result.message = std::string(name) + " needs a positive diagonal: M(" + std::to_string(bad) +
                     "," + std::to_string(bad) + ") = " + lcp_detail::fmt(diag[bad]) + " in row " +
                     std::to_string(bad);
    lcp_detail::finish(problem, z, w, options, result, "sweeps");
    return result;
  }
  const Eigen::VectorXd invDiag = diag.cwiseInverse();

  result.error = lcpComputeError(problem, z, w);
  if (result.error <= options.tolerance) {
    lcp_detail::finish(problem, z, w, options, result, "sweeps");
    return result;
  }
  // A row-major copy makes each row contiguous (no symmetry assumed).
  RowMajorDense denseRows;
  RowMajorSparse sparseRows;
  const bool dense = problem.M().isDense();
  if (dense) {
    denseRows = problem.M().dense();
  } else if (problem.M().isSparse()) {
    sparseRows = problem.M().sparse();
  } else {
    sparseRows = problem.M().toSparse();
  }
  const double scale = lcp_detail::errorScale(q);
  double threshold = options.tolerance;
  result.status = SolverStatus::MaxIterations;
  for (int k = 1; k <= options.maxIterations; ++k) {
    double est2 = 0.0;
    if (dense) {
      est2 = sweep(z, q, invDiag, omega, [&](Index i) { return denseRows.row(i).dot(z); });
    } else {
      est2 = sweep(z, q, invDiag, omega, [&](Index i) {
        double s = 0.0;
        for (RowMajorSparse::InnerIterator it(sparseRows, i); it; ++it) {
          s += it.value() * z[it.col()];
        }
        return s;
      });
    }
    result.iterations = k;
    const double estimate = std::sqrt(est2) / scale;
    if (lcp_detail::endOfSweep(name, k, estimate, threshold, problem, z, w, options, result)) break;
  }
  if (result.status == SolverStatus::MaxIterations) {
    result.message = "sweep budget of " + std::to_string(options.maxIterations) + " exhausted";
  }
  lcp_detail::finish(problem, z, w, options, result, "sweeps");
  if (result.status == SolverStatus::MaxIterations) {
    result.message += ", error " + lcp_detail::fmt(result.error);
  }
  return result;
}

}  // namespace

SolverResult lcpPgs(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                    Eigen::VectorXd& w, const SolverOptions& options) {
  return projectedGaussSeidel(problem, z, w, options, options.relaxation, "pgs");
}

SolverResult lcpPsor(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  const double omega = options.relaxation != 1.0 ? options.relaxation : kLcpPsorDefaultRelaxation;
  return projectedGaussSeidel(problem, z, w, options, omega, "psor");
}

}  // namespace moreau::numerics
