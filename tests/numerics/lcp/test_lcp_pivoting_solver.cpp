// "pivot" with its persistent workspace (LcpSolver("pivot"), lcpPivoting with an
// LcpPivotingWorkspace, docs/numerics/solver-objects.md): bitwise the answers of the
// free function over repeated solves with values refilled in place, on the bead chain
// (sparse storage, and sparse-block storage with the rows shuffled as in the kernel),
// random sparse SPD matrices, and values that stop being symmetric (LU path); one
// setup per pattern.
#include "LcpBeadChain.hpp"
#include "NumericsTestUtils.hpp"

#include <moreau/numerics/lcp/LcpPivoting.hpp>
#include <moreau/numerics/lcp/LcpSolver.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace mn = moreau::numerics;
using Index = Eigen::Index;
using Sparse = Eigen::SparseMatrix<double>;
using mn::test::isLcpSolution;

namespace {

// P M Pᵀ for a random permutation (the kernel's contact rows are not in chain order).
Sparse shuffled(const Sparse& M, unsigned seed) {
  std::vector<int> perm(static_cast<size_t>(M.rows()));
  for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int>(i);
  std::shuffle(perm.begin(), perm.end(), std::mt19937(seed));
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> P(M.rows());
  for (size_t i = 0; i < perm.size(); ++i) P.indices()[static_cast<Index>(i)] = perm[i];
  Sparse S(M.rows(), M.cols());
  S = M.twistedBy(P);
  return S;
}

// 1x1 blocks (one per contact row, as the kernel's frictionless contacts).
moreau::numerics::SparseBlockMatrix scalarBlocks(const moreau::numerics::Matrix& M) {
  const std::vector<Eigen::Index> ones(static_cast<size_t>(M.rows()), 1);
  return M.toSparseBlock(ones, ones);
}

Sparse randomSpd(Index n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<Index> col(0, n - 1);
  std::vector<Eigen::Triplet<double>> t;
  for (Index i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k) t.emplace_back(i, col(gen), u(gen));
  Sparse B(n, n);
  B.setFromTriplets(t.begin(), t.end());
  Sparse I(n, n);
  I.setIdentity();
  return Sparse(B.transpose() * B) + 0.05 * I;
}

// Runs kSolves steps: q perturbed (and M's values scaled) in place, the object and the
// free function from the same warm start; asserts bitwise equal answers.
void expectSameAsFreeFunction(mn::LinearComplementarityProblem& p, const std::string& what,
                              bool skewValues = false) {
  constexpr int kSolves = 12;
  mn::SolverOptions o;
  o.solver = "pivot";
  o.tolerance = 1e-12;
  mn::LcpSolver solver("pivot", o);
  const Eigen::VectorXd q0 = p.q();
  std::mt19937 gen(11u);
  std::normal_distribution<double> g(0.0, 1.0);
  Eigen::VectorXd z, zFree, w, wFree, warm;
  int converged = 0;
  for (int k = 0; k < kSolves; ++k) {
    SCOPED_TRACE(what + ", solve " + std::to_string(k));
    // Refill: M scaled (every third solve), q perturbed; a large perturbation now and
    // then so that the warm start is poor (block exchanges, interior-point restart).
    const double scale = (k % 3 == 2) ? 1.01 : 1.0;
    auto refill = [&](double* v, Index count) {
      for (Index t = 0; t < count; ++t) v[t] *= scale;
    };
    if (p.M().isSparseBlock()) {
      refill(p.M().sparseBlock().values().data(),
             static_cast<Index>(p.M().sparseBlock().values().size()));
    } else {
      refill(p.M().sparse().valuePtr(), p.M().sparse().nonZeros());
    }
    if (skewValues && k == 5 && p.M().isSparse()) {
      // Same pattern, non-symmetric values from now on (sparse LU path).
      Sparse& M = p.M().sparse();
      for (Index j = 0; j < M.outerSize(); ++j)
        for (Sparse::InnerIterator it(M, j); it; ++it)
          if (it.row() < j) it.valueRef() *= 0.5;
    }
    const double amplitude = (k % 4 == 3) ? 0.5 : 1e-3;
    for (Index i = 0; i < p.size(); ++i) p.q()[i] = q0[i] + amplitude * g(gen);
    z = warm;
    zFree = warm;
    const mn::SolverResult r = solver.solve(p, z, w);
    const mn::SolverResult f = mn::lcpPivoting(p, zFree, wFree, o);
    EXPECT_EQ(r.status, f.status) << r.message;
    EXPECT_EQ(r.iterations, f.iterations);
    EXPECT_EQ(r.error, f.error);
    EXPECT_EQ(r.message, f.message);
    ASSERT_EQ(z.size(), zFree.size());
    EXPECT_TRUE(z == zFree) << "max difference " << (z - zFree).cwiseAbs().maxCoeff();
    EXPECT_TRUE(w == wFree);
    if (r.converged()) {
      ++converged;
      EXPECT_TRUE(isLcpSolution(p, z, 1e-8));
    }
    warm = z;
  }
  EXPECT_EQ(converged, kSolves);
  EXPECT_EQ(solver.setupCount(), 1);
  EXPECT_TRUE(solver.allocationFree());
}

}  // namespace

TEST(LcpPivotingSolver, BeadChainSparseStorageGivesTheFreeFunctionsBits) {
  for (Index n : {50, 400}) {
    const auto chain = mn::test::beadChainLcp(n, 3u);
    mn::LinearComplementarityProblem p(chain.M, chain.q);
    expectSameAsFreeFunction(p, "chain n = " + std::to_string(n));
  }
}

TEST(LcpPivotingSolver, ShuffledBeadChainSparseBlockGivesTheFreeFunctionsBits) {
  // Rows out of chain order: bandwidth > 16, minimum-degree ordering kept by the setup.
  for (Index n : {100, 300}) {
    const auto chain = mn::test::beadChainLcp(n, 5u);
    const Sparse M = shuffled(chain.M, 9u);
    const Eigen::VectorXd q = chain.q;
    const mn::Matrix sparse(M);
    mn::LinearComplementarityProblem p(mn::Matrix(scalarBlocks(sparse)), q);
    ASSERT_TRUE(p.M().isSparseBlock());
    expectSameAsFreeFunction(p, "shuffled chain n = " + std::to_string(n));
  }
}

TEST(LcpPivotingSolver, RandomSparseSpdGivesTheFreeFunctionsBits) {
  for (unsigned seed : {1u, 2u}) {
    const Index n = 150;
    const Sparse M = randomSpd(n, seed);
    Eigen::VectorXd q = Eigen::VectorXd::LinSpaced(n, -1.0, 0.5);
    mn::LinearComplementarityProblem p(M, q);
    expectSameAsFreeFunction(p, "random spd seed " + std::to_string(seed));
    const mn::Matrix sparse(M);
    mn::LinearComplementarityProblem b(mn::Matrix(scalarBlocks(sparse)), q);
    expectSameAsFreeFunction(b, "random spd sbm seed " + std::to_string(seed));
  }
}

TEST(LcpPivotingSolver, ValuesThatStopBeingSymmetricAreNoticed) {
  // Diagonally dominant chain: stays a P-matrix after the upper triangle is halved.
  const auto chain = mn::test::beadChainLcp(80, 7u);
  Sparse M = shuffled(chain.M, 4u);
  for (Index j = 0; j < M.outerSize(); ++j)
    for (Sparse::InnerIterator it(M, j); it; ++it)
      if (it.row() == j) it.valueRef() *= 3.0;
  mn::LinearComplementarityProblem p(M, chain.q);
  expectSameAsFreeFunction(p, "skewed", true);
}

TEST(LcpPivotingSolver, WorkspaceNoticesANewSparsePattern) {
  const auto chain = mn::test::beadChainLcp(60, 2u);
  mn::LinearComplementarityProblem p(chain.M, chain.q);
  mn::LcpPivotingWorkspace workspace;
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  ASSERT_TRUE(mn::lcpPivoting(p, z, w, o, workspace).converged());
  ASSERT_TRUE(mn::lcpPivoting(p, z, w, o, workspace).converged());
  EXPECT_EQ(workspace.setupCount(), 1);
  // Same object, another pattern (a random SPD matrix of the same size).
  p.M().sparse() = randomSpd(60, 3u);
  const mn::SolverResult r = mn::lcpPivoting(p, z, w, o, workspace);
  EXPECT_EQ(workspace.setupCount(), 2);
  ASSERT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isLcpSolution(p, z, 1e-8));
}
