// BouncingBallEDTwoContacts (examples/BouncingBallEDTwoContacts, tutorial-models §25): the
// layout (row 0 hard-wired, pre-impact rows with columns 3–8 at 0, 1 + 1000 + 2 × impacts
// rows), y1 = q0 and y2 = 1.5 − q0 in every event row, the acceleration −g in flight, the
// gap never below −1e-12, p(1) = m (v⁺ − v⁻) on the impact rows and 0 on the others, and the
// end of the run: the ball rests on the floor (after the accumulation rule) with γ0 = 0 and
// p(2) = m g. Full default run: 1161 rows (the tutorial's),
// i.e. 80 impacts, the last (plastic) one at the closed-form time, 2.4e-7 s before t∞. The impact
// times against the exact parabolas are checked in tests/kernel
// (EventDriven.TwoContactsMatchTheExactParabolas).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BOUNCINGBALLEDTWOCONTACTS_EXE;
}  // namespace

TEST(BouncingBallEDTwoContacts, LayoutAndPhysics) {
  const auto run = runExample(kExe, "", "BouncingBallEDTwoContacts_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_GT(t.size(), 1001u);
  const std::vector<double> row0 = {0, 1, 10, 0, 0, 1.0, 0.5, -10, 0};
  EXPECT_EQ(t[0], row0);
  std::size_t impacts = 0, td = 0;
  bool resting = false;
  for (std::size_t i = 1; i < t.size(); ++i) {
    const auto& r = t[i];
    ASSERT_EQ(r.size(), 9u);
    const bool pre = i + 1 < t.size() && t[i + 1][0] == r[0];
    if (pre) {
      for (std::size_t c = 3; c < 9; ++c) EXPECT_EQ(r[c], 0.0);
      ++impacts;
      continue;
    }
    ++td;
    if (t[i - 1][0] == r[0]) {
      EXPECT_NEAR(r[3], r[2] - t[i - 1][2], 1e-9);  // impact row: p(1) = m (v⁺ − v⁻), m = 1
    } else {
      EXPECT_EQ(r[3], 0.0);  // p(1) reset by each smooth advance (as Siconos)
    }
    EXPECT_EQ(r[4], 0.0);                  // marker
    EXPECT_NEAR(r[5], r[1], 1e-15);        // y1 = q0
    EXPECT_NEAR(r[6], 1.5 - r[1], 1e-15);  // y2 = 1.5 − q0
    EXPECT_GE(r[5], -1e-12);
    EXPECT_GE(r[6], -1e-12);
    if (r[8] == 0.0) {
      EXPECT_NEAR(r[7], -10.0, 1e-12);  // free flight
    } else {
      resting = true;
      EXPECT_NEAR(r[8], 10.0, 1e-9);  // p(2) = m g
      EXPECT_NEAR(r[7], 0.0, 1e-9);
      EXPECT_NEAR(r[1], 0.0, 1e-12);
      EXPECT_EQ(r[2], 0.0);
    }
  }
  EXPECT_TRUE(resting);
  EXPECT_EQ(td, 1000u + impacts);  // every event row (nonsmooth ones included)
  EXPECT_EQ(t.size(), 1 + 1000 + 2 * impacts);
  EXPECT_EQ(impacts, 80u);
  EXPECT_EQ(t.size(), 1161u);  // tutorial-models §25
}

// Closed form of the impacts (parabolic flights between y1 = q ≥ 0 and y2 = 1.5 − q ≥ 0,
// v⁺ = −e v⁻) with the accumulation rule of docs/theory/event-driven.md §5: the first impact
// arriving slower than 2 √(100 ε) m/s is plastic. Compared with the example's event rows.
TEST(BouncingBallEDTwoContacts, AccumulationEndsAtTheClosedFormImpact) {
  const double g = 10, e = 0.8, top = 1.5;
  const double vAcc = 2.0 * std::sqrt(100 * std::numeric_limits<double>::epsilon());
  std::vector<double> times, vPre;
  double tc = 0, q = 1, v = 10, tInf = 0;
  for (int n = 0; n < 1000; ++n) {
    double s = (v + std::sqrt(v * v + 2 * g * q)) / g;  // floor
    bool floor = true;
    if (v > 0 && v * v >= 2 * g * (top - q)) {
      const double sc = (v - std::sqrt(v * v - 2 * g * (top - q))) / g;
      if (sc > 0 && sc < s) s = sc, floor = false;
    }
    tc += s;
    const double vm = v - g * s;
    q = floor ? 0.0 : top;
    times.push_back(tc);
    vPre.push_back(vm);
    if (std::abs(vm) < vAcc) break;
    v = -e * vm;
    if (times.size() == 10) tInf = tc + 2 * v / (g * (1 - e));  // floor bounces only from here
  }
  ASSERT_EQ(times.size(), 80u);
  const auto run = runExample(kExe, "", "BouncingBallEDTwoContacts_accumulation");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  std::vector<std::size_t> pre;
  for (std::size_t i = 1; i + 1 < t.size(); ++i)
    if (t[i + 1][0] == t[i][0]) pre.push_back(i);
  ASSERT_EQ(pre.size(), times.size());
  double worstT = 0, worstV = 0;
  for (std::size_t k = 0; k < pre.size(); ++k) {
    worstT = std::max(worstT, std::abs(t[pre[k]][0] - times[k]));
    worstV = std::max(worstV, std::abs(t[pre[k]][2] - vPre[k]) / std::abs(vPre[k]));
  }
  EXPECT_LT(worstT, 1e-9);
  EXPECT_LT(worstV, 1e-2);  // the last flights have an apex ~1e-15 m, below atol
  // The plastic impact: v⁺ = 0, then rest (q = 0, v = 0, γ0 = 0, p(2) = m g) until T.
  const auto& last = t[pre.back() + 1];
  EXPECT_EQ(last[2], 0.0);
  EXPECT_NEAR(last[8], 10.0, 1e-9);
  EXPECT_NEAR(t.back()[0], 10.0, 1e-12);
  EXPECT_NEAR(t.back()[1], 0.0, 1e-12);
  EXPECT_EQ(t.back()[2], 0.0);
  EXPECT_NEAR(t.back()[8], 10.0, 1e-9);
  // Accumulation time t∞ = t_k + 2 v_k / (g (1 − e)) (k = 10): the rest starts the skipped
  // flights' total, 2 e |v⁻| / (g (1 − e)) = 2.4e-7 s, before it.
  const double tRest = t[pre.back()][0];
  EXPECT_NEAR(tInf - tRest, 2 * e * std::abs(vPre.back()) / (g * (1 - e)), 1e-9);
  std::printf(
      "two contacts: %zu impacts, max |dt| = %.2e s, max |dv/v| = %.2e, rest at t = %.12f, "
      "t_inf = %.12f\n",
      pre.size(), worstT, worstV, tRest, tInf);
}
