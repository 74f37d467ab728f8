// BouncingBallED (examples/BouncingBallED, tutorial-models §24): the output layout (7 columns,
// one row per event, a pre-impact row before each impact row, 1700 + 2 × 44 = 1788 rows), the
// time-discretisation rows exactly at k h, and every impact against the closed form of the
// free fall with Newton restitution: t1 = √(2/g), v1⁻ = −√(2g), v_n⁺ = −e v_n⁻,
// t_{n+1} = t_n + 2 v_n⁺ / g, to 1e-9; p(1) = λ(1) = 0 on the time-discretisation rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BOUNCINGBALLED_EXE;
}  // namespace

TEST(BouncingBallED, ImpactsMatchTheClosedFormAndRowsFollowTheSpec) {
  const auto run = runExample(kExe, "", "BouncingBallED_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 1788u);
  const double g = 9.81, e = 0.9, h = 5e-3;
  double tImpact = std::sqrt(2.0 / g), vMinus = -std::sqrt(2.0 * g);
  std::size_t impacts = 0, td = 0;
  double maxDt = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    ASSERT_EQ(t[i].size(), 7u);
    const bool pre = i + 1 < t.size() && t[i + 1][0] == t[i][0];
    if (pre) {
      // Pre-impact row, then the impact row at the same time.
      const auto& a = t[i];
      const auto& b = t[i + 1];
      EXPECT_EQ(a[5], 0.0);
      EXPECT_EQ(a[6], 0.0);
      // tutorial-models §24: only q and v of the pre-impact row are the memories; p(1) and
      // p(2) are read after processEvents, as in the impact row.
      EXPECT_EQ(a[3], b[3]);
      EXPECT_EQ(a[4], b[4]);
      EXPECT_NEAR(a[0], tImpact, 1e-9) << "impact " << impacts;
      EXPECT_NEAR(a[2], vMinus, 1e-9) << "impact " << impacts;
      EXPECT_NEAR(a[1], 0.0, 1e-12);
      EXPECT_NEAR(b[2], -e * vMinus, 1e-9);
      EXPECT_NEAR(b[3], -(1 + e) * vMinus, 1e-9);  // p(1) = m (v⁺ − v⁻), m = 1
      EXPECT_EQ(b[3], b[5]);                       // p(1) = Hᵀ λ(1)
      maxDt = std::max(maxDt, std::abs(a[0] - tImpact));
      const double vPlus = -e * vMinus;
      tImpact += 2 * vPlus / g;
      vMinus = -vPlus;
      ++impacts;
      ++i;
    } else {
      ++td;
      // t0 + k h (exact in the kernel test; here through the %.15e text).
      EXPECT_NEAR(t[i][0], static_cast<double>(td) * h, 1e-14 * std::max(1.0, t[i][0]));
      EXPECT_GE(t[i][1], -1e-12);
      EXPECT_EQ(t[i][4], 0.0);  // no persistent contact: λ(2) = p(2) = 0
      EXPECT_EQ(t[i][6], 0.0);
      // The impulse belongs to its impact's rows: each smooth advance starts with λ(1) and
      // p(1) reset (as Siconos's BouncingBallED.ref).
      EXPECT_EQ(t[i][3], 0.0);
      EXPECT_EQ(t[i][5], 0.0);
    }
  }
  EXPECT_EQ(impacts, 44u);
  EXPECT_EQ(td, 1700u);
  std::printf("BouncingBallED example: max |t_impact - exact| = %.3e\n", maxDt);
}
