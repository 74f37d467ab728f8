// Enumerative LCP solver, see docs/numerics/lcp.md ("Enumeration").
//
// A complementary basis is a set α of indices with w_α = 0 and z_ᾱ = 0: solve
// M_αα z_α = −q_α, then the basis gives a solution when z_α >= 0 and
// w_ᾱ = M_ᾱα z_α + q_ᾱ >= 0. The sets α are visited by increasing Hamming
// distance from the warm start's support α₀ = {i : z_i > 0} (distance d: the
// flip sets of d indices in lexicographic order), so a good guess is checked
// first; the first basis whose (clamped) z meets the tolerance is returned.
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;

// Gaussian elimination with partial pivoting on the leading m x m block of A
// (overwritten) and b (overwritten by the solution). False when a pivot is
// below tol (singular principal submatrix).
bool solveInPlace(Eigen::MatrixXd& A, Eigen::VectorXd& b, Index m, double tol) {
  for (Index k = 0; k < m; ++k) {
    Index p = k;
    for (Index i = k + 1; i < m; ++i) {
      if (std::abs(A(i, k)) > std::abs(A(p, k))) p = i;
    }
    if (!(std::abs(A(p, k)) > tol)) return false;
    if (p != k) {
      for (Index j = k; j < m; ++j) std::swap(A(k, j), A(p, j));
      std::swap(b[k], b[p]);
    }
    const double inv = 1.0 / A(k, k);
    for (Index i = k + 1; i < m; ++i) {
      const double f = A(i, k) * inv;
      if (f == 0.0) continue;
      for (Index j = k + 1; j < m; ++j) A(i, j) -= f * A(k, j);
      b[i] -= f * b[k];
    }
  }
  for (Index k = m - 1; k >= 0; --k) {
    double s = b[k];
    for (Index j = k + 1; j < m; ++j) s -= A(k, j) * b[j];
    b[k] = s / A(k, k);
  }
  return true;
}

// Next integer with the same number of set bits (Gosper's hack).
std::uint64_t nextCombination(std::uint64_t x) {
  const std::uint64_t c = x & (~x + 1);
  const std::uint64_t r = x + c;
  return (((r ^ x) >> 2) / c) | r;
}

}  // namespace

SolverResult lcpEnum(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  problem.validate();
  SolverResult result;
  result.solver = "enum";
  const Index n = problem.size();
  lcp_detail::sanitizeWarmStart(z, n);
  if (n > options.enumerationMaxSize) {
    result.status = SolverStatus::Failed;
    result.message = "enum refuses n = " + std::to_string(n) +
                     " > enumerationMaxSize = " + std::to_string(options.enumerationMaxSize) +
                     " (2^n bases)";
    lcp_detail::finish(problem, z, w, options, result, "bases");
    return result;
  }
  const Eigen::VectorXd& q = problem.q();
  const Eigen::MatrixXd M = problem.M().toDense();
  const double mScale = n > 0 ? M.cwiseAbs().maxCoeff() : 0.0;
  const double qScale = n > 0 ? q.cwiseAbs().maxCoeff() : 0.0;
  const double pivotTol = 1e-13 * std::max(mScale, 1e-300);

  std::uint64_t start = 0;
  for (Index i = 0; i < n; ++i) {
    if (z[i] > 0.0) start |= (std::uint64_t{1} << i);
  }
  // Work arrays, allocated once.
  Eigen::MatrixXd A(n, n);
  Eigen::VectorXd b(n);
  Eigen::VectorXd zc(n);
  Eigen::VectorXd wc(n);
  std::vector<Index> alpha(static_cast<size_t>(n));
  const double normQ = lcp_detail::errorScale(q);

  // Tests basis `set`; true (and z written) when it solves the LCP.
  auto tryBasis = [&](std::uint64_t set) {
    Index m = 0;
    for (Index i = 0; i < n; ++i) {
      if (set & (std::uint64_t{1} << i)) alpha[static_cast<size_t>(m++)] = i;
    }
    for (Index c = 0; c < m; ++c) {
      const Index jc = alpha[static_cast<size_t>(c)];
      for (Index r = 0; r < m; ++r) A(r, c) = M(alpha[static_cast<size_t>(r)], jc);
      b[c] = -q[jc];
    }
    if (m > 0 && !solveInPlace(A, b, m, pivotTol)) return false;
    zc.setZero();
    for (Index c = 0; c < m; ++c) zc[alpha[static_cast<size_t>(c)]] = b[c];
    const double zScale = m > 0 ? zc.cwiseAbs().maxCoeff() : 0.0;
    if (!std::isfinite(zScale)) return false;
    const double feasTol = 1e-10 * (qScale + mScale * zScale);
    if (zc.minCoeff() < -feasTol) return false;
    zc = zc.cwiseMax(0.0);
    wc.noalias() = M * zc;
    wc += q;
    if (wc.minCoeff() < -feasTol) return false;
    if (zc.cwiseMin(wc).norm() / normQ > options.tolerance) return false;
    z = zc;
    return true;
  };

  bool found = false;
  if (n == 0) {
    found = true;
  }
  for (Index d = 0; d <= n && !found; ++d) {
    // Every flip set of d indices: combinations of d bits among n.
    const std::uint64_t last = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n);
    std::uint64_t flips = d == 0 ? 0 : ((std::uint64_t{1} << d) - 1);
    while (true) {
      ++result.iterations;
      if (tryBasis(start ^ flips)) {
        found = true;
        break;
      }
      if (d == 0) break;
      flips = nextCombination(flips);
      if (flips >= last) break;
    }
  }
  if (found) {
    result.status = SolverStatus::Converged;
  } else {
    result.status = SolverStatus::Failed;
    result.message = "no complementary basis gives a solution among the " +
                     std::to_string(result.iterations) +
                     " tried: the LCP has no solution (or every solution is degenerate/ill "
                     "conditioned)";
    z.setZero(n);
  }
  lcp_detail::finish(problem, z, w, options, result, "bases");
  return result;
}

}  // namespace moreau::numerics
