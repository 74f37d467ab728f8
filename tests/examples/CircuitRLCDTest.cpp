// CircuitRLCD (examples/CircuitRLCD): an LC tank in parallel with a resistor–ideal diode branch.
// Checked at every row: the columns (row 0 holds y(t0) = −10), the diode law 0 ≤ y ⟂ λ ≥ 0, the
// diode conducts only when v_C > 0 and then carries v_C / R, and the discrete energy balance
// of the θ ≈ ½ scheme with the implicit input, E_{k+1} − E_k = −h v̄ λ (E = ½Cv² + ½Li²), so the
// energy is conserved while the diode blocks. Then the whole output against the golden file of
// the independent Python reference scripts/reference/circuit_rlcd.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kCircuitRLCD = MOREAU_CIRCUITRLCD_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kL = 1e-2, kC = 1e-6, kR = 1e3, kH = 1e-5;

}  // namespace

TEST(CircuitRLCD, DiodeLawConductionOnlyForPositiveVoltageAndEnergyBalance) {
  const auto run = runExample(kCircuitRLCD, "", "CircuitRLCD_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 501u);  // row 0 = initial state, then 500 steps of h = 1e-5
  for (const auto& row : t) ASSERT_EQ(row.size(), 6u);
  // Row 0: x0 = (10, 0), y(t0) = C x0 = −10 (column 3 holds −y), λ = r = 0.
  EXPECT_EQ(t[0][0], 0.0);
  EXPECT_EQ(t[0][1], 10.0);
  EXPECT_EQ(t[0][2], 0.0);
  EXPECT_EQ(t[0][3], 10.0);
  EXPECT_EQ(t[0][4], 0.0);
  EXPECT_EQ(t[0][5], 0.0);
  auto energy = [](const std::vector<double>& r) {
    return 0.5 * kC * r[1] * r[1] + 0.5 * kL * r[2] * r[2];
  };
  double worstLaw = 0, worstCurrent = 0, worstBalance = 0, worstBlocked = 0;
  long conducting = 0, blocked = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& prev = t[k - 1];
    const auto& row = t[k];
    EXPECT_NEAR(row[0], k * kH, 1e-15);
    const double v = row[1], y = -row[3], lambda = row[4];
    EXPECT_EQ(row[5], 0.0);  // written as the constant 0 after row 0 (tutorial)
    // Diode law: y ≥ 0, λ ≥ 0, y λ = 0 (y = −v + R λ in volts, λ in amperes).
    EXPECT_GE(lambda, 0.0) << "row " << k;
    EXPECT_GE(y, -1e-12) << "row " << k;
    worstLaw = std::max(worstLaw, std::abs(y * lambda));
    if (lambda > 0) {
      ++conducting;
      EXPECT_GT(v, 0.0) << "the diode conducts with v_C <= 0 at row " << k;
      worstCurrent = std::max(worstCurrent, std::abs(lambda - v / kR));
    } else {
      ++blocked;
      EXPECT_GE(y, 0.0);
    }
    if (v <= 0) {
      EXPECT_EQ(lambda, 0.0) << "row " << k;
    }
    // E_{k+1} − E_k = −h v̄ λ_{k+1}, v̄ the mean voltage of the step.
    const double dE = energy(row) - energy(prev);
    const double vbar = 0.5 * (prev[1] + row[1]);
    worstBalance = std::max(worstBalance, std::abs(dE + kH * vbar * lambda));
    if (lambda == 0) worstBlocked = std::max(worstBlocked, std::abs(dE));
  }
  EXPECT_LT(worstLaw, 1e-14);
  EXPECT_LT(worstCurrent, 1e-15);
  EXPECT_LT(worstBalance, 1e-16);  // E ≈ 5e-5 J
  EXPECT_LT(worstBlocked, 1e-16);
  EXPECT_EQ(conducting, 252);  // same count as the Python reference
  EXPECT_GT(blocked, 200);
  // The load dissipates: the energy decays, only while the diode conducts.
  EXPECT_LT(energy(t.back()), 0.5 * energy(t.front()));
  std::printf(
      "CircuitRLCD: %ld conducting rows, max |y lambda| = %.3e, max |lambda - v/R| = %.3e, "
      "max energy-balance residual = %.3e J, max |dE| while blocked = %.3e J\n",
      conducting, worstLaw, worstCurrent, worstBalance, worstBlocked);
}

// Golden file from the independent pure-Python reference scripts/reference/circuit_rlcd.py
// (same scheme from the spec formulas, scalar LCP in closed form; see golden/README.md).
TEST(CircuitRLCD, MatchesGoldenFile) {
  const Table data = readTable(runExample(kCircuitRLCD, "", "CircuitRLCD_golden").output);
  const Table ref = readTable(kGoldenDir + "/CircuitRLCD.ref");
  ASSERT_EQ(data.size(), ref.size());
  // Per column: t, v_C (~10 V), i_L (~0.03 A), −y (~10 V), λ (~0.01 A), r (0).
  const std::vector<double> tolerance = {1e-15, 1e-9, 1e-11, 1e-9, 1e-12, 0.0};
  std::vector<double> maxDiff(6, 0.0);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 6u);
    ASSERT_EQ(ref[i].size(), 6u);
    for (std::size_t j = 0; j < 6; ++j) {
      const double d = std::abs(data[i][j] - ref[i][j]);
      maxDiff[j] = std::max(maxDiff[j], d);
      ASSERT_LE(d, tolerance[j]) << "row " << i << ", column " << j + 1;
    }
  }
  std::printf("max |example - reference| per column (CircuitRLCD.ref):");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}
