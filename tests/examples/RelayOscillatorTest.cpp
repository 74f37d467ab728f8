// RelayOscillator (examples/RelayOscillator): ẋ = A x + (0, 0, λ)ᵀ, y = x₀, relay
// −y ∈ N_[−1,1](λ), with the loop transfer function 1/(s(s² + 2s + 3)). It settles into a
// symmetric limit cycle. Reference values of the continuous system, computed by
// scripts/reference/relay_oscillator.py --exact (the symmetric periodic orbit found by Newton on
// x(τ) = −x(0), x₀(0) = 0, with exact matrix exponentials of the saturated phases):
//   period 3.661904667, amplitude of x₀ 0.215259642;
// the describing-function estimate (4/(πa) = 6 at ω = √3) gives 3.627599 and 0.212207.
// Checked: the columns and the relay law at every row, the period and amplitude of the cycle
// over the second half of the run against the exact cycle (O(h): the relay switches on the
// grid), and their convergence at h = 1e-3; then the golden file of the independent Python
// reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_RELAYOSCILLATOR_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kExactPeriod = 3.661904667, kExactAmplitude = 0.215259642;
constexpr double kDescribingPeriod = 3.627599, kDescribingAmplitude = 0.212207;

struct Cycle {
  double period = 0, amplitude = 0;
  int crossings = 0;
};

// Period from the upward zero crossings of x₀ (linear interpolation) and amplitude max |x₀|
// over the second half of the rows.
Cycle measureCycle(const Table& t) {
  Cycle c;
  std::vector<double> ups;
  for (std::size_t k = t.size() / 2 + 1; k < t.size(); ++k) {
    const double a = t[k - 1][1], b = t[k][1];
    c.amplitude = std::max(c.amplitude, std::abs(b));
    if (a < 0 && b >= 0) ups.push_back(t[k - 1][0] + (t[k][0] - t[k - 1][0]) * (-a) / (b - a));
  }
  c.crossings = static_cast<int>(ups.size());
  if (ups.size() >= 2) c.period = (ups.back() - ups.front()) / static_cast<double>(ups.size() - 1);
  return c;
}

}  // namespace

TEST(RelayOscillator, RelayLawAndLimitCycle) {
  const auto run = runExample(kExe, "", "RelayOscillator_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 10001u);  // row 0 = initial state, then 10000 steps of h = 1e-2
  for (const auto& row : t) ASSERT_EQ(row.size(), 7u);
  const double pi = 3.14159265358979323846;
  const std::vector<double> row0 = {0, 0, 3 * std::sqrt(2.0) / (2 * pi), 0, 0, 0, 0};
  for (std::size_t c = 0; c < 7; ++c) EXPECT_EQ(t[0][c], row0[c]) << "column " << c;
  double worstLaw = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& row = t[k];
    EXPECT_NEAR(row[0], k * 1e-2, 1e-12);
    EXPECT_EQ(row[6], 0.0);     // the 7th column is never written
    EXPECT_EQ(row[5], row[1]);  // y = x₀ (D = 0)
    const double y = row[5], lambda = row[4];
    ASSERT_LE(std::abs(lambda), 1.0);
    if (lambda == -1.0) worstLaw = std::max(worstLaw, -y);
    if (lambda == 1.0) worstLaw = std::max(worstLaw, y);
    if (std::abs(lambda) < 1.0) worstLaw = std::max(worstLaw, std::abs(y));
  }
  EXPECT_LT(worstLaw, 1e-12);
  const Cycle c = measureCycle(t);
  ASSERT_GE(c.crossings, 10);
  // h = 1e-2: the switching instants are on the grid, period and amplitude within O(h).
  EXPECT_NEAR(c.period, kExactPeriod, 3e-2);
  EXPECT_NEAR(c.amplitude, kExactAmplitude, 0.02 * kExactAmplitude);
  EXPECT_NEAR(c.period, kDescribingPeriod, 0.02 * kDescribingPeriod);
  EXPECT_NEAR(c.amplitude, kDescribingAmplitude, 0.02 * kDescribingAmplitude);
  std::printf(
      "RelayOscillator h = 1e-2: period %.6f (exact %.6f, describing function %.6f), "
      "amplitude %.6f (exact %.6f, describing function %.6f), relay-law residual %.3e\n",
      c.period, kExactPeriod, kDescribingPeriod, c.amplitude, kExactAmplitude, kDescribingAmplitude,
      worstLaw);
}

TEST(RelayOscillator, LimitCycleConvergesToTheExactOrbit) {
  const Table t = readTable(runExample(kExe, "--h 1e-3 --T 30", "RelayOscillator_h1e-3").output);
  ASSERT_EQ(t.size(), 30001u);
  const Cycle c = measureCycle(t);
  ASSERT_GE(c.crossings, 3);
  EXPECT_NEAR(c.period, kExactPeriod, 3e-3);
  EXPECT_NEAR(c.amplitude, kExactAmplitude, 1e-3 * kExactAmplitude);
  std::printf("RelayOscillator h = 1e-3: period %.6f, amplitude %.6f\n", c.period, c.amplitude);
}

// Golden file from the independent pure-Python reference scripts/reference/relay_oscillator.py
// (--T 5; scalar relay solved in closed form).
TEST(RelayOscillator, MatchesGoldenFile) {
  const Table data = readTable(runExample(kExe, "--T 5", "RelayOscillator_golden").output);
  const Table ref = readTable(kGoldenDir + "/RelayOscillator_short.ref");
  ASSERT_EQ(data.size(), 501u);
  ASSERT_EQ(data.size(), ref.size());
  const std::vector<double> tolerance = {1e-12, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 0.0};
  std::vector<double> maxDiff(7, 0.0);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 7u);
    ASSERT_EQ(ref[i].size(), 7u);
    for (std::size_t j = 0; j < 7; ++j) {
      const double d = std::abs(data[i][j] - ref[i][j]);
      maxDiff[j] = std::max(maxDiff[j], d);
      ASSERT_LE(d, tolerance[j]) << "row " << i << ", column " << j + 1;
    }
  }
  std::printf("max |example - reference| per column (RelayOscillator_short.ref):");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}
