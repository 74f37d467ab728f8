// BouncingBallSchatzmanPaoli (examples/BouncingBallSchatzmanPaoli, tutorial-models §21).
// Checked against
//   - the golden file of the independent Python reference
//     (scripts/reference/schatzman_paoli_ball.py --T 3, 601 rows);
//   - the scheme's equations on every row of the full default run: central differences
//     q_{k+1} − 2q_k + q_{k−1} = −g h² + λ/m, the velocity (q_{k+1} − q_{k−1})/(2h), and the
//     position-level law 0 ≤ q_{k+1} + e q_{k−1} ⊥ λ ≥ 0 (q_{−1} = q0).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BOUNCINGBALLSCHATZMANPAOLI_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
}  // namespace

TEST(BouncingBallSchatzmanPaoliExample, MatchesGoldenFileOfPythonReference) {
  const auto run = runExample(kExe, "--T 3", "BouncingBallSchatzmanPaoli_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/BouncingBallSchatzmanPaoli_T3.ref");
  ASSERT_EQ(data.size(), 601u);
  ASSERT_EQ(ref.size(), 601u);
  double worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 5u);
    for (std::size_t j = 0; j < 5; ++j) worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
  }
  EXPECT_LT(worst, 1e-12);
}

TEST(BouncingBallSchatzmanPaoliExample, CentralDifferencesAndPositionLevelLaw) {
  const auto run = runExample(kExe, "", "BouncingBallSchatzmanPaoli_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  EXPECT_EQ(t[0][3], 0.0);
  EXPECT_EQ(t[0][4], 0.0);
  const double h = 0.005, g = 9.81, e = 0.9;
  int impacts = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const double q = t[k][1], qk = t[k - 1][1];
    const double qkm1 = k >= 2 ? t[k - 2][1] : t[0][1];  // q_{−1} = q0
    const double lambda = t[k][4];
    EXPECT_EQ(t[k][3], lambda);  // p(0) = Hᵀλ(0)
    EXPECT_GE(lambda, 0.0);
    EXPECT_NEAR(q - 2 * qk + qkm1, -g * h * h + lambda, 1e-12) << "t = " << t[k][0];
    EXPECT_NEAR(t[k][2], (q - qkm1) / (2 * h), 1e-10);
    EXPECT_GE(q + e * qkm1, -1e-12);
    if (lambda > 0) {
      ++impacts;
      EXPECT_NEAR(q + e * qkm1, 0.0, 1e-12);
    }
  }
  EXPECT_GT(impacts, 8);
}
