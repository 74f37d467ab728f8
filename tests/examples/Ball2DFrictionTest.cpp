// Ball2DFriction (examples/Ball2DFriction, tutorial-models §14): spinning disk dropped on a
// frictional floor, Lagrangian2d2DR with a user InteractionManager. Checked against
//   - the golden file of the independent Python reference (scripts/reference/ball2d_friction.py:
//     closed-form single-contact FC2D, the manager's contact point and one Newton iteration per
//     step at the predicted state q̃), T = 1, with the example's Newton tolerance set to 1e-13;
//   - the default run: free flight before the first impact (q0 = 1 − g t²/2, q2 = 2t exactly for
//     the trapezoidal update of a constant force), impulses p(1)_0 = λ(1)_0 ≥ 0, restitution
//     ≈ e_n = 0.9 at the first impact (row 64 and impulse 5.920335 as Siconos's stored output
//     Ball2D_kernel_only_with_friction.ref), stick at that impact (spin 4/7, v1 = 2/7), the spin
//     kept to the end, rolling without slip at the end (v1 = R v2), and the
//     default Newton tolerance (1e-6) giving the same output as 1e-13: the system is linear
//     (state residual 0) and the output residual is not checked, so each step is one iteration.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_BALL2DFRICTION_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

enum Column { kT, kQ0, kV0, kV2, kP0, kLambda0, kQ1, kQ2, kV1 };
constexpr double kR = 0.5, kG = 9.81, kE = 0.9;

}  // namespace

TEST(Ball2DFrictionExample, MatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--T 1 --newton-tolerance 1e-13", "Ball2DFriction_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/Ball2DFriction_T1.ref");
  ASSERT_EQ(data.size(), 201u);
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 9u);
    for (std::size_t j = 0; j < ref[i].size(); ++j)
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-9) << "row " << i << " column " << j;
  }
}

TEST(Ball2DFrictionExample, DefaultRunPhysics) {
  const auto run = runExample(kExe, "", "Ball2DFriction_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  const auto tight = runExample(kExe, "--newton-tolerance 1e-13", "Ball2DFriction_tight");
  ASSERT_EQ(tight.exitCode, 0) << tight.stdOut;
  const Table u = readTable(tight.output);
  ASSERT_EQ(u.size(), 2001u);
  std::size_t firstImpact = 0;
  double maxNewtonEffect = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const auto& r = t[k];
    ASSERT_EQ(r.size(), 9u);
    EXPECT_NEAR(r[kT], 5e-3 * static_cast<double>(k), 1e-12);
    EXPECT_GE(r[kLambda0], 0.0);
    EXPECT_NEAR(r[kP0], r[kLambda0], 1e-14);
    if (firstImpact == 0 && r[kLambda0] > 0) firstImpact = k;
    if (firstImpact == 0) {
      EXPECT_NEAR(r[kQ0], 1 - 0.5 * kG * r[kT] * r[kT], 1e-12) << "row " << k;
      EXPECT_NEAR(r[kQ2], 2 * r[kT], 1e-12) << "row " << k;
      EXPECT_EQ(r[kV2], 2.0);
    }
    for (std::size_t j = 1; j < 9; ++j)
      maxNewtonEffect = std::max(maxNewtonEffect, std::abs(r[j] - u[k][j]));
  }
  // First impact when the gap plus h/2 ẏ at the predicted state q̃ = q_k + h v_k is ≤ 0, the
  // manager having set Pc1 at q̃: row 64 (t = 0.32), impulse 5.920335 (Siconos's stored output:
  // 5.920335000000008).
  EXPECT_EQ(firstImpact, 64u);
  EXPECT_NEAR(t[firstImpact][kV0] / t[firstImpact - 1][kV0], -kE, 1e-3);
  EXPECT_NEAR(t[firstImpact][kLambda0], 5.920335, 1e-9);
  // Friction at the impact sticks (lever arm (−R, 0) at q̃): I v2 + m R v1 = 0.2 conserved with
  // v1 = R v2, so the spin drops from 2 to 4/7 and the disk moves sideways at 2/7.
  EXPECT_NEAR(t[firstImpact][kV2], 4.0 / 7.0, 1e-12);
  EXPECT_NEAR(t[firstImpact][kV1], 2.0 / 7.0, 1e-12);
  // No moment about the centre afterwards (the lever arm is (−R, 0) where G is taken): the spin
  // stays 4/7 to the end.
  for (std::size_t k = firstImpact; k < t.size(); ++k)
    EXPECT_NEAR(t[k][kV2], 4.0 / 7.0, 1e-12) << "row " << k;
  // Rolling without slip at the end (stick: u_T = v1 + ℓx v2 = 0 with ℓx = −R).
  const auto& last = t.back();
  EXPECT_NEAR(last[kV1], kR * last[kV2], 1e-12);
  EXPECT_GT(last[kLambda0], 0.0);
  // One Newton iteration per step whatever the tolerance: the two runs are identical.
  EXPECT_EQ(maxNewtonEffect, 0.0);
}
