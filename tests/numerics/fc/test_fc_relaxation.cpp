// NSGS adaptive relaxation (SolverOptions::fcAdaptiveRelaxation): the control on given
// sequences of sweep changes, and NSGS with it on generated piles (fewer sweeps, a Coulomb
// solution). The properties it shares with the Anderson acceleration: test_fc_anderson.cpp.

#include "FcLocalTestUtils.hpp"
#include "RelaxationControl.hpp"  // numerics/src/fc (internal)

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace mn = moreau::numerics;
using moreau::numerics::fcdetail::RelaxationControl;
using moreau::numerics::fctest::isCoulombSolution;
using moreau::numerics::fctest::reactionsInCones;

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

TEST(FcNsgsAdaptiveRelaxation, SolvesGeneratedPilesInFewerSweeps) {
  // The properties shared with the Anderson acceleration (admissible iterates, short solves
  // bit for bit, the solver object and threads) are tested for both in test_fc_anderson.cpp.
  mn::ProblemGeneratorOptions two;
  two.dimension = 2;
  // Plain NSGS needs about 2000 sweeps on the 2D pile and 430 on the 3D one at 1e-8.
  for (const auto& g :
       {mn::generatePileWithContacts(100, two), mn::generatePileWithContacts(100)}) {
    SCOPED_TRACE(g.name);
    mn::SolverOptions o;
    o.solver = "nsgs";
    o.tolerance = 1e-8;
    o.maxIterations = 5000;
    Eigen::VectorXd plain, adaptive, u;
    const mn::SolverResult plainResult = mn::solveFrictionContact(g.problem, plain, u, o);
    o.fcAdaptiveRelaxation = true;
    const mn::SolverResult result = mn::solveFrictionContact(g.problem, adaptive, u, o);
    ASSERT_EQ(plainResult.status, mn::SolverStatus::Converged);
    ASSERT_EQ(result.status, mn::SolverStatus::Converged);
    EXPECT_LT(result.iterations, 0.75 * plainResult.iterations)
        << plainResult.iterations << " plain sweeps";
    // The error is recomputed here, not taken from the result.
    EXPECT_LE(mn::fcComputeError(g.problem, adaptive, u), 1e-8);
    for (const Eigen::VectorXd* r : {&plain, &adaptive})
      EXPECT_TRUE(isCoulombSolution(g.problem.W().toDense(), g.problem.q(), g.problem.mu(),
                                    g.problem.dimension(), *r, 1e-5))
          << (r == &plain ? "plain" : "adaptive");
    EXPECT_TRUE(reactionsInCones(g.problem, adaptive));
  }
}
