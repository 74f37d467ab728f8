// First-order systems: FirstOrderNonLinearDS (f, ∇ₓf, M, rhs),
// FirstOrderLinearDS with A(t), b(t), FirstOrderLinearTIDS, finite
// differences on request, bad input and memory.
#include "KernelTestUtils.hpp"
#include "test_plugin_model.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <limits>

using namespace moreau;
namespace mt = moreau_test;

namespace {

FirstOrderNonLinearDS::FFunction vdpF() {
  return [](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::VectorXd& f) {
    mt::vdpF(t, x.data(), f.data());
  };
}
FirstOrderNonLinearDS::JacobianFxFunction vdpJ() {
  return [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::MatrixXd& J) {
    mt::vdpJac(x.data(), J.data());
  };
}

}  // namespace

TEST(FirstOrderNonLinearDS, VectorFieldAndJacobianAgainstHandValues) {
  FirstOrderNonLinearDS ds(Eigen::Vector2d(0.5, -1.0), vdpF(), vdpJ());
  ds.setName("vdp");
  EXPECT_EQ(ds.dimension(), 2);
  ds.computef(0.3);
  const double mu = mt::mu;
  EXPECT_NEAR(ds.f()(0), -1.0, 1e-15);
  EXPECT_NEAR(ds.f()(1), mu * 0.75 * -1.0 - 0.5 + std::sin(0.3), 1e-15);
  ds.computeJacobianfx(0.3);
  Eigen::Matrix2d J;
  J << 0, 1, -2 * mu * 0.5 * -1.0 - 1, mu * 0.75;
  EXPECT_LT((ds.jacobianfx() - J).norm(), 1e-15);
  // At another state (e.g. x_k) without touching x.
  ds.computef(0.0, Eigen::Vector2d(1, 2));
  EXPECT_NEAR(ds.f()(1), 0.0 - 1.0, 1e-15);
  EXPECT_EQ(ds.x(), Eigen::VectorXd(Eigen::Vector2d(0.5, -1.0)));

  // rhs = M⁻¹(f + r(0)) with a constant mass.
  Eigen::Matrix2d M;
  M << 2, 1, 1, 3;
  ds.setMPtr(M);
  ds.r(0) << 0.5, 0.25;
  ds.computeRhs(0.3);
  const Eigen::Vector2d f(-1.0, mu * 0.75 * -1.0 - 0.5 + std::sin(0.3));
  EXPECT_LT((M * ds.rhs() - (f + Eigen::Vector2d(0.5, 0.25))).norm(), 1e-14);
}

TEST(FirstOrderNonLinearDS, FiniteDifferencesOnlyOnRequest) {
  FirstOrderNonLinearDS exact(Eigen::Vector2d(0.5, -1.0), vdpF(), vdpJ());
  FirstOrderNonLinearDS fd(Eigen::Vector2d(0.5, -1.0), vdpF());
  fd.setName("no jacobian");
  EXPECT_FALSE(fd.hasJacobianfx());
  EXPECT_THROW_WITH(fd.computeJacobianfx(0.0), ModelError, "'no jacobian'", "jacobianfx",
                    "setJacobianByFiniteDifferences(true)");
  fd.setJacobianByFiniteDifferences(true);
  EXPECT_TRUE(fd.hasJacobianfx());
  for (const Eigen::Vector2d& x : {Eigen::Vector2d(0.5, -1.0), Eigen::Vector2d(-30.0, 1e3)}) {
    exact.computeJacobianfx(0.1, x);
    fd.computeJacobianfx(0.1, x);
    const double scale = 1.0 + exact.jacobianfx().cwiseAbs().maxCoeff();
    EXPECT_LT((exact.jacobianfx() - fd.jacobianfx()).cwiseAbs().maxCoeff(), 1e-8 * scale);
  }
  // FiniteDifference utility on its own: exact for a quadratic up to rounding.
  FiniteDifference diff;
  Eigen::MatrixXd Jq(1, 2);
  diff.jacobian([](const Eigen::VectorXd& x,
                   Eigen::VectorXd& out) { out(0) = x(0) * x(0) + 3 * x(0) * x(1); },
                Eigen::Vector2d(2.0, -1.0), Jq);
  EXPECT_NEAR(Jq(0, 0), 2 * 2.0 + 3 * -1.0, 1e-9);
  EXPECT_NEAR(Jq(0, 1), 3 * 2.0, 1e-9);
  EXPECT_DOUBLE_EQ(FiniteDifference::step(0.0), std::cbrt(std::numeric_limits<double>::epsilon()));
  EXPECT_DOUBLE_EQ(FiniteDifference::step(-100.0),
                   100 * std::cbrt(std::numeric_limits<double>::epsilon()));
}

TEST(FirstOrderNonLinearDS, StateDependentMass) {
  FirstOrderNonLinearDS ds(Eigen::Vector2d(1, 2), vdpF(), vdpJ());
  ds.setComputeMFunction([](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&,
                            Eigen::MatrixXd& M) { M << 1 + x(0) * x(0), t, t, 2; });
  EXPECT_FALSE(ds.hasConstantM());
  ds.computeM(0.5);
  Eigen::Matrix2d M;
  M << 2, 0.5, 0.5, 2;
  EXPECT_EQ(ds.M(), Eigen::MatrixXd(M));
  ds.setComputeMFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                            Eigen::MatrixXd& M) { M << 1, 1, 1, 1; });
  ds.setName("singular");
  EXPECT_THROW_WITH(ds.computeM(0.0), ModelError, "'singular'", "singular", "2x2");
  EXPECT_THROW_WITH(ds.setMPtr(Eigen::Matrix2d::Ones()), ModelError, "'singular'", "singular");
  EXPECT_THROW_WITH(ds.setMPtr(Eigen::Matrix3d::Identity()), ModelError, "3x3", "expected 2x2");
}

TEST(FirstOrderLinearDS, TimeDependentAandB) {
  FirstOrderLinearDS ds(
      Eigen::Vector2d(1, -1),
      [](double t, const Eigen::VectorXd&, Eigen::MatrixXd& A) { mt::linA(t, A.data()); },
      [](double t, const Eigen::VectorXd&, Eigen::VectorXd& b) { mt::linB(t, b.data()); });
  EXPECT_FALSE(ds.hasConstantA());
  EXPECT_TRUE(ds.hasb());
  for (double t : {0.0, 0.5, 2.0}) {
    ds.computef(t);
    Eigen::Matrix2d A;
    A << 0, 1, -(1 + t), -0.1;
    const Eigen::Vector2d b(std::sin(t), std::cos(t));
    EXPECT_LT((ds.A() - A).norm(), 1e-15);
    EXPECT_LT((ds.f() - (A * Eigen::Vector2d(1, -1) + b)).norm(), 1e-15) << "t = " << t;
    ds.computeJacobianfx(t);
    EXPECT_EQ(ds.jacobianfx(), Eigen::MatrixXd(A));
  }
  // The Jacobian of a linear system needs no FD and is exact.
  ds.setJacobianByFiniteDifferences(false);
  EXPECT_TRUE(ds.hasJacobianfx());
  EXPECT_THROW_WITH(ds.setComputeFFunction(vdpF()), ModelError, "FirstOrderLinearDS", "A x + b");
}

TEST(FirstOrderLinearTIDS, ConstantAandB) {
  Eigen::Matrix2d A;
  A << -1, 2, 0, -3;
  FirstOrderLinearTIDS ds(Eigen::Vector2d(1, 1), A, Eigen::Vector2d(0.5, 0));
  ds.computef(123.0);
  EXPECT_LT((ds.f() - Eigen::Vector2d(1.5, -3)).norm(), 1e-15);
  EXPECT_THROW_WITH(ds.setComputeAFunction(FirstOrderLinearDS::AFunction(
                        [](double, const Eigen::VectorXd&, Eigen::MatrixXd&) {})),
                    ModelError, "FirstOrderLinearTIDS", "constant");
  FirstOrderLinearTIDS noB(Eigen::Vector2d(1, 1), A);
  noB.computef(0.0);
  EXPECT_FALSE(noB.hasb());
  EXPECT_LT((noB.f() - A * Eigen::Vector2d(1, 1)).norm(), 1e-15);
}

TEST(FirstOrderDS, BadInputNamesObjectAndSizes) {
  EXPECT_THROW_WITH(FirstOrderLinearDS(Eigen::Vector2d(0, 0), Eigen::Matrix3d::Identity()),
                    ModelError, "FirstOrderLinearDS", "the matrix A is 3x3", "expected 2x2");
  EXPECT_THROW_WITH(FirstOrderLinearDS(Eigen::Vector2d(0, 0), Eigen::Matrix2d::Identity(),
                                       Eigen::Vector3d(0, 0, 0)),
                    ModelError, "the vector b has size 3", "n = 2");
  EXPECT_THROW_WITH(FirstOrderNonLinearDS(Eigen::VectorXd()), ModelError, "x0 is empty");
  EXPECT_THROW_WITH(
      FirstOrderNonLinearDS(Eigen::Vector2d(0, std::numeric_limits<double>::infinity())),
      ModelError, "x0", "non-finite");

  FirstOrderNonLinearDS noF(Eigen::Vector2d(0, 0));
  noF.setName("empty");
  EXPECT_THROW_WITH(noF.computef(0.0), ModelError, "'empty'", "f is not set");

  FirstOrderNonLinearDS resize(Eigen::Vector2d(0, 0),
                               [](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                  Eigen::VectorXd& f) { f.resize(4); });
  resize.setName("resizer");
  EXPECT_THROW_WITH(resize.computef(0.25), ModelError, "'resizer'", "resized", "4", "t = 0.25",
                    "n = 2");
  EXPECT_EQ(resize.f().size(), 2);
  FirstOrderNonLinearDS nan(Eigen::Vector2d(0, 0), [](double, const Eigen::VectorXd&,
                                                      const Eigen::VectorXd&, Eigen::VectorXd& f) {
    f << 0, std::numeric_limits<double>::quiet_NaN();
  });
  EXPECT_THROW_WITH(nan.computef(0.0), ModelError, "non-finite", "t = 0");
  FirstOrderLinearDS badA(Eigen::Vector2d(0, 0), [](double, const Eigen::VectorXd&,
                                                    Eigen::MatrixXd& A) { A.resize(2, 1); });
  EXPECT_THROW_WITH(badA.computef(1.0), ModelError, "A(t)", "2x1", "expected 2x2");
  EXPECT_THROW_WITH(badA.computef(1.0, Eigen::Vector3d(0, 0, 0)), ModelError, "size 3", "n = 2");
}

TEST(FirstOrderDS, MemorySwapFreeStateAndLevels) {
  FirstOrderLinearTIDS ds(Eigen::Vector2d(1, 2), Eigen::Matrix2d::Identity());
  ds.x() << 3, 4;
  EXPECT_EQ(ds.xMemory(), Eigen::VectorXd(Eigen::Vector2d(1, 2)));
  DynamicalSystem& base = ds;
  base.swapInMemory();
  EXPECT_EQ(ds.xMemory(), Eigen::VectorXd(Eigen::Vector2d(3, 4)));
  ds.xFree() << 5, 6;
  EXPECT_EQ(ds.xFree()(1), 6);
  for (unsigned level = 0; level < 3; ++level) EXPECT_EQ(ds.r(level).size(), 2);
  EXPECT_THROW(ds.r(3), std::out_of_range);
  ds.setzPtr(Eigen::Vector3d(1, 2, 3));
  EXPECT_EQ(ds.z().size(), 3);
}
