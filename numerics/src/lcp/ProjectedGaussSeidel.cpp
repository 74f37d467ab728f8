// Projected Gauss–Seidel / PSOR, see docs/numerics/lcp.md ("PGS").
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cmath>
#include <iostream>
#include <sstream>
#include <string>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using RowMajorDense = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMajorSparse = Eigen::SparseMatrix<double, Eigen::RowMajor>;

// One PSOR sweep; `rowDot(i)` returns row i of M times z (current z).
template <class RowDot>
void sweep(Eigen::VectorXd& z, const Eigen::VectorXd& q, const Eigen::VectorXd& invDiag,
           double omega, RowDot&& rowDot) {
  const Index n = z.size();
  for (Index i = 0; i < n; ++i) {
    const double wi = rowDot(i) + q[i];
    const double zi = z[i] - omega * invDiag[i] * wi;
    z[i] = zi > 0.0 ? zi : 0.0;
  }
}

}  // namespace

SolverResult lcpPgs(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                    Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "pgs";
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  if (z.size() != n || !z.allFinite()) z.setZero(n);

  const Eigen::VectorXd diag = problem.M().diagonal();
  for (Index i = 0; i < n; ++i) {
    if (!(diag[i] > 0.0)) {
      std::ostringstream os;
      os << "pgs needs a positive diagonal: M(" << i << "," << i << ") = " << diag[i] << " in row "
         << i;
      result.status = SolverStatus::Failed;
      result.message = os.str();
      result.error = lcpComputeError(problem, z, w);
      if (options.verbosity >= 1) std::cerr << "pgs: failed, " << result.message << '\n';
      return result;
    }
  }
  const Eigen::VectorXd invDiag = diag.cwiseInverse();
  const double omega = options.relaxation;

  result.error = lcpComputeError(problem, z, w);
  result.status = SolverStatus::MaxIterations;
  if (result.error <= options.tolerance) {
    result.status = SolverStatus::Converged;
  } else {
    // A row-major copy makes each row contiguous (no symmetry assumed).
    RowMajorDense denseRows;
    RowMajorSparse sparseRows;
    const bool dense = problem.M().isDense();
    if (dense) {
      denseRows = problem.M().dense();
    } else {
      sparseRows = problem.M().sparse();
    }
    for (int k = 1; k <= options.maxIterations; ++k) {
      if (dense) {
        sweep(z, q, invDiag, omega, [&](Index i) { return denseRows.row(i).dot(z); });
      } else {
        sweep(z, q, invDiag, omega, [&](Index i) {
          double s = 0.0;
          for (RowMajorSparse::InnerIterator it(sparseRows, i); it; ++it) {
            s += it.value() * z[it.col()];
          }
          return s;
        });
      }
      result.iterations = k;
      result.error = lcpComputeError(problem, z, w);
      if (options.verbosity >= 2)
        std::cerr << "pgs: sweep " << k << ", error " << result.error << '\n';
      if (!std::isfinite(result.error)) {
        result.status = SolverStatus::Failed;
        result.message = "iterates diverged (non-finite values at sweep " + std::to_string(k) + ")";
        break;
      }
      if (result.error <= options.tolerance) {
        result.status = SolverStatus::Converged;
        break;
      }
    }
    if (result.status == SolverStatus::MaxIterations) {
      result.message = "sweep budget of " + std::to_string(options.maxIterations) +
                       " exhausted, error " + std::to_string(result.error);
    }
  }
  if (options.verbosity >= 1) {
    std::cerr << "pgs: " << toString(result.status) << ", " << result.iterations
              << " sweeps, error " << result.error << '\n';
  }
  return result;
}

}  // namespace moreau::numerics
