// Free flight (no contact) of LagrangianLinearTIDS: the Moreau–Jean θ-scheme
// is the θ-method of the first-order system (docs/theory/moreau-jean.md), so
// for θ = 1/2 (trapezoidal rule) it has a closed form on the harmonic
// oscillator and conserves its energy.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <vector>

using namespace moreau;

namespace {

struct Oscillator {
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::shared_ptr<TimeStepping> sim;
};

// m q'' + k q = 0, q(0) = q0, v(0) = v0 on [0, T].
Oscillator makeOscillator(double m, double k, double q0, double v0, double h, double T,
                          double theta) {
  Oscillator o;
  o.ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, q0), Eigen::VectorXd::Constant(1, v0),
      Eigen::MatrixXd::Constant(1, 1, m), Eigen::MatrixXd::Constant(1, 1, k),
      Eigen::MatrixXd::Zero(1, 1));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(o.ds);
  o.sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                         std::make_shared<MoreauJeanOSI>(theta),
                                         std::make_shared<LCP>());
  return o;
}

double energy(const Oscillator& o, double m, double k) {
  const double q = o.ds->q()(0), v = o.ds->velocity()(0);
  return 0.5 * m * v * v + 0.5 * k * q * q;
}

// Max error against the exact solution over [0, T].
double maxExactError(double h) {
  const double m = 2, k = 8, q0 = 1, v0 = 0.5, w = std::sqrt(k / m);
  auto o = makeOscillator(m, k, q0, v0, h, 2.0, 0.5);
  double err = 0;
  while (o.sim->hasNextEvent()) {
    o.sim->computeOneStep();
    const double t = o.sim->nextTime();
    err = std::max(err, std::abs(o.ds->q()(0) - (q0 * std::cos(w * t) + v0 / w * std::sin(w * t))));
    o.sim->nextStep();
  }
  return err;
}

}  // namespace

TEST(FreeFlight, TrapezoidalMatchesItsClosedForm) {
  // θ = 1/2: the step is the Cayley transform, a rotation by φ = 2 atan(ωh/2)
  // in the (q, v/ω) plane, so q_k = q0 cos(kφ) + (v0/ω) sin(kφ).
  const double m = 2, k = 8, q0 = 1, v0 = 0.5, h = 0.01, w = std::sqrt(k / m);
  const double phi = 2 * std::atan(w * h / 2);
  auto o = makeOscillator(m, k, q0, v0, h, 5.0, 0.5);
  EXPECT_EQ(o.sim->numberOfSteps(), 500u);
  const double e0 = energy(o, m, k);
  std::size_t steps = 0;
  while (o.sim->hasNextEvent()) {
    o.sim->computeOneStep();
    const double n = static_cast<double>(o.sim->currentStep() + 1);
    EXPECT_NEAR(o.ds->q()(0), q0 * std::cos(n * phi) + v0 / w * std::sin(n * phi), 1e-12);
    EXPECT_NEAR(o.ds->velocity()(0), -q0 * w * std::sin(n * phi) + v0 * std::cos(n * phi), 1e-12);
    EXPECT_NEAR(energy(o, m, k), e0, 1e-13 * e0);  // conserved to round-off
    EXPECT_EQ(o.ds->p(1)(0), 0.0);
    o.sim->nextStep();
    ++steps;
  }
  EXPECT_EQ(steps, 500u);
}

TEST(FreeFlight, TrapezoidalIsSecondOrderAgainstExactSolution) {
  const double e1 = maxExactError(0.02), e2 = maxExactError(0.01), e3 = maxExactError(0.005);
  EXPECT_LT(e1, 0.02 * 0.02 * 2.0);  // O(h²) with a modest constant
  EXPECT_NEAR(e1 / e2, 4.0, 0.2);
  EXPECT_NEAR(e2 / e3, 4.0, 0.2);
}

TEST(FreeFlight, ImplicitDissipatesExplicitGrows) {
  const double m = 2, k = 8, h = 0.01, w2 = k / m;
  {  // θ = 1: backward Euler, energy strictly decreasing.
    auto o = makeOscillator(m, k, 1.0, 0.5, h, 2.0, 1.0);
    double previous = energy(o, m, k);
    while (o.sim->hasNextEvent()) {
      o.sim->computeOneStep();
      o.sim->nextStep();
      const double e = energy(o, m, k);
      EXPECT_LT(e, previous);
      previous = e;
    }
  }
  {  // θ = 0: explicit Euler, energy multiplied by exactly 1 + h²ω² per step.
    auto o = makeOscillator(m, k, 1.0, 0.5, h, 2.0, 0.0);
    double previous = energy(o, m, k);
    while (o.sim->hasNextEvent()) {
      o.sim->computeOneStep();
      o.sim->nextStep();
      const double e = energy(o, m, k);
      EXPECT_NEAR(e / previous, 1.0 + h * h * w2, 1e-12);
      previous = e;
    }
  }
}

TEST(FreeFlight, DampedForcedSystemIsTheThetaMethod) {
  // M q'' + C q' + K q = F(t), 2 dof, θ = 0.7: compare with the θ-method on
  // x = [q; v], (I − hθA) x_{k+1} = (I + h(1−θ)A) x_k + h(θ b_{k+1} + (1−θ) b_k).
  Eigen::Matrix2d M, K, C;
  M << 2, 0.5, 0.5, 1;
  K << 10, -2, -2, 5;
  C << 0.3, 0.1, 0.1, 0.2;
  const double h = 0.02, theta = 0.7;
  auto force = [](double t) { return Eigen::Vector2d(std::sin(3 * t), 1.0 + t); };
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0.1, -0.2),
                                                   Eigen::Vector2d(1, 0), M, K, C);
  ds->setComputeFExtFunction([&](double t, Eigen::VectorXd& f) { f = force(t); });
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto osi = std::make_shared<MoreauJeanOSI>(theta);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi,
                   std::make_shared<LCP>());
  sim.initialize();
  const Eigen::Matrix2d Minv = M.inverse();
  Eigen::Matrix4d A = Eigen::Matrix4d::Zero();
  A.topRightCorner<2, 2>().setIdentity();
  A.bottomLeftCorner<2, 2>() = -Minv * K;
  A.bottomRightCorner<2, 2>() = -Minv * C;
  const Eigen::Matrix4d I = Eigen::Matrix4d::Identity();
  Eigen::Vector4d x(0.1, -0.2, 1, 0);
  auto b = [&](double t) {
    Eigen::Vector4d v = Eigen::Vector4d::Zero();
    v.tail<2>() = Minv * force(t);
    return v;
  };
  EXPECT_TRUE(osi->isIterationMatrixSPD(*ds));
  EXPECT_TRUE(osi->iterationMatrix(*ds).isApprox(M + h * theta * C + h * h * theta * theta * K));
  while (sim.hasNextEvent()) {
    const double t0 = sim.startingTime(), t1 = sim.nextTime();
    sim.computeOneStep();
    x = (I - h * theta * A)
            .lu()
            .solve((I + h * (1 - theta) * A) * x + h * (theta * b(t1) + (1 - theta) * b(t0)));
    EXPECT_NEAR((ds->q() - x.head<2>()).norm(), 0.0, 1e-12);
    EXPECT_NEAR((ds->velocity() - x.tail<2>()).norm(), 0.0, 1e-12);
    EXPECT_TRUE(ds->fExt().isApprox(force(t1)));
    sim.nextStep();
  }
  EXPECT_NEAR(sim.startingTime(), 1.0, 1e-14);
}
