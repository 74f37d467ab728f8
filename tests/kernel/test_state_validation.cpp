// Validation of the model before and during a run: state at initialize, mass
// positive definiteness, time grids that cannot be represented, one-step
// problem data that are not finite, solver options checked where they are set.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <limits>

using namespace moreau;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Ball {
  std::shared_ptr<LagrangianDS> ds;
  std::shared_ptr<Interaction> inter;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
};

// A 1-dof ball of mass m above the ground y = q ≥ 0 (no contact when
// withContact is false).
Ball makeBall(std::shared_ptr<LagrangianDS> ds, bool withContact = true, double e = 0.5) {
  Ball b;
  b.ds = std::move(ds);
  b.ds->setName("ball");
  b.ds->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  b.nsds->insertDynamicalSystem(b.ds);
  if (withContact) {
    b.inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(e),
        std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
    b.nsds->link(b.inter, b.ds);
  }
  return b;
}

Ball makeBall(double q0 = 1.0, double v0 = 0.0, double m = 1.0) {
  return makeBall(std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, q0),
                                                         Eigen::VectorXd::Constant(1, v0),
                                                         Eigen::MatrixXd::Constant(1, 1, m)));
}

std::shared_ptr<TimeStepping> makeSim(const Ball& b, double h = 0.1,
                                      std::shared_ptr<LCP> lcp = std::make_shared<LCP>()) {
  return std::make_shared<TimeStepping>(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                        std::make_shared<MoreauJeanOSI>(), std::move(lcp));
}

}  // namespace

// ---- state at initialize ------------------------------------------------------------

TEST(StateValidation, NaNPositionBeforeInitializeIsAModelError) {
  Ball b = makeBall();
  b.ds->q()(0) = kNaN;  // written after construction, before the run
  auto sim = makeSim(b);
  EXPECT_THROW_WITH(sim->initialize(), ModelError, "'ball'", "q", "non-finite", "index 0");
  // The implicit initialize of the first step checks it as well.
  EXPECT_THROW_WITH(sim->computeOneStep(), ModelError, "'ball'", "q", "non-finite");
  b.ds->q()(0) = 1.0;
  b.ds->velocity()(0) = std::numeric_limits<double>::infinity();
  EXPECT_THROW_WITH(sim->initialize(), ModelError, "'ball'", "velocity", "non-finite");
  b.ds->velocity() = Eigen::VectorXd::Zero(2);  // resized
  EXPECT_THROW_WITH(sim->initialize(), ModelError, "'ball'", "velocity", "size 2", "ndof = 1");
  b.ds->velocity() = Eigen::VectorXd::Zero(1);
  sim->initialize();
  sim->run();
  EXPECT_TRUE(b.ds->q().allFinite());
}

TEST(StateValidation, FirstOrderStateIsCheckedToo) {
  auto ds =
      std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(1, 0), Eigen::Matrix2d::Identity());
  ds->setName("circuit");
  ds->x()(1) = kNaN;
  EXPECT_THROW_WITH(ds->checkState(), ModelError, "'circuit'", "x", "non-finite", "index 1");
  ds->x() = Eigen::Vector3d(0, 0, 0);
  EXPECT_THROW_WITH(ds->validate(), ModelError, "'circuit'", "x", "size 3");
  ds->x() = Eigen::Vector2d(0, 0);
  ds->validate();
}

// ---- mass matrix ------------------------------------------------------------------------

TEST(StateValidation, NegativeMassIsAModelError) {
  // With M = −1 the ball would accelerate upwards (M̂ = −1 is invertible).
  Ball b = makeBall(1.0, 0.0, -1.0);
  auto sim = makeSim(b);
  EXPECT_THROW_WITH(sim->initialize(), ModelError, "'ball'", "mass", "not positive definite");
}

TEST(StateValidation, IndefiniteAndSingularMassesAreModelErrors) {
  Eigen::Matrix2d M;
  M << 1, 2, 2, 1;  // symmetric, eigenvalues 3 and −1
  auto ds = std::make_shared<LagrangianDS>(Eigen::Vector2d(1, 0), Eigen::Vector2d(0, 0), M);
  ds->setName("indefinite");
  EXPECT_THROW_WITH(ds->validate(), ModelError, "'indefinite'", "mass", "2x2",
                    "not positive definite", "negative pivot");
  ds->setMassPtr(Eigen::Vector2d(1, 0).asDiagonal());
  EXPECT_THROW_WITH(ds->validate(), ModelError, "'indefinite'", "mass", "singular");
  ds->setMassPtr(Eigen::Vector2d(1, 1e-3).asDiagonal());
  ds->validate();
  // A positive definite mass with a strongly indefinite stiffness: M̂ is not SPD
  // but the mass is, so the run is allowed (LU factorization of M̂).
  auto lti = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1),
      Eigen::MatrixXd::Constant(1, 1, -100.0), Eigen::MatrixXd::Zero(1, 1));
  lti->validate();
}

TEST(StateValidation, StateDependentMassIsCheckedAtFirstEvaluation) {
  LagrangianDS ds(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                  [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) {
                    M = -M.Identity(2, 2);
                  });
  ds.setName("upside down");
  EXPECT_THROW_WITH(ds.computeMass(), ModelError, "'upside down'", "mass function",
                    "not positive definite");
  ds.setComputeMassFunction(
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M << 2, 1, 1, 2; });
  ds.computeMass();
  EXPECT_EQ(ds.mass()(0, 1), 1.0);
}

TEST(StateValidation, DiagonalMassMustBePositive) {
  EXPECT_THROW_WITH(LagrangianLinearDiagonalDS(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                               Eigen::Vector2d(1, -2)),
                    ModelError, "LagrangianLinearDiagonalDS", "entry 1", "-2", "> 0");
}

// ---- time grid --------------------------------------------------------------------------

TEST(StateValidation, UnrepresentableNumberOfStepsIsAModelError) {
  // (T − t0)/h = 1e301 does not fit a std::size_t (it used to wrap to 0 steps).
  const TimeDiscretisation td(0.0, 1e-300);
  EXPECT_THROW_WITH(td.numberOfSteps(10.0), ModelError, "TimeDiscretisation", "not representable",
                    "h = 1e-300", "T = 10");
  Ball b = makeBall();
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  EXPECT_THROW_WITH(TimeStepping(b.nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-300),
                                 std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>()),
                    ModelError, "not representable");
  // 2^53 steps is the limit (k stays exact as a double).
  EXPECT_EQ(TimeDiscretisation(0.0, 1.0).numberOfSteps(9007199254740992.0), 9007199254740992u);
  EXPECT_THROW_WITH(TimeDiscretisation(0.0, 0.5).numberOfSteps(9007199254740992.0), ModelError,
                    "not representable");
}

TEST(StateValidation, TimeStepBelowTheResolutionOfTheTimesIsAModelError) {
  // t0 + h == t0: the time would never advance.
  EXPECT_THROW_WITH(TimeDiscretisation(1e17, 1.0), ModelError, "TimeDiscretisation", "t0 = 1e+17",
                    "h = 1", "t0 + h == t0");
  // Representable start, but the end of the grid cannot resolve h.
  const TimeDiscretisation td(0.0, 1.0);
  EXPECT_EQ(td.numberOfSteps(1e15), 1000000000000000u);
  EXPECT_THROW_WITH(TimeDiscretisation(1e15, 0.1).numberOfSteps(1e15 + 4096.0), ModelError,
                    "spacing");
  EXPECT_EQ(TimeDiscretisation(1e6, 1e-3).numberOfSteps(1e6 + 1.0), 1000u);
}

// ---- one-step problem data ------------------------------------------------------------------

TEST(StateValidation, NonFiniteLcpDataIsAFailedSolve) {
  // q_α = H v_free + e H v_k = −1e308 − 0.9e308 overflows to −inf.
  Ball c = makeBall(std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Zero(1),
                                                           Eigen::VectorXd::Constant(1, -1e308),
                                                           Eigen::MatrixXd::Identity(1, 1)),
                    true, 0.9);
  auto sim = makeSim(c);
  EXPECT_THROW_WITH(sim->computeOneStep(), SimulationError, "'lemke'", "failed",
                    "non-finite problem data", "q[0] = -inf", "step 0");
  auto lcp = std::make_shared<LCP>();
  lcp->setThrowOnFailure(false);
  c.ds->q()(0) = 0.0;
  c.ds->velocity()(0) = -1e308;
  auto sim2 = makeSim(c, 0.1, lcp);
  sim2->computeOneStep();
  EXPECT_EQ(lcp->lastResult().status, numerics::SolverStatus::Failed);
  EXPECT_NE(lcp->lastResult().message.find("non-finite"), std::string::npos);
  EXPECT_EQ(c.inter->lambda(1)(0), 0.0);
}

// ---- state checks after each step -------------------------------------------------------

// A NaN written into q after initialize() (before the first step) never runs
// silently: the written state is checked when the step starts, whether the
// per-step checks are on (Debug default) or off (Release default).
TEST(StateValidation, NaNWrittenAfterInitializeIsCaughtAtTheNextStep) {
  for (const bool checks : {true, false}) {
    Ball b = makeBall();
    auto sim = makeSim(b);
    sim->setStateChecks(checks);
    sim->initialize();
    b.ds->q()(0) = kNaN;
    EXPECT_THROW_WITH(sim->computeOneStep(), ModelError, "'ball'", "q", "non-finite",
                      "before step 0");
    b.ds->q()(0) = 1.0;  // a valid write: the run goes on from it
    sim->computeOneStep();
    EXPECT_TRUE(b.ds->q().allFinite());
    EXPECT_LT(b.ds->q()(0), 1.0);  // falling
  }
}

TEST(StateValidation, StateChecksAfterEachStep) {
  Ball b = makeBall();
  auto sim = makeSim(b);
#ifdef NDEBUG
  EXPECT_FALSE(sim->stateChecks());
#else
  EXPECT_TRUE(sim->stateChecks());
#endif
  // A tiny mass under a huge (finite) force: the velocity overflows to inf in
  // the first step (no contact, so no one-step problem sees it).
  Ball tiny = makeBall(std::make_shared<LagrangianLinearTIDS>(
                           Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1),
                           Eigen::MatrixXd::Constant(1, 1, 1e-300)),
                       false);
  tiny.ds->setFExtPtr(Eigen::VectorXd::Constant(1, 1e300));
  auto run = makeSim(tiny);
  run->setStateChecks(true);
  EXPECT_THROW_WITH(run->computeOneStep(), SimulationError, "'ball'", "state q", "non-finite",
                    "step 0", "t = 0.1");
  run->setStateChecks(false);
  tiny.ds->q()(0) = 1.0;  // the invalid state stays in the system
  tiny.ds->velocity()(0) = 0.0;
  run->initialize();
  run->computeOneStep();  // unchecked: the overflow goes through
  EXPECT_FALSE(tiny.ds->velocity().allFinite());
}

// ---- solver options ----------------------------------------------------------------------

TEST(StateValidation, SolverOptionsAreValidatedWhereTheyAreSet) {
  LCP lcp;
  EXPECT_THROW_WITH(lcp.setSolver("nope"), ModelError, "LCP", "unknown solver 'nope'", "lemke");
  EXPECT_THROW_WITH(lcp.setTolerance(kNaN), ModelError, "LCP", "tolerance");
  EXPECT_THROW_WITH(lcp.setTolerance(-1.0), ModelError, "LCP", "tolerance");
  EXPECT_THROW_WITH(lcp.setMaxIterations(0), ModelError, "LCP", "maxIterations");
  numerics::SolverOptions bad;
  bad.relaxation = 3.0;
  EXPECT_THROW_WITH(lcp.setNumericsSolverOptions(bad), ModelError, "LCP", "relaxation");
  bad.relaxation = 1.0;
  bad.solver = "bogus";
  EXPECT_THROW_WITH(lcp.setNumericsSolverOptions(bad), ModelError, "LCP", "unknown solver 'bogus'");
  // Failed calls leave the options unchanged.
  EXPECT_EQ(lcp.numericsSolverOptions().solver, "lemke");
  EXPECT_EQ(lcp.numericsSolverOptions().tolerance, numerics::SolverOptions().tolerance);
  EXPECT_EQ(lcp.numericsSolverOptions().maxIterations, numerics::SolverOptions().maxIterations);
  EXPECT_EQ(lcp.numericsSolverOptions().relaxation, 1.0);

  lcp.setTolerance(1e-12);
  lcp.setMaxIterations(7);
  lcp.setSolver("PGS");  // case-insensitive, as numerics::solveLcp and moreau-solve
  EXPECT_EQ(lcp.numericsSolverOptions().solver, "pgs");
  EXPECT_EQ(lcp.numericsSolverOptions().tolerance, 1e-12);
  EXPECT_EQ(lcp.numericsSolverOptions().maxIterations, 7);
  numerics::SolverOptions good;
  good.solver = "Murty";
  lcp.setNumericsSolverOptions(good);
  EXPECT_EQ(lcp.numericsSolverOptions().solver, "murty");
  EXPECT_EQ(LCP("Lemke").numericsSolverOptions().solver, "lemke");
  EXPECT_EQ(LCP("AUTO").numericsSolverOptions().solver, "auto");
}
