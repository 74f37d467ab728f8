// BouncingBallCombinedProjection (examples/BouncingBallCombinedProjection, tutorial-models
// §20). Checked against
//   - the golden file of the independent Python reference
//     (scripts/reference/bouncing_ball_projection.py combined --T 3, 601 rows);
//   - the full default run: the combined scheme never leaves the ball below the ground (every
//     contact closing in a step is handled in that step, the projection on the equality puts
//     the ball on the ground), the first impact as the scheme states it (docs/theory/projection.md
//     §2.2: the Newton law v = −e v_k, then q projected to 0 with λ(0) = −q̃), and the ball at
//     rest (λ(1) = m g h, v = 0) within the unilateral tolerance of the ground.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BOUNCINGBALLCOMBINEDPROJECTION_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
}  // namespace

TEST(BouncingBallCombinedProjectionExample, MatchesGoldenFileOfPythonReference) {
  const auto run = runExample(kExe, "--T 3", "BouncingBallCombinedProjection_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/BouncingBallCombinedProjection_T3.ref");
  ASSERT_EQ(data.size(), 601u);
  ASSERT_EQ(ref.size(), 601u);
  double worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 7u);
    for (std::size_t j = 0; j < 7; ++j) worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
  }
  EXPECT_LT(worst, 1e-12);  // measured 0 (bitwise equal; the full run too)
}

TEST(BouncingBallCombinedProjectionExample, NeverBelowTheGroundAndComesToRest) {
  const auto run = runExample(kExe, "", "BouncingBallCombinedProjection_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  for (std::size_t j = 3; j < 7; ++j) EXPECT_EQ(t[0][j], 0.0);
  double lowest = 0;
  for (const auto& r : t) lowest = std::min(lowest, r[1]);
  EXPECT_GE(lowest, -1e-10);
  // The first impact: the step from t = 0.45 computed without the contact ends below the ground,
  // so it is computed again with it: v = −e v_k (λ(1) = v − (v_k − g h), m = 1), q̃ = q_k +
  // h/2 (v_k + v) > 0 (the ball leaves the ground within the step), projected to q = 0 by
  // λ(0) = p(0) = −q̃ (Siconos's run: v = 3.97305, λ(1) = 8.4366, λ(0) = −5.633875e-3).
  const double h = 0.005, g = 9.81, e = 0.9;
  std::size_t k = 1;
  while (k < t.size() && t[k][4] == 0.0) ++k;
  ASSERT_LT(k, t.size());
  EXPECT_NEAR(t[k][0], 0.455, 1e-12);
  const auto& before = t[k - 1];
  const auto& impact = t[k];
  EXPECT_NEAR(impact[2], -e * before[2], 1e-12);
  EXPECT_NEAR(impact[4], impact[2] - (before[2] - g * h), 1e-12);
  EXPECT_EQ(impact[3], impact[4]);
  const double qTilde = before[1] + h / 2 * (before[2] + impact[2]);
  EXPECT_GT(qTilde, 0.0);
  EXPECT_NEAR(impact[1], 0.0, 1e-15);
  EXPECT_NEAR(impact[6], -qTilde, 1e-12);
  EXPECT_EQ(impact[5], impact[6]);
  const auto& last = t.back();
  // At rest: from t ≈ 7.51 in contact at every step (the contact closes in each step's first
  // computation), the velocity decays by the factor −e per step; once the gap at the end of the
  // step is below the tolerance 1e-10 nothing is projected (measured q = 5.04e-11, v = 2.8e-17,
  // λ(1) = m g h at T = 10; Siconos's run the same).
  EXPECT_GE(last[1], 0.0);
  EXPECT_LT(last[1], 1e-10);
  EXPECT_NEAR(last[2], 0.0, 1e-12);
  EXPECT_NEAR(last[4], g * h, 1e-12);
  EXPECT_EQ(last[6], 0.0);
}
