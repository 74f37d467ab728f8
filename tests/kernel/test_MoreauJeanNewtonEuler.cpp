// MoreauJeanNewtonEulerOSI: torque-free rigid body (invariants), a ball
// bouncing on the ground (NewtonEuler1DR + LCP: restitution e²), a sliding
// ball rolling under Coulomb friction (NewtonEuler3DR + FrictionContact(3):
// analytic rolling time and velocity). docs/theory/newton-euler.md §5–6.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>

using namespace moreau;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

namespace {

struct FreeBodyRun {
  double maxNormError = 0, momentumDrift = 0, energyDrift = 0;
  unsigned maxNewton = 0;
};

// Torque-free body I = diag(1, 2, 3) from Ω0 = (0.3, 0.2, 1.0) over [0, T].
FreeBodyRun freeBody(double h, double T) {
  VectorXd q0(7), v0(6);
  q0 << 0, 0, 0, 1, 0, 0, 0;
  v0 << 0.5, 0, 0, 0.3, 0.2, 1.0;
  auto body =
      std::make_shared<NewtonEulerDS>(q0, v0, 2.0, Matrix3d(Vector3d(1, 2, 3).asDiagonal()));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(body);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                                            std::make_shared<LCP>());
  sim->setNewtonTolerance(1e-12);
  sim->setNewtonMaxIteration(20);
  const Vector3d L0 = body->angularMomentum();
  const double E0 = body->kineticEnergy();
  FreeBodyRun r;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    r.maxNewton = std::max(r.maxNewton, sim->newtonIterations());
    r.maxNormError = std::max(r.maxNormError, std::abs(body->quaternion().norm() - 1.0));
    r.momentumDrift = std::max(r.momentumDrift, (body->angularMomentum() - L0).norm() / L0.norm());
    r.energyDrift = std::max(r.energyDrift, std::abs(body->kineticEnergy() - E0) / E0);
    sim->nextStep();
  }
  // The centre moves uniformly.
  EXPECT_NEAR(body->q()(0), 0.5 * T, 1e-10);
  return r;
}

}  // namespace

TEST(MoreauJeanNewtonEuler, TorqueFreeBodyKeepsUnitQuaternionMomentumAndEnergy) {
  const FreeBodyRun coarse = freeBody(1e-2, 10.0);
  const FreeBodyRun fine = freeBody(5e-3, 10.0);
  std::printf("free body: h=1e-2 |L| drift %.3e energy drift %.3e newton %u; h=5e-3 %.3e %.3e\n",
              coarse.momentumDrift, coarse.energyDrift, coarse.maxNewton, fine.momentumDrift,
              fine.energyDrift);
  EXPECT_LT(coarse.maxNormError, 1e-14);
  EXPECT_LT(fine.maxNormError, 1e-14);
  EXPECT_GT(coarse.maxNewton, 1u);        // the gyroscopic term makes the step nonlinear
  EXPECT_LT(coarse.momentumDrift, 1e-5);  // measured 5.8e-6
  EXPECT_LT(coarse.energyDrift, 1e-6);    // measured 6.5e-7
  // O(h²): halving h divides the drifts by about 4.
  EXPECT_NEAR(coarse.momentumDrift / fine.momentumDrift, 4.0, 0.2);
  EXPECT_NEAR(coarse.energyDrift / fine.energyDrift, 4.0, 0.2);
}

TEST(MoreauJeanNewtonEuler, BallBouncesOnTheGroundWithRestitution) {
  // tutorial-models.md §31 geometry: plane x = 0, gravity −x, radius 0.1.
  const double m = 1, R = 0.1, g = 9.81, e = 0.9, h = 1e-3;
  VectorXd q0(7), v0(6);
  q0 << 1, 0, 0, 1, 0, 0, 0;
  v0.setZero();
  auto ball = std::make_shared<NewtonEulerDS>(q0, v0, m, Matrix3d::Identity() * 0.4 * m * R * R);
  ball->setFExt(Vector3d(-m * g, 0, 0));
  auto rel = std::make_shared<NewtonEuler1DR>(
      NewtonEuler1DR::sphereOnPlane(R, Vector3d::Zero(), Vector3d::UnitX()));
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3.0);
  nsds->insertDynamicalSystem(ball);
  nsds->link(inter, ball);
  auto lcp = std::make_shared<LCP>();
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), lcp);
  std::vector<double> apex;
  double prevV = 0, maxGap = 0, minGap = 1;
  std::size_t impacts = 0;
  double firstImpact = -1;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    const double v = ball->twist()(0), gap = inter->y(0)(0);
    if (inter->lambda(1)(0) > 0 && firstImpact < 0) firstImpact = sim->nextTime();
    if (prevV < 0 && v > 0) ++impacts, maxGap = 0;
    if (impacts > 0) maxGap = std::max(maxGap, gap);
    if (prevV > 0 && v <= 0) apex.push_back(maxGap);
    minGap = std::min(minGap, gap);
    prevV = v;
    sim->nextStep();
  }
  ASSERT_GE(apex.size(), 2u);
  std::printf(
      "ball: first impact %.4f, apexes %.5f %.5f (e^2 H = %.5f, e^4 H = %.5f), min gap %.2e\n",
      firstImpact, apex[0], apex[1], e * e * 0.9, e * e * e * e * 0.9, minGap);
  EXPECT_NEAR(firstImpact, std::sqrt(2 * 0.9 / g), 2 * h);
  EXPECT_NEAR(apex[0], e * e * 0.9, 0.01);
  EXPECT_NEAR(apex[1] / apex[0], e * e, 0.01);
  EXPECT_GT(minGap, -h * std::sqrt(2 * g));
  // No spin is created by a normal impact on a sphere.
  EXPECT_LT(ball->twist().tail<3>().norm(), 1e-12);
}

TEST(MoreauJeanNewtonEuler, SlidingBallReachesRollingWithoutSlipping) {
  // Solid sphere on the plane z = 0 with v0 = (2, 0, 0), Ω0 = 0, μ = 0.3:
  // v_x = v0 − μ g t, ω_y = (5 μ g / 2R) t until v_x = R ω_y at
  // t* = 2 v0 / (7 μ g), then rolling at 5 v0 / 7.
  const double m = 1, R = 0.1, g = 9.81, mu = 0.3, v0x = 2.0, h = 1e-3;
  VectorXd q0(7), v0(6);
  q0 << 0, 0, R, 1, 0, 0, 0;
  v0 << v0x, 0, 0, 0, 0, 0;
  auto ball = std::make_shared<NewtonEulerDS>(q0, v0, m, Matrix3d::Identity() * 0.4 * m * R * R);
  ball->setFExt(Vector3d(0, 0, -m * g));
  auto rel = std::make_shared<NewtonEuler3DR>(
      NewtonEuler1DR::sphereOnPlane(R, Vector3d::Zero(), Vector3d::UnitZ()));
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 3), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.5);
  nsds->insertDynamicalSystem(ball);
  nsds->link(inter, ball);
  auto fc = std::make_shared<FrictionContact>(3);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  const double tStar = 2 * v0x / (7 * mu * g);
  double tRoll = -1, maxPen = 0;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    const Vector3d omega = ball->rotationMatrix() * ball->twist().tail<3>();
    const double slip = ball->twist()(0) - R * omega(1);
    if (tRoll < 0 && std::abs(slip) < 1e-8) tRoll = sim->nextTime();
    const double t = sim->nextTime();
    if (t < tStar - 2 * h) {
      EXPECT_NEAR(ball->twist()(0), v0x - mu * g * t, 1e-6) << "t = " << t;
      EXPECT_NEAR(omega(1), 5 * mu * g * t / (2 * R), 1e-5) << "t = " << t;
    }
    maxPen = std::max(maxPen, -inter->y(0)(0));
    sim->nextStep();
  }
  const Vector3d omega = ball->rotationMatrix() * ball->twist().tail<3>();
  std::printf("rolling: t* analytic %.5f, reached %.5f; v_x %.8f (5v0/7 = %.8f), R w_y %.8f\n",
              tStar, tRoll, ball->twist()(0), 5 * v0x / 7, R * omega(1));
  EXPECT_NEAR(tRoll, tStar, 2 * h);
  EXPECT_NEAR(ball->twist()(0), 5 * v0x / 7, 1e-6);
  EXPECT_NEAR(R * omega(1), 5 * v0x / 7, 1e-6);
  EXPECT_NEAR(ball->twist()(2), 0.0, 1e-10);
  EXPECT_LT(maxPen, 1e-10);
  EXPECT_NEAR(ball->quaternion().norm(), 1.0, 1e-14);
}

TEST(MoreauJeanNewtonEuler, RejectsLagrangianSystems) {
  auto lds = std::make_shared<LagrangianDS>(VectorXd::Zero(1), VectorXd::Zero(1));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(lds);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                                            std::make_shared<LCP>());
  EXPECT_THROW_WITH(sim->initialize(), ModelError, "not a NewtonEulerDS");
  EXPECT_THROW(MoreauJeanNewtonEulerOSI(1.5), ModelError);
}

TEST(MoreauJeanNewtonEuler, MixesWithLagrangianSystemsAndMatchesTheirTrajectory) {
  // A Lagrangian ball (MoreauJeanOSI) and a Newton–Euler ball
  // (MoreauJeanNewtonEulerOSI) in one model and one LCP, each on its own
  // ground contact: the same θ-scheme, so the same heights to round-off.
  const double m = 1, R = 0.1, g = 9.81, e = 0.9, h = 5e-3;
  auto lball = std::make_shared<LagrangianLinearTIDS>(VectorXd::Constant(1, 1.0), VectorXd::Zero(1),
                                                      Eigen::MatrixXd::Identity(1, 1));
  lball->setFExtPtr(VectorXd::Constant(1, -m * g));
  Eigen::MatrixXd H(1, 1);
  H << 1;
  auto linter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(e),
      std::make_shared<LagrangianLinearTIR>(H, VectorXd::Constant(1, -R)));
  VectorXd q0(7);
  q0 << 1, 0, 0, 1, 0, 0, 0;
  auto nball = std::make_shared<NewtonEulerDS>(q0, VectorXd::Zero(6), m, Matrix3d::Identity());
  nball->setFExt(Vector3d(-m * g, 0, 0));
  auto ninter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                    std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnPlane(
                                        R, Vector3d::Zero(), Vector3d::UnitX())));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3.0);
  nsds->insertDynamicalSystem(lball);
  nsds->insertDynamicalSystem(nball);
  nsds->link(linter, lball);
  nsds->link(ninter, nball);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h));
  // MoreauJeanNewtonEulerOSI activates from the memories y_k + γ h ẏ_k: the same rule here.
  auto lagrangian = std::make_shared<MoreauJeanOSI>(0.5);
  lagrangian->setActivationAtPredictedState(false);
  sim->associate(lagrangian, lball);
  sim->associate(std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), nball);
  sim->insertNonSmoothProblem(std::make_shared<LCP>());
  double maxDiff = 0;
  unsigned impacts = 0;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    maxDiff = std::max(maxDiff, std::abs(lball->q()(0) - nball->q()(0)));
    maxDiff = std::max(maxDiff, std::abs(lball->velocity()(0) - nball->twist()(0)));
    if (ninter->lambda(1)(0) > 0) ++impacts;
    sim->nextStep();
  }
  std::printf("mixed: max |Lagrangian − Newton–Euler| = %.3e over %u impact steps\n", maxDiff,
              impacts);
  EXPECT_GE(impacts, 3u);
  EXPECT_LT(maxDiff, 1e-10);
}

namespace {

// Spherical body (I = c I₃) under a constant inertial moment m: π = c ω obeys π̇ = m, so
// π(T) = π0 + m T. Returns |π(T) − π0 − m T| / |m T| and the maximum Newton iterations.
std::pair<double, unsigned> torqueRun(double h) {
  const double c = 0.5, T = 2.0;
  VectorXd q0(7), v0(6);
  q0 << 0, 0, 0, std::cos(0.3), std::sin(0.3), 0, 0;
  v0 << 0, 0, 0, 1.0, -0.5, 2.0;
  auto body = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, c * Matrix3d::Identity());
  const Vector3d m(0.3, 1.0, -0.4);
  body->setMExt(m);
  body->setMExtInInertialFrame(true);
  const Vector3d pi0 = body->angularMomentum();
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(body);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                                            std::make_shared<LCP>());
  sim->setNewtonTolerance(1e-13);
  sim->setNewtonMaxIteration(30);
  unsigned iterations = 0;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    iterations = std::max(iterations, sim->newtonIterations());
    sim->nextStep();
  }
  return {(body->angularMomentum() - pi0 - m * T).norm() / (m * T).norm(), iterations};
}

}  // namespace

TEST(MoreauJeanNewtonEuler, InertialMomentChangesTheAngularMomentumLinearly) {
  // Exercises ∇_q F (the convected moment Φ(p)ᵀm, errata A18–A19) in W and the Newton loop.
  const auto coarse = torqueRun(1e-2);
  const auto fine = torqueRun(5e-3);
  std::printf(
      "inertial moment: relative error of pi(T) %.3e (h = 1e-2), %.3e (h = 5e-3), newton %u\n",
      coarse.first, fine.first, coarse.second);
  EXPECT_GT(coarse.second, 1u);
  EXPECT_LT(coarse.second, 10u);
  EXPECT_LT(coarse.first, 2e-4);  // measured 7.2e-5
  EXPECT_NEAR(coarse.first / fine.first, 4.0, 0.3);
}

namespace {

// A ball (r = 0.1) falling towards the wall x = 0 under the force (−g, 0, 0) (constant, or the
// function force when given), after three steps of h (MoreauJeanNewtonEulerOSI, LCP).
struct FallingBall {
  std::shared_ptr<NewtonEulerDS> ball;
  std::shared_ptr<Interaction> inter;
  std::shared_ptr<TimeStepping> sim;
};

FallingBall fallingBallAfterThreeSteps(double g, double h,
                                       NewtonEulerDS::VectorOfTime force = nullptr) {
  FallingBall f;
  VectorXd q0(7);
  q0 << 1, 0, 0, 1, 0, 0, 0;
  f.ball = std::make_shared<NewtonEulerDS>(q0, VectorXd::Zero(6), 1.0, Matrix3d::Identity());
  if (force)
    f.ball->setComputeFExtFunction(std::move(force));
  else
    f.ball->setFExt(Vector3d(-g, 0, 0));
  f.inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5),
                                    std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnPlane(
                                        0.1, Vector3d::Zero(), Vector3d::UnitX())));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(f.ball);
  nsds->link(f.inter, f.ball);
  f.sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                         std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                                         std::make_shared<LCP>());
  for (int k = 0; k < 3; ++k) {
    f.sim->computeOneStep();
    f.sim->nextStep();
  }
  return f;
}

}  // namespace

TEST(MoreauJeanNewtonEuler, StateWrittenBetweenStepsIsTheStateAtTk) {
  const double g = 9.81, h = 1e-2;
  const FallingBall f = fallingBallAfterThreeSteps(g, h);
  f.ball->q()(0) = 2.0;  // lift the ball and stop it, rotated by 90° about z
  f.ball->q().segment<4>(3) << std::sqrt(0.5), 0, 0, std::sqrt(0.5);
  f.ball->twist().setZero();
  f.sim->computeOneStep();
  EXPECT_NEAR(f.ball->q()(0), 2.0 - 0.5 * g * h * h, 1e-14);
  EXPECT_NEAR(f.ball->twist()(0), -g * h, 1e-14);
  EXPECT_NEAR(f.ball->q()(6), std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(f.inter->y(0)(0), 1.9 - 0.5 * g * h * h, 1e-14);
  EXPECT_NEAR(f.inter->yMemory(0)(0), 1.9, 1e-15);
}

TEST(MoreauJeanNewtonEuler, StateWrittenBeforeAnInterruptedStepIsTakenByTheNextCall) {
  // The written state is found (and the memories swapped) in computeFreeState's body loop; a
  // force function that throws there interrupts the step. The next call must still take the
  // interaction's outputs and memories at the written state (y_k = 1.9), although the body's
  // q and memory now agree.
  const double g = 9.81, h = 1e-2;
  bool fail = false;
  const FallingBall f = fallingBallAfterThreeSteps(g, h, [&fail, g](double, Eigen::VectorXd& F) {
    if (fail) throw ModelError("test: force function interrupted");
    F = Eigen::Vector3d(-g, 0, 0);
  });
  f.ball->q()(0) = 2.0;
  f.ball->twist().setZero();
  fail = true;
  EXPECT_THROW(f.sim->computeOneStep(), ModelError);
  EXPECT_EQ(f.ball->qMemory()(0), 2.0);  // swapped by the interrupted body loop
  fail = false;
  f.sim->computeOneStep();
  EXPECT_NEAR(f.ball->q()(0), 2.0 - 0.5 * g * h * h, 1e-14);
  EXPECT_NEAR(f.inter->yMemory(0)(0), 1.9, 1e-15);
  EXPECT_NEAR(f.inter->y(0)(0), 1.9 - 0.5 * g * h * h, 1e-14);
}

TEST(MoreauJeanNewtonEuler, PredictedActivationKeepsTheContactFrameAtTk) {
  // Two spheres sliding past each other (frictionless NewtonEuler3DR): the contact normal at
  // the predicted state q̃ = q_k ⊕ h v_k is turned by ≈ 0.05 rad from the one at q_k. The rule
  // reads the outputs at q̃, but the impulse must act along the normal at q_k (H at q_k):
  // Δv₁ = v₁ − v₁,free = λ_n n_k / m.
  const double r = 0.1, h = 1e-2;
  VectorXd q1(7), q2(7), v1(6), v2(6);
  q1 << 0, 0, 0, 1, 0, 0, 0;
  q2 << 2 * r + 1e-4, 0, 0, 1, 0, 0, 0;
  v1 << 0.5, -0.5, 0, 0, 0, 0;
  v2 << -0.5, 0.5, 0, 0, 0, 0;
  const Matrix3d I = 0.4 * r * r * Matrix3d::Identity();
  auto b1 = std::make_shared<NewtonEulerDS>(q1, v1, 1.0, I);
  auto b2 = std::make_shared<NewtonEulerDS>(q2, v2, 1.0, I);
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.0, 3),
      std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(r, r)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(b1);
  nsds->insertDynamicalSystem(b2);
  nsds->link(inter, b1, b2);
  auto osi = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
  osi->setActivationAtPredictedState(true);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi,
                                            std::make_shared<FrictionContact>(3));
  sim->computeOneStep();
  const Vector3d nk = (b1->qMemory().head<3>() - b2->qMemory().head<3>()).normalized();
  const Vector3d dv = b1->twist().head<3>() - osi->freeVelocity(*b1).head<3>();
  const double lambdaN = inter->lambda(1)(0);
  ASSERT_GT(lambdaN, 0.1);  // the impact (relative normal velocity 1, e = 0)
  EXPECT_LT((dv - lambdaN * nk).norm(), 1e-13 * lambdaN);
  // (The normal at q̃ would give a Δv turned by ≈ 0.05 rad, an error of ≈ 0.05 λ_n.)
  const Vector3d nPredicted =
      (b1->qMemory().head<3>() + h * v1.head<3>() - b2->qMemory().head<3>() - h * v2.head<3>())
          .normalized();
  EXPECT_GT((nPredicted - nk).norm(), 0.04);
}

TEST(MoreauJeanNewtonEuler, TwoSpheresCollideConservingMomentum) {
  // Two equal spheres (r = 0.1) in free space. Head-on with e = 1: the velocities are
  // exchanged. Oblique with friction (NewtonEuler3DR, μ = 0.5, e = 0.5): total linear momentum
  // is conserved, and the tangential impulse spins both spheres the same way.
  for (const bool oblique : {false, true}) {
    const double r = 0.1, h = 1e-3;
    VectorXd q1(7), q2(7), v1(6), v2(6);
    q1 << -0.3, oblique ? 0.05 : 0.0, 0, 1, 0, 0, 0;
    q2 << 0.3, 0, 0, 1, 0, 0, 0;
    v1 << 1, 0, 0, 0, 0, 0;
    v2 << -1, 0, 0, 0, 0, 0;
    const Matrix3d I = 0.4 * r * r * Matrix3d::Identity();
    auto b1 = std::make_shared<NewtonEulerDS>(q1, v1, 1.0, I);
    auto b2 = std::make_shared<NewtonEulerDS>(q2, v2, 1.0, I);
    std::shared_ptr<Relation> rel;
    std::shared_ptr<NonSmoothLaw> law;
    if (oblique) {
      rel = std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(r, r));
      law = std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.0, 0.5, 3);
    } else {
      rel = std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnSphere(r, r));
      law = std::make_shared<NewtonImpactNSL>(1.0);
    }
    auto inter = std::make_shared<Interaction>(law, rel);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.3);
    nsds->insertDynamicalSystem(b1);
    nsds->insertDynamicalSystem(b2);
    nsds->link(inter, b1, b2);
    std::shared_ptr<OneStepNSProblem> problem;
    if (oblique)
      problem = std::make_shared<FrictionContact>(3);
    else
      problem = std::make_shared<LCP>();
    auto sim =
        std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                       std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), problem);
    const Vector3d P0 = b1->linearMomentum() + b2->linearMomentum();
    int impactSteps = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      if (inter->lambda(1)(0) > 0) ++impactSteps;
      EXPECT_LT((b1->linearMomentum() + b2->linearMomentum() - P0).norm(), 1e-13);
      sim->nextStep();
    }
    EXPECT_GE(impactSteps, 1);
    if (!oblique) {
      EXPECT_NEAR(b1->twist()(0), -1.0, 1e-12);
      EXPECT_NEAR(b2->twist()(0), 1.0, 1e-12);
      EXPECT_LT(b1->twist().tail<3>().norm() + b2->twist().tail<3>().norm(), 1e-12);
    } else {
      const Vector3d w1 = b1->rotationMatrix() * b1->twist().tail<3>();
      const Vector3d w2 = b2->rotationMatrix() * b2->twist().tail<3>();
      std::printf("oblique: v1 = (%.6f, %.6f), v2 = (%.6f, %.6f), w1z = %.6f, w2z = %.6f\n",
                  b1->twist()(0), b1->twist()(1), b2->twist()(0), b2->twist()(1), w1(2), w2(2));
      EXPECT_GT(std::abs(w1(2)), 1e-3);  // friction spins the spheres
      EXPECT_NEAR(w1(2), w2(2), 1e-10);  // equal radii: the same spin
      EXPECT_LT(b1->twist()(0), 0.0);    // they separate
      EXPECT_GT(b2->twist()(0), 0.0);
    }
  }
}

namespace {

// A spinning ball r = 0.1 dropped from z = 0.3 onto the ground z = 0 (NewtonEuler3DR,
// e = 0, μ = 0.3, FrictionContact(3)); `eager`: a zero moment given in the inertial frame
// makes the body nonlinear, so the integrator evaluates every interaction's blocks at
// every step (the path without the skipping of docs/kernel/performance.md).
struct DroppedBall {
  std::shared_ptr<NewtonEulerDS> ball;
  std::shared_ptr<Interaction> contact;
  std::shared_ptr<TimeStepping> sim;
};

// inertia: the body's (kg m²; a zero matrix: the ball's, 0.4 m R² I₃).
DroppedBall droppedBall(bool eager, double T, const Matrix3d& inertia = Matrix3d::Zero()) {
  const double m = 1, R = 0.1, g = 9.81, h = 1e-3;
  VectorXd q0(7), v0(6);
  q0 << 0, 0, 0.3, 1, 0, 0, 0;
  v0 << 0.5, -0.2, 0, 1.0, 2.0, 3.0;
  DroppedBall d;
  d.ball = std::make_shared<NewtonEulerDS>(
      q0, v0, m, inertia.isZero(0.0) ? Matrix3d(Matrix3d::Identity() * 0.4 * m * R * R) : inertia);
  d.ball->setFExt(Vector3d(0, 0, -m * g));
  if (eager) {
    d.ball->setMExt(Vector3d::Zero());
    d.ball->setMExtInInertialFrame(true);
  }
  d.contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3),
                                    std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnPlane(
                                        R, Vector3d::Zero(), Vector3d::UnitZ())));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(d.ball);
  nsds->link(d.contact, d.ball);
  auto fc = std::make_shared<FrictionContact>(3);
  fc->setTolerance(1e-10);
  d.sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                         std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  d.sim->setNewtonTolerance(1e-13);
  d.sim->setFailurePolicy(FailurePolicy::Continue);  // a stalled NSGS at ~1e-12 is fine
  return d;
}

}  // namespace

TEST(MoreauJeanNewtonEuler, FarContactThatClosesFollowsTheEagerPath) {
  // The contact is far (outside index set 1) for ~200 steps, so the linear integrator skips
  // its Jacobian blocks; it must enter the problem at the step the rule y_k + h/2 ẏ_k ≤ 0
  // says, land (e = 0: v_z = 0) and slide with friction exactly as on the eager path.
  const double g = 9.81, h = 1e-3, R = 0.1;
  DroppedBall lazy = droppedBall(false, 0.4), eager = droppedBall(true, 0.4);
  ASSERT_TRUE(lazy.sim->oneStepIntegrator()->isLinear());
  lazy.sim->initialize();
  eager.sim->initialize();
  ASSERT_FALSE(eager.sim->oneStepIntegrator()->isLinear());
  // Free fall of the θ = ½ scheme: v_z(t_k) = −g t_k, z_k = 0.3 − g t_k²/2 (exact); the
  // first step in index set 1 is the first k with z_k − R − (h/2) g t_k ≤ 0.
  long expectedLanding = -1;
  for (long k = 0; expectedLanding < 0; ++k) {
    const double t = static_cast<double>(k) * h;
    if (0.3 - 0.5 * g * t * t - R - 0.5 * h * g * t <= 0.0) expectedLanding = k;
  }
  long landing = -1;
  double maxDiff = 0.0, maxFall = 0.0;
  for (long k = 0; lazy.sim->hasNextEvent(); ++k) {
    const double t = lazy.sim->startingTime();
    if (k < expectedLanding)
      maxFall = std::max(maxFall, std::abs(lazy.ball->q()(2) - (0.3 - 0.5 * g * t * t)));
    lazy.sim->computeOneStep();
    eager.sim->computeOneStep();
    const bool in = lazy.sim->nonSmoothDynamicalSystem()->topology().indexSet(1).contains(
        lazy.contact->number());
    EXPECT_EQ(in, eager.sim->nonSmoothDynamicalSystem()->topology().indexSet(1).contains(
                      eager.contact->number()))
        << "step " << k;
    if (in && landing < 0) landing = k;
    maxDiff =
        std::max({maxDiff, (lazy.ball->q() - eager.ball->q()).lpNorm<Eigen::Infinity>(),
                  (lazy.ball->twist() - eager.ball->twist()).lpNorm<Eigen::Infinity>(),
                  (lazy.contact->lambda(1) - eager.contact->lambda(1)).lpNorm<Eigen::Infinity>()});
    lazy.sim->nextStep();
    eager.sim->nextStep();
  }
  std::printf("far contact: landing step %ld (rule %ld), free fall error %.2e, lazy − eager %.2e\n",
              landing, expectedLanding, maxFall, maxDiff);
  EXPECT_EQ(landing, expectedLanding);
  EXPECT_LT(maxFall, 1e-13);
  EXPECT_LT(maxDiff, 1e-12);
  EXPECT_NEAR(lazy.ball->twist()(2), 0.0, 1e-12);  // e = 0: no rebound
}

namespace {

// initialize, `steps` steps, then the free state and index sets of the next step.
void freeStateAfterSteps(TimeStepping& sim, int steps) {
  sim.initialize();
  for (int k = 0; k < steps; ++k) {
    sim.computeOneStep();
    sim.nextStep();
  }
  sim.computeFreeState();
  sim.updateIndexSets();
}

// Contact frame [n; t1; t2] (rows) of NewtonEuler3DR.
Matrix3d frame(const Vector3d& n) {
  Vector3d t1, t2;
  NewtonEuler3DR::tangentBasis(n, t1, t2);
  Matrix3d F;
  F << n.transpose(), t1.transpose(), t2.transpose();
  return F;
}

// H = F [I₃, −(P1 − G)~ R] of a sphere of radius r on a plane of normal n (P1 − G = −r n),
// rows F (the frame or its first row), R the body's rotation.
Eigen::MatrixXd sphereOnPlaneRows(const Eigen::MatrixXd& F, const Vector3d& n, double r,
                                  const Matrix3d& R) {
  const Vector3d a = -r * n;  // P1 − G
  Matrix3d skewA;
  skewA << 0, -a(2), a(1), a(2), 0, -a(0), -a(1), a(0), 0;
  Eigen::MatrixXd H(F.rows(), 6);
  H << F, -F * skewA * R;
  return H;
}

}  // namespace

TEST(MoreauJeanNewtonEuler, ContactOutsideIndexSetGetsItsBlocksAtQkOnDemand) {
  // A problem that reads an interaction outside index set 1 (whose blocks computeFreeState
  // skipped) gets them evaluated then, at q_k: H v_free and H W Hᵀ with the analytic
  // H = [n; t1; t2] [I₃, −(P1 − G)~R] of a sphere on the plane z = 0 (P1 − G = −r n).
  const double R = 0.1;
  DroppedBall d = droppedBall(false, 0.1);
  freeStateAfterSteps(*d.sim, 3);
  ASSERT_FALSE(
      d.sim->nonSmoothDynamicalSystem()->topology().indexSet(1).contains(d.contact->number()));
  const auto& osi = static_cast<const MoreauJeanNewtonEulerOSI&>(*d.sim->oneStepIntegrator());
  const ProblemContext ctx = d.sim->problemContext(ProblemRole::Velocity);
  VectorXd u(3);
  osi.computeFreeOutput(*d.contact, ctx, u);
  Eigen::MatrixXd block = Eigen::MatrixXd::Zero(3, 3);
  osi.addInteractionBlock(*d.contact, *d.contact, *d.ball, ctx, block);

  const Vector3d n = Vector3d::UnitZ();
  const Eigen::MatrixXd H = sphereOnPlaneRows(frame(n), n, R, d.ball->rotationMatrix());  // q_k
  const VectorXd& vFree = osi.freeVelocity(*d.ball);
  const Eigen::MatrixXd& W = osi.iterationMatrix(*d.ball);
  const Vector3d uExpected = H * vFree;
  const Matrix3d blockExpected = H * W * H.transpose();
  EXPECT_LT((u - uExpected).norm(), 1e-14 * (1.0 + uExpected.norm()));
  EXPECT_LT((block - blockExpected).norm(), 1e-14 * blockExpected.norm());
  EXPECT_GT(std::abs(uExpected(1)), 0.05);  // the spin shows in the tangential rows
  EXPECT_TRUE(W.isDiagonal(0.0));           // W Hᵀ by rows (the diagonal W's product)
}

TEST(MoreauJeanNewtonEuler, BlockOfABodyWithAFullIterationMatrix) {
  // As above with a body of inertia diag(1, 2, 3) · 10⁻³ spinning about a non-principal axis:
  // the gyroscopic Jacobian makes W = (M − hθ ∂F/∂v)⁻¹ full (the general W Hᵀ product).
  const double R = 0.1;
  DroppedBall d = droppedBall(false, 0.1, Eigen::Vector3d(1e-3, 2e-3, 3e-3).asDiagonal());
  freeStateAfterSteps(*d.sim, 3);
  const auto& osi = static_cast<const MoreauJeanNewtonEulerOSI&>(*d.sim->oneStepIntegrator());
  const ProblemContext ctx = d.sim->problemContext(ProblemRole::Velocity);
  Eigen::MatrixXd block = Eigen::MatrixXd::Zero(3, 3);
  osi.addInteractionBlock(*d.contact, *d.contact, *d.ball, ctx, block);
  const Vector3d n = Vector3d::UnitZ();
  const Eigen::MatrixXd H = sphereOnPlaneRows(frame(n), n, R, d.ball->rotationMatrix());
  const Eigen::MatrixXd& W = osi.iterationMatrix(*d.ball);
  const Matrix3d blockExpected = H * W * H.transpose();
  EXPECT_LT((block - blockExpected).norm(), 1e-14 * blockExpected.norm());
  // The angular part of W is full: off-diagonal couplings of the spin axes.
  EXPECT_FALSE(W.isDiagonal(0.0));
  EXPECT_GT(std::abs(W(3, 4)) + std::abs(W(4, 5)) + std::abs(W(3, 5)), 1e-6);
}

TEST(MoreauJeanNewtonEuler, FrictionalAndNormalContactBlocksOfOneBody) {
  // A frictional contact (3 rows, its blocks stored in place) and a normal contact (1 row) on
  // the same ball: the coupling blocks H_a W H_bᵀ of the two kinds, both ways, against the
  // analytic H = F [I₃, −(P1 − G)~R] of each sphere-on-plane contact (P1 − G = −r n).
  // The dropped ball's model under a GenericMechanical problem (it takes both laws).
  const double R = 0.1;
  DroppedBall d = droppedBall(false, 0.1);
  const Vector3d nWall = Vector3d::UnitX();
  auto wall =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                    std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnPlane(
                                        R, Vector3d(-5.0, 0.0, 0.0), nWall)));
  auto nsds = d.sim->nonSmoothDynamicalSystem();
  nsds->link(wall, d.ball);
  d.sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                                         std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                                         std::make_shared<GenericMechanical>());
  freeStateAfterSteps(*d.sim, 3);
  const auto& osi = static_cast<const MoreauJeanNewtonEulerOSI&>(*d.sim->oneStepIntegrator());
  const ProblemContext ctx = d.sim->problemContext(ProblemRole::Velocity);
  Eigen::MatrixXd ab = Eigen::MatrixXd::Zero(3, 1), ba = Eigen::MatrixXd::Zero(1, 3),
                  bb = Eigen::MatrixXd::Zero(1, 1);
  osi.addInteractionBlock(*d.contact, *wall, *d.ball, ctx, ab);
  osi.addInteractionBlock(*wall, *d.contact, *d.ball, ctx, ba);
  osi.addInteractionBlock(*wall, *wall, *d.ball, ctx, bb);

  const Vector3d n = Vector3d::UnitZ();
  const Matrix3d R0 = d.ball->rotationMatrix();  // at q_k
  const Eigen::MatrixXd H3 = sphereOnPlaneRows(frame(n), n, R, R0);
  const Eigen::MatrixXd H1 = sphereOnPlaneRows(nWall.transpose(), nWall, R, R0);
  const Eigen::MatrixXd& W = osi.iterationMatrix(*d.ball);
  const Eigen::MatrixXd abExpected = H3 * W * H1.transpose();
  const Eigen::MatrixXd bbExpected = H1 * W * H1.transpose();
  EXPECT_LT((ab - abExpected).norm(), 1e-14 * abExpected.norm());
  EXPECT_LT((ba - abExpected.transpose()).norm(), 1e-14 * abExpected.norm());
  EXPECT_LT((bb - bbExpected).norm(), 1e-14 * bbExpected.norm());
  // A tangential row couples to the wall (the ball's translation, 1/m = 1), the normal row
  // does not.
  EXPECT_NEAR(abExpected.bottomRows(2).cwiseAbs().maxCoeff(), 1.0, 1e-12);
  EXPECT_LT(std::abs(abExpected(0, 0)), 1e-14);
}

TEST(MoreauJeanNewtonEuler, LookupHintsGiveTheSameValuesAndStaleOnesAreLookedUp) {
  // Two frictional contacts on one ball (the ground and a wall at x = −5, outside index set 1:
  // their blocks evaluated on demand). The calls with a hint (OneStepIntegrator::lookupHint)
  // give the bits of the calls without; a stale hint (the other contact's, an index past the
  // end) is detected and the interaction looked up; an interaction that is not integrated here
  // has no hint.
  const double R = 0.1;
  DroppedBall d = droppedBall(false, 0.1);
  auto wall =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3),
                                    std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnPlane(
                                        R, Vector3d(-5.0, 0.0, 0.0), Vector3d::UnitX())));
  d.sim->nonSmoothDynamicalSystem()->link(wall, d.ball);
  freeStateAfterSteps(*d.sim, 3);
  const auto& osi = static_cast<const MoreauJeanNewtonEulerOSI&>(*d.sim->oneStepIntegrator());
  const ProblemContext ctx = d.sim->problemContext(ProblemRole::Velocity);
  const StepContext stepCtx = d.sim->stepContext();
  const Interaction* inters[2] = {d.contact.get(), wall.get()};
  const std::uint32_t hints[2] = {osi.lookupHint(*d.contact), osi.lookupHint(*wall)};
  constexpr std::uint32_t kNo = OneStepIntegrator::kNoHint;
  ASSERT_NE(hints[0], kNo);
  ASSERT_NE(hints[1], kNo);
  ASSERT_NE(hints[0], hints[1]);
  const auto unlinked =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3),
                                    std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnPlane(
                                        R, Vector3d::Zero(), Vector3d::UnitZ())));
  EXPECT_EQ(osi.lookupHint(*unlinked), kNo);

  for (int i = 0; i < 2; ++i) {
    const Interaction& a = *inters[i];
    VectorXd expected(3);
    osi.computeFreeOutput(a, ctx, expected);
    const bool member = osi.addInteractionInIndexSet(a, 1, stepCtx);
    for (const std::uint32_t hint : {hints[i], hints[1 - i], std::uint32_t{1000}, kNo}) {
      VectorXd u = VectorXd::Constant(3, 7.0);
      osi.computeFreeOutputWithHint(a, hint, ctx, u);
      EXPECT_EQ((u - expected).cwiseAbs().maxCoeff(), 0.0) << "row " << i << ", hint " << hint;
      EXPECT_EQ(osi.addInteractionInIndexSetWithHint(a, hint, 1, stepCtx), member);
      EXPECT_TRUE(osi.addInteractionInIndexSetWithHint(a, hint, 0, stepCtx));
    }
    for (int j = 0; j < 2; ++j) {
      const Interaction& b = *inters[j];
      Eigen::MatrixXd block0 = Eigen::MatrixXd::Zero(3, 3);
      osi.addInteractionBlock(a, b, *d.ball, ctx, block0);
      for (const std::uint32_t hintA : {hints[i], hints[1 - i], kNo})
        for (const std::uint32_t hintB : {hints[j], hints[1 - j], kNo}) {
          Eigen::MatrixXd block = Eigen::MatrixXd::Zero(3, 3);
          osi.addInteractionBlockWithHint(a, hintA, b, hintB, *d.ball, ctx, block);
          EXPECT_EQ((block - block0).cwiseAbs().maxCoeff(), 0.0)
              << "block " << i << j << ", hints " << hintA << ", " << hintB;
        }
    }
  }
  // The two contacts' values differ (a hint taken without its check would show).
  VectorXd u0(3), u1(3);
  osi.computeFreeOutput(*d.contact, ctx, u0);
  osi.computeFreeOutput(*wall, ctx, u1);
  EXPECT_GT((u0 - u1).norm(), 0.1);
  EXPECT_THROW(osi.addInteractionInIndexSetWithHint(*d.contact, hints[0], 2, stepCtx),
               std::out_of_range);
}

TEST(MoreauJeanNewtonEuler, IndexSetRuleFollowsMemoriesSwappedOutsideTheIntegrator) {
  // The integrator keeps the rule's inputs (y_k, ẏ_k) when it swaps the memories; memories
  // changed afterwards by someone else (here: y set to a penetration and swapped in) must be
  // the ones the rule reads.
  DroppedBall far = droppedBall(false, 0.1), moved = droppedBall(false, 0.1);
  for (DroppedBall* d : {&far, &moved}) {
    d->sim->initialize();
    for (int k = 0; k < 3; ++k) {
      d->sim->computeOneStep();
      d->sim->nextStep();
    }
  }
  moved.contact->y(0)(0) = -1e-3;  // penetrating, at rest
  moved.contact->y(1).setZero();
  moved.contact->swapInMemory();
  for (DroppedBall* d : {&far, &moved}) {
    d->sim->computeFreeState();
    d->sim->updateIndexSets();
  }
  EXPECT_FALSE(
      far.sim->nonSmoothDynamicalSystem()->topology().indexSet(1).contains(far.contact->number()));
  EXPECT_TRUE(moved.sim->nonSmoothDynamicalSystem()->topology().indexSet(1).contains(
      moved.contact->number()));
}
