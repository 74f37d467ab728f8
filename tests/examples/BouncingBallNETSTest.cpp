// BouncingBallNETS (examples/BouncingBallNETS): the Newton–Euler sphere of tutorial-models.md
// §31 bouncing on x = 0 with friction. The golden file comes from the independent Python
// reference scripts/reference/bouncing_ball_nets.py (1-dof reduction argued there); the full run
// is checked for the invariants of that reduction (no spin, no tangential motion, unit
// quaternion, Coulomb cone trivially satisfied) and for the restitution of the apexes.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_BOUNCINGBALLNETS_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

enum Column { kT, kX, kVx, kP, kLambda, kAngle, kForce, kQ0, kQ6 = kQ0 + 6, kV1, kV2 };

}  // namespace

TEST(BouncingBallNETSExample, MatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--T 1.5", "BouncingBallNETS_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/BouncingBallNETS_T1.5.ref");
  ASSERT_EQ(data.size(), 301u);
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 16u);
    for (std::size_t j = 0; j < ref[i].size(); ++j)
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-12) << "row " << i << " column " << j;
  }
}

TEST(BouncingBallNETSExample, FullRunKeepsTheInvariantsAndRestitution) {
  const auto run = runExample(kExe, "", "BouncingBallNETS_full");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  double apex1 = 0, apex2 = 0;
  int bounces = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const auto& r = t[k];
    ASSERT_EQ(r.size(), 16u);
    EXPECT_EQ(r[kX], r[kQ0]);
    EXPECT_EQ(r[kQ0 + 1], 0.0);  // y, z
    EXPECT_EQ(r[kQ0 + 2], 0.0);
    EXPECT_NEAR(r[kQ0 + 3], 1.0, 1e-15);  // identity quaternion: no spin created
    EXPECT_EQ(r[kAngle], 0.0);
    EXPECT_EQ(r[kV1], 0.0);
    EXPECT_EQ(r[kV2], 0.0);
    EXPECT_GE(r[kLambda], 0.0);
    EXPECT_NEAR(r[kForce], r[kLambda], 1e-15);  // |Hᵀλ| = λ_N for a sphere without friction
    EXPECT_EQ(r[kP], r[kLambda]);
    if (k > 0 && t[k - 1][kVx] < 0 && r[kVx] > 0) ++bounces;
    if (bounces == 1) apex1 = std::max(apex1, r[kX]);
    if (bounces == 2) apex2 = std::max(apex2, r[kX]);
  }
  // Apex gaps (x − R) scale with e² = 0.81: the first drop is from 1 + 2²/(2g) − R.
  const double g = 9.81, R = 0.1, e = 0.9, H0 = 1 + 4 / (2 * g) - R;
  EXPECT_NEAR(apex1 - R, e * e * H0, 0.01);
  EXPECT_NEAR((apex2 - R) / (apex1 - R), e * e, 0.01);
}
