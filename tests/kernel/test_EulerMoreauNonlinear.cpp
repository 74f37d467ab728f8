// EulerMoreauOSI on nonlinear first-order models with the TimeStepping Newton
// loop (docs/theory/euler-moreau.md §6): convergence orders on ẋ = −x³,
// quadratic convergence of the Newton iterates, Type1R / Type2R /
// NonLinearR against analytic answers, Type2R written with linear functions
// against FirstOrderLinearR (LCP, Relay, MLCP), finite-difference Jacobians,
// resetAllLambda, the FailurePolicy, the rejected models, and a mass M(t, x)
// (§6.8: time-dependent and state-dependent).
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

using namespace moreau;

namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

std::shared_ptr<FirstOrderNonLinearDS> cubicDecay(double x0) {
  return std::make_shared<FirstOrderNonLinearDS>(
      Vec::Constant(1, x0),
      [](double, const Vec& x, const Vec&, Vec& f) { f(0) = -x(0) * x(0) * x(0); },
      [](double, const Vec& x, const Vec&, Mat& J) { J(0, 0) = -3.0 * x(0) * x(0); });
}

// ẋ = −x³, x(0) = 1: x(t) = 1/√(1 + 2t). Error at T = 1.
double cubicError(double theta, double h) {
  auto ds = cubicDecay(1.0);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(theta), std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-14);
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_TRUE(sim.newtonConverged());
    sim.nextStep();
  }
  return std::abs(ds->x()(0) - 1.0 / std::sqrt(3.0));
}

// ẋ = 1 + r, r = −λ, 0 ≤ y ⟂ λ ≥ 0 with a nonlinear y (the three relation types below): x
// grows as t until the constraint x = 1 is reached, then λ holds it (λ = 1). With γ = 1 and a
// constant f the scheme gives x_k = min(kh, 1) exactly and, at the first step that reaches the
// constraint, λ = (x_k + h − 1)/h.
std::shared_ptr<FirstOrderNonLinearDS> unitDrift() {
  return std::make_shared<FirstOrderNonLinearDS>(
      Vec::Zero(1), [](double, const Vec&, const Vec&, Vec& f) { f(0) = 1.0; },
      [](double, const Vec&, const Vec&, Mat& J) { J(0, 0) = 0.0; });
}

// Type1R: y = 1 − x², r = −λ.
std::shared_ptr<FirstOrderType1R> type1Relation(bool jacobians) {
  auto h = [](double, const Vec& x, const Vec&, Vec& y) { y(0) = 1.0 - x(0) * x(0); };
  auto g = [](double, const Vec& l, const Vec&, Vec& r) { r(0) = -l(0); };
  if (!jacobians) {
    auto rel = std::make_shared<FirstOrderType1R>(h, g);
    rel->setJacobianByFiniteDifferences(true);
    return rel;
  }
  return std::make_shared<FirstOrderType1R>(
      h, g, [](double, const Vec& x, const Vec&, Mat& C) { C(0, 0) = -2.0 * x(0); },
      [](double, const Vec&, const Vec&, Mat& B) { B(0, 0) = -1.0; });
}

// NonLinearR: y = 1 − x, r = g(x, λ) = −λ x² (K = −2λx, B = −x²).
std::shared_ptr<FirstOrderNonLinearR> nonlinearRelation() {
  return std::make_shared<FirstOrderNonLinearR>(
      [](double, const Vec& x, const Vec&, const Vec&, Vec& y) { y(0) = 1.0 - x(0); },
      [](double, const Vec& x, const Vec& l, const Vec&, Vec& r) { r(0) = -l(0) * x(0) * x(0); },
      [](double, const Vec&, const Vec&, const Vec&, Mat& C) { C(0, 0) = -1.0; },
      [](double, const Vec&, const Vec&, const Vec&, Mat& D) { D(0, 0) = 0.0; },
      [](double, const Vec& x, const Vec& l, const Vec&, Mat& K) { K(0, 0) = -2.0 * l(0) * x(0); },
      [](double, const Vec& x, const Vec&, const Vec&, Mat& B) { B(0, 0) = -x(0) * x(0); });
}

struct ScalarRun {
  std::vector<double> x, lambda;
  std::vector<unsigned> iterations;
  std::vector<std::vector<double>> residuals;
};

ScalarRun runScalar(std::shared_ptr<FirstOrderNonLinearDS> ds, std::shared_ptr<Relation> rel,
                    double h, double T, double tol = 1e-13, bool reset = true) {
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(1.0), std::make_shared<LCP>("lemke"));
  sim.setNewtonTolerance(tol);
  sim.setResetAllLambda(reset);
  ScalarRun run;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_TRUE(sim.newtonConverged()) << "t = " << sim.nextTime();
    run.x.push_back(ds->x()(0));
    run.lambda.push_back(inter->lambda(0)(0));
    run.iterations.push_back(sim.newtonIterations());
    run.residuals.push_back(sim.newtonResiduals());
    sim.nextStep();
  }
  return run;
}

void expectUnitDriftAnswer(const ScalarRun& run, double h, double tol) {
  for (std::size_t k = 0; k < run.x.size(); ++k) {
    const double xk = std::min(static_cast<double>(k) * h, 1.0);  // x before step k
    const double expectedX = std::min(static_cast<double>(k + 1) * h, 1.0);
    const double expectedLambda = std::max(0.0, (xk + h - 1.0) / h);
    EXPECT_NEAR(run.x[k], expectedX, tol) << "step " << k;
    EXPECT_NEAR(run.lambda[k], expectedLambda, tol) << "step " << k;
  }
}

}  // namespace

TEST(EulerMoreauNonlinear, IsLinearOnlyForLinearModels) {
  auto lin = std::make_shared<FirstOrderLinearTIDS>(Vec::Constant(1, 1.0), Mat::Constant(1, 1, -1));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(lin);
  auto osi = std::make_shared<EulerMoreauOSI>(0.5);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1), osi,
                   std::make_shared<LCP>());
  sim.initialize();
  EXPECT_TRUE(osi->isLinear());
  sim.computeOneStep();
  EXPECT_TRUE(sim.newtonResiduals().empty());  // one pass, no Newton loop

  auto nsds2 = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds2->insertDynamicalSystem(cubicDecay(1.0));
  auto osi2 = std::make_shared<EulerMoreauOSI>(0.5);
  TimeStepping sim2(nsds2, std::make_shared<TimeDiscretisation>(0.0, 0.1), osi2,
                    std::make_shared<LCP>());
  sim2.initialize();
  EXPECT_FALSE(osi2->isLinear());
  EXPECT_TRUE(sim2.resetAllLambda());
  sim2.computeOneStep();
  EXPECT_FALSE(sim2.newtonResiduals().empty());
}

// θ = 1: order 1; θ = ½: order 2 (ratios of the errors for h, h/2, h/4).
TEST(EulerMoreauNonlinear, CubicDecayConvergesAtOrderOneAndTwo) {
  const double e1[3] = {cubicError(1.0, 0.1), cubicError(1.0, 0.05), cubicError(1.0, 0.025)};
  const double e2[3] = {cubicError(0.5, 0.1), cubicError(0.5, 0.05), cubicError(0.5, 0.025)};
  for (int i = 0; i < 2; ++i) {
    const double p1 = std::log2(e1[i] / e1[i + 1]);
    const double p2 = std::log2(e2[i] / e2[i + 1]);
    std::printf("cubic decay: theta = 1 order %.3f, theta = 1/2 order %.3f\n", p1, p2);
    EXPECT_NEAR(p1, 1.0, 0.1);
    EXPECT_NEAR(p2, 2.0, 0.1);
  }
  EXPECT_LT(e2[2], 1e-4);
}

// The discrete step is solved exactly (to the tolerance): x_{k+1} − x_k = −h x_{k+1}³ for θ = 1.
TEST(EulerMoreauNonlinear, CubicDecayStepSolvesTheImplicitEquation) {
  auto ds = cubicDecay(2.0);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  const double h = 0.2;
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(1.0), std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-14);
  double xk = 2.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    const double x = ds->x()(0);
    EXPECT_NEAR(x - xk, -h * x * x * x, 1e-13);
    EXPECT_GE(sim.newtonIterations(), 2u);
    xk = x;
    sim.nextStep();
  }
}

// Quadratic convergence: the residuals of the Newton iterates at the contact step satisfy
// r_{τ+1} ≤ C r_τ² (y = 1 − x² reached from x = 0.9 with h = 0.3).
TEST(EulerMoreauNonlinear, NewtonConvergesQuadraticallyOnANonlinearRelation) {
  const double h = 0.3;
  const ScalarRun run = runScalar(unitDrift(), type1Relation(true), h, 3.0, 1e-15);
  expectUnitDriftAnswer(run, h, 1e-13);
  const std::vector<double>& r = run.residuals[3];  // step t = 0.9 → 1.2: first contact
  ASSERT_GE(r.size(), 4u);
  std::printf("contact step residuals:");
  for (double v : r) std::printf(" %.3e", v);
  std::printf("\n");
  int checked = 0;
  for (std::size_t i = 0; i + 1 < r.size(); ++i) {
    if (r[i] > 1e-1 || r[i + 1] < 1e-14) continue;
    EXPECT_LE(r[i + 1], 2.0 * r[i] * r[i]) << "iteration " << i;
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

TEST(EulerMoreauNonlinear, Type1RMatchesTheAnalyticAnswer) {
  const double h = 0.3;
  const ScalarRun run = runScalar(unitDrift(), type1Relation(true), h, 3.0);
  expectUnitDriftAnswer(run, h, 1e-12);
}

// g = −λ x² depends on x: the K = ∇ₓg reduction (W̃ = W − hγK).
TEST(EulerMoreauNonlinear, NonLinearRWithKMatchesTheAnalyticAnswer) {
  const double h = 0.3;
  const ScalarRun run = runScalar(unitDrift(), nonlinearRelation(), h, 3.0);
  expectUnitDriftAnswer(run, h, 1e-12);
  EXPECT_GE(run.iterations[3], 2u);
}

// ds without Jacobian and relation without Jacobians, both by finite differences: the
// converged Newton iterates are the same solution.
TEST(EulerMoreauNonlinear, FiniteDifferenceJacobiansGiveTheSameSolution) {
  const double h = 0.3;
  auto ds = std::make_shared<FirstOrderNonLinearDS>(
      Vec::Zero(1), [](double, const Vec&, const Vec&, Vec& f) { f(0) = 1.0; });
  ds->setJacobianByFiniteDifferences(true);
  const ScalarRun fd = runScalar(ds, type1Relation(false), h, 3.0, 1e-12);
  const ScalarRun exact = runScalar(unitDrift(), type1Relation(true), h, 3.0, 1e-12);
  expectUnitDriftAnswer(fd, h, 1e-11);
  for (std::size_t k = 0; k < fd.x.size(); ++k) {
    EXPECT_NEAR(fd.x[k], exact.x[k], 1e-11);
    EXPECT_LE(fd.iterations[k], exact.iterations[k] + 1);
  }
  // ẋ = −x³ with ∇ₓf by finite differences against the analytic Jacobian.
  auto a = cubicDecay(1.5);
  auto b = std::make_shared<FirstOrderNonLinearDS>(
      Vec::Constant(1, 1.5),
      [](double, const Vec& x, const Vec&, Vec& f) { f(0) = -x(0) * x(0) * x(0); });
  b->setJacobianByFiniteDifferences(true);
  std::vector<double> xa, xb;
  for (auto& system : {std::static_pointer_cast<FirstOrderNonLinearDS>(a), b}) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(system);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<LCP>());
    sim.setNewtonTolerance(1e-13);
    std::vector<double>& out = system == b ? xb : xa;
    while (sim.hasNextEvent()) {
      sim.computeOneStep();
      out.push_back(system->x()(0));
      sim.nextStep();
    }
  }
  ASSERT_EQ(xa.size(), xb.size());
  for (std::size_t k = 0; k < xa.size(); ++k) EXPECT_NEAR(xa[k], xb[k], 1e-12);
  b->computeJacobianfx(0.0, Vec::Constant(1, 0.7));
  a->computeJacobianfx(0.0, Vec::Constant(1, 0.7));
  EXPECT_NEAR(b->jacobianfx()(0, 0), a->jacobianfx()(0, 0), 1e-8);
}

// Type2R y = 1 − x + λ³, r = −λ: in contact x = 1 + λ³ with λ = 1 at rest (x = 2). Without the
// λ reset the Newton loop starts at the solution once at rest (one iteration); with it, from
// λ = 0.
TEST(EulerMoreauNonlinear, Type2RRestStateAndResetAllLambda) {
  auto rel = [] {
    return std::make_shared<FirstOrderType2R>(
        [](double, const Vec& x, const Vec& l, const Vec&, Vec& y) {
          y(0) = 1.0 - x(0) + l(0) * l(0) * l(0);
        },
        [](double, const Vec& l, const Vec&, Vec& r) { r(0) = -l(0); },
        [](double, const Vec&, const Vec&, const Vec&, Mat& C) { C(0, 0) = -1.0; },
        [](double, const Vec&, const Vec& l, const Vec&, Mat& D) { D(0, 0) = 3.0 * l(0) * l(0); },
        [](double, const Vec&, const Vec&, Mat& B) { B(0, 0) = -1.0; });
  };
  const double h = 0.1;
  // Rest is approached as exp(−t/3) (ẋ ≈ (2 − x)/3 near x = 2): T = 150.
  const ScalarRun reset = runScalar(unitDrift(), rel(), h, 150.0, 1e-13, true);
  const ScalarRun keep = runScalar(unitDrift(), rel(), h, 150.0, 1e-13, false);
  ASSERT_EQ(reset.x.size(), keep.x.size());
  const std::size_t last = reset.x.size() - 1;
  EXPECT_NEAR(reset.x[last], 2.0, 1e-12);
  EXPECT_NEAR(reset.lambda[last], 1.0, 1e-12);
  for (std::size_t k = 0; k <= last; ++k) {
    EXPECT_NEAR(reset.x[k], keep.x[k], 1e-12);
    EXPECT_NEAR(reset.lambda[k], keep.lambda[k], 1e-12);
    // Complementarity of the true output h(x, λ) at every step.
    const double y = 1.0 - reset.x[k] + std::pow(reset.lambda[k], 3);
    EXPECT_GE(y, -1e-12);
    EXPECT_LE(std::abs(y * reset.lambda[k]), 1e-12);
  }
  EXPECT_EQ(keep.iterations[last], 1u);
  EXPECT_GT(reset.iterations[last], 2u);
}

namespace {

// The same linear model as FirstOrderLinearR (one pass) and as FirstOrderType2R with linear
// functions (Newton mode): a damped oscillator x = (q, v), y = C x + D λ, r = B λ.
struct LinearModel {
  Mat A, C, D, B;
  LinearModel(Eigen::Index m) {
    A.resize(2, 2);
    A << 0.0, 1.0, -4.0, -0.2;
    C = Mat::Zero(m, 2);
    D = Mat::Zero(m, m);
    B = Mat::Zero(2, m);
    C(0, 0) = 1.0;
    D(0, 0) = 0.3;
    B(1, 0) = 1.0;
    if (m == 2) {
      C(1, 1) = 1.0;
      C(1, 0) = 0.5;
      D(1, 1) = 1.0;
      D(0, 1) = 0.2;
      D(1, 0) = -0.2;
      B(0, 1) = 0.4;
    }
  }
};

std::vector<Vec> runLinear(const std::string& kind, bool type2, double gamma = 1.0) {
  const Eigen::Index m = kind == "mlcp" ? 2 : 1;
  const LinearModel lm(m);
  Vec x0(2);
  x0 << 1.0, 0.5;
  auto ds = std::make_shared<FirstOrderLinearTIDS>(x0, lm.A);
  std::shared_ptr<Relation> rel;
  if (type2) {
    rel = std::make_shared<FirstOrderType2R>(
        [lm](double, const Vec& x, const Vec& l, const Vec&, Vec& y) { y = lm.C * x + lm.D * l; },
        [lm](double, const Vec& l, const Vec&, Vec& r) { r = lm.B * l; },
        [lm](double, const Vec&, const Vec&, const Vec&, Mat& C) { C = lm.C; },
        [lm](double, const Vec&, const Vec&, const Vec&, Mat& D) { D = lm.D; },
        [lm](double, const Vec&, const Vec&, Mat& B) { B = lm.B; });
  } else {
    auto lr = std::make_shared<FirstOrderLinearR>(lm.C, lm.B);
    lr->setDPtr(lm.D);
    rel = lr;
  }
  std::shared_ptr<NonSmoothLaw> law;
  std::shared_ptr<OneStepNSProblem> problem;
  if (kind == "lcp") {
    law = std::make_shared<ComplementarityConditionNSL>(1);
    problem = std::make_shared<LCP>("lemke");
  } else if (kind == "relay") {
    law = std::make_shared<RelayNSL>(1);
    problem = std::make_shared<Relay>();
  } else {
    law = std::make_shared<MixedComplementarityConditionNSL>(1, 1);
    problem = std::make_shared<MLCP>("enum");
  }
  auto inter = std::make_shared<Interaction>(law, rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 4.0);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto osi = gamma < 1.0 ? std::make_shared<EulerMoreauOSI>(0.5, gamma)
                         : std::make_shared<EulerMoreauOSI>(0.5);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.02), osi, problem);
  sim.setNewtonTolerance(1e-10);
  std::vector<Vec> out;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_EQ(osi->isLinear(), !type2);
    EXPECT_TRUE(sim.newtonConverged());
    Vec row(2 + m);
    row << ds->x(), inter->lambda(0);
    out.push_back(row);
    sim.nextStep();
  }
  return out;
}

void expectSameRuns(const std::string& kind, double gamma = 1.0) {
  const std::vector<Vec> a = runLinear(kind, false, gamma), b = runLinear(kind, true, gamma);
  ASSERT_EQ(a.size(), b.size());
  double diff = 0.0, active = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    diff = std::max(diff, (a[k] - b[k]).lpNorm<Eigen::Infinity>());
    active = std::max(active, a[k].tail(a[k].size() - 2).lpNorm<Eigen::Infinity>());
  }
  std::printf("%s: Type2R vs FirstOrderLinearR max difference %.3e (max |lambda| %.3f)\n",
              kind.c_str(), diff, active);
  EXPECT_LE(diff, 1e-12);
  EXPECT_GT(active, 0.1);  // the constraint is active somewhere
}

}  // namespace

TEST(EulerMoreauNonlinear, LinearType2RAgreesWithFirstOrderLinearRForLcp) { expectSameRuns("lcp"); }
TEST(EulerMoreauNonlinear, LinearType2RAgreesWithFirstOrderLinearRForRelay) {
  expectSameRuns("relay");
}
TEST(EulerMoreauNonlinear, LinearType2RAgreesWithFirstOrderLinearRForMlcp) {
  expectSameRuns("mlcp");
}
// γ = 0.6: the h(1−γ) r_k term (r_k kept at the start of the step in Newton mode).
TEST(EulerMoreauNonlinear, LinearType2RAgreesWithFirstOrderLinearRWithGamma) {
  expectSameRuns("lcp", 0.6);
}

// A state written between steps is x_k of the next Newton loop (θ = 1: x − x_k = −h x³).
TEST(EulerMoreauNonlinear, UserWrittenStateStartsTheNextStep) {
  auto ds = cubicDecay(1.0);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  const double h = 0.1;
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(1.0), std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-14);
  sim.computeOneStep();
  sim.nextStep();
  ds->x()(0) = 3.0;
  sim.computeOneStep();
  const double x = ds->x()(0);
  EXPECT_NEAR(x - 3.0, -h * x * x * x, 1e-13);
  // Computing the same step again gives the same answer (the iterate restarts from x_k).
  sim.computeOneStep();
  EXPECT_NEAR(ds->x()(0), x, 1e-15);
}

// Non-convergence (two Newton iterations allowed: enough in free flight, where the second
// iterate is exact, not at the contact step, which needs four): Throw → SimulationError
// naming the step; Continue → the last iterate, newtonConverged() false; Warn → one line.
TEST(EulerMoreauNonlinear, NonConvergenceFollowsTheFailurePolicy) {
  for (FailurePolicy policy :
       {FailurePolicy::Throw, FailurePolicy::Warn, FailurePolicy::Continue}) {
    auto ds = unitDrift();
    auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1),
                                               type1Relation(true));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3.0);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter, ds);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.3),
                     std::make_shared<EulerMoreauOSI>(1.0), std::make_shared<LCP>("lemke"));
    sim.setNewtonMaxIteration(2);
    sim.setNewtonTolerance(1e-12);
    sim.setFailurePolicy(policy);
    for (int k = 0; k < 3; ++k) {  // free flight: converged in two iterations
      sim.computeOneStep();
      EXPECT_TRUE(sim.newtonConverged());
      sim.nextStep();
    }
    if (policy == FailurePolicy::Throw) {
      EXPECT_THROW_WITH(sim.computeOneStep(), SimulationError, "did not converge", "step 3");
      continue;
    }
    testing::internal::CaptureStderr();
    sim.computeOneStep();
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_FALSE(sim.newtonConverged());
    EXPECT_EQ(sim.newtonIterations(), 2u);
    EXPECT_GT(sim.newtonOutputResidual(), 1e-12);
    if (policy == FailurePolicy::Warn)
      EXPECT_NE(err.find("did not converge"), std::string::npos) << err;
    else
      EXPECT_TRUE(err.empty()) << err;
  }
}

TEST(EulerMoreauNonlinear, RejectedModelsAreNamed) {
  {
    // f without ∇ₓf and without finite differences.
    auto ds = std::make_shared<FirstOrderNonLinearDS>(
        Vec::Constant(1, 1.0), [](double, const Vec& x, const Vec&, Vec& f) { f = -x; });
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, std::string("∇ₓf"), ds->description());
  }
  {
    // A mass function whose value is singular at t0.
    auto ds = cubicDecay(1.0);
    ds->setComputeMFunction([](double, const Vec& x, const Vec&, Mat& M) { M(0, 0) = 1 - x(0); });
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, std::string("singular"), ds->description());
  }
  {
    // K = ∇ₓg on an interaction linking two systems.
    auto a = cubicDecay(1.0), b = cubicDecay(2.0);
    auto rel = std::make_shared<FirstOrderNonLinearR>(
        [](double, const Vec& x, const Vec&, const Vec&, Vec& y) { y(0) = x(0) - x(1); },
        [](double, const Vec& x, const Vec& l, const Vec&, Vec& r) {
          r(0) = l(0) * x(1);
          r(1) = -l(0) * x(0);
        });
    rel->setJacobianByFiniteDifferences(true);
    auto inter =
        std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(a);
    nsds->insertDynamicalSystem(b);
    nsds->link(inter, a, b);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<EulerMoreauOSI>(0.5), std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, "K = ∇ₓg", "2 systems");
  }
}

// A Type2R relation between a linear and a nonlinear system (two blocks): the converged step
// satisfies the discrete equations of docs/theory/euler-moreau.md §6 (checked directly).
TEST(EulerMoreauNonlinear, TwoSystemsConvergedStepSatisfiesTheDiscreteEquations) {
  const double h = 0.05, theta = 0.5;
  auto a = cubicDecay(1.0);
  auto b = std::make_shared<FirstOrderLinearTIDS>(Vec::Constant(1, -0.5), Mat::Constant(1, 1, 0.0),
                                                  Vec::Constant(1, 1.0));
  // y = x_a − x_b + λ + λ³/4 ≥ 0 (a stays above b), r = (λ, −λ)
  auto rel = std::make_shared<FirstOrderType2R>(
      [](double, const Vec& x, const Vec& l, const Vec&, Vec& y) {
        y(0) = x(0) - x(1) + l(0) + 0.25 * l(0) * l(0) * l(0);
      },
      [](double, const Vec& l, const Vec&, Vec& r) {
        r(0) = l(0);
        r(1) = -l(0);
      });
  rel->setJacobianByFiniteDifferences(true);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3.0);
  nsds->insertDynamicalSystem(a);
  nsds->insertDynamicalSystem(b);
  nsds->link(inter, a, b);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(theta), std::make_shared<LCP>("lemke"));
  sim.setNewtonTolerance(1e-13);
  int active = 0;
  while (sim.hasNextEvent()) {
    const double xa = a->x()(0), xb = b->x()(0);
    sim.computeOneStep();
    ASSERT_TRUE(sim.newtonConverged());
    const double ya = a->x()(0), yb = b->x()(0), l = inter->lambda(0)(0);
    EXPECT_NEAR(ya - xa, h * theta * (-ya * ya * ya) + h * (1 - theta) * (-xa * xa * xa) + h * l,
                1e-12);
    EXPECT_NEAR(yb - xb, h * 1.0 - h * l, 1e-12);
    const double y = ya - yb + l + 0.25 * l * l * l;
    EXPECT_GE(y, -1e-12);
    EXPECT_GE(l, -1e-12);
    EXPECT_LE(std::abs(y * l), 1e-11);
    if (l > 1e-6) ++active;
    sim.nextStep();
  }
  EXPECT_GT(active, 10);
}

// ---- mass M(t, x, z) (docs/theory/euler-moreau.md §6.8) ---------------------------------------

namespace {

// m(t) ẋ = −x, m(t) = 1 + t, x(0) = 1: x(t) = 1/(1 + t). Written as a FirstOrderNonLinearDS
// (f = −x) or as a FirstOrderLinearTIDS (A = −1), both with setComputeMFunction.
struct TimeMassRun {
  double maxStepError = 0.0;  // max |x_{k+1} − closed form of the step| (relative)
  double error = 0.0;         // |x(T) − 1/(1 + T)|
  bool linearMode = true;     // osi->isLinear() after initialize
  unsigned maxIterations = 0;
};

TimeMassRun runTimeMass(double theta, double h, bool linearDS, double T = 1.0) {
  std::shared_ptr<FirstOrderNonLinearDS> ds;
  if (linearDS)
    ds = std::make_shared<FirstOrderLinearTIDS>(Vec::Constant(1, 1.0), Mat::Constant(1, 1, -1.0));
  else
    ds = std::make_shared<FirstOrderNonLinearDS>(
        Vec::Constant(1, 1.0), [](double, const Vec& x, const Vec&, Vec& f) { f = -x; },
        [](double, const Vec&, const Vec&, Mat& J) { J(0, 0) = -1.0; });
  ds->setComputeMFunction([](double t, const Vec&, const Vec&, Mat& M) { M(0, 0) = 1.0 + t; });
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  auto osi = std::make_shared<EulerMoreauOSI>(theta);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi,
                   std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-14);
  sim.initialize();
  TimeMassRun run;
  run.linearMode = osi->isLinear();
  double xk = 1.0;
  std::size_t k = 0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_TRUE(sim.newtonConverged());
    run.maxIterations = std::max(run.maxIterations, sim.newtonIterations());
    // m_{k+1}(x_{k+1} − x_k) = −hθ x_{k+1} − h(1−θ) x_k, m_{k+1} = m(t_{k+1})
    const double m1 = 1.0 + static_cast<double>(k + 1) * h;
    const double expected = xk * (m1 - h * (1.0 - theta)) / (m1 + h * theta);
    const double x = ds->x()(0);
    run.maxStepError = std::max(run.maxStepError, std::abs(x - expected) / std::abs(expected));
    xk = x;
    ++k;
    sim.nextStep();
  }
  run.error = std::abs(xk - 1.0 / (1.0 + T));
  return run;
}

// (1 + x²) ẋ = −x, x(0) = 1: ln x + x²/2 = 1/2 − t (exact, solved by Newton here).
double stateMassExact(double t) {
  double x = 1.0;
  for (int i = 0; i < 100; ++i) {
    const double g = std::log(x) + 0.5 * x * x - (0.5 - t);
    const double dx = g / (1.0 / x + x);
    x -= dx;
    if (std::abs(dx) < 1e-16) break;
  }
  return x;
}

struct StateMassRun {
  double maxDiscreteResidual = 0.0;  // max |(1 + x_{k+1}²)(x_{k+1} − x_k) + h(θx_{k+1} + (1−θ)x_k)|
  double error = 0.0;                // |x(T) − exact|
  unsigned maxIterations = 0;
  std::vector<double> firstStepResiduals;  // Newton residuals of the first step
};

StateMassRun runStateMass(double theta, double h, double tol, double T = 1.0) {
  auto ds = std::make_shared<FirstOrderNonLinearDS>(
      Vec::Constant(1, 1.0), [](double, const Vec& x, const Vec&, Vec& f) { f = -x; },
      [](double, const Vec&, const Vec&, Mat& J) { J(0, 0) = -1.0; });
  ds->setComputeMFunction(
      [](double, const Vec& x, const Vec&, Mat& M) { M(0, 0) = 1.0 + x(0) * x(0); });
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<EulerMoreauOSI>(theta), std::make_shared<LCP>());
  sim.setNewtonTolerance(tol);
  sim.setNewtonMaxIteration(100);
  StateMassRun run;
  double xk = 1.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_TRUE(sim.newtonConverged());
    if (run.firstStepResiduals.empty()) run.firstStepResiduals = sim.newtonResiduals();
    run.maxIterations = std::max(run.maxIterations, sim.newtonIterations());
    const double x = ds->x()(0);
    const double res = (1.0 + x * x) * (x - xk) + h * (theta * x + (1.0 - theta) * xk);
    run.maxDiscreteResidual = std::max(run.maxDiscreteResidual, std::abs(res));
    xk = x;
    sim.nextStep();
  }
  run.error = std::abs(xk - stateMassExact(T));
  return run;
}

}  // namespace

// m(t) ẋ = −x with m(t) = 1 + t: every step is the closed form of the θ-scheme with M at t_{k+1}
// (1e-12), Newton mode also for a FirstOrderLinearTIDS, one Newton iteration per step (M does
// not depend on x and f is linear: W is exact, the first update solves the step), and order 1
// for θ = 1 AND θ = ½ (M at t_{k+1} multiplies the whole θ-average, §6.8).
TEST(EulerMoreauNonlinear, TimeDependentMassFollowsTheThetaRecurrence) {
  for (bool linearDS : {false, true}) {
    for (double theta : {1.0, 0.5}) {
      const TimeMassRun run = runTimeMass(theta, 0.1, linearDS);
      std::printf("m(t) = 1 + t, %s, theta = %.1f: max step error %.2e, %u iterations\n",
                  linearDS ? "FirstOrderLinearTIDS" : "FirstOrderNonLinearDS", theta,
                  run.maxStepError, run.maxIterations);
      EXPECT_FALSE(run.linearMode) << "linearDS " << linearDS;
      EXPECT_LE(run.maxStepError, 1e-12) << "linearDS " << linearDS << " theta " << theta;
      EXPECT_EQ(run.maxIterations, 1u);
    }
  }
  double e1[3], e2[3];
  for (int i = 0; i < 3; ++i) {
    const double h = 0.1 / std::pow(2.0, i);
    e1[i] = runTimeMass(1.0, h, false).error;
    e2[i] = runTimeMass(0.5, h, true).error;
  }
  for (int i = 0; i < 2; ++i) {
    const double p1 = std::log2(e1[i] / e1[i + 1]);
    const double p2 = std::log2(e2[i] / e2[i + 1]);
    std::printf("m(t) = 1 + t: errors %.3e %.3e, theta = 1 order %.3f, theta = 1/2 order %.3f\n",
                e1[i + 1], e2[i + 1], p1, p2);
    EXPECT_NEAR(p1, 1.0, 0.1);
    EXPECT_NEAR(p2, 1.0, 0.1);
  }
}

// (1 + x²) ẋ = −x: every converged step satisfies M(x_{k+1})(x_{k+1} − x_k) = h(θ f_{k+1} +
// (1−θ) f_k) to the Newton tolerance; the frozen-mass Newton converges linearly (several
// iterations, residual ratios < ½); x(T) converges to the exact solution at order 1.
TEST(EulerMoreauNonlinear, StateDependentMassSolvesTheDiscreteEquation) {
  for (double theta : {1.0, 0.5}) {
    const StateMassRun run = runStateMass(theta, 0.1, 1e-13);
    EXPECT_LE(run.maxDiscreteResidual, 2e-13) << "theta " << theta;
    EXPECT_GE(run.maxIterations, 3u);
    const std::vector<double>& r = run.firstStepResiduals;
    std::printf("M = 1 + x^2, theta = %.1f: max discrete residual %.2e, max %u iterations\n", theta,
                run.maxDiscreteResidual, run.maxIterations);
    std::printf("M = 1 + x^2, theta = %.1f, first-step residuals:", theta);
    for (double v : r) std::printf(" %.2e", v);
    std::printf("\n");
    ASSERT_GE(r.size(), 3u);
    for (std::size_t i = 0; i + 1 < r.size(); ++i) {
      if (r[i] > 1e-12) {
        EXPECT_LT(r[i + 1], 0.5 * r[i]) << "iteration " << i;
      }
    }
  }
  double e1[3], e2[3];
  for (int i = 0; i < 3; ++i) {
    const double h = 0.1 / std::pow(2.0, i);
    e1[i] = runStateMass(1.0, h, 1e-13).error;
    e2[i] = runStateMass(0.5, h, 1e-13).error;
  }
  for (int i = 0; i < 2; ++i) {
    const double p1 = std::log2(e1[i] / e1[i + 1]);
    const double p2 = std::log2(e2[i] / e2[i + 1]);
    std::printf("M = 1 + x^2: errors %.3e %.3e, theta = 1 order %.3f, theta = 1/2 order %.3f\n",
                e1[i + 1], e2[i + 1], p1, p2);
    EXPECT_NEAR(p1, 1.0, 0.1);
    EXPECT_NEAR(p2, 1.0, 0.1);
  }
  EXPECT_LT(e2[2], 1e-2);
}
