// BouncingBallEDTwoContacts (examples/BouncingBallEDTwoContacts, tutorial-models §25): the
// layout (row 0 hard-wired, pre-impact rows with columns 3–8 at 0, 1 + 1000 + 2 × impacts
// rows), y1 = q0 and y2 = 1.5 − q0 in every event row, the acceleration −g in flight, the
// gap never below −1e-12, and the end of the run: the ball rests on the floor (after the Zeno
// guard) with γ0 = 0 and p(2) = m g. The impact times against the exact parabolas are checked
// in tests/kernel (EventDriven.TwoContactsMatchTheExactParabolas).
#include <gtest/gtest.h>

#include <cmath>
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
  EXPECT_GE(impacts, 40u);
}
