// Linear algebra: sparse-block matrix-vector product vs dense and CSC, block-row
// products (the block Gauss-Seidel kernel), and the SuiteSparse factorizations
// (analysis + factorization, refactorization with the same pattern, solve) on a
// block-tridiagonal SPD matrix of 3x3 blocks (a chain of contacts).
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>
#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace mn = moreau::numerics;
using Index = Eigen::Index;

namespace {

// Block-tridiagonal SPD matrix with nb blocks of size bs (diagonally dominant).
mn::SparseBlockMatrix blockTridiagonal(Index nb, Index bs) {
  std::vector<std::pair<Index, Index>> pattern;
  for (Index i = 0; i < nb; ++i) {
    pattern.emplace_back(i, i);
    if (i > 0) pattern.emplace_back(i, i - 1);
    if (i + 1 < nb) pattern.emplace_back(i, i + 1);
  }
  mn::SparseBlockMatrix a(std::vector<Index>(static_cast<std::size_t>(nb), bs),
                          std::vector<Index>(static_cast<std::size_t>(nb), bs), pattern);
  std::mt19937 gen(1);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (Index i = 0; i < nb; ++i) {
    for (Index k = a.rowPointer()[static_cast<std::size_t>(i)];
         k < a.rowPointer()[static_cast<std::size_t>(i) + 1]; ++k) {
      const Index j = a.columnIndex()[static_cast<std::size_t>(k)];
      if (j < i) continue;  // fill the upper blocks, mirror them below
      Eigen::MatrixXd b(bs, bs);
      for (Index t = 0; t < b.size(); ++t) b.data()[t] = u(gen);
      if (i == j) {
        a.block(k) =
            b + b.transpose() + 4.0 * static_cast<double>(bs) * Eigen::MatrixXd::Identity(bs, bs);
      } else {
        a.block(k) = b;
        a.block(a.findBlock(j, i)) = b.transpose();
      }
    }
  }
  return a;
}

void BM_SbmMultiply(benchmark::State& state) {
  const auto a = blockTridiagonal(state.range(0) / 3, 3);
  const Eigen::VectorXd x = Eigen::VectorXd::Random(a.cols());
  Eigen::VectorXd y(a.rows());
  for (auto _ : state) {
    a.multiply(x, y, 1.0, 0.0);
    benchmark::DoNotOptimize(y.data());
  }
  state.counters["rows"] = static_cast<double>(a.rows());
  state.SetItemsProcessed(state.iterations() * a.nonZeros());
}

void BM_CscMultiply(benchmark::State& state) {
  const Eigen::SparseMatrix<double> a = blockTridiagonal(state.range(0) / 3, 3).toSparse();
  const Eigen::VectorXd x = Eigen::VectorXd::Random(a.cols());
  Eigen::VectorXd y(a.rows());
  for (auto _ : state) {
    y.noalias() = a * x;
    benchmark::DoNotOptimize(y.data());
  }
  state.SetItemsProcessed(state.iterations() * a.nonZeros());
}

void BM_DenseMultiply(benchmark::State& state) {
  const Eigen::MatrixXd a = blockTridiagonal(state.range(0) / 3, 3).toDense();
  const Eigen::VectorXd x = Eigen::VectorXd::Random(a.cols());
  Eigen::VectorXd y(a.rows());
  for (auto _ : state) {
    y.noalias() = a * x;
    benchmark::DoNotOptimize(y.data());
  }
}

// One sweep of block-row products skipping the diagonal (block Gauss-Seidel kernel).
void BM_SbmRowBlockSweep(benchmark::State& state) {
  const auto a = blockTridiagonal(state.range(0) / 3, 3);
  const Eigen::VectorXd x = Eigen::VectorXd::Random(a.cols());
  Eigen::VectorXd out(3);
  for (auto _ : state) {
    for (Index i = 0; i < a.blockRows(); ++i) {
      a.multiplyRowBlockSkipDiagonal(i, x, out);
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.counters["ns_per_row"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(a.rows()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_Factorize(benchmark::State& state, mn::SparseSolverKind kind) {
  const Eigen::SparseMatrix<double> a = blockTridiagonal(state.range(0) / 3, 3).toSparse();
  for (auto _ : state) {
    auto s = mn::makeSparseLinearSolver(kind);
    if (!s->factorize(a)) state.SkipWithError(s->lastError().c_str());
  }
}

void BM_Refactorize(benchmark::State& state, mn::SparseSolverKind kind) {
  Eigen::SparseMatrix<double> a = blockTridiagonal(state.range(0) / 3, 3).toSparse();
  auto s = mn::makeSparseLinearSolver(kind);
  if (!s->factorize(a)) state.SkipWithError(s->lastError().c_str());
  for (auto _ : state) {
    a.valuePtr()[0] += 1e-3;  // same pattern, new values
    if (!s->factorize(a)) state.SkipWithError(s->lastError().c_str());
  }
  state.counters["analyses"] = s->analysisCount();
}

void BM_Solve(benchmark::State& state, mn::SparseSolverKind kind) {
  const Eigen::SparseMatrix<double> a = blockTridiagonal(state.range(0) / 3, 3).toSparse();
  auto s = mn::makeSparseLinearSolver(kind);
  if (!s->factorize(a)) state.SkipWithError(s->lastError().c_str());
  const Eigen::VectorXd b = Eigen::VectorXd::Random(a.rows());
  Eigen::VectorXd x;
  for (auto _ : state) {
    if (!s->solve(b, x)) state.SkipWithError(s->lastError().c_str());
    benchmark::DoNotOptimize(x.data());
  }
}

}  // namespace

BENCHMARK(BM_SbmMultiply)->RangeMultiplier(10)->Range(30, 300000);
BENCHMARK(BM_CscMultiply)->RangeMultiplier(10)->Range(30, 300000);
BENCHMARK(BM_DenseMultiply)->RangeMultiplier(10)->Range(30, 3000);
BENCHMARK(BM_SbmRowBlockSweep)->RangeMultiplier(10)->Range(30, 300000);
BENCHMARK_CAPTURE(BM_Factorize, cholmod, mn::SparseSolverKind::Cholmod)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Factorize, umfpack, mn::SparseSolverKind::Umfpack)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Factorize, klu, mn::SparseSolverKind::Klu)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Factorize, eigenlu, mn::SparseSolverKind::EigenLU)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Refactorize, cholmod, mn::SparseSolverKind::Cholmod)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Refactorize, umfpack, mn::SparseSolverKind::Umfpack)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Refactorize, klu, mn::SparseSolverKind::Klu)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Solve, cholmod, mn::SparseSolverKind::Cholmod)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Solve, umfpack, mn::SparseSolverKind::Umfpack)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Solve, klu, mn::SparseSolverKind::Klu)
    ->RangeMultiplier(10)
    ->Range(300, 300000)
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
