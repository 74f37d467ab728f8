// BouncingBallDirectProjection (examples/BouncingBallDirectProjection, tutorial-models §19).
// Checked against
//   - the golden file of the independent Python reference
//     (scripts/reference/bouncing_ball_projection.py direct --T 3, 601 rows);
//   - the projection itself on the full default run: a step with λ(0) > 0 ends exactly on the
//     ground (q₀ = 0, the linear constraint is projected in one iteration), with p(0) = Gᵀλ(0)
//     = λ(0); the velocity is not changed by the projection (the row agrees with the
//     Moreau–Jean update v = v_k − g h + λ(1)/m); penetrations remain only on steps whose
//     contact was not in index set 1 (λ(1) = λ(0) = 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BOUNCINGBALLDIRECTPROJECTION_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
}  // namespace

TEST(BouncingBallDirectProjectionExample, MatchesGoldenFileOfPythonReference) {
  const auto run = runExample(kExe, "--T 3", "BouncingBallDirectProjection_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/BouncingBallDirectProjection_T3.ref");
  ASSERT_EQ(data.size(), 601u);
  ASSERT_EQ(ref.size(), 601u);
  double worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 7u);
    for (std::size_t j = 0; j < 7; ++j) worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
  }
  EXPECT_LT(worst, 1e-12);  // measured 0 (bitwise equal)
}

TEST(BouncingBallDirectProjectionExample, ProjectionPutsActiveContactsOnTheGround) {
  const auto run = runExample(kExe, "", "BouncingBallDirectProjection_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  for (std::size_t j = 3; j < 7; ++j) EXPECT_EQ(t[0][j], 0.0);
  const double h = 0.005, g = 9.81;
  int projected = 0;
  double penetration = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& r = t[k];
    EXPECT_NEAR(r[0], k * h, 1e-12);
    EXPECT_EQ(r[3], r[4]);  // p(1)_0 = λ(1)_0 (H = [1 0 0])
    EXPECT_EQ(r[5], r[6]);  // p(0)_0 = λ(0)_0, one projection iteration
    EXPECT_GE(r[6], 0.0);
    EXPECT_NEAR(r[2], t[k - 1][2] - g * h + r[4], 1e-12);  // v untouched by the projection
    if (r[6] > 0) {
      ++projected;
      EXPECT_EQ(r[1], 0.0) << "t = " << r[0];
    }
    if (r[1] < -1e-8) {
      EXPECT_EQ(r[4], 0.0) << "penetration with an active contact at t = " << r[0];
      penetration = std::max(penetration, -r[1]);
    }
  }
  EXPECT_GT(projected, 10);
  // t = 9.1: the contact, not in index set 1, was not activated by its predicted gap (above
  // 1e-7 at the predicted state) and the ball fell below the ground within the step (less
  // than g h²/2); the first impact (t = 0.45) is taken without penetration.
  EXPECT_NEAR(penetration, 5.927e-5, 1e-8);
}
