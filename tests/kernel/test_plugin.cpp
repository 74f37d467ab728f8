// Siconos-style "library:symbol" plug-ins (dlopen/dlsym) with the Siconos C
// signatures; the library is tests/kernel/test_plugin_lib.cpp, its path is
// MOREAU_TEST_PLUGIN.
#include "KernelTestUtils.hpp"
#include "test_plugin_model.hpp"

#include <moreau/Moreau.hpp>

#include <moreau/kernel/utils/PluginLoader.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

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

namespace {
// Changes the working directory for the scope of a test (restored after).
class ScopedWorkingDirectory {
 public:
  explicit ScopedWorkingDirectory(const std::filesystem::path& dir)
      : previous_(std::filesystem::current_path()) {
    std::filesystem::current_path(dir);
  }
  ~ScopedWorkingDirectory() {
    std::error_code ec;
    std::filesystem::current_path(previous_, ec);
  }
  ScopedWorkingDirectory(const ScopedWorkingDirectory&) = delete;
  ScopedWorkingDirectory& operator=(const ScopedWorkingDirectory&) = delete;

 private:
  std::filesystem::path previous_;
};

std::filesystem::path scratchDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  auto dir = std::filesystem::path(::testing::TempDir()) /
             ("moreau_plugin_" + std::to_string(::getpid()) + "_" + info->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

double fExtAt(LagrangianDS& ds, double t) {
  ds.computeFExt(t);
  return ds.fExt()(0);
}
}  // namespace

TEST(Plugin, CandidateFileNamesLikeSiconos) {
  EXPECT_EQ(PluginLoader::candidateFileNames("Plugin"),
            (std::vector<std::string>{"libPlugin.so", "Plugin.so"}));
  EXPECT_EQ(PluginLoader::candidateFileNames("libfoo.so"), std::vector<std::string>{"libfoo.so"});
  EXPECT_EQ(PluginLoader::candidateFileNames("libm.so.6"), std::vector<std::string>{"libm.so.6"});
  EXPECT_EQ(PluginLoader::candidateFileNames("./Plugin"), std::vector<std::string>{"./Plugin"});
}

// The test library is built next to the test executable as
// libmoreau_test_plugin.so: the bare name "moreau_test_plugin" is found there
// (from a working directory that does not hold it), in the Siconos
// two-argument form.
TEST(Plugin, BareNameIsFoundNextToTheExecutableTwoArgumentForm) {
  const auto dir = scratchDir();
  {
    ScopedWorkingDirectory cwd(dir);
    LagrangianDS ds(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
    ds.setzPtr(Eigen::VectorXd::Constant(1, 2.5));
    ds.setComputeFExtFunction("moreau_test_plugin", "cartFExt");
    EXPECT_NEAR(fExtAt(ds, 0.7), 2.5 * std::cos(0.7), 1e-15);
    // Same library through the one-argument form with a bare name.
    LagrangianDS ds2(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
    ds2.setzPtr(Eigen::VectorXd::Constant(1, 1.0));
    ds2.setComputeFExtFunction(std::string("moreau_test_plugin:cartFExt"));
    EXPECT_NEAR(fExtAt(ds2, 0.3), std::cos(0.3), 1e-15);
  }
  std::filesystem::remove_all(dir);
}

// lib<name>.so and <name>.so in the working directory.
TEST(Plugin, BareNameIsFoundInTheWorkingDirectory) {
  const auto dir = scratchDir();
  std::filesystem::copy_file(MOREAU_TEST_PLUGIN, dir / "libcwdplugin.so");
  std::filesystem::copy_file(MOREAU_TEST_PLUGIN, dir / "CwdPlugin.so");
  {
    ScopedWorkingDirectory cwd(dir);
    EXPECT_EQ(PluginLoader::openLibrary("cwdplugin")->path(), (dir / "libcwdplugin.so").string());
    EXPECT_EQ(PluginLoader::openLibrary("CwdPlugin")->path(), (dir / "CwdPlugin.so").string());
    LagrangianDS ds(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
    ds.setzPtr(Eigen::VectorXd::Constant(1, 3.0));
    ds.setComputeFExtFunction("CwdPlugin", "cartFExt");
    EXPECT_NEAR(fExtAt(ds, 1.1), 3.0 * std::cos(1.1), 1e-15);
  }
  std::filesystem::remove_all(dir);
}

// A file found under a candidate name that is not a loadable library: the
// search stops there and the error gives its path and the loader's reason.
TEST(Plugin, FoundButUnloadableLibraryIsReportedWithItsPath) {
  const auto dir = scratchDir();
  {
    std::ofstream(dir / "libBroken.so") << "not an ELF file\n";
    ScopedWorkingDirectory cwd(dir);
    LagrangianDS ds(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
    const std::string what = "cannot load library '" + (dir / "libBroken.so").string() + "'";
    EXPECT_THROW_WITH(ds.setComputeFExtFunction("Broken", "f"), ModelError, what);
  }
  std::filesystem::remove_all(dir);
}

TEST(Plugin, MissingBareLibraryNamesEveryPathSearched) {
  const auto dir = scratchDir();
  {
    ScopedWorkingDirectory cwd(dir);
    const std::string exeDir = std::filesystem::read_symlink("/proc/self/exe").parent_path();
    LagrangianDS ds(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0));
    const std::string inCwd = (dir / "libNoSuchPlugin.so").string(),
                      inCwd2 = (dir / "NoSuchPlugin.so").string(),
                      nextToExe = exeDir + "/libNoSuchPlugin.so",
                      nextToExe2 = exeDir + "/NoSuchPlugin.so", loader = "loader path",
                      ldPath = "LD_LIBRARY_PATH", what = "library 'NoSuchPlugin' not found";
    EXPECT_THROW_WITH(ds.setComputeFExtFunction("NoSuchPlugin", "f"), ModelError, what, inCwd,
                      inCwd2, nextToExe, nextToExe2, loader, ldPath);
    // Found library, missing symbol: the resolved path and the symbol.
    const std::string missing = "symbol 'noSuchSymbol' not found",
                      found = exeDir + "/libmoreau_test_plugin.so";
    EXPECT_THROW_WITH(ds.setComputeFExtFunction("moreau_test_plugin", "noSuchSymbol"), ModelError,
                      missing, found);
    EXPECT_FALSE(ds.hasFExtFunction());
  }
  std::filesystem::remove_all(dir);
}

// ---------------------------------------------------------------------------
// Relations from plug-ins: each relation built from the test library gives
// the same outputs, Jacobians and inputs as the same relation built from
// std::functions around the same model (test_plugin_model.hpp).
namespace {
using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

// What a relation computes on one interaction at a given state.
struct RelationValues {
  Vec y0, y1, input;  // y(0), y(1) (Lagrangian), p(1) or r(0)
  std::vector<Mat> jacobians;
  std::vector<Vec> vectors;  // ∂h/∂t
};

void expectSame(const RelationValues& a, const RelationValues& b, const char* what) {
  SCOPED_TRACE(what);
  EXPECT_LE((a.y0 - b.y0).lpNorm<Eigen::Infinity>(), 1e-15);
  EXPECT_LE((a.y1 - b.y1).lpNorm<Eigen::Infinity>(), 1e-15);
  EXPECT_LE((a.input - b.input).lpNorm<Eigen::Infinity>(), 1e-15);
  ASSERT_EQ(a.jacobians.size(), b.jacobians.size());
  for (std::size_t i = 0; i < a.jacobians.size(); ++i) {
    ASSERT_EQ(a.jacobians[i].rows(), b.jacobians[i].rows());
    ASSERT_EQ(a.jacobians[i].cols(), b.jacobians[i].cols());
    EXPECT_LE((a.jacobians[i] - b.jacobians[i]).lpNorm<Eigen::Infinity>(), 1e-15)
        << "Jacobian " << i;
  }
  ASSERT_EQ(a.vectors.size(), b.vectors.size());
  for (std::size_t i = 0; i < a.vectors.size(); ++i)
    EXPECT_LE((a.vectors[i] - b.vectors[i]).lpNorm<Eigen::Infinity>(), 1e-15);
}

const Vec kState = Eigen::Vector2d(0.7, -0.4);
const Vec kVelocity = Eigen::Vector2d(1.3, 0.6);
const Vec kLambda0 = Eigen::Vector2d(0.8, -1.7);
const Vec kLambda1 = Eigen::Vector2d(0.25, 0.5);
constexpr double kTime = 0.37;

// A LagrangianDS (ndof 2, z = [0.3]) linked to a 2-dimensional interaction.
RelationValues evaluateLagrangian(const std::shared_ptr<LagrangianR>& rel) {
  auto ds = std::make_shared<LagrangianDS>(kState, kVelocity, Mat::Identity(2, 2));
  ds->setzPtr(Vec::Constant(1, 0.3));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5, 2), rel);
  nsds->link(inter, ds);
  inter->lambda(0) = kLambda0;
  inter->lambda(1) = kLambda1;
  RelationValues v;
  rel->computeOutput(kTime, *inter, 0);
  v.y0 = inter->y(0);
  rel->computeOutput(kTime, *inter, 1);
  v.y1 = inter->y(1);
  rel->computeJacobians(kTime, *inter);
  v.jacobians.push_back(rel->jachq(*inter));
  if (rel->hasJachlambda()) v.jacobians.push_back(rel->jachlambda(*inter));
  if (rel->hasTimeDerivative()) v.vectors.push_back(rel->dhdt(*inter));
  ds->p(1).setZero();
  rel->computeInput(kTime, *inter, 1);
  v.input = ds->p(1);
  if (auto* s = dynamic_cast<LagrangianScleronomousR*>(rel.get()); s && s->hasDotJachq()) {
    Mat dotG;
    s->computeDotJachq(kTime, *inter, dotG);
    v.jacobians.push_back(dotG);
  }
  return v;
}

// A first-order system (dimension 2, z = [0.3]) linked to a 2-dimensional interaction.
RelationValues evaluateFirstOrder(const std::shared_ptr<FirstOrderR>& rel) {
  auto ds = std::make_shared<FirstOrderLinearTIDS>(kState, Mat::Identity(2, 2));
  ds->setzPtr(Vec::Constant(1, 0.3));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(2), rel);
  nsds->link(inter, ds);
  inter->lambda(0) = kLambda0;
  RelationValues v;
  rel->computeOutput(kTime, *inter, 0);
  v.y0 = inter->y(0);
  v.y1 = Vec();
  rel->computeJacobians(kTime, *inter);
  v.jacobians.push_back(rel->C(*inter));
  if (rel->hasD()) v.jacobians.push_back(rel->D(*inter));
  v.jacobians.push_back(rel->B(*inter));
  if (rel->hasK()) v.jacobians.push_back(rel->K(*inter));
  ds->r(0).setZero();
  rel->computeInput(kTime, *inter, 0);
  v.input = ds->r(0);
  return v;
}

double zOf(const Vec& z) { return z.size() ? z(0) : 0.0; }
}  // namespace

TEST(PluginRelations, LagrangianScleronomousRMatchesStdFunction) {
  auto viaFunctions = std::make_shared<LagrangianScleronomousR>(
      [](const Vec& q, const Vec& z, Vec& y) { mt::scleronomousH(q.data(), zOf(z), y.data()); },
      [](const Vec& q, const Vec&, Mat& G) { mt::scleronomousG(q.data(), G.data()); });
  viaFunctions->setComputeDotJachqFunction([](const Vec& q, const Vec& v, const Vec&, Mat& G) {
    mt::scleronomousDotG(q.data(), v.data(), G.data());
  });
  auto viaPlugins = std::make_shared<LagrangianScleronomousR>(
      sym("scleronomousH"), sym("scleronomousG"), sym("scleronomousDotG"));
  const auto a = evaluateLagrangian(viaFunctions), b = evaluateLagrangian(viaPlugins);
  expectSame(a, b, "scleronomous");
  // Hand values: y = [a² + sin b + z0, a b], G column-major (G(0,1) = cos b).
  EXPECT_NEAR(b.y0(0), 0.49 + std::sin(-0.4) + 0.3, 1e-15);
  EXPECT_NEAR(b.jacobians[0](0, 1), std::cos(-0.4), 1e-15);
  EXPECT_NEAR(b.jacobians[0](1, 0), -0.4, 1e-15);
  EXPECT_NEAR(b.jacobians[1](0, 1), -std::sin(-0.4) * 0.6, 1e-15);  // Ġ
  ASSERT_EQ(b.jacobians.size(), 2u);
  // Setters (one and two arguments) on a relation built from functions.
  auto viaSetters = std::make_shared<LagrangianScleronomousR>(
      [](const Vec&, const Vec&, Vec& y) { y.setZero(); });
  viaSetters->setComputehFunction(sym("scleronomousH"));
  viaSetters->setComputeJachqFunction(MOREAU_TEST_PLUGIN, "scleronomousG");
  viaSetters->setComputeDotJachqFunction(MOREAU_TEST_PLUGIN, "scleronomousDotG");
  expectSame(a, evaluateLagrangian(viaSetters), "scleronomous setters");
}

TEST(PluginRelations, LagrangianRheonomousRMatchesStdFunction) {
  auto viaFunctions = std::make_shared<LagrangianRheonomousR>(
      [](double t, const Vec& q, const Vec&, Vec& y) { mt::rheonomousH(t, q.data(), y.data()); },
      [](double t, const Vec& q, const Vec&, Mat& G) { mt::rheonomousG(t, q.data(), G.data()); },
      [](double t, const Vec& q, const Vec&, Vec& d) {
        mt::rheonomousHDot(t, q.data(), d.data());
      });
  auto viaPlugins = std::make_shared<LagrangianRheonomousR>(sym("rheonomousH"), sym("rheonomousG"),
                                                            sym("rheonomousHDot"));
  const auto a = evaluateLagrangian(viaFunctions), b = evaluateLagrangian(viaPlugins);
  expectSame(a, b, "rheonomous");
  // Time reaches the plug-in (third argument): y0 = a − A sin ωt, ∂h/∂t.
  EXPECT_NEAR(b.y0(0), 0.7 - mt::amplitude * std::sin(mt::omega * kTime), 1e-15);
  EXPECT_NEAR(b.vectors.at(0)(0), -mt::amplitude * mt::omega * std::cos(mt::omega * kTime), 1e-15);
  EXPECT_NEAR(b.jacobians[0](1, 0), -0.4 * kTime, 1e-15);
  // ẏ = G v + ∂h/∂t.
  EXPECT_NEAR(b.y1(0), 1.3 + b.vectors[0](0), 1e-15);
  auto viaSetters = std::make_shared<LagrangianRheonomousR>(
      [](double, const Vec&, const Vec&, Vec& y) { y.setZero(); });
  viaSetters->setComputehFunction("moreau_test_plugin", "rheonomousH");  // bare name, next to exe
  viaSetters->setComputeJachqFunction(sym("rheonomousG"));
  viaSetters->setComputehDotFunction(MOREAU_TEST_PLUGIN, "rheonomousHDot");
  expectSame(a, evaluateLagrangian(viaSetters), "rheonomous setters");
}

TEST(PluginRelations, LagrangianCompliantRMatchesStdFunction) {
  auto viaFunctions = std::make_shared<LagrangianCompliantR>(
      [](const Vec& q, const Vec& l, const Vec& z, Vec& y) {
        mt::compliantH(q.data(), l.data(), zOf(z), y.data());
      },
      [](const Vec&, const Vec& l, const Vec&, Mat& G) { mt::compliantG0(l.data(), G.data()); },
      [](const Vec& q, const Vec& l, const Vec&, Mat& G) {
        mt::compliantG1(q.data(), l.data(), G.data());
      });
  auto viaPlugins = std::make_shared<LagrangianCompliantR>(sym("compliantH"), sym("compliantG0"),
                                                           sym("compliantG1"));
  const auto a = evaluateLagrangian(viaFunctions), b = evaluateLagrangian(viaPlugins);
  expectSame(a, b, "compliant");
  // λ(0) reaches h; G1 = ∇_λh is the second Jacobian; ẏ = G0 v + G1 λ(1).
  EXPECT_NEAR(b.y0(1), -0.4 - 0.8 * -1.7 + 0.3, 1e-15);
  EXPECT_NEAR(b.jacobians.at(1)(0, 1), -0.4, 1e-15);
  EXPECT_LE(
      (b.y1 - (b.jacobians[0] * kVelocity + b.jacobians[1] * kLambda1)).lpNorm<Eigen::Infinity>(),
      1e-15);
  auto viaSetters = std::make_shared<LagrangianCompliantR>(
      [](const Vec&, const Vec&, const Vec&, Vec& y) { y.setZero(); });
  viaSetters->setComputehFunction(MOREAU_TEST_PLUGIN, "compliantH");
  viaSetters->setComputeJachqFunction(sym("compliantG0"));
  viaSetters->setComputeJachlambdaFunction(MOREAU_TEST_PLUGIN, "compliantG1");
  expectSame(a, evaluateLagrangian(viaSetters), "compliant setters");
}

TEST(PluginRelations, FirstOrderType1RMatchesStdFunction) {
  auto viaFunctions = std::make_shared<FirstOrderType1R>(
      [](double, const Vec& x, const Vec& z, Vec& y) { mt::type1H(x.data(), zOf(z), y.data()); },
      [](double, const Vec& l, const Vec&, Vec& r) { mt::type1G(l.data(), r.data()); },
      [](double, const Vec& x, const Vec&, Mat& C) { mt::type1C(x.data(), C.data()); },
      [](double, const Vec& l, const Vec&, Mat& B) { mt::type1B(l.data(), B.data()); });
  auto viaPlugins = std::make_shared<FirstOrderType1R>(sym("type1H"), sym("type1G"), sym("type1C"),
                                                       sym("type1B"));
  const auto a = evaluateFirstOrder(viaFunctions), b = evaluateFirstOrder(viaPlugins);
  expectSame(a, b, "type1");
  EXPECT_NEAR(b.y0(1), std::sin(0.7) + 0.3, 1e-15);
  EXPECT_NEAR(b.input(0), 0.8 + 1.7 * 1.7, 1e-15);
  EXPECT_NEAR(b.jacobians[1](0, 1), 2 * -1.7, 1e-15);  // B(0,1) = 2 λ1
  // Siconos two-string form (h, g) + setters for the Jacobians.
  auto twoStrings = std::make_shared<FirstOrderType1R>(sym("type1H"), sym("type1G"));
  twoStrings->setComputeJachxFunction(MOREAU_TEST_PLUGIN, "type1C");
  twoStrings->setComputeJacglambdaFunction(sym("type1B"));
  expectSame(a, evaluateFirstOrder(twoStrings), "type1 setters");
  twoStrings->setComputehFunction(MOREAU_TEST_PLUGIN, "type1H");
  twoStrings->setComputegFunction(sym("type1G"));
  expectSame(a, evaluateFirstOrder(twoStrings), "type1 h, g setters");
}

TEST(PluginRelations, FirstOrderType2RMatchesStdFunction) {
  auto viaFunctions = std::make_shared<FirstOrderType2R>(
      [](double, const Vec& x, const Vec& l, const Vec&, Vec& y) {
        mt::type2H(x.data(), l.data(), y.data());
      },
      [](double, const Vec& l, const Vec&, Vec& r) { mt::type2G(l.data(), r.data()); },
      [](double, const Vec&, const Vec&, const Vec&, Mat& C) { mt::type2C(C.data()); },
      [](double, const Vec&, const Vec& l, const Vec&, Mat& D) { mt::type2D(l.data(), D.data()); },
      [](double, const Vec& l, const Vec&, Mat& B) { mt::type2B(l.data(), B.data()); });
  // Siconos 4-string order: (h, g, jachx, jacglambda); jachlambda by setter.
  auto viaPlugins = std::make_shared<FirstOrderType2R>(sym("type2H"), sym("type2G"), sym("type2C"),
                                                       sym("type2B"));
  viaPlugins->setComputeJachlambdaFunction(MOREAU_TEST_PLUGIN, "type2D");
  const auto a = evaluateFirstOrder(viaFunctions), b = evaluateFirstOrder(viaPlugins);
  expectSame(a, b, "type2");
  EXPECT_NEAR(b.y0(0), 0.7 + 0.8 * -1.7, 1e-15);
  EXPECT_NEAR(b.jacobians.at(1)(0, 1), 0.8, 1e-15);  // D(0,1) = λ0
  auto viaSetters = std::make_shared<FirstOrderType2R>(sym("type2H"), sym("type2G"));
  viaSetters->setComputeJachxFunction(sym("type2C"));
  viaSetters->setComputeJachlambdaFunction(sym("type2D"));
  viaSetters->setComputeJacglambdaFunction(MOREAU_TEST_PLUGIN, "type2B");
  viaSetters->setComputehFunction(MOREAU_TEST_PLUGIN, "type2H");
  viaSetters->setComputegFunction(MOREAU_TEST_PLUGIN, "type2G");
  expectSame(a, evaluateFirstOrder(viaSetters), "type2 setters");
}

TEST(PluginRelations, FirstOrderNonLinearRMatchesStdFunction) {
  auto viaFunctions = std::make_shared<FirstOrderNonLinearR>(
      [](double t, const Vec& x, const Vec& l, const Vec& z, Vec& y) {
        mt::nonLinearH(t, x.data(), l.data(), zOf(z), y.data());
      },
      [](double t, const Vec& x, const Vec& l, const Vec&, Vec& r) {
        mt::nonLinearG(t, x.data(), l.data(), r.data());
      },
      [](double, const Vec& x, const Vec&, const Vec&, Mat& C) {
        mt::nonLinearC(x.data(), C.data());
      },
      [](double t, const Vec&, const Vec&, const Vec&, Mat& D) { mt::nonLinearD(t, D.data()); },
      [](double, const Vec&, const Vec& l, const Vec&, Mat& K) {
        mt::nonLinearK(l.data(), K.data());
      },
      [](double, const Vec& x, const Vec&, const Vec&, Mat& B) {
        mt::nonLinearB(x.data(), B.data());
      });
  auto viaPlugins = std::make_shared<FirstOrderNonLinearR>(sym("nonLinearH"), sym("nonLinearG"),
                                                           sym("nonLinearC"), sym("nonLinearD"),
                                                           sym("nonLinearK"), sym("nonLinearB"));
  const auto a = evaluateFirstOrder(viaFunctions), b = evaluateFirstOrder(viaPlugins);
  expectSame(a, b, "nonlinear");
  EXPECT_NEAR(b.y0(0), 0.7 * -0.4 + kTime * 0.8, 1e-15);  // time is the first argument
  EXPECT_NEAR(b.input(1), std::sin(kTime) + 0.7 * -1.7, 1e-15);
  EXPECT_NEAR(b.jacobians.at(3)(1, 0), -1.7, 1e-15);  // K(1,0) = λ1
  auto viaSetters = std::make_shared<FirstOrderNonLinearR>(sym("nonLinearH"), sym("nonLinearG"));
  viaSetters->setComputeJachxFunction(sym("nonLinearC"));
  viaSetters->setComputeJachlambdaFunction(MOREAU_TEST_PLUGIN, "nonLinearD");
  viaSetters->setComputeJacgxFunction(MOREAU_TEST_PLUGIN, "nonLinearK");
  viaSetters->setComputeJacglambdaFunction(sym("nonLinearB"));
  viaSetters->setComputehFunction(MOREAU_TEST_PLUGIN, "nonLinearH");
  viaSetters->setComputegFunction(sym("nonLinearG"));
  expectSame(a, evaluateFirstOrder(viaSetters), "nonlinear setters");
}

TEST(PluginRelations, FirstOrderLinearRMatchesStdFunction) {
  auto viaFunctions = std::make_shared<FirstOrderLinearR>(
      [](double t, const Vec&, Mat& C) { mt::linearC(t, C.data()); },
      [](double t, const Vec&, Mat& B) { mt::linearB(t, B.data()); });
  viaFunctions->setComputeDFunction([](double t, const Vec&, Mat& D) { mt::linearD(t, D.data()); });
  viaFunctions->setComputeFFunction([](double t, const Vec&, Mat& F) { mt::linearF(t, F.data()); });
  viaFunctions->setComputeEFunction([](double t, const Vec&, Vec& e) { mt::linearE(t, e.data()); });
  // Siconos 5-string order (C, D, F, e, B).
  auto viaPlugins = std::make_shared<FirstOrderLinearR>(
      sym("linearC"), sym("linearD"), sym("linearF"), sym("linearE"), sym("linearB"));
  const auto a = evaluateFirstOrder(viaFunctions), b = evaluateFirstOrder(viaPlugins);
  expectSame(a, b, "linear");
  // y = C x + F z + D λ + e at t.
  Mat C(2, 2), D(2, 2), F(2, 1);
  Vec e(2);
  mt::linearC(kTime, C.data());
  mt::linearD(kTime, D.data());
  mt::linearF(kTime, F.data());
  mt::linearE(kTime, e.data());
  EXPECT_LE((b.y0 - (C * kState + F * Vec::Constant(1, 0.3) + D * kLambda0 + e))
                .lpNorm<Eigen::Infinity>(),
            1e-15);
  auto twoStrings = std::make_shared<FirstOrderLinearR>(sym("linearC"), sym("linearB"));
  twoStrings->setComputeDFunction(MOREAU_TEST_PLUGIN, "linearD");
  twoStrings->setComputeFFunction(sym("linearF"));
  twoStrings->setComputeEFunction(MOREAU_TEST_PLUGIN, "linearE");
  twoStrings->setComputeCFunction(MOREAU_TEST_PLUGIN, "linearC");
  twoStrings->setComputeBFunction(sym("linearB"));
  expectSame(a, evaluateFirstOrder(twoStrings), "linear setters");
  // A time-invariant relation refuses the plug-in setters too.
  FirstOrderLinearTIR tir(Mat::Identity(2, 2), Mat::Identity(2, 2));
  EXPECT_THROW(tir.setComputeCFunction(sym("linearC")), ModelError);
}

TEST(PluginRelations, MissingLibraryOrSymbolNamesWhatWasSearched) {
  const auto dir = scratchDir();
  {
    ScopedWorkingDirectory cwd(dir);
    const std::string exeDir = std::filesystem::read_symlink("/proc/self/exe").parent_path();
    const std::string inCwd = (dir / "libNoRelPlugin.so").string(),
                      nextToExe = exeDir + "/NoRelPlugin.so",
                      what = "library 'NoRelPlugin' not found", loader = "loader path";
    EXPECT_THROW_WITH(LagrangianScleronomousR("NoRelPlugin:h0", "NoRelPlugin:G0"), ModelError, what,
                      inCwd, nextToExe, loader);
    EXPECT_THROW_WITH(LagrangianRheonomousR("NoRelPlugin:h", "", ""), ModelError, what, inCwd);
    EXPECT_THROW_WITH(LagrangianCompliantR("NoRelPlugin:h", "", ""), ModelError, what, nextToExe);
    EXPECT_THROW_WITH(FirstOrderType1R("NoRelPlugin:h", "NoRelPlugin:g"), ModelError, what);
    EXPECT_THROW_WITH(FirstOrderType2R("NoRelPlugin:h", "NoRelPlugin:g"), ModelError, what);
    EXPECT_THROW_WITH(FirstOrderNonLinearR("NoRelPlugin:h", "NoRelPlugin:g"), ModelError, what);
    EXPECT_THROW_WITH(FirstOrderLinearR("NoRelPlugin:C", "NoRelPlugin:B"), ModelError, what);
    // Library found (bare name, next to the executable), symbol missing:
    // the resolved path and the symbol.
    const std::string found = exeDir + "/libmoreau_test_plugin.so",
                      missing = "symbol 'noSuchG' not found";
    EXPECT_THROW_WITH(
        LagrangianScleronomousR("moreau_test_plugin:scleronomousH", "moreau_test_plugin:noSuchG"),
        ModelError, missing, found);
    LagrangianScleronomousR rel("moreau_test_plugin:scleronomousH", "");
    EXPECT_THROW_WITH(rel.setComputeJachqFunction("moreau_test_plugin", "noSuchG"), ModelError,
                      missing, found);
    EXPECT_THROW_WITH(FirstOrderType1R(sym("type1H"), sym("type1G"), sym("noSuchG"), ""),
                      ModelError, missing, std::string(MOREAU_TEST_PLUGIN));
    // A failed setter leaves the relation usable (G still absent: ModelError at link).
    auto ds = std::make_shared<LagrangianDS>(kState, kVelocity, Mat::Identity(2, 2));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    auto shared = std::make_shared<LagrangianScleronomousR>(sym("scleronomousH"), "");
    EXPECT_THROW(shared->setComputeJachqFunction(sym("noSuchG")), ModelError);
    EXPECT_THROW_WITH(
        nsds->link(std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5, 2), shared),
                   ds),
        ModelError, "no Jacobian G");
    EXPECT_THROW_WITH(rel.setComputehFunction(std::string("no-colon")), ModelError,
                      "\"library:symbol\"");
  }
  std::filesystem::remove_all(dir);
}
