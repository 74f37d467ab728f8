// SliderCrankDirectProjection (examples/SliderCrankDirectProjection, tutorial-models §23): the
// slider-crank of §17 (v0 = (150, −75, 0), h = 1e-4) with the direct projection at level 0.
// Checked against the golden file of the independent Python reference
// (scripts/reference/slider_crank_direct_projection.py, T = 0.02), on the full default run
// against the projection's guarantee (every normal gap ≥ −1e-10 after the projection, column 31
// ≤ 1e-10, at most 10 projection iterations) and energy plausibility (never increased in a step
// by more than about the first-order error of a smooth step, 6e-3 J), and, in-process, against a
// plain Moreau–Jean run of the same model with the same θ, γ and solver: the same rows before
// the first contact, and a plain run that penetrates where the projection does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"
#include "SliderCrankModel.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_SLIDERCRANKDIRECTPROJECTION_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kTwoPi = 6.283185307179586476925;

// The model of §23 with a plain Moreau–Jean (θ = ½, γ = 0) time stepping: FrictionContact(2)
// FC2D enum (1e-8, 100 iterations), Newton defaults, no projection.
moreau::examples::SliderCrank plainMoreauJean(double T) {
  moreau::examples::SliderCrankParameters p;
  p.h = 1e-4;
  p.T = T;
  p.v0 = {150.0, -75.0, 0.0};
  moreau::examples::SliderCrank m = moreau::examples::makeSliderCrankSystem(p);
  auto td = std::make_shared<moreau::TimeDiscretisation>(0.0, p.h);
  auto osi = std::make_shared<moreau::MoreauJeanOSI>(0.5, 0.0);
  m.friction = std::make_shared<moreau::FrictionContact>(2, "enum");
  m.friction->setTolerance(1e-8);
  m.friction->setMaxIterations(100);
  m.simulation = std::make_shared<moreau::TimeStepping>(m.nsds, td, osi, m.friction);
  return m;
}

}  // namespace

TEST(SliderCrankDirectProjectionExample, MatchesGoldenFileOfPythonReference) {
  const auto run = runExample(kExe, "--T 0.02", "SliderCrankDirectProjection_T002");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table data = readTable(run.output);
  const Table ref = readTable(kGoldenDir + "/SliderCrankDirectProjection_T0.02.ref");
  ASSERT_EQ(data.size(), 201u);
  ASSERT_EQ(data.size(), ref.size());
  double worst = 0;
  int projected = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 32u);
    for (std::size_t j = 0; j < 32; ++j) worst = std::max(worst, std::abs(data[i][j] - ref[i][j]));
    projected += data[i][30] > 0 ? 1 : 0;
  }
  EXPECT_LT(worst, 1e-9);    // measured 3.4e-13 (full T = 0.2 run: 4.9e-11)
  EXPECT_EQ(projected, 26);  // the window covers the first contacts and their projections
  // The first contact (step 28) and its projection, with the identity metric (LCP G_N G_Nᵀ,
  // q ← q + G_Nᵀ λ(0)) as Siconos's MLCPProjectOnConstraints: Siconos's stored output
  // (SliderCrankMoreauJeanDirectProjectionOSI.ref) has λ(0) = 6.707239072218772e-05 for corners
  // 1 and 2 (the mass-weighted projection gave 7.0e-7) and q0/(2π) = 5.849621624083010e-02.
  EXPECT_NEAR(data[28][25], 6.707239072218772e-05, 1e-14);
  EXPECT_NEAR(data[28][26], 6.707239072218757e-05, 1e-14);
  EXPECT_NEAR(data[28][1], 5.849621624083010e-02, 1e-15);
  // Row 0: the initial state, y(t0) of the corners (d/2 − b = c), multipliers and 29–31 zero.
  const auto& r0 = data[0];
  EXPECT_EQ(r0[4], 150.0);
  EXPECT_EQ(r0[5], -75.0);
  EXPECT_EQ(r0[6], 0.0);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(r0[13 + i], 1e-3, 1e-15);
  for (std::size_t j = 17; j < 32; ++j) EXPECT_EQ(r0[j], 0.0) << "column " << j;
}

TEST(SliderCrankDirectProjectionExample, GapsAboveToleranceAfterProjectionAndEnergy) {
  const auto run = runExample(kExe, "", "SliderCrankDirectProjection_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  EXPECT_NE(run.stdOut.find("2000 steps, 152 impacts, 0 solver failures"), std::string::npos)
      << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 2001u);
  double lowest = 0, worstViolation = 0, worstIncrease = -1, previous = 0;
  int projectedSteps = 0, maxProjections = 0, contactSteps = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const auto& r = t[k];
    ASSERT_EQ(r.size(), 32u);
    ASSERT_NEAR(r[0], k * 1e-4, 1e-12);
    double rowLowest = 0;
    for (std::size_t i = 0; i < 4; ++i) rowLowest = std::min(rowLowest, r[13 + i]);
    lowest = std::min(lowest, rowLowest);
    // Column 31 is the largest normal violation after the projection, over every corner (level 0).
    EXPECT_NEAR(r[31], -rowLowest, 1e-18) << "t = " << r[0];
    worstViolation = std::max(worstViolation, r[31]);
    maxProjections = std::max(maxProjections, static_cast<int>(r[30]));
    projectedSteps += r[30] > 0 ? 1 : 0;
    // λ(0) only in the steps with a projection, and never negative.
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_GE(r[25 + i], 0.0);
      if (r[30] == 0) {
        EXPECT_EQ(r[25 + i], 0.0);
      }
    }
    bool contact = false;
    for (std::size_t i = 0; i < 4; ++i) contact = contact || r[21 + i] > 0;
    contactSteps += contact ? 1 : 0;
    if (k > 0) {
      EXPECT_GE(r[29], 1.0);
    }
    Eigen::Vector3d q(kTwoPi * r[1], r[2], r[3]), v(r[4], r[5], r[6]);
    const double e = moreau::examples::sliderCrankEnergy(q, v);
    if (k > 0) worstIncrease = std::max(worstIncrease, e - previous);
    previous = e;
  }
  EXPECT_GE(lowest, -1e-10);         // measured −3.397e-11
  EXPECT_LE(worstViolation, 1e-10);  // measured 3.397e-11
  EXPECT_LE(maxProjections, 10);     // measured 2
  EXPECT_GT(projectedSteps, 50);     // measured 73
  EXPECT_GT(contactSteps, 100);      // measured 328
  // Impacts dissipate (e_n = 0.4, friction) and the projection moves q only; the smooth steps
  // carry the first-order energy error of the scheme (M at the Newton iterate, h = 1e-4: up to
  // +4.94e-3 J in a step without impulse or projection, t = 0.1960; +2.55e-5 J at the first
  // step). No step, projected or with an impulse, adds much more (measured max 5.00e-3 J at
  // t = 0.1961, a projected step without impulse); over the run the energy rises from 7.4955 J
  // to 8.5738 J, as Siconos's stored reference output of this example (the whole run agrees
  // with it to 1e-13: the final crank angle 3.0529069790361 · 2π both).
  EXPECT_LT(worstIncrease, 6e-3);
  Eigen::Vector3d q0(0, 0, 0), v0(150, -75, 0);
  const auto& last = t.back();
  Eigen::Vector3d qT(kTwoPi * last[1], last[2], last[3]), vT(last[4], last[5], last[6]);
  EXPECT_NEAR(moreau::examples::sliderCrankEnergy(q0, v0), 7.49554875, 1e-9);
  EXPECT_NEAR(moreau::examples::sliderCrankEnergy(qT, vT), 8.5738, 1e-3);
}

TEST(SliderCrankDirectProjectionExample, AgreesWithPlainMoreauJeanBeforeTheFirstContact) {
  const auto run = runExample(kExe, "--T 0.01", "SliderCrankDirectProjection_T001");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 101u);
  // The first step with a contact impulse or a projection.
  std::size_t first = 0;
  for (std::size_t k = 1; k < t.size() && first == 0; ++k) {
    bool contact = t[k][30] > 0;
    for (std::size_t i = 0; i < 4; ++i) contact = contact || t[k][21 + i] > 0;
    if (contact) first = k;
  }
  ASSERT_EQ(first, 28u);  // t = 2.8e-3: corners 1 and 2 reach the guide

  moreau::examples::SliderCrank mj = plainMoreauJean(0.2);
  mj.simulation->initialize();
  double worst = 0, lowestPlain = 0;
  std::size_t k = 0;
  while (mj.simulation->hasNextEvent()) {
    mj.simulation->computeOneStep();
    ++k;
    if (k < first) {
      const Eigen::VectorXd& q = mj.mechanism->q();
      const Eigen::VectorXd& v = mj.mechanism->velocity();
      const auto& r = t[k];
      worst = std::max({worst, std::abs(q(0) / kTwoPi - r[1]), std::abs(q(1) - r[2]),
                        std::abs(q(2) - r[3]), std::abs(v(0) - r[4]), std::abs(v(1) - r[5]),
                        std::abs(v(2) - r[6])});
    }
    for (const auto& corner : mj.corners) lowestPlain = std::min(lowestPlain, corner->y(0)(0));
    mj.simulation->nextStep();
  }
  std::printf("before the first contact: max difference %.3e; plain Moreau-Jean lowest gap %.3e\n",
              worst, lowestPlain);
  EXPECT_LT(worst, 1e-12);  // the same scheme until a contact: measured 5.7e-14
  // Without the projection the corners end steps inside the guide by far more than 1e-10.
  EXPECT_LT(lowestPlain, -1e-6);  // measured −1.49e-5 (Python reference of the plain scheme)
}
