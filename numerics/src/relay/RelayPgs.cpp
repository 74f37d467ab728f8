// Projected Gauss–Seidel / SOR on the box, docs/numerics/relay.md ("pgs").
#include "../mlcp/SolverCommon.hpp"

#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <sstream>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using RowMajorDense = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMajorSparse = Eigen::SparseMatrix<double, Eigen::RowMajor>;

template <class RowDot>
void sweep(Eigen::VectorXd& z, const RelayProblem& p, const Eigen::VectorXd& invDiag, double omega,
           RowDot&& rowDot) {
  const Index n = z.size();
  const Eigen::VectorXd& q = p.q();
  const Eigen::VectorXd& lb = p.lb();
  const Eigen::VectorXd& ub = p.ub();
  for (Index i = 0; i < n; ++i) {
    const double wi = rowDot(i) + q[i];
    const double zi = z[i] - omega * invDiag[i] * wi;
    z[i] = std::min(std::max(zi, lb[i]), ub[i]);
  }
}

}  // namespace

SolverResult relayPgs(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                      const SolverOptions& options) {
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

  result.status = SolverStatus::MaxIterations;
  if (errorOf(z) > options.tolerance) {
    RowMajorDense denseRows;
    RowMajorSparse sparseRows;
    const bool dense = problem.M().isDense();
    if (dense) {
      denseRows = problem.M().dense();
    } else {
      sparseRows = problem.M().toSparse();
    }
    for (int k = 1; k <= options.maxIterations; ++k) {
      if (dense) {
        sweep(z, problem, invDiag, omega, [&](Index i) { return denseRows.row(i).dot(z); });
      } else {
        sweep(z, problem, invDiag, omega, [&](Index i) {
          double s = 0.0;
          for (RowMajorSparse::InnerIterator it(sparseRows, i); it; ++it) {
            s += it.value() * z[it.col()];
          }
          return s;
        });
      }
      result.iterations = k;
      const double err = errorOf(z);
      if (options.verbosity >= 2) std::cerr << "pgs: sweep " << k << ", error " << err << '\n';
      if (!std::isfinite(err)) {
        result.status = SolverStatus::Failed;
        result.message = "iterates diverged (non-finite values at sweep " + std::to_string(k) + ")";
        break;
      }
      if (err <= options.tolerance) break;
    }
    if (result.status == SolverStatus::MaxIterations) {
      result.message = "sweep budget of " + std::to_string(options.maxIterations) + " exhausted";
    }
  }
  mlcp_detail::finishResult(result, z, options, errorOf);
  return result;
}

}  // namespace moreau::numerics
