// BouncingBallScleronomousTS (examples/BouncingBallScleronomousTS, tutorial-models §9): the
// relation comes from the C plug-in library BallPlugin.so, loaded by bare name. Checked
// against the golden file of the independent Python reference
// (scripts/reference/bouncing_ball_scleronomous_ts.py), the exact free fall before the first
// impact, Newton's impact law on ẏ = G v at every impact step, and the impulse direction
// p = Gᵀλ (the horizontal velocity jumps by 0.1 λ / m). The test runs the executable from the
// test build directory: the plug-in is found next to the executable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_BOUNCINGBALLSCLERONOMOUSTS_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kG = 10.0, kE = 0.9, kH = 0.025;

Table runAndRead(const std::string& args, const std::string& name) {
  const auto run = runExample(kExe, args, name);
  EXPECT_EQ(run.exitCode, 0) << kExe << " " << args << "\n" << run.stdOut;
  EXPECT_NE(run.stdOut.find("BouncingBallScleronomousTS: 400 steps, 53 impacts"), std::string::npos)
      << run.stdOut;
  return readTable(run.output);
}

double gap(const std::vector<double>& r) { return r[1] + 0.1 * r[2]; }      // y = q0 + 0.1 q1
double gapRate(const std::vector<double>& r) { return r[3] + 0.1 * r[4]; }  // ẏ = G v

}  // namespace

TEST(BouncingBallScleronomousTSExample, MatchesGoldenFile) {
  const Table data = runAndRead("", "golden_BouncingBallScleronomousTS");
  const Table ref = readTable(kGoldenDir + "/BouncingBallScleronomousTS.ref");
  ASSERT_EQ(data.size(), 401u);
  ASSERT_EQ(ref.size(), data.size());
  std::vector<double> maxDiff(7, 0.0);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 7u) << "row " << i;
    for (std::size_t j = 0; j < 7; ++j) {
      // Relative to the column's scale (q1 reaches ~50 as the ball slides along the incline).
      const double tol = 1e-12 * std::max(1.0, std::abs(ref[i][j]));
      maxDiff[j] = std::max(maxDiff[j], std::abs(data[i][j] - ref[i][j]));
      ASSERT_NEAR(data[i][j], ref[i][j], tol) << "row " << i << ", column " << j + 1;
    }
  }
  std::printf("max |example - reference| per column:");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}

TEST(BouncingBallScleronomousTSExample, FreeFallImpactLawAndImpulseDirection) {
  const Table d = runAndRead("", "physics_BouncingBallScleronomousTS");
  ASSERT_EQ(d.size(), 401u);
  // Row 0: initial state, no impulse.
  EXPECT_EQ(d[0], (std::vector<double>{0, 1, 0, 0, 0, 0, 0}));
  std::size_t first = 0;
  int impacts = 0;
  double maxLaw = 0.0, maxDirection = 0.0, minGap = 1.0;
  for (std::size_t i = 1; i < d.size(); ++i) {
    const auto &r = d[i], &prev = d[i - 1];
    EXPECT_NEAR(r[0], static_cast<double>(i) * kH, 1e-12);
    const double lambda = r[6];
    ASSERT_GE(lambda, 0.0) << "row " << i;
    EXPECT_EQ(r[5], lambda) << "row " << i;  // p(1)_0 = G_0 λ with G_0 = 1
    // p = Gᵀλ = (λ, 0.1 λ, 0): the horizontal velocity changes by 0.1 λ / m only.
    maxDirection = std::max(maxDirection, std::abs(r[4] - prev[4] - 0.1 * lambda));
    minGap = std::min(minGap, gap(r));
    if (lambda > 0) {
      ++impacts;
      if (first == 0) first = i;
      maxLaw = std::max(maxLaw, std::abs(gapRate(r) + kE * gapRate(prev)));
    }
  }
  EXPECT_EQ(impacts, 53);
  EXPECT_LT(maxLaw, 1e-12);        // ẏ_{k+1} = −e ẏ_k at every impact step
  EXPECT_LT(maxDirection, 1e-14);  // the impulse acts along G
  EXPECT_GT(minGap, -kH * 5.0);    // the constraint holds up to O(h ẏ)
  // Free fall before the first impact: θ = ½ and a constant force are exact on the grid.
  ASSERT_GT(first, 1u);
  for (std::size_t i = 0; i < first; ++i) {
    const double t = d[i][0];
    EXPECT_NEAR(d[i][1], 1 - 0.5 * kG * t * t, 1e-14) << "row " << i;
    EXPECT_NEAR(d[i][3], -kG * t, 1e-13) << "row " << i;
    EXPECT_EQ(d[i][2], 0.0);
  }
  // The ball reaches y = 0 at t* = √(2/g) = 0.447; the first active step is the first whose
  // outputs at the predicted state q̃ = q_k + h v_k (θ = ½) pass ỹ + ½ h ẏ̃ ≤ 0, i.e.
  // y_k + (3/2) h ẏ_k ≤ 0 on the incline (G constant): the step from t = 0.425 (ỹ + ½ h ẏ̃ =
  // −0.0625; from t = 0.4 it is +0.05), whose row is t = 0.45 (row 18).
  EXPECT_NEAR(d[first][0], std::sqrt(2.0 / kG), 2 * kH);
  EXPECT_EQ(first, 18u);
  const auto predicted = [](const std::vector<double>& r) {
    return gap(r) + 1.5 * kH * gapRate(r);
  };
  EXPECT_LE(predicted(d[first - 1]), 0.0);
  EXPECT_GT(predicted(d[first - 2]), 0.0);
}
