// SlidingBlock (examples/SlidingBlock): a block thrown along a plane with Coulomb friction,
// FrictionContact(2). While it slides forward its acceleration is a = g (sin α − μ cos α);
// Moreau–Jean integrates that exactly (velocity affine in t, trapezoidal position), so the
// only discretisation error is in the step where the block stops: the stop time is the end
// of that step (t_s ≤ t_stop < t_s + h) and the distance error is at most |a| h² / 8 (the
// trapezoid over the part of the step after the stop). Checked for the three cases, plus the
// golden file of the independent Python reference (flat case) and the Coulomb cone of every
// impulse.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_SLIDINGBLOCK_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kG = 9.81, kMu = 0.3, kV0 = 2.0, kPi = 3.14159265358979323846;

// Columns of the result file.
enum Column { kT, kN, kS, kVn, kVs, kLn, kLs, kSExact, kVExact };

double acceleration(double degrees) {
  const double alpha = degrees * kPi / 180;
  return kG * (std::sin(alpha) - kMu * std::cos(alpha));
}

// Every row: on the plane (n = v_n = 0); every step: λ_n = m g cos α h and the impulse in the
// Coulomb cone |λ_s| ≤ μ λ_n.
void checkContactAndCone(const Table& t, double degrees, double h) {
  const double lambdaN = kG * std::cos(degrees * kPi / 180) * h;
  for (std::size_t k = 1; k < t.size(); ++k) {
    ASSERT_EQ(t[k].size(), 9u);
    EXPECT_EQ(t[k][kN], 0.0) << "row " << k;
    EXPECT_EQ(t[k][kVn], 0.0) << "row " << k;
    EXPECT_NEAR(t[k][kLn], lambdaN, 1e-15) << "row " << k;
    EXPECT_LE(std::abs(t[k][kLs]), kMu * t[k][kLn] * (1 + 1e-12)) << "row " << k;
  }
}

// Stop step of a case with a < 0: t_stop within one step after the exact stop time, distance
// within |a| h² / 8, then stuck (v_s = 0, s constant, friction strictly inside the cone and
// balancing the slope: λ_s = −m g sin α h).
void checkStop(const Table& t, double degrees, double h) {
  const double a = acceleration(degrees), tStop = kV0 / -a, distance = kV0 * kV0 / (-2 * a);
  std::size_t stop = 0;
  while (stop < t.size() && t[stop][kVs] > 0) ++stop;
  ASSERT_LT(stop, t.size()) << "never stopped";
  EXPECT_GE(t[stop][kT], tStop);
  EXPECT_LT(t[stop][kT], tStop + h);
  EXPECT_NEAR(t[stop][kS], distance, -a * h * h / 8 + 1e-12);
  for (std::size_t k = 0; k < stop; ++k) {
    // Sliding: exact velocity, friction at the cone boundary.
    EXPECT_NEAR(t[k][kVs], kV0 + a * t[k][kT], 1e-12) << "row " << k;
    EXPECT_NEAR(t[k][kS], t[k][kSExact], 1e-12) << "row " << k;
    if (k > 0) {
      EXPECT_NEAR(std::abs(t[k][kLs]), kMu * t[k][kLn], 1e-15) << "row " << k;
    }
  }
  for (std::size_t k = stop + 1; k < t.size(); ++k) {
    EXPECT_EQ(t[k][kVs], 0.0) << "row " << k;
    EXPECT_EQ(t[k][kS], t[stop][kS]) << "row " << k;
    EXPECT_NEAR(t[k][kLs], -kG * std::sin(degrees * kPi / 180) * h, 1e-15) << "row " << k;
    EXPECT_LT(std::abs(t[k][kLs]), kMu * t[k][kLn]) << "row " << k;
  }
}

}  // namespace

TEST(SlidingBlockExample, FlatMatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--T 0.75 --h 5e-3", "SlidingBlock_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/SlidingBlock_flat_T0.75.ref");
  ASSERT_EQ(data.size(), 151u);
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), ref[i].size());
    for (std::size_t j = 0; j < ref[i].size(); ++j) {
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-9) << "row " << i << " column " << j;
    }
  }
}

TEST(SlidingBlockExample, FlatStopsAtTheCoulombDistanceAndTime) {
  // v0²/(2 μ g) = v0/(μ g) · v0/2 = 0.679579 m, after 0.679579 s.
  for (const double h : {1e-2, 1e-3, 1e-4}) {
    const auto run = runExample(kExe, "--case flat --T 0.8 --h " + std::to_string(h),
                                "SlidingBlock_flat_" + std::to_string(h));
    ASSERT_EQ(run.exitCode, 0) << run.stdOut;
    const Table t = readTable(run.output);
    ASSERT_EQ(t.size(), static_cast<std::size_t>(std::lround(0.8 / h)) + 1);
    checkContactAndCone(t, 0, h);
    checkStop(t, 0, h);
  }
}

TEST(SlidingBlockExample, SlopeBelowTheFrictionAngleSticks) {
  // α = 10° < atan 0.3 = 16.7°: decelerates at g (μ cos α − sin α) = 1.1948 m/s², stops at
  // 1.674 s after 1.674 m, then sticks.
  const double h = 1e-3;
  const auto run = runExample(kExe, "--case stick", "SlidingBlock_stick");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  checkContactAndCone(t, 10, h);
  checkStop(t, 10, h);
  // Released at rest: stays at rest.
  const auto rest = runExample(kExe, "--case stick --v0 0 --T 0.2", "SlidingBlock_stick_rest");
  ASSERT_EQ(rest.exitCode, 0) << rest.stdOut;
  for (const auto& row : readTable(rest.output)) {
    EXPECT_EQ(row[kS], 0.0);
    EXPECT_EQ(row[kVs], 0.0);
  }
}

TEST(SlidingBlockExample, SlopeAboveTheFrictionAngleSlides) {
  // α = 30° > 16.7°: slides with a = g (sin α − μ cos α) = 2.3563 m/s²; Moreau–Jean is exact
  // for a constant acceleration (up to rounding).
  const double h = 1e-3, a = acceleration(30);
  const auto run = runExample(kExe, "--case slide", "SlidingBlock_slide");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  checkContactAndCone(t, 30, h);
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double time = t[k][kT];
    EXPECT_NEAR(t[k][kVs], kV0 + a * time, 1e-12) << "row " << k;
    EXPECT_NEAR(t[k][kS], kV0 * time + 0.5 * a * time * time, 1e-11) << "row " << k;
    EXPECT_NEAR(t[k][kS], t[k][kSExact], 1e-11) << "row " << k;
    if (k > 0) {
      EXPECT_NEAR(t[k][kLs], -kMu * t[k][kLn], 1e-15) << "row " << k;
    }
  }
  EXPECT_NE(run.stdOut.find("slide: sliding at T"), std::string::npos) << run.stdOut;
}

TEST(SlidingBlockExample, RejectsANegativeInitialVelocity) {
  EXPECT_EQ(runExample(kExe, "--v0 -1", "SlidingBlock_bad_v0").exitCode, 2);
  EXPECT_EQ(runExample(kExe, "--case tilted", "SlidingBlock_bad_case").exitCode, 2);
}
