// TimeStepping API and failure modes.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <limits>

using namespace moreau;

namespace {
struct Ball {
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::shared_ptr<Interaction> inter;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
};
Ball makeBall(double T, double q0 = 1.0) {
  Ball b;
  b.ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, q0), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  b.ds->setName("ball");
  b.ds->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  b.inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  b.nsds->insertDynamicalSystem(b.ds);
  b.nsds->link(b.inter, b.ds);
  return b;
}
}  // namespace

TEST(TimeStepping, StepCountersAndTimes) {
  Ball b = makeBall(1.0);
  TimeStepping sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  EXPECT_EQ(sim.numberOfSteps(), 10u);
  EXPECT_FALSE(sim.isInitialized());
  EXPECT_TRUE(sim.hasNextEvent());
  EXPECT_THROW_WITH(sim.nextStep(), SimulationError, "computeOneStep() was not called");
  std::size_t steps = 0;
  while (sim.hasNextEvent()) {
    EXPECT_EQ(sim.currentStep(), steps);
    EXPECT_DOUBLE_EQ(sim.startingTime(), 0.1 * steps);
    EXPECT_DOUBLE_EQ(sim.nextTime(), 0.1 * (steps + 1));
    sim.computeOneStep();
    EXPECT_TRUE(sim.isInitialized());
    sim.nextStep();
    ++steps;
  }
  EXPECT_EQ(steps, 10u);
  EXPECT_THROW_WITH(sim.computeOneStep(), SimulationError, "no step after");
  // initialize() restarts from the current state.
  sim.initialize();
  EXPECT_EQ(sim.currentStep(), 0u);
  EXPECT_TRUE(sim.hasNextEvent());
}

TEST(TimeStepping, ComputeOneStepIsRepeatable) {
  Ball b = makeBall(1.0);
  TimeStepping sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  sim.computeOneStep();
  const Eigen::VectorXd q = b.ds->q();
  sim.computeOneStep();
  EXPECT_EQ(b.ds->q(), q);
  EXPECT_EQ(b.ds->qMemory()(0), 1.0);
  sim.nextStep();
  EXPECT_EQ(b.ds->qMemory(), q);
  EXPECT_EQ(b.inter->yMemory(0), b.inter->y(0));
}

TEST(TimeStepping, RunAndInitialOutputs) {
  Ball b = makeBall(0.5, 2.0);
  TimeStepping sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  sim.initialize();
  EXPECT_EQ(b.inter->y(0)(0), 2.0);
  EXPECT_EQ(b.inter->y(1)(0), 0.0);
  EXPECT_EQ(b.inter->yMemory(0)(0), 2.0);
  EXPECT_EQ(b.ds->fExt()(0), -9.81);
  sim.run();
  EXPECT_EQ(sim.currentStep(), 50u);
  EXPECT_NEAR(b.ds->q()(0), 2.0 - 0.5 * 9.81 * 0.25, 1e-12);
}

TEST(TimeStepping, ConstructionErrors) {
  Ball b = makeBall(1.0);
  auto td = std::make_shared<TimeDiscretisation>(0.0, 0.1);
  auto osi = std::make_shared<MoreauJeanOSI>();
  auto lcp = std::make_shared<LCP>();
  EXPECT_THROW_WITH(TimeStepping(nullptr, td, osi, lcp), ModelError, "NonSmoothDynamicalSystem");
  EXPECT_THROW_WITH(TimeStepping(b.nsds, nullptr, osi, lcp), ModelError, "TimeDiscretisation");
  EXPECT_THROW_WITH(TimeStepping(b.nsds, td, nullptr, lcp), ModelError, "OneStepIntegrator");
  EXPECT_THROW_WITH(TimeStepping(b.nsds, td, osi, nullptr), ModelError, "OneStepNSProblem");
  EXPECT_THROW_WITH(TimeStepping(b.nsds, std::make_shared<TimeDiscretisation>(0.5, 0.1), osi, lcp),
                    ModelError, "t0 = 0.5", "t0 = 0");
}

TEST(TimeStepping, BadForceFunctionDetectedAtFirstStep) {
  Ball b = makeBall(1.0);
  b.ds->setComputeFExtFunction([](double t, Eigen::VectorXd& f) {
    f(0) = t > 0 ? std::numeric_limits<double>::quiet_NaN() : 0.0;
  });
  TimeStepping sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  sim.initialize();  // F_ext(t0) is fine
  EXPECT_THROW_WITH(sim.computeOneStep(), ModelError, "'ball'", "non-finite", "t = 0.1");
  b.ds->setComputeFExtFunction([](double, Eigen::VectorXd& f) { f.resize(2); });
  EXPECT_THROW_WITH(sim.computeOneStep(), ModelError, "'ball'", "resized fExt to 2");
}

TEST(TimeStepping, SingularIterationMatrixNamesTheSystem) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                   Eigen::Vector2d(1, 0).asDiagonal());
  ds->setName("massless");
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "'massless'", "singular", "2x2");
}

// MoreauJeanOSI and MoreauJeanGOSI share the iteration matrix's checks (IterationMatrix.hpp):
// both name themselves, the matrix and the system. `ds` alone in a model, h = 0.1, θ = 0.5.
namespace {

// (A system belongs to one model: make it anew for each.)
template <class MakeDS>
std::unique_ptr<TimeStepping> thetaHalfSimulation(MakeDS makeDS, bool global) {
  const std::shared_ptr<LagrangianDS> ds = makeDS();
  ds->setName("soft");
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  const auto td = std::make_shared<TimeDiscretisation>(0.0, 0.1);
  if (global)
    return std::make_unique<TimeStepping>(nsds, td, std::make_shared<MoreauJeanGOSI>(0.5),
                                          std::make_shared<GlobalFrictionContact>(3));
  return std::make_unique<TimeStepping>(nsds, td, std::make_shared<MoreauJeanOSI>(0.5),
                                        std::make_shared<LCP>());
}

}  // namespace

TEST(TimeStepping, SingularIterationMatrixOfBothIntegratorsNamesTheSystem) {
  // M = I, K = diag(0, −400): M̂ = diag(1, 1 − 0.0025 · 400), singular up to one rounding (its
  // second pivot is ≈ 2e−16, below n·ε).
  const auto ds = [] {
    return std::make_shared<LagrangianLinearTIDS>(
        Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0), Eigen::Matrix2d::Identity(),
        Eigen::Vector2d(0, -400).asDiagonal().toDenseMatrix(), Eigen::Matrix2d::Zero());
  };
  for (bool global : {false, true})
    EXPECT_THROW_WITH(thetaHalfSimulation(ds, global)->initialize(), ModelError,
                      global ? "MoreauJeanGOSI: the iteration" : "MoreauJeanOSI: the iteration",
                      " matrix M + hθC + h²θ²K (2x2) of", "'soft'",
                      "is singular (smallest LU pivot / largest entry = ");
}

TEST(TimeStepping, SingularDiagonalIterationMatrixNamesTheEntry) {
  // m̂ = m + h²θ²k = 1 − 0.0025 · 400 = 0 up to one rounding in entry 1 (entry 0: m̂ = 1).
  const auto ds = [] {
    return std::make_shared<LagrangianLinearDiagonalDS>(
        Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0), Eigen::Vector2d(0, -400),
        Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 1));
  };
  for (bool global : {false, true})
    EXPECT_THROW_WITH(thetaHalfSimulation(ds, global)->initialize(), ModelError,
                      global ? "MoreauJeanGOSI: the diagonal" : "MoreauJeanOSI: the diagonal",
                      "iteration matrix m + hθc + h²θ²k (size 2) of", "'soft'",
                      "is singular or not finite at entry 1");
}

TEST(TimeStepping, NonSPDButInvertibleIterationMatrixUsesLU) {
  // Indefinite stiffness with a large step: M̂ = 1 + h²θ²K < 0, still invertible.
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1),
      Eigen::MatrixXd::Constant(1, 1, -100.0), Eigen::MatrixXd::Zero(1, 1));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.5), osi,
                   std::make_shared<LCP>());
  sim.computeOneStep();
  EXPECT_FALSE(osi->isIterationMatrixSPD(*ds));
  const double Mhat = 1 - 0.25 * 0.25 * 100;
  const double vfree = (0.5 * 100 * 1.0) / Mhat;  // −hK q_k / M̂
  EXPECT_NEAR(ds->velocity()(0), vfree, 1e-12);
}

TEST(TimeStepping, SolverFailureThrowsOrContinues) {
  // Two coupled contacts on one body, PGS limited to one sweep: no convergence.
  auto build = [](std::shared_ptr<LCP> lcp) {
    auto ds = std::make_shared<LagrangianDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(-1, -2),
                                             Eigen::Matrix2d::Identity());
    Eigen::MatrixXd H(2, 2);
    H << 1, 0.9, 0.9, 1;
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0, 1),
                                               std::make_shared<LagrangianLinearTIR>(H));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter, ds);
    lcp->setMaxIterations(1);
    lcp->setTolerance(1e-14);
    return std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                                          std::make_shared<MoreauJeanOSI>(), lcp);
  };
  auto lcp = std::make_shared<LCP>("pgs");
  auto sim = build(lcp);
  EXPECT_THROW_WITH(sim->computeOneStep(), SimulationError, "'pgs'", "step 0", "t = 0.1",
                    "max-iterations");
  auto lenient = std::make_shared<LCP>("pgs");
  lenient->setThrowOnFailure(false);
  auto sim2 = build(lenient);
  EXPECT_NO_THROW(sim2->computeOneStep());
  EXPECT_FALSE(lenient->lastResult().converged());
  EXPECT_EQ(lenient->size(), 2);
}

TEST(TimeStepping, RejectsUnsupportedLaw) {
  class OtherLaw : public NonSmoothLaw {
   public:
    OtherLaw() : NonSmoothLaw(1) {}
    const char* typeName() const override { return "OtherLaw"; }
  };
  Ball b = makeBall(1.0);
  auto inter = std::make_shared<Interaction>(
      std::make_shared<OtherLaw>(),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
  b.nsds->link(inter, b.ds);
  TimeStepping sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "OtherLaw", "NewtonImpactNSL");
}
