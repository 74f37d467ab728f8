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
