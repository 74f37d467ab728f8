// ColumnOfBeadsTS (examples/ColumnOfBeadsTS, tutorial-models §8): contacts created during the
// run. Checked against the golden file of the independent Python reference
// (scripts/reference/column_of_beads_ts.py, T = 0.5), and on the full default run, with the
// contacts and the index set reconstructed from the output rows (alert distance 0.02, gap at
// the predicted state q̃ = q_k + h v_k: ỹ + h/2 ẏ_k ≤ 0): creation time of the floor contact
// from the exact discrete free fall, Newton law / complementarity w = ẏ_{k+1} + e ẏ_k ≥ 0 at
// every active contact, momentum balance Σ m Δv = −10 m g h at every step without the floor
// contact, energy conserved exactly in flight and not increasing at impacts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_COLUMNOFBEADSTS_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr int kBeads = 10;
constexpr double kR = 0.1, kG = 9.81, kH = 5e-4, kE = 0.9, kAlert = 0.02;

double energy(const std::vector<double>& r) {
  double e = 0;
  for (int i = 0; i < kBeads; ++i) e += 0.5 * r[2 + 2 * i] * r[2 + 2 * i] + kG * r[1 + 2 * i];
  return e;
}

}  // namespace

TEST(ColumnOfBeadsTSExample, MatchesGoldenFileOfPythonReference) {
  const auto run = runExample(kExe, "--T 0.5", "ColumnOfBeadsTS_T05");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/ColumnOfBeadsTS_T05.ref");
  ASSERT_EQ(data.size(), 1001u);
  ASSERT_EQ(data.size(), ref.size());
  double worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 41u);
    for (std::size_t j = 0; j < 41; ++j) worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
  }
  EXPECT_LT(worst, 1e-9);  // measured 2.2e-15 (full T = 2 run: 6.0e-15)
}

TEST(ColumnOfBeadsTSExample, ContactsImpactLawMomentumAndEnergy) {
  const auto run = runExample(kExe, "", "ColumnOfBeadsTS_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  EXPECT_NE(run.stdOut.find("10 interactions created during the run"), std::string::npos)
      << run.stdOut;
  EXPECT_NE(run.stdOut.find("4000 steps, 16338 impacts"), std::string::npos) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 4001u);
  for (const auto& row : t) {
    ASSERT_EQ(row.size(), 41u);
    for (std::size_t c = 21; c < 41; ++c) ASSERT_EQ(row[c], 0.0);
  }
  for (int i = 0; i < kBeads; ++i) {
    EXPECT_EQ(t[0][1 + 2 * i], 1 + 0.25 * i);
    EXPECT_EQ(t[0][2 + 2 * i], 0.0);
  }

  bool floorContact = false;
  std::vector<bool> pair(kBeads - 1, false);
  double floorCreated = -1, worstW = 0, worstMomentum = 0, worstFlight = 0, worstIncrease = 0;
  std::size_t floorImpacts = 0;
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    const auto& r = t[k];
    const auto& s = t[k + 1];
    ASSERT_NEAR(s[0], (k + 1) * kH, 1e-12);
    auto x = [&](const std::vector<double>& row, int i) { return row[1 + 2 * i]; };
    auto v = [&](const std::vector<double>& row, int i) { return row[2 + 2 * i]; };
    // The height at the predicted state q̃ = q_k + h(θ v_k + (1 − θ) v_k), θ = ½, in the
    // kernel's order of operations; the index-set rule reads ỹ = y(q̃) and ẏ̃ = H v_k.
    auto xp = [&](const std::vector<double>& row, int i) {
      double d = 0.5 * kH * v(row, i);
      d += 0.5 * kH * v(row, i);
      return d + x(row, i);
    };
    // Contacts created before step k from the heights at t_k (the tutorial's rule).
    for (int i = 0; i + 1 < kBeads; ++i) {
      if (!floorContact && std::abs(x(r, i) - kR) < kAlert) {
        floorContact = true;
        floorCreated = r[0];
      }
      if (!pair[i] && std::abs(x(r, i + 1) - x(r, i) - 2 * kR) < kAlert) pair[i] = true;
    }
    bool any = false, floorActive = false;
    if (floorContact && xp(r, 0) - kR + 0.5 * kH * v(r, 0) <= 0) {
      any = floorActive = true;
      worstW = std::min(worstW, v(s, 0) + kE * v(r, 0));
      if (v(r, 0) < -1) {
        // A real impact of bead 0 alone on the floor: ẏ_{k+1} = −e ẏ_k exactly.
        EXPECT_NEAR(v(s, 0), -kE * v(r, 0), 1e-12) << "t = " << s[0];
        ++floorImpacts;
      }
    }
    for (int i = 0; i + 1 < kBeads; ++i) {
      if (pair[i] && xp(r, i + 1) - xp(r, i) - 2 * kR + 0.5 * kH * (v(r, i + 1) - v(r, i)) <= 0) {
        any = true;
        worstW = std::min(worstW, (v(s, i + 1) - v(s, i)) + kE * (v(r, i + 1) - v(r, i)));
      }
    }
    const double dE = energy(s) - energy(r);
    worstIncrease = std::max(worstIncrease, dE);
    if (!any) worstFlight = std::max(worstFlight, std::abs(dE));
    if (!floorActive) {
      double dp = 0;
      for (int i = 0; i < kBeads; ++i) dp += v(s, i) - v(r, i);
      worstMomentum = std::max(worstMomentum, std::abs(dp + kBeads * kG * kH));
    }
  }
  // Bead 0 falls exactly as x = 1 − g t²/2 (θ = ½, constant force): within the alert distance
  // of the floor from t = √(2·0.88/g) = 0.42357, i.e. before the step starting at t = 0.424.
  EXPECT_NEAR(floorCreated, 0.424, 1e-12);
  EXPECT_TRUE(std::all_of(pair.begin(), pair.end(), [](bool b) { return b; }));
  EXPECT_GE(floorImpacts, 1u);
  EXPECT_GT(worstW, -1e-9);         // measured −1.1e-15
  EXPECT_LT(worstMomentum, 1e-11);  // measured 1.8e-14
  EXPECT_LT(worstFlight, 1e-10);    // measured 1.1e-13 (E ≈ 100)
  EXPECT_LT(worstIncrease, 1e-6);   // measured 4.2e-7: resting contacts with ẏ_k > 0
  // At T = 2 the column is at rest on the floor (bead i at R + 2R i): the energy above that of
  // the resting stack, 110.4 at t0, is gone (measured −6.4e-3, the O(h²g) penetration).
  double rest = 0;
  for (int i = 0; i < kBeads; ++i) rest += kG * (kR + 2 * kR * i);
  EXPECT_NEAR(energy(t[0]) - rest, 110.3625, 1e-9);
  EXPECT_LT(std::abs(energy(t.back()) - rest), 1e-2);
}
