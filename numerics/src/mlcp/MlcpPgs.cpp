// Projected Gauss–Seidel / SOR for the MLCP, docs/numerics/mlcp.md ("pgs").
#include "SolverCommon.hpp"

#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <sstream>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using RowMajorDense = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMajorSparse = Eigen::SparseMatrix<double, Eigen::RowMajor>;

template <class RowDot>
void sweep(Eigen::VectorXd& z, const Eigen::VectorXd& q, const Eigen::VectorXd& invDiag,
           const std::vector<char>& comp, double omega, RowDot&& rowDot) {
  const Index n = z.size();
  for (Index i = 0; i < n; ++i) {
    const double wi = rowDot(i) + q[i];
    const double zi = z[i] - omega * invDiag[i] * wi;
    z[i] = (comp[static_cast<std::size_t>(i)] && !(zi > 0.0)) ? 0.0 : zi;
  }
}

}  // namespace

SolverResult mlcpPgs(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = mlcp_detail::lowerCase(options.solver) == "psor" ? "psor" : "pgs";
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  const auto errorOf = [&](const Eigen::VectorXd& x) { return mlcpComputeError(problem, x, w); };

  std::vector<char> comp(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) comp[static_cast<std::size_t>(i)] = problem.isComplementarityRow(i);
  const Eigen::VectorXd diag = problem.M().diagonal();
  for (Index i = 0; i < n; ++i) {
    const bool c = comp[static_cast<std::size_t>(i)] != 0;
    if (c ? !(diag[i] > 0.0) : !(diag[i] != 0.0)) {
      std::ostringstream os;
      os << result.solver << " needs " << (c ? "a positive" : "a nonzero") << " diagonal entry on "
         << (c ? "complementarity" : "equality") << " row " << i << ": M(" << i << "," << i
         << ") = " << diag[i];
      result.status = SolverStatus::Failed;
      result.message = os.str();
      mlcp_detail::finishResult(result, z, options, errorOf);
      return result;
    }
  }
  const Eigen::VectorXd invDiag = diag.cwiseInverse();
  const double omega = options.relaxation;

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
        sweep(z, q, invDiag, comp, omega, [&](Index i) { return denseRows.row(i).dot(z); });
      } else {
        sweep(z, q, invDiag, comp, omega, [&](Index i) {
          double s = 0.0;
          for (RowMajorSparse::InnerIterator it(sparseRows, i); it; ++it) {
            s += it.value() * z[it.col()];
          }
          return s;
        });
      }
      result.iterations = k;
      const double err = errorOf(z);
      if (options.verbosity >= 2)
        std::cerr << result.solver << ": sweep " << k << ", error " << err << '\n';
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
