// NSGS, 2D LCP reformulation, the driver and the error measure (fc-local).

#include "FcLocalTestUtils.hpp"

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace mn = moreau::numerics;
using moreau::numerics::fctest::isCoulombSolution;
using moreau::numerics::fctest::randomBodiesProblem;

namespace {

mn::SolverOptions nsgsOptions(const std::string& solver = "nsgs") {
  mn::SolverOptions o;
  o.solver = solver;
  o.tolerance = 1e-10;
  o.maxIterations = 5000;
  return o;
}

}  // namespace

TEST(FcError, MatchesAHandComputedValue) {
  // One 3D contact, W = I, q = (−1, 2, 0), μ = 0.3, r = 0: u = q, ũ = (−1 + 0.6, 2, 0),
  // r − ũ = (0.4, −2, 0) projected on K_0.3: t = (0.4 + 0.6)/(1.09), p = (t, −0.3 t, 0).
  const mn::FrictionContactProblem p(3, mn::Matrix(Eigen::MatrixXd::Identity(3, 3)),
                                     Eigen::Vector3d(-1, 2, 0), Eigen::VectorXd::Constant(1, 0.3));
  Eigen::VectorXd r = Eigen::VectorXd::Zero(3), u;
  const double t = 1.0 / 1.09;
  const double expected = std::sqrt(t * t + 0.09 * t * t) / std::sqrt(5.0);
  EXPECT_NEAR(mn::fcComputeError(p, r, u), expected, 1e-15);
  EXPECT_EQ(u, Eigen::Vector3d(-1, 2, 0));
  // At the solution r = (1, −0.3, 0) the error vanishes.
  r = Eigen::Vector3d(1, -0.3, 0);
  EXPECT_LE(mn::fcComputeError(p, r, u), 1e-15);
  // Non-finite r: +inf, never NaN.
  r[0] = std::nan("");
  EXPECT_TRUE(std::isinf(mn::fcComputeError(p, r, u)));
  // Tresca: cylinder of radius 0.5.
  r = Eigen::Vector3d(1, -0.5, 0);
  EXPECT_LE(mn::fcComputeErrorTresca(p, {0.5}, r, u), 1e-15);
  EXPECT_THROW(mn::fcComputeErrorTresca(p, {0.5, 1.0}, r, u), std::invalid_argument);
}

TEST(FcNsgs, RandomBodies3DEveryLocalSolver) {
  for (unsigned seed : {1u, 3u, 4u}) {
    const auto p = randomBodiesProblem(3, 8, 10, seed);
    const Eigen::MatrixXd W = p.W().toDense();
    for (const char* name : {"nsgs", "nsgs-ac", "nsgs-fb", "nsgs-quartic", "nsgs-projection"}) {
      Eigen::VectorXd r, u;
      auto o = nsgsOptions(name);
      const auto res = mn::solveFrictionContact(p, r, u, o);
      EXPECT_EQ(res.solver, name);
      EXPECT_TRUE(res.converged())
          << name << " seed " << seed << " error " << res.error << " " << res.message;
      EXPECT_TRUE(isCoulombSolution(W, p.q(), p.mu(), 3, r, 1e-7)) << name << " seed " << seed;
      Eigen::VectorXd u2;
      EXPECT_DOUBLE_EQ(mn::fcComputeError(p, r, u2), res.error);
      EXPECT_LE((u - (W * r + p.q())).norm(), 1e-12 * (1.0 + u.norm()));
    }
  }
}

TEST(FcNsgs, RandomBodies2D) {
  for (unsigned seed : {4u, 5u, 6u}) {
    const auto p = randomBodiesProblem(2, 8, 10, seed);
    const Eigen::MatrixXd W = p.W().toDense();
    for (const char* name : {"nsgs", "nsgs-ac", "nsgs-fb", "nsgs-projection"}) {
      Eigen::VectorXd r, u;
      const auto res = mn::solveFrictionContact(p, r, u, nsgsOptions(name));
      EXPECT_TRUE(res.converged()) << name << " seed " << seed << " error " << res.error;
      EXPECT_TRUE(isCoulombSolution(W, p.q(), p.mu(), 2, r, 1e-7)) << name << " seed " << seed;
    }
  }
}

TEST(FcNsgs, HardCoupledProblemIsReportedHonestlyAndAutoFallsBack) {
  // Seed 2: strongly coupled contacts (cond(W) ~ 3e3, μ up to 0.9) on which
  // NSGS cycles; the global fallback of "auto" solves it.
  const auto p = randomBodiesProblem(3, 8, 10, 2);
  Eigen::VectorXd r, u;
  auto o = nsgsOptions();
  o.maxIterations = 300;
  const auto res = mn::fcNsgs(p, r, u, o);
  EXPECT_EQ(res.status, mn::SolverStatus::MaxIterations);
  EXPECT_TRUE(std::isfinite(res.error));
  EXPECT_GT(res.error, o.tolerance);
  o.solver = "auto";
  o.maxIterations = 10000;
  const auto a = mn::solveFrictionContact(p, r, u, o);
  EXPECT_TRUE(a.converged()) << a.message;
  EXPECT_NE(a.solver, "auto:nsgs");
  EXPECT_NE(a.message.find("nsgs"), std::string::npos);
  EXPECT_TRUE(isCoulombSolution(p.W().toDense(), p.q(), p.mu(), 3, r, 1e-7));
}

TEST(FcNsgs, StoragesGiveTheSameAnswer) {
  const auto dense = randomBodiesProblem(3, 6, 8, 9);
  const Eigen::MatrixXd W = dense.W().toDense();
  const std::vector<Eigen::Index> sizes(8, 3);
  const mn::FrictionContactProblem sparse(
      3, mn::Matrix(Eigen::SparseMatrix<double>(W.sparseView())), dense.q(), dense.mu());
  const mn::FrictionContactProblem sbm(
      3, mn::Matrix(mn::SparseBlockMatrix::fromDense(W, sizes, sizes)), dense.q(), dense.mu());
  // A sparse-block matrix with a different blocking (one big block) is re-blocked.
  const mn::FrictionContactProblem sbm1(
      3, mn::Matrix(mn::SparseBlockMatrix::fromDense(W, {24}, {24})), dense.q(), dense.mu());
  Eigen::VectorXd r0, u0;
  const auto res0 = mn::fcNsgs(dense, r0, u0, nsgsOptions());
  ASSERT_TRUE(res0.converged());
  for (const auto* p : {&sparse, &sbm, &sbm1}) {
    Eigen::VectorXd r, u;
    const auto res = mn::fcNsgs(*p, r, u, nsgsOptions());
    EXPECT_TRUE(res.converged());
    EXPECT_LE((r - r0).norm(), 1e-8 * (1.0 + r0.norm()));
  }
}

TEST(FcNsgs, ShuffleIsDeterministic) {
  const auto p = randomBodiesProblem(3, 8, 12, 13);
  auto o = nsgsOptions();
  o.fcShuffle = true;
  o.fcSeed = 42;
  Eigen::VectorXd r1, u1, r2, u2, r3, u3;
  const auto a = mn::fcNsgs(p, r1, u1, o);
  const auto b = mn::fcNsgs(p, r2, u2, o);
  EXPECT_TRUE(a.converged());
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.error, b.error);
  ASSERT_EQ(r1.size(), r2.size());
  for (Eigen::Index i = 0; i < r1.size(); ++i) EXPECT_EQ(r1[i], r2[i]) << i;  // bitwise
  o.fcSeed = 43;
  const auto c = mn::fcNsgs(p, r3, u3, o);
  EXPECT_TRUE(c.converged());
}

TEST(FcNsgs, FreezingRelaxationAndErrorStrategies) {
  const auto p = randomBodiesProblem(3, 10, 14, 17);
  const Eigen::MatrixXd W = p.W().toDense();
  auto check = [&](const mn::SolverOptions& o, const char* label) {
    Eigen::VectorXd r, u;
    const auto res = mn::fcNsgs(p, r, u, o);
    EXPECT_TRUE(res.converged()) << label << " error " << res.error;
    EXPECT_TRUE(isCoulombSolution(W, p.q(), p.mu(), 3, r, 1e-7)) << label;
    return res;
  };
  auto o = nsgsOptions();
  o.fcFreezeSweeps = 3;
  check(o, "freeze");
  o = nsgsOptions();
  o.relaxation = 0.8;
  check(o, "relaxation 0.8");
  o = nsgsOptions();
  o.fcErrorEvaluation = "full";
  const auto full = check(o, "full");
  o.fcErrorEvaluation = "light";
  o.tolerance = 1e-12;  // the light criterion is only a proxy
  check(o, "light");
  // Warm start from the solution: converged after one sweep.
  Eigen::VectorXd r, u;
  o = nsgsOptions();
  ASSERT_TRUE(mn::fcNsgs(p, r, u, o).converged());
  const auto again = mn::fcNsgs(p, r, u, o);
  EXPECT_TRUE(again.converged());
  EXPECT_LE(again.iterations, 2);
  (void)full;
}

TEST(FcNsgs, TrescaLaw) {
  const auto p = randomBodiesProblem(3, 8, 10, 23);
  const Eigen::MatrixXd W = p.W().toDense();
  auto o = nsgsOptions();
  o.fcTresca = true;
  for (int i = 0; i < 10; ++i) o.fcTrescaThresholds.push_back(0.05 + 0.02 * i);
  Eigen::VectorXd r, u;
  const auto res = mn::fcNsgs(p, r, u, o);
  EXPECT_TRUE(res.converged()) << res.error;
  u = W * r + p.q();
  for (int i = 0; i < 10; ++i) {
    const double g = o.fcTrescaThresholds[static_cast<std::size_t>(i)];
    const Eigen::Vector3d ri = r.segment<3>(3 * i), ui = u.segment<3>(3 * i);
    EXPECT_GE(ri[0], -1e-9);
    EXPECT_GE(ui[0], -1e-9);
    EXPECT_NEAR(ri[0] * ui[0], 0.0, 1e-9);
    EXPECT_LE(ri.tail<2>().norm(), g + 1e-9);
    if (ui.tail<2>().norm() > 1e-7) {
      EXPECT_LE((ri.tail<2>() + g * ui.tail<2>().normalized()).norm(), 1e-7);
    }
  }
  o.fcTrescaThresholds.pop_back();
  EXPECT_THROW(mn::fcNsgs(p, r, u, o), std::invalid_argument);
}

TEST(Fc2dLcp, LemkeAndEnumerationSolveTheLaw) {
  for (unsigned seed : {31u, 32u, 33u, 34u}) {
    const auto p = randomBodiesProblem(2, 4, 5, seed);
    const Eigen::MatrixXd W = p.W().toDense();
    Eigen::VectorXd r, u;
    auto o = nsgsOptions("lemke");
    const auto res = mn::solveFrictionContact(p, r, u, o);
    EXPECT_TRUE(res.converged()) << seed << " " << res.message << " " << res.error;
    EXPECT_TRUE(isCoulombSolution(W, p.q(), p.mu(), 2, r, 1e-9)) << seed;
  }
  // Enumeration: tiny problems only.
  const auto tiny = randomBodiesProblem(2, 2, 2, 35);
  Eigen::VectorXd r, u;
  auto o = nsgsOptions("enum");
  o.enumerationMaxSize = 8;
  const auto res = mn::solveFrictionContact(tiny, r, u, o);
  EXPECT_TRUE(res.converged()) << res.message;
  EXPECT_TRUE(isCoulombSolution(tiny.W().toDense(), tiny.q(), tiny.mu(), 2, r, 1e-9));
  const auto bigger = randomBodiesProblem(2, 4, 5, 36);
  const auto refused = mn::solveFrictionContact(bigger, r, u, o);
  EXPECT_EQ(refused.status, mn::SolverStatus::Failed);
  // 3D: not available.
  const auto p3 = randomBodiesProblem(3, 2, 2, 37);
  EXPECT_THROW(mn::solveFrictionContact(p3, r, u, nsgsOptions("lemke")), std::invalid_argument);
}

TEST(FcDriver, NamesAutoAndErrors) {
  const auto n3 = mn::frictionContactSolverNames(3);
  const auto n2 = mn::frictionContactSolverNames(2);
  ASSERT_FALSE(n3.empty());
  EXPECT_EQ(n3.front(), "auto");
  EXPECT_EQ(n2.front(), "auto");
  EXPECT_NE(std::find(n2.begin(), n2.end(), "lemke"), n2.end());
  EXPECT_EQ(std::find(n3.begin(), n3.end(), "lemke"), n3.end());
  const auto p = randomBodiesProblem(3, 8, 10, 41);
  Eigen::VectorXd r, u;
  mn::SolverOptions o;
  o.solver = "AUTO";
  const auto res = mn::solveFrictionContact(p, r, u, o);
  EXPECT_TRUE(res.converged()) << res.message;
  EXPECT_EQ(res.solver.rfind("auto:", 0), 0u) << res.solver;
  EXPECT_TRUE(isCoulombSolution(p.W().toDense(), p.q(), p.mu(), 3, r, 1e-6));
  o.solver = "no-such-solver";
  EXPECT_THROW(mn::solveFrictionContact(p, r, u, o), std::invalid_argument);
  o.solver = "nsgs";
  o.fcLocalSolver = "bogus";
  EXPECT_THROW(mn::solveFrictionContact(p, r, u, o), std::invalid_argument);
  // Warm start of the wrong size is reset, never an error.
  r = Eigen::VectorXd::Ones(2);
  o.fcLocalSolver = "default";
  EXPECT_TRUE(mn::solveFrictionContact(p, r, u, o).converged());
}

TEST(FcNsgs, SingleContactDataFileProblem) {
  // FrictionContact3D_1c.dat written in code: W = [15 -1 -2; -1 14 1; -2 1 16],
  // q = (-1, 2, 3), μ = 0.1.
  Eigen::Matrix3d W;
  W << 15, -1, -2, -1, 14, 1, -2, 1, 16;
  const mn::FrictionContactProblem p(3, mn::Matrix(Eigen::MatrixXd(W)), Eigen::Vector3d(-1, 2, 3),
                                     Eigen::VectorXd::Constant(1, 0.1));
  for (const char* name : {"nsgs", "nsgs-quartic", "nsgs-fb", "nsgs-projection", "auto"}) {
    Eigen::VectorXd r, u;
    mn::SolverOptions o;
    o.solver = name;
    const auto res = mn::solveFrictionContact(p, r, u, o);
    EXPECT_TRUE(res.converged()) << name;
    EXPECT_LE(res.error, 1e-8);
    EXPECT_TRUE(isCoulombSolution(Eigen::MatrixXd(W), p.q(), p.mu(), 3, r, 1e-9)) << name;
  }
}
