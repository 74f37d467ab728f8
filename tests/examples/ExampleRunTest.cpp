// Tests that run the example executables (BouncingBall, CamFollower) and check their result
// files: physics of the bouncing ball, invariants of the cam follower (dev-notes §4.4) and
// golden files produced by the independent Python reference (tests/regression/golden/README.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "CamState.hpp"
#include "ExampleOutput.hpp"

namespace {

using moreau::tests::readTable;
using moreau::tests::runExample;
using moreau::tests::Table;

const std::string kBouncingBall = MOREAU_BOUNCINGBALL_EXE;
const std::string kCamFollower = MOREAU_CAMFOLLOWER_EXE;
const std::string kSimplePendulum = MOREAU_SIMPLEPENDULUMTS_EXE;
const std::string kGolden = MOREAU_EXAMPLES_GOLDEN_DIR;

// Golden-file tolerance: absolute, per value. The Python reference performs the same
// arithmetic in a different order (and solves the scalar LCP in closed form instead of
// Lemke), so the two agree to round-off amplified by the dynamics, measured < 1e-11 here;
// 1e-9 leaves room for other compilers/libm while still catching any change of the scheme.
constexpr double kGoldenTolerance = 1e-9;

// Number of steps with λ > 0 of the Python reference for CamFollower --model seed at T = 5:
// see tests/regression/golden/README.md. (Appendix B's prototype, with the rule on
// the memories y_k + (h/2) ẏ_k, found 78.)
constexpr long kCamFollowerImpactsT5 = 76;

Table runAndRead(const std::string& exe, const std::string& args, const std::string& name) {
  const auto run = runExample(exe, args, name);
  EXPECT_EQ(run.exitCode, 0) << exe << " " << args << "\n" << run.stdOut;
  return readTable(run.output);
}

void expectShape(const Table& table, std::size_t rows, std::size_t columns) {
  ASSERT_EQ(table.size(), rows);
  for (std::size_t i = 0; i < table.size(); ++i) {
    ASSERT_EQ(table[i].size(), columns) << "row " << i;
  }
}

void compareWithGolden(const Table& data, const std::string& refFile) {
  const Table ref = readTable(kGolden + "/" + refFile);
  ASSERT_FALSE(ref.empty());
  expectShape(data, ref.size(), ref[0].size());
  std::vector<double> maxDiff(ref[0].size(), 0.0);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    for (std::size_t j = 0; j < ref[i].size(); ++j) {
      maxDiff[j] = std::max(maxDiff[j], std::abs(data[i][j] - ref[i][j]));
      ASSERT_NEAR(data[i][j], ref[i][j], kGoldenTolerance)
          << refFile << ": row " << i << ", column " << j + 1;
    }
  }
  std::printf("max |example - reference| per column (%s):", refFile.c_str());
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}

// ---- BouncingBall --------------------------------------------------------------------

constexpr double kG = 9.81, kH = 0.005, kE = 0.9, kM = 1.0;

TEST(BouncingBallExample, MatchesGoldenFile) {
  const Table data = runAndRead(kBouncingBall, "", "golden_BouncingBall");
  compareWithGolden(data, "BouncingBall.ref");
}

TEST(BouncingBallExample, FirstRowsAndImpulses) {
  const Table d = runAndRead(kBouncingBall, "", "rows_BouncingBall");
  expectShape(d, 2001, 5);
  EXPECT_EQ(d[0][0], 0.0);
  EXPECT_EQ(d[0][1], 1.0);
  EXPECT_EQ(d[0][2], 0.0);
  EXPECT_EQ(d[0][3], 0.0);
  EXPECT_EQ(d[0][4], 0.0);
  // Free flight with θ = 0.5 and a constant force is exact on the grid: q = 1 − g t²/2.
  EXPECT_NEAR(d[1][1], 0.999877375, 1e-15);
  EXPECT_NEAR(d[1][2], -0.04905, 1e-15);
  EXPECT_NEAR(d[2][1], 0.9995095, 1e-15);
  for (std::size_t i = 0; i < d.size(); ++i) {
    EXPECT_NEAR(d[i][0], i * kH, 1e-12);
    EXPECT_GE(d[i][4], 0.0) << "row " << i;
    EXPECT_EQ(d[i][3], d[i][4]) << "row " << i;  // p(1)₀ = (Hᵀλ)₀ = λ with H = [1 0 0]
  }
  EXPECT_DOUBLE_EQ(d.back()[0], 10.0);
}

TEST(BouncingBallExample, FirstImpactTime) {
  const Table d = runAndRead(kBouncingBall, "", "impact_BouncingBall");
  const double tStar = std::sqrt(2.0 * 1.0 / kG);  // free fall from q = 1 to q = 0
  std::size_t first = 0;
  for (std::size_t i = 0; i < d.size() && first == 0; ++i) {
    if (d[i][4] > 0) first = i;
  }
  ASSERT_GT(first, 0u);
  // The impact is the first row with λ > 0; it lies within one step of the analytic time.
  EXPECT_LE(std::abs(d[first][0] - tStar), kH) << "first impact row at t = " << d[first][0];
  // Sharper: the step (t_k, t_{k+1}] is taken when, at the predicted state q̃ = q_k + h v_k,
  // q̃ + (h/2) v_k = q_k + (3h/2) v_k ≤ 0, and exact free flight gives
  // q(t_k + 3h/2) = q_k + (3h/2) v_k − 9 g h²/8: t_k + 3h/2 is within h/2 + 9 g h²/(8|v*|)
  // (6.2e-5 here) of t*, i.e. t_{k+1} within h/2 + 6.2e-5 of t*.
  EXPECT_LE(std::abs(d[first][0] - tStar), kH / 2 + 1e-4);
}

// Mechanical energy E = m g q + ½ m v² is exactly conserved in free flight by the θ = 0.5
// scheme with a constant force; an impact step maps v_k to v_{k+1} = −e v_k, so the kinetic
// energy ratio is e² exactly while the potential energy changes from m g q_k to m g q_{k+1}
// with q_{k+1} = q_k + (h/2)(1 − e) v_k. Since the step is taken when
// 0 ≤ q_k ≤ (3h/2)|v_k| (the rule at the predicted state q_k + h v_k; measured
// q_k/(h|v_k|) from 0.60 to 1.39),
//   |E_after − e² E_before| ≤ m g h |v_k| (1 − e)(2 + 3e)/2,
// at most 9.5e-3 relative for the first five impacts (h = 0.005; measured ≤ 7.0e-3).
TEST(BouncingBallExample, EnergyRatioPerImpactIsESquared) {
  const Table d = runAndRead(kBouncingBall, "", "energy_BouncingBall");
  auto energy = [](const std::vector<double>& r) {
    return kM * kG * r[1] + 0.5 * kM * r[2] * r[2];
  };
  int impacts = 0;
  for (std::size_t i = 1; i < d.size() && impacts < 5; ++i) {
    if (!(d[i][4] > 0 && d[i - 1][4] == 0)) continue;
    ++impacts;
    const double before = energy(d[i - 1]);
    const double after = energy(d[i]);
    const double bound = kM * kG * kH * std::abs(d[i - 1][2]) * (1 - kE) * (2 + 3 * kE) / 2;
    EXPECT_NEAR(after, kE * kE * before, bound * (1 + 1e-9) + 1e-12) << "impact " << impacts;
    EXPECT_NEAR(after / before, kE * kE, 1e-2) << "impact " << impacts;
    EXPECT_NEAR(d[i][2], -kE * d[i - 1][2], 1e-12) << "impact " << impacts;
    // energy between impacts is conserved (exact free flight)
    EXPECT_NEAR(energy(d[i + 1]), after, 1e-10 * before) << "after impact " << impacts;
  }
  EXPECT_EQ(impacts, 5);
}

TEST(BouncingBallExample, PenetrationIsOrderHV) {
  const Table d = runAndRead(kBouncingBall, "", "penetration_BouncingBall");
  double vMax = 0, qMin = 1;
  for (const auto& r : d) {
    vMax = std::max(vMax, std::abs(r[2]));
    qMin = std::min(qMin, r[1]);
  }
  EXPECT_LT(qMin, 0.0);         // velocity-level scheme: some penetration is expected …
  EXPECT_GE(qMin, -kH * vMax);  // … but only O(h v)
}

TEST(BouncingBallExample, SummaryLine) {
  const auto run = runExample(kBouncingBall, "--T 1", "summary_BouncingBall");
  ASSERT_EQ(run.exitCode, 0);
  EXPECT_NE(run.stdOut.find("BouncingBall: 200 steps, "), std::string::npos) << run.stdOut;
  // Simulation time apart from output time.
  EXPECT_NE(run.stdOut.find(" impacts, 0 solver failures, simulation "), std::string::npos)
      << run.stdOut;
  EXPECT_NE(run.stdOut.find(" s, output "), std::string::npos) << run.stdOut;
  EXPECT_NE(run.stdOut.find(" s -> " + run.output), std::string::npos) << run.stdOut;
  EXPECT_EQ(readTable(run.output).size(), 201u);
}

// ---- SimplePendulumTS ----------------------------------------------------------------

// Golden file: scripts/reference/simple_pendulum_ts.py --T 2 (its own Newton stop on the
// velocity increment, 1e-14); the example with a tight Newton tolerance reaches the same
// discrete solution (measured 3e-14).
TEST(SimplePendulumTSExample, MatchesGoldenFileT2) {
  const Table data = runAndRead(kSimplePendulum, "--T 2 --tol 1e-12", "golden_SimplePendulumTS");
  compareWithGolden(data, "SimplePendulumTS_T2.ref");
}

// Default run (spec parameters): shape and columns, first impact at the quarter period of the
// large-amplitude pendulum, K(sin(θ0/2))/√g (K by the arithmetic–geometric mean), kinetic energy
// × e² and ẏ × (−e) at each impact (the wall is at the bottom: the potential energy is ~0 there).
TEST(SimplePendulumTSExample, ColumnsImpactTimeAndEnergyRatio) {
  const Table d = runAndRead(kSimplePendulum, "", "default_SimplePendulumTS");
  expectShape(d, 100001, 11);
  for (const auto& r : d) {
    EXPECT_NEAR(r[3], std::sin(r[1]), 1e-15);
    EXPECT_NEAR(r[4], -std::cos(r[1]), 1e-15);
    EXPECT_NEAR(r[5], std::cos(r[1]) * r[2], 1e-14);
    for (int j = 6; j < 11; ++j) ASSERT_EQ(r[j], 0.0);
  }
  const double g = 10, e = 0.9, h = 5e-4;
  double a = 1, b = std::sqrt(1 - std::pow(std::sin(0.5), 2));
  for (int i = 0; i < 30; ++i) {
    const double an = (a + b) / 2;
    b = std::sqrt(a * b);
    a = an;
  }
  const double firstImpact = M_PI / (2 * a) / std::sqrt(g);  // 0.529679...
  auto kinetic = [](const std::vector<double>& r) { return 0.5 * r[2] * r[2]; };
  int impacts = 0;
  for (std::size_t i = 1; i < d.size(); ++i) {
    if (!(d[i - 1][2] < 0 && d[i][2] >= 0)) continue;
    if (++impacts == 1) {
      EXPECT_NEAR(d[i][0], firstImpact, h);
    }
    EXPECT_NEAR(kinetic(d[i]) / kinetic(d[i - 1]), e * e, 1e-5) << "impact at t = " << d[i][0];
    EXPECT_NEAR(d[i][5] / d[i - 1][5], -e, 1e-5) << "impact at t = " << d[i][0];
  }
  EXPECT_EQ(impacts, 50);
}

// ---- CamFollower ---------------------------------------------------------------------

TEST(CamFollowerExample, MatchesGoldenFileT1) {
  const Table data = runAndRead(kCamFollower, "--model seed --T 1", "golden_CamFollower_T1");
  compareWithGolden(data, "CamFollower_T1.ref");
}

TEST(CamFollowerExample, TutorialModelIsSiconosRunWithTheFollowerAtRest) {
  // The default model, tutorial-models §10: q0 = v0 = 0 and F_ext = −m g with g = 0, so the
  // follower stays at q = v = 0 on an active contact with λ = 0 (w = W λ + 0); the cam columns
  // are the profile at t_k; 10 001 rows for T = 1, h = 1e-4.
  const auto run = runExample(kCamFollower, "", "tutorial_CamFollower");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table d = readTable(run.output);
  expectShape(d, 10001, 8);
  const double h = 1e-4, rpm = 358;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const auto& r = d[i];
    EXPECT_NEAR(r[0], i * h, 1e-12);
    for (std::size_t c = 1; c <= 4; ++c) ASSERT_EQ(r[c], 0.0) << "row " << i << " column " << c;
    const auto s = moreau::examples::camState(static_cast<double>(i) * h, rpm);
    EXPECT_NEAR(r[5], s.position, 1e-15) << "row " << i;
    EXPECT_NEAR(r[6], s.velocity, 1e-14 * (1 + std::abs(s.velocity))) << "row " << i;
    EXPECT_EQ(r[7], r[5]) << "row " << i;
  }
  EXPECT_NE(run.stdOut.find("CamFollower: 10000 steps, 0 impacts, 0 solver failures, simulation "),
            std::string::npos)
      << run.stdOut;
}

TEST(CamFollowerExample, InvariantsAndImpactCountAtT5) {
  const auto run = runExample(kCamFollower, "--model seed --T 5", "invariants_CamFollower");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table d = readTable(run.output);
  expectShape(d, 50001, 8);
  const double h = 1e-4, e = 0.8, rpm = 358;
  namespace cam = moreau::examples::cam;
  long impacts = 0;
  double qMin = 0, vMax = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const auto& r = d[i];
    EXPECT_NEAR(r[0], i * h, 1e-12);
    ASSERT_GE(r[3], 0.0) << "row " << i;  // λ ≥ 0
    if (r[3] > 0) {
      ++impacts;
      // w = v_{k+1} + e v_k = 0 where λ > 0 (complementarity, scalar LCP solved exactly)
      EXPECT_NEAR(r[2] + e * d[i - 1][2], 0.0, 1e-9 * (1 + std::abs(r[2]))) << "row " << i;
    }
    // column 8 = column 6 + column 2 (values printed to 16 digits: compare at 1e-14)
    EXPECT_NEAR(r[7], r[5] + r[1], 1e-14 * (1 + std::abs(r[7]))) << "row " << i;
    // column 5 = −(m c'' + c_f c' + k c) of the Appendix B profile, c_f = 0
    // t_k = k h exactly as in the kernel (the printed t has only 16 significant digits)
    const auto s = moreau::examples::camState(static_cast<double>(i) * h, rpm);
    EXPECT_NEAR(r[4], -(cam::kMass * s.acceleration + cam::kSpring * s.position),
                1e-9 * (1 + std::abs(r[4])))
        << "row " << i;
    EXPECT_NEAR(r[5], s.position, 1e-15) << "row " << i;
    EXPECT_NEAR(r[6], s.velocity, 1e-14 * (1 + std::abs(s.velocity))) << "row " << i;
    qMin = std::min(qMin, r[1]);
    vMax = std::max(vMax, std::abs(r[2]));
  }
  EXPECT_GE(qMin, -h * vMax);  // penetration O(h v)
  EXPECT_EQ(impacts, kCamFollowerImpactsT5);
  EXPECT_NE(run.stdOut.find("CamFollower: 50000 steps, " + std::to_string(kCamFollowerImpactsT5) +
                            " impacts, 0 solver failures, simulation "),
            std::string::npos)
      << run.stdOut;
}

TEST(CamFollowerExample, OptionsChangeTheRun) {
  const Table d =
      runAndRead(kCamFollower, "--model seed --T 0.01 --h 0.001 --rpm=660", "options_CamFollower");
  expectShape(d, 11, 8);
  EXPECT_NEAR(d.back()[0], 0.01, 1e-15);
  const auto s = moreau::examples::camState(0.01, 660);
  EXPECT_NEAR(d.back()[5], s.position, 1e-14);
}

TEST(ExamplesCommandLine, BadOptionsExitWithCode2) {
  EXPECT_EQ(runExample(kBouncingBall, "--nope 3", "bad1").exitCode, 2);
  EXPECT_EQ(runExample(kBouncingBall, "--T ten", "bad2").exitCode, 2);
  EXPECT_EQ(runExample(kCamFollower, "--rpm 1e400", "bad3").exitCode, 2);
  EXPECT_EQ(runExample(kCamFollower, "--h 0", "bad4").exitCode, 2);
  EXPECT_EQ(runExample(kCamFollower, "--T", "bad5").exitCode, 2);  // "--output" becomes the value
  EXPECT_EQ(runExample(kCamFollower, "--model siconos", "bad6").exitCode, 2);
}

}  // namespace
