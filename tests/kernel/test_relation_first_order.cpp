// First-order relations: outputs y(0), inputs r(0) += g, Jacobians C, D, B, K
// against hand-computed values and finite differences, for one and two
// systems; linear relations (constant and time-dependent); size errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearR.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearTIR.hpp>
#include <moreau/kernel/modeling/FirstOrderNonLinearR.hpp>
#include <moreau/kernel/modeling/FirstOrderType1R.hpp>
#include <moreau/kernel/modeling/FirstOrderType2R.hpp>

#include <cmath>

using namespace moreau;

namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

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

// Two first-order systems of dimension 2 and 1: x = [a0, a1, b0]; m = 2.
struct TwoCircuits {
  std::shared_ptr<FirstOrderLinearTIDS> a =
      std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(0.5, -1.0), Mat::Identity(2, 2));
  std::shared_ptr<FirstOrderLinearTIDS> b =
      std::make_shared<FirstOrderLinearTIDS>(Vec::Constant(1, 2.0), Mat::Identity(1, 1));
  std::shared_ptr<NonSmoothDynamicalSystem> nsds =
      std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  TwoCircuits() {
    a->setName("a");
    b->setName("b");
    nsds->insertDynamicalSystem(a);
    nsds->insertDynamicalSystem(b);
  }
  Vec x() const {
    Vec v(3);
    v << a->x(), b->x();
    return v;
  }
  void clearInputs() {
    a->r(0).setZero();
    b->r(0).setZero();
  }
  Vec r() const {
    Vec v(3);
    v << a->r(0), b->r(0);
    return v;
  }
};

// h(x, λ, t) = [a0 a1 + t ; sin(b0) + λ0 λ1],  g(x, λ) = [λ0 ; λ0 λ1 ; a0 λ1]
Vec hNL(double t, const Vec& x, const Vec& l) {
  return Eigen::Vector2d(x(0) * x(1) + t, std::sin(x(2)) + l(0) * l(1));
}
Vec gNL(const Vec& x, const Vec& l) { return Eigen::Vector3d(l(0), l(0) * l(1), x(0) * l(1)); }

}  // namespace

TEST(FirstOrderType1R, TwoSystems) {
  TwoCircuits m;
  // y = h(x, t) = [a0 + 2 b0 t ; a1²],  r = g(λ) = [λ0, −λ1, λ0 + λ1]
  auto h = [](double t, const Vec& x, const Vec&, Vec& y) {
    y << x(0) + 2 * x(2) * t, x(1) * x(1);
  };
  auto g = [](double, const Vec& l, const Vec&, Vec& r) { r << l(0), -l(1), l(0) + l(1); };
  auto C = [](double t, const Vec& x, const Vec&, Mat& J) { J << 1, 0, 2 * t, 0, 2 * x(1), 0; };
  auto B = [](double, const Vec&, const Vec&, Mat& J) { J << 1, 0, 0, -1, 1, 1; };
  auto rel = std::make_shared<FirstOrderType1R>(h, g, C, B);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2), rel);
  m.nsds->link(inter, m.a, m.b);
  const double t = 0.5;
  rel->computeOutput(t, *inter, 0);
  EXPECT_TRUE(inter->y(0).isApprox(Eigen::Vector2d(0.5 + 2.0, 1.0)));
  inter->lambda(0) = Eigen::Vector2d(3, 4);
  m.clearInputs();
  rel->computeInput(t, *inter, 0);
  EXPECT_TRUE(m.r().isApprox(Eigen::Vector3d(3, -4, 7)));
  rel->computeJacobians(t, *inter);
  Mat Cexp(2, 3), Bexp(3, 2);
  Cexp << 1, 0, 1, 0, -2, 0;
  Bexp << 1, 0, 0, -1, 1, 1;
  EXPECT_TRUE(rel->C(*inter).isApprox(Cexp));
  EXPECT_TRUE(rel->B(*inter).isApprox(Bexp));
  EXPECT_TRUE(rel->D(*inter).isZero());
  EXPECT_TRUE(rel->K(*inter).size() == 0);
  EXPECT_FALSE(rel->hasD());
  EXPECT_TRUE(Mat(rel->Cblock(*inter, 1)).isApprox(Cexp.rightCols(1)));
  EXPECT_TRUE(Mat(rel->Bblock(*inter, 0)).isApprox(Bexp.topRows(2)));
  EXPECT_THROW_WITH(rel->computeOutput(t, *inter, 1), std::out_of_range, "level 1", "[0, 0]");

  // Same relation by finite differences.
  auto fd = std::make_shared<FirstOrderType1R>(h, g);
  fd->setJacobianByFiniteDifferences(true);
  auto i2 = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2), fd);
  m.nsds->link(i2, m.a, m.b);
  i2->lambda(0) = Eigen::Vector2d(3, 4);
  fd->computeJacobians(t, *i2);
  EXPECT_LT((fd->C(*i2) - Cexp).norm(), 1e-8);
  EXPECT_LT((fd->B(*i2) - Bexp).norm(), 1e-8);
  // ... and without: refused at link.
  auto none = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2),
                                            std::make_shared<FirstOrderType1R>(h, g));
  EXPECT_THROW_WITH(m.nsds->link(none, m.a, m.b), ModelError, "FirstOrderType1R", "no Jacobian C");
}

TEST(FirstOrderType2R, OneSystemWithD) {
  auto ds = std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(0.3, 0.8), Mat::Zero(2, 2));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  // y = x0 x1 + λ³,  r = [λ ; 2λ]
  auto h = [](double, const Vec& x, const Vec& l, const Vec&, Vec& y) {
    y(0) = x(0) * x(1) + l(0) * l(0) * l(0);
  };
  auto g = [](double, const Vec& l, const Vec&, Vec& r) { r << l(0), 2 * l(0); };
  auto rel = std::make_shared<FirstOrderType2R>(h, g);
  rel->setJacobianByFiniteDifferences(true);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  nsds->link(inter, ds);
  inter->lambda(0)(0) = 0.5;
  rel->computeOutput(0, *inter, 0);
  EXPECT_NEAR(inter->y(0)(0), 0.24 + 0.125, 1e-15);
  rel->computeJacobians(0, *inter);
  EXPECT_NEAR(rel->C(*inter)(0, 0), 0.8, 1e-8);
  EXPECT_NEAR(rel->C(*inter)(0, 1), 0.3, 1e-8);
  EXPECT_NEAR(rel->D(*inter)(0, 0), 0.75, 1e-8);
  EXPECT_NEAR(rel->B(*inter)(1, 0), 2.0, 1e-8);
  EXPECT_TRUE(rel->hasD());
}

TEST(FirstOrderNonLinearR, FourJacobiansAgainstFiniteDifferences) {
  TwoCircuits m;
  const double t = 0.7;
  auto h = [](double t, const Vec& x, const Vec& l, const Vec&, Vec& y) { y = hNL(t, x, l); };
  auto g = [](double, const Vec& x, const Vec& l, const Vec&, Vec& r) { r = gNL(x, l); };
  auto C = [](double, const Vec& x, const Vec&, const Vec&, Mat& J) {
    J << x(1), x(0), 0, 0, 0, std::cos(x(2));
  };
  auto D = [](double, const Vec&, const Vec& l, const Vec&, Mat& J) { J << 0, 0, l(1), l(0); };
  auto K = [](double, const Vec&, const Vec& l, const Vec&, Mat& J) {
    J.setZero();
    J(2, 0) = l(1);
  };
  auto B = [](double, const Vec& x, const Vec& l, const Vec&, Mat& J) {
    J << 1, 0, l(1), l(0), 0, x(0);
  };
  auto rel = std::make_shared<FirstOrderNonLinearR>(h, g, C, D, K, B);
  auto inter = std::make_shared<Interaction>(std::make_shared<RelayNSL>(2), rel);
  m.nsds->link(inter, m.a, m.b);
  const Vec l = Eigen::Vector2d(-0.4, 1.5);
  inter->lambda(0) = l;
  rel->computeOutput(t, *inter, 0);
  EXPECT_TRUE(inter->y(0).isApprox(hNL(t, m.x(), l)));
  m.clearInputs();
  rel->computeInput(t, *inter, 0);
  EXPECT_TRUE(m.r().isApprox(gNL(m.x(), l)));
  rel->computeJacobians(t, *inter);
  const Vec x = m.x();
  EXPECT_LT(
      (rel->C(*inter) - numericJacobian([&](const Vec& u) { return hNL(t, u, l); }, x, 2)).norm(),
      1e-8);
  EXPECT_LT(
      (rel->D(*inter) - numericJacobian([&](const Vec& u) { return hNL(t, x, u); }, l, 2)).norm(),
      1e-8);
  EXPECT_LT(
      (rel->K(*inter) - numericJacobian([&](const Vec& u) { return gNL(u, l); }, x, 3)).norm(),
      1e-8);
  EXPECT_LT(
      (rel->B(*inter) - numericJacobian([&](const Vec& u) { return gNL(x, u); }, l, 3)).norm(),
      1e-8);
  // All four by the relation's own finite differences.
  auto fd = std::make_shared<FirstOrderNonLinearR>(h, g);
  fd->setJacobianByFiniteDifferences(true);
  auto i2 = std::make_shared<Interaction>(std::make_shared<RelayNSL>(2), fd);
  m.nsds->link(i2, m.a, m.b);
  i2->lambda(0) = l;
  fd->computeJacobians(t, *i2);
  for (auto [A, Bm] :
       {std::pair{&fd->C(*i2), &rel->C(*inter)}, std::pair{&fd->D(*i2), &rel->D(*inter)},
        std::pair{&fd->K(*i2), &rel->K(*inter)}, std::pair{&fd->B(*i2), &rel->B(*inter)}})
    EXPECT_LT((*A - *Bm).norm(), 1e-8);
}

TEST(FirstOrderLinearR, ConstantAndTimeDependentOperators) {
  TwoCircuits m;
  m.b->setzPtr(Eigen::Vector2d(1.0, -2.0));
  Mat C(2, 3), D(2, 2), F(2, 2), B(3, 2);
  C << 1, 2, 3, 0, -1, 1;
  D << 1, 0, 0.5, 2;
  F << 1, 1, 0, 3;
  B << 1, 0, 0, 1, -1, 2;
  const Vec e = Eigen::Vector2d(0.1, 0.2);
  auto tir = std::make_shared<FirstOrderLinearTIR>(C, D, F, e, B);
  EXPECT_TRUE(tir->hasConstantJacobians());
  EXPECT_EQ(tir->outputSize(), 2);
  EXPECT_EQ(tir->inputSize(), 3);
  auto i1 = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2), tir);
  m.nsds->link(i1, m.a, m.b);
  const Vec l = Eigen::Vector2d(0.3, -0.6);
  i1->lambda(0) = l;
  tir->computeOutput(0, *i1, 0);
  const Vec z = Eigen::Vector2d(1.0, -2.0);
  EXPECT_TRUE(i1->y(0).isApprox(C * m.x() + F * z + D * l + e));
  m.clearInputs();
  tir->computeInput(0, *i1, 0);
  EXPECT_TRUE(m.r().isApprox(B * l));
  EXPECT_TRUE(tir->C(*i1).isApprox(C));
  EXPECT_TRUE(tir->B(*i1).isApprox(B));
  EXPECT_TRUE(tir->D(*i1).isApprox(D));
  EXPECT_THROW_WITH(tir->setComputeCFunction([](double, const Vec&, Mat&) {}), ModelError,
                    "FirstOrderLinearR");

  // Time-dependent: C(t) = t C, B(t) = (1 + t) B, e(t) = t e.
  auto rel = std::make_shared<FirstOrderLinearR>(
      [C](double t, const Vec&, Mat& out) { out = t * C; },
      [B](double t, const Vec&, Mat& out) { out = (1 + t) * B; });
  rel->setComputeEFunction([e](double t, const Vec&, Vec& out) { out = t * e; });
  EXPECT_FALSE(rel->hasConstantJacobians());
  EXPECT_EQ(rel->outputSize(), 0);
  auto i2 = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2), rel);
  m.nsds->link(i2, m.a, m.b);
  i2->lambda(0) = l;
  rel->computeOutput(2.0, *i2, 0);
  EXPECT_TRUE(i2->y(0).isApprox(2 * C * m.x() + 2 * e));
  m.clearInputs();
  rel->computeInput(2.0, *i2, 0);
  EXPECT_TRUE(m.r().isApprox(3 * B * l));
  rel->computeJacobians(0.5, *i2);
  EXPECT_TRUE(rel->C(*i2).isApprox(0.5 * C));

  // A function returning the wrong size.
  auto bad = std::make_shared<FirstOrderLinearR>(
      [](double, const Vec&, Mat& out) { out = Mat::Ones(2, 2); },
      [B](double, const Vec&, Mat& out) { out = B; });
  auto i3 = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2), bad);
  i3->setName("diode");
  m.nsds->link(i3, m.a, m.b);
  EXPECT_THROW_WITH(bad->computeOutput(0.0, *i3, 0), ModelError, "'diode'", "function C", "2x2",
                    "expected 2x3");
}

TEST(FirstOrderLinearR, SizeErrorsAtLink) {
  TwoCircuits m;
  Mat B(3, 1);
  B << 1, 2, 3;
  auto wrongC =
      std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1),
                                    std::make_shared<FirstOrderLinearTIR>(Mat::Ones(1, 4), B));
  EXPECT_THROW_WITH(m.nsds->link(wrongC, m.a, m.b), ModelError, "C has 4 columns",
                    "3 state components", "'a' (number 0) dimension 2",
                    "'b' (number 1) dimension 1");
  auto wrongB = std::make_shared<Interaction>(
      std::make_shared<ComplementarityConditionNSL>(1),
      std::make_shared<FirstOrderLinearTIR>(Mat::Ones(1, 3), Mat::Ones(2, 1)));
  EXPECT_THROW_WITH(m.nsds->link(wrongB, m.a, m.b), ModelError, "B is 2x1", "expected 3x1");
  auto wrongLaw = [&] {
    return Interaction(std::make_shared<ComplementarityConditionNSL>(2),
                       std::make_shared<FirstOrderLinearTIR>(Mat::Ones(3, 3), Mat::Ones(3, 3)));
  };
  EXPECT_THROW_WITH(wrongLaw(), ModelError, "size 2", "does not divide", "output size 3");
  // A Lagrangian system with a first-order relation.
  auto ball = std::make_shared<LagrangianDS>(Vec::Zero(1), Vec::Zero(1), Mat::Identity(1, 1));
  ball->setName("ball");
  m.nsds->insertDynamicalSystem(ball);
  auto mixed = std::make_shared<Interaction>(
      std::make_shared<ComplementarityConditionNSL>(1),
      std::make_shared<FirstOrderLinearTIR>(Mat::Ones(1, 2), Mat::Ones(2, 1)));
  EXPECT_THROW_WITH(m.nsds->link(mixed, ball), ModelError, "'ball'", "not a first-order system");
  EXPECT_THROW_WITH(FirstOrderLinearTIR(Mat(), B), ModelError, "non-empty");
}
