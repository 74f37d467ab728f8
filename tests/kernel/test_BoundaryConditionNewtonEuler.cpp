// BoundaryCondition on Newton–Euler bodies, honoured by MoreauJeanNewtonEulerOSI
// (docs/theory/newton-euler.md §5.1): a free body with a prescribed x-velocity and
// body-frame Ω_z (analytic free parts, reaction = momentum balance), a driven ball on a
// rough plane (friction impulse in the reaction, analytic spin-up), a gyroscopic body with
// one prescribed Ω component (Newton path, analytic Euler equations), a driven sphere hitting a
// free one (moving wall), bad input and the Siconos C plug-in form.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

using namespace moreau;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

namespace {

const double kPi = std::acos(-1.0);

VectorXd q0At(double x, double y, double z) {
  VectorXd q(7);
  q << x, y, z, 1, 0, 0, 0;
  return q;
}

VectorXd twist(double vx, double vy, double vz, double wx, double wy, double wz) {
  VectorXd v(6);
  v << vx, vy, vz, wx, wy, wz;
  return v;
}

}  // namespace

TEST(BoundaryConditionNewtonEuler, FreeBodyFollowsPrescribedTwistAndBalancesMomentum) {
  // Spherical inertia (one pass per step), gravity along −z. Prescribed: v_x = a(t) =
  // 1 + sin(2t) (index 0) and the body-frame Ω_z = b(t) = 2 cos t (index 5). Free: v_y, v_z
  // (v_z = v_z0 − g t, exact for the θ = ½ scheme), Ω_x, Ω_y (torque-free: constant).
  const double m = 2.0, J = 0.3, g = 9.81, h = 1e-3, T = 1.0, th = 0.5;
  const double vy0 = 0.7, vz0 = 3.0, wx0 = 0.4;
  auto a = [](double t) { return 1.0 + std::sin(2 * t); };
  auto b = [](double t) { return 2.0 * std::cos(t); };
  auto body = std::make_shared<NewtonEulerDS>(q0At(0, 0, 0), twist(a(0), vy0, vz0, wx0, 0, b(0)), m,
                                              Matrix3d::Identity() * J);
  body->setFExt(Vector3d(0, 0, -m * g));
  body->setBoundaryConditions(std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0, 5}, [&](double t, Eigen::Ref<VectorXd> v) {
        v(0) = a(t);
        v(1) = b(t);
      }));
  ASSERT_EQ(body->boundaryConditionImpulse().size(), 2);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(body);
  auto osi = std::make_shared<MoreauJeanNewtonEulerOSI>(th);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi,
                   std::make_shared<LCP>());
  double maxBalance = 0.0, maxFree = 0.0, maxSiconos = 0.0;
  while (sim.hasNextEvent()) {
    const VectorXd vk = body->twist();
    sim.computeOneStep();
    const double t = sim.nextTime();
    const VectorXd& v = body->twist();
    EXPECT_EQ(v(0), a(t));
    EXPECT_EQ(v(5), b(t));
    maxFree = std::max({maxFree, std::abs(v(1) - vy0), std::abs(v(2) - (vz0 - g * t)),
                        std::abs(v(3) - wx0), std::abs(v(4))});
    // Momentum balance of the prescribed rows: no force on x, no torque about z.
    const VectorXd& r = body->boundaryConditionImpulse();
    maxBalance = std::max(
        {maxBalance, std::abs(r(0) - m * (v(0) - vk(0))), std::abs(r(1) - J * (v(5) - vk(5)))});
    // Siconos's reaction −(column i of W)·v_{k+1} + p_i with W = M (no contact): −m a, −J b.
    const VectorXd& siconos = body->reactionToBoundaryConditions();
    ASSERT_EQ(siconos.size(), 2);
    maxSiconos =
        std::max({maxSiconos, std::abs(siconos(0) + m * a(t)), std::abs(siconos(1) + J * b(t))});
    sim.nextStep();
  }
  std::printf("free NE body: max |free − analytic| %.3e, max |reaction − balance| %.3e\n", maxFree,
              maxBalance);
  EXPECT_LT(maxFree, 1e-12);
  EXPECT_LT(maxBalance, 1e-12);
  EXPECT_LT(maxSiconos, 1e-15);
  // The reduced W: no impulse reaches the prescribed components.
  const Eigen::MatrixXd& W = osi->iterationMatrix(*body);
  EXPECT_EQ(W.row(0).norm() + W.col(0).norm() + W.row(5).norm() + W.col(5).norm(), 0.0);
  EXPECT_DOUBLE_EQ(W(1, 1), 1.0 / m);
  // Positions by the θ-rule with the prescribed twist (trapezoid: O(h²) to the exact integral).
  const double xExact = T + (1.0 - std::cos(2 * T)) / 2.0;
  EXPECT_NEAR(body->q()(0), xExact, 1e-6);
  EXPECT_NEAR(body->q()(1), vy0 * T, 1e-12);
  EXPECT_NEAR(body->q()(2), vz0 * T - 0.5 * g * T * T, 1e-12);
  EXPECT_NEAR(body->quaternion().norm(), 1.0, 1e-14);
}

TEST(BoundaryConditionNewtonEuler, DrivenBallOnRoughPlaneSpinsUpAndFeelsFriction) {
  // A solid sphere resting on z = 0 (NewtonEuler3DR, μ = 0.3, FrictionContact(3)) whose
  // horizontal velocity is prescribed, v_G = (V, 0) from t = 0. The contact slips and its
  // friction spins the ball up, ω_y = 5 μ g t / (2R), until rolling (R ω_y = V) at
  // t* = 2V / (5 μ g). The drive's reaction on x is the jump of the first step plus the
  // friction impulse: r_x = m Δv_x − p_x (−p_x = μ m g h while slipping, 0 when rolling).
  const double m = 1.0, R = 0.1, g = 9.81, mu = 0.3, V = 1.5, h = 1e-3;
  auto ball = std::make_shared<NewtonEulerDS>(q0At(0, 0, R), twist(0, 0, 0, 0, 0, 0), m,
                                              Matrix3d::Identity() * 0.4 * m * R * R);
  ball->setFExt(Vector3d(0, 0, -m * g));
  ball->setBoundaryConditions(
      std::make_shared<BoundaryCondition>(std::vector<unsigned>{0, 1}, Eigen::Vector2d(V, 0.0)));
  auto rel = std::make_shared<NewtonEuler3DR>(
      NewtonEuler1DR::sphereOnPlane(R, Vector3d::Zero(), Vector3d::UnitZ()));
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 3), rel);
  const double T = 0.4;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ball);
  nsds->link(inter, ball);
  auto fc = std::make_shared<FrictionContact>(3);
  fc->setTolerance(1e-12);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  const double tStar = 2 * V / (5 * mu * g);
  double maxBalance = 0.0, maxPen = 0.0, tRoll = -1.0, maxSlipReaction = 0.0, maxSiconos = 0.0;
  while (sim.hasNextEvent()) {
    const double dv = V - ball->twist()(0);  // v_x jumps from 0 to V on the first step
    sim.computeOneStep();
    const double t = sim.nextTime();
    ASSERT_TRUE(fc->lastResult().converged()) << "t = " << t;
    EXPECT_EQ(ball->twist()(0), V);
    EXPECT_EQ(ball->twist()(1), 0.0);
    const VectorXd& r = ball->boundaryConditionImpulse();
    const VectorXd& p = ball->p(1);
    // Momentum balance (no force along x, y): the reaction carries the friction impulse.
    maxBalance = std::max({maxBalance, std::abs(r(0) - m * dv + p(0)), std::abs(r(1) + p(1))});
    // Siconos's reaction p_i − m v_i: the friction impulse and the momentum m V, not m Δv.
    const VectorXd& siconos = ball->reactionToBoundaryConditions();
    maxSiconos =
        std::max({maxSiconos, std::abs(siconos(0) - (p(0) - m * V)), std::abs(siconos(1) - p(1))});
    const Vector3d omega = ball->rotationMatrix() * ball->twist().tail<3>();
    if (t < tStar - 2 * h) {
      EXPECT_NEAR(omega(1), 5 * mu * g * t / (2 * R), 1e-8) << "t = " << t;
      maxSlipReaction = std::max(maxSlipReaction, std::abs(r(0) - m * dv - mu * m * g * h));
    }
    if (tRoll < 0 && std::abs(V - R * omega(1)) < 1e-9) tRoll = t;
    maxPen = std::max(maxPen, -inter->y(0)(0));
    sim.nextStep();
  }
  const Vector3d omega = ball->rotationMatrix() * ball->twist().tail<3>();
  std::printf(
      "driven ball: rolling at %.4f (t* = %.4f), R w_y = %.10f, |r_x - mu m g h| %.2e while "
      "slipping, balance %.2e, penetration %.2e, final r_x %.2e\n",
      tRoll, tStar, R * omega(1), maxSlipReaction, maxBalance, maxPen,
      ball->boundaryConditionImpulse()(0));
  EXPECT_LT(maxBalance, 1e-12);
  EXPECT_LT(maxSiconos, 1e-15);
  EXPECT_LT(maxSlipReaction, 1e-9);
  EXPECT_NEAR(tRoll, tStar, 2 * h);
  EXPECT_NEAR(R * omega(1), V, 1e-8);
  EXPECT_NEAR(ball->boundaryConditionImpulse()(0), 0.0, 1e-9);  // rolling: no friction
  EXPECT_LT(maxPen, 1e-10);
  EXPECT_NEAR(ball->q()(0), V * T - 0.5 * h * V, 1e-12);  // θ-rule: the first step's lag
}

TEST(BoundaryConditionNewtonEuler, DrivenSphereHitsAFreeSphereAsAMovingWall) {
  // Sphere 1 driven at v_G = (V, 0, 0) (indices 0, 1, 2) hits sphere 2 at rest head-on
  // (NewtonEuler1DR, e = 1, LCP). The driven body is infinitely heavy in the one-step problem:
  // sphere 2 leaves at 2V (elastic bounce on a wall moving at V), and the drive supplies the
  // impulse 2 m₂ V (r_x = −p_x of sphere 1).
  const double r = 0.1, h = 1e-3, V = 1.0, m2 = 0.7;
  const Matrix3d I = 0.4 * r * r * Matrix3d::Identity();
  auto b1 = std::make_shared<NewtonEulerDS>(q0At(-0.3, 0, 0), twist(V, 0, 0, 0, 0, 0), 1.0, I);
  auto b2 = std::make_shared<NewtonEulerDS>(q0At(0.3, 0, 0), twist(0, 0, 0, 0, 0, 0), m2, I);
  b1->setBoundaryConditions(
      std::make_shared<BoundaryCondition>(std::vector<unsigned>{0, 1, 2}, Vector3d(V, 0, 0)));
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(1.0),
      std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnSphere(r, r)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.6);
  nsds->insertDynamicalSystem(b1);
  nsds->insertDynamicalSystem(b2);
  nsds->link(inter, b1, b2);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), std::make_shared<LCP>());
  double sumReaction = 0.0, maxBalance = 0.0;
  int impactSteps = 0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_EQ(b1->twist(), twist(V, 0, 0, 0, 0, 0));
    const VectorXd& rb = b1->boundaryConditionImpulse();
    maxBalance = std::max(maxBalance, std::abs(rb(0) + b1->p(1)(0)));
    sumReaction += rb(0);
    if (inter->lambda(1)(0) > 0) ++impactSteps;
    sim.nextStep();
  }
  std::printf(
      "moving wall: v2 = %.15f (2V = %.1f), sum r_x = %.15f (2 m2 V = %.2f), %d impact step(s)\n",
      b2->twist()(0), 2 * V, sumReaction, 2 * m2 * V, impactSteps);
  EXPECT_EQ(impactSteps, 1);
  EXPECT_NEAR(b2->twist()(0), 2 * V, 1e-12);
  EXPECT_NEAR(b2->twist().tail<5>().norm(), 0.0, 1e-14);
  EXPECT_NEAR(sumReaction, 2 * m2 * V, 1e-12);
  EXPECT_LT(maxBalance, 1e-15);
}

TEST(BoundaryConditionNewtonEuler, GyroscopicBodyWithPrescribedSpinFollowsEulerEquations) {
  // I = diag(1, 2, 3), Ω_z held at ω₃ = 1 (index 5): the free Euler equations become
  // Ω̇₁ = (I₂ − I₃)/I₁ ω₃ Ω₂ = −Ω₂, Ω̇₂ = (I₃ − I₁)/I₂ ω₃ Ω₁ = Ω₁, so
  // (Ω₁, Ω₂) = (0.3 cos t − 0.2 sin t, 0.2 cos t + 0.3 sin t). The torque the drive supplies
  // about z is −(I₁ − I₂) Ω₁Ω₂ = Ω₁Ω₂: its impulse over [0, T] is ∫ Ω₁Ω₂ dt.
  const double T = 2.0, w3 = 1.0;
  double maxSiconos = 0.0;
  auto run = [&](double h, double& errOmega, double& errImpulse, unsigned& maxNewton) {
    auto body = std::make_shared<NewtonEulerDS>(q0At(0, 0, 0), twist(0, 0, 0, 0.3, 0.2, w3), 1.0,
                                                Matrix3d(Vector3d(1, 2, 3).asDiagonal()));
    body->setBoundaryConditions(
        std::make_shared<BoundaryCondition>(std::vector<unsigned>{5}, VectorXd::Constant(1, w3)));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    nsds->insertDynamicalSystem(body);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                     std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), std::make_shared<LCP>());
    sim.setNewtonTolerance(1e-13);
    sim.setNewtonMaxIteration(20);
    double impulse = 0.0;
    maxNewton = 0;
    while (sim.hasNextEvent()) {
      sim.computeOneStep();
      EXPECT_TRUE(sim.newtonConverged());
      maxNewton = std::max(maxNewton, sim.newtonIterations());
      EXPECT_EQ(body->twist()(5), w3);
      impulse += body->boundaryConditionImpulse()(0);
      // Siconos's reaction −(column 5 of A)·v_{k+1}, A = M − hθ ∇_vF at the last iterate:
      // ∇_v(−Ω × IΩ) has column 5 (−Ω₂, 2Ω₁, 0) in the moment rows, so
      // −A(:, 5)·v = −(3 ω₃ − hθ Ω₁Ω₂) (to the Newton tolerance).
      const VectorXd& v = body->twist();
      maxSiconos = std::max(maxSiconos, std::abs(body->reactionToBoundaryConditions()(0) +
                                                 (3.0 * w3 - 0.5 * h * v(3) * v(4))));
      sim.nextStep();
    }
    const double w1 = 0.3 * std::cos(T) - 0.2 * std::sin(T);
    const double w2 = 0.2 * std::cos(T) + 0.3 * std::sin(T);
    errOmega = std::max(std::abs(body->twist()(3) - w1), std::abs(body->twist()(4) - w2));
    // ∫₀ᵀ Ω₁Ω₂ dt with Ω₁Ω₂ = 0.06 cos 2t + 0.025 sin 2t (the product of the two harmonics).
    const double exact = 0.03 * std::sin(2 * T) + 0.0125 * (1 - std::cos(2 * T));
    errImpulse = std::abs(impulse - exact);
  };
  double eC, iC, eF, iF;
  unsigned nC, nF;
  run(1e-2, eC, iC, nC);
  run(5e-3, eF, iF, nF);
  std::printf("gyroscopic: h=1e-2 |dOmega| %.3e |dImpulse| %.3e newton %u; h=5e-3 %.3e %.3e %u\n",
              eC, iC, nC, eF, iF, nF);
  EXPECT_GT(nC, 1u);  // nonlinear: the Newton path
  EXPECT_LT(eC, 1e-4);
  EXPECT_LT(iC, 1e-4);
  EXPECT_NEAR(eC / eF, 4.0, 0.3);  // θ = ½: second order
  EXPECT_NEAR(iC / iF, 4.0, 0.3);
  EXPECT_LT(maxSiconos, 1e-12);
}

TEST(BoundaryConditionNewtonEuler, IndexOutOfRangeIsModelError) {
  auto body =
      std::make_shared<NewtonEulerDS>(q0At(0, 0, 0), VectorXd::Zero(6), 1.0, Matrix3d::Identity());
  body->setName("puck");
  EXPECT_THROW_WITH(body->setBoundaryConditions(std::make_shared<BoundaryCondition>(
                        std::vector<unsigned>{2, 6}, Eigen::Vector2d(0, 0))),
                    ModelError, "NewtonEulerDS 'puck'", "index 6", "[0, 6)");
  EXPECT_FALSE(body->boundaryConditions());
  EXPECT_EQ(body->boundaryConditionImpulse().size(), 0);
  body->setBoundaryConditions(
      std::make_shared<BoundaryCondition>(std::vector<unsigned>{5}, VectorXd::Ones(1)));
  EXPECT_TRUE(body->boundaryConditions());
  EXPECT_EQ(body->reactionToBoundaryConditions().size(), 1);
  body->setBoundaryConditions(nullptr);
  EXPECT_FALSE(body->boundaryConditions());
  EXPECT_EQ(body->boundaryConditionImpulse().size(), 0);
  EXPECT_EQ(body->reactionToBoundaryConditions().size(), 0);
}

TEST(BoundaryConditionNewtonEuler, PluginPrescribedVelocityOnABody) {
  // The test plug-in drivenVelocity: v[0] = 0.3 cos 3t, v[1] = −0.5, on twist indices 3, 1.
  auto body = std::make_shared<NewtonEulerDS>(q0At(0, 0, 0), VectorXd::Zero(6), 1.0,
                                              Matrix3d::Identity() * 0.5);
  body->setBoundaryConditions(std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{3, 1}, std::string(MOREAU_TEST_PLUGIN) + ":drivenVelocity"));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  nsds->insertDynamicalSystem(body);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(1.0), std::make_shared<LCP>());
  double prev = 0.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    const double t = sim.nextTime();
    EXPECT_EQ(body->twist()(3), 0.1 * 3.0 * std::cos(3.0 * t));
    EXPECT_EQ(body->twist()(1), -0.5);
    // Reaction: I ΔΩ_x about x (torque-free body), m Δv_y on y.
    EXPECT_NEAR(body->boundaryConditionImpulse()(0), 0.5 * (body->twist()(3) - prev), 1e-15);
    // Siconos's: −I Ω_x and −m v_y (W = M, no contact).
    EXPECT_EQ(body->reactionToBoundaryConditions()(0), -0.5 * body->twist()(3));
    EXPECT_EQ(body->reactionToBoundaryConditions()(1), 0.5);
    prev = body->twist()(3);
    sim.nextStep();
  }
  // Rotation about the body x axis only: p = (cos φ/2, sin φ/2, 0, 0), φ = h Σ Ω_x(t_k).
  double phi = 0.0;
  for (int k = 1; k <= 10; ++k) phi += 1e-2 * 0.3 * std::cos(3.0 * k * 1e-2);
  EXPECT_NEAR(body->quaternion()(0), std::cos(phi / 2), 1e-14);
  EXPECT_NEAR(body->quaternion()(1), std::sin(phi / 2), 1e-14);
  EXPECT_NEAR(body->q()(1), -0.5 * 0.1, 1e-14);
}
