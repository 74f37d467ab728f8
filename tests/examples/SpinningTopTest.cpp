// SpinningTop (examples/SpinningTop): an axisymmetric top with its tip on a plane with Coulomb
// friction. Checks: (1) the run converges at first order in h to the independent Python
// reference scripts/reference/spinning_top.py (RK4 of the heavy symmetric top with a fixed tip;
// the golden file); (2) the precession rate against the exact steady-precession formula and the
// gyroscopic limit m g l / (I3 ω3), and the nutation amplitude of a top released without
// precession; (3) the invariants while sticking (vertical angular momentum about the tip, energy:
// their drift is the scheme's, first order in h); (4) a torque-free asymmetric body (no contact)
// against RK4 of Euler's equations: |L| and the energy kept, convergence order in h.
#include <gtest/gtest.h>

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "ExampleOutput.hpp"

using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_SPINNINGTOP_EXE;
const std::string kGoldenDir = MOREAU_EXAMPLES_GOLDEN_DIR;

enum Column {
  kT,
  kGx,
  kGy,
  kGz,
  kP0,
  kP1,
  kP2,
  kP3,
  kVx,
  kVy,
  kVz,
  kWx,
  kWy,
  kWz,
  kEnergy,
  kLz,
  kNutation,
  kPrecession,
  kLambdaN,
  kLambdaT,
  kTipX,
  kTipY,
  kNewton,
  kColumns
};

constexpr double kM = 1, kG = 9.81, kL = 0.05, kI1 = 6e-3, kI3 = 4e-3, kOmega3 = 100, kTilt = 0.3,
                 kMu = 0.5;
constexpr double kI1tip = kI1 + kM * kL * kL;

double steadyRate() {
  const double c = std::cos(kTilt);
  return 2 * kM * kG * kL /
         (kI3 * kOmega3 + std::sqrt(kI3 * kI3 * kOmega3 * kOmega3 - 4 * kI1tip * c * kM * kG * kL));
}

Table run(const std::string& args, const std::string& name) {
  const auto r = runExample(kExe, args, "SpinningTop_" + name);
  EXPECT_EQ(r.exitCode, 0) << r.stdOut;
  return readTable(r.output);
}

// Largest |a − ref| over the rows of a (ref sampled every `stride` rows) for column c.
double maxError(const Table& a, const Table& ref, std::size_t stride, int c) {
  double e = 0;
  for (std::size_t k = 0; k < a.size(); ++k)
    e = std::max(e, std::abs(a[k][static_cast<std::size_t>(c)] -
                             ref[k * stride][static_cast<std::size_t>(c)]));
  return e;
}

}  // namespace

TEST(SpinningTop, ConvergesAtFirstOrderToTheFixedTipReference) {
  const Table ref = readTable(kGoldenDir + "/SpinningTop_T0.02_h1e-4.ref");
  ASSERT_EQ(ref.size(), 201u);
  const Table fine = run("--T 0.02 --h 1e-4", "h1e-4");
  const Table coarse = run("--T 0.02 --h 2e-4", "h2e-4");
  ASSERT_EQ(fine.size(), 201u);
  ASSERT_EQ(coarse.size(), 101u);
  // State columns (position, quaternion, twist, E, L_z, angles): error halves with h.
  for (int c : {kGx, kGy, kGz, kP0, kP1, kP2, kP3, kVx, kVy, kVz, kWx, kWy, kEnergy, kLz, kNutation,
                kPrecession}) {
    const double ef = maxError(fine, ref, 1, c), ec = maxError(coarse, ref, 2, c);
    EXPECT_GT(ec / ef, 1.8) << "column " << c + 1 << ": " << ec << " / " << ef;
    EXPECT_LT(ec / ef, 2.2) << "column " << c + 1 << ": " << ec << " / " << ef;
  }
  // Ω_z (about the symmetry axis) is constant for a symmetric body: exact in both.
  EXPECT_LT(maxError(fine, ref, 1, kWz), 1e-12);
  EXPECT_LT(maxError(fine, ref, 1, kGx), 1e-5);        // measured 2.4e-6
  EXPECT_LT(maxError(fine, ref, 1, kNutation), 6e-5);  // measured 2.4e-5
}

TEST(SpinningTop, PrecessesAtTheSteadyRate) {
  const Table t = run("", "default");  // h = 2.5e-4, T = 3
  ASSERT_EQ(t.size(), 12001u);
  const double T = t.back()[kT];
  const double rate = t.back()[kPrecession] / T;
  const double exact = steadyRate(), gyroscopic = kM * kG * kL / (kI3 * kOmega3);
  // The run against the exact steady formula (measured 7.8e-5 relative) ...
  EXPECT_NEAR(rate, exact, 2e-4 * exact);
  // ... and the gyroscopic limit, off by its first correction I1' cos θ Ω_p / (I3 ω3) (2.6%).
  const double correction = kI1tip * std::cos(kTilt) * exact / (kI3 * kOmega3);
  EXPECT_NEAR(rate / gyroscopic - 1, correction, 2e-3);
  EXPECT_GT(std::abs(rate - gyroscopic), 0.02 * gyroscopic);
  // Sticking tip: the contact carries the weight, the friction impulse is the centripetal one.
  // (Step 1 absorbs the scheme's start-up kick: H frozen at q_0 while the body turns by h ω3;
  // its impulse is checked in the README numbers, not here.)
  for (std::size_t k = 2; k < t.size(); ++k) {
    EXPECT_NEAR(t[k][kLambdaN], kM * kG * 2.5e-4, 1e-3 * kM * kG * 2.5e-4);
    EXPECT_LT(t[k][kLambdaT], 0.01 * kMu * t[k][kLambdaN]);
    EXPECT_LE(t[k][kNewton], 3.0);
    EXPECT_GE(t[k][kNewton], 1.0);
  }
}

TEST(SpinningTop, ReleasedWithoutPrecessionNutates) {
  // Fast top released with Ω_p = 0: the axis dips by Δθ ≈ 2 I1' m g l sin θ0 / (I3 ω3)² and
  // precesses on average at the steady rate (pseudo-regular precession).
  const Table t = run("--start rest --T 0.5", "rest");
  double thetaMax = 0, thetaMin = 10;
  for (const auto& r : t) {
    thetaMax = std::max(thetaMax, r[kNutation]);
    thetaMin = std::min(thetaMin, r[kNutation]);
  }
  const double dip = 2 * kI1tip * kM * kG * kL * std::sin(kTilt) / (kI3 * kOmega3 * kI3 * kOmega3);
  EXPECT_NEAR(thetaMax - kTilt, dip, 0.1 * dip);
  EXPECT_NEAR(thetaMin, kTilt, 0.1 * dip);
  const double rate = t.back()[kPrecession] / t.back()[kT];
  EXPECT_NEAR(rate, steadyRate(), 0.02 * steadyRate());
  std::printf("nutation: dip %.6f (formula %.6f), mean precession rate %.6f (steady %.6f)\n",
              thetaMax - kTilt, dip, rate, steadyRate());
}

TEST(SpinningTop, InvariantsWhileStickingDriftAtFirstOrder) {
  // While sticking, L_z about the tip and E are invariants of the exact motion; the scheme's
  // drift (Jacobian frozen at q_k) is first order in h and dissipative (E decreases).
  auto drift = [](const Table& t, int c) {
    double d = 0;
    for (const auto& r : t)
      d = std::max(d, std::abs(r[static_cast<std::size_t>(c)] - t[0][static_cast<std::size_t>(c)]) /
                          std::abs(t[0][static_cast<std::size_t>(c)]));
    return d;
  };
  const Table a = run("--T 1 --h 1e-3", "h1e-3");
  const Table b = run("--T 1 --h 5e-4", "h5e-4");
  const double ea = drift(a, kEnergy), eb = drift(b, kEnergy);
  const double la = drift(a, kLz), lb = drift(b, kLz);
  EXPECT_GT(ea / eb, 1.7);
  EXPECT_LT(ea / eb, 2.3);
  EXPECT_GT(la / lb, 1.7);
  EXPECT_LT(la / lb, 2.3);
  EXPECT_LT(eb, 2e-4);
  EXPECT_LT(lb, 1e-2);
  EXPECT_LT(b.back()[kEnergy], b[0][kEnergy]);  // dissipation, not gain
  for (std::size_t k = 1; k < b.size(); ++k)
    EXPECT_LE(b[k][kEnergy], b[k - 1][kEnergy] + 1e-12) << "t = " << b[k][kT];
  std::printf("drift E %.3e / %.3e, L_z %.3e / %.3e (h = 1e-3 / 5e-4, T = 1)\n", ea, eb, la, lb);
}

// ---- Torque-free asymmetric body (no contact) against Euler's equations ----

namespace {

using State = std::array<double, 7>;  // Ω (body, 3), quaternion (w, x, y, z)

State eulerRhs(const State& s, const Eigen::Vector3d& I) {
  const Eigen::Vector3d w(s[0], s[1], s[2]);
  const Eigen::Vector3d wd = (I.cwiseProduct(w)).cross(w).cwiseQuotient(I);
  const Eigen::Quaterniond p(s[3], s[4], s[5], s[6]);
  const Eigen::Quaterniond pd = p * Eigen::Quaterniond(0, w(0), w(1), w(2));
  return {wd(0), wd(1), wd(2), 0.5 * pd.w(), 0.5 * pd.x(), 0.5 * pd.y(), 0.5 * pd.z()};
}

State eulerRk4(State s, const Eigen::Vector3d& I, double T, int n) {
  const double dt = T / n;
  auto add = [](const State& a, double f, const State& b) {
    State r;
    for (int i = 0; i < 7; ++i) r[i] = a[i] + f * b[i];
    return r;
  };
  for (int k = 0; k < n; ++k) {
    const State k1 = eulerRhs(s, I), k2 = eulerRhs(add(s, dt / 2, k1), I),
                k3 = eulerRhs(add(s, dt / 2, k2), I), k4 = eulerRhs(add(s, dt, k3), I);
    for (int i = 0; i < 7; ++i) s[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return s;
}

struct FreeRun {
  double omegaError, rotationError, maxL, maxE;
};

FreeRun freeBody(double h, double T, const Eigen::Vector3d& I, const Eigen::Vector3d& w0,
                 const State& ref) {
  using namespace moreau;
  Eigen::VectorXd q0(7), v0(6);
  q0 << 0, 0, 0, 1, 0, 0, 0;
  v0 << 0, 0, 0, w0;
  auto body = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, I.asDiagonal().toDenseMatrix());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(body);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                   std::make_shared<FrictionContact>(3));
  sim.setNewtonTolerance(1e-13);
  const double L0 = I.cwiseProduct(w0).norm(), E0 = body->kineticEnergy();
  FreeRun r{0, 0, 0, 0};
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    r.maxL = std::max(r.maxL, std::abs(body->angularMomentum().norm() - L0) / L0);
    r.maxE = std::max(r.maxE, std::abs(body->kineticEnergy() - E0) / E0);
    sim.nextStep();
  }
  const Eigen::Vector3d w = body->twist().tail<3>();
  r.omegaError = (w - Eigen::Vector3d(ref[0], ref[1], ref[2])).lpNorm<Eigen::Infinity>();
  const Eigen::Quaterniond p(ref[3], ref[4], ref[5], ref[6]);
  r.rotationError = (body->rotationMatrix() - p.normalized().toRotationMatrix()).norm();
  return r;
}

}  // namespace

TEST(SpinningTop, TorqueFreeAsymmetricBodyFollowsEulerEquations) {
  const Eigen::Vector3d I(1.0, 2.0, 3.0), w0(0.4, 0.1, 2.0);
  const double T = 2.0;
  const State ref = eulerRk4({w0(0), w0(1), w0(2), 1, 0, 0, 0}, I, T, 20000);
  const FreeRun a = freeBody(1e-2, T, I, w0, ref);
  const FreeRun b = freeBody(5e-3, T, I, w0, ref);
  std::printf(
      "torque-free: Omega error %.3e / %.3e (ratio %.2f), R error %.3e / %.3e (ratio %.2f), "
      "|L| drift %.2e, E drift %.2e\n",
      a.omegaError, b.omegaError, a.omegaError / b.omegaError, a.rotationError, b.rotationError,
      a.rotationError / b.rotationError, b.maxL, b.maxE);
  EXPECT_GT(a.omegaError / b.omegaError, 3.5);
  EXPECT_LT(a.omegaError / b.omegaError, 4.5);
  EXPECT_GT(a.rotationError / b.rotationError, 3.5);
  EXPECT_LT(a.rotationError / b.rotationError, 4.5);
  EXPECT_LT(b.omegaError, 1e-4);    // measured 1.2e-5
  EXPECT_LT(b.maxL, 1e-6);          // |L| (inertial frame): measured 1.7e-7
  EXPECT_LT(b.maxE, 1e-6);          // energy: measured 3.3e-7
  EXPECT_GT(a.maxE / b.maxE, 3.0);  // second order too
}
