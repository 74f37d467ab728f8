// Rheonomous and compliant Lagrangian relations under MoreauJeanOSI + the
// Newton loop of TimeStepping (docs/theory/moreau-jean.md §5.1):
//   - a ball above a moving floor y = q − A sin ωt (LagrangianRheonomousR)
//     against a scalar reimplementation of the scheme, and the impact law
//     ẏ_{k+1} = −e ẏ_k with ẏ = G v + ∂h/∂t;
//   - a pendulum against an oscillating wall (nonlinear G, Newton iterates);
//   - a mass resting on a compliant contact y = q + c λ (LagrangianCompliantR)
//     against the closed-form solution of the discrete equations: contact
//     force → m g, sinking speed → c m g h.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace moreau;

namespace {
using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

constexpr double kG = 9.81;

std::string sci(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", x);
  return buffer;
}

std::shared_ptr<LagrangianDS> fallingMass(double m, double q0, double v0) {
  auto ds = std::make_shared<LagrangianDS>(Vec::Constant(1, q0), Vec::Constant(1, v0),
                                           Mat::Constant(1, 1, m));
  ds->setComputeFExtFunction([m](double, Vec& f) { f(0) = -m * kG; });
  return ds;
}
}  // namespace

// Floor z_f(t) = A sin ωt, y = q − z_f, ∂h/∂t = −A ω cos ωt (floor speed up to
// A ω = 1.2 m/s, the ball hits it several times). The scalar reference steps
// the same discrete equations: v_free = v_k − g h; active when ỹ + γ h ẏ̃ ≤ 0 at the
// predicted state q̃ = q_k + h v_k and t_{k+1} (ỹ = q̃ − z_f(t_{k+1}), ẏ̃ = v_k + ∂h/∂t(t_{k+1}));
// then λ = max(0, −m(v_free + ∂h/∂t(t_{k+1}) + e ẏ_k)),
// v_{k+1} = v_free + λ/m, q_{k+1} = q_k + h(θ v_{k+1} + (1 − θ) v_k).
TEST(MoreauJeanRheonomous, MovingFloorMatchesScalarSchemeAndImpactLaw) {
  const double m = 1.5, A = 0.1, w = 12.0, e = 0.5, h = 1e-3, T = 3.0, theta = 0.5, gamma = 0.5;
  auto ds = fallingMass(m, 0.5, 0.0);
  auto rel = std::make_shared<LagrangianRheonomousR>(
      [=](double t, const Vec& q, const Vec&, Vec& y) { y(0) = q(0) - A * std::sin(w * t); },
      [](double, const Vec&, const Vec&, Mat& G) { G(0, 0) = 1.0; },
      [=](double t, const Vec&, const Vec&, Vec& d) { d(0) = -A * w * std::cos(w * t); });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto td = std::make_shared<TimeDiscretisation>(0.0, h);
  auto sim = std::make_shared<TimeStepping>(nsds, td, std::make_shared<MoreauJeanOSI>(theta, gamma),
                                            std::make_shared<LCP>());
  sim->setNewtonTolerance(1e-12);
  sim->initialize();

  // One reference step from the simulation's own state at t_k (no drift
  // accumulation: the bounces on a moving floor amplify rounding differences).
  double maxDiff = 0.0, maxLaw = 0.0;
  int impacts = 0, steps = 0;
  while (sim->hasNextEvent()) {
    const double t = sim->startingTime(), q = ds->q()(0), v = ds->velocity()(0);
    const double ydot = inter->y(1)(0);  // ẏ_k = v_k + ∂h/∂t(t_k)
    EXPECT_NEAR(ydot, v - A * w * std::cos(w * t), 1e-15);
    sim->advanceToEvent();
    ++steps;
    const double t1 = t + h, vFree = v - kG * h;
    const double hDot1 = -A * w * std::cos(w * t1);
    double qPredicted = (h * theta) * v;
    qPredicted += (h * (1 - theta)) * v;
    qPredicted += q;
    const double yPredicted = qPredicted - A * std::sin(w * t1), ydotPredicted = v + hDot1;
    double lambda = 0.0;
    if (yPredicted + gamma * h * ydotPredicted <= 0.0)
      lambda = std::max(0.0, -m * (vFree + hDot1 + e * ydot));
    const double v1 = vFree + lambda / m, q1 = q + h * (theta * v1 + (1 - theta) * v);
    const double ydot1 = v1 + hDot1;
    maxDiff = std::max({maxDiff, std::abs(ds->q()(0) - q1), std::abs(ds->velocity()(0) - v1),
                        std::abs(inter->lambda(1)(0) - lambda), std::abs(inter->y(1)(0) - ydot1)});
    if (inter->lambda(1)(0) > 0.0) {
      ++impacts;
      // Newton's law on the relative velocity, ∂h/∂t included.
      maxLaw = std::max(maxLaw, std::abs(inter->y(1)(0) + e * inter->yMemory(1)(0)));
    }
    sim->nextStep();
  }
  EXPECT_EQ(steps, 3000);
  EXPECT_GT(impacts, 5);
  EXPECT_LT(maxDiff, 1e-13);
  EXPECT_LT(maxLaw, 1e-13);
  RecordProperty("max_difference", sci(maxDiff));
  RecordProperty("impact_law_residual", sci(maxLaw));
  RecordProperty("impact_steps", impacts);
}

// Pendulum (angle q, M = m l²) against a wall that oscillates:
//   y = l sin q + l/2 − A sin ωt,  G = l cos q,  ∂h/∂t = −A ω cos ωt.
// G depends on q: the Newton loop iterates. At every step with λ > 0 the
// converged state satisfies ẏ_{k+1} = G(q_{k+1}) v_{k+1} + ∂h/∂t = −e ẏ_k.
TEST(MoreauJeanRheonomous, PendulumAgainstOscillatingWallNewtonImpactLaw) {
  const double m = 1.0, l = 1.0, A = 0.05, w = 8.0, e = 0.7, h = 1e-3, T = 4.0;
  auto ds = std::make_shared<LagrangianDS>(Vec::Constant(1, 1.0), Vec::Zero(1),
                                           Mat::Constant(1, 1, m * l * l));
  ds->setComputeFIntFunction([=](double, const Vec& q, const Vec&, const Vec&, Vec& f) {
    f(0) = m * kG * l * std::sin(q(0));
  });
  ds->setComputeJacobianFIntqFunction([=](double, const Vec& q, const Vec&, const Vec&, Mat& J) {
    J(0, 0) = m * kG * l * std::cos(q(0));
  });
  ds->setComputeJacobianFIntqDotFunction(
      [](double, const Vec&, const Vec&, const Vec&, Mat& J) { J(0, 0) = 0.0; });
  auto rel = std::make_shared<LagrangianRheonomousR>(
      [=](double t, const Vec& q, const Vec&, Vec& y) {
        y(0) = l * std::sin(q(0)) + 0.5 * l - A * std::sin(w * t);
      },
      [=](double, const Vec& q, const Vec&, Mat& G) { G(0, 0) = l * std::cos(q(0)); },
      [=](double t, const Vec&, const Vec&, Vec& d) { d(0) = -A * w * std::cos(w * t); });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto sim =
      std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  sim->setNewtonTolerance(1e-10);
  sim->setComputeResiduY(true);  // the impact law with G(q_{k+1}): the output residual too
  sim->initialize();
  double maxLaw = 0.0, minGap = 1.0;
  int impacts = 0;
  unsigned maxIterations = 0, totalIterations = 0, steps = 0;
  while (sim->hasNextEvent()) {
    sim->advanceToEvent();
    maxIterations = std::max(maxIterations, sim->newtonIterations());
    totalIterations += sim->newtonIterations();
    ++steps;
    minGap = std::min(minGap, inter->y(0)(0));
    if (inter->lambda(1)(0) > 0.0) {
      ++impacts;
      maxLaw = std::max(maxLaw, std::abs(inter->y(1)(0) + e * inter->yMemory(1)(0)));
    }
    sim->nextStep();
  }
  EXPECT_GE(impacts, 3);
  EXPECT_LT(maxLaw, 1e-9);
  EXPECT_GT(minGap, -5e-3);  // O(h v) penetration
  EXPECT_GE(maxIterations, 2u);
  EXPECT_LT(maxIterations, 50u);
  RecordProperty("impact_law_residual", sci(maxLaw));
  RecordProperty("impact_steps", impacts);
  RecordProperty("max_newton_iterations", static_cast<int>(maxIterations));
  RecordProperty("mean_newton_iterations",
                 sci(static_cast<double>(totalIterations) / static_cast<double>(steps)));
}

// Mass m resting on a compliant contact y = q + c λ (G0 = 1, G1 = c), e = 0,
// from q = 0, v = 0 (active from the first step). The discrete equations
// (velocity level, λ = impulse, ẏ_{k+1} = v_{k+1} + c λ_{k+1} = 0 while in
// contact) give in closed form, with r = m c / (1 + m c):
//   λ_{k+1} = m (g h − v_k) / (1 + m c),  v_{k+1} = r (v_k − g h),
//   v_k = −c m g h (1 − r^k)  →  −c m g h,   λ_k / h → m g.
TEST(MoreauJeanCompliant, RestingMassForceAndSinkingSpeedMatchClosedForm) {
  const double m = 2.0, c = 0.05, h = 0.01, T = 1.0, theta = 0.5;
  auto ds = fallingMass(m, 0.0, 0.0);
  auto rel = std::make_shared<LagrangianCompliantR>(
      [=](const Vec& q, const Vec& lambda, const Vec&, Vec& y) { y(0) = q(0) + c * lambda(0); },
      [](const Vec&, const Vec&, const Vec&, Mat& G0) { G0(0, 0) = 1.0; },
      [=](const Vec&, const Vec&, const Vec&, Mat& G1) { G1(0, 0) = c; });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<MoreauJeanOSI>(theta),
                                            std::make_shared<LCP>());
  sim->setNewtonTolerance(1e-12);
  sim->initialize();
  const double r = m * c / (1 + m * c), vInf = -c * m * kG * h;
  double v = 0.0, q = 0.0, rk = 1.0, maxDiff = 0.0;
  while (sim->hasNextEvent()) {
    sim->advanceToEvent();
    const double lambda = m * (kG * h - v) / (1 + m * c);
    rk *= r;
    const double v1 = vInf * (1 - rk);
    q += h * (theta * v1 + (1 - theta) * v);
    maxDiff = std::max({maxDiff, std::abs(inter->lambda(1)(0) - lambda),
                        std::abs(ds->velocity()(0) - v1), std::abs(ds->q()(0) - q),
                        std::abs(inter->y(1)(0))});  // ẏ = v + c λ = 0 in contact
    v = v1;
    sim->nextStep();
  }
  EXPECT_LT(maxDiff, 1e-14);
  EXPECT_NEAR(inter->lambda(1)(0) / h, m * kG, 1e-12);        // contact force = weight
  EXPECT_NEAR(ds->velocity()(0), vInf, 1e-15);                // sinking speed c m g h
  EXPECT_NEAR(ds->q()(0), vInf * T, 5 * std::abs(vInf) * h);  // q ≈ v∞ t (transient O(h v∞))
  EXPECT_NEAR(rel->jachlambda(*inter)(0, 0), c, 0.0);
  RecordProperty("max_difference", sci(maxDiff));
}
