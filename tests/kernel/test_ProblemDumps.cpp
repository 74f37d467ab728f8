// Problem dumps (OneStepNSProblem::setDump): the files written for LCP,
// FrictionContact (.dat and FCLIB), GlobalFrictionContact (FCLIB), MLCP and
// Relay read back with the numerics readers equal the assembled problems
// bitwise and replay to the kernel's solution; OnFailure writes only the
// failed steps; file naming and errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>
#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/io/ProblemFile.hpp>
#include <moreau/numerics/io/RelayFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <system_error>

using namespace moreau;
namespace fs = std::filesystem;

namespace {

constexpr double kG = 9.81;

// A folder of its own per test case, removed at the end.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::path(::testing::TempDir()) /
            ("moreau_dumps_" + std::to_string(::getpid()) + "_" + info->name());
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

std::size_t countFiles(const fs::path& dir) {
  std::size_t n = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) n += entry.is_regular_file() ? 1 : 0;
  return n;
}

// A column of 3 beads (1 dof each) on the ground with Newton impacts.
struct Column {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> beads;
  Column() {
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.3);
    const Eigen::VectorXd one = Eigen::VectorXd::Ones(1);
    for (int i = 0; i < 3; ++i) {
      auto bead = std::make_shared<LagrangianLinearTIDS>(0.1 * (i + 1) * one, -1.0 * one,
                                                         (1.0 + i) * Eigen::MatrixXd::Ones(1, 1));
      bead->setFExtPtr(-(1.0 + i) * kG * one);
      nsds->insertDynamicalSystem(bead);
      beads.push_back(bead);
    }
    auto ground = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.5),
        std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1),
                                              Eigen::VectorXd::Constant(1, -0.05)));
    nsds->link(ground, beads[0]);
    for (int i = 0; i < 2; ++i) {
      Eigen::MatrixXd H(1, 2);
      H << -1, 1;
      auto pair = std::make_shared<Interaction>(
          std::make_shared<NewtonImpactNSL>(0.5),
          std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -0.1)));
      nsds->link(pair, beads[static_cast<std::size_t>(i)], beads[static_cast<std::size_t>(i + 1)]);
    }
  }
};

// A point mass (x, y, z) falling on the plane z = 0 with friction.
std::shared_ptr<NonSmoothDynamicalSystem> slidingPoint(std::shared_ptr<Interaction>* contact) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.2);
  auto p = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1.0, 0.5, -1.0), Eigen::Matrix3d::Identity());
  p->setFExtPtr(Eigen::Vector3d(0, 0, -kG));
  nsds->insertDynamicalSystem(p);
  Eigen::Matrix3d H;
  H << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  *contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3),
                                    std::make_shared<LagrangianLinearTIR>(H));
  nsds->link(*contact, p);
  return nsds;
}

}  // namespace

TEST(ProblemDumps, LcpEveryStepReadsBackBitwiseAndReplaysToTheSameSolution) {
  TempDir dir;
  Column model;
  auto lcp = std::make_shared<LCP>("lemke");
  lcp->setDump(DumpMode::EveryStep, dir.path().string());
  EXPECT_EQ(lcp->dumpMode(), DumpMode::EveryStep);
  TimeStepping sim(model.nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), lcp);
  sim.initialize();
  std::size_t solved = 0, compared = 0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    ASSERT_TRUE(lcp->lastResult().converged());
    if (lcp->size() > 0) {
      ++solved;
      const std::string expected =
          dir / ("lcp-velocity-" + std::string(6 - std::to_string(sim.currentStep()).size(), '0') +
                 std::to_string(sim.currentStep()) + ".dat");
      ASSERT_EQ(lcp->lastDumpPath(), expected);
      if (solved % 25 == 1 || lcp->size() == 3) {
        ++compared;
        const auto read = numerics::readLcpFile(expected);
        EXPECT_TRUE(read.M().isSparseBlock());
        EXPECT_TRUE(read.M().toDense() == lcp->matrix().toDense());
        EXPECT_TRUE(read.q() == lcp->q());
        Eigen::VectorXd z, w;
        ASSERT_TRUE(numerics::solveLcp(read, z, w, lcp->numericsSolverOptions()).converged());
        EXPECT_LT((z - lcp->z()).cwiseAbs().maxCoeff(), 1e-12);
        // moreau-solve detects the kind from the file.
        EXPECT_EQ(numerics::detectProblemKind(expected), numerics::ProblemKind::Lcp);
      }
    }
    sim.nextStep();
  }
  ASSERT_GT(solved, 0u);
  EXPECT_GT(compared, 1u);
  EXPECT_EQ(lcp->dumpCount(), solved);
  EXPECT_EQ(countFiles(dir.path()), solved);  // no file for the empty problems
}

TEST(ProblemDumps, FrictionContactOnFailureWritesOnlyTheFailedSteps) {
  TempDir dir;
  std::shared_ptr<Interaction> contact;
  auto nsds = slidingPoint(&contact);
  auto fc = std::make_shared<FrictionContact>(3, "nsgs");
  fc->setDump(DumpMode::OnFailure, dir / "fc-{step}-{role}.dat");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), fc);
  sim.setFailurePolicy(FailurePolicy::Continue);
  sim.initialize();
  std::size_t failed = 0;
  for (int k = 0; k < 60; ++k) {
    // Steps 10..19: an impossible tolerance and one sweep (fails); else converges.
    fc->setTolerance(k >= 10 && k < 20 ? 1e-300 : 1e-12);
    fc->setMaxIterations(k >= 10 && k < 20 ? 1 : 1000);
    sim.computeOneStep();
    const std::string path = dir / ("fc-" + std::string(k < 10 ? "00000" : "0000") +
                                    std::to_string(k) + "-velocity.dat");
    if (!fc->lastResult().converged()) {
      ++failed;
      ASSERT_EQ(fc->lastDumpPath(), path);
      const auto read = numerics::readFrictionContactFile(path);
      EXPECT_TRUE(read.W().toDense() == fc->matrix().toDense());
      EXPECT_TRUE(read.q() == fc->q());
      EXPECT_TRUE(read.mu() == fc->mu());
      EXPECT_EQ(numerics::detectProblemKind(path), numerics::ProblemKind::Fc3d);
    } else {
      EXPECT_FALSE(fs::exists(path)) << path;
    }
    sim.nextStep();
  }
  EXPECT_EQ(failed, 10u);
  EXPECT_EQ(fc->dumpCount(), failed);
  EXPECT_EQ(countFiles(dir.path()), failed);
}

TEST(ProblemDumps, FrictionContactFclibAndGlobalFclibReplay) {
  TempDir dir;
  // Local form, FCLIB (with the solution).
  {
    std::shared_ptr<Interaction> contact;
    auto nsds = slidingPoint(&contact);
    auto fc = std::make_shared<FrictionContact>(3);
    fc->setTolerance(1e-12);
    fc->setDump(DumpMode::EveryStep, dir / "local-{step}.hdf5");
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                     std::make_shared<MoreauJeanOSI>(0.5), fc);
    for (int k = 0; k < 5; ++k) {
      sim.computeOneStep();
      sim.nextStep();
    }
    ASSERT_EQ(fc->dumpCount(), 5u);
    const std::string path = fc->lastDumpPath();
    EXPECT_EQ(path, dir / "local-000004.hdf5");
    EXPECT_EQ(numerics::fclibProblemForm(path), numerics::FclibForm::Local);
    const auto read = numerics::readFclibLocal(path);
    EXPECT_TRUE(read.W().toDense() == fc->matrix().toDense());
    EXPECT_TRUE(read.q() == fc->q());
    EXPECT_TRUE(read.mu() == fc->mu());
    const auto solution = numerics::readFclibSolution(path);
    ASSERT_TRUE(solution.has_value());
    EXPECT_TRUE(solution->r == fc->z());
    Eigen::VectorXd r, u;
    ASSERT_TRUE(
        numerics::solveFrictionContact(read, r, u, fc->numericsSolverOptions()).converged());
    EXPECT_LT((r - fc->z()).cwiseAbs().maxCoeff(), 1e-10);
  }
  // Global form (directory mode: FCLIB with the .hdf5 extension).
  {
    std::shared_ptr<Interaction> contact;
    auto nsds = slidingPoint(&contact);
    auto gfc = std::make_shared<GlobalFrictionContact>(3, "reduce");
    gfc->setTolerance(1e-12);
    gfc->setDump(DumpMode::EveryStep, dir / "global");
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                     std::make_shared<MoreauJeanGOSI>(0.5), gfc);
    for (int k = 0; k < 3; ++k) {
      sim.computeOneStep();
      sim.nextStep();
    }
    const std::string path = gfc->lastDumpPath();
    EXPECT_EQ(path, dir / "global/globalfrictioncontact-velocity-000002.hdf5");
    EXPECT_EQ(numerics::fclibProblemForm(path), numerics::FclibForm::Global);
    const auto read = numerics::readFclibGlobal(path);
    EXPECT_TRUE(read.M.toDense() == gfc->problem().M.toDense());
    EXPECT_TRUE(read.H.toDense() == gfc->problem().H.toDense());
    EXPECT_TRUE(read.q == gfc->problem().q);
    EXPECT_TRUE(read.b == gfc->problem().b);
    EXPECT_TRUE(read.mu == gfc->problem().mu);
    const auto solution = numerics::readFclibSolution(path);
    ASSERT_TRUE(solution.has_value());
    EXPECT_TRUE(solution->v == gfc->v());
    Eigen::VectorXd v, r, u;
    ASSERT_TRUE(numerics::solveGlobalFrictionContact(read, v, r, u, gfc->numericsSolverOptions())
                    .converged());
    EXPECT_LT((r - gfc->r()).cwiseAbs().maxCoeff(), 1e-10);
    EXPECT_LT((v - gfc->v()).cwiseAbs().maxCoeff(), 1e-10);
  }
}

TEST(ProblemDumps, MlcpRelayAndEqualityReadBack) {
  TempDir dir;
  // MLCP: two masses joined by a rod (equality), the first above a floor (impact).
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  const Eigen::VectorXd one = Eigen::VectorXd::Ones(1);
  auto a =
      std::make_shared<LagrangianLinearTIDS>(0.0 * one, -1.0 * one, Eigen::MatrixXd::Ones(1, 1));
  auto b = std::make_shared<LagrangianLinearTIDS>(0.5 * one, -1.0 * one,
                                                  2.0 * Eigen::MatrixXd::Ones(1, 1));
  nsds->insertDynamicalSystem(a);
  nsds->insertDynamicalSystem(b);
  Eigen::MatrixXd H(1, 2);
  H << -1, 1;
  nsds->link(std::make_shared<Interaction>(
                 std::make_shared<EqualityConditionNSL>(1),
                 std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -0.5))),
             a, b);
  nsds->link(std::make_shared<Interaction>(
                 std::make_shared<NewtonImpactNSL>(0.0),
                 std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1))),
             a);
  auto mlcp = std::make_shared<MLCP>("enum");
  mlcp->setDump(DumpMode::EveryStep, dir / "{problem}-{step}.dat");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                   std::make_shared<MoreauJeanOSI>(0.5), mlcp);
  sim.computeOneStep();
  ASSERT_EQ(mlcp->numberOfEqualities(), 1);
  ASSERT_EQ(mlcp->numberOfComplementarities(), 1);
  const auto read = numerics::readMlcpFile(dir / "mlcp-000000.dat");
  EXPECT_EQ(read.n(), 1);
  EXPECT_EQ(read.m(), 1);
  EXPECT_TRUE(read.M().toDense() == mlcp->matrix().toDense());
  EXPECT_TRUE(read.q() == mlcp->q());
  Eigen::VectorXd z, w;
  ASSERT_TRUE(numerics::solveMlcp(read, z, w, mlcp->numericsSolverOptions()).converged());
  EXPECT_LT((z - mlcp->z()).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(numerics::detectProblemKind(dir / "mlcp-000000.dat"), numerics::ProblemKind::Mlcp);

  // Relay.
  auto mass = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(1, -1),
                                                     Eigen::Matrix2d::Identity());
  auto nsds2 = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  nsds2->insertDynamicalSystem(mass);
  nsds2->link(std::make_shared<Interaction>(
                  std::make_shared<RelayNSL>(2, -0.3, 0.2),
                  std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2))),
              mass);
  auto relay = std::make_shared<Relay>();
  relay->setDump(DumpMode::EveryStep, dir / "relay.dat");  // no placeholder: a folder
  TimeStepping sim2(nsds2, std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                    std::make_shared<MoreauJeanOSI>(0.5), relay);
  sim2.computeOneStep();
  EXPECT_EQ(relay->lastDumpPath(), dir / "relay.dat/relay-velocity-000000.dat");
  const auto readRelay = numerics::readRelayFile(relay->lastDumpPath());
  EXPECT_TRUE(readRelay.M().toDense() == relay->matrix().toDense());
  EXPECT_TRUE(readRelay.q() == relay->q());
  EXPECT_TRUE(readRelay.lb() == relay->problem().lb());
  EXPECT_TRUE(readRelay.ub() == relay->problem().ub());
  ASSERT_TRUE(numerics::solveRelay(readRelay, z, w, relay->numericsSolverOptions()).converged());
  EXPECT_LT((z - relay->z()).cwiseAbs().maxCoeff(), 1e-10);

  // Equality: an MLCP file with m = 0.
  auto equality = std::make_shared<Equality>();
  auto nsds3 = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  auto c =
      std::make_shared<LagrangianLinearTIDS>(0.0 * one, 1.0 * one, Eigen::MatrixXd::Ones(1, 1));
  auto d =
      std::make_shared<LagrangianLinearTIDS>(0.5 * one, -1.0 * one, Eigen::MatrixXd::Ones(1, 1));
  nsds3->insertDynamicalSystem(c);
  nsds3->insertDynamicalSystem(d);
  nsds3->link(std::make_shared<Interaction>(
                  std::make_shared<EqualityConditionNSL>(1),
                  std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -0.5))),
              c, d);
  equality->setDump(DumpMode::EveryStep, dir / "eq-{time}.dat");
  TimeStepping sim3(nsds3, std::make_shared<TimeDiscretisation>(0.0, 1e-2),
                    std::make_shared<MoreauJeanOSI>(0.5), equality);
  sim3.computeOneStep();
  EXPECT_EQ(equality->lastDumpPath(), dir / "eq-0.01.dat");
  const auto readEq = numerics::readMlcpFile(equality->lastDumpPath());
  EXPECT_EQ(readEq.n(), 1);
  EXPECT_EQ(readEq.m(), 0);
  EXPECT_TRUE(readEq.q() == equality->q());
  EXPECT_NEAR(c->velocity()(0), 0.0, 1e-14);  // the momenta cancel: (1 − 1) / 2
}

TEST(ProblemDumps, SetDumpErrors) {
  LCP lcp;
  EXPECT_EQ(lcp.dumpMode(), DumpMode::Never);
  EXPECT_THROW_WITH(lcp.setDump(DumpMode::EveryStep), ModelError, "LCP", "every-step");
  EXPECT_THROW_WITH(lcp.setDump(DumpMode::OnFailure, ""), ModelError, "on-failure");
  EXPECT_NO_THROW(lcp.setDump(DumpMode::Never));
  EXPECT_THROW_WITH(lcp.writeProblem("x.dat"), ModelError, "LCP", "no assembled problem");

  // A file that cannot be written: a ModelError naming it at the step.
  TempDir dir;
  fs::create_directories(dir.path());
  const std::string blocker = dir / "file";
  { std::ofstream(blocker) << "not a folder"; }
  Column model;
  auto problem = std::make_shared<LCP>();
  problem->setDump(DumpMode::EveryStep, blocker + "/sub/{step}.dat");
  TimeStepping sim(model.nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), problem);
  bool thrown = false;
  while (sim.hasNextEvent() && !thrown) {
    try {
      sim.computeOneStep();
      sim.nextStep();
    } catch (const ModelError& e) {
      thrown = true;
      EXPECT_NE(std::string(e.what()).find("LCP"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(blocker), std::string::npos) << e.what();
    }
  }
  EXPECT_TRUE(thrown);
}
