// Siconos-style "library:symbol" plug-ins (dlopen/dlsym) with the Siconos C
// signatures; the library is tests/kernel/test_plugin_lib.cpp, its path is
// MOREAU_TEST_PLUGIN.
#include "KernelTestUtils.hpp"
#include "test_plugin_model.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <string>

using namespace moreau;
namespace mt = moreau_test;

namespace {
std::string sym(const char* name) { return std::string(MOREAU_TEST_PLUGIN) + ":" + name; }
}  // namespace

TEST(Plugin, LagrangianOperatorsFromLibrary) {
  auto ds = std::make_shared<LagrangianDS>(Eigen::Vector2d(0.3, 0.4), Eigen::Vector2d(-0.5, 1.1),
                                           sym("cartMass"));
  ds->setComputeFExtFunction(sym("cartFExt"));
  ds->setComputeFIntFunction(sym("cartFInt"));
  ds->setComputeNNLFunction(sym("cartNNL"));
  ds->setComputeJacobianFIntqFunction(sym("cartJacobianFIntq"));
  ds->setComputeJacobianFIntqDotFunction(sym("cartJacobianFIntqDot"));
  ds->setComputeJacobianNNLqFunction(sym("cartJacobianNNLq"));
  ds->setComputeJacobianNNLqDotFunction(sym("cartJacobianNNLqDot"));
  ds->setzPtr(Eigen::VectorXd::Constant(1, 2.5));  // F_ext amplitude, read through z

  const Eigen::Vector2d q(0.3, 0.4), v(-0.5, 1.1);
  const double t = 0.7;
  ds->computeMass();
  ds->computeForces(t, q, v);
  ds->computeJacobianqForces(t, q, v);
  ds->computeJacobianvForces(t, q, v);

  Eigen::Matrix2d M, Jq, Jv, tmp;
  Eigen::Vector2d fExt, fInt, N;
  mt::cartMass(q.data(), M.data());
  const double z = 2.5;
  mt::cartFExt(t, 1, &z, fExt.data());
  mt::cartFInt(q.data(), v.data(), fInt.data());
  mt::cartNNL(q.data(), v.data(), N.data());
  mt::cartJacFIntq(q.data(), Jq.data());
  mt::cartJacNNLq(q.data(), v.data(), tmp.data());
  Jq += tmp;
  mt::cartJacFIntv(Jv.data());
  mt::cartJacNNLv(q.data(), v.data(), tmp.data());
  Jv += tmp;
  EXPECT_LT((ds->mass() - M).norm(), 1e-15);
  EXPECT_NEAR(ds->fExt()(0), 2.5 * std::cos(t), 1e-15);
  EXPECT_LT((ds->forces() - (fExt - N - fInt)).norm(), 1e-14);
  EXPECT_LT((ds->jacobianqForces() + Jq).norm(), 1e-14);  // column-major transfer
  EXPECT_LT((ds->jacobianvForces() + Jv).norm(), 1e-14);
  EXPECT_NE(ds->jacobianqForces()(0, 1), 0.0);  // an off-diagonal entry, not transposed
  EXPECT_EQ(ds->jacobianqForces()(1, 0), 0.0);
}

TEST(Plugin, FirstOrderOperatorsFromLibrary) {
  FirstOrderNonLinearDS vdp(Eigen::Vector2d(0.5, -1.0), sym("vdpF"), sym("vdpJacobian"));
  vdp.computef(0.3);
  vdp.computeJacobianfx(0.3);
  Eigen::Vector2d f;
  Eigen::Matrix2d J;
  const Eigen::Vector2d x(0.5, -1.0);
  mt::vdpF(0.3, x.data(), f.data());
  mt::vdpJac(x.data(), J.data());
  EXPECT_EQ(vdp.f(), Eigen::VectorXd(f));
  EXPECT_EQ(vdp.jacobianfx(), Eigen::MatrixXd(J));

  FirstOrderLinearDS lin(Eigen::Vector2d(1, -1), sym("linA"), sym("linB"));
  lin.computef(2.0);
  Eigen::Matrix2d A;
  A << 0, 1, -3, -0.1;
  EXPECT_LT((lin.A() - A).norm(), 1e-15);
  EXPECT_LT((lin.f() - (A * Eigen::Vector2d(1, -1) + Eigen::Vector2d(std::sin(2.0), std::cos(2.0))))
                .norm(),
            1e-15);
  // Without b: empty string.
  FirstOrderLinearDS noB(Eigen::Vector2d(1, -1), sym("linA"), "");
  EXPECT_FALSE(noB.hasb());
}

TEST(Plugin, MissingLibraryOrSymbolIsAClearModelError) {
  LagrangianDS ds(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
  EXPECT_THROW_WITH(ds.setComputeFExtFunction(std::string("/nonexistent/libnothere.so:f")),
                    ModelError, "cannot load library '/nonexistent/libnothere.so'",
                    "libnothere.so");  // dlerror() text repeats the path
  EXPECT_THROW_WITH(ds.setComputeFExtFunction(sym("noSuchSymbol")), ModelError,
                    "symbol 'noSuchSymbol' not found", MOREAU_TEST_PLUGIN, "undefined symbol");
  EXPECT_THROW_WITH(ds.setComputeFExtFunction(std::string("no-colon")), ModelError,
                    "\"library:symbol\"");
  EXPECT_THROW_WITH(ds.setComputeFExtFunction(std::string(MOREAU_TEST_PLUGIN) + ":"), ModelError,
                    "\"library:symbol\"");
  // String literals select the plug-in overloads (no ambiguity with std::function).
  EXPECT_THROW(ds.setComputeFExtFunction("/nonexistent/libnothere.so:f"), ModelError);
  EXPECT_THROW(LagrangianDS(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0), "/nonexistent.so:m"),
               ModelError);
  EXPECT_THROW(FirstOrderLinearDS(Eigen::Vector2d(0, 0), "/nonexistent.so:A", ""), ModelError);
  EXPECT_FALSE(ds.hasFExtFunction());  // failed loads leave the system unchanged
}

TEST(Plugin, NaNFromPluginDetectedAtFirstStep) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  ds->setName("nan");
  ds->setComputeFExtFunction(sym("nanFExt"));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "'nan'", "non-finite", "t = 0");
}

TEST(Plugin, FunctionKeepsLibraryAliveAndZIsWritable) {
  std::function<void(double, const Eigen::VectorXd&, Eigen::VectorXd&)> f;
  {
    auto g = PluginLoader::fext(sym("countingFExt"));
    f = g;
  }  // g destroyed; f still holds the library
  Eigen::VectorXd out(3), z = Eigen::VectorXd::Zero(1);
  f(0.0, z, out);
  f(0.0, z, out);
  EXPECT_EQ(z(0), 2.0);
  EXPECT_EQ(out, Eigen::VectorXd::Zero(3));
  auto raw = PluginLoader::load<plugin::FExt>(sym("countingFExt"));
  ASSERT_NE(raw.function, nullptr);
  EXPECT_EQ(raw.library->path(), std::string(MOREAU_TEST_PLUGIN));
}
