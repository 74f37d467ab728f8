#pragma once
// Synthetic sparse mechanical LCPs for tests and benchmarks: a chain of bodies
// (body 0 is the fixed ground) with one contact between consecutive bodies.
// Every body k has b degrees of freedom and a diagonal inverse mass Minv_k;
// contact c (b rows) sees body c through −κ A_c (c >= 1) and body c+1 through
// B_c (A_c, B_c random well-conditioned b x b blocks, κ = `coupling`). The
// Delassus matrix W = H Minv Hᵀ is block tridiagonal and symmetric positive
// definite (H has full row rank). With the default κ = 0.5 the blocks of H⁻¹
// decay geometrically along the chain and W stays well conditioned whatever
// the length; κ = 1 gives a chain whose conditioning degrades quickly with the
// length (products of random ratios), a hard case for splitting methods.
// Header-only, no test framework dependency.

#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <Eigen/Dense>
#include <random>
#include <utility>
#include <vector>

namespace moreau::numerics::test {

/// The chain LCP with `contacts` contacts of `blockSize` rows each
/// (n = contacts * blockSize), M stored sparse-block (blocks blockSize x blockSize).
/// q is random in [-1, 1], so roughly half of the contacts are active.
inline LinearComplementarityProblem chainLcp(Eigen::Index contacts, Eigen::Index blockSize,
                                             unsigned seed, double coupling = 0.5) {
  using Index = Eigen::Index;
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> mass(0.5, 2.0);
  const Index b = blockSize;
  auto randomBlock = [&] {
    Eigen::MatrixXd G = Eigen::MatrixXd::Identity(b, b);
    for (Index j = 0; j < b; ++j)
      for (Index i = 0; i < b; ++i) G(i, j) += 0.3 * u(gen);
    return G;
  };
  // Bodies 1..contacts; Minv[k] for body k (index 0 unused: the ground).
  std::vector<Eigen::VectorXd> minv(static_cast<size_t>(contacts + 1));
  for (Index k = 1; k <= contacts; ++k) {
    minv[static_cast<size_t>(k)].resize(b);
    for (Index i = 0; i < b; ++i) minv[static_cast<size_t>(k)][i] = 1.0 / mass(gen);
  }
  std::vector<Eigen::MatrixXd> A(static_cast<size_t>(contacts));
  std::vector<Eigen::MatrixXd> B(static_cast<size_t>(contacts));
  for (Index c = 0; c < contacts; ++c) {
    A[static_cast<size_t>(c)] = coupling * randomBlock();
    B[static_cast<size_t>(c)] = randomBlock();
  }
  std::vector<std::pair<Index, Index>> pattern;
  pattern.reserve(static_cast<size_t>(3 * contacts));
  for (Index c = 0; c < contacts; ++c) {
    if (c > 0) pattern.emplace_back(c, c - 1);
    pattern.emplace_back(c, c);
    if (c + 1 < contacts) pattern.emplace_back(c, c + 1);
  }
  const std::vector<Index> sizes(static_cast<size_t>(contacts), b);
  SparseBlockMatrix W(sizes, sizes, pattern);
  for (Index c = 0; c < contacts; ++c) {
    const auto& Bc = B[static_cast<size_t>(c)];
    const auto& Ac = A[static_cast<size_t>(c)];
    Eigen::MatrixXd d = Bc * minv[static_cast<size_t>(c + 1)].asDiagonal() * Bc.transpose();
    if (c > 0) d += Ac * minv[static_cast<size_t>(c)].asDiagonal() * Ac.transpose();
    W.block(W.findBlock(c, c)) = d;
    if (c + 1 < contacts) {
      const Eigen::MatrixXd off = -Bc * minv[static_cast<size_t>(c + 1)].asDiagonal() *
                                  A[static_cast<size_t>(c + 1)].transpose();
      W.block(W.findBlock(c, c + 1)) = off;
      W.block(W.findBlock(c + 1, c)) = off.transpose();
    }
  }
  Eigen::VectorXd q(contacts * b);
  for (Index i = 0; i < q.size(); ++i) q[i] = u(gen);
  return LinearComplementarityProblem(Matrix(std::move(W)), std::move(q));
}

/// Nonsymmetric P-matrix: strictly row diagonally dominant with a positive
/// diagonal (M_ii = 1 + Σ_j |M_ij| + rand), random q.
inline LinearComplementarityProblem randomDiagonallyDominantLcp(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd M(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) M(i, j) = i == j ? 0.0 : u(gen);
  for (int i = 0; i < n; ++i) M(i, i) = 0.5 + M.row(i).cwiseAbs().sum() + 0.5 * (1.0 + u(gen));
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = 3.0 * u(gen);
  return LinearComplementarityProblem(std::move(M), std::move(q));
}

}  // namespace moreau::numerics::test
