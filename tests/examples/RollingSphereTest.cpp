// RollingSphere (examples/RollingSphere): a solid sphere thrown with spin on a plane slides,
// then rolls without slipping. Checked against the independent Python reference
// scripts/reference/rolling_sphere.py (golden file) and against the analytic solution: rolling
// from t* = 2|v0 − R ω0|/(7 μ g) (the slip decreases by (7/2) μ g h per step, so the discrete
// time is within one step), v∞ = (5 v0 + 2 R ω0)/7 (from the conserved angular momentum about the
// contact point L_P = I ω + m R v), energy non-increasing and constant once rolling.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_ROLLINGSPHERE_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

enum Column { kT, kX, kZ, kVx, kVz, kOmega, kSlip, kEnergy, kMomentum, kLambdaN, kPx, kP0, kP2 };

constexpr double kM = 1, kR = 0.1, kG = 9.81, kI = 0.4 * kM * kR * kR;

struct Case {
  double v0, omega0, mu, h, T;
};

std::string arguments(const Case& c) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "--v0 %.10g --omega0 %.10g --mu %.10g --h %.10g --T %.10g", c.v0,
                c.omega0, c.mu, c.h, c.T);
  return buf;
}

// Runs one case and checks the analytic solution and the invariants on every row.
void checkCase(const Case& c, const std::string& name) {
  SCOPED_TRACE(name + ": " + arguments(c));
  const auto run = runExample(kExe, arguments(c), "RollingSphere_" + name);
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  const auto steps = static_cast<std::size_t>(std::llround(c.T / c.h));
  ASSERT_EQ(t.size(), steps + 1);
  const double s0 = c.v0 - kR * c.omega0;
  const double tStar = 2 * std::abs(s0) / (7 * c.mu * kG);
  const double vInf = (5 * c.v0 + 2 * kR * c.omega0) / 7;
  const double L0 = kI * c.omega0 + kM * kR * c.v0;
  const double E0 = 0.5 * kM * c.v0 * c.v0 + 0.5 * kI * c.omega0 * c.omega0 + kM * kG * kR;
  const double Einf = 0.5 * (kM + kI / (kR * kR)) * vInf * vInf + kM * kG * kR;
  ASSERT_LT(tStar, c.T - 2 * c.h) << "the case must reach rolling";
  double tRoll = -1, maxL = 0, maxSlideV = 0, maxRise = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const auto& r = t[k];
    ASSERT_EQ(r.size(), 13u);
    EXPECT_EQ(r[kZ], kR);  // resting contact: the centre stays at height R, v_z = 0
    EXPECT_EQ(r[kVz], 0.0);
    EXPECT_NEAR(r[kSlip], r[kVx] - kR * r[kOmega], 1e-14);
    EXPECT_NEAR(r[kP0] * r[kP0] + r[kP2] * r[kP2], 1.0, 1e-14);
    maxL = std::max(maxL, std::abs(r[kMomentum] - L0) / std::abs(L0));
    if (k == 0) continue;
    EXPECT_NEAR(r[kLambdaN], kM * kG * c.h, 1e-15);
    EXPECT_LE(std::abs(r[kPx]), c.mu * r[kLambdaN] * (1 + 1e-12));  // Coulomb cone
    maxRise = std::max(maxRise, (r[kEnergy] - t[k - 1][kEnergy]) / E0);
    const bool rolling = std::abs(r[kSlip]) <= 1e-9;
    if (rolling && tRoll < 0) tRoll = r[kT];
    if (!rolling) {
      // Sliding: dv/dt = −μ g sign(s0), exactly linear in the discrete scheme.
      const double v = c.v0 - std::copysign(c.mu * kG, s0) * r[kT];
      maxSlideV = std::max(maxSlideV, std::abs(r[kVx] - v));
      EXPECT_NEAR(std::abs(r[kPx]), c.mu * r[kLambdaN], 1e-15);
      EXPECT_GT(r[kSlip] * s0, 0.0) << "the slip must not change sign, t = " << r[kT];
    }
    if (tRoll >= 0) {
      EXPECT_NEAR(r[kVx], vInf, 1e-12) << "t = " << r[kT];
      EXPECT_NEAR(kR * r[kOmega], vInf, 1e-12) << "t = " << r[kT];
      EXPECT_NEAR(r[kEnergy], Einf, 1e-12 * E0) << "t = " << r[kT];
    }
  }
  std::printf(
      "%s: t* = %.6f, rolling from %.6f (error %.3g h); v_x(T) - v_inf = %.2e; "
      "max |L_P - L0|/|L0| = %.2e; max energy rise %.2e E0; sliding max |v - v(t)| = %.2e\n",
      name.c_str(), tStar, tRoll, (tRoll - tStar) / c.h, t.back()[kVx] - vInf, maxL, maxRise,
      maxSlideV);
  EXPECT_GE(tRoll, tStar - 1e-9);
  EXPECT_LE(tRoll, tStar + c.h + 1e-9);
  EXPECT_LT(maxL, 1e-12);
  EXPECT_LE(maxRise, 1e-14);
  EXPECT_LT(maxSlideV, 1e-12);
}

}  // namespace

TEST(RollingSphereExample, MatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--T 1 --h 5e-3", "RollingSphere_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/RollingSphere_T1_h5e-3.ref");
  ASSERT_EQ(data.size(), 201u);
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 13u);
    for (std::size_t j = 0; j < ref[i].size(); ++j)
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-12) << "row " << i << " column " << j;
  }
}

TEST(RollingSphereExample, BackspinReturnsAtTheAnalyticTimeAndVelocity) {
  checkCase({2.0, -60.0, 0.3, 1e-3, 1.5}, "backspin");  // the default run: v∞ < 0
}

TEST(RollingSphereExample, TopspinAcceleratesToTheAnalyticRollingVelocity) {
  checkCase({1.0, 40.0, 0.3, 1e-3, 0.6}, "topspin");  // slip < 0: friction pushes forward
  checkCase({1.0, 40.0, 0.3, 1e-4, 0.6}, "topspin_h1e-4");
}

TEST(RollingSphereExample, PureSlideWithoutSpin) {
  checkCase({3.0, 0.0, 0.5, 2e-3, 0.5}, "nospin");
}

TEST(RollingSphereExample, ReportsTheAnalyticValuesOnStdout) {
  const auto run = runExample(kExe, "", "RollingSphere_summary");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  EXPECT_NE(run.stdOut.find("rolling from t = 0.777 (analytic t* = 0.776661)"), std::string::npos)
      << run.stdOut;
  EXPECT_NE(run.stdOut.find("1500 steps, 776 sliding steps, 0 solver failures"), std::string::npos)
      << run.stdOut;
}
