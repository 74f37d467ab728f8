#pragma once
// Internal helpers shared by the MLCP and Relay solvers (not installed).

#include "../core/FormatNumber.hpp"
#include "../core/SolverChain.hpp"

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>

#include <Eigen/Dense>
#include <Eigen/Sparse>
#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::numerics::mlcp_detail {

inline std::string formatError(double e) { return format_detail::formatNumber(e, 3); }

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

/// Projected Gauss–Seidel / SOR sweeps shared by the MLCP and Relay "pgs":
/// row i is updated to project(i, z_i - omega * invDiag_i * (M z + q)_i) until
/// errorOf(z) <= tolerance (checked first, then after each sweep), the sweep
/// budget runs out (MaxIterations) or the iterates diverge (Failed). Sets
/// result.status, iterations and message; result.solver labels the verbose output.
/// Rows are read in place for a SparseBlock M with square diagonal blocks (no
/// copy) and for a dense M when denseInPlace; otherwise from a row-major copy.
template <class Project, class ErrorOf>
void pgsSweeps(const Matrix& M, const Eigen::VectorXd& q, Eigen::VectorXd& z,
               const Eigen::VectorXd& invDiag, double omega, const SolverOptions& options,
               SolverResult& result, Project&& project, ErrorOf&& errorOf,
               bool denseInPlace = false) {
  using Index = Eigen::Index;
  using RowMajorDense = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using RowMajorSparse = Eigen::SparseMatrix<double, Eigen::RowMajor>;
  const auto sweep = [&](auto&& rowDot) {
    const Index n = z.size();
    for (Index i = 0; i < n; ++i) {
      const double wi = rowDot(i) + q[i];
      const double zi = z[i] - omega * invDiag[i] * wi;
      z[i] = project(i, zi);
    }
  };
  result.status = SolverStatus::MaxIterations;
  if (!(errorOf(z) > options.tolerance)) return;
  // (An Eigen::SparseMatrix allocates even when empty: made only when used.)
  RowMajorDense denseRows;
  std::optional<RowMajorSparse> sparseCopy;
  const bool blocks = M.isSparseBlock() && M.sparseBlock().hasSquareDiagonalBlocks();
  const bool inPlaceDense = M.isDense() && denseInPlace;
  const bool dense = M.isDense() && !denseInPlace;
  if (dense) {
    denseRows = M.dense();
  } else if (!blocks && !inPlaceDense) {
    sparseCopy.emplace(M.toSparse());
  }
  for (int k = 1; k <= options.maxIterations; ++k) {
    if (blocks) {
      // Row by row on the block storage (column-major blocks: a scalar row is
      // strided by its block's row count); same summation order as a CSR row.
      const SparseBlockMatrix& S = M.sparseBlock();
      const Index* rowPointer = S.rowPointer().data();
      const Index* columnIndex = S.columnIndex().data();
      const double* values = S.values().data();
      for (Index bi = 0; bi < S.blockRows(); ++bi) {
        const Index nr = S.rowBlockSize(bi);
        const Index r0 = S.rowBlockOffset(bi);
        for (Index lr = 0; lr < nr; ++lr) {
          double s = 0.0;
          for (Index kk = rowPointer[bi]; kk < rowPointer[bi + 1]; ++kk) {
            const Index j = columnIndex[kk];
            const Index nc = S.colBlockSize(j);
            const double* zj = z.data() + S.colBlockOffset(j);
            const double* b = values + S.blockOffset(kk) + lr;
            for (Index c = 0; c < nc; ++c) s += b[c * nr] * zj[c];
          }
          const Index i = r0 + lr;
          const double wi = s + q[i];
          z[i] = project(i, z[i] - omega * invDiag[i] * wi);
        }
      }
    } else if (inPlaceDense) {
      const Eigen::MatrixXd& A = M.dense();
      sweep([&](Index i) { return A.row(i).dot(z); });
    } else if (dense) {
      sweep([&](Index i) { return denseRows.row(i).dot(z); });
    } else {
      const RowMajorSparse& sparseRows = *sparseCopy;
      sweep([&](Index i) {
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
    if (err <= options.tolerance) {
      result.status = SolverStatus::Converged;  // (no budget message to build)
      break;
    }
  }
  if (result.status == SolverStatus::MaxIterations) {
    result.message = "sweep budget of " + std::to_string(options.maxIterations) + " exhausted";
  }
}

/// Work arrays of the MLCP "pgs" (reused by MlcpSolver: no allocation when sized).
struct PgsWorkspace {
  std::vector<char> comp;
  Eigen::VectorXd invDiag;
};

/// Declared here, defined in MlcpPgs.cpp (MlcpSolver reuses it).
SolverResult projectedGaussSeidel(const MixedLinearComplementarityProblem& problem,
                                  Eigen::VectorXd& z, Eigen::VectorXd& w,
                                  const SolverOptions& options, const char* name, PgsWorkspace& ws,
                                  bool denseInPlace);

/// A step of the MLCP / Relay "auto" chains: every step starts from the
/// caller's z with the caller's options, its own name and iteration budget.
template <class Problem, class SolveFn>
chain_detail::ChainStep<Problem> autoStep(const char* name, SolveFn solve, int maxIterations,
                                          const SolverOptions& options) {
  chain_detail::ChainStep<Problem> step{name, solve, options, chain_detail::StepStart::Initial};
  step.options.solver = name;
  step.options.maxIterations = maxIterations;
  return step;
}

/// "tried" log entry of the MLCP / Relay "auto" chains: "name: status (error e[, message])".
inline std::string describeAutoStep(const std::string& name, const SolverResult& r, double err,
                                    bool ok) {
  return name + ": " + (ok ? "converged" : std::string(toString(r.status))) + " (error " +
         formatError(err) + (r.message.empty() ? "" : ", " + r.message) + ")";
}

inline chain_detail::ChainSettings autoChainSettings(const SolverOptions& options) {
  chain_detail::ChainSettings settings;
  settings.tolerance = options.tolerance;
  return settings;
}

}  // namespace moreau::numerics::mlcp_detail
