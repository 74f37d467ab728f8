// Projection schemes for Newton–Euler bodies (docs/theory/projection.md §2.4,
// docs/kernel/projection.md): MoreauJeanNewtonEulerDirectProjectionOSI and
// MoreauJeanNewtonEulerCombinedProjectionOSI under TimeSteppingDirectProjection /
// TimeSteppingCombinedProjection.
//   - the claim on a resting stack of 3 spheres (e = 0): plain
//     MoreauJeanNewtonEulerOSI keeps the landing penetration, both projection schemes keep
//     every gap ≥ −1e-10 once at rest;
//   - a penetrating sphere is put back on the ground by one projection (gap 0 to 1e-12, unit
//     quaternion, twist bitwise that of the plain scheme);
//   - a rotated box touching the ground by a corner (the rotational part of H): the first
//     projection is the Gauss–Newton step computed with a finite-difference Jacobian of the
//     gap along the exponential map; held by a bilateral constraint, the iteration converges
//     to |gap| ≤ 1e-12;
//   - the combined scheme leaves no contact below the ground on the bouncing sphere, where
//     the direct one (level 1) leaves the penetration of the missed contacts;
//   - errors: Lagrangian system, wrong integrator for either driver, bad thresholds.
#include <gtest/gtest.h>

#include <moreau/Moreau.hpp>

#include "ProjectionTestUtils.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace moreau;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

namespace {

constexpr double kR = 0.1, kG = 9.81;

// Direct / Combined: the Newton–Euler projection integrators given directly; DirectCompanion /
// CombinedCompanion: the Siconos form, MoreauJeanDirectProjectionOSI /
// MoreauJeanCombinedProjectionOSI handing the bodies to their companion. WithBeads: the same
// stack plus a Lagrangian stack of 3 beads (LagrangianLinearTIDS, LinearTIR) in the same model,
// under the same MoreauJeanDirectProjectionOSI.
enum class Scheme { MoreauJean, Direct, Combined, DirectCompanion, CombinedCompanion, WithBeads };

struct StackResult {
  double restingPenetration = 0;   // max over t >= tRest of max(0, −y) over every contact
  std::vector<double> finalState;  // q and twist of every sphere at T (bitwise comparisons)
  std::size_t integrators = 0;     // in the simulation after initialize
  double startPenetration = 0;     // at the first step with t >= tRest
  double finalPenetration = 0;     // at T
  double maxNormError = 0;         // max ||p| − 1| over the bodies and the run
  unsigned long projections = 0;
};

VectorXd sphereState(double x) {
  VectorXd q(7);
  q << x, 0, 0, 1, 0, 0, 0;
  return q;
}

// 3 solid spheres (m = 1, R = 0.1) on a vertical line (x up, gravity −x), released at rest with
// gaps `gap` to the ground and between each other; NewtonEuler1DR contacts, e = 0.
StackResult runStack(Scheme scheme, double h, double T, double tRest, double gap) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  std::vector<std::shared_ptr<NewtonEulerDS>> spheres;
  for (int i = 0; i < 3; ++i) {
    auto s = std::make_shared<NewtonEulerDS>(sphereState((2 * i + 1) * kR + (i + 1) * gap),
                                             VectorXd::Zero(6), 1.0,
                                             Matrix3d::Identity() * 0.4 * kR * kR);
    s->setFExt(Vector3d(-kG, 0, 0));
    nsds->insertDynamicalSystem(s);
    spheres.push_back(s);
  }
  std::vector<std::shared_ptr<Interaction>> contacts;
  contacts.push_back(
      std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                    std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnPlane(
                                        kR, Vector3d::Zero(), Vector3d::UnitX()))));
  nsds->link(contacts.back(), spheres[0]);
  for (int i = 0; i < 2; ++i) {
    contacts.push_back(std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.0),
        std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnSphere(kR, kR))));
    nsds->link(contacts.back(), spheres[i + 1], spheres[i]);  // body 1 = the upper sphere
  }
  if (scheme == Scheme::WithBeads) {  // y = q_0 − R, y = q_{i} − q_{i−1} − 2R
    std::vector<std::shared_ptr<LagrangianLinearTIDS>> beads;
    for (int i = 0; i < 3; ++i) {
      beads.push_back(std::make_shared<LagrangianLinearTIDS>(
          VectorXd::Constant(1, (2 * i + 1) * kR + (i + 1) * gap), VectorXd::Zero(1),
          Eigen::MatrixXd::Identity(1, 1)));
      beads.back()->setFExtPtr(VectorXd::Constant(1, -kG));
      nsds->insertDynamicalSystem(beads.back());
    }
    Eigen::MatrixXd H1(1, 1), H2(1, 2);
    H1 << 1;
    H2 << -1, 1;
    contacts.push_back(std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.0),
        std::make_shared<LagrangianLinearTIR>(H1, VectorXd::Constant(1, -kR))));
    nsds->link(contacts.back(), beads[0]);
    for (int i = 0; i < 2; ++i) {
      contacts.push_back(std::make_shared<Interaction>(
          std::make_shared<NewtonImpactNSL>(0.0),
          std::make_shared<LagrangianLinearTIR>(H2, VectorXd::Constant(1, -2 * kR))));
      nsds->link(contacts.back(), beads[i], beads[i + 1]);
    }
  }
  auto td = std::make_shared<TimeDiscretisation>(0.0, h);
  std::shared_ptr<Simulation> sim;
  TimeSteppingDirectProjection* projection = nullptr;
  switch (scheme) {
    case Scheme::MoreauJean:
      sim = std::make_shared<TimeStepping>(
          nsds, td, std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), std::make_shared<LCP>());
      break;
    case Scheme::Direct: {
      // As the companion of MoreauJeanDirectProjectionOSI (which passes its default, true).
      auto osi = std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5);
      osi->setActivationAtPredictedState(true);
      sim = test::projectionSimulation<TimeSteppingDirectProjection>(nsds, td, osi, projection);
      break;
    }
    case Scheme::Combined:
      sim = test::projectionSimulation<TimeSteppingCombinedProjection>(
          nsds, td, std::make_shared<MoreauJeanNewtonEulerCombinedProjectionOSI>(0.5), projection);
      break;
    case Scheme::DirectCompanion:
    case Scheme::WithBeads: {
      sim = test::projectionSimulation<TimeSteppingDirectProjection>(
          nsds, td, std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), projection);
      break;
    }
    case Scheme::CombinedCompanion:
      sim = test::projectionSimulation<TimeSteppingCombinedProjection>(
          nsds, td, std::make_shared<MoreauJeanCombinedProjectionOSI>(0.5), projection);
      break;
  }
  sim->log().setEnabled(false);
  sim->initialize();
  StackResult r;
  r.integrators = sim->integrators().size();
  bool started = false;
  while (sim->hasNextEvent()) {
    sim->advanceToEvent();
    const double t = sim->nextTime();
    double worst = 0;
    for (const auto& c : contacts) worst = std::max(worst, -c->y(0)(0));
    for (const auto& s : spheres)
      r.maxNormError = std::max(r.maxNormError, std::abs(s->quaternion().norm() - 1.0));
    if (t >= tRest) {
      if (!started) r.startPenetration = worst;
      started = true;
      r.restingPenetration = std::max(r.restingPenetration, worst);
    }
    r.finalPenetration = worst;
    sim->nextStep();
  }
  if (projection) r.projections = projection->nbCumulatedProjectionIteration();
  for (const auto& sphere : spheres) {
    r.finalState.insert(r.finalState.end(), sphere->q().begin(), sphere->q().end());
    r.finalState.insert(r.finalState.end(), sphere->twist().begin(), sphere->twist().end());
  }
  return r;
}

// Rotation vector of the unit quaternion d (d = expq(Ω) → Ω), for small rotations.
Vector3d logq(const Eigen::Vector4d& d) {
  const Vector3d v = d.tail<3>();
  const double s = v.norm();
  if (s == 0.0) return Vector3d::Zero();
  return 2.0 * std::atan2(s, d(0)) * v / s;
}

}  // namespace

TEST(NewtonEulerProjection, RestingStackPenetrationBelow1e10WhereMoreauJeanDrifts) {
  const double h = 1e-3, T = 5, tRest = 1, gap = 1e-2;
  const StackResult mj = runStack(Scheme::MoreauJean, h, T, tRest, gap);
  const StackResult direct = runStack(Scheme::Direct, h, T, tRest, gap);
  const StackResult combined = runStack(Scheme::Combined, h, T, tRest, gap);
  std::printf(
      "resting stack of 3 Newton-Euler spheres (h = %g, T = %g): max penetration for t >= %g s: "
      "Moreau-Jean %.3e (at t = %g: %.3e, at T: %.3e), direct projection %.3e (%lu projection "
      "iterations), combined %.3e (%lu); max ||p| - 1| %.1e / %.1e / %.1e\n",
      h, T, tRest, mj.restingPenetration, tRest, mj.startPenetration, mj.finalPenetration,
      direct.restingPenetration, direct.projections, combined.restingPenetration,
      combined.projections, mj.maxNormError, direct.maxNormError, combined.maxNormError);
  // Plain Moreau–Jean keeps the penetration of the landing for ever (no recovery).
  EXPECT_GT(mj.restingPenetration, 1e-6);
  EXPECT_GE(mj.finalPenetration, mj.startPenetration);
  EXPECT_LT(direct.restingPenetration, 1e-10);
  EXPECT_LT(combined.restingPenetration, 1e-10);
  EXPECT_GT(direct.projections, 0u);
  EXPECT_LT(direct.maxNormError, 1e-14);
  EXPECT_LT(combined.maxNormError, 1e-14);
}

// The Siconos form (MoreauJeanDirectProjectionOSI / MoreauJeanCombinedProjectionOSI on
// Newton–Euler bodies, docs/kernel/simulation.md "Companion integrators") runs the Newton–Euler
// projection schemes: bitwise the runs with the Newton–Euler integrators given directly; a
// Lagrangian bead stack in the same model (same integrator, same problems) is projected too.
TEST(NewtonEulerProjection, ProjectionIntegratorsHandNewtonEulerBodiesToTheirCompanion) {
  const double h = 1e-3, T = 2, tRest = 1, gap = 1e-2;
  const StackResult direct = runStack(Scheme::Direct, h, T, tRest, gap);
  const StackResult directCompanion = runStack(Scheme::DirectCompanion, h, T, tRest, gap);
  const StackResult combined = runStack(Scheme::Combined, h, T, tRest, gap);
  const StackResult combinedCompanion = runStack(Scheme::CombinedCompanion, h, T, tRest, gap);
  const StackResult mixed = runStack(Scheme::WithBeads, h, T, tRest, gap);
  EXPECT_EQ(direct.integrators, 1u);
  EXPECT_EQ(directCompanion.integrators, 2u);  // the owner and its companion
  EXPECT_EQ(combinedCompanion.integrators, 2u);
  EXPECT_EQ(mixed.integrators, 2u);
  ASSERT_EQ(directCompanion.finalState.size(), direct.finalState.size());
  EXPECT_EQ(directCompanion.finalState, direct.finalState);  // bitwise
  EXPECT_EQ(directCompanion.projections, direct.projections);
  EXPECT_EQ(combinedCompanion.finalState, combined.finalState);
  EXPECT_EQ(combinedCompanion.projections, combined.projections);
  // Mixed model: every contact (3 sphere contacts and 3 bead contacts) at rest within 1e-10.
  std::printf(
      "Newton-Euler stack + Lagrangian bead stack under one MoreauJeanDirectProjectionOSI: max "
      "penetration for t >= %g s: %.3e (%lu projection iterations; spheres alone: %.3e, %lu)\n",
      tRest, mixed.restingPenetration, mixed.projections, directCompanion.restingPenetration,
      directCompanion.projections);
  EXPECT_LT(mixed.restingPenetration, 1e-10);
  EXPECT_GT(mixed.projections, 0u);
  EXPECT_LT(mixed.maxNormError, 1e-14);
  // The sphere part against the spheres alone: the same model, but the joint solves round
  // differently, and with the activation at the predicted state a sphere stopped above the
  // ground (the contact activated at a gap below one step's travel, 2.9e-4 here) is released or
  // kept by the sign of a twist of 1e-18 (the thresholds' ẏ > 0): measured 2.85e-4 (the bottom
  // sphere resting at that gap alone, on the ground in the mixed run). Bounded by the travel of a
  // step, h |v| ≤ 1e-3 · 3.
  double maxDifference = 0;
  for (std::size_t k = 0; k < direct.finalState.size(); ++k)
    maxDifference =
        std::max(maxDifference, std::abs(mixed.finalState[k] - directCompanion.finalState[k]));
  EXPECT_LT(maxDifference, 3e-3);
}

namespace {

struct OneBody {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<NewtonEulerDS> ds;
  std::shared_ptr<Interaction> inter;
};

// Body of mass 1 and inertia I under the force f, with one contact (law: NewtonImpactNSL(0)
// unless given).
OneBody makeBody(const VectorXd& q0, const VectorXd& v0, const Matrix3d& I, const Vector3d& f,
                 NewtonEuler1DR::ContactFunction contact,
                 std::shared_ptr<NonSmoothLaw> law = nullptr) {
  OneBody b;
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  b.ds = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, I);
  b.ds->setFExt(f);
  b.nsds->insertDynamicalSystem(b.ds);
  if (!law) law = std::make_shared<NewtonImpactNSL>(0.0);
  b.inter =
      std::make_shared<Interaction>(law, std::make_shared<NewtonEuler1DR>(std::move(contact)));
  b.nsds->link(b.inter, b.ds);
  return b;
}

// One step of plain Moreau–Jean (LCP): the state before any projection.
void plainStep(OneBody& b, double h) {
  TimeStepping sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), std::make_shared<LCP>());
  sim.initialize();
  sim.computeOneStep();
}

// One step of the direct projection; returns the simulation (for its counters).
std::shared_ptr<TimeSteppingDirectProjection> projectedStep(OneBody& b, double h, unsigned level,
                                                            unsigned maxIterations,
                                                            double tolerance) {
  auto sim = std::make_shared<TimeSteppingDirectProjection>(
      b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5), std::make_shared<LCP>(),
      std::make_shared<MLCPProjectOnConstraints>());
  sim->setIndexSetLevelForProjection(level);
  sim->setProjectionMaxIteration(maxIterations);
  sim->setConstraintTolUnilateral(tolerance);
  sim->initialize();
  sim->computeOneStep();
  return sim;
}

}  // namespace

TEST(NewtonEulerProjection, PenetratingSphereIsPutOnTheGroundByOneProjection) {
  // Sphere 1e-3 into the ground, sliding along y and spinning; frictionless contact, e = 0.
  const double h = 1e-3, depth = 1e-3;
  VectorXd v0(6);
  v0 << 0, 0.5, 0, 1, 2, 3;
  auto contact = NewtonEuler1DR::sphereOnPlane(kR, Vector3d::Zero(), Vector3d::UnitX());
  const Matrix3d I = Matrix3d::Identity() * 0.4 * kR * kR;
  OneBody plain = makeBody(sphereState(kR - depth), v0, I, Vector3d(-kG, 0, 0), contact);
  plainStep(plain, h);
  OneBody proj = makeBody(sphereState(kR - depth), v0, I, Vector3d(-kG, 0, 0), contact);
  const auto sim = projectedStep(proj, h, 1, 20, 1e-8);

  EXPECT_EQ(sim->nbProjectionIteration(), 1u);
  EXPECT_NEAR(proj.inter->y(0)(0), 0.0, 1e-12);
  EXPECT_NEAR(proj.ds->quaternion().norm(), 1.0, 1e-14);
  // The velocity is not projected: the twist is the plain scheme's, bit for bit.
  for (int i = 0; i < 6; ++i) EXPECT_EQ(proj.ds->twist()(i), plain.ds->twist()(i)) << i;
  // Correction along the normal only: Λ = −y(q̃), Δ = Λ/m e_x; orientation and y, z unchanged.
  const double yTilde = plain.inter->y(0)(0);
  EXPECT_LT(yTilde, -0.9 * depth);
  EXPECT_NEAR(proj.inter->lambda(0)(0), -yTilde, 1e-15);
  EXPECT_NEAR(proj.ds->p(0)(0), -yTilde, 1e-15);
  EXPECT_EQ(proj.ds->p(0).tail<5>().norm(), 0.0);
  EXPECT_NEAR(proj.ds->q()(0) - plain.ds->q()(0), -yTilde, 1e-15);
  for (int i = 1; i < 7; ++i) EXPECT_EQ(proj.ds->q()(i), plain.ds->q()(i)) << i;
}

TEST(NewtonEulerProjection, RotatedBoxCornerFollowsTheGaussNewtonStep) {
  // A box (inertia diag(1, 2, 3)/10, m = 1) turned by 0.7 rad about (1, 2, 3), its corner
  // a = (−0.1, 0.2, 0.3) (body frame) 1e-2 below the plane x = 0. No gravity; the spin is
  // chosen so that the corner moves away from the plane (no impulse in the velocity step),
  // projection at level 0.
  const double h = 1e-3, depth = 1e-2;
  const Vector3d a(-0.1, 0.2, 0.3);
  const Eigen::Vector4d p0 = quaternion::exp(0.7 * Vector3d(1, 2, 3).normalized());
  const Matrix3d R0 = quaternion::rotationMatrix(p0);
  VectorXd q0(7);
  q0.head<3>() = Vector3d(-depth - (R0 * a)(0), 0.05, -0.02);
  q0.segment<4>(3) = p0;
  Vector3d omega(0.3, -0.2, 0.5);  // body frame
  if ((R0 * omega).cross(R0 * a)(0) < 0) omega = -omega;
  VectorXd v0(6);
  v0 << 0, 0, 0, omega;
  const Matrix3d I = Vector3d(0.1, 0.2, 0.3).asDiagonal();
  auto contact = NewtonEuler1DR::bodyPointOnPlane(a, Vector3d::Zero(), Vector3d::UnitX());

  OneBody plain = makeBody(q0, v0, I, Vector3d::Zero(), contact);
  plainStep(plain, h);
  const VectorXd qTilde = plain.ds->q();
  const double yTilde = plain.inter->y(0)(0);
  ASSERT_LT(yTilde, -0.9 * depth);

  // Gauss–Newton step with H by central differences of the gap along q ⊕ εe_i.
  Eigen::Matrix<double, 1, 6> Hfd;
  const double eps = 1e-6;
  const VectorXd z;
  for (int i = 0; i < 6; ++i) {
    VectorXd d = VectorXd::Zero(6), qp, qm;
    d(i) = eps;
    NewtonEulerDS::integrateConfiguration(qTilde, d, 1.0, qp);
    NewtonEulerDS::integrateConfiguration(qTilde, -d, 1.0, qm);
    ContactGeometry cp, cm;
    contact(qp, z, cp);
    contact(qm, z, cm);
    Hfd(i) = (cp.gap - cm.gap) / (2 * eps);
  }
  Eigen::Matrix<double, 6, 6> M = Eigen::Matrix<double, 6, 6>::Identity();
  M.bottomRightCorner<3, 3>() = I;
  const Eigen::Matrix<double, 6, 1> MinvHt = M.inverse() * Hfd.transpose();
  const Eigen::Matrix<double, 6, 1> stepGN = MinvHt * (-yTilde / (Hfd * MinvHt)(0));
  ASSERT_GT(stepGN.tail<3>().norm(), 1e-3);  // the rotation part is exercised

  OneBody one = makeBody(q0, v0, I, Vector3d::Zero(), contact);
  const auto sim1 = projectedStep(one, h, 0, 1, 1e-8);
  EXPECT_EQ(sim1->nbProjectionIteration(), 1u);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(one.ds->twist()(i), plain.ds->twist()(i)) << i;
  EXPECT_NEAR(one.ds->quaternion().norm(), 1.0, 1e-14);
  Eigen::Matrix<double, 6, 1> step;
  step.head<3>() = one.ds->q().head<3>() - qTilde.head<3>();
  step.tail<3>() =
      logq(quaternion::product(quaternion::conjugate(qTilde.segment<4>(3)), one.ds->quaternion()));
  std::printf(
      "box corner: gap %.3e before, %.3e after one projection; |step - Gauss-Newton(FD)| = %.2e "
      "(|step| = %.3e)\n",
      yTilde, one.inter->y(0)(0), (step - stepGN).norm(), step.norm());
  EXPECT_LT((step - stepGN).norm(), 1e-9 * stepGN.norm());
  // Gauss–Newton on a nonlinear constraint: one step leaves a second-order residual.
  EXPECT_LT(std::abs(one.inter->y(0)(0)), 1e-2 * std::abs(yTilde));

  // The unilateral constraint is satisfied after the step (Gauss–Newton overshoots to a
  // positive gap here): no further iteration.
  EXPECT_GE(one.inter->y(0)(0), 0.0);

  // The same corner held on the plane by a bilateral constraint (EqualityConditionNSL, MLCP at
  // velocity level): the iteration converges to |y| ≤ 1e-12 (Gauss–Newton, quadratic).
  OneBody full =
      makeBody(q0, v0, I, Vector3d::Zero(), contact, std::make_shared<EqualityConditionNSL>(1));
  TimeSteppingDirectProjection simFull(
      full.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5), std::make_shared<MLCP>(),
      std::make_shared<MLCPProjectOnConstraints>());
  simFull.setProjectionMaxIteration(20);
  simFull.setConstraintTol(1e-12);
  simFull.initialize();
  simFull.computeOneStep();
  std::printf("box corner, bilateral: %u projection iterations to |gap| = %.2e\n",
              simFull.nbProjectionIteration(), std::abs(full.inter->y(0)(0)));
  EXPECT_GE(simFull.nbProjectionIteration(), 2u);
  EXPECT_LE(simFull.nbProjectionIteration(), 4u);
  EXPECT_LE(std::abs(full.inter->y(0)(0)), 1e-12);
  EXPECT_NEAR(full.ds->quaternion().norm(), 1.0, 1e-14);
}

TEST(NewtonEulerProjection, CombinedSchemeLeavesNoContactBelowTheGround) {
  // The sphere of BouncingBallNETS (tutorial-models §31) without friction (NewtonEuler1DR,
  // NewtonImpactNSL(0.9), LCP), h = 5e-3, T = 3: the direct projection (level 1) leaves the
  // ground penetrated on the steps whose contact the predictor missed; the combined scheme
  // adds such a contact to index set 1 and recomputes the step.
  const double h = 5e-3, T = 3;
  VectorXd v0(6);
  v0 << 2, 0, 0, 0, 0, 0;
  auto run = [&](bool combined, unsigned* maxSets) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    auto ball = std::make_shared<NewtonEulerDS>(sphereState(1.0), v0, 1.0, Matrix3d::Identity());
    ball->setFExt(Vector3d(-kG, 0, 0));
    nsds->insertDynamicalSystem(ball);
    auto inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.9),
        std::make_shared<NewtonEuler1DR>(
            NewtonEuler1DR::sphereOnPlane(kR, Vector3d::Zero(), Vector3d::UnitX())));
    nsds->link(inter, ball);
    auto td = std::make_shared<TimeDiscretisation>(0.0, h);
    std::shared_ptr<TimeSteppingDirectProjection> sim;
    TimeSteppingCombinedProjection* comb = nullptr;
    if (combined) {
      auto c = std::make_shared<TimeSteppingCombinedProjection>(
          nsds, td, std::make_shared<MoreauJeanNewtonEulerCombinedProjectionOSI>(0.5),
          std::make_shared<LCP>(), std::make_shared<MLCPProjectOnConstraints>());
      comb = c.get();
      sim = c;
    } else {
      sim = std::make_shared<TimeSteppingDirectProjection>(
          nsds, td, std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5),
          std::make_shared<LCP>(), std::make_shared<MLCPProjectOnConstraints>());
    }
    sim->log().setEnabled(false);
    sim->initialize();
    double minGap = INFINITY;
    *maxSets = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      minGap = std::min(minGap, inter->y(0)(0));
      if (comb) *maxSets = std::max(*maxSets, comb->nbIndexSetsIteration());
      sim->nextStep();
    }
    return minGap;
  };
  unsigned setsDirect = 0, setsCombined = 0;
  const double direct = run(false, &setsDirect);
  const double combined = run(true, &setsCombined);
  std::printf(
      "bouncing sphere: lowest gap direct %.3e, combined %.3e (up to %u index-set "
      "iterations per step)\n",
      direct, combined, setsCombined);
  EXPECT_LT(direct, -1e-3);
  EXPECT_GE(combined, -1e-8);
  EXPECT_GE(setsCombined, 2u);
}

TEST(NewtonEulerProjection, Errors) {
  const double h = 1e-3;
  {
    // A Lagrangian system under the Newton–Euler projection integrator.
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, h);
    auto ds = std::make_shared<LagrangianLinearTIDS>(VectorXd::Constant(1, 1.0), VectorXd::Zero(1),
                                                     Eigen::MatrixXd::Identity(1, 1));
    nsds->insertDynamicalSystem(ds);
    TimeSteppingDirectProjection sim(
        nsds, std::make_shared<TimeDiscretisation>(0.0, h),
        std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5), std::make_shared<LCP>(),
        std::make_shared<MLCPProjectOnConstraints>());
    try {
      sim.initialize();
      ADD_FAILURE() << "no ModelError";
    } catch (const ModelError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("MoreauJeanNewtonEulerDirectProjectionOSI"), std::string::npos) << what;
      EXPECT_NE(what.find(ds->description()), std::string::npos) << what;
      EXPECT_NE(what.find("not a NewtonEulerDS"), std::string::npos) << what;
    }
  }
  auto contact = NewtonEuler1DR::sphereOnPlane(kR, Vector3d::Zero(), Vector3d::UnitX());
  {
    // The plain Newton–Euler integrator is not a projection integrator.
    OneBody b = makeBody(sphereState(1.0), VectorXd::Zero(6), Matrix3d::Identity(),
                         Vector3d::Zero(), contact);
    TimeSteppingDirectProjection sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                     std::make_shared<MoreauJeanNewtonEulerOSI>(0.5),
                                     std::make_shared<LCP>(),
                                     std::make_shared<MLCPProjectOnConstraints>());
    try {
      sim.initialize();
      ADD_FAILURE() << "no ModelError";
    } catch (const ModelError& e) {
      EXPECT_NE(std::string(e.what()).find("MoreauJeanNewtonEulerOSI is not a projection"),
                std::string::npos)
          << e.what();
    }
  }
  {
    // The combined driver needs the combined variant.
    OneBody b = makeBody(sphereState(1.0), VectorXd::Zero(6), Matrix3d::Identity(),
                         Vector3d::Zero(), contact);
    TimeSteppingCombinedProjection sim(
        b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
        std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5), std::make_shared<LCP>(),
        std::make_shared<MLCPProjectOnConstraints>());
    EXPECT_THROW(sim.initialize(), ModelError);
  }
  MoreauJeanNewtonEulerDirectProjectionOSI osi;
  EXPECT_EQ(osi.gamma(), 0.5);
  EXPECT_EQ(osi.theta(), 0.5);
  EXPECT_EQ(osi.activateYPosThreshold(), 1e-7);
  EXPECT_EQ(osi.deactivateYPosThreshold(), 1e-7);
  EXPECT_EQ(osi.activateYVelThreshold(), 0.0);
  EXPECT_EQ(osi.deactivateYVelThreshold(), 0.0);
  EXPECT_FALSE(osi.combinedProjection());
  EXPECT_TRUE(MoreauJeanNewtonEulerCombinedProjectionOSI().combinedProjection());
  EXPECT_THROW(osi.setActivateYPosThreshold(NAN), ModelError);
  EXPECT_THROW(osi.setDeactivateYVelThreshold(INFINITY), ModelError);
  EXPECT_THROW(MoreauJeanNewtonEulerDirectProjectionOSI(1.5), ModelError);
  EXPECT_THROW(MoreauJeanNewtonEulerDirectProjectionOSI(0.5, 2.0), ModelError);
  EXPECT_EQ(MoreauJeanNewtonEulerDirectProjectionOSI(0.5, 0.25).gamma(), 0.25);
}
