// Tests of the SliderCrankTS example (tutorial-models §17; examples/SliderCrankTS/README.md):
//  - golden file from the independent Python reference scripts/reference/slider_crank_ts.py
//    (the same scheme with its own FC2D solver by case enumeration), T = 0.01 with 23 contact
//    onsets, every 4th row;
//  - the output columns: row 0, the kinematic columns 7–12 against the gaps y(0) of the corners,
//    the Newton iterations against the simulation's record, the index-set size;
//  - the smooth phase before the first contact: first order in h (Richardson, three steps; the
//    Newton loop evaluates M at the iterate, i.e. at q_{k+1} once converged, as Siconos) and the
//    energy error O(h);
//  - the full run: energy drift between contacts O(h), a contact step never increases the energy
//    by more than a smooth step's error;
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
// steps 4, 8, ..., 1000). Measured agreement with the example: 4.2e-13 on v (|v| ≤ 150),
// 3.0e-13 on the kinematic columns, 3.0e-16 on the gaps, 4.6e-16 on λ_N, identical Newton
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
  // largest on the golden rows 8.1e-4 for corner 1, 3.7e-3 for corner 2) and two active corners.
  EXPECT_GT(scale[21], 1e-4);
  EXPECT_EQ(scale[26], 2.0);
}

// Row 0 (y(0) at t0 computed, y(1) and λ = 0, columns 25–26 = 0), the kinematic columns against the
// gaps of the relations, and the velocity output y(1) against the gaps' finite differences.
TEST(SliderCrankTSExample, ColumnsAreConsistentWithTheRelations) {
  const Table d = runAndRead("--T 0.03", "columns_SliderCrankTS");
  expectShape(d, 3001);
  const auto& r0 = d[0];
  EXPECT_EQ(r0[0], 0.0);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(r0[13 + i], sc::kC, 1e-17) << "gap of corner " << i + 1 << " at t0";
    EXPECT_EQ(r0[21 + i], 0.0);
  }
  // As the tutorial (computeOutput(t0, 0) only, before the simulation is initialized), row 0
  // shows y(1) = 0: the original program's row 0 (its stored output has 0 there too).
  for (int i = 0; i < 4; ++i) EXPECT_EQ(r0[17 + i], 0.0) << "corner " << i + 1;
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
    EXPECT_LE(r[25], 2.0);  // Newton from the predicted state: 1 or 2 iterations
    EXPECT_GE(r[26], 0.0);
    EXPECT_LE(r[26], 4.0);
    // A corner with an impulse is in index set 1.
    int withImpulse = 0;
    for (int i = 0; i < 4; ++i) withImpulse += r[21 + i] > 0 ? 1 : 0;
    EXPECT_LE(withImpulse, r[26]) << "t = " << r[0];
    // Without an impulse, (y_{k+1} − y_k)/h (q moves by the trapezoidal rule) equals the mean
    // of the end values of ẏ = G v up to O(h²): h² y'''/12 with |y'''| ≲ l1 ω0³ ≈ 5e5 m/s³ is
    // 4e-6 m/s (measured max 3.2e-6). From row 2 on: row 0 shows ẏ = 0 (not computed there).
    if (k >= 2 && !contactImpulse(r)) {
      for (int i = 0; i < 4; ++i)
        EXPECT_NEAR((r[13 + i] - d[k - 1][13 + i]) / 1e-5, 0.5 * (r[17 + i] + d[k - 1][17 + i]),
                    1e-5)
            << "corner " << i + 1 << ", t = " << r[0];
    }
  }
  EXPECT_LT(maxKinematic, 1e-12);  // round-off of the division by c = 1e-3
}

// Before the first contact (t = 2.69e-3 s) the motion is smooth: the example's discrete
// solution at T = 2.4e-3 is first order in h (Richardson, h = 4e-5, 2e-5, 1e-5; the README
// compares it with a Dormand–Prince solution of the ODE as well). First order because the
// Newton loop takes the mass at the iterate, M(q_{k+1}) once converged (Siconos's scheme), not
// at a midpoint. Measured: order 1.013, energy errors 2.475e-2, 1.230e-2, 6.132e-3 J.
TEST(SliderCrankTSExample, SmoothPhaseIsFirstOrder) {
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
  EXPECT_NEAR(order, 1.0, 0.05);
  EXPECT_NEAR(std::log2(energyError[0] / energyError[1]), 1.0, 0.1);
  EXPECT_NEAR(std::log2(energyError[1] / energyError[2]), 1.0, 0.1);
  EXPECT_LT(energyError[2], 7e-3);  // of E = 7.50 J
}

// The full default run (20 000 steps): between contact steps the mechanical energy drifts by
// the scheme's O(h) error (measured drift ≤ 9.35e-3 J of 7.5 J within a contact-free stretch,
// per-step change ≤ 3.76e-5 J) and a step with a contact impulse never increases it by more than
// a smooth step does (measured max +3.15e-5 J; total dissipated by contact steps 0.4825 J, total
// loss 0.3786 J: the smooth steps gain 0.104 J).
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
  EXPECT_EQ(contactSteps, 3518u);
  EXPECT_LT(drift, 1.2e-2);
  EXPECT_LT(smoothStep, 5e-5);
  EXPECT_LT(contactIncrease, 5e-5);
  EXPECT_NEAR(dissipated, 0.4825, 0.01);
  EXPECT_NEAR(E[0] - E.back(), 0.3786, 0.001);
  // Newton iterations: 1 or 2 per step (from the predicted state), 1.169 on average (measured
  // 1.169: 2 on 3373 steps).
  double newton = 0.0;
  for (std::size_t k = 1; k < d.size(); ++k) newton += d[k][25];
  EXPECT_NEAR(newton / 20000.0, 1.169, 0.05);
}

// A short run through the API: at every step, the FC2D problem converged, and each corner of
// index set 1 satisfies the Coulomb law with Newton's restitution on the normal velocity,
// u_N = G_N(q^τ) v_k+1 + e_n ẏ_N,k, u_T = G_T(q^τ) v_k+1 (e_t = 0), the local velocity of the
// problem (FrictionContact::w() = W λ + q of the last solve):
//   λ_N ≥ 0, u_N ≥ 0, λ_N u_N = 0, |λ_T| ≤ μ λ_N, and
//   u_T ≠ 0 ⇒ λ_T = −μ λ_N sign(u_T)  (and u_T = 0 inside the cone).
// The problem uses G(q^τ) of the last Newton iterate; the Newton loop stops on the state
// residual only (as Siconos), so the output ẏ_k+1 = G(q_k+1) v_k+1 differs from it: measured
// (Python reference) by at most 1.5e-6 m/s on u_N, checked below with 5e-6.
// The Newton count equals the step's SimulationLog record.
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
  const double tol = 1e-9;  // local velocities up to 1 m/s, FC2D tolerance 1e-12
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
      const Eigen::Index row = model.friction->rowOf(inter.number());
      ASSERT_GE(row, 0) << "corner " << i + 1 << " of index set 1 not in the problem";
      const Eigen::Index offset = model.friction->matrix().rowBlockOffset(row);
      const double uN = model.friction->w()(offset);
      const double uT = model.friction->w()(offset + 1);
      EXPECT_NEAR(inter.y(1)(0) + sc::kRestitutionN * ydotOld[i](0), uN, 5e-6)
          << "corner " << i + 1 << ", t = " << sim.nextTime();
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
