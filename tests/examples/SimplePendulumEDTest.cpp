// SimplePendulumED (examples/SimplePendulumED, tutorial-models §28): the rope stays taut from
// θ0 = π/3 (tension m g (3 cos θ − 2 cos θ0) > 0), so the event-driven run is the large-amplitude
// pendulum on the constraint |q| = L. Checked on the example's output: the layout (1000 rows of
// 10 columns at t = k h, no impact), the first crossing of x = 0 against the quarter period
// K(sin(θ0/2)) √(L/g) (cubic Hermite interpolation of the rows), the energy and the constraint
// invariants, the tension λ(2) = m (|v|² + g y) / (2 L²) and the acceleration (0, g) − 2 λ(2) q.
// Also BouncingBallTSvsED: time stepping against event-driven, first order in h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {
const std::string kExe = MOREAU_SIMPLEPENDULUMED_EXE;

double ellipticK(double k) {  // arithmetic-geometric mean
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 40 && std::abs(a - b) > 1e-16 * a; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return 0.5 * M_PI / a;
}
}  // namespace

TEST(SimplePendulumED, QuarterPeriodInvariantsAndTension) {
  const auto run = runExample(kExe, "", "SimplePendulumED_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  EXPECT_NE(run.stdOut.find("1000 steps, 0 impacts, 0 solver failures"), std::string::npos)
      << run.stdOut;
  Table t = readTable(run.output);
  // tutorial-models §28: 1001 × 10, not resized: 1000 event rows, then the unfilled row (zeros).
  ASSERT_EQ(t.size(), 1001u);
  EXPECT_EQ(t.back(), std::vector<double>(10, 0.0));
  t.pop_back();
  const double g = 9.81, L = 1.0, th0 = M_PI / 3, h = 0.01;
  const double E0 = -g * L * std::cos(th0);
  double maxDE = 0, maxGap = 0, maxTension = 0, maxAcc = 0, tCross = -1;
  double tPrev = 0, xPrev = L * std::sin(th0), vPrev = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto& r = t[i];
    ASSERT_EQ(r.size(), 10u);
    EXPECT_NEAR(r[0], static_cast<double>(i + 1) * h, 1e-12);
    const double x = r[1], y = r[2], vx = r[3], vy = r[4], v2 = vx * vx + vy * vy;
    maxDE = std::max(maxDE, std::abs(0.5 * v2 - g * y - E0));
    maxGap = std::max({maxGap, std::abs(r[7] - (L * L - x * x - y * y)), std::abs(r[7]),
                       std::abs(r[8] + 2 * (x * vx + y * vy))});
    const double lambda = (v2 + g * y) / (2 * L * L);
    maxTension = std::max(maxTension, std::abs(r[9] - lambda));
    EXPECT_GT(r[9], 0.0);
    maxAcc = std::max({maxAcc, std::abs(r[5] + 2 * r[9] * x), std::abs(r[6] - g + 2 * r[9] * y)});
    if (tCross < 0 && x <= 0 && xPrev > 0) {
      const double dt = r[0] - tPrev;
      auto xs = [&](double s) {
        const double s2 = s * s, s3 = s2 * s;
        return (2 * s3 - 3 * s2 + 1) * xPrev + (s3 - 2 * s2 + s) * dt * vPrev +
               (-2 * s3 + 3 * s2) * x + (s3 - s2) * dt * vx;
      };
      double lo = 0, hi = 1;
      for (int k = 0; k < 60; ++k) (xs(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
      tCross = tPrev + 0.5 * (lo + hi) * dt;
    }
    tPrev = r[0];
    xPrev = x;
    vPrev = vx;
  }
  const double quarter = ellipticK(std::sin(th0 / 2)) * std::sqrt(L / g);
  EXPECT_NEAR(tCross, quarter, 1e-6);
  EXPECT_LT(maxDE, 1e-8);
  EXPECT_LT(maxGap, 1e-8);
  EXPECT_LT(maxTension, 1e-8);
  EXPECT_LT(maxAcc, 1e-8);
  std::printf(
      "SimplePendulumED example: |t_cross - K sqrt(L/g)| = %.3e (quarter period %.9f), "
      "max |E - E0| = %.3e, max constraint residual = %.3e, max |lambda - tension| = "
      "%.3e, max acceleration residual = %.3e\n",
      std::abs(tCross - quarter), quarter, maxDE, maxGap, maxTension, maxAcc);
}

// BouncingBallTSvsED (examples/BouncingBallTSvsED, issue 12): Moreau–Jean time stepping against
// the event-driven bouncing ball on the grid 0.01 over [0, 1], h = 1e-2 / 2^j, j = 0..10.
TEST(BouncingBallTSvsED, ErrorIsFirstOrderInH) {
  const auto run = runExample(MOREAU_BOUNCINGBALLTSVSED_EXE, "", "BouncingBallTSvsED_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  EXPECT_NE(run.stdOut.find("204700 steps, 1 impacts, 0 solver failures"), std::string::npos)
      << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 11u);
  for (std::size_t j = 0; j < t.size(); ++j) {
    ASSERT_EQ(t[j].size(), 5u);
    EXPECT_DOUBLE_EQ(t[j][0], 1e-2 / std::pow(2.0, static_cast<double>(j)));
    EXPECT_LE(t[j][1], 10 * t[j][0]) << "h = " << t[j][0];
    // Velocity error on the grid 0.01. The index set is decided at the predicted state, so the
    // impulse is in the step whose predicted gap q_k + (3/2) h v_k is the first ≤ 0: that step
    // ends within about h/2 of the impact time t* = √(2/g) = 0.4515, possibly before it. At
    // h = 1e-2 and 5e-3 it ends at t = 0.45, a grid point before t*: there the time-stepping
    // velocity has jumped (+3.9) and the event-driven one not yet (−4.4), an error of the whole
    // jump ≈ (1 + e)|v*| (measured 8.30, 8.34). From h = 2.5e-3 on, no grid point falls between
    // the two impacts: first order (measured ≤ 17.0 h).
    if (j < 2) {
      EXPECT_GT(t[j][2], 8.0) << "h = " << t[j][0];
      EXPECT_LE(t[j][2], (1 + 0.9) * std::sqrt(2 * 9.81)) << "h = " << t[j][0];
    } else {
      EXPECT_LE(t[j][2], 25 * t[j][0]) << "h = " << t[j][0];
    }
    EXPECT_LE(t[j][3], t[j][1]);
    EXPECT_NEAR(t[j][4], t[j][1] / t[j][0], 1e-12 * t[j][4]);
    if (j + 3 >= t.size()) {
      EXPECT_GE(t[j][4], 3.0);
      EXPECT_LE(t[j][4], 5.0);
    }
  }
  EXPECT_LT(t.back()[1], t.front()[1] / 100);
  std::printf("BouncingBallTSvsED: max |q_TS - q_ED| = %.3e at h = %.3e, %.3e at h = %.3e\n",
              t.front()[1], t.front()[0], t.back()[1], t.back()[0]);
}
