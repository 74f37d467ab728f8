// BouncingBallCombinedProjection (examples/BouncingBallCombinedProjection, tutorial-models
// §20). Checked against
//   - the golden file of the independent Python reference
//     (scripts/reference/bouncing_ball_projection.py combined --T 3, 601 rows);
//   - the full default run: the combined scheme never leaves the ball below the ground (every
//     contact closing in a step is handled in that step, the projection removes the rest), and
//     the ball comes to rest (λ(1) = m g h, v = 0) at most g h²/2 above the ground.
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
  EXPECT_LT(worst, 1e-12);  // measured 0 (bitwise equal)
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
  const auto& last = t.back();
  // At rest on an active contact whose gap closed within one step: the velocity law holds the
  // ball at the gap it had, below g h²/2 (measured 5.54e-6; see the README). In contact since
  // t = 8.99, the velocity decays by the factor −e per step (measured v = 1.35e-11,
  // λ(1) − m g h = 2.8e-11 at T = 10).
  EXPECT_GE(last[1], 0.0);
  EXPECT_LT(last[1], 9.81 * 0.005 * 0.005 / 2);
  EXPECT_NEAR(last[2], 0.0, 1e-10);
  EXPECT_NEAR(last[4], 9.81 * 0.005, 1e-10);
}
