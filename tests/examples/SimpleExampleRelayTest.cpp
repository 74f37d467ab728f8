// SimpleExampleRelay (examples/SimpleExampleRelay): ẋ = 2λ with the relay −x ∈ N_[−1,1](λ) on
// each of two components, x0 = (1, −1). Exact discrete solution: |x_i| decreases at rate 2
// (λ_i = −sign x_i, saturated) and reaches 0 at t = 0.5, then the relay slides (|λ| < 1,
// x = 0). Checked at every row: the relay law, the ramps before t = 0.5 and the sliding mode
// after; then against the golden file of the independent Python reference
// scripts/reference/simple_example_relay.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_SIMPLEEXAMPLERELAY_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kH = 1e-3;

}  // namespace

TEST(SimpleExampleRelay, RampsReachZeroAtHalfAndSlide) {
  const auto run = runExample(kExe, "", "SimpleExampleRelay_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 1001u);  // row 0 = initial state, then 1000 steps (no truncation to 800)
  for (const auto& row : t) ASSERT_EQ(row.size(), 7u);
  // Row 0: x0 = (1, −1), λ = 0, y(t0) = C x0 computed before the run.
  const std::vector<double> row0 = {0, 1, -1, 0, 0, 1, -1};
  for (std::size_t c = 0; c < 7; ++c) EXPECT_EQ(t[0][c], row0[c]) << "column " << c;
  double worstRamp = 0, worstSlideX = 0, worstSlideLambda = 0, worstLaw = 0;
  long sliding = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& row = t[k];
    const double time = row[0];
    EXPECT_NEAR(time, k * kH, 1e-15);
    for (int i = 0; i < 2; ++i) {
      const double x = row[1 + i], lambda = row[3 + i], y = row[5 + i];
      EXPECT_EQ(y, x);  // y = C x + D λ with C = I, D = 0
      // Relay law −y ∈ N_[−1,1](λ).
      ASSERT_LE(std::abs(lambda), 1.0);
      if (lambda == -1.0) worstLaw = std::max(worstLaw, -y);
      if (lambda == 1.0) worstLaw = std::max(worstLaw, y);
      if (std::abs(lambda) < 1.0) worstLaw = std::max(worstLaw, std::abs(y));
      const double sign = i == 0 ? 1.0 : -1.0;  // x0 = (1, −1)
      if (k <= 500) {
        // Saturated relay: x_i = ±(1 − 2t), λ_i = ∓1 (up to round-off and the PGS tolerance).
        worstRamp = std::max(worstRamp, std::abs(x - sign * (1.0 - 2.0 * time)));
        EXPECT_NEAR(lambda, -sign, 1e-9) << "row " << k;
      } else {
        // Sliding mode at 0: the relay is strictly inside its bounds.
        worstSlideX = std::max(worstSlideX, std::abs(x));
        worstSlideLambda = std::max(worstSlideLambda, std::abs(lambda));
      }
    }
    if (k > 500) ++sliding;
  }
  EXPECT_LT(worstRamp, 1e-12);
  // PGS (tolerance 1e-6, warm-started) keeps a λ of ~4e-13 while sliding: its residual
  // 2h·4e-13 is far below the tolerance, so x drifts by ~1e-15 per step (4.4e-13 after 500).
  EXPECT_LT(worstSlideX, 1e-9);
  EXPECT_LT(worstSlideLambda, 1e-6);  // λ = 0 up to the PGS tolerance 1e-6
  EXPECT_LT(worstLaw, 1e-9);
  EXPECT_EQ(sliding, 500);
  std::printf(
      "SimpleExampleRelay: max |x - (1 - 2t)| before t = 0.5: %.3e; after: max |x| = %.3e, "
      "max |lambda| = %.3e; relay-law residual %.3e\n",
      worstRamp, worstSlideX, worstSlideLambda, worstLaw);
}

// Golden file from the independent pure-Python reference scripts/reference/simple_example_relay.py
// (--T 0.6: the ramps, the arrival at 0 and 100 sliding steps; relay solved in closed form).
// The example solves the relay by PGS with tolerance 1e-6, so it may stop at a λ whose residual
// is below that tolerance: differences of a few 1e-13 around t = 0.5 are expected.
TEST(SimpleExampleRelay, MatchesGoldenFile) {
  const Table data = readTable(runExample(kExe, "--T 0.6", "SimpleExampleRelay_golden").output);
  const Table ref = readTable(kGoldenDir + "/SimpleExampleRelay_short.ref");
  ASSERT_EQ(data.size(), 601u);
  ASSERT_EQ(data.size(), ref.size());
  const std::vector<double> tolerance = {1e-15, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9};
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
  std::printf("max |example - reference| per column (SimpleExampleRelay_short.ref):");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}
