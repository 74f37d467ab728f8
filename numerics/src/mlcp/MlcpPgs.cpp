// Projected Gauss–Seidel / SOR for the MLCP, docs/numerics/mlcp.md ("pgs").
#include "SolverCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <sstream>

namespace moreau::numerics {

namespace mlcp_detail {

SolverResult projectedGaussSeidel(const MixedLinearComplementarityProblem& problem,
                                  Eigen::VectorXd& z, Eigen::VectorXd& w,
                                  const SolverOptions& options, const char* name, PgsWorkspace& ws,
                                  bool denseInPlace) {
  using Index = Eigen::Index;
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = name;
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  if (z.size() != n || !z.allFinite()) z.setZero(n);
  const auto errorOf = [&](const Eigen::VectorXd& x) { return mlcpComputeError(problem, x, w); };

  std::vector<char>& comp = ws.comp;
  comp.resize(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) comp[static_cast<std::size_t>(i)] = problem.isComplementarityRow(i);
  Eigen::VectorXd& diag = ws.invDiag;
  const Matrix& M = problem.M();
  if (M.isSparseBlock()) {
    M.sparseBlock().diagonalInto(diag);
  } else if (M.isDense()) {
    diag = M.dense().diagonal();
  } else {
    diag = M.diagonal();
  }
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
  diag = diag.cwiseInverse();
  const Eigen::VectorXd& invDiag = diag;
  const double omega = options.relaxation;

  mlcp_detail::pgsSweeps(
      M, q, z, invDiag, omega, options, result,
      [&](Index i, double zi) {
        return (comp[static_cast<std::size_t>(i)] && !(zi > 0.0)) ? 0.0 : zi;
      },
      errorOf, denseInPlace);
  mlcp_detail::finishResult(result, z, options, errorOf);
  return result;
}

}  // namespace mlcp_detail

SolverResult mlcpPgs(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  mlcp_detail::PgsWorkspace ws;
  return mlcp_detail::projectedGaussSeidel(
      problem, z, w, options, normalizeSolverName(options.solver) == "psor" ? "psor" : "pgs", ws,
      false);
}

}  // namespace moreau::numerics
