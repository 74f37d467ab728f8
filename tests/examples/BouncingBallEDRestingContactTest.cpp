// BouncingBallEDRestingContact (examples/BouncingBallEDRestingContact, tutorial-models §27):
// 1702 rows × 5 (1700 time events + the impact's two rows, as the tutorial's run); free fall
// q = 1 − g t²/2 before the impact, the impact at t1 = √(2/g) with v⁻ = −√(2g) to 1e-9, then the
// persistent contact: q = 0, v = 0 and p(2) = m g in every later row; p(1) = m √(2g) (the
// impulse of the plastic impact) on the impact's own row only, 0 on every later row (the smooth
// advance starts with the impulses reset, as Siconos's BouncingBallEDwithRestingContact.ref).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_BOUNCINGBALLEDRESTINGCONTACT_EXE;
}  // namespace

TEST(BouncingBallEDRestingContact, StaysOnTheFloorAfterThePlasticImpact) {
  const auto run = runExample(kExe, "", "BouncingBallEDRestingContact_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 1702u);
  const double g = 9.81, t1 = std::sqrt(2 / g), v1 = std::sqrt(2 * g);
  // tutorial-models §27: k starts at 0, so row 0 (the initial state) is overwritten by the
  // first event, t = h.
  EXPECT_NEAR(t[0][0], 5e-3, 1e-15);
  std::size_t impacts = 0, impactRow = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto& r = t[i];
    ASSERT_EQ(r.size(), 5u);
    if (i + 1 < t.size() && t[i + 1][0] == r[0]) {
      EXPECT_NEAR(r[0], t1, 1e-9);
      EXPECT_NEAR(r[1], 0.0, 1e-12);
      EXPECT_NEAR(r[2], -v1, 1e-9);
      EXPECT_EQ(r[3], 0.0);
      EXPECT_EQ(r[4], 0.0);
      ++impacts;
      impactRow = i + 1;
      continue;
    }
    if (r[0] < t1) {
      EXPECT_NEAR(r[1], 1 - 0.5 * g * r[0] * r[0], 1e-12);
      EXPECT_NEAR(r[2], -g * r[0], 1e-12);
      EXPECT_EQ(r[3], 0.0);
      EXPECT_EQ(r[4], 0.0);
    } else {
      EXPECT_NEAR(r[1], 0.0, 1e-12);
      EXPECT_NEAR(r[2], 0.0, 1e-12);
      if (i == impactRow) {
        EXPECT_NEAR(r[3], v1, 1e-9);  // the impulse, on the impact row
      } else {
        EXPECT_EQ(r[3], 0.0);  // reset by the next advanceToEvent
      }
      EXPECT_NEAR(r[4], g, 1e-9);
    }
  }
  EXPECT_EQ(impacts, 1u);
}
