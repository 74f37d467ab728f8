// Nonlinear Moreau–Jean with the Newton loop of TimeStepping
// (docs/theory/moreau-jean.md §5): a pendulum in its angle (LagrangianDS with
// user M(q), F_int and Jacobians), convergence order against a tiny-h
// reference, energy error order, quadratic Newton convergence, finite-
// difference Jacobians against analytic ones, impacts through a nonlinear
// LagrangianScleronomousR, and non-convergence under the failure policies.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace moreau;

namespace {

constexpr double kM = 1.0, kL = 1.0, kG = 9.81;

struct PendulumOptions {
  double q0 = 1.0, v0 = 0.0;
  double theta = 0.5;
  double h = 0.01, T = 2.0;
  bool finiteDifferences = false;  // no Jacobian functions, FD on request
  double stiffness = 0.0;          // extra F_int = k q³ (stiff problems)
  // Wall x = l sin q ≥ −wall (LagrangianScleronomousR), restitution e; none when wall < 0.
  double wall = -1.0, e = 0.8;
};

struct Pendulum {
  std::shared_ptr<LagrangianDS> ds;
  std::shared_ptr<Interaction> inter;
  std::shared_ptr<TimeStepping> sim;
  std::shared_ptr<LCP> lcp;
};

// M(q) = m l² (through a mass function), F_int = m g l sin q + k q³.
Pendulum makePendulum(const PendulumOptions& o) {
  Pendulum p;
  const double k = o.stiffness;
  p.ds = std::make_shared<LagrangianDS>(Eigen::VectorXd::Constant(1, o.q0),
                                        Eigen::VectorXd::Constant(1, o.v0),
                                        [](const Eigen::VectorXd&, const Eigen::VectorXd&,
                                           Eigen::MatrixXd& M) { M(0, 0) = kM * kL * kL; });
  p.ds->setComputeFIntFunction(
      [k](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
          Eigen::VectorXd& f) { f(0) = kM * kG * kL * std::sin(q(0)) + k * q(0) * q(0) * q(0); });
  if (o.finiteDifferences) {
    p.ds->setJacobianByFiniteDifferences(true);
  } else {
    p.ds->setComputeJacobianFIntqFunction(
        [k](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
            Eigen::MatrixXd& J) { J(0, 0) = kM * kG * kL * std::cos(q(0)) + 3 * k * q(0) * q(0); });
    p.ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&,
                                                const Eigen::VectorXd&, const Eigen::VectorXd&,
                                                Eigen::MatrixXd& J) { J(0, 0) = 0.0; });
  }
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, o.T);
  nsds->insertDynamicalSystem(p.ds);
  if (o.wall >= 0.0) {
    const double w = o.wall;
    auto rel = std::make_shared<LagrangianScleronomousR>(
        [w](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
          y(0) = kL * std::sin(q(0)) + w;
        },
        [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
          G(0, 0) = kL * std::cos(q(0));
        });
    p.inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(o.e), rel);
    nsds->link(p.inter, p.ds);
  }
  auto td = std::make_shared<TimeDiscretisation>(0.0, o.h);
  auto osi = std::make_shared<MoreauJeanOSI>(o.theta);
  p.lcp = std::make_shared<LCP>();
  p.sim = std::make_shared<TimeStepping>(nsds, td, osi, p.lcp);
  return p;
}

double energy(const LagrangianDS& ds) {
  const double q = ds.q()(0), v = ds.velocity()(0);
  return 0.5 * kM * kL * kL * v * v + kM * kG * kL * (1.0 - std::cos(q));
}

struct RunResult {
  double q, v;
  double maxEnergyError;
  unsigned maxNewton;
};

RunResult run(const PendulumOptions& o, double tolerance = 1e-12) {
  Pendulum p = makePendulum(o);
  p.sim->setNewtonTolerance(tolerance);
  const double e0 = energy(*p.ds);
  RunResult r{0, 0, 0, 0};
  while (p.sim->hasNextEvent()) {
    p.sim->computeOneStep();
    r.maxEnergyError = std::max(r.maxEnergyError, std::abs(energy(*p.ds) - e0));
    r.maxNewton = std::max(r.maxNewton, p.sim->newtonIterations());
    p.sim->nextStep();
  }
  r.q = p.ds->q()(0);
  r.v = p.ds->velocity()(0);
  return r;
}

}  // namespace

TEST(MoreauJeanNonlinear, NonlinearModelIteratesLinearModelTakesOnePass) {
  PendulumOptions o;
  o.T = 0.1;
  Pendulum p = makePendulum(o);
  p.sim->setNewtonTolerance(1e-12);
  EXPECT_TRUE(p.sim->oneStepIntegrator()->isLinear());  // before initialize: nothing known
  p.sim->initialize();
  EXPECT_FALSE(p.sim->oneStepIntegrator()->isLinear());
  p.sim->computeOneStep();
  EXPECT_GE(p.sim->newtonIterations(), 2u);
  EXPECT_TRUE(p.sim->newtonConverged());
  EXPECT_EQ(p.sim->newtonResiduals().size(), p.sim->newtonIterations());
  EXPECT_LE(p.sim->newtonStateResidual(), p.sim->newtonTolerance());
  // The step's record carries the iteration count (one record per step).
  ASSERT_EQ(p.sim->log().size(), 1u);
  EXPECT_EQ(p.sim->log().records()[0].newtonIterations,
            static_cast<int>(p.sim->newtonIterations()));
  EXPECT_TRUE(p.sim->log().records()[0].newtonConverged);

  // A linear model: one pass, no residual sequence.
  auto ball = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Ones(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  ball->setFExtPtr(Eigen::VectorXd::Constant(1, -kG));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ball);
  auto sim =
      std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  sim->computeOneStep();
  EXPECT_EQ(sim->newtonIterations(), 1u);
  EXPECT_TRUE(sim->newtonResiduals().empty());
  EXPECT_EQ(sim->log().records()[0].newtonIterations, 1);
}

TEST(MoreauJeanNonlinear, RejectsBadNewtonParameters) {
  Pendulum p = makePendulum(PendulumOptions{});
  EXPECT_THROW(p.sim->setNewtonTolerance(0.0), ModelError);
  EXPECT_THROW(p.sim->setNewtonTolerance(std::nan("")), ModelError);
  EXPECT_THROW(p.sim->setNewtonMaxIteration(0), ModelError);
}

// θ = ½: global error O(h²) against a reference with h = 1e-4; energy error
// O(h²). θ = 1: O(h).
TEST(MoreauJeanNonlinear, PendulumConvergenceOrder) {
  for (double theta : {0.5, 1.0}) {
    PendulumOptions o;
    o.theta = theta;
    o.h = 1e-4;
    const RunResult ref = run(o);
    std::vector<double> err, energyErr;
    for (double h : {0.02, 0.01, 0.005}) {
      o.h = h;
      const RunResult r = run(o);
      err.push_back(std::hypot(r.q - ref.q, r.v - ref.v));
      energyErr.push_back(r.maxEnergyError);
    }
    const double order1 = std::log2(err[0] / err[1]), order2 = std::log2(err[1] / err[2]);
    std::printf("theta %.1f: errors %.3e %.3e %.3e, orders %.3f %.3f; energy %.3e %.3e %.3e\n",
                theta, err[0], err[1], err[2], order1, order2, energyErr[0], energyErr[1],
                energyErr[2]);
    if (theta == 0.5) {
      EXPECT_NEAR(order1, 2.0, 0.15);
      EXPECT_NEAR(order2, 2.0, 0.15);
      EXPECT_NEAR(std::log2(energyErr[1] / energyErr[2]), 2.0, 0.2);
      EXPECT_LT(energyErr[2], 1e-3);
    } else {
      EXPECT_NEAR(order1, 1.0, 0.2);
      EXPECT_NEAR(order2, 1.0, 0.15);
    }
  }
}

// Newton near the solution: r_{τ+1} ≈ C r_τ² (the Jacobian is exact: M is
// constant over the step and ∇F is the analytic one).
TEST(MoreauJeanNonlinear, NewtonConvergesQuadratically) {
  PendulumOptions o;
  o.q0 = 2.5;
  o.v0 = 1.0;
  o.h = 0.3;
  Pendulum p = makePendulum(o);
  p.sim->setNewtonTolerance(1e-15);
  p.sim->setNewtonMaxIteration(30);
  p.sim->setFailurePolicy(FailurePolicy::Continue);  // 1e-15 may be below round-off
  p.sim->computeOneStep();
  const std::vector<double> r = p.sim->newtonResiduals();
  ASSERT_GE(r.size(), 3u);
  for (double x : r) std::printf("residual %.3e\n", x);
  int checked = 0;
  for (std::size_t i = 0; i + 1 < r.size(); ++i) {
    if (r[i] > 0.1 || r[i + 1] < 1e-13) continue;  // asymptotic region, above round-off
    EXPECT_LT(r[i + 1], 10.0 * r[i] * r[i]) << "iteration " << i;
    EXPECT_GT(std::log(r[i + 1]) / std::log(r[i]), 1.8) << "iteration " << i;
    ++checked;
  }
  EXPECT_GE(checked, 1);
  EXPECT_LT(r.back(), 1e-13);
}

TEST(MoreauJeanNonlinear, FiniteDifferenceJacobiansMatchAnalytic) {
  PendulumOptions o;
  o.q0 = 2.0;
  const RunResult exact = run(o);
  o.finiteDifferences = true;
  const RunResult fd = run(o);
  EXPECT_NEAR(fd.q, exact.q, 1e-6);
  EXPECT_NEAR(fd.v, exact.v, 1e-6);
  EXPECT_GT(std::abs(exact.q - o.q0), 0.1);  // it moved
}

// Wall x = l sin q ≥ −w: at an impact step the normal velocity obeys
// Newton's law ẏ_{k+1} = −e ẏ_k (λ > 0), so the kinetic energy of the normal
// motion (here the only motion) is multiplied by e² up to the change of G
// over one step; the mechanical energy is conserved to O(h²) between impacts.
TEST(MoreauJeanNonlinear, PendulumAgainstWallLosesEnergyByESquaredPerImpact) {
  PendulumOptions o;
  o.q0 = 1.0;
  o.wall = 0.5 * kL;  // contact at q = −π/6
  o.e = 0.8;
  o.h = 1e-3;
  o.T = 6.0;
  Pendulum p = makePendulum(o);
  p.sim->setNewtonTolerance(1e-12);
  // The impact law ẏ_{k+1} = −e ẏ_k holds with ẏ_{k+1} = G(q_{k+1}) v_{k+1} when the output
  // residual is converged too (Siconos setComputeResiduY; by default the loop stops on the
  // state residual and the law holds for G(q^τ) of the last iterate only).
  p.sim->setComputeResiduY(true);
  int impacts = 0;
  double worstLaw = 0, worstEnergy = 0;
  double eBefore = energy(*p.ds);
  while (p.sim->hasNextEvent()) {
    const double ydotK = p.inter->y(1)(0);
    const double kinK = 0.5 * kM * kL * kL * p.ds->velocity()(0) * p.ds->velocity()(0);
    p.sim->computeOneStep();
    EXPECT_TRUE(p.sim->newtonConverged());
    if (p.inter->lambda(1)(0) > 0.0 && ydotK < -0.1) {
      ++impacts;
      const double ydot = p.inter->y(1)(0);
      worstLaw = std::max(worstLaw, std::abs(ydot + o.e * ydotK));
      const double kin = 0.5 * kM * kL * kL * p.ds->velocity()(0) * p.ds->velocity()(0);
      worstEnergy = std::max(worstEnergy, std::abs(kin / kinK - o.e * o.e));
      // Energy just before vs after the impact: e² on the kinetic part.
      // Newton on the impact step: G(q^τ) is re-evaluated at each iterate but
      // ∂(Gᵀλ)/∂q is neglected, so the contraction is linear with a small rate
      // (≈ h²θ |∇G| λ / M): each iteration gains orders of magnitude.
      const std::vector<double>& r = p.sim->newtonResiduals();
      if (impacts == 1) {
        std::printf("impact step residuals:");
        for (double x : r) std::printf(" %.3e", x);
        std::printf("\n");
      }
      ASSERT_GE(r.size(), 2u);
      for (std::size_t i = 0; i + 1 < r.size(); ++i)
        if (r[i + 1] > 1e-13) {
          EXPECT_LT(r[i + 1], 1e-2 * r[i]) << "iteration " << i;
        }
      const double eAfter = energy(*p.ds);
      const double potential = eAfter - kin;
      EXPECT_NEAR((eAfter - potential) / (eBefore - potential), o.e * o.e, 2e-2);
    }
    eBefore = energy(*p.ds);
    p.sim->nextStep();
  }
  std::printf("impacts %d, |ydot + e ydot_k| %.3e, |KE ratio - e^2| %.3e\n", impacts, worstLaw,
              worstEnergy);
  EXPECT_GE(impacts, 3);
  EXPECT_LT(worstLaw, 1e-9);
  EXPECT_LT(worstEnergy, 2e-2);
  // The wall is respected up to O(h v).
  EXPECT_GT(p.inter->y(0)(0), -1e-2);
}

TEST(MoreauJeanNonlinear, NonConvergenceFollowsFailurePolicy) {
  PendulumOptions o;
  o.q0 = 1.0;
  o.stiffness = 1e6;
  o.h = 0.01;
  o.T = 0.1;
  {
    Pendulum p = makePendulum(o);
    p.sim->setNewtonMaxIteration(1);
    p.sim->setNewtonTolerance(1e-14);
    try {
      p.sim->computeOneStep();
      ADD_FAILURE() << "no SimulationError";
    } catch (const SimulationError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("Newton"), std::string::npos) << what;
      EXPECT_NE(what.find("step 0"), std::string::npos) << what;
    }
    EXPECT_FALSE(p.sim->newtonConverged());
  }
  {
    Pendulum p = makePendulum(o);
    p.sim->setNewtonMaxIteration(1);
    p.sim->setNewtonTolerance(1e-14);
    p.sim->setFailurePolicy(FailurePolicy::Continue);
    p.sim->computeOneStep();
    ASSERT_EQ(p.sim->log().size(), 1u);
    const StepRecord& r = p.sim->log().records()[0];
    EXPECT_FALSE(r.newtonConverged);
    EXPECT_TRUE(r.failed());
    EXPECT_EQ(r.newtonIterations, 1);
    EXPECT_GT(r.newtonResidual, 1e-14);
    EXPECT_EQ(p.sim->log().numberOfFailures(), 1u);
  }
  {
    // The same stiff problem converges with enough iterations.
    Pendulum p = makePendulum(o);
    p.sim->setNewtonTolerance(1e-10);
    p.sim->run();
    EXPECT_TRUE(p.sim->newtonConverged());
  }
}

// State-dependent mass and nonlinear inertia: a free particle in polar
// coordinates q = (r, φ), M(q) = diag(m, m r²), N = (−m r φ̇², 2 m r ṙ φ̇).
// From (x, y) = (1, 0) with velocity (0, 1) the exact motion is the line
// (1, t): r = √(1 + t²), φ = atan t. M is evaluated at the Newton iterate (as Siconos), i.e.
// at q_{k+1} once converged: first order in h (the θ = ½ forces alone would be second order).
namespace {
Eigen::Vector2d polarRun(double h, double theta, double gamma, bool fd) {
  const double m = 2.0;
  auto ds =
      std::make_shared<LagrangianDS>(Eigen::Vector2d(1.0, 0.0), Eigen::Vector2d(0.0, 1.0),
                                     [m](const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                         Eigen::MatrixXd& M) { M << m, 0, 0, m * q(0) * q(0); });
  ds->setComputeNNLFunction(
      [m](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd&,
          Eigen::VectorXd& N) { N << -m * q(0) * v(1) * v(1), 2 * m * q(0) * v(0) * v(1); });
  if (fd) {
    ds->setJacobianByFiniteDifferences(true);
  } else {
    ds->setComputeJacobianNNLqFunction(
        [m](const Eigen::VectorXd&, const Eigen::VectorXd& v, const Eigen::VectorXd&,
            Eigen::MatrixXd& J) { J << -m * v(1) * v(1), 0, 2 * m * v(0) * v(1), 0; });
    ds->setComputeJacobianNNLqDotFunction([m](const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                              const Eigen::VectorXd&, Eigen::MatrixXd& J) {
      J << 0, -2 * m * q(0) * v(1), 2 * m * q(0) * v(1), 2 * m * q(0) * v(0);
    });
  }
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(theta, gamma), std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-13);
  sim.run();
  return Eigen::Vector2d(ds->q()(0), ds->q()(1));
}
}  // namespace

TEST(MoreauJeanNonlinear, StateDependentMassAndGyroscopicTerms) {
  const Eigen::Vector2d exact(std::sqrt(2.0), std::atan(1.0));
  std::vector<double> err;
  for (double h : {0.02, 0.01, 0.005}) err.push_back((polarRun(h, 0.5, 0.5, false) - exact).norm());
  const double order = std::log2(err[1] / err[2]);
  std::printf("polar particle: errors %.3e %.3e %.3e, order %.3f\n", err[0], err[1], err[2], order);
  EXPECT_LT(err[2], 5e-4);        // measured 2.96e-4
  EXPECT_NEAR(order, 1.0, 0.15);  // M(q_{k+1}): first order (measured 1.000)
  // γ is the activation predictor only: the same solution for γ = 0 (no contact here).
  EXPECT_EQ((polarRun(0.01, 0.5, 0.0, false) - polarRun(0.01, 0.5, 0.5, false)).norm(), 0.0);
  // Finite-difference Jacobians of N: the same discrete solution.
  EXPECT_LT((polarRun(0.01, 0.5, 0.5, true) - polarRun(0.01, 0.5, 0.5, false)).norm(), 1e-8);
}

// computeOneStep() again before nextStep() starts Newton from (q_k, v_k) again:
// the same state, bit for bit.
TEST(MoreauJeanNonlinear, RecomputedStepIsIdentical) {
  PendulumOptions o;
  o.wall = 0.5 * kL;
  o.h = 0.05;
  Pendulum p = makePendulum(o);
  p.sim->setNewtonTolerance(1e-12);
  int impacts = 0;
  for (int k = 0; k < 30; ++k) {
    p.sim->computeOneStep();
    const double q = p.ds->q()(0), v = p.ds->velocity()(0);
    if (p.inter->lambda(1)(0) > 0) ++impacts;
    const unsigned it = p.sim->newtonIterations();
    p.sim->computeOneStep();
    EXPECT_EQ(p.ds->q()(0), q) << "step " << k;
    EXPECT_EQ(p.ds->velocity()(0), v) << "step " << k;
    EXPECT_EQ(p.sim->newtonIterations(), it) << "step " << k;
    p.sim->nextStep();
  }
  EXPECT_GE(impacts, 1);  // the recomputation covered an impact step
}
