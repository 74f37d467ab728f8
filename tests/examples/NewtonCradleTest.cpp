// NewtonCradle (examples/NewtonCradle): N equal balls on a line, ball 0 thrown at v0 against
// the others; contacts between neighbours share their dynamical systems. Checked: momentum
// conserved at every row (1e-12) for every case; with gaps and e = 1 the one-in-one-out
// pattern (final velocities (0, …, 0, v0), one impact per contact, in order, energy conserved);
// with gaps and e < 1 the chain of two-ball impacts ((1 − e)/2, (1 + e)/2 per impact); with
// touching balls the single simultaneous LCP impact of Moreau–Jean, whose solution keeps the
// balls 1 … N−1 together: v_0 = (1 + e − e N) v0/N, v_i = (1 + e) v0/N; and the golden files of
// the independent Python reference (scripts/reference/newton_cradle.py, LCP by enumeration).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_NEWTONCRADLE_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kGap = 0.015625, kH = 1e-4, kDiameter = 0.125;

std::size_t velocityColumn(std::size_t balls, std::size_t i) { return 1 + balls + i; }
std::size_t lambdaColumn(std::size_t balls, std::size_t contact) {
  return 1 + 2 * balls + contact - 1;  // contact = 1 … N−1
}

Table runCradle(const std::string& args, const std::string& name, std::size_t balls) {
  const auto run = runExample(kExe, args, name);
  EXPECT_EQ(run.exitCode, 0) << run.stdOut;
  Table t = readTable(run.output);
  for (const auto& row : t) EXPECT_EQ(row.size(), 3 * balls + 2);
  return t;
}

// Momentum column = Σ v_i = v0 at every row; energy column = ½ Σ v_i² (recomputed).
void checkMomentum(const Table& t, std::size_t balls, double v0) {
  for (std::size_t k = 0; k < t.size(); ++k) {
    double p = 0, energy = 0;
    for (std::size_t i = 0; i < balls; ++i) {
      const double v = t[k][velocityColumn(balls, i)];
      p += v;
      energy += 0.5 * v * v;
    }
    EXPECT_NEAR(p, v0, 1e-12) << "row " << k;
    EXPECT_NEAR(t[k][3 * balls], p, 1e-14) << "row " << k;
    EXPECT_NEAR(t[k][3 * balls + 1], energy, 1e-14) << "row " << k;
  }
}

void compareWithGolden(const Table& data, const std::string& file) {
  const Table ref = readTable(kGoldenDir + "/" + file);
  ASSERT_EQ(data.size(), ref.size());
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), ref[i].size());
    for (std::size_t j = 0; j < ref[i].size(); ++j) {
      EXPECT_NEAR(data[i][j], ref[i][j], 1e-9) << file << " row " << i << " column " << j;
    }
  }
}

}  // namespace

TEST(NewtonCradleExample, MatchesTheIndependentReference) {
  compareWithGolden(runCradle("--T 0.08 --h 5e-4", "NewtonCradle_golden_gap", 5),
                    "NewtonCradle_gap_T0.08.ref");
  compareWithGolden(runCradle("--gap 0 --T 0.01 --h 5e-4", "NewtonCradle_golden_touching", 5),
                    "NewtonCradle_touching_T0.01.ref");
}

TEST(NewtonCradleExample, SeparatedBallsOneInOneOut) {
  for (const std::size_t balls : {2u, 5u, 10u}) {
    const double T = 0.02 * static_cast<double>(balls);
    const Table t = runCradle("--balls " + std::to_string(balls) + " --T " + std::to_string(T),
                              "NewtonCradle_gap_" + std::to_string(balls), balls);
    ASSERT_EQ(t.size(), static_cast<std::size_t>(std::lround(T / kH)) + 1);
    checkMomentum(t, balls, 1.0);
    for (std::size_t k = 0; k < t.size(); ++k) {
      EXPECT_NEAR(t[k][3 * balls + 1], 0.5, 1e-12) << "row " << k;  // e = 1: energy conserved
    }
    // Final state: only the last ball moves, at v0 (exactly: equal masses, e = 1, one contact
    // per impact, so each impact exchanges two velocities).
    for (std::size_t i = 0; i < balls; ++i) {
      EXPECT_NEAR(t.back()[velocityColumn(balls, i)], i + 1 == balls ? 1.0 : 0.0, 1e-12);
    }
    // One impact per contact, in order: contact j at j·gap/v0, within half a step per impact.
    // The impact step (t_k, t_k + h] is the first whose gap at the predicted state q̃ = q_k + h v_k,
    // ỹ + (h/2) ẏ_k = y_k + (3h/2) ẏ_k, is ≤ 0: it ends within h/2 of the contact time of the
    // discrete motion, which each earlier impact has shifted by as much (measured: j h/4 early).
    for (std::size_t j = 1; j < balls; ++j) {
      std::size_t count = 0;
      double when = -1;
      for (const auto& row : t) {
        if (row[lambdaColumn(balls, j)] > 1e-12) {
          ++count;
          when = row[0];
        }
      }
      EXPECT_EQ(count, 1u) << "contact " << j;
      const double exact = static_cast<double>(j) * kGap;
      EXPECT_NEAR(when, exact, 0.5 * static_cast<double>(j) * kH + 1e-12) << "contact " << j;
      EXPECT_NEAR(t.back()[lambdaColumn(balls, j)], 0.0, 0.0);
    }
    // The last ball's position is within 1.5 h v0 per impact of the exact one (measured: 0.75 h
    // ahead for N = 2, 2.75 h for N = 10).
    const double exactLast = static_cast<double>(balls - 1) * (kDiameter + kGap) +
                             (T - static_cast<double>(balls - 1) * kGap);
    EXPECT_NEAR(t.back()[balls], exactLast, 1.5 * kH * static_cast<double>(balls - 1));
  }
}

TEST(NewtonCradleExample, SeparatedBallsWithLossesChainOfBinaryImpacts) {
  // e = 0.5: ball i leaves the impact with (1 + e)/2 of the incoming velocity and keeps
  // (1 − e)/2 of it (last impact at t ≈ 0.101, second round of impacts after t = 0.2).
  const double e = 0.5;
  const std::size_t balls = 5;
  const Table t = runCradle("--e 0.5 --T 0.15", "NewtonCradle_gap_e05", balls);
  checkMomentum(t, balls, 1.0);
  for (std::size_t k = 1; k < t.size(); ++k) {
    EXPECT_LE(t[k][3 * balls + 1], t[k - 1][3 * balls + 1] + 1e-15) << "row " << k;
  }
  double incoming = 1.0;
  for (std::size_t i = 0; i + 1 < balls; ++i) {
    EXPECT_NEAR(t.back()[velocityColumn(balls, i)], incoming * (1 - e) / 2, 1e-12) << i;
    incoming *= (1 + e) / 2;
  }
  EXPECT_NEAR(t.back()[velocityColumn(balls, balls - 1)], incoming, 1e-12);
}

TEST(NewtonCradleExample, TouchingBallsOneSimultaneousImpact) {
  for (const double e : {1.0, 0.5}) {
    for (const std::size_t balls : {2u, 3u, 5u, 10u}) {
      const auto n = static_cast<double>(balls);
      const Table t = runCradle(
          "--gap 0 --T 0.01 --e " + std::to_string(e) + " --balls " + std::to_string(balls),
          "NewtonCradle_touching_" + std::to_string(balls) + "_" + std::to_string(e), balls);
      checkMomentum(t, balls, 1.0);
      // All contacts closed at the first step; its LCP solution: contact j carries the
      // momentum of the balls j … N−1, λ_j = (N − j)(1 + e)/N.
      for (std::size_t j = 1; j < balls; ++j) {
        EXPECT_NEAR(t[1][lambdaColumn(balls, j)], (n - static_cast<double>(j)) * (1 + e) / n, 1e-12)
            << "N = " << balls << ", contact " << j;
      }
      for (std::size_t k = 1; k < t.size(); ++k) {
        EXPECT_NEAR(t[k][velocityColumn(balls, 0)], (1 + e - e * n) / n, 1e-12);
        for (std::size_t i = 1; i < balls; ++i) {
          EXPECT_NEAR(t[k][velocityColumn(balls, i)], (1 + e) / n, 1e-12);
        }
      }
      // Kinetic energy after the impact: ½ m v0² for e = 1 (ball 0 against a block of mass
      // (N − 1) m with e = 1), otherwise ½ [((1+e−eN)/N)² + (N−1)((1+e)/N)²].
      const double v0After = (1 + e - e * n) / n, vBlock = (1 + e) / n;
      const double energy = 0.5 * (v0After * v0After + (n - 1) * vBlock * vBlock);
      EXPECT_NEAR(t.back()[3 * balls + 1], energy, 1e-12);
      if (e == 1.0) {
        EXPECT_NEAR(energy, 0.5, 1e-15);
      }
    }
  }
}

TEST(NewtonCradleExample, RejectsBadOptions) {
  EXPECT_EQ(runExample(kExe, "--e 1.5", "NewtonCradle_bad_e").exitCode, 2);
  EXPECT_EQ(runExample(kExe, "--gap -0.1", "NewtonCradle_bad_gap").exitCode, 2);
  EXPECT_EQ(runExample(kExe, "--balls 1", "NewtonCradle_bad_balls").exitCode, 2);
}
