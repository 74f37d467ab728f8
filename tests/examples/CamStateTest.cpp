// Unit tests of the CamFollower cam profile (examples/CamFollower/CamState.*), dev-notes
// Appendix B: derivatives against finite differences in every branch, continuity at the
// branch limits, and the sample values computed independently by the spec author.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include "CamState.hpp"

namespace {

using moreau::examples::camEquivalentForce;
using moreau::examples::camState;
namespace cam = moreau::examples::cam;

constexpr double kRpm = 358.0;
const double kOmega = 2.0 * cam::kPi * kRpm / 60.0;
const double kPeriod = 60.0 / kRpm;

// Branch of the profile at time t, as (branch 1..4, falling half?). Recomputed here from the
// documented angle reduction so that the tests know which formula they exercise.
std::pair<int, bool> branchAt(double t) {
  double beta = std::fmod(kOmega * t + cam::kPhi0, 2.0 * cam::kPi);
  const bool falling = beta > cam::kPi;
  if (falling) beta = 2.0 * cam::kPi - beta;
  if (beta <= cam::kPi / 2.0 - cam::kBeta1) return {1, falling};
  if (beta <= cam::kPi / 2.0 + cam::kBeta2) return {2, falling};
  if (beta <= cam::kPi / 2.0 + cam::kBeta3) return {3, falling};
  return {4, falling};
}

// Branch limits within the first period [0, P): β_raw = π/2 + β_i on the rising half,
// 3π/2 − β_i on the falling half (mirror), and 3π/2 (back on the base circle).
std::vector<double> branchLimits() {
  return {0.0,
          cam::kBeta2 / kOmega,
          cam::kBeta3 / kOmega,
          (cam::kPi - cam::kBeta3) / kOmega,
          (cam::kPi - cam::kBeta2) / kOmega,
          cam::kPi / kOmega};
}

TEST(CamState, SampleValuesOfAppendixB) {
  // Values published with 6-7 significant digits: tolerance = half a unit of the last digit.
  const auto s = camState(0.02, kRpm);
  EXPECT_NEAR(s.position, 0.163427, 5e-7);
  EXPECT_NEAR(s.velocity, 6.720896, 5e-7);
  EXPECT_NEAR(s.acceleration, 408.538, 5e-4);
  const auto s3 = camState(0.03, kRpm);
  EXPECT_NEAR(s3.position, 0.246837, 5e-7);
  EXPECT_NEAR(s3.velocity, 5.540738, 5e-7);
  EXPECT_NEAR(s3.acceleration, -2233.56, 5e-3);

  const auto s0 = camState(0.0, kRpm);  // β = π/2: base circle
  EXPECT_DOUBLE_EQ(s0.position, 0.1);
  EXPECT_EQ(s0.velocity, 0.0);
  EXPECT_EQ(s0.acceleration, 0.0);
  EXPECT_NEAR(camEquivalentForce(0.0, kRpm, cam::kMass, cam::kFriction, cam::kSpring), -143.08,
              1e-12);
  EXPECT_DOUBLE_EQ(camEquivalentForce(s0, 2.0, 3.0, 10.0), -1.0);
}

TEST(CamState, EquivalentForceFormula) {
  const auto s = camState(0.02, kRpm);
  EXPECT_DOUBLE_EQ(camEquivalentForce(s, 2.0, 0.5, 10.0),
                   -(2.0 * s.acceleration + 0.5 * s.velocity + 10.0 * s.position));
  EXPECT_DOUBLE_EQ(camEquivalentForce(0.02, kRpm, 2.0, 0.5, 10.0),
                   camEquivalentForce(s, 2.0, 0.5, 10.0));
}

TEST(CamState, PeriodAndRange) {
  EXPECT_NEAR(kPeriod, 0.1675978, 5e-8);
  double lo = 1e9, hi = -1e9;
  for (int i = 0; i < 2000; ++i) {
    const double t = 0.013 + i * kPeriod / 2000;
    const auto a = camState(t, kRpm);
    const auto b = camState(t + kPeriod, kRpm);
    const auto c = camState(t + 7 * kPeriod, kRpm);
    // fmod of ωt + φ0 loses ~1e-15·ω·t of the angle: far below these tolerances.
    EXPECT_NEAR(a.position, b.position, 1e-12) << "t = " << t;
    EXPECT_NEAR(a.velocity, b.velocity, 1e-9) << "t = " << t;
    EXPECT_NEAR(a.position, c.position, 1e-11) << "t = " << t;
    lo = std::min(lo, a.position);
    hi = std::max(hi, a.position);
  }
  EXPECT_NEAR(lo, 0.1, 1e-12);
  EXPECT_NEAR(hi, 0.2539332, 1e-6);  // lift 0.1539332 (Appendix B)
}

// c' against the central difference of c, c'' against the central difference of c', at
// points of every branch (rising and falling halves), away from the branch limits.
TEST(CamState, DerivativesMatchFiniteDifferencesInEveryBranch) {
  const double delta = 1e-7;  // truncation O(δ² c''') ≈ 1e-9, rounding ≈ 1e-9 (c'), 1e-8 (c'')
  std::set<std::pair<int, bool>> seen;
  int checked = 0;
  for (int i = 0; i < 4000; ++i) {
    const double t = 1e-5 + i * kPeriod / 4000;
    const auto branch = branchAt(t);
    if (branchAt(t - 2 * delta) != branch || branchAt(t + 2 * delta) != branch) continue;
    seen.insert(branch);
    ++checked;
    const auto s = camState(t, kRpm);
    const auto m = camState(t - delta, kRpm);
    const auto p = camState(t + delta, kRpm);
    const double dc = (p.position - m.position) / (2 * delta);
    const double ddc = (p.velocity - m.velocity) / (2 * delta);
    EXPECT_NEAR(s.velocity, dc, 1e-6 * (1 + std::abs(s.velocity)))
        << "t = " << t << " branch " << branch.first << (branch.second ? " falling" : " rising");
    EXPECT_NEAR(s.acceleration, ddc, 1e-5 * (1 + std::abs(s.acceleration)))
        << "t = " << t << " branch " << branch.first << (branch.second ? " falling" : " rising");
  }
  EXPECT_GT(checked, 3900);
  // all four branches on both halves were exercised
  for (int b = 1; b <= 4; ++b) {
    EXPECT_TRUE(seen.count({b, false}) == 1) << "branch " << b << " rising never sampled";
    EXPECT_TRUE(seen.count({b, true}) == 1) << "branch " << b << " falling never sampled";
  }
}

// c and c' are continuous at the branch limits (c'' may jump): the change across [tb−ε, tb+ε]
// is bounded by 2ε times the largest derivative on either side.
TEST(CamState, ContinuousAtBranchLimits) {
  const double eps = 1e-9;
  for (double tb : branchLimits()) {
    for (double shift : {0.0, kPeriod, 3 * kPeriod}) {
      const double t = tb + shift;
      if (t - eps < 0) continue;
      const auto l = camState(t - eps, kRpm);
      const auto r = camState(t + eps, kRpm);
      const double dMax = std::max(std::abs(l.velocity), std::abs(r.velocity));
      const double ddMax = std::max(std::abs(l.acceleration), std::abs(r.acceleration));
      EXPECT_LE(std::abs(r.position - l.position), 2 * eps * dMax * 1.01 + 1e-13) << "t = " << t;
      EXPECT_LE(std::abs(r.velocity - l.velocity), 2 * eps * ddMax * 1.01 + 1e-9) << "t = " << t;
    }
  }
  // The limits are real: the branch changes across each of them.
  for (double tb : branchLimits()) {
    if (tb == 0.0) continue;
    EXPECT_NE(branchAt(tb - 1e-9).first, branchAt(tb + 1e-9).first) << "t = " << tb;
  }
}

TEST(CamState, SymmetricHalves) {
  // β_raw and 2π − β_raw give the same position and opposite velocities:
  // t ↦ π/ω − t mirrors the profile around the top of the nose (β_raw = π).
  for (int i = 1; i < 200; ++i) {
    const double t = i * (cam::kPi / kOmega) / 200;
    const auto a = camState(t, kRpm);
    const auto b = camState(cam::kPi / kOmega - t, kRpm);
    EXPECT_NEAR(a.position, b.position, 1e-12) << "t = " << t;
    EXPECT_NEAR(a.velocity, -b.velocity, 1e-9) << "t = " << t;
    EXPECT_NEAR(a.acceleration, b.acceleration, 1e-6) << "t = " << t;
  }
}

}  // namespace
