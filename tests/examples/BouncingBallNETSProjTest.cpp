// BouncingBallNETSProj (examples/BouncingBallNETSProj): the Newton–Euler sphere of
// tutorial-models.md §31 with the direct projection of §32 (docs/theory/projection.md §2.4).
// The golden file comes from the independent Python reference
// scripts/reference/bouncing_ball_nets.py --proj; the full run is checked for the projection
// (a penetration only on a step whose contact the predictor did not activate, removed at the
// next step), the unit quaternion, and the agreement with BouncingBallNETS before the first
// impact.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_BOUNCINGBALLNETSPROJ_EXE;
const std::string kNets = MOREAU_BOUNCINGBALLNETS_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

enum Column { kT, kX, kVx, kP, kLambda, kAngle, kForce, kQ0, kQ6 = kQ0 + 6, kV1, kV2 };
constexpr double kR = 0.1, kTol = 1e-8;

}  // namespace

TEST(BouncingBallNETSProjExample, MatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--T 3", "BouncingBallNETSProj_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/BouncingBallNETSProj_T3.ref");
  ASSERT_EQ(data.size(), 601u);
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 16u);
    for (std::size_t j = 0; j < ref[i].size(); ++j)
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-12) << "row " << i << " column " << j;
  }
}

TEST(BouncingBallNETSProjExample, ProjectionKeepsActiveContactsOnTheGround) {
  const auto run = runExample(kExe, "", "BouncingBallNETSProj_full");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  int missed = 0, projectedRows = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const auto& r = t[k];
    ASSERT_EQ(r.size(), 16u);
    const double gap = r[kX] - kR;
    double norm2 = 0;
    for (int i = 3; i < 7; ++i) norm2 += r[kQ0 + i] * r[kQ0 + i];
    EXPECT_NEAR(std::sqrt(norm2), 1.0, 1e-15) << "row " << k;
    EXPECT_EQ(r[kQ0 + 1], 0.0);  // y, z, v1, v2: the motion stays along x
    EXPECT_EQ(r[kQ0 + 2], 0.0);
    EXPECT_EQ(r[kV1], 0.0);
    EXPECT_EQ(r[kV2], 0.0);
    // An impulse means the contact was active: the projection put the ball on the ground.
    if (r[kLambda] > 0) {
      EXPECT_GE(gap, -kTol) << "row " << k;
      if (gap < 1e-12) ++projectedRows;
    }
    if (gap < -kTol) {
      // A contact closing within the step that the predictor (γ = ½) did not activate: the
      // ball was above the ground at t_k, the step has no impulse, and the next step
      // (contact active) projects it.
      ++missed;
      ASSERT_GT(k, 0u);
      EXPECT_GT(t[k - 1][kX] - kR, 0.0) << "row " << k;
      EXPECT_EQ(r[kLambda], 0.0) << "row " << k;
      if (k + 1 < t.size()) {
        EXPECT_GE(t[k + 1][kX] - kR, -kTol) << "row " << k + 1;
      }
    }
  }
  EXPECT_GT(missed, 0);
  EXPECT_GT(projectedRows, 0);
}

TEST(BouncingBallNETSProjExample, PredictedActivationLeavesNothingToProjectUntilNearRest) {
  // With index set 1 updated at the predicted state (the companion's default, as Siconos), every
  // contact is activated before it closes while the ball bounces high: no step ends below the
  // ground and the rows are BouncingBallNETS's, bitwise, up to t = 9.515 (row 1904).
  const auto proj = runExample(kExe, "", "BouncingBallNETSProj_full_vs_nets");
  const auto nets = runExample(kNets, "", "BouncingBallNETS_for_proj_full");
  ASSERT_EQ(proj.exitCode, 0) << proj.stdOut;
  ASSERT_EQ(nets.exitCode, 0) << nets.stdOut;
  const Table a = readTable(proj.output);
  const Table b = readTable(nets.output);
  ASSERT_EQ(a.size(), b.size());
  std::size_t same = 0;
  while (same < a.size() && a[same] == b[same]) ++same;
  EXPECT_EQ(same, 1904u);
  // The first step that ends below the ground: BouncingBallNETS stays there, the projection
  // puts the ball on the ground.
  EXPECT_LT(b[same][kX], kR - kTol);
  EXPECT_NEAR(a[same][kX], kR, kTol);
}
