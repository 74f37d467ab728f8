// BeadColumnED (examples/BeadColumnED, tutorial-models §29): 500 rows × 21 columns; the column
// of touching beads falls 0.05 m onto the wall and, with the Newton law (e = 1) applied to the
// ten simultaneous contacts, rebounds as one rigid body: the impact LCP matrix H M⁻¹ Hᵀ of the
// chain is positive definite, so its solution is unique, and the rigid rebound (wall: ẏ⁺ = −ẏ⁻,
// pairs: ẏ⁺ = 0) satisfies it. Checked: rigid motion in every row (q_i − q_0 = 2R i,
// v_i = v_0), impacts at t1 = √(2 · 0.05 / g) and 3 t1 with v⁻ = −√(2 g 0.05), v⁺ = −v⁻, the
// free fall q_0 = 0.055 − g t²/2 before t1, and the rows of time-discretisation events at k h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BEADCOLUMNED_EXE;
}  // namespace

TEST(BeadColumnED, RigidRebounds) {
  const auto run = runExample(kExe, "", "BeadColumnED_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 500u);
  const double R = 0.005, g = 9.81, drop = 0.05, h = 1e-3;
  const double t1 = std::sqrt(2 * drop / g), v1 = std::sqrt(2 * g * drop);
  // tutorial-models §29: the state is written before advancing, so row 0 is the initial state
  // at t0 (beads touching, at rest).
  ASSERT_EQ(t[0].size(), 21u);
  EXPECT_EQ(t[0][0], 0.0);
  for (int b = 0; b < 10; ++b) {
    EXPECT_NEAR(t[0][static_cast<std::size_t>(1 + b)], drop + R + 2 * R * b, 1e-15);
    EXPECT_EQ(t[0][static_cast<std::size_t>(11 + b)], 0.0);
  }
  std::size_t impacts = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto& r = t[i];
    ASSERT_EQ(r.size(), 21u);
    for (int b = 1; b < 10; ++b) {
      EXPECT_NEAR(r[static_cast<std::size_t>(1 + b)] - r[1], 2 * R * b, 1e-12) << "row " << i;
      EXPECT_NEAR(r[static_cast<std::size_t>(11 + b)], r[11], 1e-12) << "row " << i;
    }
    if (r[0] < t1 - 1e-12) {
      EXPECT_NEAR(r[1], drop + R - 0.5 * g * r[0] * r[0], 1e-12);
    }
    const bool pre = i + 1 < t.size() && t[i + 1][0] == r[0];
    if (pre) {  // pre-impact row, then the post-impact state at the same time
      const double tExact = impacts == 0 ? t1 : 3 * t1;
      EXPECT_NEAR(r[0], tExact, 1e-9);
      EXPECT_NEAR(r[1], R, 1e-12);
      EXPECT_NEAR(r[11], -v1, 1e-9);
      EXPECT_NEAR(t[i + 1][11], v1, 1e-9);
      ++impacts;
      ++i;
    } else {
      const double k = std::round(r[0] / h);
      EXPECT_NEAR(r[0], k * h, 1e-14 * std::max(1.0, r[0])) << "row " << i;
    }
  }
  EXPECT_EQ(impacts, 2u);
}
