// BoundaryCondition (prescribed velocities) honoured by MoreauJeanOSI: a
// driven spring chain against an RK4 reference of the driven ODE and the
// momentum balance of the reaction; a ball carried by a plate moving at
// constant speed (contact impulse and plate reaction); index checks.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <array>
#include <cmath>
#include <string>

using namespace moreau;

namespace {

// Spring chain q0 – q1 – q2 (stiffness k, masses m), q0(t) = A sin ωt imposed.
struct Chain {
  double m1, m2, k, A, w;
  // Right-hand side of the free coordinates (q1, q2, v1, v2) at time t.
  std::array<double, 4> rhs(double t, const std::array<double, 4>& y) const {
    const double q0 = A * std::sin(w * t);
    return {y[2], y[3], -k * (2 * y[0] - q0 - y[1]) / m1, -k * (y[1] - y[0]) / m2};
  }
};

std::array<double, 4> rk4(const Chain& c, double T, int steps) {
  std::array<double, 4> y{0, 0, 0, 0};
  const double dt = T / steps;
  auto axpy = [](const std::array<double, 4>& a, double s, const std::array<double, 4>& b) {
    std::array<double, 4> r;
    for (int i = 0; i < 4; ++i) r[i] = a[i] + s * b[i];
    return r;
  };
  for (int n = 0; n < steps; ++n) {
    const double t = n * dt;
    const auto k1 = c.rhs(t, y);
    const auto k2 = c.rhs(t + dt / 2, axpy(y, dt / 2, k1));
    const auto k3 = c.rhs(t + dt / 2, axpy(y, dt / 2, k2));
    const auto k4 = c.rhs(t + dt, axpy(y, dt, k3));
    for (int i = 0; i < 4; ++i) y[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return y;
}

}  // namespace

TEST(BoundaryCondition, DrivenChainFollowsAndReactionIsMomentumBalance) {
  const double m0 = 2.0, m1 = 1.0, m2 = 0.5, k = 50.0, A = 0.1, w = 3.0, h = 1e-3, T = 2.0;
  Eigen::MatrixXd M = Eigen::Vector3d(m0, m1, m2).asDiagonal();
  Eigen::MatrixXd K(3, 3);
  K << k, -k, 0, -k, 2 * k, -k, 0, -k, k;
  auto chain = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(3), Eigen::Vector3d(A * w, 0, 0), M, K, Eigen::MatrixXd::Zero(3, 3));
  auto bc = std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0},
      [A, w](double t, Eigen::Ref<Eigen::VectorXd> v) { v(0) = A * w * std::cos(w * t); });
  chain->setBoundaryConditions(bc);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(chain);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  double maxBalance = 0.0, maxFollow = 0.0, maxReaction = 0.0;
  while (sim.hasNextEvent()) {
    const Eigen::VectorXd v0 = chain->velocity();
    const double q0 = chain->q()(0);
    sim.computeOneStep();
    const double t1 = sim.nextTime();
    const Eigen::VectorXd& v = chain->velocity();
    // The driven coordinate follows v̄(t_{k+1}) exactly, q0 by the θ-rule.
    EXPECT_EQ(v(0), A * w * std::cos(w * t1));
    maxFollow = std::max(maxFollow, std::abs(chain->q()(0) - (q0 + h * 0.5 * (v(0) + v0(0)))));
    // No external force and Σ_i (K x)_i = 0: the total momentum changes by the reaction.
    const double dP = m0 * (v(0) - v0(0)) + m1 * (v(1) - v0(1)) + m2 * (v(2) - v0(2));
    ASSERT_EQ(chain->reactionToBoundaryConditions().size(), 1);
    const double r = chain->reactionToBoundaryConditions()(0);
    maxBalance = std::max(maxBalance, std::abs(dP - r));
    maxReaction = std::max(maxReaction, std::abs(r));
    sim.nextStep();
  }
  EXPECT_LT(maxFollow, 1e-15);
  EXPECT_LT(maxBalance, 1e-13);
  EXPECT_GT(maxReaction, 1e-4);  // the drive does work
  // The free masses against RK4 (h/20) of the driven ODE with q0(t) = A sin ωt: O(h²).
  const auto ref = rk4(Chain{m1, m2, k, A, w}, T, 40000);
  EXPECT_NEAR(chain->q()(1), ref[0], 2e-5);
  EXPECT_NEAR(chain->q()(2), ref[1], 2e-5);
  EXPECT_NEAR(chain->velocity()(1), ref[2], 2e-4);
  EXPECT_NEAR(chain->velocity()(2), ref[3], 2e-4);
  EXPECT_NEAR(chain->q()(0), A * std::sin(w * T), 1e-6);
  RecordProperty("q1_error", std::abs(chain->q()(1) - ref[0]) * 1e9);  // in 1e-9 units
  RecordProperty("q2_error", std::abs(chain->q()(2) - ref[1]) * 1e9);
}

TEST(BoundaryCondition, PlateCarriesBall) {
  const double m = 0.3, Mp = 5.0, g = 9.81, V = 0.7, h = 1e-3;
  auto plate = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Zero(1),
                                                      Eigen::VectorXd::Constant(1, V),
                                                      Eigen::MatrixXd::Constant(1, 1, Mp));
  plate->setFExt(Eigen::VectorXd::Constant(1, -Mp * g));
  plate->setBoundaryConditions(std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0}, Eigen::VectorXd::Constant(1, V)));
  auto ball = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Constant(1, 1, m));
  ball->setFExt(Eigen::VectorXd::Constant(1, -m * g));
  Eigen::MatrixXd H(1, 2);
  H << -1, 1;  // y = q_ball − q_plate
  auto contact = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                               std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.2);
  nsds->insertDynamicalSystem(plate);
  nsds->insertDynamicalSystem(ball);
  nsds->link(contact, plate, ball);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  int steps = 0;
  while (sim.hasNextEvent()) {
    const double dv = V - ball->velocity()(0);  // the ball's velocity jump of the step
    sim.computeOneStep();
    EXPECT_NEAR(ball->velocity()(0), V, 1e-12);
    EXPECT_EQ(plate->velocity()(0), V);
    const double lambda = contact->lambda(1)(0);
    // Contact impulse m (g h + Δv): M̂_plate does not enter W (the plate is driven).
    EXPECT_NEAR(lambda, m * (g * h + dv), 1e-12);
    // Plate reaction: its weight over the step plus the ball's push.
    EXPECT_NEAR(plate->reactionToBoundaryConditions()(0), Mp * g * h + lambda, 1e-12);
    EXPECT_NEAR(plate->p(1)(0), -lambda, 1e-15);
    sim.nextStep();
    ++steps;
  }
  EXPECT_EQ(steps, 200);
  EXPECT_NEAR(ball->q()(0), plate->q()(0) - 0.5 * h * V, 1e-12);  // first step's lag only
}

TEST(BoundaryCondition, IndexOutOfRangeIsModelError) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(2), Eigen::VectorXd::Zero(2), Eigen::MatrixXd::Identity(2, 2));
  auto bc =
      std::make_shared<BoundaryCondition>(std::vector<unsigned>{0, 2}, Eigen::VectorXd::Zero(2));
  try {
    ds->setBoundaryConditions(bc);
    FAIL() << "no ModelError";
  } catch (const ModelError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("LagrangianLinearTIDS"), std::string::npos) << msg;
    EXPECT_NE(msg.find("index 2"), std::string::npos) << msg;
  }
  EXPECT_FALSE(ds->boundaryConditions());
  EXPECT_EQ(ds->reactionToBoundaryConditions().size(), 0);
  EXPECT_THROW(BoundaryCondition({0, 0}, Eigen::VectorXd::Zero(2)), ModelError);
  EXPECT_THROW(BoundaryCondition({0}, Eigen::VectorXd::Zero(2)), ModelError);
  EXPECT_THROW(BoundaryCondition({0}, BoundaryCondition::VelocityFunction()), ModelError);
}

TEST(BoundaryCondition, OtherIntegratorsRejectIt) {
  auto make = [] {
    auto ds = std::make_shared<LagrangianLinearTIDS>(
        Eigen::VectorXd::Zero(2), Eigen::VectorXd::Zero(2), Eigen::MatrixXd::Identity(2, 2));
    ds->setBoundaryConditions(
        std::make_shared<BoundaryCondition>(std::vector<unsigned>{1}, Eigen::VectorXd::Ones(1)));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    return nsds;
  };
  auto rejects = [](TimeStepping&& sim, const char* who) {
    try {
      sim.initialize();
      ADD_FAILURE() << who << ": no ModelError";
    } catch (const ModelError& e) {
      EXPECT_NE(std::string(e.what()).find("boundary conditions"), std::string::npos) << e.what();
    }
  };
  rejects(TimeStepping(make(), std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                       std::make_shared<MoreauJeanGOSI>(0.5),
                       std::make_shared<GlobalFrictionContact>(2)),
          "MoreauJeanGOSI");
  rejects(TimeStepping(make(), std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                       std::make_shared<SchatzmanPaoliOSI>(0.5), std::make_shared<LCP>()),
          "SchatzmanPaoliOSI");
  // MoreauJeanOSI: the constant velocity is imposed from the first step.
  auto nsds = make();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                   std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  sim.computeOneStep();
  auto ds = std::static_pointer_cast<LagrangianDS>(nsds->dynamicalSystems().front());
  EXPECT_EQ(ds->velocity()(1), 1.0);
  EXPECT_EQ(ds->velocity()(0), 0.0);
  EXPECT_DOUBLE_EQ(ds->reactionToBoundaryConditions()(0), 1.0);  // m Δv, no force
}
