// LagrangianDS operators (M(q), N, F_int, F_ext, the four Jacobians and
// F = F_ext − N − F_int, erratum A1), LagrangianLinearTIDS consistency, the
// diagonal variant, finite differences on request, bad input and memory.
#include "KernelTestUtils.hpp"
#include "test_plugin_model.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <limits>

using namespace moreau;
namespace mt = moreau_test;

namespace {

// Cart–pendulum/Duffing model of test_plugin_model.hpp as std::functions.
std::shared_ptr<LagrangianDS> makeCart(bool withJacobians) {
  auto ds =
      std::make_shared<LagrangianDS>(Eigen::Vector2d(0.3, 0.4), Eigen::Vector2d(-0.5, 1.1),
                                     [](const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                        Eigen::MatrixXd& M) { mt::cartMass(q.data(), M.data()); });
  ds->setName("cart");
  ds->setComputeFIntFunction(
      [](double, const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd&,
         Eigen::VectorXd& F) { mt::cartFInt(q.data(), v.data(), F.data()); });
  ds->setComputeNNLFunction([](const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                               const Eigen::VectorXd&,
                               Eigen::VectorXd& N) { mt::cartNNL(q.data(), v.data(), N.data()); });
  ds->setComputeFExtFunction(
      [](double t, Eigen::VectorXd& F) { mt::cartFExt(t, 0, nullptr, F.data()); });
  if (withJacobians) {
    ds->setComputeJacobianFIntqFunction(
        [](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
           Eigen::MatrixXd& J) { mt::cartJacFIntq(q.data(), J.data()); });
    ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&,
                                              const Eigen::VectorXd&, const Eigen::VectorXd&,
                                              Eigen::MatrixXd& J) { mt::cartJacFIntv(J.data()); });
    ds->setComputeJacobianNNLqFunction(
        [](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd&,
           Eigen::MatrixXd& J) { mt::cartJacNNLq(q.data(), v.data(), J.data()); });
    ds->setComputeJacobianNNLqDotFunction(
        [](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd&,
           Eigen::MatrixXd& J) { mt::cartJacNNLv(q.data(), v.data(), J.data()); });
  }
  return ds;
}

}  // namespace

TEST(LagrangianDS, OperatorsAgainstHandComputedValues) {
  auto ds = makeCart(true);
  const Eigen::Vector2d q(0.3, 0.4), v(-0.5, 1.1);
  const double t = 0.7;
  const double m = mt::m, l = mt::l;
  ds->computeMass();
  Eigen::Matrix2d M;
  M << mt::mc + m, m * l * std::cos(0.4), m * l * std::cos(0.4), m * l * l;
  EXPECT_LT((ds->mass() - M).norm(), 1e-15);
  EXPECT_FALSE(ds->hasConstantMass());

  ds->computeForces(t, q, v);
  const Eigen::Vector2d fExt(std::cos(t), 0.0);
  const Eigen::Vector2d N(-m * l * std::sin(0.4) * 1.1 * 1.1, 0.0);
  const Eigen::Vector2d fInt(mt::k * 0.3 + mt::alpha * 0.027 + mt::c * -0.5,
                             m * mt::g * l * std::sin(0.4));
  EXPECT_LT((ds->fExt() - fExt).norm(), 1e-15);
  EXPECT_LT((ds->NNL() - N).norm(), 1e-15);
  EXPECT_LT((ds->fInt() - fInt).norm(), 1e-15);
  // Erratum A1: F = F_ext − N − F_int (not + F_int).
  EXPECT_LT((ds->forces() - (fExt - N - fInt)).norm(), 1e-14);
  EXPECT_NEAR(ds->forces()(1), -m * mt::g * l * std::sin(0.4), 1e-14);

  ds->computeJacobianqForces(t, q, v);
  ds->computeJacobianvForces(t, q, v);
  Eigen::Matrix2d Kt, Ct;  // ∇_q (F_int + N), ∇_v (F_int + N)
  Kt << mt::k + 3 * mt::alpha * 0.09, -m * l * std::cos(0.4) * 1.21, 0,
      m * mt::g * l * std::cos(0.4);
  Ct << mt::c, -2 * m * l * std::sin(0.4) * 1.1, 0, 0;
  EXPECT_LT((ds->jacobianqForces() + Kt).norm(), 1e-14);
  EXPECT_LT((ds->jacobianvForces() + Ct).norm(), 1e-14);
  EXPECT_LT((ds->jacobianFIntq() + ds->jacobianNNLq() - Kt).norm(), 1e-14);
  EXPECT_LT((ds->jacobianFIntqDot() + ds->jacobianNNLqDot() - Ct).norm(), 1e-14);
}

TEST(LagrangianDS, UserJacobiansMatchFiniteDifferences) {
  auto exact = makeCart(true);
  auto fd = makeCart(false);
  fd->setJacobianByFiniteDifferences(true);
  for (const auto& [q, v] : {std::pair{Eigen::Vector2d(0.3, 0.4), Eigen::Vector2d(-0.5, 1.1)},
                             std::pair{Eigen::Vector2d(-2.0, 3.0), Eigen::Vector2d(4.0, -7.0)}}) {
    for (LagrangianDS* ds : {exact.get(), fd.get()}) {
      ds->computeJacobianqForces(1.0, q, v);
      ds->computeJacobianvForces(1.0, q, v);
    }
    const double scale = 1.0 + exact->jacobianqForces().cwiseAbs().maxCoeff();
    EXPECT_LT((exact->jacobianqForces() - fd->jacobianqForces()).cwiseAbs().maxCoeff(),
              1e-8 * scale);
    EXPECT_LT((exact->jacobianvForces() - fd->jacobianvForces()).cwiseAbs().maxCoeff(),
              1e-8 * scale);
    EXPECT_LT((exact->jacobianFIntq() - fd->jacobianFIntq()).cwiseAbs().maxCoeff(), 1e-8 * scale);
    EXPECT_LT((exact->jacobianNNLqDot() - fd->jacobianNNLqDot()).cwiseAbs().maxCoeff(),
              1e-8 * scale);
  }
}

TEST(LagrangianDS, MissingJacobianThrowsUnlessFiniteDifferencesRequested) {
  auto ds = makeCart(false);
  const Eigen::Vector2d q(0.3, 0.4), v(-0.5, 1.1);
  EXPECT_THROW_WITH(ds->computeJacobianqForces(0.0, q, v), ModelError, "'cart'", "∇_q F_int",
                    "setComputeJacobianFIntqFunction", "setJacobianByFiniteDifferences(true)");
  EXPECT_THROW_WITH(ds->computeJacobianNNLqDot(q, v), ModelError, "'cart'", "∇_v N");
  ds->setJacobianByFiniteDifferences(true);
  EXPECT_NO_THROW(ds->computeJacobianqForces(0.0, q, v));
  // Absent operators have zero Jacobians, no error.
  LagrangianDS plain(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0), Eigen::Matrix2d::Identity());
  plain.computeJacobianqForces(0.0, q, v);
  EXPECT_EQ(plain.jacobianqForces().norm(), 0.0);
}

TEST(LagrangianDS, LinearTIDSForcesAreFExtMinusCvMinusKq) {
  Eigen::Matrix2d M, K, C;
  M << 2, 0.5, 0.5, 1;
  K << 4, -1, -1, 3;
  C << 0.1, 0, 0, 0.3;
  LagrangianLinearTIDS ds(Eigen::Vector2d(1, 2), Eigen::Vector2d(-1, 0.5), M, K, C);
  ds.setFExtPtr(Eigen::Vector2d(0.25, -0.75));
  const Eigen::Vector2d q(1, 2), v(-1, 0.5);
  ds.computeForces(0.0, q, v);
  EXPECT_TRUE(ds.hasFInt());
  EXPECT_LT((ds.fInt() - (C * v + K * q)).norm(), 1e-15);
  EXPECT_LT((ds.forces() - (Eigen::Vector2d(0.25, -0.75) - C * v - K * q)).norm(), 1e-14);
  ds.computeJacobianqForces(0.0, q, v);
  ds.computeJacobianvForces(0.0, q, v);
  EXPECT_EQ(ds.jacobianqForces(), Eigen::MatrixXd(-K));
  EXPECT_EQ(ds.jacobianvForces(), Eigen::MatrixXd(-C));
  EXPECT_THROW_WITH(ds.setComputeFIntFunction(LagrangianDS::FIntFunction{}), ModelError,
                    "LagrangianLinearTIDS", "F_int");
  EXPECT_THROW_WITH(ds.setComputeMassFunction(
                        [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd&) {}),
                    ModelError, "constant");
}

TEST(LagrangianDS, DiagonalVariantEqualsFullMass) {
  const Eigen::Vector3d m(1, 2, 0.5), k(10, 0, 3), c(0.1, 0.2, 0), q0(0.1, -0.2, 0.3), v0(1, 0, -1);
  auto diag = std::make_shared<LagrangianLinearDiagonalDS>(q0, v0, k, c, m);
  auto full = std::make_shared<LagrangianLinearTIDS>(q0, v0, Eigen::MatrixXd(m.asDiagonal()),
                                                     Eigen::MatrixXd(k.asDiagonal()),
                                                     Eigen::MatrixXd(c.asDiagonal()));
  EXPECT_TRUE(diag->hasDiagonalMass());
  EXPECT_EQ(diag->inverseMassDiagonal(), Eigen::VectorXd(m.cwiseInverse()));
  EXPECT_EQ(diag->mass(), full->mass());
  auto force = [](double t, Eigen::VectorXd& f) { f << std::sin(t), 1.0, -2.0; };
  diag->setComputeFExtFunction(force);
  full->setComputeFExtFunction(force);
  for (LagrangianDS* ds :
       {static_cast<LagrangianDS*>(diag.get()), static_cast<LagrangianDS*>(full.get())}) {
    ds->computeForces(0.3, q0, v0);
    ds->computeJacobianqForces(0.3, q0, v0);
    ds->computeJacobianvForces(0.3, q0, v0);
  }
  EXPECT_LT((diag->forces() - full->forces()).norm(), 1e-15);
  EXPECT_EQ(diag->jacobianqForces(), full->jacobianqForces());
  EXPECT_EQ(diag->jacobianvForces(), full->jacobianvForces());

  // Same trajectory under Moreau–Jean, with a contact on the first dof.
  auto run = [](std::shared_ptr<LagrangianDS> ds) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 2.0);
    nsds->insertDynamicalSystem(ds);
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(1, 3);
    H(0, 0) = 1.0;
    auto inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.8),
        std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, 0.05)));
    nsds->link(inter, ds);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
    sim.run();
    return std::pair<Eigen::VectorXd, Eigen::VectorXd>(ds->q(), ds->velocity());
  };
  const auto [qd, vd] = run(diag);
  const auto [qf, vf] = run(full);
  EXPECT_LT((qd - qf).norm(), 1e-12);
  EXPECT_LT((vd - vf).norm(), 1e-12);
  EXPECT_GT((qd - q0).norm(), 0.1);  // it moved
}

TEST(LagrangianDS, BadInputNamesObjectAndSizes) {
  EXPECT_THROW_WITH(LagrangianDS(Eigen::Vector2d(0, 0), Eigen::Vector3d(0, 0, 0)), ModelError,
                    "q0 has size 2", "v0 has size 3");
  EXPECT_THROW_WITH(
      LagrangianDS(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0), Eigen::Matrix3d::Identity()),
      ModelError, "3x3", "expected 2x2");
  EXPECT_THROW_WITH(LagrangianLinearDiagonalDS(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                               Eigen::Vector2d(1, 0)),
                    ModelError, "LagrangianLinearDiagonalDS", "entry 1", "singular");
  EXPECT_THROW_WITH(LagrangianLinearDiagonalDS(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                               Eigen::Vector3d(1, 1, 1)),
                    ModelError, "size 3", "ndof = 2");

  auto ds = makeCart(true);
  const Eigen::Vector2d q(0.3, 0.4), v(0, 0);
  ds->setComputeFIntFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                const Eigen::VectorXd&, Eigen::VectorXd& F) { F.resize(5); });
  EXPECT_THROW_WITH(ds->computeForces(0.5, q, v), ModelError, "'cart'", "F_int", "resized", "5",
                    "t = 0.5", "ndof = 2");
  EXPECT_EQ(ds->fInt().size(), 2);  // buffer restored
  ds->setComputeFIntFunction(
      [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
         Eigen::VectorXd& F) { F.setConstant(std::numeric_limits<double>::quiet_NaN()); });
  EXPECT_THROW_WITH(ds->computeForces(0.5, q, v), ModelError, "'cart'", "F_int", "non-finite");
  ds->setComputeJacobianNNLqFunction([](const Eigen::VectorXd&, const Eigen::VectorXd&,
                                        const Eigen::VectorXd&,
                                        Eigen::MatrixXd& J) { J.resize(2, 3); });
  EXPECT_THROW_WITH(ds->computeJacobianNNLq(q, v), ModelError, "'cart'", "∇_q N", "2x3",
                    "expected 2x2");
  EXPECT_THROW_WITH(ds->computeForces(0.0, Eigen::Vector3d(0, 0, 0), v), ModelError, "size 3",
                    "ndof = 2");

  // Mass functions: singular at first use, non-symmetric, resized.
  LagrangianDS singular(
      Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M << 1, 2, 2, 4; });
  singular.setName("bad mass");
  EXPECT_THROW_WITH(singular.computeMass(), ModelError, "'bad mass'", "singular", "2x2");
  singular.setComputeMassFunction(
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M << 1, 2, 0, 4; });
  EXPECT_THROW_WITH(singular.computeMass(), ModelError, "'bad mass'", "not symmetric");
  singular.setComputeMassFunction(
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M.resize(1, 1); });
  EXPECT_THROW_WITH(singular.computeMass(), ModelError, "'bad mass'", "resized", "1x1");
  EXPECT_EQ(singular.mass().rows(), 2);
}

TEST(LagrangianDS, MemorySwapAndLevels) {
  LagrangianDS ds(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4));  // identity mass
  EXPECT_EQ(ds.mass(), Eigen::MatrixXd(Eigen::Matrix2d::Identity()));
  ds.q() << 5, 6;
  ds.velocity() << 7, 8;
  EXPECT_EQ(ds.qMemory(), Eigen::VectorXd(Eigen::Vector2d(1, 2)));
  ds.swapInMemory();
  EXPECT_EQ(ds.qMemory(), Eigen::VectorXd(Eigen::Vector2d(5, 6)));
  EXPECT_EQ(ds.velocityMemory(), Eigen::VectorXd(Eigen::Vector2d(7, 8)));
  ds.velocityFree() << 1, 1;
  for (unsigned level = 0; level < 3; ++level) EXPECT_EQ(ds.p(level).size(), 2);
  EXPECT_THROW(ds.p(3), std::out_of_range);
  // Through the base class.
  DynamicalSystem& base = ds;
  ds.q() << 0, 0;
  base.swapInMemory();
  EXPECT_EQ(ds.qMemory().norm(), 0.0);
}

TEST(MoreauJeanOSI, RejectsWhatItCannotIntegrate) {
  auto check = [](std::shared_ptr<DynamicalSystem> ds, std::initializer_list<std::string> parts) {
    ds->setName("unsupported");
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
    bool thrown = false;
    try {
      sim.computeOneStep();
    } catch (const ModelError& e) {
      thrown = true;
      const std::string what = e.what();
      EXPECT_NE(what.find("'unsupported'"), std::string::npos) << what;
      for (const auto& p : parts) EXPECT_NE(what.find(p), std::string::npos) << what;
    }
    EXPECT_TRUE(thrown);
  };
  // Nonlinear systems are integrated (Newton), but a Jacobian must be given
  // or finite differences requested.
  auto fint = std::make_shared<LagrangianDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
  fint->setComputeFIntFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                  const Eigen::VectorXd&, Eigen::VectorXd& F) { F.setZero(); });
  check(fint, {"F_int"});
  check(std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Matrix2d::Identity()),
        {"FirstOrderLinearTIDS", "first-order"});
}
