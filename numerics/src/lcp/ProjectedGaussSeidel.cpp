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
#include <optional>
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

// One PSOR sweep over a SparseBlock M with square diagonal blocks, rows read
// directly on the block storage (column-major blocks: the entries of a scalar row
// are strided by the block's row count). Same summation order as a CSR row.
double sweepSparseBlock(const SparseBlockMatrix& S, Eigen::VectorXd& z, const Eigen::VectorXd& q,
                        const Eigen::VectorXd& invDiag, double omega) {
  const Index nb = S.blockRows();
  const Index* rowPointer = S.rowPointer().data();
  const Index* columnIndex = S.columnIndex().data();
  const double* values = S.values().data();
  double* zp = z.data();
  double estimate = 0.0;
  for (Index bi = 0; bi < nb; ++bi) {
    const Index nr = S.rowBlockSize(bi);
    const Index r0 = S.rowBlockOffset(bi);
    for (Index lr = 0; lr < nr; ++lr) {
      double s = 0.0;
      for (Index k = rowPointer[bi]; k < rowPointer[bi + 1]; ++k) {
        const Index j = columnIndex[k];
        const Index nc = S.colBlockSize(j);
        const double* zj = zp + S.colBlockOffset(j);
        const double* b = values + S.blockOffset(k) + lr;
        for (Index c = 0; c < nc; ++c) s += b[c * nr] * zj[c];
      }
      const Index i = r0 + lr;
      const double wi = s + q[i];
      const double r = std::min(zp[i], wi);
      estimate += r * r;
      const double zi = zp[i] - omega * invDiag[i] * wi;
      zp[i] = zi > 0.0 ? zi : 0.0;
    }
  }
  return estimate;
}

}  // namespace

namespace lcp_detail {

SolverResult projectedGaussSeidel(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                                  Eigen::VectorXd& w, const SolverOptions& options, double omega,
                                  const char* name, Eigen::VectorXd& invDiag, bool denseInPlace,
                                  bool checked) {
  if (!checked) {
    options.validate();
    problem.validate();
  }
  SolverResult result;
  result.solver = name;
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  lcp_detail::sanitizeWarmStart(z, n);

  const Index bad = lcp_detail::firstNonPositiveDiagonal(problem.M(), invDiag);
  if (bad >= 0) {
    result.status = SolverStatus::Failed;
    result.message = std::string(name) + " needs a positive diagonal: M(" + std::to_string(bad) +
                     "," + std::to_string(bad) + ") = " + lcp_detail::fmt(invDiag[bad]) +
                     " in row " + std::to_string(bad);
    lcp_detail::finish(problem, z, w, options, result, "sweeps");
    return result;
  }
  invDiag = invDiag.cwiseInverse();

  result.error = lcpComputeError(problem, z, w);
  if (result.error <= options.tolerance) {
    lcp_detail::finish(problem, z, w, options, result, "sweeps");
    return result;
  }
  // Storage of the sweeps: a SparseBlock M with square diagonal blocks is read in
  // place; a dense M in place (denseInPlace) or through a row-major copy (each row
  // contiguous); a sparse M (or a SparseBlock M with non-square diagonal blocks)
  // through a row-major CSR copy.
  enum class Rows { SparseBlock, DenseInPlace, DenseCopy, Csr };
  const Matrix& M = problem.M();
  Rows rows = Rows::Csr;
  if (M.isSparseBlock() && M.sparseBlock().hasSquareDiagonalBlocks()) {
    rows = Rows::SparseBlock;
  } else if (M.isDense()) {
    rows = denseInPlace ? Rows::DenseInPlace : Rows::DenseCopy;
  }
  // (An Eigen::SparseMatrix allocates even when empty: made only when used.)
  RowMajorDense denseRows;
  std::optional<RowMajorSparse> sparseCopy;
  if (rows == Rows::DenseCopy) {
    denseRows = M.dense();
  } else if (rows == Rows::Csr) {
    sparseCopy.emplace(M.isSparse() ? RowMajorSparse(M.sparse()) : RowMajorSparse(M.toSparse()));
  }
  const double scale = lcp_detail::errorScale(q);
  double threshold = options.tolerance;
  result.status = SolverStatus::MaxIterations;
  for (int k = 1; k <= options.maxIterations; ++k) {
    double est2 = 0.0;
    switch (rows) {
      case Rows::SparseBlock:
        est2 = sweepSparseBlock(M.sparseBlock(), z, q, invDiag, omega);
        break;
      case Rows::DenseInPlace: {
        const Eigen::MatrixXd& A = M.dense();
        est2 = sweep(z, q, invDiag, omega, [&](Index i) { return A.row(i).dot(z); });
        break;
      }
      case Rows::DenseCopy:
        est2 = sweep(z, q, invDiag, omega, [&](Index i) { return denseRows.row(i).dot(z); });
        break;
      case Rows::Csr:
        est2 = sweep(z, q, invDiag, omega, [&, &sparseRows = *sparseCopy](Index i) {
          double s = 0.0;
          for (RowMajorSparse::InnerIterator it(sparseRows, i); it; ++it) {
            s += it.value() * z[it.col()];
          }
          return s;
        });
        break;
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

}  // namespace lcp_detail

SolverResult lcpPgs(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                    Eigen::VectorXd& w, const SolverOptions& options) {
  Eigen::VectorXd invDiag;
  return lcp_detail::projectedGaussSeidel(problem, z, w, options, options.relaxation, "pgs",
                                          invDiag, false, false);
}

SolverResult lcpPsor(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  const double omega = options.relaxation != 1.0 ? options.relaxation : kLcpPsorDefaultRelaxation;
  Eigen::VectorXd invDiag;
  return lcp_detail::projectedGaussSeidel(problem, z, w, options, omega, "psor", invDiag, false,
                                          false);
}

}  // namespace moreau::numerics
