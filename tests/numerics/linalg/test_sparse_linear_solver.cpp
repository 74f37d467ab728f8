// SparseLinearSolver: CHOLMOD, UMFPACK, KLU, Eigen SparseLU against a dense solve.
#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace mn = moreau::numerics;
using SpMat = Eigen::SparseMatrix<double>;

namespace {

// Random sparse nonsymmetric matrix, diagonally dominant (nonsingular).
SpMat randomGeneral(int n, double density, std::mt19937& gen) {
  std::uniform_real_distribution<double> val(-1.0, 1.0), coin(0.0, 1.0);
  std::vector<Eigen::Triplet<double>> t;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      if (i != j && coin(gen) < density) t.emplace_back(i, j, val(gen));
    }
    t.emplace_back(j, j, 2.0 + n * density + val(gen));
  }
  SpMat A(n, n);
  A.setFromTriplets(t.begin(), t.end());
  A.makeCompressed();
  return A;
}

// Random sparse SPD matrix: B B^T + I with B sparse.
SpMat randomSpd(int n, double density, std::mt19937& gen) {
  const SpMat B = randomGeneral(n, density, gen);
  SpMat I(n, n);
  I.setIdentity();
  SpMat A = SpMat(B * SpMat(B.transpose())) + I;
  A.makeCompressed();
  return A;
}

Eigen::VectorXd randomVector(int n, std::mt19937& gen) {
  std::uniform_real_distribution<double> val(-1.0, 1.0);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = val(gen);
  return v;
}

double relErr(const Eigen::VectorXd& x, const Eigen::VectorXd& ref) {
  return (x - ref).norm() / std::max(1.0, ref.norm());
}

const std::vector<mn::SparseSolverKind> kAllKinds{
    mn::SparseSolverKind::Cholmod, mn::SparseSolverKind::Umfpack, mn::SparseSolverKind::Klu,
    mn::SparseSolverKind::EigenLU};
const std::vector<mn::SparseSolverKind> kLuKinds{
    mn::SparseSolverKind::Umfpack, mn::SparseSolverKind::Klu, mn::SparseSolverKind::EigenLU};

}  // namespace

TEST(SparseLinearSolver, NamesAndFactory) {
  for (auto k : kAllKinds) {
    const auto s = mn::makeSparseLinearSolver(k);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->kind(), k);
    mn::SparseSolverKind parsed{};
    ASSERT_TRUE(mn::parseSparseSolverKind(mn::sparseSolverKindName(k), parsed));
    EXPECT_EQ(parsed, k);
  }
  mn::SparseSolverKind k{};
  EXPECT_TRUE(mn::parseSparseSolverKind("UMFPACK", k));
  EXPECT_EQ(k, mn::SparseSolverKind::Umfpack);
  EXPECT_FALSE(mn::parseSparseSolverKind("mumps", k));
}

TEST(SparseLinearSolver, SpdSystemsAllKinds) {
  std::mt19937 gen(1);
  for (int n : {1, 5, 40, 300}) {
    const SpMat A = randomSpd(n, 3.0 / n, gen);
    const Eigen::VectorXd b = randomVector(n, gen);
    const Eigen::VectorXd ref = Eigen::MatrixXd(A).ldlt().solve(b);
    for (auto k : kAllKinds) {
      auto s = mn::makeSparseLinearSolver(k);
      ASSERT_TRUE(s->analyzePattern(A)) << s->lastError();
      ASSERT_TRUE(s->factorize(A)) << mn::sparseSolverKindName(k) << ": " << s->lastError();
      Eigen::VectorXd x;
      ASSERT_TRUE(s->solve(b, x)) << s->lastError();
      EXPECT_LE(relErr(x, ref), 1e-10) << mn::sparseSolverKindName(k) << " n=" << n;
      EXPECT_EQ(s->lastError(), "");
    }
  }
}

TEST(SparseLinearSolver, NonsymmetricSystemsLuKinds) {
  std::mt19937 gen(2);
  for (int n : {1, 7, 60, 500}) {
    const SpMat A = randomGeneral(n, 4.0 / n, gen);
    const Eigen::VectorXd b = randomVector(n, gen);
    const Eigen::VectorXd ref = Eigen::MatrixXd(A).partialPivLu().solve(b);
    for (auto k : kLuKinds) {
      auto s = mn::makeSparseLinearSolver(k);
      ASSERT_TRUE(s->factorize(A)) << mn::sparseSolverKindName(k) << ": " << s->lastError();
      Eigen::VectorXd x;
      ASSERT_TRUE(s->solve(b, x)) << s->lastError();
      EXPECT_LE(relErr(x, ref), 1e-10) << mn::sparseSolverKindName(k) << " n=" << n;
    }
  }
}

TEST(SparseLinearSolver, PatternReuseRefactorizesWithNewValues) {
  std::mt19937 gen(3);
  const int n = 80;
  SpMat A = randomSpd(n, 0.05, gen);
  const Eigen::VectorXd b = randomVector(n, gen);
  for (auto k : kAllKinds) {
    auto s = mn::makeSparseLinearSolver(k);
    ASSERT_TRUE(s->analyzePattern(A));
    ASSERT_TRUE(s->factorize(A)) << s->lastError();
    EXPECT_EQ(s->analysisCount(), 1);
    SpMat A2 = A;
    for (int p = 0; p < A2.nonZeros(); ++p) A2.valuePtr()[p] *= 1.5;  // same pattern
    A2.diagonal().array() += 1.0;
    ASSERT_TRUE(s->factorize(A2)) << s->lastError();
    EXPECT_EQ(s->analysisCount(), 1) << "pattern unchanged: no new analysis";
    Eigen::VectorXd x;
    ASSERT_TRUE(s->solve(b, x));
    EXPECT_LE(relErr(x, Eigen::MatrixXd(A2).ldlt().solve(b)), 1e-10);
    // A new pattern triggers a new analysis.
    SpMat A3 = A2;
    A3.coeffRef(0, n - 1) += 0.01;
    A3.coeffRef(n - 1, 0) += 0.01;
    A3.makeCompressed();
    if (A.coeff(0, n - 1) == 0.0) {
      ASSERT_TRUE(s->factorize(A3)) << s->lastError();
      EXPECT_EQ(s->analysisCount(), 2);
      ASSERT_TRUE(s->solve(b, x));
      EXPECT_LE(relErr(x, Eigen::MatrixXd(A3).ldlt().solve(b)), 1e-10);
    }
  }
}

TEST(SparseLinearSolver, SingularMatrixReturnsFalse) {
  // Structurally singular (an empty column) and numerically singular (two equal rows).
  SpMat S1(3, 3);
  S1.insert(0, 0) = 1.0;
  S1.insert(1, 1) = 1.0;
  S1.insert(2, 1) = 1.0;
  S1.makeCompressed();
  SpMat S2(3, 3);
  std::vector<Eigen::Triplet<double>> t{{0, 0, 1}, {0, 1, 2}, {1, 0, 1}, {1, 1, 2}, {2, 2, 3}};
  S2.setFromTriplets(t.begin(), t.end());
  const Eigen::VectorXd b = Eigen::VectorXd::Ones(3);
  for (auto k : kAllKinds) {
    for (const SpMat* S : {&S1, &S2}) {
      auto s = mn::makeSparseLinearSolver(k);
      Eigen::VectorXd x;
      if (s->factorize(*S)) {
        EXPECT_FALSE(s->solve(b, x)) << mn::sparseSolverKindName(k);
      }
      EXPECT_FALSE(s->lastError().empty()) << mn::sparseSolverKindName(k);
      EXPECT_FALSE(s->solve(b, x));
    }
  }
}

TEST(SparseLinearSolver, CholmodRejectsIndefiniteAndNonsymmetric) {
  SpMat A(2, 2);
  A.insert(0, 0) = 1.0;
  A.insert(1, 1) = -1.0;
  A.makeCompressed();
  auto s = mn::makeSparseLinearSolver(mn::SparseSolverKind::Cholmod);
  EXPECT_FALSE(s->factorize(A));
  EXPECT_NE(s->lastError().find("positive definite"), std::string::npos) << s->lastError();
  SpMat N(2, 2);
  N.insert(0, 0) = 2.0;
  N.insert(1, 1) = 2.0;
  N.insert(0, 1) = 1.0;
  N.makeCompressed();
  EXPECT_FALSE(s->factorize(N));
  EXPECT_NE(s->lastError().find("symmetric"), std::string::npos) << s->lastError();
}

TEST(SparseLinearSolver, BadArgumentsReturnFalse) {
  for (auto k : kAllKinds) {
    auto s = mn::makeSparseLinearSolver(k);
    SpMat R(2, 3);
    EXPECT_FALSE(s->analyzePattern(R));
    EXPECT_FALSE(s->factorize(R));
    SpMat I(2, 2);
    I.setIdentity();
    ASSERT_TRUE(s->factorize(I)) << s->lastError();
    Eigen::VectorXd x;
    EXPECT_FALSE(s->solve(Eigen::VectorXd::Ones(3), x));
    EXPECT_TRUE(s->solve(Eigen::VectorXd::Ones(2), x));
    EXPECT_EQ(x, Eigen::Vector2d(1, 1));
    SpMat bad = I;
    bad.coeffRef(0, 0) = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(s->factorize(bad));
    SpMat empty(0, 0);
    EXPECT_TRUE(s->factorize(empty));
    EXPECT_TRUE(s->solve(Eigen::VectorXd(0), x));
  }
}
