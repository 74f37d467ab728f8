// Relay: 1D Coulomb friction of a known normal force as a relay law on the
// velocity (bounds ±μ m g h on the impulse) stops a sliding mass after
// v0²/(2 μ g); the assembled problem equals the dense reference and its
// solution the numerics solver's; the relay interaction is always active;
// law errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <cmath>

using namespace moreau;

TEST(Relay, CoulombLikeFrictionStopsASlidingMassAtTheCoulombDistance) {
  const double m = 2.0, g = 9.81, mu = 0.5, v0 = 1.0, h = 1e-3;
  const double bound = mu * m * g * h;  // friction impulse over one step
  // q = (x, y): the relay acts on x; y is free (no force), to check that the
  // relay rows only touch x.
  auto mass = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector2d(3.0, 0.0), Eigen::Vector2d(v0, 0.25), m * Eigen::Matrix2d::Identity());
  auto friction = std::make_shared<Interaction>(
      std::make_shared<RelayNSL>(1, -bound, bound),
      std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(1, 0)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.3);
  nsds->insertDynamicalSystem(mass);
  nsds->link(friction, mass);
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  auto relay = std::make_shared<Relay>();
  EXPECT_EQ(relay->numericsSolverOptions().solver, "auto");
  relay->setTolerance(1e-12);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi, relay);
  sim.initialize();

  // First step against the numerics solver on the dense data: W = 1/m, q = v_free.
  sim.computeOneStep();
  ASSERT_EQ(relay->size(), 1);  // active although y = 3 > 0
  ASSERT_TRUE(relay->lastResult().converged()) << relay->lastResult().message;
  EXPECT_DOUBLE_EQ(relay->matrix().toDense()(0, 0), 1.0 / m);
  EXPECT_DOUBLE_EQ(relay->q()(0), osi->freeVelocity(*mass)(0));
  EXPECT_EQ(relay->problem().lb()(0), -bound);
  EXPECT_EQ(relay->problem().ub()(0), bound);
  numerics::RelayProblem dense(Eigen::MatrixXd::Constant(1, 1, 1.0 / m),
                               Eigen::VectorXd::Constant(1, osi->freeVelocity(*mass)(0)),
                               Eigen::VectorXd::Constant(1, -bound),
                               Eigen::VectorXd::Constant(1, bound));
  Eigen::VectorXd z, w;
  ASSERT_TRUE(numerics::solveRelay(dense, z, w, relay->numericsSolverOptions()).converged());
  EXPECT_NEAR(friction->lambda(1)(0), z(0), 1e-14);
  EXPECT_NEAR(z(0), -bound, 1e-14);  // sliding: the impulse at the bound, against v
  EXPECT_NEAR(mass->velocity()(0), v0 - mu * g * h, 1e-12);
  sim.nextStep();

  double tStop = -1.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    ASSERT_TRUE(relay->lastResult().converged()) << relay->lastResult().message;
    const double lambda = friction->lambda(1)(0);
    EXPECT_GE(lambda, -bound * (1 + 1e-12));
    EXPECT_LE(lambda, bound * (1 + 1e-12));
    EXPECT_GE(mass->velocity()(0), -1e-12);  // friction never reverses the motion
    if (tStop < 0 && mass->velocity()(0) <= 1e-12) tStop = sim.nextTime();
    sim.nextStep();
  }
  EXPECT_NEAR(mass->velocity()(0), 0.0, 1e-12);
  EXPECT_NEAR(mass->q()(0) - 3.0, v0 * v0 / (2 * mu * g), 2 * v0 * h);
  EXPECT_NEAR(tStop, v0 / (mu * g), 2 * h);
  EXPECT_DOUBLE_EQ(mass->velocity()(1), 0.25);  // the free direction is untouched
}

TEST(Relay, VectorBoundsPerComponentAndSeveralLawsPerInteraction) {
  // One interaction of dimension 2 holding two RelayNSL(1) laws: the bounds
  // are repeated for each law; a second interaction with its own bounds.
  auto mass = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1.0, -2.0, 0.5), Eigen::Matrix3d::Identity());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(mass);
  Eigen::MatrixXd H2(2, 3);
  H2 << 1, 0, 0, 0, 1, 0;
  auto a = std::make_shared<Interaction>(std::make_shared<RelayNSL>(1, -0.1, 0.2),
                                         std::make_shared<LagrangianLinearTIR>(H2));
  auto b = std::make_shared<Interaction>(
      std::make_shared<RelayNSL>(1, -0.3, 0.05),
      std::make_shared<LagrangianLinearTIR>(Eigen::RowVector3d(0, 0, 1)));
  nsds->link(a, mass);
  nsds->link(b, mass);
  auto relay = std::make_shared<Relay>("newton");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                   std::make_shared<MoreauJeanOSI>(), relay);
  sim.computeOneStep();
  ASSERT_TRUE(relay->lastResult().converged()) << relay->lastResult().message;
  ASSERT_EQ(relay->size(), 3);
  Eigen::Vector3d lb, ub;
  const Eigen::Index ra = relay->rowOf(a->number()), rb = relay->rowOf(b->number());
  lb.segment(ra == 0 ? 0 : 1, 2).setConstant(-0.1);
  ub.segment(ra == 0 ? 0 : 1, 2).setConstant(0.2);
  lb(rb == 0 ? 0 : 2) = -0.3;
  ub(rb == 0 ? 0 : 2) = 0.05;
  EXPECT_EQ(relay->problem().lb(), lb);
  EXPECT_EQ(relay->problem().ub(), ub);
  // Each impulse at the bound opposing the motion (identity mass, no force):
  // v_x = 1 − 0.1, v_y = −2 + 0.2, v_z = 0.5 − 0.3.
  EXPECT_NEAR(mass->velocity()(0), 0.9, 1e-10);
  EXPECT_NEAR(mass->velocity()(1), -1.8, 1e-10);
  EXPECT_NEAR(mass->velocity()(2), 0.2, 1e-10);
}

TEST(Relay, RejectsOtherLaws) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                   Eigen::Matrix2d::Identity());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto impact = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(0, 1)));
  impact->setName("floor");
  nsds->link(impact, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<Relay>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "Relay", "'floor'", "NewtonImpactNSL",
                    "RelayNSL");
  EXPECT_THROW_WITH(Relay("nsgs"), ModelError, "Relay", "unknown solver 'nsgs'");
}
