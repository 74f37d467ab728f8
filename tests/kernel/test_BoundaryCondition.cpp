// BoundaryCondition (prescribed velocities) honoured by MoreauJeanOSI: a
// driven spring chain against an RK4 reference of the driven ODE and the
// momentum balance of the reaction; a ball carried by a plate moving at
// constant speed (contact impulse and plate reaction); index checks.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
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
  double maxBalance = 0.0, maxFollow = 0.0, maxReaction = 0.0, maxSiconos = 0.0;
  // Siconos's reaction: −(column 0 of W)·v_{k+1} + p_0, W = M + h²θ²K (no contact: p = 0).
  const Eigen::MatrixXd W = M + (h * h * 0.25) * K;
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
    ASSERT_EQ(chain->boundaryConditionImpulse().size(), 1);
    const double r = chain->boundaryConditionImpulse()(0);
    maxBalance = std::max(maxBalance, std::abs(dP - r));
    maxReaction = std::max(maxReaction, std::abs(r));
    ASSERT_EQ(chain->reactionToBoundaryConditions().size(), 1);
    maxSiconos =
        std::max(maxSiconos, std::abs(chain->reactionToBoundaryConditions()(0) + W.col(0).dot(v)));
    sim.nextStep();
  }
  EXPECT_LT(maxSiconos, 1e-14);
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
    EXPECT_NEAR(plate->boundaryConditionImpulse()(0), Mp * g * h + lambda, 1e-12);
    EXPECT_NEAR(plate->p(1)(0), -lambda, 1e-15);
    // Siconos's reaction p_0 − W(0, 0) v_{k+1} = −λ − M_p V: no weight, no v_k.
    EXPECT_NEAR(plate->reactionToBoundaryConditions()(0), -lambda - Mp * V, 1e-12);
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
  EXPECT_EQ(ds->boundaryConditionImpulse().size(), 0);
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
  EXPECT_DOUBLE_EQ(ds->boundaryConditionImpulse()(0), 1.0);  // m Δv, no force
}

// ---- Siconos C plug-in form: void f(double time, unsigned int size, double* v) ----

namespace {
std::string pluginSymbol(const char* name) { return std::string(MOREAU_TEST_PLUGIN) + ":" + name; }

// The driven chain of DrivenChainFollowsAndReactionIsMomentumBalance for `steps` steps.
std::shared_ptr<LagrangianLinearTIDS> runChain(std::shared_ptr<BoundaryCondition> bc, int steps) {
  const double k = 50.0, A = 0.1, w = 3.0;
  Eigen::MatrixXd K(3, 3);
  K << k, -k, 0, -k, 2 * k, -k, 0, -k, k;
  auto chain = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(3), Eigen::Vector3d(A * w, 0, 0),
      Eigen::MatrixXd(Eigen::Vector3d(2.0, 1.0, 0.5).asDiagonal()), K, Eigen::MatrixXd::Zero(3, 3));
  chain->setBoundaryConditions(std::move(bc));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(chain);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  for (int i = 0; i < steps; ++i) {
    sim.computeOneStep();
    sim.nextStep();
  }
  return chain;
}
}  // namespace

TEST(BoundaryCondition, PluginPrescribedVelocityMatchesTheFunctionForm) {
  // The plug-in drivenVelocity writes v̄(t) = 0.3 cos 3t (size 1), the lambda the same formula.
  auto plugin =
      std::make_shared<BoundaryCondition>(std::vector<unsigned>{0}, pluginSymbol("drivenVelocity"));
  EXPECT_TRUE(plugin->hasFunction());
  plugin->computePrescribedVelocity(0.7);
  EXPECT_EQ(plugin->prescribedVelocity()(0), 0.1 * 3.0 * std::cos(3.0 * 0.7));
  auto lambda = std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0},
      [](double t, Eigen::Ref<Eigen::VectorXd> v) { v(0) = 0.1 * 3.0 * std::cos(3.0 * t); });
  const auto a = runChain(plugin, 500);
  const auto b = runChain(lambda, 500);
  EXPECT_EQ(a->q(), b->q());
  EXPECT_EQ(a->velocity(), b->velocity());
  EXPECT_EQ(a->boundaryConditionImpulse(), b->boundaryConditionImpulse());
  EXPECT_EQ(a->velocity()(0), 0.1 * 3.0 * std::cos(3.0 * 0.5));  // v̄(t_500) imposed
  EXPECT_GT(std::abs(a->boundaryConditionImpulse()(0)), 1e-6);
}

TEST(BoundaryCondition, PluginSettersSizeAndErrors) {
  // Siconos two-argument setter on a constant BC: the plug-in replaces the values; the size
  // argument is the number of indices (2: v̄ = (0.3 cos 3t, −0.5)).
  BoundaryCondition bc({2, 0}, Eigen::Vector2d(1.0, 1.0));
  EXPECT_FALSE(bc.hasFunction());
  bc.setComputePrescribedVelocityFunction(MOREAU_TEST_PLUGIN, "drivenVelocity");
  EXPECT_TRUE(bc.hasFunction());
  bc.computePrescribedVelocity(0.0);
  EXPECT_EQ(bc.prescribedVelocity(), Eigen::Vector2d(0.1 * 3.0, -0.5));
  // Function form through the setter.
  bc.setComputePrescribedVelocityFunction(
      [](double t, Eigen::Ref<Eigen::VectorXd> v) { v.setConstant(t); });
  bc.computePrescribedVelocity(2.0);
  EXPECT_EQ(bc.prescribedVelocity(), Eigen::Vector2d(2.0, 2.0));
  auto expectError = [](auto&& make, const char* needle) {
    try {
      make();
      ADD_FAILURE() << "no ModelError";
    } catch (const ModelError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expectError([] { BoundaryCondition({0}, pluginSymbol("noSuchSymbol")); }, "noSuchSymbol");
  expectError([] { BoundaryCondition({0}, std::string("noSuchLibraryXYZ:f")); },
              "noSuchLibraryXYZ");
  expectError([] { BoundaryCondition({0}, std::string("noColon")); }, "noColon");
  expectError([] { BoundaryCondition({1, 1}, pluginSymbol("drivenVelocity")); }, "twice");
  expectError(
      [&bc] { bc.setComputePrescribedVelocityFunction(BoundaryCondition::VelocityFunction()); },
      "empty");
}

// ---- Nonlinear LagrangianDS under MoreauJeanOSI (Newton loop) ----

namespace {
// Pendulum (mass m, length l) hanging from a cart (mass Mc) whose velocity is prescribed:
// q = (x, φ), M(q) = [[Mc + m, m l cos φ], [m l cos φ, m l²]], N = (−m l sin φ φ̇², 0),
// F_int = (0, m g l sin φ). With x(t) = A sin ωt the pendulum obeys
// φ̈ = −(g/l) sin φ − (ẍ/l) cos φ, and the force on the cart is
// F_x = (Mc + m) ẍ + m l (cos φ φ̈ − sin φ φ̇²) = d/dt [(M v)_x].
struct CartPendulum {
  double Mc = 2.0, m = 0.5, l = 0.8, g = 9.81, A = 0.1, w = 3.0, phi0 = 0.3;
  double xdd(double t) const { return -A * w * w * std::sin(w * t); }
  std::array<double, 2> rhs(double t, const std::array<double, 2>& y) const {
    return {y[1], -(g / l) * std::sin(y[0]) - xdd(t) / l * std::cos(y[0])};
  }
  std::array<double, 2> rk4(double T, int steps) const {
    std::array<double, 2> y{phi0, 0.0};
    const double dt = T / steps;
    for (int n = 0; n < steps; ++n) {
      const double t = n * dt;
      auto at = [&](const std::array<double, 2>& k, double s) {
        return std::array<double, 2>{y[0] + s * k[0], y[1] + s * k[1]};
      };
      const auto k1 = rhs(t, y);
      const auto k2 = rhs(t + dt / 2, at(k1, dt / 2));
      const auto k3 = rhs(t + dt / 2, at(k2, dt / 2));
      const auto k4 = rhs(t + dt, at(k3, dt));
      for (int i = 0; i < 2; ++i) y[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    return y;
  }
  std::shared_ptr<LagrangianDS> make() const {
    const double Mc_ = Mc, m_ = m, l_ = l, g_ = g;
    auto ds = std::make_shared<LagrangianDS>(
        Eigen::Vector2d(0.0, phi0), Eigen::Vector2d(A * w, 0.0),
        [Mc_, m_, l_](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& M) {
          const double c = m_ * l_ * std::cos(q(1));
          M << Mc_ + m_, c, c, m_ * l_ * l_;
        });
    ds->setComputeNNLFunction(
        [m_, l_](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd&,
                 Eigen::VectorXd& N) { N << -m_ * l_ * std::sin(q(1)) * v(1) * v(1), 0.0; });
    ds->setComputeJacobianNNLqFunction([m_, l_](const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                                const Eigen::VectorXd&, Eigen::MatrixXd& J) {
      J << 0.0, -m_ * l_ * std::cos(q(1)) * v(1) * v(1), 0.0, 0.0;
    });
    ds->setComputeJacobianNNLqDotFunction([m_, l_](const Eigen::VectorXd& q,
                                                   const Eigen::VectorXd& v, const Eigen::VectorXd&,
                                                   Eigen::MatrixXd& J) {
      J << 0.0, -2.0 * m_ * l_ * std::sin(q(1)) * v(1), 0.0, 0.0;
    });
    ds->setComputeFIntFunction(
        [m_, l_, g_](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                     const Eigen::VectorXd&,
                     Eigen::VectorXd& f) { f << 0.0, m_ * g_ * l_ * std::sin(q(1)); });
    ds->setComputeJacobianFIntqFunction(
        [m_, l_, g_](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                     const Eigen::VectorXd&,
                     Eigen::MatrixXd& J) { J << 0.0, 0.0, 0.0, m_ * g_ * l_ * std::cos(q(1)); });
    ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&,
                                              const Eigen::VectorXd&, const Eigen::VectorXd&,
                                              Eigen::MatrixXd& J) { J.setZero(); });
    const double A_ = A, w_ = w;
    ds->setBoundaryConditions(std::make_shared<BoundaryCondition>(
        std::vector<unsigned>{0},
        [A_, w_](double t, Eigen::Ref<Eigen::VectorXd> v) { v(0) = A_ * w_ * std::cos(w_ * t); }));
    return ds;
  }
  // (M(q) v)_x, the momentum conjugate to x.
  double px(const Eigen::VectorXd& q, const Eigen::VectorXd& v) const {
    return (Mc + m) * v(0) + m * l * std::cos(q(1)) * v(1);
  }
};

struct CartRun {
  double phiError = 0, omegaError = 0, maxFollow = 0, maxBalance = 0, sumReaction = 0, dpx = 0,
         forceError = 0, maxSiconos = 0;
  unsigned maxNewton = 0;
};

CartRun runCart(const CartPendulum& c, double h, double T) {
  auto ds = c.make();
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-12);
  CartRun r;
  const double px0 = c.px(ds->q(), ds->velocity());
  while (sim.hasNextEvent()) {
    const Eigen::VectorXd qk = ds->q(), vk = ds->velocity();
    sim.computeOneStep();
    const double t1 = sim.nextTime();
    const Eigen::VectorXd& q = ds->q();
    const Eigen::VectorXd& v = ds->velocity();
    r.maxNewton = std::max(r.maxNewton, sim.newtonIterations());
    r.maxFollow = std::max(r.maxFollow, std::abs(v(0) - c.A * c.w * std::cos(c.w * t1)));
    // Discrete momentum balance of row x (θ = ½, M at the converged iterate q_{k+1}):
    // r = [M(q_{k+1})(v_{k+1} − v_k)]_x − h/2 (F_x,k+1 + F_x,k), F_x = −N_x = m l sin φ φ̇².
    const double inertia =
        (c.Mc + c.m) * (v(0) - vk(0)) + c.m * c.l * std::cos(q(1)) * (v(1) - vk(1));
    const double Fx1 = c.m * c.l * std::sin(q(1)) * v(1) * v(1);
    const double Fx0 = c.m * c.l * std::sin(qk(1)) * vk(1) * vk(1);
    const double reaction = ds->boundaryConditionImpulse()(0);
    r.maxBalance = std::max(r.maxBalance, std::abs(reaction - (inertia - 0.5 * h * (Fx1 + Fx0))));
    // Siconos's reaction −(column x of W)·v_{k+1} + p_x (p = 0). Column x of
    // W = M(q) − hθ∇_vF − h²θ²∇_qF is that of M(q) (F does not depend on x or ẋ), at the last
    // iterate q^τ, within the Newton tolerance of q_{k+1}: −(M(q^τ) v_{k+1})_x ≈ −px(q, v).
    r.maxSiconos =
        std::max(r.maxSiconos, std::abs(ds->reactionToBoundaryConditions()(0) + c.px(q, v)));
    r.sumReaction += reaction;
    sim.nextStep();
  }
  r.dpx = c.px(ds->q(), ds->velocity()) - px0;
  const int refSteps = static_cast<int>(std::lround(T / h)) * 20;
  const auto ref = c.rk4(T, refSteps);
  r.phiError = std::abs(ds->q()(1) - ref[0]);
  r.omegaError = std::abs(ds->velocity()(1) - ref[1]);
  // The last reaction / h against the force on the cart at T − h/2 (from the reference).
  const auto mid = c.rk4(T - h / 2, refSteps);
  const auto acc = c.rhs(T - h / 2, mid);
  const double Fx = (c.Mc + c.m) * c.xdd(T - h / 2) +
                    c.m * c.l * (std::cos(mid[0]) * acc[1] - std::sin(mid[0]) * mid[1] * mid[1]);
  r.forceError = std::abs(ds->boundaryConditionImpulse()(0) / h - Fx) / std::abs(Fx);
  return r;
}
}  // namespace

TEST(BoundaryCondition, NonlinearCartPendulumFollowsAndBalancesMomentum) {
  const CartPendulum c;
  const double T = 2.0;
  const CartRun a = runCart(c, 2e-3, T);
  const CartRun b = runCart(c, 1e-3, T);
  // The driven coordinate follows v̄(t_{k+1}) exactly through the Newton iterations.
  EXPECT_EQ(a.maxFollow, 0.0);
  EXPECT_EQ(b.maxFollow, 0.0);
  // Reaction = residual of the prescribed row at the converged iterate (Newton tol 1e-12).
  EXPECT_LT(b.maxBalance, 1e-9);
  // q^τ differs from q_{k+1} by the last Newton correction (≈ 1e-8 here; the tolerance bounds the
  // residual, not the step), against an O(1) difference from the impulse: measured 1.2e-8.
  EXPECT_LT(b.maxSiconos, 1e-7);
  // Summed reactions ≈ change of the conjugate momentum (M v)_x, to O(h): M is taken at the
  // end of each step (the Newton iterate, as Siconos), not at its middle (measured 1.8e-5).
  EXPECT_NEAR(b.sumReaction, b.dpx, 5e-5);
  EXPECT_LT(b.forceError, 1e-4);  // measured 9.2e-6
  // The pendulum against RK4 of the driven ODE: second order in h.
  EXPECT_LT(b.phiError, 1e-4);
  EXPECT_GT(a.phiError / b.phiError, 3.5);  // measured 4.00
  EXPECT_LT(a.phiError / b.phiError, 4.5);
  EXPECT_LE(b.maxNewton, 6u);
  RecordProperty("phi_error_h1e-3_x1e9", static_cast<int>(b.phiError * 1e9));
  std::printf(
      "cart-pendulum: phi error %.3e (h=2e-3) %.3e (h=1e-3) ratio %.2f; omega err %.3e; "
      "balance %.2e; sum r %.9f dpx %.9f; force rel err %.2e; newton <= %u\n",
      a.phiError, b.phiError, a.phiError / b.phiError, b.omegaError, b.maxBalance, b.sumReaction,
      b.dpx, b.forceError, b.maxNewton);
}

// ---- Projection schemes: the prescribed coordinates are not moved by the projection ----

TEST(BoundaryCondition, ProjectionDoesNotMovePrescribedCoordinates) {
  // One system q = (plate, ball) with a coupled mass, the plate driven upwards at V, the ball
  // resting on it (y = q_ball − q_plate ≥ 0). The θ-rule lags the ball by h V / 2 at the first
  // contact; the projection removes the penetration by moving the ball only.
  const double V = 0.7, g = 9.81, h = 1e-3;
  for (int combined = 0; combined < 2; ++combined) {
    Eigen::Matrix2d M;
    M << 2.0, 0.3, 0.3, 0.5;
    auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0.0, 0.0),
                                                     Eigen::Vector2d(V, 0.0), M);
    ds->setFExt(M * Eigen::Vector2d(-g, -g));
    ds->setBoundaryConditions(std::make_shared<BoundaryCondition>(std::vector<unsigned>{0},
                                                                  Eigen::VectorXd::Constant(1, V)));
    Eigen::MatrixXd H(1, 2);
    H << -1, 1;
    auto contact = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                                 std::make_shared<LagrangianLinearTIR>(H));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
    nsds->insertDynamicalSystem(ds);
    nsds->link(contact, ds);
    auto td = std::make_shared<TimeDiscretisation>(0.0, h);
    std::shared_ptr<TimeStepping> sim;
    if (combined)
      sim = std::make_shared<TimeSteppingCombinedProjection>(
          nsds, td, std::make_shared<MoreauJeanCombinedProjectionOSI>(0.5), std::make_shared<LCP>(),
          std::make_shared<MLCPProjectOnConstraints>());
    else
      sim = std::make_shared<TimeSteppingDirectProjection>(
          nsds, td, std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), std::make_shared<LCP>(),
          std::make_shared<MLCPProjectOnConstraints>());
    double maxPlate = 0.0, minGap = 1.0, maxBallLag = 0.0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double t1 = sim->nextTime();
      maxPlate = std::max(maxPlate, std::abs(ds->q()(0) - V * t1));
      EXPECT_EQ(ds->velocity()(0), V);
      minGap = std::min(minGap, ds->q()(1) - ds->q()(0));
      maxBallLag = std::max(maxBallLag, std::abs(ds->q()(1) - ds->q()(0)));
      sim->nextStep();
    }
    EXPECT_LT(maxPlate, 1e-14) << "combined " << combined;
    EXPECT_GT(minGap, -1e-9) << "combined " << combined;
    EXPECT_LT(maxBallLag, 1e-9) << "combined " << combined;  // the ball is carried, no lag
    EXPECT_NEAR(ds->velocity()(1), V, 1e-12);
  }
}

// ---- MoreauJeanGOSI + GlobalFrictionContact: the same step as MoreauJeanOSI + FrictionContact
// ----

namespace {
struct PlateBall {
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::shared_ptr<Interaction> contact;
  std::shared_ptr<TimeStepping> sim;
};
// One system q = (plate z, ball x, ball z) with a coupled mass, the plate driven upwards at
// v̄(t) = V (1 + sin 5t), the ball thrown sideways on it (2-D Coulomb friction, μ = 0.3).
PlateBall makePlateBall(bool global) {
  const double V = 0.7, g = 9.81;
  Eigen::Matrix3d M;
  M << 2.0, 0.0, 0.3, 0.0, 0.5, 0.0, 0.3, 0.0, 0.5;
  PlateBall pb;
  pb.ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(0.0, 0.0, 0.0),
                                                 Eigen::Vector3d(V, 0.4, 0.0), M);
  pb.ds->setFExt(M * Eigen::Vector3d(-g, 0.0, -g));
  pb.ds->setBoundaryConditions(std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0},
      [V](double t, Eigen::Ref<Eigen::VectorXd> v) { v(0) = V * (1 + std::sin(5 * t)); }));
  Eigen::MatrixXd H(2, 3);
  H << -1, 0, 1, 0, 1, 0;  // normal gap z_ball − z_plate, tangent x_ball
  pb.contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 2),
                                    std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.5);
  nsds->insertDynamicalSystem(pb.ds);
  nsds->link(pb.contact, pb.ds);
  auto td = std::make_shared<TimeDiscretisation>(0.0, 1e-3);
  if (global) {
    auto gfc = std::make_shared<GlobalFrictionContact>(2);
    pb.sim = std::make_shared<TimeStepping>(nsds, td, std::make_shared<MoreauJeanGOSI>(0.5), gfc);
  } else {
    auto fc = std::make_shared<FrictionContact>(2);
    pb.sim = std::make_shared<TimeStepping>(nsds, td, std::make_shared<MoreauJeanOSI>(0.5), fc);
  }
  return pb;
}
}  // namespace

TEST(BoundaryCondition, GlobalIntegratorMatchesMoreauJeanOSI) {
  PlateBall a = makePlateBall(false), b = makePlateBall(true);
  double maxDiff = 0.0, maxReactionDiff = 0.0, maxLambda = 0.0, maxSlip = 0.0, maxSiconos = 0.0;
  const Eigen::MatrixXd M = a.ds->mass();
  int steps = 0;
  while (a.sim->hasNextEvent()) {
    a.sim->computeOneStep();
    b.sim->computeOneStep();
    const double t1 = a.sim->nextTime();
    const double vbar = 0.7 * (1 + std::sin(5 * t1));
    EXPECT_EQ(b.ds->velocity()(0), vbar);
    EXPECT_EQ(a.ds->velocity()(0), vbar);
    maxDiff = std::max(maxDiff, (a.ds->velocity() - b.ds->velocity()).lpNorm<Eigen::Infinity>());
    maxDiff = std::max(maxDiff, (a.ds->q() - b.ds->q()).lpNorm<Eigen::Infinity>());
    maxReactionDiff = std::max(maxReactionDiff, std::abs(a.ds->boundaryConditionImpulse()(0) -
                                                         b.ds->boundaryConditionImpulse()(0)));
    // Siconos's reaction p_0 − (column 0 of M)·v_{k+1} (W = M: no C, no K), in both.
    for (const PlateBall* pb : {&a, &b})
      maxSiconos =
          std::max(maxSiconos, std::abs(pb->ds->reactionToBoundaryConditions()(0) -
                                        (pb->ds->p(1)(0) - M.col(0).dot(pb->ds->velocity()))));
    maxLambda = std::max(maxLambda, b.contact->lambda(1)(0));
    maxSlip = std::max(maxSlip, std::abs(b.ds->velocity()(1)));
    a.sim->nextStep();
    b.sim->nextStep();
    ++steps;
  }
  EXPECT_EQ(steps, 500);
  EXPECT_GT(maxLambda, 1e-3);  // the contact carries the ball
  EXPECT_GT(maxSlip, 0.1);     // and friction acts on a sliding ball
  EXPECT_LT(maxDiff, 1e-12);   // measured 1.2e-15
  EXPECT_LT(maxReactionDiff, 1e-12);
  EXPECT_LT(maxSiconos, 1e-12);
  std::printf("GOSI vs OSI with a boundary condition: state %.2e, reaction %.2e\n", maxDiff,
              maxReactionDiff);
}
