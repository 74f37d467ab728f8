#pragma once
// Degenerate LCPs with a known solution, for the pivoting tests and the
// degenerate benchmark (benchmarks/numerics/bench_lcp_degenerate.cpp).
//
// Every problem is built from a chosen solution: the indices are split into
//   Z (z*_i > 0, w*_i = 0), W (z*_i = 0, w*_i > 0) and D (z*_i = w*_i = 0),
// and q = w* − M z*, so that z* solves LCP(M, q). The set D makes the solution
// degenerate (ties in Lemke's ratio tests at the end of the path); small
// integer data makes exact ties frequent along the path too. M is positive
// semidefinite (copositive-plus) or positive definite (a P-matrix), so
// Lemke's method must find a solution. Families:
//   psd-lowrank    M = B Bᵀ + K, B n×r (r ≈ n/5) with entries in {−1, 0, 1},
//                  K skew-symmetric in {−1, 0, 1}: PSD of rank about r.
//   zero-q         the same with K chosen so that M_DZ = 0: q_D = 0 (q has
//                  |D| zero entries, w and z both zero there).
//   duplicate-rows M_ij = G_g(i)g(j) for a PSD k×k matrix G (k ≈ n/4): every
//                  row and column of M is repeated about four times.
//   p-matrix       M = A Aᵀ + I + K (positive definite, a P-matrix): the
//                  solution is unique and equals z*; |D| ≈ n/2.
//   lp             the LCP of a degenerate linear program (min cᵀx, A x >= b,
//                  x >= 0): M = [[0, −Aᵀ], [A, 0]] (skew-symmetric), with many
//                  zero primal slacks and zero duals at the optimum.
// Random draws use the raw std::mt19937 output (standardized), so the problems
// are the same on every platform. Header-only, no test framework dependency.

#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics::test {

struct DegenerateLcp {
  std::string name;                      ///< "<family>/n<size>/s<seed>"
  LinearComplementarityProblem problem;  ///< M dense
  Eigen::VectorXd zStar;                 ///< the solution the problem was built from
  bool unique = false;                   ///< M is a P-matrix: z* is the only solution
};

namespace degenerate_detail {

using Index = Eigen::Index;

class Draw {
 public:
  explicit Draw(unsigned seed, bool real = false) : gen_(seed), real_(real) {}
  /// Entry of a random matrix: in {lo, ..., hi}, or uniform in [lo, hi] when real.
  double entry(int lo, int hi) {
    if (!real_) return integer(lo, hi);
    return lo + (hi - lo) * (static_cast<double>(gen_()) / 4294967296.0);
  }
  /// Integer uniform in [lo, hi] (modulo bias irrelevant here).
  int integer(int lo, int hi) {
    return lo + static_cast<int>(gen_() % static_cast<std::uint32_t>(hi - lo + 1));
  }
  /// Random class per index: 0 = Z, 1 = W, 2 = D, with |D| ≈ fracD·n.
  std::vector<int> classes(Index n, int percentD) {
    std::vector<int> c(static_cast<size_t>(n));
    for (auto& v : c) v = integer(0, 99) < percentD ? 2 : integer(0, 1);
    return c;
  }

 private:
  std::mt19937 gen_;
  bool real_;
};

inline Eigen::MatrixXd ternary(Draw& d, Index rows, Index cols) {
  Eigen::MatrixXd B(rows, cols);
  for (Index j = 0; j < cols; ++j)
    for (Index i = 0; i < rows; ++i) B(i, j) = d.entry(-1, 1);
  return B;
}

inline Eigen::MatrixXd skew(Draw& d, Index n) {
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n, n);
  for (Index j = 0; j < n; ++j)
    for (Index i = 0; i < j; ++i) {
      K(i, j) = d.entry(-1, 1);
      K(j, i) = -K(i, j);
    }
  return K;
}

/// q = w* − M z* from the index classes, with integer z*_Z, w*_W in [1, 3].
inline DegenerateLcp fromSolution(std::string name, Eigen::MatrixXd M, const std::vector<int>& cls,
                                  Draw& d, bool unique) {
  const Index n = M.rows();
  Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd w = Eigen::VectorXd::Zero(n);
  for (Index i = 0; i < n; ++i) {
    if (cls[static_cast<size_t>(i)] == 0) z[i] = d.entry(1, 3);
    if (cls[static_cast<size_t>(i)] == 1) w[i] = d.entry(1, 3);
  }
  Eigen::VectorXd q = w - M * z;
  return {std::move(name), LinearComplementarityProblem(std::move(M), std::move(q)), z, unique};
}

}  // namespace degenerate_detail

inline const std::vector<std::string>& degenerateFamilies() {
  static const std::vector<std::string> names{"psd-lowrank", "zero-q", "duplicate-rows",
                                              "p-matrix",    "lp",     "psd-illcond"};
  return names;
}

namespace degenerate_detail {

inline DegenerateLcp build(const std::string& family, Index n, Draw& d, const std::string& name) {
  if (family == "psd-lowrank" || family == "zero-q") {
    const Index r = std::max<Index>(2, n / 5);
    const Eigen::MatrixXd B = ternary(d, n, r);
    const Eigen::MatrixXd P = B * B.transpose();
    Eigen::MatrixXd K = skew(d, n);
    const std::vector<int> cls = d.classes(n, 40);
    if (family == "zero-q") {
      // M_DZ = P_DZ + K_DZ = 0 with K skew: K_DZ = −P_DZ, K_ZD = P_ZD.
      for (Index i = 0; i < n; ++i)
        for (Index j = 0; j < n; ++j)
          if (cls[static_cast<size_t>(i)] == 2 && cls[static_cast<size_t>(j)] == 0) {
            K(i, j) = -P(i, j);
            K(j, i) = P(j, i);
          }
    }
    return fromSolution(name, P + K, cls, d, false);
  }
  if (family == "duplicate-rows") {
    const Index k = std::max<Index>(2, n / 4);
    const Eigen::MatrixXd C = ternary(d, k, std::max<Index>(1, k - 1));
    const Eigen::MatrixXd G = C * C.transpose() + Eigen::MatrixXd::Identity(k, k);
    std::vector<Index> group(static_cast<size_t>(n));
    for (auto& g : group) g = d.integer(0, static_cast<int>(k) - 1);
    Eigen::MatrixXd M(n, n);
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < n; ++i)
        M(i, j) = G(group[static_cast<size_t>(i)], group[static_cast<size_t>(j)]);
    return fromSolution(name, std::move(M), d.classes(n, 40), d, false);
  }
  if (family == "psd-illcond") {
    // Q diag(λ) Qᵀ + K with Q orthogonal (QR of a random matrix), λ_k = 10^u,
    // u uniform in [−6, 2], a quarter of the λ_k zero.
    Eigen::MatrixXd G(n, n);
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < n; ++i) G(i, j) = d.integer(-1000, 1000) / 1000.0;
    const Eigen::MatrixXd Q = Eigen::HouseholderQR<Eigen::MatrixXd>(G).householderQ();
    Eigen::VectorXd lambda(n);
    for (Index k = 0; k < n; ++k)
      lambda[k] = d.integer(0, 3) == 0 ? 0.0 : std::pow(10.0, d.integer(-600, 200) / 100.0);
    Eigen::MatrixXd M = Q * lambda.asDiagonal() * Q.transpose() + skew(d, n);
    return fromSolution(name, std::move(M), d.classes(n, 40), d, false);
  }
  if (family == "p-matrix") {
    const Eigen::MatrixXd A = ternary(d, n, n / 2);
    Eigen::MatrixXd M = A * A.transpose() + Eigen::MatrixXd::Identity(n, n) + skew(d, n);
    return fromSolution(name, std::move(M), d.classes(n, 50), d, true);
  }
  // "lp": n = p + mRows with p primal variables x and mRows dual variables y.
  const Index p = n / 2;
  const Index mRows = n - p;
  const Eigen::MatrixXd A = ternary(d, mRows, p);
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n);
  M.topRightCorner(p, mRows) = -A.transpose();
  M.bottomLeftCorner(mRows, p) = A;
  return fromSolution(name, std::move(M), d.classes(n, 50), d, false);
}

}  // namespace degenerate_detail

/// One problem of `family` (one of degenerateFamilies(), optionally followed by
/// "+real": real entries instead of small integers, and/or "+scaled": M ← S M S,
/// q ← S q with S = diag(10^u), u uniform in [−3, 3], so z* ← S⁻¹ z*) of size n >= 4.
inline DegenerateLcp degenerateLcp(const std::string& family, Eigen::Index n, unsigned seed) {
  using namespace degenerate_detail;
  const std::string base = family.substr(0, family.find('+'));
  const bool real = family.find("+real") != std::string::npos;
  const bool scaled = family.find("+scaled") != std::string::npos;
  Draw d(seed * 7919u + static_cast<unsigned>(n), real);
  DegenerateLcp out =
      build(base, n, d, family + "/n" + std::to_string(n) + "/s" + std::to_string(seed));
  if (scaled) {
    Eigen::VectorXd s(n);
    for (Index i = 0; i < n; ++i) s[i] = std::pow(10.0, 6.0 * d.integer(0, 1000) / 1000.0 - 3.0);
    Eigen::MatrixXd M = s.asDiagonal() * out.problem.M().dense() * s.asDiagonal();
    Eigen::VectorXd q = s.cwiseProduct(out.problem.q());
    out.problem = LinearComplementarityProblem(std::move(M), std::move(q));
    out.zStar = out.zStar.cwiseQuotient(s);
  }
  return out;
}

/// The benchmark / test set: every family, `seeds` seeds each, size n.
inline std::vector<DegenerateLcp> degenerateLcpSet(Eigen::Index n, unsigned seeds) {
  std::vector<DegenerateLcp> set;
  for (const auto& f : degenerateFamilies())
    for (unsigned s = 0; s < seeds; ++s) set.push_back(degenerateLcp(f, n, s));
  return set;
}

}  // namespace moreau::numerics::test
