// FrictionContact(3) on a small model against the numerics solver called
// directly on the dense data; FrictionContact(2): a block sliding on a plane
// stops after v0²/(2μg); law checks.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>

#include <cmath>

using namespace moreau;

TEST(FrictionContact, ThreeDimensionalMatchesTheNumericsSolverOnTheDenseData) {
  // Two point masses (q = x, y, z): 0 on the ground, 1 on top of 0; normals
  // along z, both contacts interpenetrated (b = −0.01): both active.
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  const double m0 = 1.0, m1 = 0.5, h = 1e-2, g = 9.81;
  auto p0 = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1.0, 0.5, -1.0), m0 * Eigen::Matrix3d::Identity());
  auto p1 = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(-0.5, 0.2, -2.0), m1 * Eigen::Matrix3d::Identity());
  p0->setFExtPtr(Eigen::Vector3d(0, 0, -m0 * g));
  p1->setFExtPtr(Eigen::Vector3d(0, 0, -m1 * g));
  nsds->insertDynamicalSystem(p0);
  nsds->insertDynamicalSystem(p1);
  Eigen::MatrixXd Hg(3, 3), Hc(3, 6);
  Hg << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  Hc << 0, 0, -1, 0, 0, 1, -1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1, 0;
  const Eigen::Vector3d b(-0.01, 0, 0);
  auto ground =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.0, 0.3, 3),
                                    std::make_shared<LagrangianLinearTIR>(Hg, b));
  auto stack =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.2, 0.0, 0.6, 3),
                                    std::make_shared<LagrangianLinearTIR>(Hc, b));
  nsds->link(ground, p0);
  nsds->link(stack, p0, p1);
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  auto fc = std::make_shared<FrictionContact>(3);
  fc->setTolerance(1e-12);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi, fc);
  const Eigen::Vector3d v0 = p0->velocity(), v1 = p1->velocity();
  sim.computeOneStep();
  ASSERT_EQ(fc->size(), 6);
  ASSERT_TRUE(fc->lastResult().converged()) << fc->lastResult().message;
  EXPECT_EQ(fc->numberOfBlocks(), 4);
  EXPECT_EQ(fc->mu(), Eigen::Vector2d(0.3, 0.6));

  // Dense reference in the problem's row order.
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(6, 6);
  const Eigen::Index rg = 3 * fc->rowOf(ground->number()), rs = 3 * fc->rowOf(stack->number());
  H.block(rg, 0, 3, 3) = Hg;
  H.block(rs, 0, 3, 6) = Hc;
  Eigen::VectorXd Winv(6), vfree(6), vk(6), e = Eigen::VectorXd::Zero(6), mu(2);
  Winv << 1 / m0, 1 / m0, 1 / m0, 1 / m1, 1 / m1, 1 / m1;
  vfree << osi->freeVelocity(*p0), osi->freeVelocity(*p1);
  vk << v0, v1;
  e(rg) = 0.5;
  e(rs) = 0.2;
  mu(rg / 3) = 0.3;
  mu(rs / 3) = 0.6;
  const Eigen::MatrixXd W = H * Winv.asDiagonal() * H.transpose();
  const Eigen::VectorXd q = H * vfree + e.asDiagonal() * (H * vk);
  EXPECT_LT((fc->matrix().toDense() - W).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((fc->q() - q).cwiseAbs().maxCoeff(), 1e-14);
  numerics::FrictionContactProblem dense(3, numerics::Matrix(W), q, mu);
  Eigen::VectorXd r, u;
  const auto result = numerics::solveFrictionContact(dense, r, u, fc->numericsSolverOptions());
  ASSERT_TRUE(result.converged());
  EXPECT_LT((fc->z() - r).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((ground->lambda(1) - r.segment(rg, 3)).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((stack->lambda(1) - r.segment(rs, 3)).cwiseAbs().maxCoeff(), 1e-9);
  // The update uses the impulses: v = v_free + M⁻¹ Hᵀ λ.
  Eigen::VectorXd lambda(6);
  lambda.segment(rg, 3) = ground->lambda(1);
  lambda.segment(rs, 3) = stack->lambda(1);
  const Eigen::VectorXd v = vfree + Winv.asDiagonal() * (H.transpose() * lambda);
  EXPECT_LT((p0->velocity() - v.head(3)).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((p1->velocity() - v.tail(3)).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(FrictionContact, SlidingBlockStopsAtTheCoulombDistance) {
  // q = (x, y): normal y (row 0 of H), tangent x. At rest on the plane with
  // horizontal velocity v0: decelerates at μ g, stops after v0² / (2 μ g).
  const double m = 2.0, g = 9.81, mu = 0.5, v0 = 1.0, h = 1e-3;
  auto block = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(v0, 0),
                                                      m * Eigen::Matrix2d::Identity());
  block->setFExtPtr(Eigen::Vector2d(0, -m * g));
  Eigen::Matrix2d H;
  H << 0, 1, 1, 0;
  auto contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 2),
                                    std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.5);
  nsds->insertDynamicalSystem(block);
  nsds->link(contact, block);
  auto fc = std::make_shared<FrictionContact>(2);
  EXPECT_EQ(fc->numericsSolverOptions().solver, "nsgs");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(0.5), fc);
  double tStop = -1.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    ASSERT_TRUE(fc->lastResult().converged()) << fc->lastResult().message;
    EXPECT_EQ(fc->size(), 2);
    EXPECT_GT(block->q()(1), -2 * g * h * h);  // no sinking
    if (tStop < 0 && block->velocity()(0) <= 1e-12) tStop = sim.nextTime();
    sim.nextStep();
  }
  const double distance = v0 * v0 / (2 * mu * g);
  EXPECT_NEAR(block->q()(0), distance, 2 * v0 * h);
  EXPECT_NEAR(block->velocity()(0), 0.0, 1e-10);
  EXPECT_NEAR(tStop, v0 / (mu * g), 2 * h);
  // One problem record per step, each with the 2x2 block.
  EXPECT_EQ(sim.log().size(), sim.numberOfSteps());
  EXPECT_EQ(sim.log().records().back().blocks, 1);
}

TEST(FrictionContact, RejectsOtherLawsAndDimensions) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                   Eigen::Matrix2d::Identity());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto impact = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5, 2),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));
  impact->setName("frictionless");
  nsds->link(impact, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<FrictionContact>(2));
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "FrictionContact", "'frictionless'",
                    "NewtonImpactNSL", "NewtonImpactFrictionNSL");
  nsds->removeInteraction(impact);
  auto wrong = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.1, 2),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));
  nsds->link(wrong, ds);
  TimeStepping sim3(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                    std::make_shared<MoreauJeanOSI>(), std::make_shared<FrictionContact>(3));
  EXPECT_THROW_WITH(sim3.initialize(), ModelError, "size 2", "dimension 3");
  EXPECT_THROW_WITH(FrictionContact(4), ModelError, "dimension 4");
  EXPECT_THROW_WITH(FrictionContact(3, "nope"), ModelError, "unknown solver 'nope'");
}
