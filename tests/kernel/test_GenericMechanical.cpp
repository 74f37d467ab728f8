// GenericMechanical: the law → block mapping; a model with frictional contacts only gives the
// FrictionContact(3)/(2) trajectory, a model mixing bilateral joints and unilateral contacts the
// MLCP trajectory (both to solver tolerance); the tangential restitution; solver errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

using namespace moreau;

namespace {

constexpr double kG = 9.81;

// Two point masses (q = x, y, z): 0 above the ground, 1 above 0, contacts with friction along z
// (rows: normal z, tangents x, y). Initial tangential velocities make them slide, then stick.
struct TwoMassStack {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<LagrangianLinearTIDS> p0, p1;
  std::shared_ptr<Interaction> ground, stack;

  explicit TwoMassStack(int dim, double et = 0.0) {
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    const double m0 = 1.0, m1 = 0.5;
    p0 = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(0, 0, 0.05),
                                                Eigen::Vector3d(1.0, 0.5, -1.0),
                                                m0 * Eigen::Matrix3d::Identity());
    p1 = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(0, 0, 0.12),
                                                Eigen::Vector3d(-0.5, 0.2, -2.0),
                                                m1 * Eigen::Matrix3d::Identity());
    p0->setFExtPtr(Eigen::Vector3d(0, 0, -m0 * kG));
    p1->setFExtPtr(Eigen::Vector3d(0, 0, -m1 * kG));
    nsds->insertDynamicalSystem(p0);
    nsds->insertDynamicalSystem(p1);
    Eigen::MatrixXd Hg(dim, 3), Hc(dim, 6);
    if (dim == 3) {
      Hg << 0, 0, 1, 1, 0, 0, 0, 1, 0;
      Hc << 0, 0, -1, 0, 0, 1, -1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1, 0;
    } else {
      Hg << 0, 0, 1, 1, 0, 0;
      Hc << 0, 0, -1, 0, 0, 1, -1, 0, 0, 1, 0, 0;
    }
    ground =
        std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.5, et, 0.3, dim),
                                      std::make_shared<LagrangianLinearTIR>(Hg));
    Eigen::VectorXd b = Eigen::VectorXd::Zero(dim);
    b(0) = -0.05;  // contact when z1 − z0 = 0.05
    stack =
        std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.2, et, 0.6, dim),
                                      std::make_shared<LagrangianLinearTIR>(Hc, b));
    nsds->link(ground, p0);
    nsds->link(stack, p0, p1);
  }
};

// q = (x0, y0, x1, y1), unit masses, gravity −y. Mass 0 on the line y0 = x0 (bilateral), stop
// x0 >= 0.5 (Newton impact, e = 0.5), mass 1 tied to mass 0 at a horizontal distance 0.3
// (bilateral x1 − x0 = 0.3) and resting on the ground y1 >= 0 (Newton impact, e = 0).
struct LineAndStops {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<LagrangianLinearTIDS> mass;
  std::vector<std::shared_ptr<Interaction>> interactions;

  LineAndStops() {
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.5);
    Eigen::Vector4d q0(1.0, 1.0, 1.3, 0.0);
    mass = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector4d(0, 0, 0, 0),
                                                  Eigen::Matrix4d::Identity());
    mass->setFExtPtr(Eigen::Vector4d(0, -kG, 0, -kG));
    nsds->insertDynamicalSystem(mass);
    auto add = [&](std::shared_ptr<NonSmoothLaw> law, Eigen::RowVector4d H, double b) {
      auto inter = std::make_shared<Interaction>(
          law, std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd(H),
                                                     Eigen::VectorXd::Constant(1, b)));
      nsds->link(inter, mass);
      interactions.push_back(inter);
    };
    add(std::make_shared<NewtonImpactNSL>(0.5), Eigen::RowVector4d(1, 0, 0, 0), -0.5);
    add(std::make_shared<EqualityConditionNSL>(1), Eigen::RowVector4d(-1, 1, 0, 0), 0.0);
    add(std::make_shared<NewtonImpactNSL>(0.0), Eigen::RowVector4d(0, 0, 0, 1), 0.0);
    add(std::make_shared<EqualityConditionNSL>(1), Eigen::RowVector4d(-1, 0, 1, 0), -0.3);
  }
};

// Runs `steps` steps and returns the positions and velocities after each step.
std::vector<Eigen::VectorXd> run(TimeStepping& sim, OneStepNSProblem& osnsp,
                                 const std::vector<std::shared_ptr<LagrangianDS>>& systems,
                                 int steps) {
  std::vector<Eigen::VectorXd> states;
  for (int k = 0; k < steps && sim.hasNextEvent(); ++k) {
    sim.computeOneStep();
    EXPECT_TRUE(osnsp.lastResult().converged())
        << "step " << k << ": " << osnsp.lastResult().message << " " << osnsp.lastResult().error;
    Eigen::VectorXd s(0);
    for (const auto& ds : systems) {
      Eigen::VectorXd t(s.size() + 2 * ds->q().size());
      t << s, ds->q(), ds->velocity();
      s = t;
    }
    states.push_back(s);
    sim.nextStep();
  }
  return states;
}

double maxDifference(const std::vector<Eigen::VectorXd>& a, const std::vector<Eigen::VectorXd>& b) {
  EXPECT_EQ(a.size(), b.size());
  double d = 0.0;
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k)
    d = std::max(d, (a[k] - b[k]).lpNorm<Eigen::Infinity>());
  return d;
}

std::vector<Eigen::VectorXd> frictionOnlyComparison(int dim, double et) {
  const double h = 5e-3;
  const int steps = 150;
  TwoMassStack a(dim, et), b(dim, et);
  auto fc = std::make_shared<FrictionContact>(dim);
  fc->setTolerance(1e-11);
  auto gmp = std::make_shared<GenericMechanical>();
  gmp->setTolerance(1e-11);
  TimeStepping simA(a.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                    std::make_shared<MoreauJeanOSI>(0.5), fc);
  TimeStepping simB(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                    std::make_shared<MoreauJeanOSI>(0.5), gmp);
  const auto ra = run(simA, *fc, {a.p0, a.p1}, steps);
  const auto rb = run(simB, *gmp, {b.p0, b.p1}, steps);
  const double diff = maxDifference(ra, rb);
  EXPECT_LT(diff, 1e-8);
  std::printf("friction only, dim %d, e_t %g: max |state difference| %.3g over %d steps\n", dim, et,
              diff, steps);
  // friction acted: the lower mass slid at 1 m/s along x and has stopped
  EXPECT_NEAR(b.p0->velocity()(0), 0.0, 1e-8);
  // the contacts were active (else the comparison says nothing): both bodies ended at rest on
  // each other, with impulses
  EXPECT_GT(b.ground->lambda(1)(0), 0.0);
  EXPECT_GT(b.stack->lambda(1)(0), 0.0);
  EXPECT_EQ(gmp->problem().numberOfBlocks(), 2);
  for (const auto& blk : gmp->problem().blocks())
    EXPECT_EQ(blk.type, dim == 3 ? numerics::GmpBlockType::FrictionContact3D
                                 : numerics::GmpBlockType::FrictionContact2D);
  return rb;
}

}  // namespace

TEST(GenericMechanical, FrictionOnlyGivesTheFrictionContact3Trajectory) {
  frictionOnlyComparison(3, 0.0);
}

TEST(GenericMechanical, FrictionOnlyGivesTheFrictionContact2Trajectory) {
  frictionOnlyComparison(2, 0.0);
}

TEST(GenericMechanical, TangentialRestitutionAsFrictionContact) {
  const auto with = frictionOnlyComparison(3, 0.4);
  const auto without = frictionOnlyComparison(3, 0.0);
  // e_T changes the motion (so the comparison above did test the tangential shift)
  EXPECT_GT(maxDifference(with, without), 1e-4);
}

TEST(GenericMechanical, BilateralAndUnilateralGiveTheMlcpTrajectory) {
  const double h = 1e-3;
  const int steps = 1200;  // slides down the line, hits the stop, bounces, settles
  LineAndStops a, b;
  auto mlcp = std::make_shared<MLCP>("enum");
  mlcp->setTolerance(1e-13);
  auto gmp = std::make_shared<GenericMechanical>();
  gmp->setTolerance(1e-13);
  TimeStepping simA(a.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                    std::make_shared<MoreauJeanOSI>(0.5), mlcp);
  TimeStepping simB(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                    std::make_shared<MoreauJeanOSI>(0.5), gmp);
  const auto ra = run(simA, *mlcp, {a.mass}, steps);
  const auto rb = run(simB, *gmp, {b.mass}, steps);
  const double diff = maxDifference(ra, rb);
  EXPECT_LT(diff, 1e-9);
  std::printf("bilateral + unilateral: max |state difference| %.3g over %d steps\n", diff, steps);
  // The stop was hit (x0 = 0.5 reached) and the joints hold.
  double minX = INFINITY;
  for (const auto& s : rb) minX = std::min(minX, s(0));
  EXPECT_NEAR(minX, 0.5, 1e-3);
  const Eigen::VectorXd& q = b.mass->q();
  EXPECT_NEAR(q(1) - q(0), 0.0, 1e-9);
  EXPECT_NEAR(q(2) - q(0), 0.3, 1e-9);
  // block mapping, in the index set's order: the two equality and the two impact rows
  int equalities = 0, complementarities = 0;
  for (const auto& blk : gmp->problem().blocks()) {
    if (blk.type == numerics::GmpBlockType::Equality) ++equalities;
    if (blk.type == numerics::GmpBlockType::Complementarity) ++complementarities;
  }
  EXPECT_EQ(equalities, 2);
  EXPECT_GE(complementarities, 1);
}

TEST(GenericMechanical, MapsEveryLawToItsBlock) {
  // One mass with 6 dofs and one interaction per law; all active at t0 (b <= 0).
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(8), v0 = Eigen::VectorXd::Zero(8);
  auto mass = std::make_shared<LagrangianLinearTIDS>(q0, v0, Eigen::MatrixXd::Identity(8, 8));
  nsds->insertDynamicalSystem(mass);
  int next = 0;
  auto add = [&](std::shared_ptr<NonSmoothLaw> law, int rows) {
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(rows, 8);
    for (int r = 0; r < rows; ++r) H(r, next++) = 1.0;
    auto inter = std::make_shared<Interaction>(
        law, std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(rows, -0.01)));
    nsds->link(inter, mass);
  };
  add(std::make_shared<EqualityConditionNSL>(1), 1);
  add(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.4, 3), 3);
  add(std::make_shared<NewtonImpactNSL>(0.0), 1);
  add(std::make_shared<MixedComplementarityConditionNSL>(1, 1), 2);
  add(std::make_shared<RelayNSL>(1), 1);
  auto gmp = std::make_shared<GenericMechanical>();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), gmp);
  sim.computeOneStep();
  ASSERT_EQ(gmp->size(), 8);
  EXPECT_TRUE(gmp->lastResult().converged()) << gmp->lastResult().message;
  std::vector<numerics::GmpBlockType> types;
  for (const auto& blk : gmp->problem().blocks()) types.push_back(blk.type);
  std::sort(types.begin(), types.end());
  using T = numerics::GmpBlockType;
  EXPECT_EQ(types, (std::vector<T>{T::Complementarity, T::Complementarity, T::Equality, T::Equality,
                                   T::FrictionContact3D, T::Relay}));
  for (const auto& blk : gmp->problem().blocks())
    if (blk.type == T::FrictionContact3D) {
      EXPECT_EQ(blk.mu, 0.4);
    }
}

TEST(GenericMechanical, RejectsUnknownSolvers) {
  EXPECT_THROW_WITH(GenericMechanical("lemke"), ModelError, "lemke", "nsgs");
  GenericMechanical gmp("NSGS");
  EXPECT_EQ(gmp.numericsSolverOptions().solver, "nsgs");
  EXPECT_STREQ(gmp.typeName(), "GenericMechanical");
}

TEST(GenericMechanical, DumpedProblemReadsBackAsTheAssembledOne) {
  TwoMassStack model(3);
  auto gmp = std::make_shared<GenericMechanical>();
  TimeStepping sim(model.nsds, std::make_shared<TimeDiscretisation>(0.0, 5e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), gmp);
  const std::string path = ::testing::TempDir() + "moreau_gmp_dump_" +
                           std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                           ".dat";
  EXPECT_THROW_WITH(gmp->writeProblem(path), ModelError, "no assembled problem");
  for (int k = 0; k < 40 && gmp->size() == 0; ++k) {
    sim.computeOneStep();
    sim.nextStep();
  }
  ASSERT_GT(gmp->size(), 0);
  gmp->writeProblem(path);
  const numerics::GenericMechanicalProblem back = numerics::readGenericMechanicalFile(path);
  std::remove(path.c_str());
  EXPECT_EQ(back.M().toDense(), gmp->matrix().toDense());
  EXPECT_EQ(back.q(), gmp->q());
  ASSERT_EQ(back.numberOfBlocks(), gmp->problem().numberOfBlocks());
  for (Eigen::Index b = 0; b < back.numberOfBlocks(); ++b) {
    EXPECT_EQ(back.block(b).type, gmp->problem().block(b).type);
    EXPECT_EQ(back.block(b).mu, gmp->problem().block(b).mu);
  }
}
