// Planar rigid-body contact relations Lagrangian2d1DR / Lagrangian2d2DR (tutorial-models §14)
// and the user InteractionManager hook of TimeStepping: the spec's Jacobian rows for the
// Ball2D case, the Jacobian against finite differences of the gap of two material points,
// one and two bodies, errors; a manager that links and removes a contact, one that moves
// the contact point each step.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <vector>

using namespace moreau;

namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

// A material point of a planar body: (x, y) + Rot(θ) r.
Eigen::Vector2d materialPoint(const Vec& q, Eigen::Index offset, const Eigen::Vector2d& r) {
  const double c = std::cos(q(offset + 2)), s = std::sin(q(offset + 2));
  return Eigen::Vector2d(q(offset) + c * r.x() - s * r.y(), q(offset + 1) + s * r.x() + c * r.y());
}

std::shared_ptr<LagrangianDS> body(const Eigen::Vector3d& q, const Eigen::Vector3d& v) {
  return std::make_shared<LagrangianDS>(q, v, Mat::Identity(3, 3));
}

}  // namespace

TEST(Lagrangian2dR, Ball2DRowsAndOutputOfTheSpec) {
  const double R = 0.5;
  const Eigen::Vector3d q(0.8, 0.3, 1.1), v(-1.0, 0.5, 2.0);
  auto ball = body(q, v);
  auto rel = std::make_shared<Lagrangian2d2DR>();
  rel->setPc1(Eigen::Vector2d(q(0) - R, q(1)));
  rel->setPc2(Eigen::Vector2d::Zero());
  rel->setNc(Eigen::Vector2d(1, 0));
  auto inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.9, 0, 0.1, 2), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ball);
  nsds->link(inter, ball);
  rel->computeJacobians(0.0, *inter);
  Mat expected(2, 3);
  expected << 1, 0, 0, 0, 1, -R;
  EXPECT_LT((rel->jachq(*inter) - expected).norm(), 1e-15);
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_DOUBLE_EQ(inter->y(0)(0), std::sqrt((q(0) - R) * (q(0) - R) + q(1) * q(1)));
  EXPECT_EQ(inter->y(0)(1), 0.0);
  rel->computeOutput(0.0, *inter, 1);
  EXPECT_NEAR(inter->y(1)(0), v(0), 1e-15);
  EXPECT_NEAR(inter->y(1)(1), v(1) - R * v(2), 1e-15);
  // p = Gᵀ λ.
  inter->lambda(1) = Eigen::Vector2d(2.0, -0.5);
  ball->p(1).setZero();
  rel->computeInput(0.0, *inter, 1);
  EXPECT_LT((ball->p(1) - Vec(expected.transpose() * Eigen::Vector2d(2.0, -0.5))).norm(), 1e-15);
  // Penetration: σ = −1 when N·(Pc2 − Pc1) ≥ 0.
  rel->setPc1(Eigen::Vector2d(-0.1, 0.2));
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_DOUBLE_EQ(inter->y(0)(0), -std::sqrt(0.05));
}

// Contact points that follow material points P1 (body 1) and P2 (body 2): G must be the gradient
// of [N·(P1 − P2); T·(P1 − P2)], and, where P1 − P2 is parallel to N, of y0 itself.
TEST(Lagrangian2dR, JacobianMatchesFiniteDifferencesForTwoBodies) {
  const Eigen::Vector2d r1(0.4, -0.3), N = Eigen::Vector2d(0.6, 0.8), T(-N.y(), N.x());
  Vec q(6);
  q << 0.2, 1.1, 0.7, -0.5, 0.3, -1.3;
  // r2 such that P1 − P2 = 0.2 N at q.
  const Eigen::Vector2d P1 = materialPoint(q, 0, r1), P2 = P1 - 0.2 * N;
  const double c = std::cos(q(5)), s = std::sin(q(5));
  const Eigen::Vector2d d = P2 - q.segment<2>(3);
  const Eigen::Vector2d r2(c * d.x() + s * d.y(), -s * d.x() + c * d.y());

  auto a = body(q.head<3>(), Eigen::Vector3d::Zero());
  auto b = body(q.tail<3>(), Eigen::Vector3d::Zero());
  auto rel = std::make_shared<Lagrangian2d2DR>(P1, P2, N);
  auto inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.5, 0, 0.3, 2), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(a);
  nsds->insertDynamicalSystem(b);
  nsds->link(inter, a, b);
  rel->computeJacobians(0.0, *inter);
  const Mat G = rel->jachq(*inter);
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_NEAR(inter->y(0)(0), 0.2, 1e-14);

  Lagrangian2d1DR probe(P1, P2, N);
  auto gap = [&](const Vec& u) {
    const Eigen::Vector2d p1 = materialPoint(u, 0, r1), p2 = materialPoint(u, 3, r2);
    probe.setPc1(p1);
    probe.setPc2(p2);
    return Eigen::Vector3d(N.dot(p1 - p2), T.dot(p1 - p2), probe.signedDistance());
  };
  const double eps = 1e-6;
  for (Eigen::Index j = 0; j < 6; ++j) {
    Vec up = q, um = q;
    up(j) += eps;
    um(j) -= eps;
    const Eigen::Vector3d fd = (gap(up) - gap(um)) / (2 * eps);
    EXPECT_NEAR(G(0, j), fd(0), 1e-8) << "column " << j;
    EXPECT_NEAR(G(1, j), fd(1), 1e-8) << "column " << j;
    EXPECT_NEAR(G(0, j), fd(2), 1e-8) << "column " << j << " (y0)";
  }
  // The normal-only relation writes the first row.
  auto rel1 = std::make_shared<Lagrangian2d1DR>(P1, P2, N);
  auto inter1 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5), rel1);
  nsds->link(inter1, a, b);
  rel1->computeJacobians(0.0, *inter1);
  EXPECT_LT((rel1->jachq(*inter1) - G.topRows(1)).norm(), 1e-15);
}

TEST(Lagrangian2dR, Errors) {
  EXPECT_THROW_WITH(
      Lagrangian2d1DR(Eigen::Vector2d::Zero(), Eigen::Vector2d::Zero(), Eigen::Vector2d::Zero()),
      ModelError, "Lagrangian2d1DR", "normal");
  auto ds = std::make_shared<LagrangianDS>(Vec::Zero(2), Vec::Zero(2), Mat::Identity(2, 2));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ds);
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5),
                                             std::make_shared<Lagrangian2d1DR>());
  EXPECT_THROW_WITH(nsds->link(inter, ds), ModelError, "Lagrangian2d1DR", "ndof 2");
  auto ball = body(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero());
  nsds->insertDynamicalSystem(ball);
  auto small = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5),
                                             std::make_shared<Lagrangian2d2DR>());
  EXPECT_THROW_WITH(nsds->link(small, ball), ModelError, "Lagrangian2d2DR", "dimension 1");
}

namespace {

// A ball (ndof 1) falling on the floor q = 0: the contact is linked when the gap is below
// `near` and removed when it is above `far`.
class LinkWhenClose : public InteractionManager {
 public:
  LinkWhenClose(std::shared_ptr<LagrangianDS> ball, std::shared_ptr<Interaction> contact)
      : ball_(std::move(ball)), contact_(std::move(contact)) {}
  void updateInteractions(Simulation& sim) override {
    auto& nsds = *sim.nonSmoothDynamicalSystem();
    const double gap = ball_->q()(0);
    if (!linked_ && gap < 0.2) {
      nsds.link(contact_, ball_);
      linked_ = true;
      ++links;
    } else if (linked_ && gap > 0.3) {
      nsds.removeInteraction(contact_);
      linked_ = false;
      ++removals;
    }
    counts.push_back(nsds.numberOfInteractions());
  }
  int links = 0, removals = 0;
  std::vector<std::size_t> counts;

 private:
  std::shared_ptr<LagrangianDS> ball_;
  std::shared_ptr<Interaction> contact_;
  bool linked_ = false;
};

struct FallingBall {
  std::shared_ptr<LagrangianLinearTIDS> ball = std::make_shared<LagrangianLinearTIDS>(
      Vec::Constant(1, 1.0), Vec::Zero(1), Mat::Identity(1, 1));
  std::shared_ptr<Interaction> contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.8),
                                    std::make_shared<LagrangianLinearTIR>(Mat::Identity(1, 1)));
  std::shared_ptr<NonSmoothDynamicalSystem> nsds =
      std::make_shared<NonSmoothDynamicalSystem>(0.0, 2.0);
  std::shared_ptr<TimeStepping> sim;
  explicit FallingBall(bool linked) {
    ball->setFExt(Vec::Constant(1, -9.81));
    nsds->insertDynamicalSystem(ball);
    if (linked) nsds->link(contact, ball);
    sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                                         std::make_shared<MoreauJeanOSI>(0.5),
                                         std::make_shared<LCP>());
  }
};

}  // namespace

// Linking the contact only near the floor gives the trajectory of the permanently linked one.
TEST(InteractionManager, LinksAndRemovesAContactByGap) {
  FallingBall reference(true), managed(false);
  auto manager = std::make_shared<LinkWhenClose>(managed.ball, managed.contact);
  managed.sim->insertInteractionManager(manager);
  EXPECT_EQ(managed.sim->interactionManagers().size(), 1u);
  double maxDifference = 0.0, minQ = 1.0, minReference = 1.0;
  for (int k = 0; k < 2000; ++k) {
    reference.sim->computeOneStep();
    reference.sim->nextStep();
    managed.sim->computeOneStep();
    managed.sim->nextStep();
    maxDifference =
        std::max(maxDifference, std::abs(reference.ball->q()(0) - managed.ball->q()(0)));
    minQ = std::min(minQ, managed.ball->q()(0));
    minReference = std::min(minReference, reference.ball->q()(0));
  }
  EXPECT_EQ(manager->counts.size(), 2000u);  // once per step
  EXPECT_GE(manager->links, 2);              // several bounces
  EXPECT_GE(manager->removals, 1);
  EXPECT_GT(minQ, -5e-3);  // the contact was there when needed (Moreau–Jean: O(h) penetration)
  EXPECT_EQ(minQ, minReference);
  EXPECT_LT(maxDifference, 1e-12);
  EXPECT_THROW_WITH(managed.sim->insertInteractionManager(nullptr), ModelError,
                    "InteractionManager is null");
}

namespace {

// Moves the contact point of a Lagrangian2d2DR to the bottom of the disk at q_k.
class DiskOnFloor : public InteractionManager {
 public:
  DiskOnFloor(std::shared_ptr<LagrangianDS> disk, std::shared_ptr<Lagrangian2d2DR> relation,
              double radius)
      : disk_(std::move(disk)), relation_(std::move(relation)), radius_(radius) {}
  void updateInteractions(Simulation&) override {
    const Vec& q = disk_->q();
    relation_->setPc1(Eigen::Vector2d(q(0) - radius_, q(1)));
    relation_->setNc(Eigen::Vector2d(1, 0));
    seen.push_back(q);
  }
  std::vector<Vec> seen;

 private:
  std::shared_ptr<LagrangianDS> disk_;
  std::shared_ptr<Lagrangian2d2DR> relation_;
  double radius_;
};

}  // namespace

TEST(InteractionManager, MovesTheContactPointBeforeEachStep) {
  const double R = 0.5, g = 9.81;
  Mat M = Mat::Identity(3, 3);
  M(2, 2) = 0.4 * R * R;
  auto disk =
      std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 0, 2), M);
  disk->setFExt(Eigen::Vector3d(-g, 0, 0));
  auto rel = std::make_shared<Lagrangian2d2DR>();
  auto inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.9, 0, 0.1, 2), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(disk);
  nsds->link(inter, disk);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 5e-3),
                                            std::make_shared<MoreauJeanOSI>(0.5),
                                            std::make_shared<FrictionContact>(2));
  auto manager = std::make_shared<DiskOnFloor>(disk, rel, R);
  sim->insertInteractionManager(manager);
  double minGap = 1.0;
  int impacts = 0;
  const double h = 5e-3, theta = 0.5;
  for (int k = 0; k < 400; ++k) {
    const Vec before = disk->q();
    const Vec v = disk->velocity();
    // Called before the step with the system at the state where the Newton loop starts,
    // q̃ = q_k + h(θ v_k + (1 − θ) v_k) in this order of operations (as Siconos), and q_k after.
    Vec predicted(3);
    for (int i = 0; i < 3; ++i) {
      double x = (h * theta) * v(i);
      x += (h * (1.0 - theta)) * v(i);
      predicted(i) = x + before(i);
    }
    sim->computeOneStep();
    ASSERT_EQ(manager->seen.size(), static_cast<std::size_t>(k + 1));
    EXPECT_EQ(manager->seen.back(), predicted);
    EXPECT_EQ(rel->pc1(), Eigen::Vector2d(predicted(0) - R, predicted(1)));
    if (inter->lambda(1)(0) > 0) ++impacts;
    sim->nextStep();
    minGap = std::min(minGap, disk->q()(0) - R);
  }
  // The floor holds the disk (at most one step of penetration at the first impact).
  EXPECT_GT(minGap, -0.05);
  EXPECT_GE(impacts, 1);
  // Friction at the impacts changed the spin and set the disk moving sideways.
  EXPECT_GT(std::abs(disk->velocity()(2) - 2.0), 1e-3);
  EXPECT_GT(std::abs(disk->velocity()(1)), 1e-3);
}
