// DiodeBridgeCapFilter (examples/DiodeBridgeCapFilter): an LC tank rectified by an ideal diode
// bridge into a capacitor filter Cf with a resistive load; ONE interaction on two first-order
// systems (tank and filter). The output has no v_f column, but y₀ = v_f − λ₁ gives
// v_f = y₀ + λ₁ = −(column 4 + column 5) (0-based columns −y₀ and −λ₁). Checked at every row: the
// rectified currents λ₀, λ₂ ≥ 0, the filter voltage is never below |v_C| and equals it while the
// bridge charges the filter, the backward-Euler (θ = 1) balances of the filter Cf Δv_f = h(λ₀ + λ₂
// − v_f/R) and of the inductor L Δi_L = h v_C (the interaction drives the second system through B),
// the total energy never increases, and the first step is the charge sharing 10 V · C/(C + Cf).
// Then against the golden file of the independent Python reference
// scripts/reference/diode_bridge_cap_filter.py (λ₁ only where it is unique).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_DIODEBRIDGECAPFILTER_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

// The example's --T 6e-4 run (the first charge, both half-waves and the blocked phases) and a
// golden file of the same run.
struct ShortRun {
  Table data, ref;
};
ShortRun shortRun(const std::string& golden, const std::string& tag) {
  return {readTable(runExample(kExe, "--T 6e-4", tag).output),
          readTable(kGoldenDir + "/" + golden)};
}

constexpr double kL = 1e-2, kC = 1e-6, kR = 1e3, kCf = 300e-9, kH = 1e-6;

double filterVoltage(const std::vector<double>& row) { return -(row[4] + row[5]); }

}  // namespace

TEST(DiodeBridgeCapFilter, RectifiedCurrentFilterVoltageAndBalances) {
  const auto run = runExample(kExe, "", "DiodeBridgeCapFilter_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 5001u);  // row 0 = initial state, then 5000 steps of h = 1e-6
  for (const auto& row : t) ASSERT_EQ(row.size(), 7u);
  EXPECT_EQ(t[0][1], 10.0);
  for (std::size_t c : {0u, 2u, 3u, 4u, 5u, 6u}) EXPECT_EQ(t[0][c], 0.0);
  // First step: the filter (v_f(0) = 0) is charged from the tank through the bridge, almost
  // the charge sharing 10 V · C / (C + Cf) (within the current of L and R during one step).
  const double shared = 10.0 * kC / (kC + kCf);
  EXPECT_NEAR(filterVoltage(t[1]), shared, 0.01 * shared);
  EXPECT_GT(t[1][6], 1.0);  // λ₂: a large charging current (A)
  auto energy = [](const std::vector<double>& r, double vf) {
    return 0.5 * kC * r[1] * r[1] + 0.5 * kL * r[2] * r[2] + 0.5 * kCf * vf * vf;
  };
  double worstFilter = 0, worstTank = 0, worstEqual = 0, worstBelow = 0, maxRise = 0;
  long charging = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& prev = t[k - 1];
    const auto& row = t[k];
    EXPECT_NEAR(row[0], k * kH, 1e-15);
    const double v = row[1], vf = filterVoltage(row), vfPrev = filterVoltage(prev);
    const double lambda0 = row[3], lambda1 = -row[5], y0 = -row[4], lambda2 = row[6];
    // The rectified current (into the filter) is never negative.
    EXPECT_GE(lambda0, 0.0) << "row " << k;
    EXPECT_GE(lambda2, 0.0) << "row " << k;
    EXPECT_GE(lambda1, -1e-12) << "row " << k;
    EXPECT_GE(y0, -1e-12) << "row " << k;
    // The bridge keeps v_f >= |v_C| (from y ≥ 0, λ₁ ≥ 0) and v_f = |v_C| while it charges.
    worstBelow = std::max(worstBelow, std::abs(v) - vf);
    if (lambda0 + lambda2 > 1e-12) {
      ++charging;
      worstEqual = std::max(worstEqual, std::abs(vf - std::abs(v)));
      EXPECT_TRUE(lambda0 > 0 ? v < 0 : v > 0) << "wrong half of the bridge at row " << k;
    }
    // Backward Euler (θ = 1, r implicit): Cf (v_f,k+1 − v_f,k) = h (λ₀ + λ₂ − v_f,k+1 / R)
    // and L (i_k+1 − i_k) = h v_C,k+1.
    worstFilter =
        std::max(worstFilter, std::abs(kCf * (vf - vfPrev) - kH * (lambda0 + lambda2 - vf / kR)));
    worstTank = std::max(worstTank, std::abs(kL * (row[2] - prev[2]) - kH * v));
    // Ideal diodes and a resistor, implicit Euler: the total energy never increases.
    maxRise = std::max(maxRise, energy(row, vf) - energy(prev, vfPrev));
  }
  EXPECT_LT(worstBelow, 1e-12);
  EXPECT_LT(worstEqual, 1e-12);
  EXPECT_LT(worstFilter, 1e-18);  // terms ~1e-6 C per step
  EXPECT_LT(worstTank, 1e-18);
  EXPECT_LE(maxRise, 1e-18);  // E ≈ 5e-5 J
  EXPECT_EQ(charging, 2201);  // same count as the Python reference
  // The filter voltage rises from 0 and the load discharges it slowly: v_f stays above 0.3 V.
  double minVf = 1e9;
  for (std::size_t k = 1; k < t.size(); ++k) minVf = std::min(minVf, filterVoltage(t[k]));
  EXPECT_GT(minVf, 0.3);
  std::printf(
      "DiodeBridgeCapFilter: %ld charging rows, max (|v_C| - v_f) = %.3e, max |v_f - |v_C|| "
      "while charging = %.3e, filter balance %.3e C, inductor balance %.3e Wb, max energy "
      "rise %.3e J, min v_f = %.4f V\n",
      charging, worstBelow, worstEqual, worstFilter, worstTank, maxRise, minVf);
}

// Golden file from the independent pure-Python reference
// scripts/reference/diode_bridge_cap_filter.py (--T 6e-4: the first charge, both half-waves
// and the blocked phases; LCP by enumeration). λ₁ (a node voltage) is not unique while the
// bridge is blocked (any value in an interval solves the LCP, Lemke and the enumeration pick
// different ones), so columns 5 and 6 are compared through v_f = −(col 5 + col 6), which is
// unique, and one by one only on the rows where λ₀ or λ₂ > 0 fixes λ₁.
TEST(DiodeBridgeCapFilter, MatchesGoldenFile) {
  const ShortRun run = shortRun("DiodeBridgeCapFilter_short.ref", "DiodeBridgeCapFilter_golden");
  const Table& data = run.data;
  const Table& ref = run.ref;
  ASSERT_EQ(data.size(), 601u);
  ASSERT_EQ(data.size(), ref.size());
  // t, v_C (~10 V), i_L (~0.03 A), λ₀ (A), −y₀ (V), −λ₁ (V), λ₂ (A).
  const std::vector<double> tolerance = {1e-15, 1e-9, 1e-11, 1e-9, 1e-9, 1e-9, 1e-9};
  std::vector<double> maxDiff(7, 0.0);
  double maxDiffVf = 0;
  long compared = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 7u);
    ASSERT_EQ(ref[i].size(), 7u);
    const bool unique = ref[i][3] > 1e-12 || ref[i][6] > 1e-12 || i == 0;
    if (unique) ++compared;
    for (std::size_t j = 0; j < 7; ++j) {
      if ((j == 4 || j == 5) && !unique) continue;
      const double d = std::abs(data[i][j] - ref[i][j]);
      maxDiff[j] = std::max(maxDiff[j], d);
      ASSERT_LE(d, tolerance[j]) << "row " << i << ", column " << j + 1;
    }
    const double dvf = std::abs(filterVoltage(data[i]) - filterVoltage(ref[i]));
    maxDiffVf = std::max(maxDiffVf, dvf);
    ASSERT_LE(dvf, 1e-9) << "v_f at row " << i;
  }
  EXPECT_GT(compared, 200);
  std::printf("max |example - reference| per column (DiodeBridgeCapFilter_short.ref):");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("; v_f %.3e (columns 5, 6 on %ld rows)\n", maxDiffVf, compared);
}

// The same run against the reference solving each LCP with Siconos's LCP_LEMKE pivoting rules
// (scripts/reference/siconos_lexicolemke.py, --lcp lexicolemke): on the blocked rows the solution
// is a segment in λ₁ and the vertex is the solver's choice, which the original program makes with
// that solver. The example's Lemke makes the same choice on every row except the degenerate ones
// (λ₀ = y₀ = 0 to round-off in the reference: the bridge at a switching threshold, where the two
// pivot rules tie within round-off and the choice is a knife-edge): columns 5 and 6 are compared
// one by one on every other row. Measured over the full run (5001 rows): 55 degenerate rows, the
// choice differs on 54 of them and on no other row.
TEST(DiodeBridgeCapFilter, PicksTheVertexOfSiconosLemkeOnNonDegenerateRows) {
  const ShortRun run =
      shortRun("DiodeBridgeCapFilter_lexicolemke_short.ref", "DiodeBridgeCapFilter_lexicolemke");
  ASSERT_EQ(run.data.size(), 601u);
  ASSERT_EQ(run.data.size(), run.ref.size());
  const Table& data = run.data;
  const Table& ref = run.ref;
  const std::vector<double> tolerance = {1e-15, 1e-9, 1e-11, 1e-9, 1e-9, 1e-9, 1e-9};
  long degenerate = 0, blocked = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 7u);
    const bool isDegenerate = std::abs(ref[i][3]) < 1e-12 && std::abs(ref[i][4]) < 1e-12;
    if (isDegenerate) ++degenerate;
    if (!isDegenerate && ref[i][3] <= 1e-12 && ref[i][6] <= 1e-12 && i > 0) ++blocked;
    for (std::size_t j = 0; j < 7; ++j) {
      if ((j == 4 || j == 5) && isDegenerate) continue;
      ASSERT_LE(std::abs(data[i][j] - ref[i][j]), tolerance[j])
          << "row " << i << ", column " << j + 1;
    }
  }
  EXPECT_LT(degenerate, 20);  // measured 5 on these 601 rows
  EXPECT_GT(blocked, 100);    // the rows where the vertex is a choice, compared
  std::printf("Siconos-rules Lemke: %ld blocked rows compared, %ld degenerate rows skipped\n",
              blocked, degenerate);
}
