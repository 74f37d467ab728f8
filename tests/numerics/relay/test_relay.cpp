// Relay problem, error measure and solvers on problems built in code.
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include "MlcpRelayTestUtils.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {
namespace {

using test::isRelaySolution;
using test::randomSpdRelay;
constexpr double kInf = std::numeric_limits<double>::infinity();

SolverOptions opts(const std::string& solver, double tol = 1e-10) {
  SolverOptions o;
  o.solver = solver;
  o.tolerance = tol;
  return o;
}

void expectHonest(const SolverResult& r, const Eigen::VectorXd& z, double tol) {
  EXPECT_FALSE(std::isnan(r.error)) << r.solver;
  EXPECT_TRUE(z.allFinite()) << r.solver;
  EXPECT_EQ(r.converged(), r.error <= tol) << r.solver << ": " << r.message;
  if (!r.converged()) {
    EXPECT_FALSE(r.message.empty()) << r.solver;
  }
}

TEST(RelayProblem, ValidateNamesSizesAndBounds) {
  const Eigen::MatrixXd I = Eigen::MatrixXd::Identity(2, 2);
  const Eigen::VectorXd z2 = Eigen::VectorXd::Zero(2);
  const auto expectMsg = [](const std::function<void()>& f, const std::string& needle) {
    try {
      f();
      ADD_FAILURE() << "no exception";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expectMsg([&] { RelayProblem(I, Eigen::VectorXd::Zero(3), z2, z2); }, "q has 3");
  expectMsg([&] { RelayProblem(I, z2, Eigen::VectorXd::Zero(1), z2); }, "lb has 1");
  expectMsg([&] { RelayProblem(Eigen::MatrixXd::Zero(2, 3), z2, z2, z2); }, "2x3");
  expectMsg([&] { RelayProblem(I, z2, Eigen::Vector2d(0, 1), Eigen::Vector2d(1, 0)); }, "row 1");
  expectMsg([&] { RelayProblem(I, z2, Eigen::Vector2d(kInf, 0), Eigen::Vector2d(kInf, 0)); },
            "row 0");
  EXPECT_NO_THROW(RelayProblem(I, z2, Eigen::Vector2d(-kInf, 0), Eigen::Vector2d(kInf, 0)));
}

TEST(RelayError, HandComputed) {
  // M = 1, q = 2, [lb, ub] = [-1, 1], z = 0.5: w = 2.5, P(z - w) = P(-2) = -1,
  // residual -1.5, err = 1.5 / (1 + 2) = 0.5.
  const RelayProblem p(Eigen::MatrixXd::Identity(1, 1), Eigen::VectorXd::Constant(1, 2.0),
                       Eigen::VectorXd::Constant(1, -1.0), Eigen::VectorXd::Constant(1, 1.0));
  Eigen::VectorXd w;
  EXPECT_DOUBLE_EQ(relayComputeError(p, Eigen::VectorXd::Constant(1, 0.5), w), 0.5);
  EXPECT_DOUBLE_EQ(w[0], 2.5);
  EXPECT_DOUBLE_EQ(relayComputeError(p, Eigen::VectorXd::Constant(1, -1.0), w), 0.0);
  // Infinite bounds: P is the identity, err = |w| / (1 + |q|).
  const RelayProblem f(Eigen::MatrixXd::Identity(1, 1), Eigen::VectorXd::Constant(1, 2.0),
                       Eigen::VectorXd::Constant(1, -kInf), Eigen::VectorXd::Constant(1, kInf));
  EXPECT_DOUBLE_EQ(relayComputeError(f, Eigen::VectorXd::Constant(1, 1.0), w), 1.0);
  EXPECT_THROW(relayComputeError(f, Eigen::VectorXd::Zero(2), w), std::invalid_argument);
}

TEST(RelaySolvers, NamesAndDispatch) {
  const auto names = relaySolverNames();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names.front(), "auto");
  const RelayProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::Vector2d(-0.5, 3),
                       Eigen::Vector2d(-1, -1), Eigen::Vector2d(1, 1));
  for (const auto& name : names) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveRelay(p, z, w, opts(name));
    EXPECT_TRUE(r.converged()) << name << ": " << r.message;
    EXPECT_NEAR(z[0], 0.5, 1e-12) << name;
    EXPECT_NEAR(z[1], -1.0, 1e-12) << name;
  }
  Eigen::VectorXd z, w;
  EXPECT_THROW(solveRelay(p, z, w, opts("nope")), std::invalid_argument);
  EXPECT_EQ(solveRelay(p, z, w, opts("Newton")).solver, "newton");
  EXPECT_EQ(solveRelay(p, z, w, opts("auto")).solver.rfind("auto:", 0), 0U);
}

class RelayRandom : public ::testing::TestWithParam<int> {};

TEST_P(RelayRandom, AllSolversConverge) {
  const int size = GetParam();
  const auto p = randomSpdRelay(size, 500U + static_cast<unsigned>(size));
  for (const auto& s : relaySolverNames()) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveRelay(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << " size " << size << ": " << r.message;
    EXPECT_TRUE(isRelaySolution(p, z, 1e-8)) << s << " size " << size;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, RelayRandom, ::testing::Values(1, 5, 20, 80, 250));

TEST(RelaySolvers, FiniteBoxesOnly) {
  // Every row with finite bounds (the pure "lemke" 2n reformulation).
  auto p = randomSpdRelay(30, 77U);
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    if (!std::isfinite(p.lb()[i]) && !std::isfinite(p.ub()[i])) p.ub()[i] = 1.0;
    if (!std::isfinite(p.lb()[i])) p.lb()[i] = p.ub()[i] - 1.0;
    if (!std::isfinite(p.ub()[i])) p.ub()[i] = p.lb()[i] + 1.0;
  }
  p.lb()[3] = p.ub()[3] = 0.25;  // a fixed variable, lb = ub
  p.validate();
  for (const auto& s : relaySolverNames()) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveRelay(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isRelaySolution(p, z, 1e-8)) << s;
    EXPECT_DOUBLE_EQ(z[3], 0.25) << s;
  }
}

TEST(RelaySolvers, SparseTridiagonal) {
  const int size = 600;
  Eigen::SparseMatrix<double> M(size, size);
  std::vector<Eigen::Triplet<double>> t;
  for (int i = 0; i < size; ++i) {
    t.emplace_back(i, i, 3.0);
    if (i > 0) t.emplace_back(i, i - 1, -1.0);
    if (i + 1 < size) t.emplace_back(i, i + 1, -1.0);
  }
  M.setFromTriplets(t.begin(), t.end());
  Eigen::VectorXd q(size), lb(size), ub(size);
  for (int i = 0; i < size; ++i) {
    q[i] = 2.0 * std::cos(0.1 * i);
    lb[i] = -0.5;
    ub[i] = i % 5 == 0 ? kInf : 0.5;
  }
  const RelayProblem p(M, q, lb, ub);
  for (const auto& s : relaySolverNames()) {
    if (s == "lemke") continue;  // dense 2n tableau: covered on smaller sizes
    Eigen::VectorXd z, w;
    const SolverResult r = solveRelay(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isRelaySolution(p, z, 1e-8)) << s;
  }
}

TEST(RelaySolvers, SparseBlockMatrix) {
  const auto dense = randomSpdRelay(30, 41U);
  const std::vector<Eigen::Index> sizes(10, 3);
  const RelayProblem p(Matrix(dense.M().toSparseBlock(sizes, sizes)), dense.q(), dense.lb(),
                       dense.ub());
  ASSERT_TRUE(p.M().isSparseBlock());
  for (const auto& s : relaySolverNames()) {
    Eigen::VectorXd z, w;
    const SolverResult r = solveRelay(p, z, w, opts(s));
    EXPECT_TRUE(r.converged()) << s << ": " << r.message;
    EXPECT_TRUE(isRelaySolution(p, z, 1e-8)) << s;
  }
}

TEST(RelaySolvers, WarmStartFromSolution) {
  const auto p = randomSpdRelay(25, 4U);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solveRelay(p, z, w, opts("newton", 1e-13)).converged());
  for (const char* s : {"newton", "pgs"}) {
    Eigen::VectorXd z2 = z, w2;
    const SolverResult r = solveRelay(p, z2, w2, opts(s, 1e-10));
    EXPECT_TRUE(r.converged()) << s;
    EXPECT_EQ(r.iterations, 0) << s;
  }
}

TEST(RelaySolvers, InfeasibleFreeRowFailsHonestly) {
  // Free variable with M = 0, q = 1: w = 1 can never vanish.
  const RelayProblem p(Eigen::MatrixXd::Zero(1, 1), Eigen::VectorXd::Ones(1),
                       Eigen::VectorXd::Constant(1, -kInf), Eigen::VectorXd::Constant(1, kInf));
  for (const auto& s : relaySolverNames()) {
    Eigen::VectorXd z, w;
    SolverOptions o = opts(s);
    o.maxIterations = 200;
    const SolverResult r = solveRelay(p, z, w, o);
    EXPECT_FALSE(r.converged()) << s;
    EXPECT_NE(r.status, SolverStatus::Converged);
    expectHonest(r, z, o.tolerance);
  }
}

TEST(RelaySolvers, ZeroDiagonalPgsFailsAutoRecovers) {
  // M = [[0, 1], [-1, 0]] (skew, monotone): pgs cannot start; lemke/newton can.
  Eigen::MatrixXd M(2, 2);
  M << 0, 1, -1, 0;
  const RelayProblem p(M, Eigen::Vector2d(0.5, -2), Eigen::Vector2d(-1, -1), Eigen::Vector2d(1, 1));
  Eigen::VectorXd z, w;
  SolverResult r = solveRelay(p, z, w, opts("pgs"));
  EXPECT_EQ(r.status, SolverStatus::Failed);
  EXPECT_NE(r.message.find("row 0"), std::string::npos) << r.message;
  z.resize(0);
  r = solveRelay(p, z, w, opts("auto"));
  EXPECT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isRelaySolution(p, z, 1e-9));
  z.resize(0);
  r = solveRelay(p, z, w, opts("lemke"));
  EXPECT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isRelaySolution(p, z, 1e-9));
}

TEST(RelaySolvers, SingularFreeBlockLemkeFails) {
  // Both rows free with a singular M (rank 1) but a consistent q: Lemke cannot
  // eliminate the free rows; newton still finds a solution of M z + q = 0.
  Eigen::MatrixXd M(2, 2);
  M << 1, 1, 1, 1;
  const RelayProblem p(M, Eigen::Vector2d(-1, -1), Eigen::Vector2d(-kInf, -kInf),
                       Eigen::Vector2d(kInf, kInf));
  Eigen::VectorXd z, w;
  SolverResult r = solveRelay(p, z, w, opts("lemke"));
  EXPECT_EQ(r.status, SolverStatus::Failed);
  expectHonest(r, z, 1e-10);
  z.resize(0);
  r = solveRelay(p, z, w, opts("auto"));
  EXPECT_TRUE(r.converged()) << r.message;
  EXPECT_TRUE(isRelaySolution(p, z, 1e-9));
}

}  // namespace
}  // namespace moreau::numerics
