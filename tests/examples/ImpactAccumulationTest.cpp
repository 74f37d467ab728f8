// ImpactAccumulation (examples/ImpactAccumulation): the number of impacts Moreau–Jean
// simulates before a bouncing ball rests grows like a + log10(1/h) · ln 10 / ln(1/e)
// (Acary, JNRR 2009, Table I). Checked: the whole result table against the golden file of the
// independent Python reference (scripts/reference/impact_accumulation.py), the least-squares
// slope of the counts against log10(1/h) within 12 % of ln 10 / ln(1/e), the rest time
// against the exact accumulation time t∞, the penetration bound, and the command line.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_IMPACTACCUMULATION_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kG = 9.81;

// Columns of the result file.
enum Column { kE, kH, kLogInvH, kImpacts, kSlope, kExact, kTRest, kTInf, kDelay, kSteps, kDepth };

double fittedSlope(const Table& t, double e) {
  std::vector<double> x, y;
  for (const auto& row : t) {
    if (row[kE] == e) {
      x.push_back(row[kLogInvH]);
      y.push_back(row[kImpacts]);
    }
  }
  const double n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

TEST(ImpactAccumulationExample, MatchesTheIndependentReference) {
  const auto run = runExample(kExe, "--h 1e-3,1e-4", "ImpactAccumulation_golden");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/ImpactAccumulation_h1e-3_1e-4.ref");
  ASSERT_EQ(data.size(), 10u);  // 5 values of e × 2 values of h
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 12u);
    ASSERT_EQ(data[i].size(), ref[i].size());
    EXPECT_EQ(data[i][kImpacts], ref[i][kImpacts]) << "row " << i;
    EXPECT_EQ(data[i][kSteps], ref[i][kSteps]) << "row " << i;
    for (std::size_t j = 0; j < ref[i].size(); ++j) {
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-9) << "row " << i << " column " << j;
    }
  }
  // The summary line counts the impacts of all runs.
  EXPECT_NE(run.stdOut.find("ImpactAccumulation: 342400 steps, 524 impacts"), std::string::npos)
      << run.stdOut;
}

TEST(ImpactAccumulationExample, CountsGrowLinearlyInLogOneOverH) {
  const auto run =
      runExample(kExe, "--e 0.5,0.7,0.9 --h 1e-3,1e-4,1e-5", "ImpactAccumulation_slope");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 9u);
  for (const double e : {0.5, 0.7, 0.9}) {
    const double theory = std::log(10.0) / std::log(1 / e);
    // Measured: 3.00 (3.32), 6.50 (6.46), 22.00 (21.85).
    EXPECT_NEAR(fittedSlope(t, e), theory, 0.12 * theory) << "e = " << e;
  }
  for (std::size_t i = 0; i < t.size(); ++i) {
    const auto& r = t[i];
    const double h = r[kH], v1 = std::sqrt(2 * kG * r[11]);
    EXPECT_NEAR(r[kSlope], std::log(10.0) / std::log(1 / r[kE]), 1e-14);
    // At rest after the exact accumulation time: the index set is decided at the predicted
    // state q_k + h v_k, so the last bounces (a few steps long) keep an impact speed above g h
    // and alternate active and free steps for a while before the ball stays in contact.
    // Measured 20.4 h ≤ t_rest − t∞ ≤ 22.0 h / (1 − e) here (≤ 29.2 h / (1 − e) over the
    // default table down to h = 1e-6).
    ASSERT_TRUE(std::isfinite(r[kTRest])) << "row " << i << " not at rest";
    EXPECT_GT(r[kDelay], 0.0) << "row " << i;
    EXPECT_LE(r[kDelay], 30 * h / (1 - r[kE])) << "row " << i;
    EXPECT_NEAR(r[kDelay], r[kTRest] - r[kTInf], 1e-15);
    // Penetration at most one step at the impact speed (measured ≤ 1.7e-3 h v1).
    EXPECT_GT(r[kDepth], 0.0);
    EXPECT_LE(r[kDepth], h * v1) << "row " << i;
    // The count is close to the number of exact impacts faster than g h.
    EXPECT_LE(std::abs(r[kImpacts] - r[kExact]), 0.1 * r[kExact] + 2) << "row " << i;
    // More impacts for a smaller h (same e).
    if (i % 3 != 0) {
      EXPECT_GT(r[kImpacts], t[i - 1][kImpacts]) << "row " << i;
    }
  }
}

TEST(ImpactAccumulationExample, RejectsBadLists) {
  EXPECT_EQ(runExample(kExe, "--e 0.5,1.2", "ImpactAccumulation_bad_e").exitCode, 2);
  EXPECT_EQ(runExample(kExe, "--h 1e-3,,1e-4", "ImpactAccumulation_bad_h").exitCode, 2);
  EXPECT_EQ(runExample(kExe, "--h abc", "ImpactAccumulation_bad_h2").exitCode, 2);
}
