// Writing a system's state between steps (Siconos users reset q and v this
// way) takes effect at the next step: the run continues exactly as a fresh
// simulation started from the written state.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <limits>
#include <vector>

using namespace moreau;

namespace {

constexpr double kH = 0.005;

// The bouncing ball of examples/BouncingBall: 3 dof, gravity, ground contact
// on the height, e = 0.9, Lemke.
struct Model {
  std::shared_ptr<LagrangianLinearTIDS> ball;
  std::shared_ptr<Interaction> inter;
  std::shared_ptr<TimeStepping> sim;
};

Model makeModel(const Eigen::Vector3d& q0, const Eigen::Vector3d& v0, double t0, double T) {
  Model m;
  const Eigen::MatrixXd M = Eigen::Vector3d(1, 1, 0.004).asDiagonal();
  m.ball = std::make_shared<LagrangianLinearTIDS>(q0, v0, M);
  m.ball->setName("ball");
  m.ball->setFExtPtr(Eigen::Vector3d(-9.81, 0, 0));
  Eigen::MatrixXd H(1, 3);
  H << 1, 0, 0;
  m.inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.9),
                                          std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
  nsds->insertDynamicalSystem(m.ball);
  nsds->link(m.inter, m.ball);
  m.sim =
      std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, kH),
                                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  return m;
}

struct Row {
  Eigen::Vector3d q, v;
  double lambda;
};

// Runs the remaining steps and records the state after each one.
std::vector<Row> runToEnd(Model& m) {
  std::vector<Row> rows;
  while (m.sim->hasNextEvent()) {
    m.sim->computeOneStep();
    rows.push_back({m.ball->q(), m.ball->velocity(), m.inter->lambda(1)(0)});
    m.sim->nextStep();
  }
  return rows;
}

void expectSameRun(const std::vector<Row>& a, const std::vector<Row>& b) {
  ASSERT_EQ(a.size(), b.size());
  int impacts = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    // Same arithmetic on the same data: bitwise equal.
    ASSERT_EQ(a[i].q, b[i].q) << "step " << i;
    ASSERT_EQ(a[i].v, b[i].v) << "step " << i;
    ASSERT_EQ(a[i].lambda, b[i].lambda) << "step " << i;
    if (a[i].lambda > 0) ++impacts;
  }
  EXPECT_GT(impacts, 0);  // the compared runs include impacts
}

// Runs `steps` steps (computeOneStep + nextStep).
void advance(Model& m, int steps) {
  for (int i = 0; i < steps; ++i) {
    m.sim->computeOneStep();
    m.sim->nextStep();
  }
}

}  // namespace

TEST(StateReset, WriteBetweenStepsRestartsFromTheWrittenState) {
  // Run past t = 2 until a step with an impact, then throw the ball up from a
  // new height with a new velocity.
  Model a = makeModel(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), 0.0, 5.0);
  advance(a, 400);
  while (!(a.inter->lambda(1)(0) > 0)) advance(a, 1);  // in contact before the reset
  const double t = a.sim->startingTime();
  const Eigen::Vector3d q(0.7, 0.25, 0.5), v(1.2, -0.5, 3.0);
  a.ball->q() = q;
  a.ball->velocity() = v;
  const std::vector<Row> resumed = runToEnd(a);

  Model b = makeModel(q, v, t, 5.0);
  const std::vector<Row> fresh = runToEnd(b);
  expectSameRun(resumed, fresh);
  EXPECT_GT(resumed.front().q(0), 0.7);  // it went up instead of resting
}

TEST(StateReset, WriteAfterComputeOneStepBeforeNextStep) {
  // The state of t_{k+1} is overwritten after the step was computed: the next
  // step starts from it (and from the outputs y it implies).
  Model a = makeModel(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), 0.0, 5.0);
  advance(a, 599);
  a.sim->computeOneStep();
  const Eigen::Vector3d q(-0.001, 0.0, 0.0), v(-2.0, 0.0, 0.0);  // below the ground, falling
  a.ball->q() = q;
  a.ball->velocity() = v;
  a.sim->nextStep();
  const std::vector<Row> resumed = runToEnd(a);
  EXPECT_GT(resumed.front().lambda, 0.0);  // impact at once: y was recomputed from q

  Model b = makeModel(q, v, 3.0, 5.0);
  expectSameRun(resumed, runToEnd(b));
}

TEST(StateReset, VelocityOnlyAndWriteBeforeTheFirstStep) {
  // Written after initialize() and before the first step.
  Model a = makeModel(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), 0.0, 2.0);
  a.sim->initialize();
  a.ball->velocity()(0) = 4.0;
  const std::vector<Row> resumed = runToEnd(a);
  Model b = makeModel(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(4, 0, 0), 0.0, 2.0);
  expectSameRun(resumed, runToEnd(b));
}

TEST(StateReset, RepeatedComputeOneStepStillUsesTheMemories) {
  // computeOneStep() called twice recomputes the same step from the state at
  // t_k, not from the result of the first call.
  Model a = makeModel(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), 0.0, 1.0);
  advance(a, 10);
  a.sim->computeOneStep();
  const Eigen::Vector3d q1 = a.ball->q();
  a.sim->computeOneStep();
  EXPECT_EQ(a.ball->q(), q1);
}

TEST(StateReset, InvalidWrittenStateIsAModelError) {
  Model a = makeModel(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), 0.0, 1.0);
  advance(a, 3);
  a.ball->q()(1) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW_WITH(a.sim->computeOneStep(), ModelError, "'ball'", "q", "non-finite", "index 1",
                    "step 3");
  a.ball->q()(1) = 0.0;
  a.ball->velocity() = Eigen::VectorXd::Zero(2);
  EXPECT_THROW_WITH(a.sim->computeOneStep(), ModelError, "'ball'", "velocity", "size 2");
  a.ball->velocity() = Eigen::VectorXd::Zero(3);
  a.sim->computeOneStep();
  EXPECT_TRUE(a.ball->q().allFinite());
}
