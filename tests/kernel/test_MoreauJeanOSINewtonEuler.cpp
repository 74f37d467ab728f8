// MoreauJeanOSI integrating Newton–Euler bodies through its companion
// MoreauJeanNewtonEulerOSI (OneStepIntegrator::companionFor, issue 13;
// docs/kernel/simulation.md, "Companion integrators"):
//   - a NewtonEulerDS under MoreauJeanOSI has, step by step, bitwise the
//     state it has under MoreauJeanNewtonEulerOSI (frictional contact; a
//     non-spherical body whose gyroscopic term runs the Newton loop);
//   - a Lagrangian ball and a Newton–Euler sphere in ONE simulation with ONE
//     MoreauJeanOSI and ONE GenericMechanical problem equal their own
//     separate runs;
//   - an interaction between a Lagrangian and a Newton–Euler system is a
//     ModelError naming both systems;
//   - initialize twice: the same integrators, the same results.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

using namespace moreau;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

namespace {

constexpr double kG = 9.81;
constexpr double kR = 0.1;
constexpr double kH = 1e-3;

// A body above the plane z = 0, thrown sideways with a spin: it lands
// (t ≈ 0.2, e_N = 0) and slides with Coulomb friction (μ = 0.4).
// Spherical inertia: linear step; diag(1, 2, 3)·10⁻² : gyroscopic term, the
// Newton loop runs.
std::shared_ptr<NewtonEulerDS> makeBody(bool gyroscopic) {
  VectorXd q0(7), v0(6);
  q0 << 0, 0, 0.3, std::cos(0.2), 0, std::sin(0.2), 0;
  v0 << 1.5, 0.5, 0, 2.0, -1.0, 3.0;
  const Matrix3d I = gyroscopic ? Matrix3d(Vector3d(1, 2, 3).asDiagonal() * 1e-2)
                                : Matrix3d(0.4 * kR * kR * Matrix3d::Identity());
  auto body = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, I);
  body->setFExt(Vector3d(0, 0, -kG));
  body->setName("sphere");
  return body;
}

std::shared_ptr<Interaction> linkSphereOnPlane(NonSmoothDynamicalSystem& nsds,
                                               const std::shared_ptr<NewtonEulerDS>& body) {
  auto inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.4, 3),
                                    std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnPlane(
                                        kR, Vector3d::Zero(), Vector3d::UnitZ())));
  inter->setName("plane");
  nsds.insertDynamicalSystem(body);
  nsds.link(inter, body);
  return inter;
}

// A Lagrangian ball (1 dof, height q ≥ R) bouncing with e = 0.8.
std::shared_ptr<LagrangianLinearTIDS> linkLagrangianBall(NonSmoothDynamicalSystem& nsds) {
  auto ball = std::make_shared<LagrangianLinearTIDS>(VectorXd::Constant(1, 0.5), VectorXd::Zero(1),
                                                     Eigen::MatrixXd::Identity(1, 1));
  ball->setFExt(VectorXd::Constant(1, -kG));
  ball->setName("ball");
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.8),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1),
                                            VectorXd::Constant(1, -kR)));
  inter->setName("ground");
  nsds.insertDynamicalSystem(ball);
  nsds.link(inter, ball);
  return ball;
}

struct Trajectory {
  std::vector<VectorXd> sphere;  // (q, twist) per step
  std::vector<VectorXd> ball;    // (q, v) per step
  std::vector<unsigned> newton;
  std::size_t integrators = 0;
  int contactSteps = 0;
};

void record(Trajectory& t, const NewtonEulerDS* body, const LagrangianDS* ball) {
  if (body) {
    VectorXd x(13);
    x << body->q(), body->twist();
    t.sphere.push_back(x);
  }
  if (ball) {
    VectorXd x(2);
    x << ball->q(), ball->velocity();
    t.ball.push_back(x);
  }
}

enum class Scheme { MoreauJean, NewtonEulerOSI };

// The sphere alone, under MoreauJeanOSI (companion) or MoreauJeanNewtonEulerOSI.
Trajectory runSphere(Scheme scheme, bool gyroscopic, double T, unsigned initializeCalls = 1) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  auto body = makeBody(gyroscopic);
  auto inter = linkSphereOnPlane(*nsds, body);
  std::shared_ptr<OneStepIntegrator> osi;
  if (scheme == Scheme::MoreauJean) {
    osi = std::make_shared<MoreauJeanOSI>(0.5);
  } else {
    // MoreauJeanOSI passes its activation at the predicted state (default true, as Siconos)
    // to its companion; this class's default is false.
    auto ne = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
    ne->setActivationAtPredictedState(true);
    osi = ne;
  }
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                            osi, std::make_shared<FrictionContact>(3));
  sim->setNewtonTolerance(1e-12);
  sim->setNewtonMaxIteration(20);
  for (unsigned i = 0; i < initializeCalls; ++i) sim->initialize();
  Trajectory t;
  t.integrators = sim->integrators().size();
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    record(t, body.get(), nullptr);
    t.newton.push_back(sim->newtonIterations());
    if (inter->lambda(1)(0) > 0) ++t.contactSteps;
    sim->nextStep();
  }
  return t;
}

// Largest |a − b| over two state histories (infinity when the lengths differ).
double maxDifference(const std::vector<VectorXd>& a, const std::vector<VectorXd>& b) {
  if (a.size() != b.size()) return INFINITY;
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, (a[i] - b[i]).cwiseAbs().maxCoeff());
  return d;
}

// Number of steps whose state differs in any bit.
std::size_t differingSteps(const std::vector<VectorXd>& a, const std::vector<VectorXd>& b) {
  if (a.size() != b.size()) return std::max(a.size(), b.size());
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) n += (a[i].array() != b[i].array()).any() ? 1 : 0;
  return n;
}

}  // namespace

TEST(MoreauJeanOSINewtonEuler, FrictionalSphereIsBitwiseTheNewtonEulerIntegrator) {
  const Trajectory mj = runSphere(Scheme::MoreauJean, false, 0.5);
  const Trajectory ne = runSphere(Scheme::NewtonEulerOSI, false, 0.5);
  ASSERT_EQ(mj.sphere.size(), 500u);
  EXPECT_EQ(mj.integrators, 2u);  // MoreauJeanOSI + its companion
  EXPECT_EQ(ne.integrators, 1u);
  EXPECT_GT(mj.contactSteps, 250);  // lands and slides
  EXPECT_EQ(differingSteps(mj.sphere, ne.sphere), 0u)
      << "max difference " << maxDifference(mj.sphere, ne.sphere);
  EXPECT_EQ(mj.newton, ne.newton);
  // Friction acted: the sliding velocity changed and the body spins about x/y.
  const VectorXd& last = mj.sphere.back();
  EXPECT_LT(last(7), 1.5 - 0.1);
  std::printf("frictional sphere: %d contact steps, final v = (%.6f, %.6f), bitwise equal\n",
              mj.contactSteps, last(7), last(8));
}

TEST(MoreauJeanOSINewtonEuler, GyroscopicBodyRunsTheSameNewtonLoop) {
  const Trajectory mj = runSphere(Scheme::MoreauJean, true, 0.4);
  const Trajectory ne = runSphere(Scheme::NewtonEulerOSI, true, 0.4);
  ASSERT_EQ(mj.sphere.size(), 400u);
  EXPECT_GT(*std::max_element(mj.newton.begin(), mj.newton.end()), 1u);
  EXPECT_EQ(mj.newton, ne.newton);
  EXPECT_GT(mj.contactSteps, 150);
  EXPECT_EQ(differingSteps(mj.sphere, ne.sphere), 0u)
      << "max difference " << maxDifference(mj.sphere, ne.sphere);
  std::printf("gyroscopic body: max Newton iterations %u, %d contact steps, bitwise equal\n",
              *std::max_element(mj.newton.begin(), mj.newton.end()), mj.contactSteps);
}

TEST(MoreauJeanOSINewtonEuler, CompanionIsCreatedOnceWithThetaAndGamma) {
  auto osi = std::make_shared<MoreauJeanOSI>(0.7);
  EXPECT_EQ(osi->newtonEulerCompanion(), nullptr);
  auto b1 = makeBody(false), b2 = makeBody(true);
  auto lds = std::make_shared<LagrangianLinearTIDS>(VectorXd::Zero(1), VectorXd::Zero(1),
                                                    Eigen::MatrixXd::Identity(1, 1));
  EXPECT_EQ(osi->companionFor(*lds), nullptr);
  const auto c1 = osi->companionFor(*b1);
  const auto c2 = osi->companionFor(*b2);
  ASSERT_NE(c1, nullptr);
  EXPECT_EQ(c1, c2);
  EXPECT_EQ(c1, osi->newtonEulerCompanion());
  EXPECT_EQ(osi->newtonEulerCompanion()->theta(), 0.7);
  EXPECT_EQ(osi->newtonEulerCompanion()->gamma(), 0.5);  // γ not given
  auto withGamma = std::make_shared<MoreauJeanOSI>(0.5, 0.25);
  withGamma->companionFor(*b1);
  EXPECT_EQ(withGamma->newtonEulerCompanion()->gamma(), 0.25);
  // The projection variants give their bodies the Newton–Euler projection scheme, with their
  // θ, γ and thresholds.
  MoreauJeanDirectProjectionOSI projection(0.6);
  projection.setActivateYPosThreshold(2e-7);
  projection.setDeactivateYVelThreshold(0.5);
  EXPECT_EQ(projection.companionFor(*lds), nullptr);
  const auto p1 = projection.companionFor(*b1);
  ASSERT_NE(std::dynamic_pointer_cast<MoreauJeanNewtonEulerDirectProjectionOSI>(p1), nullptr);
  EXPECT_EQ(p1, projection.companionFor(*b2));
  EXPECT_EQ(p1, projection.newtonEulerProjectionCompanion());
  EXPECT_FALSE(projection.newtonEulerProjectionCompanion()->combinedProjection());
  EXPECT_EQ(projection.newtonEulerProjectionCompanion()->theta(), 0.6);
  EXPECT_EQ(projection.newtonEulerProjectionCompanion()->gamma(), 0.5);
  EXPECT_EQ(projection.newtonEulerProjectionCompanion()->activateYPosThreshold(), 2e-7);
  EXPECT_EQ(projection.newtonEulerProjectionCompanion()->deactivateYVelThreshold(), 0.5);
  MoreauJeanCombinedProjectionOSI combined;
  combined.companionFor(*b1);
  ASSERT_NE(combined.newtonEulerProjectionCompanion(), nullptr);
  EXPECT_TRUE(combined.newtonEulerProjectionCompanion()->combinedProjection());
  // Other integrators keep their own errors.
  EXPECT_EQ(EulerMoreauOSI(0.5).companionFor(*b1), nullptr);
}

TEST(MoreauJeanOSINewtonEuler, SimulationGivesTheBodyToTheCompanionAndForwardsAccessors) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  auto body = makeBody(false);
  linkSphereOnPlane(*nsds, body);
  auto ball = linkLagrangianBall(*nsds);
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                            osi, std::make_shared<GenericMechanical>());
  sim->initialize();
  ASSERT_EQ(sim->integrators().size(), 2u);
  const auto& companion = osi->newtonEulerCompanion();
  ASSERT_NE(companion, nullptr);
  EXPECT_EQ(sim->integrators()[0], osi);
  EXPECT_EQ(sim->integrators()[1], companion);
  EXPECT_TRUE(sim->isCompanion(*companion));
  EXPECT_FALSE(sim->isCompanion(*osi));
  EXPECT_EQ(&sim->integratorOf(*body), companion.get());
  EXPECT_EQ(&sim->integratorOf(*ball), osi.get());
  ASSERT_EQ(sim->dynamicalSystemsOf(*osi).size(), 1u);
  EXPECT_EQ(sim->dynamicalSystemsOf(*osi).front(), ball);
  sim->computeOneStep();
  // Accessors taking a delegated body answer with the companion's data.
  EXPECT_EQ(&osi->freeVelocity(*body), &companion->freeVelocity(*body));
  EXPECT_EQ(&osi->iterationMatrix(*body), &companion->iterationMatrix(*body));
  EXPECT_EQ(osi->freeVelocity(*body).size(), 6);
  EXPECT_EQ(osi->freeVelocity(*ball).size(), 1);
  EXPECT_THROW_WITH(osi->isIterationMatrixSPD(*body), ModelError, "companion");
  // A user who inserts the companion himself owns it: no longer a companion, never duplicated.
  sim->insertIntegrator(companion);
  EXPECT_FALSE(sim->isCompanion(*companion));
  sim->initialize();
  EXPECT_EQ(sim->integrators().size(), 2u);
  EXPECT_EQ(&sim->integratorOf(*body), companion.get());
}

namespace {

// The Lagrangian ball and/or the Newton–Euler sphere under one MoreauJeanOSI and one
// GenericMechanical problem.
Trajectory runMixed(bool withBall, bool withSphere, bool gyroscopic, double T) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  std::shared_ptr<LagrangianLinearTIDS> ball;
  std::shared_ptr<NewtonEulerDS> body;
  std::shared_ptr<Interaction> contact;
  if (withBall) ball = linkLagrangianBall(*nsds);
  if (withSphere) {
    body = makeBody(gyroscopic);
    contact = linkSphereOnPlane(*nsds, body);
  }
  auto gmp = std::make_shared<GenericMechanical>();
  gmp->setTolerance(1e-10);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                            std::make_shared<MoreauJeanOSI>(0.5), gmp);
  sim->setNewtonTolerance(1e-12);
  sim->setNewtonMaxIteration(20);
  sim->initialize();
  Trajectory t;
  t.integrators = sim->integrators().size();
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    EXPECT_TRUE(gmp->lastResult().converged()) << "step " << sim->currentStep();
    record(t, body.get(), ball.get());
    t.newton.push_back(sim->newtonIterations());
    if (contact && contact->lambda(1)(0) > 0) ++t.contactSteps;
    sim->nextStep();
  }
  return t;
}

}  // namespace

TEST(MoreauJeanOSINewtonEuler, LagrangianBallAndNewtonEulerSphereInOneProblem) {
  for (const bool gyroscopic : {false, true}) {
    const Trajectory both = runMixed(true, true, gyroscopic, 0.6);
    const Trajectory ballAlone = runMixed(true, false, gyroscopic, 0.6);
    const Trajectory sphereAlone = runMixed(false, true, gyroscopic, 0.6);
    EXPECT_EQ(both.integrators, 2u);
    EXPECT_EQ(ballAlone.integrators, 1u);
    EXPECT_EQ(sphereAlone.integrators, 2u);  // the MoreauJeanOSI has no system of its own
    ASSERT_EQ(both.ball.size(), 600u);
    const double dBall = maxDifference(both.ball, ballAlone.ball);
    const double dSphere = maxDifference(both.sphere, sphereAlone.sphere);
    std::printf(
        "mixed (%s): ball vs alone %.3e (%zu steps differ), sphere vs alone %.3e (%zu steps "
        "differ), %d sphere contact steps, max Newton %u\n",
        gyroscopic ? "gyroscopic" : "spherical", dBall, differingSteps(both.ball, ballAlone.ball),
        dSphere, differingSteps(both.sphere, sphereAlone.sphere), both.contactSteps,
        *std::max_element(both.newton.begin(), both.newton.end()));
    EXPECT_GT(both.contactSteps, 350);
    // The ball bounced too (it starts 0.4 above its contact height: lands at t ≈ 0.29 with
    // |v| ≈ 2.8 m/s; its contact is activated at the predicted state q_k + h v_k, so its lowest
    // row is within about 1.5 h|v| ≈ 4.2e-3 above the contact height).
    double minBall = INFINITY;
    for (const auto& x : both.ball) minBall = std::min(minBall, x(0));
    EXPECT_LT(minBall, kR + 4.2e-3);
    EXPECT_GT(both.ball.back()(0), kR + 0.01);
    // Block-diagonal problem solved by NSGS to 1e-10: the blocks of the two parts do not
    // interact in the Gauss–Seidel sweeps, and each part is bitwise its own run.
    EXPECT_EQ(differingSteps(both.ball, ballAlone.ball), 0u) << dBall;
    EXPECT_EQ(differingSteps(both.sphere, sphereAlone.sphere), 0u) << dSphere;
    if (gyroscopic) {
      // The Newton loop runs over the whole model: as many iterations as the sphere alone.
      EXPECT_GT(*std::max_element(both.newton.begin(), both.newton.end()), 1u);
      EXPECT_EQ(both.newton, sphereAlone.newton);
    }
  }
}

namespace {

// A relation accepting a Lagrangian and a Newton–Euler system (no library relation does:
// it lets the simulation's own check be reached).
class AnyMechanicalR : public Relation {
 public:
  const char* typeName() const override { return "AnyMechanicalR"; }
  RelationType relationType() const override { return RelationType::Lagrangian; }
  Eigen::Index outputSize() const override { return 1; }
  Eigen::Index inputSize() const override { return 0; }
  Eigen::Index linkedStateSize(const DynamicalSystem& ds) const override {
    if (const auto* l = dynamic_cast<const LagrangianDS*>(&ds)) return l->ndof();
    return NewtonEulerDS::twistDim;
  }
  void computeOutput(double, Interaction&, unsigned) override {}
  void computeInput(double, Interaction&, unsigned) override {}
  void computeJacobians(double, Interaction&) override {}
};

}  // namespace

TEST(MoreauJeanOSINewtonEuler, InteractionBetweenLagrangianAndNewtonEulerIsAModelError) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  auto body = makeBody(false);
  linkSphereOnPlane(*nsds, body);
  auto ball = linkLagrangianBall(*nsds);
  // A library relation refuses the link itself, naming both systems.
  auto tir = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 7)));
  EXPECT_THROW_WITH(nsds->link(tir, ball, body), ModelError, "'ball'", "'sphere'",
                    "not a LagrangianDS", "cannot share an interaction");
  // A relation that accepts both: the simulation refuses it at initialize.
  auto both = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5),
                                            std::make_shared<AnyMechanicalR>());
  both->setName("bridge");
  nsds->link(both, ball, body);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                            std::make_shared<MoreauJeanOSI>(0.5),
                                            std::make_shared<GenericMechanical>());
  EXPECT_THROW_WITH(sim->initialize(), ModelError, "'bridge'", "'ball'", "'sphere'",
                    "(MoreauJeanOSI)",
                    "MoreauJeanNewtonEulerOSI, the companion of the MoreauJeanOSI",
                    "a Lagrangian and a Newton–Euler system cannot share an interaction");
  // Without it the model runs; a second initialize does not duplicate the companion.
  nsds->removeInteraction(both);
  sim->initialize();
  EXPECT_EQ(sim->integrators().size(), 2u);
}

TEST(MoreauJeanOSINewtonEuler, InitializeTwiceGivesTheSameIntegratorsAndResults) {
  const Trajectory once = runSphere(Scheme::MoreauJean, true, 0.3, 1);
  const Trajectory twice = runSphere(Scheme::MoreauJean, true, 0.3, 2);
  EXPECT_EQ(once.integrators, 2u);
  EXPECT_EQ(twice.integrators, 2u);
  EXPECT_EQ(differingSteps(once.sphere, twice.sphere), 0u);
  EXPECT_EQ(once.newton, twice.newton);

  // Restart after a run: state set back, initialize again → the same trajectory, same
  // integrators; a system inserted later is picked up by the next initialize.
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.3);
  auto body = makeBody(true);
  linkSphereOnPlane(*nsds, body);
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                            osi, std::make_shared<FrictionContact>(3));
  sim->setNewtonTolerance(1e-12);
  sim->setNewtonMaxIteration(20);
  const VectorXd q0 = body->q(), v0 = body->twist();
  std::vector<VectorXd> first, second;
  for (auto* out : {&first, &second}) {
    body->q() = q0;
    body->twist() = v0;
    sim->initialize();
    EXPECT_EQ(sim->integrators().size(), 2u);
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      VectorXd x(13);
      x << body->q(), body->twist();
      out->push_back(x);
      sim->nextStep();
    }
  }
  EXPECT_EQ(differingSteps(first, second), 0u);
  EXPECT_EQ(differingSteps(first, once.sphere), 0u);
  auto other = makeBody(false);
  other->q()(0) = 1.0;
  nsds->insertDynamicalSystem(other);
  body->q() = q0;
  body->twist() = v0;
  sim->initialize();
  EXPECT_EQ(sim->integrators().size(), 2u);  // the same companion takes the new body
  EXPECT_EQ(&sim->integratorOf(*other), osi->newtonEulerCompanion().get());
}

// Index set 1 at the predicted state (docs/theory/newton-euler.md §5): a sphere at gap y0 = 1e-3
// above the plane falling at 1 m/s, h = 1e-3: y_k + h/2 ẏ_k = 5e-4 > 0 (outside on the
// memories), ỹ + h/2 ẏ̃ = (y0 − h·1) − 5e-4 = −5e-4 ≤ 0 at q̃ = q_k ⊕ h v_k (inside).
TEST(MoreauJeanOSINewtonEuler, ActivationAtThePredictedStateTakesTheContactOneStepEarlier) {
  const auto firstStepImpulse = [](const std::shared_ptr<OneStepIntegrator>& osi) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 2 * kH);
    VectorXd q0(7), v0(6);
    q0 << 0, 0, kR + 1e-3, 1, 0, 0, 0;
    v0 << 0, 0, -1, 0, 0, 0;
    auto body = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, Matrix3d::Identity() * 4e-3);
    body->setFExt(Vector3d(0, 0, -kG));
    auto inter = linkSphereOnPlane(*nsds, body);
    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                              osi, std::make_shared<FrictionContact>(3));
    sim->computeOneStep();
    // The outputs are those at q_{k+1}, not at q̃ (the evaluation at q̃ leaves them).
    EXPECT_NEAR(inter->y(0)(0), body->q()(2) - kR, 1e-15);
    return inter->lambda(1)(0);
  };
  auto memories = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
  EXPECT_FALSE(memories->activationAtPredictedState());  // this class's default
  EXPECT_EQ(firstStepImpulse(memories), 0.0);
  auto predicted = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
  predicted->setActivationAtPredictedState(true);
  const double lambda = firstStepImpulse(predicted);
  EXPECT_NEAR(lambda, 1.0 + kG * kH, 1e-12);  // e = 0: the sphere stopped, λ = m (1 + g h)
  // MoreauJeanOSI passes its setting (default true) to its companion.
  auto siconos = std::make_shared<MoreauJeanOSI>(0.5);
  EXPECT_TRUE(siconos->activationAtPredictedState());
  EXPECT_EQ(firstStepImpulse(siconos), lambda);
  auto off = std::make_shared<MoreauJeanOSI>(0.5);
  off->setActivationAtPredictedState(false);
  EXPECT_EQ(firstStepImpulse(off), 0.0);
}

TEST(MoreauJeanOSINewtonEuler, ActivationAtThePredictedStateExcludesDormantInteractions) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  auto body = makeBody(false);
  linkSphereOnPlane(*nsds, body);
  auto osi = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
  osi->setActivationAtPredictedState(true);
  osi->setDormantInteractions(true);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                            osi, std::make_shared<FrictionContact>(3));
  try {
    sim->computeOneStep();
    ADD_FAILURE() << "no ModelError";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("dormant"), std::string::npos) << e.what();
  }
}
