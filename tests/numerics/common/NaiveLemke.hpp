#pragma once
// A deliberately naive complementary pivoting method (Lemke with covering
// vector e and the plain minimum-ratio test, ties broken by the lowest row
// index, no lexicographic rule), used by the tests only to show that a
// problem is degenerate enough to make such a rule cycle. It records every
// basis it visits and reports a cycle when one repeats. Independent of the
// library (own dense tableau). Header-only, no test framework dependency.

#include <Eigen/Dense>
#include <algorithm>
#include <set>
#include <vector>

namespace moreau::numerics::test {

struct NaiveLemkeOutcome {
  bool solved = false;  ///< z0 left the basis
  bool cycled = false;  ///< a basis was visited twice
  bool ray = false;     ///< no positive pivot
  int pivots = 0;
};

inline NaiveLemkeOutcome naiveLemke(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                                    int maxPivots) {
  using Index = Eigen::Index;
  const Index n = q.size();
  NaiveLemkeOutcome out;
  if (q.minCoeff() >= 0.0) {
    out.solved = true;
    return out;
  }
  // Columns: w (0..n-1), z (n..2n-1), z0 (2n), rhs (2n+1).
  Eigen::MatrixXd T = Eigen::MatrixXd::Zero(n, 2 * n + 2);
  T.leftCols(n).setIdentity();
  T.middleCols(n, n) = -M;
  T.col(2 * n).setConstant(-1.0);
  T.col(2 * n + 1) = q;
  std::vector<Index> basis(static_cast<size_t>(n));
  for (Index i = 0; i < n; ++i) basis[static_cast<size_t>(i)] = i;
  std::set<std::vector<Index>> seen;
  const auto pivot = [&](Index r, Index c) {
    T.row(r) /= T(r, c);
    for (Index i = 0; i < n; ++i)
      if (i != r) T.row(i) -= T(i, c) * T.row(r);
    const Index leaving = basis[static_cast<size_t>(r)];
    basis[static_cast<size_t>(r)] = c;
    return leaving;
  };
  Index r = 0;
  for (Index i = 1; i < n; ++i)
    if (q[i] < q[r]) r = i;
  Index leaving = pivot(r, 2 * n);
  out.pivots = 1;
  while (out.pivots < maxPivots) {
    std::vector<Index> key = basis;
    std::sort(key.begin(), key.end());
    if (!seen.insert(key).second) {
      out.cycled = true;
      return out;
    }
    const Index entering = leaving < n ? leaving + n : leaving - n;
    r = -1;
    double best = 0.0;
    for (Index i = 0; i < n; ++i) {
      const double a = T(i, entering);
      if (a > 1e-12) {
        const double ratio = T(i, 2 * n + 1) / a;
        if (r < 0 || ratio < best) {
          best = ratio;
          r = i;
        }
      }
    }
    if (r < 0) {
      out.ray = true;
      return out;
    }
    leaving = pivot(r, entering);
    ++out.pivots;
    if (leaving == 2 * n) {
      out.solved = true;
      return out;
    }
  }
  return out;
}

}  // namespace moreau::numerics::test
