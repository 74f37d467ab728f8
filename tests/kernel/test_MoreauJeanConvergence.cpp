// Convergence orders of Moreau–Jean on smooth (contact-free) problems, θ = ½
// (order 2) and θ = 1 (order 1), each measured from three step sizes
// h, h/2, h/4 (docs/theory/moreau-jean.md §3 and §5):
//  - linear: a damped harmonic oscillator (LagrangianLinearTIDS, one pass per
//    step), errors against its analytic solution;
//  - nonlinear: the pendulum (LagrangianDS with F_int and Jacobians, Newton
//    loop), observed order by Richardson, p = log2(|u_h − u_{h/2}| /
//    |u_{h/2} − u_{h/4}|), which needs no reference; the extrapolated value
//    is then checked against a fine run (θ = ½, h = 1e-4).
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <array>
#include <cmath>
#include <cstdio>

using namespace moreau;

namespace {

// m q'' + c q' + k q = 0: ω0 = 2, damping ratio ζ = 0.1, q0 = 1, v0 = 0.5.
constexpr double kMass = 1.0, kStiff = 4.0, kDamp = 0.4, kQ0 = 1.0, kV0 = 0.5;

struct Exact {
  double q, v;
};

Exact dampedExact(double t) {
  const double w0 = std::sqrt(kStiff / kMass), zeta = kDamp / (2.0 * std::sqrt(kStiff * kMass));
  const double s = zeta * w0, wd = w0 * std::sqrt(1.0 - zeta * zeta);
  const double A = kQ0, B = (kV0 + s * kQ0) / wd;
  const double e = std::exp(-s * t), c = std::cos(wd * t), sn = std::sin(wd * t);
  return {e * (A * c + B * sn), e * (-s * (A * c + B * sn) + wd * (-A * sn + B * c))};
}

// Max over the grid of the error in (q, v) against the analytic solution.
double dampedError(double h, double theta, double T) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, kQ0), Eigen::VectorXd::Constant(1, kV0),
      Eigen::MatrixXd::Constant(1, 1, kMass), Eigen::MatrixXd::Constant(1, 1, kStiff),
      Eigen::MatrixXd::Constant(1, 1, kDamp));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(theta), std::make_shared<LCP>());
  double err = 0.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_EQ(sim.newtonIterations(), 1u);  // linear: one pass
    const Exact x = dampedExact(sim.nextTime());
    err = std::max(err, std::hypot(ds->q()(0) - x.q, ds->velocity()(0) - x.v));
    sim.nextStep();
  }
  return err;
}

// Pendulum M(q) q'' + m g l sin q = 0 (M = m l² through a mass function),
// q0 = 1.2, v0 = 0.3; returns (q, v) at T.
constexpr double kM = 1.0, kL = 0.8, kG = 9.81;

Eigen::Vector2d pendulum(double h, double theta, double T) {
  auto ds = std::make_shared<LagrangianDS>(Eigen::VectorXd::Constant(1, 1.2),
                                           Eigen::VectorXd::Constant(1, 0.3),
                                           [](const Eigen::VectorXd&, const Eigen::VectorXd&,
                                              Eigen::MatrixXd& M) { M(0, 0) = kM * kL * kL; });
  ds->setComputeFIntFunction([](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                const Eigen::VectorXd&,
                                Eigen::VectorXd& f) { f(0) = kM * kG * kL * std::sin(q(0)); });
  ds->setComputeJacobianFIntqFunction(
      [](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
         Eigen::MatrixXd& J) { J(0, 0) = kM * kG * kL * std::cos(q(0)); });
  ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                            const Eigen::VectorXd&,
                                            Eigen::MatrixXd& J) { J(0, 0) = 0.0; });
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(theta), std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-13);
  sim.setNewtonMaxIteration(100);
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_TRUE(sim.newtonConverged());
    sim.nextStep();
  }
  return {ds->q()(0), ds->velocity()(0)};
}

}  // namespace

TEST(MoreauJeanConvergence, DampedOscillatorAgainstAnalyticSolution) {
  const double T = 3.0;
  for (double theta : {0.5, 1.0}) {
    std::array<double, 3> e{};
    const std::array<double, 3> hs{0.02, 0.01, 0.005};
    for (std::size_t i = 0; i < 3; ++i) e[i] = dampedError(hs[i], theta, T);
    const double p1 = std::log2(e[0] / e[1]), p2 = std::log2(e[1] / e[2]);
    std::printf("damped oscillator theta %.1f: errors %.3e %.3e %.3e, orders %.3f %.3f\n", theta,
                e[0], e[1], e[2], p1, p2);
    const double expected = theta == 0.5 ? 2.0 : 1.0;
    EXPECT_NEAR(p1, expected, 0.1) << "theta " << theta;
    EXPECT_NEAR(p2, expected, 0.1) << "theta " << theta;
    // Error constants (not just the ratios): measured 2.3 h² for θ = ½, 6.2 h for θ = 1.
    EXPECT_LT(e[2], theta == 0.5 ? 5.0 * 0.005 * 0.005 : 10.0 * 0.005) << "theta " << theta;
  }
}

TEST(MoreauJeanConvergence, PendulumRichardsonOrders) {
  const double T = 2.0;
  // The solution of the ODE, to ~2e-7 (θ = ½ with a tiny step).
  const Eigen::Vector2d fine = pendulum(1e-4, 0.5, T);
  for (double theta : {0.5, 1.0}) {
    // Backward Euler (θ = 1) is in its asymptotic range for smaller steps only.
    const double h = theta == 0.5 ? 0.02 : 0.004;
    const Eigen::Vector2d u1 = pendulum(h, theta, T), u2 = pendulum(h / 2, theta, T),
                          u4 = pendulum(h / 4, theta, T);
    const double d12 = (u1 - u2).norm(), d24 = (u2 - u4).norm();
    const double p = std::log2(d12 / d24);
    // Richardson extrapolation with the observed order, checked against a fine run.
    const double f = std::pow(2.0, p);
    const Eigen::Vector2d extrapolated = u4 + (u4 - u2) / (f - 1.0);
    std::printf(
        "pendulum theta %.1f, h = %g: |u_h - u_h/2| %.3e, |u_h/2 - u_h/4| %.3e, order %.3f; "
        "error of u_h/4 %.3e, of the extrapolation %.3e (vs theta 0.5, h = 1e-4)\n",
        theta, h, d12, d24, p, (u4 - fine).norm(), (extrapolated - fine).norm());
    EXPECT_NEAR(p, theta == 0.5 ? 2.0 : 1.0, 0.12) << "theta " << theta;
    // The extrapolation removes the leading error term: at least 5x closer to the fine run.
    EXPECT_LT((extrapolated - fine).norm(), 0.2 * (u4 - fine).norm()) << "theta " << theta;
  }
}
