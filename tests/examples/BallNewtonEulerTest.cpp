// BallNewtonEuler (examples/BallNewtonEuler): the Newton–Euler ball of tutorial-models.md §33
// whose v_x, Ω_x and Ω_z are prescribed (BoundaryCondition) to 2 + cos(π t / 2). The golden
// file comes from the independent Python reference scripts/reference/ball_newton_euler.py; the
// full run is checked against the prescribed velocities, Siconos's reaction, the free
// components and the closed forms of the θ = 1 scheme.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_BALLNEWTONEULER_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

// Columns of the output (0-based).
constexpr int kT = 0, kX = 1, kVx = 2, kP = 3, kReaction = 4, kAngle = 5, kUnused = 6, kQ0 = 7,
              kV0 = 14;

double prescribed(double t) { return 2.0 + std::cos(std::acos(-1.0) * t / 2.0); }

}  // namespace

TEST(BallNewtonEulerExample, MatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--T 2", "BallNewtonEuler_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/BallNewtonEuler_T2.ref");
  ASSERT_EQ(data.size(), 2001u);
  ASSERT_EQ(data.size(), ref.size());
  double worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 20u);
    for (std::size_t j = 0; j < ref[i].size(); ++j) {
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-12) << "row " << i << " column " << j;
      worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
    }
  }
  RecordProperty("max_difference_e15", static_cast<int>(worst * 1e15));
}

TEST(BallNewtonEulerExample, FullRunFollowsThePrescribedTwistAndItsReaction) {
  const auto run = runExample(kExe, "", "BallNewtonEuler_full");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 10001u);
  const double h = 1e-3, g = 10.0, m = 1.0, sqrt2 = std::sqrt(2.0);
  double sumF = 0, worstAxis = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const auto& r = t[k];
    ASSERT_EQ(r.size(), 20u);
    EXPECT_EQ(r[kUnused], 0.0);
    EXPECT_EQ(r[kP], 0.0);  // no contact: the interaction is never linked
    EXPECT_EQ(r[kX], r[kQ0]);
    EXPECT_EQ(r[kVx], r[kV0]);
    // Free components: y, z, v_y, v_z, Ω_y stay 0 (no force there, no gyroscopic moment).
    for (int c : {kQ0 + 1, kQ0 + 2, kQ0 + 5, kV0 + 1, kV0 + 2, kV0 + 4}) EXPECT_EQ(r[c], 0.0);
    if (k == 0) continue;
    const auto& prev = t[k - 1];
    const double vbar = prescribed(r[kT]);
    for (int c : {kV0, kV0 + 3, kV0 + 5})
      EXPECT_NEAR(r[c], vbar, 1e-14) << "row " << k << " column " << c;
    // Reaction on x as Siconos stores it (tutorial-models §33): −(column 0 of W)·v_{k+1} + p_0
    // with W = M and p = 0, i.e. −m v̄(t_{k+1}) — not the drive's impulse
    // m (v̄(t_{k+1}) − v_k) + m g h (NewtonEulerDS::boundaryConditionImpulse).
    EXPECT_EQ(r[kReaction], -m * r[kV0]) << "row " << k;
    EXPECT_NEAR(r[kReaction], -m * vbar, 1e-14) << "row " << k;
    EXPECT_GT(std::abs(r[kReaction] - (m * (vbar - prev[kV0]) + m * g * h)), 1.0) << "row " << k;
    // θ = 1 position update, and the rotation about the fixed body axis (1, 0, 1)/√2 with
    // angle φ = √2 h Σ v̄(t_j): the scheme's closed form.
    EXPECT_NEAR(r[kX], prev[kX] + h * r[kV0], 4e-14);  // x ≤ 21 written with 16 digits
    sumF += vbar;
    const double phi = sqrt2 * h * sumF;
    worstAxis = std::max({worstAxis, std::abs(r[kQ0 + 3] - std::cos(phi / 2)),
                          std::abs(r[kQ0 + 4] - std::sin(phi / 2) / sqrt2),
                          std::abs(r[kQ0 + 6] - std::sin(phi / 2) / sqrt2)});
    // acos(q3) (cos of it: acos is ill-conditioned near ±1, where the file's 16 digits of q3
    // leave 1e-11 of it).
    EXPECT_NEAR(std::cos(r[kAngle]), r[kQ0 + 3], 1e-15);
  }
  EXPECT_LT(worstAxis, 1e-12);
  // Exact solution: x(t) = 1 + 2t + (2/π) sin(πt/2); θ = 1 is first order (x_N − x(T) ≈ −h).
  const double T = t.back()[kT], pi = std::acos(-1.0);
  const double xExact = 1 + 2 * T + 2 / pi * std::sin(pi * T / 2);
  EXPECT_NEAR(t.back()[kX] - xExact, -h, 1e-6);
  EXPECT_NEAR(t.back()[kQ0 + 3], std::cos(sqrt2 * (xExact - 1) / 2), 2e-3);
}
