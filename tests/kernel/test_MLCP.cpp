// MLCP: a point mass kept on an inclined line by a bilateral constraint
// (EqualityConditionNSL) slides down to a stop (NewtonImpactNSL): the
// equality rows come first, the assembled problem equals the dense reference
// H M̂⁻¹ Hᵀ, H v_free + e H v_k, the solution equals the numerics solver's on
// the dense data, the constraint holds to rounding and the bounce follows the
// impact law; a mixed law gives the same motion as the two separate laws;
// law and solver errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <cmath>

using namespace moreau;

namespace {

constexpr double kG = 9.81;

// q = (x, y), m = 1, gravity −y; the line y = s x through the origin, the
// stop x ≥ xMin. Starts on the line at rest at x = 1.
struct InclinedLine {
  double m = 1.0, s = 1.0, xMin = 0.5, e = 0.5, h = 1e-3;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<LagrangianLinearTIDS> mass;
  std::shared_ptr<Interaction> line, stop;

  explicit InclinedLine(bool mixed = false) {
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.5);
    mass = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(1.0, s), Eigen::Vector2d(0, 0),
                                                  m * Eigen::Matrix2d::Identity());
    mass->setFExtPtr(Eigen::Vector2d(0, -m * kG));
    nsds->insertDynamicalSystem(mass);
    if (mixed) {
      Eigen::Matrix2d H;
      H << -s, 1, 1, 0;
      line = std::make_shared<Interaction>(
          std::make_shared<MixedComplementarityConditionNSL>(1, 1),
          std::make_shared<LagrangianLinearTIR>(H, Eigen::Vector2d(0, -xMin)));
      nsds->link(line, mass);
      return;
    }
    // The stop is linked first: the MLCP still puts the equality row first.
    stop = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(e),
        std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(1, 0),
                                              Eigen::VectorXd::Constant(1, -xMin)));
    stop->setName("stop");
    line = std::make_shared<Interaction>(
        std::make_shared<EqualityConditionNSL>(1),
        std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(-s, 1)));
    line->setName("line");
    nsds->link(stop, mass);
    nsds->link(line, mass);
  }
};

}  // namespace

TEST(MLCP, EqualityRowsFirstAndMatchesTheNumericsSolverOnTheDenseData) {
  InclinedLine model;
  model.e = 0.5;
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  auto mlcp = std::make_shared<MLCP>();
  EXPECT_EQ(mlcp->numericsSolverOptions().solver, "auto");
  mlcp->setTolerance(1e-13);
  TimeStepping sim(model.nsds, std::make_shared<TimeDiscretisation>(0.0, model.h), osi, mlcp);
  sim.initialize();
  bool compared = false;
  double vBefore = 0.0, vAfter = 0.0;
  double maxDrift = 0.0, minGap = 1.0;
  while (sim.hasNextEvent()) {
    const Eigen::Vector2d vk = model.mass->velocity();
    sim.computeOneStep();
    ASSERT_TRUE(mlcp->lastResult().converged()) << mlcp->lastResult().message;
    // The line is always active and always the first row.
    ASSERT_GE(mlcp->size(), 1);
    EXPECT_EQ(mlcp->rowOf(model.line->number()), 0);
    EXPECT_EQ(mlcp->numberOfEqualities(), 1);
    maxDrift = std::max(maxDrift, std::abs(model.line->y(0)(0)));
    minGap = std::min(minGap, model.stop->y(0)(0));
    if (!compared && mlcp->numberOfComplementarities() == 1 && model.stop->lambda(1)(0) > 0) {
      compared = true;
      EXPECT_EQ(mlcp->rowOf(model.stop->number()), 1);
      EXPECT_TRUE(mlcp->problem().isCanonical());
      // Dense reference: rows (line, stop), M̂ = m I.
      Eigen::Matrix2d H;
      H << -model.s, 1, 1, 0;
      const Eigen::Matrix2d W = H * H.transpose() / model.m;
      Eigen::Vector2d q = H * osi->freeVelocity(*model.mass);
      q(1) += model.e * (H.row(1) * vk)(0);
      EXPECT_LT((mlcp->matrix().toDense() - W).cwiseAbs().maxCoeff(), 1e-14);
      EXPECT_LT((mlcp->q() - q).cwiseAbs().maxCoeff(), 1e-14);
      numerics::MixedLinearComplementarityProblem dense(Eigen::MatrixXd(W), Eigen::VectorXd(q), 1,
                                                        1);
      Eigen::VectorXd z, w;
      const auto result = numerics::solveMlcp(dense, z, w, mlcp->numericsSolverOptions());
      ASSERT_TRUE(result.converged()) << result.message;
      EXPECT_LT((mlcp->z() - z).cwiseAbs().maxCoeff(), 1e-12);
      EXPECT_NEAR(model.line->lambda(1)(0), z(0), 1e-12);
      EXPECT_NEAR(model.stop->lambda(1)(0), z(1), 1e-12);
      // Newton's law on the stop row, the constraint on the line row.
      vBefore = vk(0);
      vAfter = model.mass->velocity()(0);
      EXPECT_NEAR(vAfter, -model.e * vBefore, 1e-12);
      EXPECT_NEAR(model.mass->velocity()(1), model.s * vAfter, 1e-12);
    }
    sim.nextStep();
  }
  ASSERT_TRUE(compared) << "the mass never hit the stop";
  // Sliding down the line: ẍ = −g s / (1 + s²); impact speed sqrt(2 a (1 − xMin)).
  const double a = kG * model.s / (1 + model.s * model.s);
  EXPECT_NEAR(vBefore, -std::sqrt(2 * a * (1 - model.xMin)), 5e-3);
  EXPECT_LT(maxDrift, 1e-12);
  EXPECT_GT(minGap, -5e-3);  // O(h) penetration of the velocity-level scheme
}

TEST(MLCP, MixedLawGivesTheMotionOfTheSeparateLaws) {
  // MixedComplementarityConditionNSL(1, 1) on (line, stop) against
  // EqualityConditionNSL on the line + NewtonImpactNSL(e = 0) on the stop.
  // The mixed law is always active (it has an equality row), so the
  // mass starts on the stop, moving into it, and stays there.
  InclinedLine separate, mixed(true);
  for (InclinedLine* model : {&separate, &mixed}) {
    model->mass->q() = Eigen::Vector2d(model->xMin, model->s * model->xMin);
    model->mass->velocity() = Eigen::Vector2d(-1.0, -model->s);
  }
  separate.nsds->removeInteraction(separate.stop);
  separate.stop = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(1, 0),
                                            Eigen::VectorXd::Constant(1, -separate.xMin)));
  separate.nsds->link(separate.stop, separate.mass);
  auto mlcpA = std::make_shared<MLCP>("enum");
  auto mlcpB = std::make_shared<MLCP>("enum");
  TimeStepping a(separate.nsds, std::make_shared<TimeDiscretisation>(0.0, separate.h),
                 std::make_shared<MoreauJeanOSI>(0.5), mlcpA);
  TimeStepping b(mixed.nsds, std::make_shared<TimeDiscretisation>(0.0, mixed.h),
                 std::make_shared<MoreauJeanOSI>(0.5), mlcpB);
  a.initialize();
  b.initialize();
  for (int k = 0; k < 200; ++k) {
    a.computeOneStep();
    b.computeOneStep();
    ASSERT_TRUE(mlcpA->lastResult().converged());
    ASSERT_TRUE(mlcpB->lastResult().converged());
    ASSERT_EQ(mlcpA->size(), 2);
    ASSERT_EQ(mlcpB->size(), 2);
    EXPECT_EQ(mlcpB->numberOfEqualities(), 1);
    EXPECT_EQ(mlcpB->problem().blocksRows(), mlcpA->problem().blocksRows());
    EXPECT_EQ(mlcpB->problem().blocksIsComp(), (std::vector<int>{0, 1}));
    EXPECT_LT((separate.mass->q() - mixed.mass->q()).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_LT((separate.mass->velocity() - mixed.mass->velocity()).cwiseAbs().maxCoeff(), 1e-12);
    a.nextStep();
    b.nextStep();
  }
  // At rest on the stop, on the line.
  EXPECT_NEAR(mixed.mass->velocity().norm(), 0.0, 1e-12);
  EXPECT_NEAR(mixed.mass->q()(0), mixed.xMin - 0.5 * mixed.h, 1e-12);
}

TEST(MLCP, RejectsOtherLawsAndUnknownSolvers) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                   Eigen::Matrix2d::Identity());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto relay = std::make_shared<Interaction>(
      std::make_shared<RelayNSL>(1),
      std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(1, 0)));
  relay->setName("brake");
  nsds->link(relay, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<MLCP>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "MLCP", "'brake'", "RelayNSL",
                    "EqualityConditionNSL");
  EXPECT_THROW_WITH(MLCP("simplex"), ModelError, "MLCP", "unknown solver 'simplex'");
  MLCP mlcp;
  EXPECT_NO_THROW(mlcp.setSolver("PGS"));
  EXPECT_EQ(mlcp.numericsSolverOptions().solver, "pgs");
  EXPECT_THROW_WITH(mlcp.setTolerance(-1.0), ModelError, "MLCP");
}
