// EventDriven + LsodarOSI with multi-row interactions (issue 12): every row of
// an interaction is its own unilateral contact (its own rows in the impact and
// acceleration LCPs, its own root function). Checked against the same model
// written with one interaction per row and against closed-form flights.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <memory>
#include <vector>

using namespace moreau;

namespace {

struct EventRecord {
  double t;           // time of the nonsmooth event
  Eigen::VectorXd v;  // velocity after it
};

struct EdRun {
  std::vector<EventRecord> events;
  Eigen::VectorXd q, v;  // final state
  std::size_t impacts = 0, zeno = 0;
};

EdRun runAll(EventDriven& s, const LagrangianDS& ds) {
  EdRun r;
  s.initialize();
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) r.events.push_back({s.startingTime(), ds.velocity()});
  }
  r.q = ds.q();
  r.v = ds.velocity();
  r.impacts = s.numberOfImpacts();
  r.zeno = s.numberOfZenoPlasticImpacts();
  return r;
}

// BouncingBallEDTwoContacts: m = 1, R = 0.1, g = 10, e = 0.8, q0 = 1, v0 = 10,
// floor y1 = q0, ceiling y2 = 1.5 − q0; one 2-row interaction or two.
EdRun ballBetweenWalls(bool oneInteraction, double T) {
  const double m = 1, R = 0.1, g = 10, e = 0.8, top = 1.5;
  Eigen::MatrixXd M = Eigen::Vector3d(m, m, 3.0 / 5.0 * m * R * R).asDiagonal();
  auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0),
                                                     Eigen::Vector3d(10, 0, 0), M);
  ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ball);
  if (oneInteraction) {
    Eigen::MatrixXd H(2, 3);
    H << 1, 0, 0, -1, 0, 0;
    auto walls = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(e, 2),
        std::make_shared<LagrangianLinearTIR>(H, Eigen::Vector2d(0, top)));
    nsds->link(walls, ball);
  } else {
    auto law = std::make_shared<NewtonImpactNSL>(e);
    Eigen::MatrixXd H1(1, 3), H2(1, 3);
    H1 << 1, 0, 0;
    H2 << -1, 0, 0;
    nsds->link(std::make_shared<Interaction>(
                   law, std::make_shared<LagrangianLinearTIR>(H1, Eigen::VectorXd::Zero(1))),
               ball);
    nsds->link(std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(
                                                      H2, Eigen::VectorXd::Constant(1, top))),
               ball);
  }
  EventDriven s(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                std::make_shared<LsodarOSI>());
  return runAll(s, *ball);
}

// Two point masses coupled by the mass matrix M = [[2, 1], [1, 2]], each
// pulled down with acceleration g, released at the same height: both contacts
// y_i = q_i ≥ 0 close at the same instant and the impact LCP couples them.
EdRun coupledPair(bool oneInteraction, double T, double e,
                  const Eigen::Vector2d& q0 = Eigen::Vector2d(1, 1)) {
  const double g = 9.81;
  Eigen::Matrix2d M;
  M << 2, 1, 1, 2;
  auto ds = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector2d::Zero(), M);
  ds->setFExtPtr(M * Eigen::Vector2d(-g, -g));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  if (oneInteraction) {
    nsds->link(std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e, 2),
                                             std::make_shared<LagrangianLinearTIR>(
                                                 Eigen::MatrixXd(Eigen::Matrix2d::Identity()))),
               ds);
  } else {
    auto law = std::make_shared<NewtonImpactNSL>(e);
    for (int i = 0; i < 2; ++i) {
      Eigen::MatrixXd H = Eigen::MatrixXd::Zero(1, 2);
      H(0, i) = 1;
      nsds->link(std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(H)), ds);
    }
  }
  EventDriven s(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                std::make_shared<LsodarOSI>());
  return runAll(s, *ds);
}

void expectSameRuns(const EdRun& a, const EdRun& b, double tol) {
  ASSERT_EQ(a.events.size(), b.events.size());
  for (std::size_t k = 0; k < a.events.size(); ++k) {
    EXPECT_NEAR(a.events[k].t, b.events[k].t, tol) << "event " << k;
    EXPECT_LT((a.events[k].v - b.events[k].v).lpNorm<Eigen::Infinity>(), tol) << "event " << k;
  }
  EXPECT_LT((a.q - b.q).lpNorm<Eigen::Infinity>(), tol);
  EXPECT_LT((a.v - b.v).lpNorm<Eigen::Infinity>(), tol);
  EXPECT_EQ(a.impacts, b.impacts);
  EXPECT_EQ(a.zeno, b.zeno);
}

}  // namespace

// The ball between floor and ceiling as one 2-row interaction: the same
// impacts as with two interactions, and as the closed-form parabolic flights
// reflected with ẏ⁺ = −e ẏ⁻ at q = 0 and q = 1.5 (before the accumulation).
TEST(EventDrivenMultiRow, BallBetweenWallsMatchesTwoInteractionsAndClosedForm) {
  const double T = 3.0;
  const EdRun one = ballBetweenWalls(true, T);
  const EdRun two = ballBetweenWalls(false, T);
  ASSERT_GE(one.events.size(), 5u);
  expectSameRuns(one, two, 1e-12);

  // Closed form: q(τ) = q + v τ − 5 τ², next wall, v ← −e v there.
  const double g = 10, e = 0.8, top = 1.5;
  double t = 0, q = 1, v = 10;
  std::size_t k = 0;
  double maxTimeError = 0, maxVelocityError = 0;
  while (k < one.events.size()) {
    const double disc = v * v + 2 * g * (q - top);
    double tau, wall;
    if (v > 0 && disc >= 0) {
      tau = (v - std::sqrt(disc)) / g;  // reaches the ceiling
      wall = top;
    } else {
      tau = (v + std::sqrt(v * v + 2 * g * q)) / g;  // falls to the floor
      wall = 0;
    }
    t += tau;
    if (t > T) break;
    v = -e * (v - g * tau);
    q = wall;
    maxTimeError = std::max(maxTimeError, std::abs(one.events[k].t - t));
    maxVelocityError = std::max(maxVelocityError, std::abs(one.events[k].v(0) - v));
    ++k;
  }
  EXPECT_EQ(k, one.events.size());
  EXPECT_LT(maxTimeError, 1e-11);      // measured 2.8e-14
  EXPECT_LT(maxVelocityError, 1e-10);  // measured 1.2e-13
}

// Through the accumulation at the floor (plastic impacts, the ball resting on
// the floor, its force computed by the acceleration LCP with the open ceiling
// row masked out): the same as two interactions.
TEST(EventDrivenMultiRow, BallBetweenWallsThroughAccumulation) {
  const double T = 10.0;
  const EdRun one = ballBetweenWalls(true, T);
  const EdRun two = ballBetweenWalls(false, T);
  expectSameRuns(one, two, 1e-9);
  EXPECT_GT(one.zeno, 0u);
  EXPECT_NEAR(one.q(0), 0.0, 1e-9);  // at rest on the floor
  EXPECT_NEAR(one.v(0), 0.0, 1e-9);
}

// Both rows of one interaction close at the same instant, coupled through the
// mass matrix: the same as two interactions; the first impact at t = √(2/g)
// with v⁺ = −e v⁻ for both masses (symmetric LCP).
TEST(EventDrivenMultiRow, SimultaneousRowsMatchTwoInteractions) {
  const double g = 9.81, e = 0.5, T = 1.2;
  const EdRun one = coupledPair(true, T, e);
  const EdRun two = coupledPair(false, T, e);
  ASSERT_GE(one.events.size(), 2u);
  expectSameRuns(one, two, 1e-12);
  const double t1 = std::sqrt(2.0 / g);
  EXPECT_NEAR(one.events[0].t, t1, 1e-12);
  EXPECT_NEAR(one.events[0].v(0), e * g * t1, 1e-11);
  EXPECT_NEAR(one.events[0].v(1), e * g * t1, 1e-11);
  // Second impact after the flight 2 v⁺/g.
  EXPECT_NEAR(one.events[1].t, t1 + 2 * e * t1, 1e-12);
}

// One row held closed (mass 1 resting on the floor, its force from the
// acceleration LCP and the bilateral system) while the other row of the same
// interaction is open, then impacts, coupled through M: the same as two
// interactions. Mass 1 stays at rest: ÿ₁ = 0 gives λ₁ = 3g/2 and mass 2 falls
// with 3g/2 (M⁻¹ = [[2, −1], [−1, 2]]/3); the impact LCP keeps ẏ₁⁺ = 0 and
// gives ẏ₂⁺ = −e ẏ₂⁻.
TEST(EventDrivenMultiRow, HeldRowAndImpactingRowMatchTwoInteractions) {
  const double g = 9.81, e = 0.5, T = 1.0;
  const Eigen::Vector2d q0(0, 1);
  const EdRun one = coupledPair(true, T, e, q0);
  const EdRun two = coupledPair(false, T, e, q0);
  ASSERT_GE(one.events.size(), 2u);
  expectSameRuns(one, two, 1e-12);
  const double a = 1.5 * g, t1 = std::sqrt(2.0 / a);
  EXPECT_NEAR(one.events[0].t, t1, 1e-12);
  EXPECT_NEAR(one.events[0].v(0), 0.0, 1e-12);
  EXPECT_NEAR(one.events[0].v(1), e * a * t1, 1e-11);
  EXPECT_NEAR(one.q(0), 0.0, 1e-12);
}

namespace {

// Links a contact of an unrelated system at the n-th call (a rebuild of the
// integrator's interaction data during the run).
class LateLink : public InteractionManager {
 public:
  LateLink(std::shared_ptr<LagrangianLinearTIDS> ds, int at) : ds_(std::move(ds)), at_(at) {}
  void updateInteractions(Simulation& sim) override {
    if (++calls_ != at_) return;
    sim.nonSmoothDynamicalSystem()->link(
        std::make_shared<Interaction>(
            std::make_shared<NewtonImpactNSL>(0.5),
            std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1))),
        ds_);
  }

 private:
  std::shared_ptr<LagrangianLinearTIDS> ds_;
  int at_, calls_ = 0;
};

}  // namespace

// The held row of a 2-row interaction (mass 1 resting) stays held when the
// integrator's interaction data are rebuilt during the run (a contact of an
// other system linked at t ≈ 0.1): the same impacts as without the link.
TEST(EventDrivenMultiRow, RowStatesSurviveAnInteractionLinkedDuringTheRun) {
  const double g = 9.81, e = 0.5, T = 1.0;
  std::vector<EdRun> runs;
  for (const bool late : {false, true}) {
    Eigen::Matrix2d M;
    M << 2, 1, 1, 2;
    auto ds =
        std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 1), Eigen::Vector2d::Zero(), M);
    ds->setFExtPtr(M * Eigen::Vector2d(-g, -g));
    auto far = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, 5.0),
                                                      Eigen::VectorXd::Zero(1),
                                                      Eigen::MatrixXd::Identity(1, 1));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    nsds->insertDynamicalSystem(ds);
    nsds->insertDynamicalSystem(far);
    nsds->link(std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e, 2),
                                             std::make_shared<LagrangianLinearTIR>(
                                                 Eigen::MatrixXd(Eigen::Matrix2d::Identity()))),
               ds);
    EventDriven s(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                  std::make_shared<LsodarOSI>());
    if (late) s.insertInteractionManager(std::make_shared<LateLink>(far, 10));
    runs.push_back(runAll(s, *ds));
  }
  ASSERT_GE(runs[0].events.size(), 2u);
  expectSameRuns(runs[0], runs[1], 1e-9);
  EXPECT_NEAR(runs[1].q(0), 0.0, 1e-12);  // mass 1 still resting
}
