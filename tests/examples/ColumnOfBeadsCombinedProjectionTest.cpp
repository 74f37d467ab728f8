// ColumnOfBeadsCombinedProjection (examples/ColumnOfBeadsCombinedProjection, tutorial-models §22):
// the beads of ColumnOfBeadsTS with the combined projection scheme (Siconos's algorithm,
// docs/theory/projection.md §2.2). Checked against the golden file of the independent Python
// reference (scripts/reference/column_of_beads_combined_projection.py, T = 0.5), and on the full
// default run against invariants and against ColumnOfBeadsTS: bitwise the same rows before the
// first impact, where the projection puts bead 0 on the floor (y = 0), every gap of the created
// contacts above −1e-8 (the unilateral tolerance) at the end of every step where Moreau–Jean
// penetrates by 1.7e-4, the floor impulse Σ m Δv + 10 m g h never negative and zero while bead 0
// is away from the floor (the projection does not touch the velocities), and the column at rest
// on the floor at T with every gap at 0 within the tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_COLUMNOFBEADSCOMBINEDPROJECTION_EXE;
const std::string kTsExe = MOREAU_COLUMNOFBEADSTS_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr int kBeads = 10;
constexpr double kR = 0.1, kG = 9.81, kH = 5e-4, kAlert = 0.02;

// Largest penetration max(0, −y) over the contacts created so far (created[0]: floor,
// created[1 + i]: pair (i, i + 1)).
double penetration(const std::vector<double>& r, const std::vector<bool>& created) {
  double worst = 0;
  if (created[0]) worst = std::max(worst, -(r[1] - kR));
  for (int i = 0; i + 1 < kBeads; ++i)
    if (created[1 + i]) worst = std::max(worst, -(r[3 + 2 * i] - r[1 + 2 * i] - 2 * kR));
  return worst;
}

// The contacts created before the step starting at row r (the tutorial's rule).
void create(const std::vector<double>& r, std::vector<bool>& created) {
  for (int i = 0; i + 1 < kBeads; ++i) {
    if (!created[0] && std::abs(r[1 + 2 * i] - kR) < kAlert) created[0] = true;
    if (!created[1 + i] && std::abs(r[3 + 2 * i] - r[1 + 2 * i] - 2 * kR) < kAlert)
      created[1 + i] = true;
  }
}

}  // namespace

TEST(ColumnOfBeadsCombinedProjectionExample, MatchesGoldenFileOfPythonReference) {
  const auto run = runExample(kExe, "--T 0.5", "ColumnOfBeadsCombinedProjection_T05");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/ColumnOfBeadsCombinedProjection_T05.ref");
  ASSERT_EQ(data.size(), 1001u);
  ASSERT_EQ(data.size(), ref.size());
  double worst = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 41u);
    for (std::size_t j = 0; j < 41; ++j) worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
  }
  EXPECT_LT(worst, 1e-9);  // measured 2.2e-15 (full T = 2 run: 4.9e-15)
  // Index set 1 starts empty at each step: a step where a contact closes is computed twice
  // (35 steps up to T = 0.5, from the first impact at t = 0.4285), each with one projection
  // (a linear constraint: exact in one iteration). The Python reference counts the same.
  EXPECT_NE(run.stdOut.find("35 projection iterations, 1035 index-set iterations"),
            std::string::npos)
      << run.stdOut;
}

TEST(ColumnOfBeadsCombinedProjectionExample, PenetrationMomentumAndAgreementWithMoreauJean) {
  const auto run = runExample(kExe, "", "ColumnOfBeadsCombinedProjection_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  EXPECT_NE(run.stdOut.find("10 interactions created during the run"), std::string::npos)
      << run.stdOut;
  EXPECT_NE(run.stdOut.find("4000 steps, 15789 impacts, 0 solver failures"), std::string::npos)
      << run.stdOut;
  // The full run repeats steps and projects (the Python reference: the same impacts,
  // penetration and projection count; the number of repeats depends on rounding at y = 0, see
  // the README).
  EXPECT_NE(run.stdOut.find("max penetration 9.686e-09, 569 projection iterations"),
            std::string::npos)
      << run.stdOut;
  const auto ts = runExample(kTsExe, "", "ColumnOfBeadsCombinedProjection_ts");
  ASSERT_EQ(ts.exitCode, 0) << ts.stdOut;
  const Table t = readTable(run.output);
  const Table mj = readTable(ts.output);
  ASSERT_EQ(t.size(), 4001u);
  ASSERT_EQ(mj.size(), 4001u);
  for (const auto& row : t) {
    ASSERT_EQ(row.size(), 41u);
    for (std::size_t c = 21; c < 41; ++c) ASSERT_EQ(row[c], 0.0);
  }
  for (int i = 0; i < kBeads; ++i) {
    EXPECT_EQ(t[0][1 + 2 * i], 1 + 0.25 * i);
    EXPECT_EQ(t[0][2 + 2 * i], 0.0);
  }

  // Until the first impact the two schemes compute the same free flights: the same rows,
  // bitwise. The first row that differs ends the first step computed again (bead 0 closes on the
  // floor, t = 0.4285): the projection on the equality puts it exactly at q = R, and the Newton
  // law gives it v = −e v_k (Siconos's run: q = 0.1 and v = 3.778811999999964 there).
  std::size_t same = 0;
  while (same < t.size() && t[same] == mj[same]) ++same;
  EXPECT_EQ(same, 857u);
  EXPECT_NEAR(t[same][0], 0.4285, 1e-12);
  EXPECT_NEAR(t[same][1], kR, 1e-15);
  EXPECT_NEAR(t[same][2], -0.9 * t[same - 1][2], 1e-12);

  std::vector<bool> created(kBeads, false), createdMj(kBeads, false);
  double worstPen = 0, worstPenMj = 0, worstFloor = 0, worstFree = 0;
  std::size_t freeSteps = 0;
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    const auto& r = t[k];
    const auto& s = t[k + 1];
    ASSERT_NEAR(s[0], (k + 1) * kH, 1e-12);
    create(r, created);
    create(mj[k], createdMj);
    worstPen = std::max(worstPen, penetration(s, created));
    worstPenMj = std::max(worstPenMj, penetration(mj[k + 1], createdMj));
    // Σ m Δv = floor impulse − 10 m g h (the bead–bead impulses cancel; the projection moves
    // positions only): the floor impulse is never negative, and zero while bead 0 is farther
    // from the floor than twice its travel in a step (+1e-4) at t_k (2051 steps).
    double dp = 0;
    for (int i = 0; i < kBeads; ++i) dp += s[2 + 2 * i] - r[2 + 2 * i];
    const double floorImpulse = dp + kBeads * kG * kH;
    worstFloor = std::min(worstFloor, floorImpulse);
    if (r[1] - kR > 2 * std::abs(r[2]) * kH + 1e-4) {
      worstFree = std::max(worstFree, std::abs(floorImpulse));
      ++freeSteps;
    }
  }
  EXPECT_LT(worstPen, 1e-8);      // measured 9.7e-9
  EXPECT_GT(worstPenMj, 1e-4);    // ColumnOfBeadsTS: 1.71e-4
  EXPECT_GT(worstFloor, -1e-11);  // measured −1.3e-14
  EXPECT_LT(worstFree, 1e-11);    // measured 1.8e-14
  EXPECT_GT(freeSteps, 2000u);
  EXPECT_TRUE(std::all_of(created.begin(), created.end(), [](bool b) { return b; }));
  // At T = 2 the column rests on the floor (bead i at R + 2R i): every contact in index set 1,
  // its gap brought to 0 by the projection (within the tolerance 1e-8).
  const auto& last = t.back();
  for (int i = 0; i < kBeads; ++i) {
    EXPECT_NEAR(last[1 + 2 * i], kR + 2 * kR * i, 1e-5) << "bead " << i;
    EXPECT_LT(std::abs(last[2 + 2 * i]), 1e-6) << "bead " << i;
  }
  double widest = std::abs(last[1] - kR);
  for (int i = 0; i + 1 < kBeads; ++i)
    widest = std::max(widest, std::abs(last[3 + 2 * i] - last[1 + 2 * i] - 2 * kR));
  EXPECT_LT(widest, 1e-8);  // measured 5.2e-9 (the top pair), the others ≤ 1.6e-12
}
