// NSGS adaptive relaxation (SolverOptions::fcAdaptiveRelaxation): the control on given
// sequences of sweep changes, and NSGS with it on generated piles (fewer sweeps, a Coulomb
// solution, admissible iterates, plain NSGS bit for bit when a solve is short).

#include "FcLocalTestUtils.hpp"
#include "RelaxationControl.hpp"  // numerics/src/fc (internal)

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace mn = moreau::numerics;
using moreau::numerics::fcdetail::RelaxationControl;
using moreau::numerics::fctest::isCoulombSolution;

namespace {

// Feeds `sweeps` changes c, c ρ, c ρ², … and returns the last ω.
double feedGeometric(RelaxationControl& control, double ratio, int sweeps, double& change) {
  double omega = control.omega();
  for (int k = 0; k < sweeps; ++k) {
    omega = control.record(change);
    change *= ratio;
  }
  return omega;
}

constexpr int kFirstDecision = RelaxationControl::kPlainSweeps + 1 + RelaxationControl::kWindow;

}  // namespace

TEST(RelaxationControl, StaysPlainDuringTheFirstSweepsAndOnFastSolves) {
  RelaxationControl control;
  control.reset();
  double change = 1.0;
  // Slow (ρ = 0.95) but within the plain sweeps: ω = 1.
  EXPECT_EQ(feedGeometric(control, 0.95, RelaxationControl::kPlainSweeps, change), 1.0);
  control.reset();
  change = 1.0;
  // Fast (ρ = 0.5 < kSlowRate): never raised.
  EXPECT_EQ(feedGeometric(control, 0.5, 200, change), 1.0);
  EXPECT_FALSE(control.locked());
}

TEST(RelaxationControl, RaisesOmegaToYoungsEstimateOfASteadyRate) {
  RelaxationControl control;
  control.reset();
  double change = 1.0;
  EXPECT_EQ(feedGeometric(control, 0.9, kFirstDecision - 1, change), 1.0);
  // The first window of ratios at ω = 1 measures ρ_GS = 0.9: ω* = 2 / (1 + √(1 − 0.9)).
  const double omega = control.record(change);
  EXPECT_NEAR(omega, 2.0 / (1.0 + std::sqrt(0.1)), 1e-12);
  // At ω* the model's rate is ω* − 1: no further raise.
  change *= 0.9;
  EXPECT_NEAR(feedGeometric(control, omega - 1.0, 40, change), omega, 1e-12);
  // A rate well above ω − 1 (the model underestimated ρ): raised again, up to kCap.
  double highest = omega;
  for (int k = 0; k < 3 * RelaxationControl::kWindow; ++k) {
    highest = std::max(highest, control.record(change));
    change *= 0.99;
  }
  EXPECT_GT(highest, omega + 0.02);
  EXPECT_LE(highest, RelaxationControl::kCap);
  // The same rate after that raise (these changes do not depend on ω): the raise did not
  // help, so ω is back to the factor before it, kept.
  EXPECT_EQ(control.omega(), omega);
  EXPECT_TRUE(control.locked());
}

TEST(RelaxationControl, GoesBackForGoodWhenOverRelaxedSweepsDiverge) {
  RelaxationControl control;
  control.reset();
  double change = 1.0;
  feedGeometric(control, 0.9, kFirstDecision, change);
  ASSERT_GT(control.omega(), 1.0);
  // Growing changes at ω > 1: back to the previous factor (1), kept.
  feedGeometric(control, 1.2, RelaxationControl::kWindow + 1, change);
  EXPECT_EQ(control.omega(), 1.0);
  EXPECT_TRUE(control.locked());
  EXPECT_EQ(feedGeometric(control, 0.95, 200, change), 1.0);
}

TEST(RelaxationControl, ErraticRatiosAreNotExtrapolated) {
  RelaxationControl control;
  control.reset();
  double change = 1.0;
  for (int k = 0; k < 300; ++k) {
    EXPECT_EQ(control.record(change), 1.0) << "sweep " << k;
    change *= (k % 2 == 0) ? 1.1 : 0.8;  // mean rate √0.88 ≈ 0.94, but a ratio above 1.05
  }
  // polish() returns 1 and keeps it.
  control.reset();
  change = 1.0;
  feedGeometric(control, 0.9, kFirstDecision, change);
  ASSERT_GT(control.omega(), 1.0);
  EXPECT_EQ(control.polish(), 1.0);
  EXPECT_EQ(feedGeometric(control, 0.95, 100, change), 1.0);
}

namespace {

struct NsgsRun {
  mn::SolverResult result;
  Eigen::VectorXd r;
};

NsgsRun nsgs(const mn::FrictionContactProblem& p, bool adaptive, double tolerance,
             int maxIterations) {
  mn::SolverOptions o;
  o.solver = "nsgs";
  o.tolerance = tolerance;
  o.maxIterations = maxIterations;
  o.fcAdaptiveRelaxation = adaptive;
  NsgsRun run;
  Eigen::VectorXd u;
  run.result = mn::solveFrictionContact(p, run.r, u, o);
  return run;
}

// Every contact's reaction in its cone (exactly up to rounding: the iterates are projected).
::testing::AssertionResult inCones(const mn::FrictionContactProblem& p, const Eigen::VectorXd& r) {
  const int d = p.dimension();
  for (Eigen::Index i = 0; i < p.numberOfContacts(); ++i) {
    const double rN = r[d * i];
    const double rT = r.segment(d * i + 1, d - 1).norm();
    const double slack = 1e-12 * (1.0 + std::abs(rN));
    if (rN < -slack || rT > p.mu()[i] * rN + slack)
      return ::testing::AssertionFailure() << "contact " << i << ": r_N " << rN << ", |r_T| " << rT;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(FcNsgsAdaptiveRelaxation, SolvesGeneratedPilesInFewerSweeps) {
  mn::ProblemGeneratorOptions two;
  two.dimension = 2;
  // Plain NSGS needs about 2000 sweeps on the 2D pile and 430 on the 3D one at 1e-8.
  for (const auto& g :
       {mn::generatePileWithContacts(100, two), mn::generatePileWithContacts(100)}) {
    SCOPED_TRACE(g.name);
    const NsgsRun plain = nsgs(g.problem, false, 1e-8, 5000);
    const NsgsRun adaptive = nsgs(g.problem, true, 1e-8, 5000);
    ASSERT_EQ(plain.result.status, mn::SolverStatus::Converged);
    ASSERT_EQ(adaptive.result.status, mn::SolverStatus::Converged);
    EXPECT_LT(adaptive.result.iterations, 0.75 * plain.result.iterations)
        << plain.result.iterations << " plain sweeps";
    // The error is recomputed here, not taken from the result.
    Eigen::VectorXd u;
    EXPECT_LE(mn::fcComputeError(g.problem, adaptive.r, u), 1e-8);
    for (const NsgsRun* run : {&plain, &adaptive})
      EXPECT_TRUE(isCoulombSolution(g.problem.W().toDense(), g.problem.q(), g.problem.mu(),
                                    g.problem.dimension(), run->r, 1e-5))
          << (run == &plain ? "plain" : "adaptive");
    EXPECT_TRUE(inCones(g.problem, adaptive.r));
  }
}

TEST(FcNsgsAdaptiveRelaxation, IteratesStayInTheConesWhenTheBudgetRunsOut) {
  mn::ProblemGeneratorOptions two;
  two.dimension = 2;
  const auto g = mn::generatePileWithContacts(100, two);
  for (int budget : {40, 57, 90}) {  // stopped in over-relaxed sweeps
    const NsgsRun run = nsgs(g.problem, true, 1e-12, budget);
    EXPECT_EQ(run.result.status, mn::SolverStatus::MaxIterations) << budget;
    EXPECT_TRUE(inCones(g.problem, run.r)) << budget;
  }
}

TEST(FcNsgsAdaptiveRelaxation, ShortSolvesArePlainNsgsBitForBit) {
  // Solves within the plain sweeps (17 of them for both): the same iterates, the same bits.
  const auto box = mn::generateStack(mn::StackShape::Box, 1);
  const auto spheres = mn::generateStack(mn::StackShape::Sphere, 2);
  for (const auto& [g, tolerance] : {std::pair{&box, 1e-6}, std::pair{&spheres, 1e-4}}) {
    SCOPED_TRACE(g->name);
    const NsgsRun plain = nsgs(g->problem, false, tolerance, 5000);
    ASSERT_EQ(plain.result.status, mn::SolverStatus::Converged);
    ASSERT_GT(plain.result.iterations, 10);
    ASSERT_LE(plain.result.iterations, RelaxationControl::kPlainSweeps);
    const NsgsRun adaptive = nsgs(g->problem, true, tolerance, 5000);
    EXPECT_EQ(adaptive.result.iterations, plain.result.iterations);
    EXPECT_EQ(adaptive.r, plain.r);
    EXPECT_EQ(adaptive.result.error, plain.result.error);
  }
}

TEST(FcNsgsAdaptiveRelaxation, SolverObjectAndColouredThreadsGiveTheSameBits) {
  // The repeated-solve object gives the free function's bits, and the coloured NSGS the
  // same bits on one and two threads, with the control engaged (more sweeps than the plain
  // ones plus a window).
  const auto g = mn::generatePileWithContacts(100);
  for (const bool coloured : {false, true}) {
    SCOPED_TRACE(coloured ? "coloured" : "natural order");
    mn::SolverOptions o;
    o.solver = "nsgs";
    o.tolerance = 1e-8;
    o.maxIterations = 5000;
    o.fcAdaptiveRelaxation = true;
    o.fcColoring = coloured;
    Eigen::VectorXd rf, uf;
    const mn::SolverResult free = mn::solveFrictionContact(g.problem, rf, uf, o);
    ASSERT_EQ(free.status, mn::SolverStatus::Converged);
    ASSERT_GT(free.iterations, RelaxationControl::kPlainSweeps + 2 * RelaxationControl::kWindow);
    for (const int threads : {1, 2}) {
      o.threads = threads;
      mn::FrictionContactSolver solver("nsgs", o);
      for (int repeat = 0; repeat < 2; ++repeat) {  // the second solve reuses the workspace
        Eigen::VectorXd r, u;
        const mn::SolverResult res = solver.solve(g.problem, r, u);
        EXPECT_EQ(res.iterations, free.iterations) << threads << " threads";
        EXPECT_TRUE(r == rf) << threads << " threads";
      }
    }
  }
}
