#pragma once
// The LCP of a column of beads resting on the ground (ColumnOfBeads example), with a
// prescribed solution, for the block principal pivoting tests and benchmark.
//
// Contact 0 is ground–bead 0, contact i is bead i−1–bead i (gap_i = x_i − x_{i−1}); the
// velocity-level Delassus matrix M = H diag(1/m) Hᵀ is tridiagonal, symmetric positive
// definite, with the conditioning of a 1D Laplacian (~n²). Masses uniform in [0.5, 2].
// q = w* − M z* for a solution whose support is made of runs of ~10 touching contacts.
// Header-only, no test framework dependency; the same problem on every platform for a
// given seed up to the standard library's distributions.

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <random>
#include <vector>

namespace moreau::numerics::test {

struct BeadChainLcp {
  Eigen::SparseMatrix<double> M;
  Eigen::VectorXd q, zStar;
};

inline BeadChainLcp beadChainLcp(Eigen::Index n, unsigned seed) {
  using Index = Eigen::Index;
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Eigen::VectorXd inv(n);
  for (Index i = 0; i < n; ++i) inv[i] = 1.0 / (0.5 + 1.5 * u(gen));
  std::vector<Eigen::Triplet<double>> t;
  for (Index i = 0; i < n; ++i) {
    t.emplace_back(i, i, inv[i] + (i > 0 ? inv[i - 1] : 0.0));
    if (i > 0) {
      t.emplace_back(i, i - 1, -inv[i - 1]);
      t.emplace_back(i - 1, i, -inv[i - 1]);
    }
  }
  BeadChainLcp c;
  c.M.resize(n, n);
  c.M.setFromTriplets(t.begin(), t.end());
  c.zStar.setZero(n);
  Eigen::VectorXd wStar = Eigen::VectorXd::Zero(n);
  bool active = true;
  for (Index i = 0; i < n; ++i) {
    if (u(gen) < 0.1) active = !active;  // runs of ~10 contacts
    (active ? c.zStar[i] : wStar[i]) = 0.1 + u(gen);
  }
  c.q = wStar - c.M * c.zStar;
  return c;
}

}  // namespace moreau::numerics::test
