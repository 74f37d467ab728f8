// EulerMoreauOSI (docs/theory/euler-moreau.md): assembly against the dense
// D + hγ C W⁻¹ B of the 3-DS / 2-interaction model of dev-notes §3.7, free
// state and update formulas, convergence orders against the matrix
// exponential, and the complementarity / relay / mixed laws.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <random>

using namespace moreau;

namespace {

Eigen::MatrixXd randomMatrix(std::mt19937& rng, Eigen::Index r, Eigen::Index c) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(r, c);
  for (Eigen::Index j = 0; j < c; ++j)
    for (Eigen::Index i = 0; i < r; ++i) A(i, j) = u(rng);
  return A;
}

// exp(A) by scaling and squaring of a Taylor series (test reference).
Eigen::MatrixXd expm(const Eigen::MatrixXd& A) {
  int s = 0;
  double norm = A.cwiseAbs().rowwise().sum().maxCoeff();
  while (norm > 0.1) {
    norm /= 2;
    ++s;
  }
  const Eigen::MatrixXd B = A / std::pow(2.0, s);
  Eigen::MatrixXd E = Eigen::MatrixXd::Identity(A.rows(), A.cols());
  Eigen::MatrixXd term = E;
  for (int k = 1; k < 30; ++k) {
    term = term * B / k;
    E += term;
  }
  for (int i = 0; i < s; ++i) E = E * E;
  return E;
}

}  // namespace

TEST(EulerMoreauOSI, RejectsBadParametersAndModels) {
  EXPECT_THROW(EulerMoreauOSI(1.5), ModelError);
  EXPECT_THROW(EulerMoreauOSI(0.5, -0.1), ModelError);
  EXPECT_DOUBLE_EQ(EulerMoreauOSI(0.5).gamma(), 1.0);
  EXPECT_FALSE(EulerMoreauOSI(0.5).useGamma());
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<LCP>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "LagrangianLinearTIDS");
}

TEST(EulerMoreauOSI, SingularIterationMatrixNamesTheSystem) {
  // W = I − hθA with h = 0.1, θ = 0.5, A = diag(3, 20): W = diag(0.85, 0) (1 − 0.05 · 20 = 0).
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(2, 2);
  A(0, 0) = 3.0;
  A(1, 1) = 20.0;
  auto ds = std::make_shared<FirstOrderLinearTIDS>(Eigen::VectorXd::Zero(2), A);
  ds->setName("stiff");
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<LCP>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError,
                    "EulerMoreauOSI: the iteration matrix M − hθA (2x2) of", "'stiff'",
                    "is singular (smallest LU pivot / largest entry = ");
}

// dev-notes §3.7: I_mu on (DS1, DS3), size 3; I_theta on (DS2, DS3), size 1.
TEST(EulerMoreauOSI, AssemblyMatchesDenseFormulaThreeSystemsTwoInteractions) {
  std::mt19937 rng(7);
  const double h = 0.05, theta = 0.7, gamma = 0.6;
  const Eigen::Index n1 = 2, n2 = 3, n3 = 2, m1 = 3, m2 = 1;
  const Eigen::MatrixXd A1 = randomMatrix(rng, n1, n1), A2 = randomMatrix(rng, n2, n2),
                        A3 = randomMatrix(rng, n3, n3);
  Eigen::MatrixXd M3 = Eigen::MatrixXd::Identity(n3, n3) * 2.0;
  M3(0, 1) = 0.3;
  auto ds1 = std::make_shared<FirstOrderLinearTIDS>(randomMatrix(rng, n1, 1), A1);
  auto ds2 = std::make_shared<FirstOrderLinearDS>(randomMatrix(rng, n2, 1), A2,
                                                  Eigen::VectorXd(randomMatrix(rng, n2, 1)));
  auto ds3 = std::make_shared<FirstOrderLinearTIDS>(randomMatrix(rng, n3, 1), A3);
  ds3->setMPtr(M3);
  const Eigen::MatrixXd C1 = randomMatrix(rng, m1, n1 + n3), B1 = randomMatrix(rng, n1 + n3, m1);
  const Eigen::MatrixXd C2 = randomMatrix(rng, m2, n2 + n3), B2 = randomMatrix(rng, n2 + n3, m2);
  const Eigen::MatrixXd D1 =
      4.0 * Eigen::MatrixXd::Identity(m1, m1) + 0.1 * randomMatrix(rng, m1, m1);
  const Eigen::MatrixXd D2 = Eigen::MatrixXd::Constant(1, 1, 3.0);
  const Eigen::VectorXd e1 = randomMatrix(rng, m1, 1), e2 = randomMatrix(rng, m2, 1);
  auto r1 = std::make_shared<FirstOrderLinearTIR>(C1, B1);
  r1->setDPtr(D1);
  r1->setePtr(e1);
  auto r2 = std::make_shared<FirstOrderLinearR>(C2, B2);
  r2->setDPtr(D2);
  r2->setePtr(e2);
  auto imu = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(m1), r1);
  auto ith = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(m2), r2);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds1);
  nsds->insertDynamicalSystem(ds2);
  nsds->insertDynamicalSystem(ds3);
  nsds->link(imu, ds1, ds3);
  nsds->link(ith, ds2, ds3);
  auto osi = std::make_shared<EulerMoreauOSI>(theta, gamma);
  auto lcp = std::make_shared<LCP>();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi, lcp);
  sim.initialize();

  // Dense operators: x = [x1; x2; x3], λ = [λ_mu; λ_theta].
  const Eigen::Index N = n1 + n2 + n3;
  Eigen::MatrixXd Mbig = Eigen::MatrixXd::Identity(N, N), Abig = Eigen::MatrixXd::Zero(N, N);
  Abig.block(0, 0, n1, n1) = A1;
  Abig.block(n1, n1, n2, n2) = A2;
  Abig.block(n1 + n2, n1 + n2, n3, n3) = A3;
  Mbig.block(n1 + n2, n1 + n2, n3, n3) = M3;
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(m1 + m2, N), B = Eigen::MatrixXd::Zero(N, m1 + m2);
  C.block(0, 0, m1, n1) = C1.leftCols(n1);
  C.block(0, n1 + n2, m1, n3) = C1.rightCols(n3);
  C.block(m1, n1, m2, n2) = C2.leftCols(n2);
  C.block(m1, n1 + n2, m2, n3) = C2.rightCols(n3);
  B.block(0, 0, n1, m1) = B1.topRows(n1);
  B.block(n1 + n2, 0, n3, m1) = B1.bottomRows(n3);
  B.block(n1, m1, n2, m2) = B2.topRows(n2);
  B.block(n1 + n2, m1, n3, m2) = B2.bottomRows(n3);
  Eigen::MatrixXd D = Eigen::MatrixXd::Zero(m1 + m2, m1 + m2);
  D.topLeftCorner(m1, m1) = D1;
  D.bottomRightCorner(m2, m2) = D2;
  Eigen::VectorXd e(m1 + m2), bvec = Eigen::VectorXd::Zero(N);
  e << e1, e2;
  bvec.segment(n1, n2) = ds2->b();
  const Eigen::MatrixXd W = Mbig - h * theta * Abig;
  const Eigen::MatrixXd Winv = W.inverse();
  const Eigen::MatrixXd Mlcp = D + h * gamma * C * Winv * B;

  auto stack = [&] {
    Eigen::VectorXd x(N);
    x << ds1->x(), ds2->x(), ds3->x();
    return x;
  };
  Eigen::VectorXd rk = Eigen::VectorXd::Zero(N);
  int activeRows = 0;
  for (int step = 0; step < 3; ++step) {
    const Eigen::VectorXd xk = stack();
    sim.computeOneStep();
    const Eigen::VectorXd xfree =
        Winv * ((Mbig + h * (1 - theta) * Abig) * xk + h * bvec + h * (1 - gamma) * rk);
    Eigen::VectorXd xf(N);
    xf << ds1->xFree(), ds2->xFree(), ds3->xFree();
    EXPECT_LT((xf - xfree).cwiseAbs().maxCoeff(), 1e-12) << "step " << step;
    ASSERT_EQ(lcp->size(), m1 + m2);
    ASSERT_EQ(lcp->rows().size(), 2u);
    ASSERT_EQ(lcp->rows()[0], imu->number());
    const Eigen::MatrixXd assembled = lcp->matrix().toDense();
    EXPECT_LT((assembled - Mlcp).cwiseAbs().maxCoeff(), 1e-12) << "step " << step;
    const Eigen::VectorXd q = C * xfree + e;
    EXPECT_LT((lcp->q() - q).cwiseAbs().maxCoeff(), 1e-12);
    Eigen::VectorXd lambda(m1 + m2);
    lambda << imu->lambda(0), ith->lambda(0);
    EXPECT_LT((lambda - lcp->z()).cwiseAbs().maxCoeff(), 1e-14);
    // Update: x = x_free + hγ W⁻¹ B λ; y = C x + D λ + e, 0 ≤ y ⟂ λ ≥ 0.
    const Eigen::VectorXd x = xfree + h * gamma * Winv * B * lambda;
    EXPECT_LT((stack() - x).cwiseAbs().maxCoeff(), 1e-12);
    Eigen::VectorXd y(m1 + m2);
    y << imu->y(0), ith->y(0);
    EXPECT_LT((y - (C * x + D * lambda + e)).cwiseAbs().maxCoeff(), 1e-12);
    EXPECT_GE(lambda.minCoeff(), 0.0);
    EXPECT_GE(y.minCoeff(), -1e-10);
    EXPECT_LT(std::abs(y.dot(lambda)), 1e-10);
    activeRows += static_cast<int>((lambda.array() > 0.0).count());
    rk = B * lambda;
    Eigen::VectorXd r(N);
    r << ds1->r(0), ds2->r(0), ds3->r(0);
    EXPECT_LT((r - rk).cwiseAbs().maxCoeff(), 1e-14);
    sim.nextStep();
  }
  // Some multipliers are active (e is random, several rows start negative),
  // so the γ-terms of x_free and of the update are exercised.
  EXPECT_GT(activeRows, 0);
  EXPECT_TRUE(osi->blocksAreConstant(ProblemContext()));
}

namespace {

// max |x_N − x(T)| for ẋ = A x + b, x0, an always-inactive interaction.
double convergenceError(double theta, double h) {
  Eigen::MatrixXd A(2, 2);
  A << 0.0, 1.0, -4.0, -0.3;
  Eigen::VectorXd b(2), x0(2);
  b << 0.5, -1.0;
  x0 << 1.0, 0.0;
  const double T = 1.0;
  auto ds = std::make_shared<FirstOrderLinearTIDS>(x0, A, b);
  Eigen::MatrixXd C(1, 2), B(2, 1);
  C << 1.0, 0.0;
  B << 0.0, 1.0;
  auto rel = std::make_shared<FirstOrderLinearTIR>(C, B);
  rel->setDPtr(Eigen::MatrixXd::Identity(1, 1));
  rel->setePtr(Eigen::VectorXd::Constant(1, 100.0));  // y = x0 + λ + 100 > 0: λ = 0
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(theta), std::make_shared<LCP>());
  sim.run();
  EXPECT_EQ(inter->lambda(0)(0), 0.0);
  const Eigen::VectorXd Ainvb = A.partialPivLu().solve(b);
  const Eigen::VectorXd exact = expm(A * T) * (x0 + Ainvb) - Ainvb;
  return (ds->x() - exact).cwiseAbs().maxCoeff();
}

}  // namespace

TEST(EulerMoreauOSI, ConvergenceOrderOneForImplicitEuler) {
  const double e1 = convergenceError(1.0, 0.01), e2 = convergenceError(1.0, 0.005),
               e3 = convergenceError(1.0, 0.0025);
  EXPECT_NEAR(std::log2(e1 / e2), 1.0, 0.1);
  EXPECT_NEAR(std::log2(e2 / e3), 1.0, 0.05);
}

TEST(EulerMoreauOSI, ConvergenceOrderTwoForTrapezoidalRule) {
  const double e1 = convergenceError(0.5, 0.01), e2 = convergenceError(0.5, 0.005),
               e3 = convergenceError(0.5, 0.0025);
  EXPECT_NEAR(std::log2(e1 / e2), 2.0, 0.1);
  EXPECT_NEAR(std::log2(e2 / e3), 2.0, 0.05);
  EXPECT_LT(e3, 1e-4);
}

// ẋ = a + λ, y = x, −y ∈ N_[−1,1](λ): x reaches 0 at t = x0 / (1 − a) and
// slides there with λ = −a (implicit Euler reaches it exactly).
TEST(EulerMoreauOSI, RelaySlidingMode) {
  const double a = 0.3, h = 0.01;
  auto ds = std::make_shared<FirstOrderLinearTIDS>(Eigen::VectorXd::Constant(1, 1.0),
                                                   Eigen::MatrixXd::Zero(1, 1),
                                                   Eigen::VectorXd::Constant(1, a));
  auto rel = std::make_shared<FirstOrderLinearTIR>(Eigen::MatrixXd::Identity(1, 1),
                                                   Eigen::MatrixXd::Identity(1, 1));
  auto inter = std::make_shared<Interaction>(std::make_shared<RelayNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3.0);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(1.0), std::make_shared<Relay>());
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    const double t = sim.nextTime(), x = ds->x()(0), lambda = inter->lambda(0)(0);
    if (t < 1.0 / (1.0 - a) - 2 * h) {
      EXPECT_NEAR(x, 1.0 - (1.0 - a) * t, 1e-9) << "t = " << t;
      EXPECT_NEAR(lambda, -1.0, 1e-9);
    } else if (t > 1.0 / (1.0 - a) + 2 * h) {
      EXPECT_NEAR(x, 0.0, 1e-9) << "t = " << t;
      EXPECT_NEAR(lambda, -a, 1e-9);
    }
    sim.nextStep();
  }
}

// x = (x1, x2): ẋ1 = λ1, an equality row y1 = x1 − x2 = 0 and a
// complementarity row 0 ≤ y2 = x2 ⟂ λ2 ≥ 0, with ẋ2 = −1 + λ2 pushing x2
// down to the constraint.
TEST(EulerMoreauOSI, MixedLawEqualityAndComplementarity) {
  const double h = 0.01;
  Eigen::VectorXd x0(2), b(2);
  x0 << 0.5, 0.5;
  b << 0.0, -1.0;
  auto ds = std::make_shared<FirstOrderLinearTIDS>(x0, Eigen::MatrixXd::Zero(2, 2), b);
  Eigen::MatrixXd C(2, 2), B(2, 2);
  C << 1.0, -1.0, 0.0, 1.0;
  B << 1.0, 0.0, 0.0, 1.0;
  auto rel = std::make_shared<FirstOrderLinearTIR>(C, B);
  auto inter =
      std::make_shared<Interaction>(std::make_shared<MixedComplementarityConditionNSL>(1, 1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<MLCP>());
  int contact = 0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    const Eigen::VectorXd& y = inter->y(0);
    const Eigen::VectorXd& lambda = inter->lambda(0);
    EXPECT_NEAR(y(0), 0.0, 1e-10);
    EXPECT_GE(y(1), -1e-10);
    EXPECT_GE(lambda(1), -1e-10);
    EXPECT_LT(std::abs(y(1) * lambda(1)), 1e-10);
    if (sim.nextTime() > 0.5 + 2 * h) {
      ++contact;
      EXPECT_NEAR(lambda(1), 1.0, 1e-9);  // holds x2 = 0 against ẋ2 = −1
    }
    sim.nextStep();
  }
  EXPECT_GT(contact, 10);
  EXPECT_NEAR(ds->x()(0), 0.0, 1e-10);
  EXPECT_NEAR(ds->x()(1), 0.0, 1e-10);
}

namespace {

// ẋ = a(t) x + b(t) with a = −(1 + t), b = cos t + (1 + t) sin t: x = e^{−t−t²/2} + sin t.
// A and b are functions of t (W re-factorized each step, A_k and b_k kept from the last step).
double timeVaryingError(double theta, double h) {
  const double T = 1.0;
  auto ds = std::make_shared<FirstOrderLinearDS>(
      Eigen::VectorXd::Constant(1, 1.0),
      [](double t, const Eigen::VectorXd&, Eigen::MatrixXd& A) { A(0, 0) = -(1.0 + t); },
      [](double t, const Eigen::VectorXd&, Eigen::VectorXd& b) {
        b(0) = std::cos(t) + (1.0 + t) * std::sin(t);
      });
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(theta), std::make_shared<LCP>());
  sim.run();
  return std::abs(ds->x()(0) - (std::exp(-T - 0.5 * T * T) + std::sin(T)));
}

// The DiodeBridge model (tutorial-models.md §1): with ideal diodes it is the parallel RLC
// v̇ = −v/(RC) − i/C, i̇ = v/L. Error at T = 1 ms against the exact solution; r(t0) is the
// exact input −v0/(RC) when exactR0 (written into r(0) after initialize).
double diodeBridgeError(double theta, double gamma, double h, bool exactR0) {
  const double L = 1e-2, Cap = 1e-6, R = 1e3, T = 1e-3;
  Eigen::MatrixXd A(2, 2);
  A << 0, -1 / Cap, 1 / L, 0;
  auto tank = std::make_shared<FirstOrderLinearDS>(Eigen::Vector2d(10, 0), A);
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(4, 2), D(4, 4), B = Eigen::MatrixXd::Zero(2, 4);
  C(2, 0) = -1;
  C(3, 0) = 1;
  D << 1 / R, 1 / R, -1, 0, 1 / R, 1 / R, 0, -1, 1, 0, 0, 0, 0, 1, 0, 0;
  B(0, 2) = -1 / Cap;
  B(0, 3) = 1 / Cap;
  auto rel = std::make_shared<FirstOrderLinearTIR>(C, B);
  rel->setDPtr(D);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(4), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(tank);
  nsds->link(inter, tank);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(theta, gamma), std::make_shared<LCP>("lemke"));
  sim.initialize();
  if (exactR0) tank->r(0)(0) = -10.0 / (R * Cap);
  sim.run();
  Eigen::MatrixXd Arlc(2, 2);
  Arlc << -1 / (R * Cap), -1 / Cap, 1 / L, 0;
  const Eigen::VectorXd exact = expm(Arlc * T) * Eigen::Vector2d(10, 0);
  return std::max(std::abs(tank->x()(0) - exact(0)), 100 * std::abs(tank->x()(1) - exact(1)));
}

}  // namespace

TEST(EulerMoreauOSI, TimeDependentAAndBConvergeAtOrderOfTheta) {
  const double a1 = timeVaryingError(1.0, 0.01), a2 = timeVaryingError(1.0, 0.005);
  const double b1 = timeVaryingError(0.5, 0.01), b2 = timeVaryingError(0.5, 0.005);
  EXPECT_NEAR(std::log2(a1 / a2), 1.0, 0.1);
  EXPECT_NEAR(std::log2(b1 / b2), 2.0, 0.1);
}

// γ = ½ integrates the (smooth) load current by the trapezoidal rule: order 2 when r(t0) is
// the exact input; γ = 1 (backward Euler on r) is order 1.
TEST(EulerMoreauOSI, GammaHalfGivesOrderTwoOnTheDiodeBridge) {
  const double g1 = diodeBridgeError(0.5, 0.5, 2e-6, true),
               g2 = diodeBridgeError(0.5, 0.5, 1e-6, true);
  const double e1 = diodeBridgeError(0.5, 1.0, 2e-6, false),
               e2 = diodeBridgeError(0.5, 1.0, 1e-6, false);
  EXPECT_NEAR(std::log2(g1 / g2), 2.0, 0.15);
  EXPECT_NEAR(std::log2(e1 / e2), 1.0, 0.15);
  EXPECT_LT(g2, 0.1 * e2);
  std::printf("DiodeBridge error at T = 1 ms: gamma 1/2: %.3e, %.3e; gamma 1: %.3e, %.3e\n", g1, g2,
              e1, e2);
}

// A relation with C(t) = [1 + t] and B(t) = [2]: the one-step problem is written with C and B
// at t_{k+1}: M = h C(t_{k+1}) W⁻¹ B, q = C(t_{k+1}) x_free. A state written between two
// steps is the x_k of the next step.
TEST(EulerMoreauOSI, TimeDependentRelationAndUserWrittenState) {
  const double h = 0.1, theta = 1.0, a = -0.5;
  auto ds = std::make_shared<FirstOrderLinearTIDS>(Eigen::VectorXd::Constant(1, 1.0),
                                                   Eigen::MatrixXd::Constant(1, 1, a));
  auto rel = std::make_shared<FirstOrderLinearR>(
      [](double t, const Eigen::VectorXd&, Eigen::MatrixXd& C) { C(0, 0) = 1.0 + t; },
      [](double, const Eigen::VectorXd&, Eigen::MatrixXd& B) { B(0, 0) = 2.0; });
  rel->setDPtr(Eigen::MatrixXd::Identity(1, 1));
  rel->setePtr(Eigen::VectorXd::Constant(1, -3.0));  // y = C x + λ − 3: active
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto osi = std::make_shared<EulerMoreauOSI>(theta);
  auto lcp = std::make_shared<LCP>("lemke");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi, lcp);
  sim.initialize();
  EXPECT_FALSE(osi->blocksAreConstant(ProblemContext()));
  const double W = 1.0 - h * theta * a;
  for (int k = 0; k < 5; ++k) {
    if (k == 3) ds->x()(0) = 4.0;  // user write between steps
    const double xk = ds->x()(0), tk1 = (k + 1) * h;
    sim.computeOneStep();
    const double xfree = xk / W;
    EXPECT_NEAR(ds->xFree()(0), xfree, 1e-14) << "step " << k;
    EXPECT_NEAR(lcp->matrix().toDense()(0, 0), 1.0 + h * (1.0 + tk1) * 2.0 / W, 1e-14);
    EXPECT_NEAR(lcp->q()(0), (1.0 + tk1) * xfree - 3.0, 1e-14);
    const double lambda = inter->lambda(0)(0);
    EXPECT_NEAR(ds->x()(0), xfree + h * 2.0 * lambda / W, 1e-14);
    EXPECT_NEAR(inter->y(0)(0), (1.0 + tk1) * ds->x()(0) + lambda - 3.0, 1e-14);
    sim.nextStep();
  }
}

// Mixing EulerMoreauOSI with MoreauJeanOSI in one problem: tests/kernel/test_MixedIntegrators.cpp.

// Nonlinear first-order systems and relations (the Newton loop): test_EulerMoreauNonlinear.cpp.
