// CircuitRLCD (examples/CircuitRLCD): an LC tank in parallel with a resistor–ideal diode branch.
// Checked at every row: the columns (row 0 holds y(t0) = −10), the diode law 0 ≤ y ⟂ λ ≥ 0, the
// diode conducts only when v_C > 0 and then carries v_C / R, and the discrete energy balance
// of the θ ≈ ½ scheme with the implicit input, E_{k+1} − E_k = −h v̄ λ (E = ½Cv² + ½Li²), so the
// energy is conserved while the diode blocks. Then the whole output against the golden file of
// the independent Python reference scripts/reference/circuit_rlcd.py, and the convergence to
// the exact piecewise-linear solution (parallel RLC while v_C > 0, LC while v_C < 0).
#include <gtest/gtest.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kCircuitRLCD = MOREAU_CIRCUITRLCD_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;
constexpr double kL = 1e-2, kC = 1e-6, kR = 1e3, kH = 1e-5;

Eigen::Matrix2d expm(const Eigen::Matrix2d& A) {
  int s = 0;
  double norm = A.cwiseAbs().rowwise().sum().maxCoeff();
  while (norm > 0.1) {
    norm /= 2;
    ++s;
  }
  const Eigen::Matrix2d B = A / std::pow(2.0, s);
  Eigen::Matrix2d E = Eigen::Matrix2d::Identity();
  Eigen::Matrix2d term = E;
  for (int k = 1; k < 30; ++k) {
    term = term * B / k;
    E += term;
  }
  for (int i = 0; i < s; ++i) E = E * E;
  return E;
}

// Exact solution of the ideal-diode circuit: parallel RLC (A_on) while v_C > 0, LC (A_off)
// while v_C < 0. From x0 = (10, 0) the diode conducts until the first zero of v_C (found by
// bisection); after it, every phase starts at v_C = 0 and lasts half a period of its mode:
// π/ω₀ blocked (v = −V sin ω₀t), π/ω_d conducting (v = V e^{−αt} sin ω_d t).
class ExactCircuit {
 public:
  ExactCircuit() {
    on_ << -1 / (kR * kC), -1 / kC, 1 / kL, 0;
    off_ << 0, -1 / kC, 1 / kL, 0;
    const double w0 = 1 / std::sqrt(kL * kC), alpha = 1 / (2 * kR * kC);
    const double pi = 3.14159265358979323846;
    halfOff_ = pi / w0;
    halfOn_ = pi / std::sqrt(w0 * w0 - alpha * alpha);
    double a = 0, b = halfOn_;  // v(t) > 0 on [0, t1), first zero before half a period
    for (int k = 0; k < 200; ++k) {
      const double m = 0.5 * (a + b);
      ((expm(on_ * m) * x0_)(0) > 0 ? a : b) = m;
    }
    starts_.push_back(0.0);
    states_.push_back(x0_);
    conducting_.push_back(true);
    double t = 0.5 * (a + b);
    Eigen::Vector2d x = expm(on_ * t) * x0_;
    x(0) = 0;
    bool on = false;
    while (t < 1.0) {  // phases up to well beyond T
      starts_.push_back(t);
      states_.push_back(x);
      conducting_.push_back(on);
      const double d = on ? halfOn_ : halfOff_;
      x = expm((on ? on_ : off_) * d) * x;
      x(0) = 0;
      t += d;
      on = !on;
      if (starts_.size() > 200) break;
    }
  }
  Eigen::Vector2d at(double t) const {
    std::size_t k = 0;
    while (k + 1 < starts_.size() && starts_[k + 1] <= t) ++k;
    return expm((conducting_[k] ? on_ : off_) * (t - starts_[k])) * states_[k];
  }

 private:
  Eigen::Matrix2d on_, off_;
  Eigen::Vector2d x0_{10.0, 0.0};
  double halfOn_ = 0, halfOff_ = 0;
  std::vector<double> starts_;
  std::vector<Eigen::Vector2d> states_;
  std::vector<bool> conducting_;
};

// max over rows of |Δv| + 100 Ω |Δi| (100 Ω = sqrt(L/C)).
double errorAgainstExact(const Table& table, const ExactCircuit& exact) {
  double err = 0;
  for (const auto& row : table) {
    const Eigen::Vector2d x = exact.at(row[0]);
    err = std::max(err, std::abs(row[1] - x(0)) + 100 * std::abs(row[2] - x(1)));
  }
  return err;
}

}  // namespace

TEST(CircuitRLCD, DiodeLawConductionOnlyForPositiveVoltageAndEnergyBalance) {
  const auto run = runExample(kCircuitRLCD, "", "CircuitRLCD_default");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 501u);  // row 0 = initial state, then 500 steps of h = 1e-5
  for (const auto& row : t) ASSERT_EQ(row.size(), 6u);
  // Row 0: x0 = (10, 0), y(t0) = C x0 = −10 (column 3 holds −y), λ = r = 0.
  EXPECT_EQ(t[0][0], 0.0);
  EXPECT_EQ(t[0][1], 10.0);
  EXPECT_EQ(t[0][2], 0.0);
  EXPECT_EQ(t[0][3], 10.0);
  EXPECT_EQ(t[0][4], 0.0);
  EXPECT_EQ(t[0][5], 0.0);
  auto energy = [](const std::vector<double>& r) {
    return 0.5 * kC * r[1] * r[1] + 0.5 * kL * r[2] * r[2];
  };
  double worstLaw = 0, worstCurrent = 0, worstBalance = 0, worstBlocked = 0;
  long conducting = 0, blocked = 0;
  for (std::size_t k = 1; k < t.size(); ++k) {
    const auto& prev = t[k - 1];
    const auto& row = t[k];
    EXPECT_NEAR(row[0], k * kH, 1e-15);
    const double v = row[1], y = -row[3], lambda = row[4];
    EXPECT_EQ(row[5], 0.0);  // written as the constant 0 after row 0 (tutorial)
    // Diode law: y ≥ 0, λ ≥ 0, y λ = 0 (y = −v + R λ in volts, λ in amperes).
    EXPECT_GE(lambda, 0.0) << "row " << k;
    EXPECT_GE(y, -1e-12) << "row " << k;
    worstLaw = std::max(worstLaw, std::abs(y * lambda));
    if (lambda > 0) {
      ++conducting;
      EXPECT_GT(v, 0.0) << "the diode conducts with v_C <= 0 at row " << k;
      worstCurrent = std::max(worstCurrent, std::abs(lambda - v / kR));
    } else {
      ++blocked;
      EXPECT_GE(y, 0.0);
    }
    if (v <= 0) {
      EXPECT_EQ(lambda, 0.0) << "row " << k;
    }
    // E_{k+1} − E_k = −h v̄ λ_{k+1}, v̄ the mean voltage of the step.
    const double dE = energy(row) - energy(prev);
    const double vbar = 0.5 * (prev[1] + row[1]);
    worstBalance = std::max(worstBalance, std::abs(dE + kH * vbar * lambda));
    if (lambda == 0) worstBlocked = std::max(worstBlocked, std::abs(dE));
  }
  EXPECT_LT(worstLaw, 1e-14);
  EXPECT_LT(worstCurrent, 1e-15);
  EXPECT_LT(worstBalance, 1e-16);  // E ≈ 5e-5 J
  EXPECT_LT(worstBlocked, 1e-16);
  EXPECT_EQ(conducting, 252);  // same count as the Python reference
  EXPECT_GT(blocked, 200);
  // The load dissipates: the energy decays, only while the diode conducts.
  EXPECT_LT(energy(t.back()), 0.5 * energy(t.front()));
  std::printf(
      "CircuitRLCD: %ld conducting rows, max |y lambda| = %.3e, max |lambda - v/R| = %.3e, "
      "max energy-balance residual = %.3e J, max |dE| while blocked = %.3e J\n",
      conducting, worstLaw, worstCurrent, worstBalance, worstBlocked);
}

// Golden file from the independent pure-Python reference scripts/reference/circuit_rlcd.py
// (same scheme from the spec formulas, scalar LCP in closed form; see
// tests/regression/golden/README.md).
TEST(CircuitRLCD, MatchesGoldenFile) {
  const Table data = readTable(runExample(kCircuitRLCD, "", "CircuitRLCD_golden").output);
  const Table ref = readTable(kGoldenDir + "/CircuitRLCD.ref");
  ASSERT_EQ(data.size(), ref.size());
  // Per column: t, v_C (~10 V), i_L (~0.03 A), −y (~10 V), λ (~0.01 A), r (0).
  const std::vector<double> tolerance = {1e-15, 1e-9, 1e-11, 1e-9, 1e-12, 0.0};
  std::vector<double> maxDiff(6, 0.0);
  for (std::size_t i = 0; i < ref.size(); ++i) {
    ASSERT_EQ(data[i].size(), 6u);
    ASSERT_EQ(ref[i].size(), 6u);
    for (std::size_t j = 0; j < 6; ++j) {
      const double d = std::abs(data[i][j] - ref[i][j]);
      maxDiff[j] = std::max(maxDiff[j], d);
      ASSERT_LE(d, tolerance[j]) << "row " << i << ", column " << j + 1;
    }
  }
  std::printf("max |example - reference| per column (CircuitRLCD.ref):");
  for (double d : maxDiff) std::printf(" %.3e", d);
  std::printf("\n");
}

TEST(CircuitRLCD, ConvergesToTheExactPiecewiseSolution) {
  const ExactCircuit exact;
  const Table h1 = readTable(runExample(kCircuitRLCD, "--h 1e-5", "CircuitRLCD_h1").output);
  const Table h2 = readTable(runExample(kCircuitRLCD, "--h 5e-6", "CircuitRLCD_h2").output);
  const Table h4 = readTable(runExample(kCircuitRLCD, "--h 2.5e-6", "CircuitRLCD_h4").output);
  ASSERT_EQ(h4.size(), 2001u);
  const double e1 = errorAgainstExact(h1, exact), e2 = errorAgainstExact(h2, exact),
               e4 = errorAgainstExact(h4, exact);
  std::printf(
      "CircuitRLCD error vs exact piecewise solution: h=1e-5 %.3e, h=5e-6 %.3e, "
      "h=2.5e-6 %.3e\n",
      e1, e2, e4);
  EXPECT_LT(e1, 0.6);  // v_C ~ 10 V
  // Order 1: the load current is implicit (γ = 1) and the switchings fall on the grid.
  EXPECT_GT(std::log2(e1 / e2), 0.8);
  EXPECT_GT(std::log2(e2 / e4), 0.8);
}
