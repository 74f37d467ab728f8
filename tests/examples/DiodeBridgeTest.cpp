// DiodeBridge (examples/DiodeBridge): the output is checked against the physics of an ideal
// full-wave bridge. With ideal diodes the load always sees |v_C|, so the tank draws the
// current v_C / R and the circuit is the linear parallel RLC
//   v̇ = −v / (RC) − i / C,   i̇ = v / L,
// whose exact solution is the matrix exponential. Checked at every row: the resistor
// current column equals |v_C| / R, the tank energy ½Cv² + ½Li² does not increase between
// zero crossings of v_C and changes by
// exactly h v̄ |i_R| per step (discrete energy balance of the trapezoidal rule with the
// implicit input), and the state converges at order 1 in h to the exact solution.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kDiodeBridge = MOREAU_DIODEBRIDGE_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kL = 1e-2, kC = 1e-6, kR = 1e3;

Eigen::MatrixXd expm(const Eigen::MatrixXd& A) {
  int s = 0;
  double norm = A.cwiseAbs().rowwise().sum().maxCoeff();
  while (norm > 0.1) {
    norm /= 2;
    ++s;
  }
  const Eigen::MatrixXd B = A / std::pow(2.0, s);
  Eigen::MatrixXd E = Eigen::MatrixXd::Identity(A.rows(), A.cols());
  Eigen::MatrixXd term = E;
  for (int k = 1; k < 30; ++k) {
    term = term * B / k;
    E += term;
  }
  for (int i = 0; i < s; ++i) E = E * E;
  return E;
}

// max over rows of |v − v_exact| + L/…: the voltage error and the current error scaled by
// the characteristic impedance sqrt(L/C) = 100 Ω.
double errorAgainstExact(const Table& table) {
  Eigen::Matrix2d A;
  A << -1 / (kR * kC), -1 / kC, 1 / kL, 0;
  const Eigen::Vector2d x0(10, 0);
  double err = 0;
  for (std::size_t i = 0; i < table.size(); i += 25) {
    const Eigen::Vector2d exact = expm(A * table[i][0]) * x0;
    err = std::max(err, std::abs(table[i][1] - exact(0)));
    err = std::max(err, 100 * std::abs(table[i][2] - exact(1)));
  }
  return err;
}

}  // namespace

TEST(DiodeBridge, ColumnsEnergyBalanceAndRectification) {
  const auto run = runExample(kDiodeBridge, "", "DiodeBridge_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 5001u);  // row 0 = initial state, then 5000 steps of h = 1e-6
  for (const auto& row : t) ASSERT_EQ(row.size(), 8u);
  EXPECT_EQ(t[0][1], 10.0);
  for (std::size_t c = 3; c < 8; ++c) EXPECT_EQ(t[0][c], 0.0);
  const double h = 1e-6;
  auto energy = [](const std::vector<double>& r) {
    return 0.5 * kC * r[1] * r[1] + 0.5 * kL * r[2] * r[2];
  };
  double worstBalance = 0, worstRect = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& prev = t[k - 1];
    const auto& row = t[k];
    EXPECT_NEAR(row[0], k * h, 1e-15);
    // Resistor current (column 7) = |v_C| / R; diode R1 current (column 3) is zero when the
    // bridge conducts through F1 (λ₂ = column 6 > 0).
    worstRect = std::max(worstRect, std::abs(row[7] - std::abs(row[1]) / kR));
    EXPECT_GE(row[6], -1e-15);
    // Energy: E_{k+1} − E_k = −h v̄ s i_R with s = sign(v_{k+1}) (the tank current), v̄ the
    // mean voltage; no increase between two zero crossings of v.
    const double vbar = 0.5 * (prev[1] + row[1]);
    const double s = row[1] >= 0 ? 1.0 : -1.0;
    const double dE = energy(row) - energy(prev);
    // (At a zero crossing of v, v̄ s < 0 and E may rise by h |v̄| i_R ~ 1e-14 J.)
    if (prev[1] * row[1] > 0) {
      EXPECT_LE(dE, 1e-18) << "row " << k;
    }
    worstBalance = std::max(worstBalance, std::abs(dE + h * vbar * s * row[7]));
  }
  EXPECT_LT(worstRect, 1e-14);
  EXPECT_LT(worstBalance, 1e-16);  // energies ~5e-5 J
  // Energy decays: the load dissipates.
  EXPECT_LT(energy(t.back()), 0.1 * energy(t.front()));
  RecordProperty("balance", std::to_string(worstBalance));
  std::printf("max |i_R - |v|/R| = %.3e, max energy-balance residual = %.3e J\n", worstRect,
              worstBalance);
}

TEST(DiodeBridge, ConvergesToTheParallelRlcSolution) {
  const Table coarse = readTable(runExample(kDiodeBridge, "--h 2e-6", "DiodeBridge_h2").output);
  const Table fine = readTable(runExample(kDiodeBridge, "--h 1e-6", "DiodeBridge_h1").output);
  const Table finer = readTable(runExample(kDiodeBridge, "--h 5e-7", "DiodeBridge_h05").output);
  const double e2 = errorAgainstExact(coarse), e1 = errorAgainstExact(fine),
               e05 = errorAgainstExact(finer);
  std::printf("error vs exact RLC: h=2e-6 %.3e, h=1e-6 %.3e, h=5e-7 %.3e\n", e2, e1, e05);
  EXPECT_LT(e1, 0.1);
  EXPECT_GT(std::log2(e2 / e1), 0.8);
  EXPECT_GT(std::log2(e1 / e05), 0.8);
}

// Golden file from the independent pure-Python reference
// scripts/reference/euler_moreau_diode_bridge.py (LCP by enumeration of the complementary
// bases; see tests/regression/golden/README.md). Same scheme, different arithmetic: agreement to
// round-off.
TEST(DiodeBridge, MatchesGoldenFile) {
  const Table data = readTable(runExample(kDiodeBridge, "", "DiodeBridge_golden").output);
  const Table ref = readTable(kGoldenDir + "/DiodeBridge.ref");
  ASSERT_EQ(data.size(), ref.size());
  std::vector<double> maxDiff(8, 0.0);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), ref[i].size());
    for (std::size_t j = 0; j < ref[i].size(); ++j) {
      maxDiff[j] = std::max(maxDiff[j], std::abs(data[i][j] - ref[i][j]));
      ASSERT_NEAR(data[i][j], ref[i][j], 1e-9) << "row " << i << ", column " << j + 1;
    }
  }
  std::printf("max |example - reference| per column (DiodeBridge.ref):");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}
