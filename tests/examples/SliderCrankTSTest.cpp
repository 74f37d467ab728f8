// Tests of the SliderCrankTS example (tutorial-models §17; examples/SliderCrankTS/README.md):
//  - golden file from the independent Python reference scripts/reference/slider_crank_ts.py
//    (the same scheme with its own FC2D solver by case enumeration), T = 0.01 with 18 contact
//    onsets, every 4th row;
//  - the output columns: row 0, the kinematic columns 7–12 against the gaps y(0) of the corners,
//    the Newton iterations against the simulation's record, the index-set size;
//  - the smooth phase before the first contact: second order in h (Richardson, three steps) and
//    the energy error O(h²);
//  - the full run: energy conserved between contacts to O(h²), never increased by a contact step;
//  - the FC2D solutions of a short run satisfy Coulomb's law at every active corner.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"
#include "SliderCrankModel.hpp"

namespace {

using moreau::tests::readTable;
using moreau::tests::runExample;
using moreau::tests::Table;
namespace sc = moreau::examples::slidercrank;

const std::string kSliderCrank = MOREAU_SLIDERCRANKTS_EXE;
const std::string kGolden = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kTwoPi = 6.283185307179586476925;

Table runAndRead(const std::string& args, const std::string& name) {
  const auto run = runExample(kSliderCrank, args, name);
  EXPECT_EQ(run.exitCode, 0) << args << "\n" << run.stdOut;
  return readTable(run.output);
}

void expectShape(const Table& table, std::size_t rows) {
  ASSERT_EQ(table.size(), rows);
  for (std::size_t i = 0; i < table.size(); ++i)
    ASSERT_EQ(table[i].size(), static_cast<std::size_t>(sc::kColumns)) << "row " << i;
}

// The energy of a row (q0 = 2π · column 1).
double rowEnergy(const std::vector<double>& r) {
  Eigen::VectorXd q(3), v(3);
  q << kTwoPi * r[1], r[2], r[3];
  v << r[4], r[5], r[6];
  return moreau::examples::sliderCrankEnergy(q, v);
}

bool contactImpulse(const std::vector<double>& r) {
  return r[21] > 0 || r[22] > 0 || r[23] > 0 || r[24] > 0;
}

}  // namespace

// Golden file: `python3 scripts/reference/slider_crank_ts.py --T 0.01 --every 4` (row 0, then
// steps 4, 8, ..., 1000). Measured agreement with the example: 5.8e-13 on v (|v| ≤ 150),
// 2.0e-13 on the kinematic columns, 2.0e-16 on the gaps, 1.4e-15 on λ_N, identical Newton
// counts and index sets.
// Tolerance per column: 1e-9 × the column's largest value (catches any change of the scheme).
TEST(SliderCrankTSExample, MatchesGoldenFileT001) {
  const Table data = runAndRead("--T 0.01", "golden_SliderCrankTS");
  const Table ref = readTable(kGolden + "/SliderCrankTS_T0.01.ref");
  expectShape(data, 1001);
  expectShape(ref, 251);
  std::vector<double> scale(sc::kColumns, 0.0);
  for (const auto& r : ref)
    for (int j = 0; j < sc::kColumns; ++j) scale[j] = std::max(scale[j], std::abs(r[j]));
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const auto& d = data[4 * i];
    ASSERT_EQ(d[0], ref[i][0]) << "row " << i;
    for (int j = 1; j < 25; ++j)
      ASSERT_NEAR(d[j], ref[i][j], 1e-9 * std::max(scale[j], 1e-12))
          << "golden row " << i << " (t = " << ref[i][0] << "), column " << j;
    EXPECT_NEAR(d[25], ref[i][25], 1.0) << "Newton iterations, t = " << ref[i][0];
    EXPECT_EQ(d[26], ref[i][26]) << "index set 1, t = " << ref[i][0];
  }
  // The golden run has contact impulses (the first at t = 2.69e-3, step 269, not a golden row;
  // largest on the golden rows 5.9e-4) and two active corners.
  EXPECT_GT(scale[21], 1e-4);
  EXPECT_EQ(scale[26], 2.0);
}

// Row 0 (y(t0) computed, λ = 0, columns 25–26 = 0), the kinematic columns against the gaps of
// the relations, and the velocity output y(1) against the gaps' finite differences.
TEST(SliderCrankTSExample, ColumnsAreConsistentWithTheRelations) {
  const Table d = runAndRead("--T 0.03", "columns_SliderCrankTS");
  expectShape(d, 3001);
  const auto& r0 = d[0];
  EXPECT_EQ(r0[0], 0.0);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(r0[13 + i], sc::kC, 1e-17) << "gap of corner " << i + 1 << " at t0";
    EXPECT_EQ(r0[21 + i], 0.0);
  }
  // ẏ_N(t0) = G_N(0) v0: corners 1, 2: −(l1 v0 + l2 v1) ± a v2 ; corners 3, 4: the opposite.
  const double ydot = -(sc::kL1 * 150.0 + sc::kL2 * (-75.0));
  EXPECT_NEAR(r0[17], ydot + sc::kA * (-0.01), 1e-15);
  EXPECT_NEAR(r0[18], ydot - sc::kA * (-0.01), 1e-15);
  EXPECT_NEAR(r0[19], -ydot - sc::kA * (-0.01), 1e-15);
  EXPECT_NEAR(r0[20], -ydot + sc::kA * (-0.01), 1e-15);
  EXPECT_EQ(r0[25], 0.0);
  EXPECT_EQ(r0[26], 0.0);
  double maxKinematic = 0.0;
  for (std::size_t k = 0; k < d.size(); ++k) {
    const auto& r = d[k];
    // §17 columns 7–10 are 1 − g1/c, 1 − g2/c, g3/c − 1, g4/c − 1 (+c in every row).
    maxKinematic = std::max(
        {maxKinematic, std::abs(r[7] - (1 - r[13] / sc::kC)), std::abs(r[8] - (1 - r[14] / sc::kC)),
         std::abs(r[9] - (r[15] / sc::kC - 1)), std::abs(r[10] - (r[16] / sc::kC - 1))});
    // g1 + g3 = d − 2b cos q2 (independent of q0, q1), and likewise g2 + g4.
    EXPECT_NEAR(r[13] + r[15], sc::kD - 2 * sc::kB * std::cos(r[3]), 1e-15);
    EXPECT_NEAR(r[14] + r[16], sc::kD - 2 * sc::kB * std::cos(r[3]), 1e-15);
    if (k == 0) continue;
    EXPECT_GE(r[25], 1.0);
    EXPECT_LE(r[25], 4.0);
    EXPECT_GE(r[26], 0.0);
    EXPECT_LE(r[26], 4.0);
    // A corner with an impulse is in index set 1.
    int withImpulse = 0;
    for (int i = 0; i < 4; ++i) withImpulse += r[21 + i] > 0 ? 1 : 0;
    EXPECT_LE(withImpulse, r[26]) << "t = " << r[0];
    // Without an impulse, (y_{k+1} − y_k)/h (q moves by the trapezoidal rule) equals the mean
    // of the end values of ẏ = G v up to O(h²): h² y'''/12 with |y'''| ≲ l1 ω0³ ≈ 5e5 m/s³ is
    // 4e-6 m/s (measured max 3.2e-6).
    if (!contactImpulse(r)) {
      for (int i = 0; i < 4; ++i)
        EXPECT_NEAR((r[13 + i] - d[k - 1][13 + i]) / 1e-5, 0.5 * (r[17 + i] + d[k - 1][17 + i]),
                    1e-5)
            << "corner " << i + 1 << ", t = " << r[0];
    }
  }
  EXPECT_LT(maxKinematic, 1e-12);  // round-off of the division by c = 1e-3
}

// Before the first contact (t = 2.69e-3 s) the motion is smooth: the example's discrete
// solution at T = 2.4e-3 is second order in h (Richardson, h = 4e-5, 2e-5, 1e-5; the README
// compares it with a Dormand–Prince solution of the ODE as well).
TEST(SliderCrankTSExample, SmoothPhaseIsSecondOrder) {
  std::array<Eigen::VectorXd, 3> x;
  std::array<double, 3> energyError{};
  const std::array<double, 3> hs{4e-5, 2e-5, 1e-5};
  for (std::size_t i = 0; i < 3; ++i) {
    moreau::examples::SliderCrankParameters p;
    p.h = hs[i];
    p.T = 2.4e-3;  // 60, 120 and 240 steps
    auto model = moreau::examples::makeSliderCrank(p);
    auto& sim = *model.simulation;
    sim.initialize();
    const double e0 =
        moreau::examples::sliderCrankEnergy(model.mechanism->q(), model.mechanism->velocity());
    while (sim.hasNextEvent()) {
      sim.advanceToEvent();
      ASSERT_EQ(model.nsds->topology().indexSet(1).size(), 0u) << "contact before t = 2.4e-3";
      energyError[i] =
          std::max(energyError[i], std::abs(moreau::examples::sliderCrankEnergy(
                                                model.mechanism->q(), model.mechanism->velocity()) -
                                            e0));
      sim.nextStep();
    }
    x[i].resize(6);
    x[i] << model.mechanism->q(), model.mechanism->velocity();
  }
  const double order = std::log2((x[0] - x[1]).norm() / (x[1] - x[2]).norm());
  std::printf(
      "smooth phase: |x_4h - x_2h| %.3e, |x_2h - x_h| %.3e, order %.3f; energy error %.3e %.3e "
      "%.3e\n",
      (x[0] - x[1]).norm(), (x[1] - x[2]).norm(), order, energyError[0], energyError[1],
      energyError[2]);
  EXPECT_NEAR(order, 2.0, 0.05);
  EXPECT_NEAR(std::log2(energyError[0] / energyError[1]), 2.0, 0.1);
  EXPECT_NEAR(std::log2(energyError[1] / energyError[2]), 2.0, 0.1);
  EXPECT_LT(energyError[2], 3e-5);  // of E = 7.50 J
}

// The full default run (20 000 steps): the mechanical energy is conserved to O(h²) between
// contact steps (measured drift ≤ 2.0e-5 J of 7.5 J within a contact-free stretch, per-step
// change ≤ 9e-8 J) and a step with a contact impulse never increases it beyond that per-step
// round-off of the scheme (measured max +1.9e-10 J; total dissipated by contacts 0.503 J).
TEST(SliderCrankTSExample, EnergyBetweenAndAtContacts) {
  const Table d = runAndRead("", "default_SliderCrankTS");
  expectShape(d, 20001);
  EXPECT_NEAR(d.back()[0], 0.2, 1e-15);
  std::vector<double> E(d.size());
  for (std::size_t k = 0; k < d.size(); ++k) E[k] = rowEnergy(d[k]);
  double drift = 0.0, smoothStep = 0.0, contactIncrease = -1.0, dissipated = 0.0;
  std::size_t start = 0, contactSteps = 0;
  for (std::size_t k = 1; k < d.size(); ++k) {
    const double dE = E[k] - E[k - 1];
    if (contactImpulse(d[k])) {
      ++contactSteps;
      contactIncrease = std::max(contactIncrease, dE);
      dissipated -= dE;
      start = k;
    } else {
      smoothStep = std::max(smoothStep, std::abs(dE));
      drift = std::max(drift, std::abs(E[k] - E[start]));
    }
  }
  EXPECT_EQ(contactSteps, 3434u);
  EXPECT_LT(drift, 3e-5);
  EXPECT_LT(smoothStep, 2e-7);
  EXPECT_LT(contactIncrease, 1e-8);
  EXPECT_NEAR(dissipated, 0.503, 0.01);
  EXPECT_NEAR(E[0] - E.back(), 0.5031, 0.001);
  // Newton iterations: 2 to 4 per step, 2.82 on average (measured 2.822).
  double newton = 0.0;
  for (std::size_t k = 1; k < d.size(); ++k) newton += d[k][25];
  EXPECT_NEAR(newton / 20000.0, 2.822, 0.05);
}

// A short run through the API: at every step, the FC2D problem converged, and each corner of
// index set 1 satisfies the Coulomb law with Newton's restitution on the normal velocity,
// u_N = ẏ_N,k+1 + e_n ẏ_N,k, u_T = ẏ_T,k+1 (e_t = 0):
//   λ_N ≥ 0, u_N ≥ 0, λ_N u_N = 0, |λ_T| ≤ μ λ_N, and
//   u_T ≠ 0 ⇒ λ_T = −μ λ_N sign(u_T)  (and u_T = 0 inside the cone).
// (ẏ_{k+1} = G(q_{k+1}) v_{k+1}; the problem used G(q^τ) of the last Newton iterate: they agree
// to the Newton tolerance 1e-10.) The Newton count equals the step's SimulationLog record.
TEST(SliderCrankTSExample, FrictionContactSolutionsSatisfyCoulomb) {
  moreau::examples::SliderCrankParameters p;
  p.T = 0.012;
  auto model = moreau::examples::makeSliderCrank(p);
  auto& sim = *model.simulation;
  sim.initialize();
  const auto& active = model.nsds->topology().indexSet(1);
  std::array<Eigen::Vector2d, 4> ydotOld;
  for (int i = 0; i < 4; ++i) ydotOld[i] = model.corners[i]->y(1);
  std::size_t closedSteps = 0, sliding = 0, sticking = 0, separating = 0;
  const double tol = 1e-9;  // velocities up to 1 m/s, Newton tolerance 1e-10
  while (sim.hasNextEvent()) {
    sim.advanceToEvent();
    ASSERT_TRUE(sim.newtonConverged());
    EXPECT_EQ(static_cast<unsigned>(sim.log().records().back().newtonIterations),
              sim.newtonIterations());
    if (active.size() > 0) {
      const auto& result = model.friction->lastResult();
      ASSERT_TRUE(result.converged()) << "t = " << sim.nextTime();
      EXPECT_LE(result.error, 1e-12);
      EXPECT_EQ(result.solver, "enum");
    }
    for (int i = 0; i < 4; ++i) {
      const auto& inter = *model.corners[i];
      const Eigen::Vector2d lambda = inter.lambda(1);
      if (!active.contains(inter.number())) {
        EXPECT_EQ(lambda.norm(), 0.0);
        continue;
      }
      ++closedSteps;
      const double uN = inter.y(1)(0) + sc::kRestitutionN * ydotOld[i](0);
      const double uT = inter.y(1)(1);
      const double mu = sc::kFriction;
      EXPECT_GE(lambda(0), 0.0);
      EXPECT_GE(uN, -tol) << "corner " << i + 1 << ", t = " << sim.nextTime();
      EXPECT_LE(lambda(0) * uN, tol * std::max(1.0, lambda(0)));
      EXPECT_LE(std::abs(lambda(1)), mu * lambda(0) * (1 + 1e-12) + 1e-15);
      if (lambda(0) == 0.0) {
        ++separating;
      } else if (std::abs(uT) > tol) {
        // Sliding: the friction impulse is on the boundary of the cone, opposite to u_T (to
        // the solver's accuracy: λ_N is ~1e-6 here, the FC2D error 1e-12 is absolute).
        ++sliding;
        EXPECT_NEAR(lambda(1), -mu * lambda(0) * (uT > 0 ? 1.0 : -1.0),
                    1e-14 + 1e-6 * mu * lambda(0))
            << "sliding corner " << i + 1 << ", t = " << sim.nextTime();
      } else {
        ++sticking;  // u_T = 0: any λ_T in the cone (checked above)
      }
    }
    for (int i = 0; i < 4; ++i) ydotOld[i] = model.corners[i]->y(1);
    sim.nextStep();
  }
  EXPECT_GT(closedSteps, 400u);
  EXPECT_GT(sliding, 100u);  // the slider slides along the guide
  EXPECT_GT(separating, 0u);
  std::printf(
      "T = 0.012: %zu corner-steps in index set 1: %zu sliding, %zu sticking, %zu separating\n",
      closedSteps, sliding, sticking, separating);
}
