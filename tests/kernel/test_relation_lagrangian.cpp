// Lagrangian relations: outputs (levels 0 and 1), inputs p = Gᵀλ, Jacobian
// blocks against hand-computed values and finite differences, for one and two
// systems; error reporting (missing Jacobian, wrong size, NaN, wrong system).
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/kernel/modeling/LagrangianCompliantR.hpp>
#include <moreau/kernel/modeling/LagrangianRheonomousR.hpp>
#include <moreau/kernel/modeling/LagrangianScleronomousR.hpp>

#include <cmath>
#include <limits>

using namespace moreau;

namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

std::shared_ptr<LagrangianDS> makeDS(const Vec& q, const Vec& v) {
  return std::make_shared<LagrangianDS>(q, v, Mat::Identity(q.size(), q.size()));
}

// Central finite differences of f: R^n -> R^m at u.
template <class F>
Mat numericJacobian(F f, Vec u, Eigen::Index m) {
  const double eps = 1e-6;
  Mat J(m, u.size());
  for (Eigen::Index j = 0; j < u.size(); ++j) {
    Vec up = u, um = u;
    up(j) += eps;
    um(j) -= eps;
    J.col(j) = (f(up) - f(um)) / (2 * eps);
  }
  return J;
}

// Two systems (ndof 2 and 1), q = [a0, a1, b0]:
//   h(q) = [a0² + sin(a1) − b0 ;  a0 b0 + z0]
Vec hTwo(const Vec& q, const Vec& z) {
  Vec y(2);
  y << q(0) * q(0) + std::sin(q(1)) - q(2), q(0) * q(2) + (z.size() ? z(0) : 0.0);
  return y;
}
Mat GTwo(const Vec& q) {
  Mat G(2, 3);
  G << 2 * q(0), std::cos(q(1)), -1, q(2), 0, q(0);
  return G;
}

struct TwoBodies {
  std::shared_ptr<LagrangianDS> a = makeDS(Eigen::Vector2d(0.3, -0.7), Eigen::Vector2d(1.5, 0.2));
  std::shared_ptr<LagrangianDS> b = makeDS(Vec::Constant(1, 0.9), Vec::Constant(1, -2.0));
  std::shared_ptr<NonSmoothDynamicalSystem> nsds =
      std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  TwoBodies() {
    a->setName("a");
    b->setName("b");
    b->setzPtr(Vec::Constant(1, 0.25));
    nsds->insertDynamicalSystem(a);
    nsds->insertDynamicalSystem(b);
  }
  Vec q() const {
    Vec x(3);
    x << a->q(), b->q();
    return x;
  }
  Vec v() const {
    Vec x(3);
    x << a->velocity(), b->velocity();
    return x;
  }
};

}  // namespace

TEST(LagrangianScleronomousR, TwoSystemsOutputsInputsAndJacobian) {
  TwoBodies m;
  auto rel = std::make_shared<LagrangianScleronomousR>(
      [](const Vec& q, const Vec& z, Vec& y) { y = hTwo(q, z); },
      [](const Vec& q, const Vec&, Mat& G) { G = GTwo(q); });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5, 2), rel);
  EXPECT_EQ(inter->dimension(), 2);  // from the law: the relation does not fix it
  m.nsds->link(inter, m.a, m.b);
  const Vec z = Vec::Constant(1, 0.25);

  rel->computeOutput(0.0, *inter, 0);
  EXPECT_TRUE(inter->y(0).isApprox(hTwo(m.q(), z), 1e-15));
  EXPECT_NEAR(inter->y(0)(0), 0.09 + std::sin(-0.7) - 0.9, 1e-15);  // by hand
  EXPECT_NEAR(inter->y(0)(1), 0.3 * 0.9 + 0.25, 1e-15);

  rel->computeJacobians(0.0, *inter);
  const Mat G = GTwo(m.q());
  EXPECT_TRUE(rel->jachq(*inter).isApprox(G, 1e-15));
  const Mat Gfd = numericJacobian([&](const Vec& q) { return hTwo(q, z); }, m.q(), 2);
  EXPECT_LT((rel->jachq(*inter) - Gfd).norm(), 1e-8);
  EXPECT_TRUE(Mat(rel->jachqBlock(*inter, 0)).isApprox(G.leftCols(2)));
  EXPECT_TRUE(Mat(rel->jachqBlock(*inter, 1)).isApprox(G.rightCols(1)));
  EXPECT_THROW(rel->jachqBlock(*inter, 2), std::out_of_range);

  rel->computeOutput(0.0, *inter, 1);
  EXPECT_TRUE(inter->y(1).isApprox(G * m.v(), 1e-14));
  EXPECT_THROW_WITH(rel->computeOutput(0.0, *inter, 2), std::out_of_range, "level 2");

  inter->lambda(1) = Eigen::Vector2d(0.7, -1.3);
  m.a->p(1).setZero();
  m.b->p(1).setZero();
  rel->computeInput(0.0, *inter, 1);
  const Vec p = G.transpose() * inter->lambda(1);
  EXPECT_TRUE(m.a->p(1).isApprox(p.head(2), 1e-14));
  EXPECT_TRUE(m.b->p(1).isApprox(p.tail(1), 1e-14));
  rel->computeInput(0.0, *inter, 1);  // adds
  EXPECT_TRUE(m.b->p(1).isApprox(2 * p.tail(1), 1e-14));
}

TEST(LagrangianScleronomousR, OneSystemFiniteDifferencesOnRequestOnly) {
  auto ds = makeDS(Eigen::Vector2d(0.4, 1.1), Eigen::Vector2d(-1, 2));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto h = [](const Vec& q, const Vec&, Vec& y) { y(0) = q(0) * q(1) * q(1); };
  auto noG = std::make_shared<LagrangianScleronomousR>(h);
  auto i1 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), noG);
  EXPECT_THROW_WITH(nsds->link(i1, ds), ModelError, "LagrangianScleronomousR", "no Jacobian",
                    "setJacobianByFiniteDifferences");
  EXPECT_FALSE(i1->isLinked());
  EXPECT_EQ(nsds->numberOfInteractions(), 0u);
  noG->setJacobianByFiniteDifferences(true);
  nsds->link(i1, ds);
  noG->computeJacobians(0.0, *i1);
  EXPECT_NEAR(noG->jachq(*i1)(0, 0), 1.21, 1e-8);
  EXPECT_NEAR(noG->jachq(*i1)(0, 1), 2 * 0.4 * 1.1, 1e-8);
  noG->computeOutput(0.0, *i1, 1);
  EXPECT_NEAR(i1->y(1)(0), -1.21 + 2 * 0.88, 1e-8);
}

TEST(LagrangianScleronomousR, UserFunctionErrors) {
  auto ds = makeDS(Eigen::Vector2d(0.4, 1.1), Eigen::Vector2d(-1, 2));
  ds->setName("ball");
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  EXPECT_THROW_WITH(LagrangianScleronomousR(nullptr), ModelError, "h is empty");
  auto wrongSize = std::make_shared<LagrangianScleronomousR>(
      [](const Vec&, const Vec&, Vec& y) { y = Vec::Zero(3); },
      [](const Vec&, const Vec&, Mat& G) { G = Mat::Zero(1, 3); });
  auto i1 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), wrongSize);
  i1->setName("contact");
  nsds->link(i1, ds);
  EXPECT_THROW_WITH(wrongSize->computeOutput(0.0, *i1, 0), ModelError, "LagrangianScleronomousR",
                    "'contact'", "function h", "resized its output to 3", "expected 1");
  EXPECT_EQ(i1->y(0).size(), 1);  // restored
  EXPECT_THROW_WITH(wrongSize->computeJacobians(0.0, *i1), ModelError, "function G", "1x3",
                    "expected 1x2");
  auto nan = std::make_shared<LagrangianScleronomousR>(
      [](const Vec&, const Vec&, Vec& y) { y(0) = std::numeric_limits<double>::quiet_NaN(); },
      [](const Vec&, const Vec&, Mat& G) { G.setZero(); });
  auto i2 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), nan);
  nsds->link(i2, ds);
  EXPECT_THROW_WITH(nan->computeOutput(0.5, *i2, 0), ModelError, "non-finite", "t = 0.5");
}

TEST(LagrangianRheonomousR, TimeDerivativeGivenAndByFiniteDifferences) {
  auto ds = makeDS(Eigen::Vector2d(0.4, 1.1), Eigen::Vector2d(-1, 2));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  // y = q0 q1 − sin(3t),  G = [q1, q0],  ∂h/∂t = −3 cos(3t)
  auto h = [](double t, const Vec& q, const Vec&, Vec& y) { y(0) = q(0) * q(1) - std::sin(3 * t); };
  auto G = [](double, const Vec& q, const Vec&, Mat& J) { J << q(1), q(0); };
  auto hDot = [](double t, const Vec&, const Vec&, Vec& d) { d(0) = -3 * std::cos(3 * t); };
  auto full = std::make_shared<LagrangianRheonomousR>(h, G, hDot);
  auto fd = std::make_shared<LagrangianRheonomousR>(h);
  fd->setJacobianByFiniteDifferences(true);
  auto i1 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), full);
  auto i2 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), fd);
  nsds->link(i1, ds);
  nsds->link(i2, ds);
  EXPECT_THROW_WITH(
      nsds->link(std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                               std::make_shared<LagrangianRheonomousR>(h, G)),
                 ds),
      ModelError, "∂h/∂t");
  const double t = 0.3;
  for (auto [rel, inter] : {std::pair{full, i1}, std::pair{fd, i2}}) {
    rel->computeOutput(t, *inter, 0);
    EXPECT_NEAR(inter->y(0)(0), 0.44 - std::sin(0.9), 1e-15);
    rel->computeOutput(t, *inter, 1);
    const double expected = 1.1 * -1 + 0.4 * 2 - 3 * std::cos(0.9);
    EXPECT_NEAR(inter->y(1)(0), expected, 1e-8);
    EXPECT_NEAR(rel->dhdt(*inter)(0), -3 * std::cos(0.9), 1e-8);
    EXPECT_NEAR(rel->jachq(*inter)(0, 0), 1.1, 1e-8);
    EXPECT_TRUE(rel->hasTimeDerivative());
  }
}

TEST(LagrangianCompliantR, OutputsWithLambdaAndJacobians) {
  TwoBodies m;
  // y = a0 − b0 + 0.1 λ², G0 = [1 0 −1], G1 = 0.2 λ
  auto h = [](const Vec& q, const Vec& l, const Vec&, Vec& y) {
    y(0) = q(0) - q(2) + 0.1 * l(0) * l(0);
  };
  auto G0 = [](const Vec&, const Vec&, const Vec&, Mat& J) { J << 1, 0, -1; };
  auto G1 = [](const Vec&, const Vec& l, const Vec&, Mat& J) { J(0, 0) = 0.2 * l(0); };
  auto rel = std::make_shared<LagrangianCompliantR>(h, G0, G1);
  auto fdRel = std::make_shared<LagrangianCompliantR>(h);
  fdRel->setJacobianByFiniteDifferences(true);
  auto i1 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), rel);
  auto i2 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), fdRel);
  m.nsds->link(i1, m.a, m.b);
  m.nsds->link(i2, m.a, m.b);
  for (auto [r, inter] : {std::pair{rel, i1}, std::pair{fdRel, i2}}) {
    inter->lambda(0)(0) = 2.0;
    inter->lambda(1)(0) = 0.5;
    r->computeOutput(0.0, *inter, 0);
    EXPECT_NEAR(inter->y(0)(0), 0.3 - 0.9 + 0.4, 1e-15);
    r->computeOutput(0.0, *inter, 1);
    EXPECT_NEAR(inter->y(1)(0), 1.5 - (-2.0) + 0.4 * 0.5, 1e-8);
    EXPECT_NEAR(r->jachlambda(*inter)(0, 0), 0.4, 1e-8);
    EXPECT_TRUE(r->hasJachlambda());
  }
}

TEST(LagrangianLinearTIR, FullFormWithDFz) {
  TwoBodies m;
  Mat C(2, 3), D(2, 2), F(2, 1);
  C << 1, 2, 3, -1, 0, 4;
  D << 0.5, 0.1, 0, 2;
  F << 3, -1;
  const Vec e = Eigen::Vector2d(0.25, -0.5);
  auto rel = std::make_shared<LagrangianLinearTIR>(C, D, F, e);
  EXPECT_TRUE(rel->hasConstantJacobians());
  EXPECT_EQ(rel->jachq(), C);
  EXPECT_EQ(rel->e(), e);
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0, 2), rel);
  m.nsds->link(inter, m.a, m.b);
  inter->lambda(0) = Eigen::Vector2d(1, 2);
  inter->lambda(1) = Eigen::Vector2d(-1, 3);
  rel->computeOutput(0.0, *inter, 0);
  const Vec z = Vec::Constant(1, 0.25);
  EXPECT_TRUE(inter->y(0).isApprox(C * m.q() + F * z + D * inter->lambda(0) + e, 1e-15));
  rel->computeOutput(0.0, *inter, 1);
  EXPECT_TRUE(inter->y(1).isApprox(C * m.v() + D * inter->lambda(1), 1e-15));
  EXPECT_TRUE(rel->jachq(*inter).isApprox(C));
  EXPECT_TRUE(rel->jachlambda(*inter).isApprox(D));
  m.a->p(0).setZero();
  m.b->p(0).setZero();
  rel->computeInput(0.0, *inter, 0);
  const Vec p = C.transpose() * inter->lambda(0);
  EXPECT_TRUE(m.a->p(0).isApprox(p.head(2)));
  EXPECT_TRUE(m.b->p(0).isApprox(p.tail(1)));

  EXPECT_THROW_WITH(LagrangianLinearTIR(C, Mat::Ones(3, 3), Mat(), e), ModelError, "D is 3x3",
                    "expected 2x2");
  auto badF = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0, 2),
      std::make_shared<LagrangianLinearTIR>(C, Mat(), Mat::Ones(2, 4), e));
  EXPECT_THROW_WITH(m.nsds->link(badF, m.a, m.b), ModelError, "F has 4 columns", "1 components");
}

TEST(LagrangianR, RejectsWrongSystemTypeAndSizes) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  auto x = std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(1, 2), Mat::Identity(2, 2));
  x->setName("circuit");
  nsds->insertDynamicalSystem(x);
  auto inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                    std::make_shared<LagrangianLinearTIR>(Mat::Ones(1, 2)));
  EXPECT_THROW_WITH(nsds->link(inter, x), ModelError, "'circuit'", "not a LagrangianDS",
                    "LagrangianLinearTIR");
  EXPECT_FALSE(inter->isLinked());
}
