// Simulation base: several integrators, the Siconos constructor form, the
// errors of a bad association, levels, the per-step log and the failure
// policies; MoreauJeanOSI's γ.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

using namespace moreau;

namespace {

// A damped oscillator bouncing on the ground (1 dof) — its own DS and
// interaction, named with a prefix.
struct Bouncer {
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::shared_ptr<Interaction> inter;
};

Bouncer makeBouncer(const std::string& name, double q0, double v0, double k, double e) {
  Bouncer b;
  b.ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, q0), Eigen::VectorXd::Constant(1, v0),
      Eigen::MatrixXd::Identity(1, 1), Eigen::MatrixXd::Constant(1, 1, k),
      Eigen::MatrixXd::Constant(1, 1, 0.05));
  b.ds->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  b.ds->setName(name);
  b.inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(e),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
  b.inter->setName(name + "-ground");
  return b;
}

std::shared_ptr<TimeDiscretisation> grid(double h = 1e-2) {
  return std::make_shared<TimeDiscretisation>(0.0, h);
}

}  // namespace

TEST(Simulation, SiconosFormEqualsTheFourArgumentForm) {
  auto run = [](bool siconos) {
    Bouncer b = makeBouncer("ball", 1.0, 0.0, 0.0, 0.8);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3.0);
    nsds->insertDynamicalSystem(b.ds);
    nsds->link(b.inter, b.ds);
    auto osi = std::make_shared<MoreauJeanOSI>(0.5);
    auto lcp = std::make_shared<LCP>();
    std::shared_ptr<TimeStepping> sim;
    if (siconos) {
      sim = std::make_shared<TimeStepping>(nsds, grid());
      sim->insertIntegrator(osi);
      sim->insertNonSmoothProblem(lcp);
    } else {
      sim = std::make_shared<TimeStepping>(nsds, grid(), osi, lcp);
    }
    sim->run();
    EXPECT_EQ(sim->oneStepIntegrator(), osi);
    EXPECT_EQ(sim->oneStepNSProblem(), lcp);
    EXPECT_EQ(sim->nonSmoothProblem(ProblemRole::Position), nullptr);
    return std::make_pair(b.ds->q()(0), b.ds->velocity()(0));
  };
  const auto a = run(true), b = run(false);
  EXPECT_EQ(a, b);
}

TEST(Simulation, TwoIntegratorsOnSeparateSystemsEqualTwoSimulations) {
  // Different θ, stiffness and restitution per subsystem.
  const double T = 2.0;
  auto together = [&]() {
    Bouncer a = makeBouncer("a", 0.5, 0.0, 0.0, 0.9), b = makeBouncer("b", 0.3, 1.0, 4.0, 0.5);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    nsds->insertDynamicalSystem(a.ds);
    nsds->insertDynamicalSystem(b.ds);
    nsds->link(a.inter, a.ds);
    nsds->link(b.inter, b.ds);
    auto osiA = std::make_shared<MoreauJeanOSI>(0.5), osiB = std::make_shared<MoreauJeanOSI>(1.0);
    TimeStepping sim(nsds, grid());
    sim.associate(osiA, a.ds);
    sim.associate(osiB, b.ds);
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    sim.run();
    EXPECT_EQ(sim.integrators().size(), 2u);
    EXPECT_EQ(&sim.integratorOf(*a.ds), osiA.get());
    EXPECT_EQ(&sim.integratorOf(*b.ds), osiB.get());
    return Eigen::Vector4d(a.ds->q()(0), a.ds->velocity()(0), b.ds->q()(0), b.ds->velocity()(0));
  };
  auto alone = [&](Bouncer x, double theta) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    nsds->insertDynamicalSystem(x.ds);
    nsds->link(x.inter, x.ds);
    TimeStepping sim(nsds, grid(), std::make_shared<MoreauJeanOSI>(theta), std::make_shared<LCP>());
    sim.run();
    return Eigen::Vector2d(x.ds->q()(0), x.ds->velocity()(0));
  };
  const Eigen::Vector4d both = together();
  const Eigen::Vector2d a = alone(makeBouncer("a", 0.5, 0.0, 0.0, 0.9), 0.5);
  const Eigen::Vector2d b = alone(makeBouncer("b", 0.3, 1.0, 4.0, 0.5), 1.0);
  EXPECT_NEAR(both(0), a(0), 1e-14);
  EXPECT_NEAR(both(1), a(1), 1e-14);
  EXPECT_NEAR(both(2), b(0), 1e-14);
  EXPECT_NEAR(both(3), b(1), 1e-14);
}

TEST(Simulation, AssociationErrors) {
  Bouncer a = makeBouncer("a", 1.0, 0.0, 0.0, 0.5), b = makeBouncer("b", 1.0, 0.0, 0.0, 0.5);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(a.ds);
  nsds->insertDynamicalSystem(b.ds);
  nsds->link(a.inter, a.ds);
  {  // no integrator
    TimeStepping sim(nsds, grid());
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, "no integrator", "insertIntegrator");
  }
  {  // several integrators, one system without one
    TimeStepping sim(nsds, grid());
    sim.associate(std::make_shared<MoreauJeanOSI>(), a.ds);
    sim.insertIntegrator(std::make_shared<MoreauJeanOSI>());
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, "'b'", "has no integrator", "associate");
  }
  {  // one interaction coupling systems of two integrators
    auto link = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.0),
        std::make_shared<LagrangianLinearTIR>(Eigen::RowVector2d(-1.0, 1.0)));
    link->setName("spring-stop");
    nsds->link(link, a.ds, b.ds);
    TimeStepping sim(nsds, grid());
    sim.associate(std::make_shared<MoreauJeanOSI>(), a.ds);
    sim.associate(std::make_shared<MoreauJeanOSI>(1.0), b.ds);
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, "'spring-stop'", "'a'", "'b'",
                      "integrator 0 (MoreauJeanOSI)", "integrator 1 (MoreauJeanOSI)");
    nsds->removeInteraction(link);
  }
  {  // the same system associated with two integrators; a role given twice
    TimeStepping sim(nsds, grid());
    sim.associate(std::make_shared<MoreauJeanOSI>(), a.ds);
    EXPECT_THROW_WITH(sim.associate(std::make_shared<MoreauJeanOSI>(), a.ds), ModelError, "'a'",
                      "already integrated");
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.insertNonSmoothProblem(std::make_shared<LCP>()), ModelError, "velocity",
                      "already has a problem");
  }
}

TEST(Simulation, LevelsAndIndexSetsComeFromTheIntegrators) {
  Bouncer a = makeBouncer("a", 1.0, 0.0, 0.0, 0.5);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(a.ds);
  nsds->link(a.inter, a.ds);
  TimeStepping sim(nsds, grid(), std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  sim.initialize();
  EXPECT_EQ(sim.levelMinForOutput(), 0u);
  EXPECT_EQ(sim.levelMaxForOutput(), 1u);
  EXPECT_EQ(sim.levelMinForInput(), 1u);
  EXPECT_EQ(sim.levelMaxForInput(), 1u);
  EXPECT_EQ(nsds->topology().numberOfIndexSets(), 2u);
  EXPECT_EQ(sim.problemContext(ProblemRole::Velocity).inputLevel, 1u);
  EXPECT_EQ(sim.oneStepNSProblem()->indexSetLevel(), 1u);
  EXPECT_EQ(a.inter->memorySteps(), 1u);
  EXPECT_DOUBLE_EQ(sim.timeStep(), 1e-2);
  // Interaction storage grows on demand and keeps older steps.
  a.inter->initializeMemory(3, 3, 2);
  EXPECT_EQ(a.inter->numberOfOutputLevels(), 3u);
  a.inter->y(2).setConstant(4.0);
  a.inter->swapInMemory();
  a.inter->y(2).setConstant(5.0);
  a.inter->swapInMemory();
  EXPECT_EQ(a.inter->yMemory(2, 0)(0), 5.0);
  EXPECT_EQ(a.inter->yMemory(2, 1)(0), 4.0);
  EXPECT_THROW(a.inter->yMemory(0, 2), std::out_of_range);
}

namespace {
// Two coupled contacts on one body, PGS limited to one sweep: no convergence.
std::shared_ptr<TimeStepping> failingSimulation(std::shared_ptr<LCP> lcp) {
  auto ds = std::make_shared<LagrangianDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(-1, -2),
                                           Eigen::Matrix2d::Identity());
  Eigen::MatrixXd H(2, 2);
  H << 1, 0.9, 0.9, 1;
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0, 1),
                                             std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.3);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  lcp->setMaxIterations(1);
  lcp->setTolerance(1e-14);
  return std::make_shared<TimeStepping>(nsds, grid(0.1), std::make_shared<MoreauJeanOSI>(), lcp);
}
}  // namespace

TEST(Simulation, LogRecordsEveryStepAndProblem) {
  auto lcp = std::make_shared<LCP>("pgs");
  auto sim = failingSimulation(lcp);
  sim->setFailurePolicy(FailurePolicy::Continue);
  sim->run();
  const SimulationLog& log = sim->log();
  ASSERT_EQ(log.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    const StepRecord& r = log.records()[k];
    EXPECT_EQ(r.step, k);
    EXPECT_DOUBLE_EQ(r.time, 0.1 * static_cast<double>(k + 1));
    EXPECT_EQ(r.role, ProblemRole::Velocity);
    EXPECT_EQ(log.solverName(r.solver), "pgs");
    EXPECT_GE(r.assemblySeconds, 0.0);
    EXPECT_GE(r.solveSeconds, 0.0);
  }
  const StepRecord& first = log.records()[0];
  EXPECT_EQ(first.size, 2);
  EXPECT_EQ(first.blocks, 1);
  EXPECT_EQ(first.iterations, 1);
  EXPECT_TRUE(first.failed());
  EXPECT_EQ(first.status, numerics::SolverStatus::MaxIterations);
  EXPECT_GT(first.error, 1e-14);
  EXPECT_GE(log.numberOfFailures(), 1u);
  EXPECT_EQ(log.failedSteps().front(), 0u);
}

TEST(Simulation, FailurePolicies) {
  {  // Throw (default)
    auto sim = failingSimulation(std::make_shared<LCP>("pgs"));
    EXPECT_EQ(sim->failurePolicy(), FailurePolicy::Throw);
    EXPECT_THROW_WITH(sim->computeOneStep(), SimulationError, "LCP", "'pgs'", "step 0", "t = 0.1",
                      "max-iterations", "velocity");
    EXPECT_EQ(sim->log().numberOfFailures(), 1u);  // recorded before throwing
  }
  {  // Warn: one line on stderr, the step goes on
    auto sim = failingSimulation(std::make_shared<LCP>("pgs"));
    sim->setFailurePolicy(FailurePolicy::Warn);
    testing::internal::CaptureStderr();
    EXPECT_NO_THROW(sim->computeOneStep());
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("warning"), std::string::npos) << err;
    EXPECT_NE(err.find("'pgs'"), std::string::npos) << err;
    EXPECT_NO_THROW(sim->nextStep());
  }
  {  // Continue: silent
    auto sim = failingSimulation(std::make_shared<LCP>("pgs"));
    sim->setFailurePolicy(FailurePolicy::Continue);
    testing::internal::CaptureStderr();
    EXPECT_NO_THROW(sim->computeOneStep());
    EXPECT_TRUE(testing::internal::GetCapturedStderr().empty());
    EXPECT_EQ(sim->log().failedSteps(), std::vector<std::size_t>{0});
  }
  {  // a converging solver: nothing failed
    auto lcp = std::make_shared<LCP>("lemke");
    auto sim = failingSimulation(lcp);
    lcp->setMaxIterations(100);
    sim->run();
    EXPECT_EQ(sim->log().numberOfFailures(), 0u);
    EXPECT_EQ(sim->log().size(), 3u);
  }
}

TEST(MoreauJeanOSI, GammaSetsTheActivationPredictor) {
  // y_k = 0.012, ẏ_k = −1, h = 0.01, no force: at the predicted state q̃ = q_k + h v_k,
  // ỹ = 0.002 and ỹ + ½hẏ = −0.003 ≤ 0 (active) but ỹ + 0·hẏ > 0; the rule on the memories
  // (setActivationAtPredictedState(false)): y_k + ½hẏ_k = 0.007 > 0.
  auto activeAfterOneStep = [](std::shared_ptr<MoreauJeanOSI> osi) {
    Bouncer b = makeBouncer("ball", 0.012, -1.0, 0.0, 0.0);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(b.ds);
    nsds->link(b.inter, b.ds);
    auto lcp = std::make_shared<LCP>();
    TimeStepping sim(nsds, grid(0.01), osi, lcp);
    sim.computeOneStep();
    return lcp->size();
  };
  EXPECT_EQ(activeAfterOneStep(std::make_shared<MoreauJeanOSI>(0.5)), 1);
  EXPECT_EQ(activeAfterOneStep(std::make_shared<MoreauJeanOSI>(0.5, 0.5)), 1);
  EXPECT_EQ(activeAfterOneStep(std::make_shared<MoreauJeanOSI>(0.5, 0.0)), 0);
  auto fromMemories = std::make_shared<MoreauJeanOSI>(0.5);
  EXPECT_TRUE(fromMemories->activationAtPredictedState());
  fromMemories->setActivationAtPredictedState(false);
  EXPECT_EQ(activeAfterOneStep(fromMemories), 0);
  MoreauJeanOSI given(0.5, 0.0), notGiven(0.5);
  EXPECT_TRUE(given.useGamma());
  EXPECT_EQ(given.gamma(), 0.0);
  EXPECT_FALSE(notGiven.useGamma());
  EXPECT_EQ(notGiven.gamma(), 0.5);
  EXPECT_THROW_WITH(MoreauJeanOSI(0.5, 1.5), ModelError, "gamma = 1.5", "[0, 1]");
}
