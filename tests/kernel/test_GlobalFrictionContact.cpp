// GlobalFrictionContact + MoreauJeanGOSI: the assembled (M̂, H, q, b) equals
// the dense reference, the solution equals the numerics global solver's on
// the dense data, and the trajectory of spheres falling on a plane (and on
// each other) with μ = 0.3 equals the FrictionContact(3) + MoreauJeanOSI
// trajectory to 1e-8; error cases.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>

#include <cmath>

using namespace moreau;

namespace {

constexpr double kG = 9.81;

// Spheres of radius R with q = (x, y, z, θx, θy, θz), M = diag(m, m, m, I, I, I),
// I = 2/5 m R². Contacts in the contact frame (normal z, tangents x, y):
//  - plane z = 0: u = (ż, ẋ − R ω_y, ẏ + R ω_x), gap z − R;
//  - sphere b on sphere a (column): u = (ż_b − ż_a, ẋ_b − R ω_yb − ẋ_a − R ω_ya,
//    ẏ_b + R ω_xb − ẏ_a + R ω_xa), gap z_b − z_a − 2R.
struct Spheres {
  double R = 0.1, m = 1.0, mu = 0.3, e = 0.0, h = 1e-3, T = 0.5;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> balls;
  std::vector<std::shared_ptr<Interaction>> contacts;

  Spheres() {
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    const double I = 0.4 * m * R * R;
    Eigen::VectorXd mass(6);
    mass << m, m, m, I, I, I;
    // (x, y, z, vx, vy, vz, ωx, ωy): two single spheres, one column of two.
    const double init[4][8] = {{0.0, 0.0, 0.25, 3.0, 0.0, -0.5, 0.0, -10.0},
                               {1.0, 0.5, 0.15, -0.2, 0.8, 0.0, -4.0, 0.0},
                               {2.0, 0.0, 0.1, 0.5, 0.0, 0.0, 0.0, 0.0},
                               {2.0, 0.0, 0.32, 0.0, 0.3, -1.0, 2.0, 0.0}};
    for (const auto& s : init) {
      Eigen::VectorXd q = Eigen::VectorXd::Zero(6), v = Eigen::VectorXd::Zero(6);
      q << s[0], s[1], s[2], 0, 0, 0;
      v << s[3], s[4], s[5], s[6], s[7], 0;
      auto ball = std::make_shared<LagrangianLinearTIDS>(q, v, Eigen::MatrixXd(mass.asDiagonal()));
      Eigen::VectorXd f = Eigen::VectorXd::Zero(6);
      f(2) = -m * kG;
      ball->setFExtPtr(f);
      nsds->insertDynamicalSystem(ball);
      balls.push_back(ball);
    }
    for (int i = 0; i < 3; ++i) {
      Eigen::MatrixXd H = Eigen::MatrixXd::Zero(3, 6);
      H(0, 2) = 1;
      H(1, 0) = 1;
      H(1, 4) = -R;
      H(2, 1) = 1;
      H(2, 3) = R;
      link(H, Eigen::Vector3d(-R, 0, 0), balls[static_cast<std::size_t>(i)], nullptr);
    }
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(3, 12);
    H(0, 2) = -1;
    H(0, 8) = 1;
    H(1, 0) = -1;
    H(1, 4) = -R;
    H(1, 6) = 1;
    H(1, 10) = -R;
    H(2, 1) = -1;
    H(2, 3) = R;
    H(2, 7) = 1;
    H(2, 9) = R;
    link(H, Eigen::Vector3d(-2 * R, 0, 0), balls[2], balls[3]);
  }
  void link(const Eigen::MatrixXd& H, const Eigen::Vector3d& b,
            const std::shared_ptr<LagrangianLinearTIDS>& a,
            const std::shared_ptr<LagrangianLinearTIDS>& c) {
    auto inter =
        std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(e, 0.0, mu, 3),
                                      std::make_shared<LagrangianLinearTIR>(H, b));
    if (c)
      nsds->link(inter, a, c);
    else
      nsds->link(inter, a);
    contacts.push_back(inter);
  }
};

}  // namespace

TEST(GlobalFrictionContact, MatchesTheNumericsGlobalSolverOnTheDenseData) {
  // Two point masses (x, y, z): 0 on the ground, 1 on top of 0, both contacts
  // interpenetrated (b = −0.01), restitution on the normals.
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  const double m0 = 1.0, m1 = 0.5, h = 1e-2;
  auto p0 = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1.0, 0.5, -1.0), m0 * Eigen::Matrix3d::Identity());
  auto p1 = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(-0.5, 0.2, -2.0), m1 * Eigen::Matrix3d::Identity());
  p0->setFExtPtr(Eigen::Vector3d(0, 0, -m0 * kG));
  p1->setFExtPtr(Eigen::Vector3d(0, 0, -m1 * kG));
  nsds->insertDynamicalSystem(p0);
  nsds->insertDynamicalSystem(p1);
  Eigen::MatrixXd Hg(3, 3), Hc(3, 6);
  Hg << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  Hc << 0, 0, -1, 0, 0, 1, -1, 0, 0, 1, 0, 0, 0, -1, 0, 0, 1, 0;
  const Eigen::Vector3d b(-0.01, 0, 0);
  auto ground =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.0, 0.3, 3),
                                    std::make_shared<LagrangianLinearTIR>(Hg, b));
  auto stack =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.2, 0.0, 0.6, 3),
                                    std::make_shared<LagrangianLinearTIR>(Hc, b));
  nsds->link(ground, p0);
  nsds->link(stack, p0, p1);
  auto osi = std::make_shared<MoreauJeanGOSI>(0.5);
  auto gfc = std::make_shared<GlobalFrictionContact>(3);
  EXPECT_EQ(gfc->numericsSolverOptions().solver, "auto");
  gfc->setTolerance(1e-12);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi, gfc);
  const Eigen::Vector3d v0 = p0->velocity(), v1 = p1->velocity();
  sim.computeOneStep();
  ASSERT_EQ(gfc->size(), 6);
  ASSERT_EQ(gfc->numberOfDofs(), 6);
  ASSERT_TRUE(gfc->lastResult().converged()) << gfc->lastResult().message;
  EXPECT_EQ(gfc->numberOfBlocks(), 2 + 3);  // M̂: 2 diagonal blocks; H: 3 blocks
  EXPECT_TRUE(osi->hasGlobalVelocity(*p0));

  // Dense reference: v = (v_p0, v_p1) in the problem's order, contacts in row order.
  const Eigen::Index o0 = gfc->velocityOffsetOf(*p0), o1 = gfc->velocityOffsetOf(*p1);
  const Eigen::Index rg = 3 * gfc->rowOf(ground->number()), rs = 3 * gfc->rowOf(stack->number());
  Eigen::MatrixXd M = Eigen::MatrixXd::Zero(6, 6), Ht = Eigen::MatrixXd::Zero(6, 6);
  M.block(o0, o0, 3, 3) = m0 * Eigen::Matrix3d::Identity();
  M.block(o1, o1, 3, 3) = m1 * Eigen::Matrix3d::Identity();
  Ht.block(rg, o0, 3, 3) = Hg;  // rows: contacts, columns: v
  Ht.block(rs, o0, 3, 3) = Hc.leftCols(3);
  Ht.block(rs, o1, 3, 3) = Hc.rightCols(3);
  Eigen::VectorXd vfree(6), vk(6);
  vfree.segment(o0, 3) = osi->freeVelocity(*p0);
  vfree.segment(o1, 3) = osi->freeVelocity(*p1);
  vk.segment(o0, 3) = v0;
  vk.segment(o1, 3) = v1;
  Eigen::VectorXd q = M * vfree, bb = Eigen::VectorXd::Zero(6), mu(2);
  const Eigen::VectorXd uk = Ht * vk;
  bb(rg) = 0.5 * uk(rg);
  bb(rs) = 0.2 * uk(rs);
  mu(rg / 3) = 0.3;
  mu(rs / 3) = 0.6;
  EXPECT_LT((gfc->problem().M.toDense() - M).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((gfc->problem().H.toDense() - Ht.transpose()).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT((gfc->problem().q - q).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((gfc->problem().b - bb).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_EQ(gfc->problem().mu, mu);

  numerics::GlobalFrictionContactProblem dense;
  dense.dimension = 3;
  dense.M = numerics::Matrix(M);
  dense.H = numerics::Matrix(Eigen::MatrixXd(Ht.transpose()));
  dense.q = q;
  dense.b = bb;
  dense.mu = mu;
  Eigen::VectorXd v, r, u;
  const auto result =
      numerics::solveGlobalFrictionContact(dense, v, r, u, gfc->numericsSolverOptions());
  ASSERT_TRUE(result.converged()) << result.message;
  EXPECT_LT((gfc->r() - r).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((gfc->v() - v).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((ground->lambda(1) - r.segment(rg, 3)).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_LT((stack->lambda(1) - r.segment(rs, 3)).cwiseAbs().maxCoeff(), 1e-9);
  // The integrator took v from the global solution: M̂ v = M̂ v_free + H r.
  EXPECT_TRUE(p0->velocity() == gfc->v().segment(o0, 3));
  EXPECT_TRUE(p1->velocity() == gfc->v().segment(o1, 3));
  EXPECT_LT((M * gfc->v() - q - Ht.transpose() * gfc->r()).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_DOUBLE_EQ(p0->q()(2), h * 0.5 * (p0->velocity()(2) + v0(2)));
}

TEST(GlobalFrictionContact, SpheresFollowTheFrictionContactTrajectory) {
  for (const char* solver : {"reduce", "admm"}) {
    Spheres local, global;
    auto fc = std::make_shared<FrictionContact>(3);
    fc->setTolerance(1e-12);
    fc->setMaxIterations(100000);
    auto gfc = std::make_shared<GlobalFrictionContact>(3, solver);
    numerics::SolverOptions options = gfc->numericsSolverOptions();
    options.tolerance = 1e-12;
    options.maxIterations = 100000;
    options.gfcLocalSolver = "nsgs";
    gfc->setNumericsSolverOptions(options);
    // MoreauJeanGOSI activates from the memories y_k + γ h ẏ_k: the same rule here.
    auto osi = std::make_shared<MoreauJeanOSI>(0.5);
    osi->setActivationAtPredictedState(false);
    TimeStepping a(local.nsds, std::make_shared<TimeDiscretisation>(0.0, local.h), osi, fc);
    TimeStepping b(global.nsds, std::make_shared<TimeDiscretisation>(0.0, global.h),
                   std::make_shared<MoreauJeanGOSI>(0.5), gfc);
    a.initialize();
    b.initialize();
    double maxDiff = 0.0;
    std::size_t maxContacts = 0;
    bool sawSliding = false;
    while (a.hasNextEvent()) {
      a.computeOneStep();
      b.computeOneStep();
      ASSERT_TRUE(fc->lastResult().converged()) << fc->lastResult().message;
      ASSERT_TRUE(gfc->lastResult().converged()) << solver << ": " << gfc->lastResult().message;
      ASSERT_EQ(fc->size(), gfc->size());
      maxContacts = std::max(maxContacts, static_cast<std::size_t>(gfc->size() / 3));
      for (std::size_t i = 0; i < local.balls.size(); ++i) {
        maxDiff =
            std::max(maxDiff, (local.balls[i]->q() - global.balls[i]->q()).cwiseAbs().maxCoeff());
        maxDiff = std::max(
            maxDiff,
            (local.balls[i]->velocity() - global.balls[i]->velocity()).cwiseAbs().maxCoeff());
      }
      for (std::size_t c = 0; c < local.contacts.size(); ++c)
        maxDiff = std::max(
            maxDiff,
            (local.contacts[c]->lambda(1) - global.contacts[c]->lambda(1)).cwiseAbs().maxCoeff());
      const Eigen::Vector3d r = global.contacts[0]->lambda(1);
      if (r(0) > 0 && std::hypot(r(1), r(2)) > 0.999 * local.mu * r(0)) sawSliding = true;
      a.nextStep();
      b.nextStep();
    }
    EXPECT_LT(maxDiff, 1e-8) << solver;
    EXPECT_EQ(maxContacts, 4u) << solver;
    EXPECT_TRUE(sawSliding) << solver;
    // Sphere 0 landed sliding and ends rolling without slip; the column stands.
    const Eigen::VectorXd& v = global.balls[0]->velocity();
    EXPECT_NEAR(v(0) - global.R * v(4), 0.0, 1e-6) << solver;
    EXPECT_GT(std::abs(v(0)), 0.1) << solver;
    EXPECT_NEAR(global.balls[3]->q()(2) - global.balls[2]->q()(2), 2 * global.R, 1e-3) << solver;
  }
}

TEST(GlobalFrictionContact, TwoDimensionalSlidingBlockStopsAtTheCoulombDistance) {
  // q = (x, y): normal y (row 0 of H), tangent x; decelerates at μ g and
  // stops after v0² / (2 μ g), as with FrictionContact(2).
  const double m = 2.0, mu = 0.5, v0 = 1.0, h = 1e-3;
  auto block = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(v0, 0),
                                                      m * Eigen::Matrix2d::Identity());
  block->setFExtPtr(Eigen::Vector2d(0, -m * kG));
  Eigen::Matrix2d H;
  H << 0, 1, 1, 0;
  auto contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 2),
                                    std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.5);
  nsds->insertDynamicalSystem(block);
  nsds->link(contact, block);
  auto gfc = std::make_shared<GlobalFrictionContact>(2);
  gfc->setTolerance(1e-12);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanGOSI>(0.5), gfc);
  double tStop = -1.0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    ASSERT_TRUE(gfc->lastResult().converged()) << gfc->lastResult().message;
    ASSERT_EQ(gfc->size(), 2);
    EXPECT_GT(block->q()(1), -2 * kG * h * h);  // no sinking
    if (tStop < 0 && block->velocity()(0) <= 1e-12) tStop = sim.nextTime();
    sim.nextStep();
  }
  EXPECT_NEAR(block->q()(0), v0 * v0 / (2 * mu * kG), 2 * v0 * h);
  EXPECT_NEAR(block->velocity()(0), 0.0, 1e-10);
  EXPECT_NEAR(tStop, v0 / (mu * kG), 2 * h);
  EXPECT_EQ(gfc->patternBuilds(), 1u);
  EXPECT_EQ(sim.log().records().back().blocks, 2);  // M̂ and H: one block each
}

TEST(GlobalFrictionContact, MoreauJeanOSIGivesTheSameStep) {
  // The global problem also works with MoreauJeanOSI (which recomputes v
  // from the impulses): same step as with MoreauJeanGOSI.
  Spheres withGOSI, withOSI;
  auto g1 = std::make_shared<GlobalFrictionContact>(3, "reduce");
  auto g2 = std::make_shared<GlobalFrictionContact>(3, "reduce");
  g1->setTolerance(1e-13);
  g2->setTolerance(1e-13);
  TimeStepping a(withGOSI.nsds, std::make_shared<TimeDiscretisation>(0.0, withGOSI.h),
                 std::make_shared<MoreauJeanGOSI>(0.5), g1);
  // MoreauJeanGOSI activates from the memories y_k + γ h ẏ_k: the same rule here.
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  osi->setActivationAtPredictedState(false);
  TimeStepping b(withOSI.nsds, std::make_shared<TimeDiscretisation>(0.0, withOSI.h), osi, g2);
  for (int k = 0; k < 200; ++k) {
    a.computeOneStep();
    b.computeOneStep();
    ASSERT_TRUE(g1->lastResult().converged());
    ASSERT_TRUE(g2->lastResult().converged());
    for (std::size_t i = 0; i < withGOSI.balls.size(); ++i)
      EXPECT_LT(
          (withGOSI.balls[i]->velocity() - withOSI.balls[i]->velocity()).cwiseAbs().maxCoeff(),
          1e-9);
    a.nextStep();
    b.nextStep();
  }
}

TEST(GlobalFrictionContact, ErrorCases) {
  EXPECT_THROW_WITH(GlobalFrictionContact(4), ModelError, "dimension 4");
  EXPECT_THROW_WITH(GlobalFrictionContact(3, "nsgs"), ModelError, "GlobalFrictionContact",
                    "unknown solver 'nsgs'");
  EXPECT_THROW_WITH(MoreauJeanGOSI(1.5), ModelError, "theta");
  // A law the problem does not accept, named with the interaction.
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(0, 0, 0), Eigen::Matrix3d::Identity());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto impact = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::RowVector3d(0, 0, 1)));
  impact->setName("frictionless");
  nsds->link(impact, ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                   std::make_shared<MoreauJeanGOSI>(), std::make_shared<GlobalFrictionContact>(3));
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "GlobalFrictionContact", "'frictionless'",
                    "NewtonImpactNSL", "NewtonImpactFrictionNSL");
  // MoreauJeanGOSI has no local blocks: an LCP with it fails with a ModelError.
  TimeStepping local(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<MoreauJeanGOSI>(), std::make_shared<LCP>());
  EXPECT_THROW_WITH(local.computeOneStep(), ModelError, "MoreauJeanGOSI", "GlobalFrictionContact");
  // A contact law of the wrong size.
  nsds->removeInteraction(impact);
  auto fc2 = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.1, 2),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 3)));
  nsds->link(fc2, ds);
  TimeStepping wrong(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                     std::make_shared<MoreauJeanGOSI>(),
                     std::make_shared<GlobalFrictionContact>(3));
  EXPECT_THROW_WITH(wrong.initialize(), ModelError, "size 2", "dimension 3");
}
