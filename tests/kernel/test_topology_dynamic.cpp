// Topology updates under insertion and removal of interactions (DS graph,
// per-system lists, index sets, stable ids and slot reuse, version counters)
// and a simulation whose interactions are added or removed between steps.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/kernel/modeling/LagrangianRheonomousR.hpp>
#include <moreau/kernel/modeling/LagrangianScleronomousR.hpp>

using namespace moreau;

namespace {
std::shared_ptr<LagrangianDS> makeDS(Eigen::Index n) {
  return std::make_shared<LagrangianDS>(Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n),
                                        Eigen::MatrixXd::Identity(n, n));
}
std::shared_ptr<Interaction> makeInter(Eigen::Index rows, Eigen::Index cols) {
  return std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(rows, cols)));
}
}  // namespace

TEST(TopologyDynamic, RemovalKeepsIdsAndUpdatesListsAndIndexSets) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto d1 = makeDS(2), d2 = makeDS(1), d3 = makeDS(3), lonely = makeDS(1);
  for (auto& d : {d1, d2, d3, lonely}) nsds.insertDynamicalSystem(d);
  auto mu = makeInter(3, 5), th = makeInter(1, 4), wall = makeInter(1, 2), other = makeInter(1, 1);
  const auto v0 = nsds.topologyVersion();
  nsds.link(mu, d1, d3);
  nsds.link(th, d2, d3);
  nsds.link(wall, d1);
  nsds.link(other, lonely);
  EXPECT_EQ(nsds.topologyVersion(), v0 + 4);
  Topology& topo = nsds.topology();
  EXPECT_EQ(topo.linkVersion(th->number()), v0 + 2);
  topo.addToIndexSet(1, th->number());
  topo.addToIndexSet(1, other->number());
  topo.addToIndexSet(2, th->number());

  nsds.removeInteraction(th);
  EXPECT_EQ(nsds.topologyVersion(), v0 + 5);
  EXPECT_FALSE(th->isLinked());
  EXPECT_FALSE(topo.hasInteraction(*th));
  EXPECT_FALSE(topo.isLinked(1));
  EXPECT_EQ(topo.numberOfInteractions(), 3u);
  EXPECT_EQ(topo.interactionCapacity(), 4u);  // the slot stays, free
  EXPECT_EQ(topo.numberOfDSGraphEdges(), 3u);
  // The other ids do not change.
  EXPECT_EQ(mu->number(), 0u);
  EXPECT_EQ(wall->number(), 2u);
  EXPECT_EQ(other->number(), 3u);
  // Index set 0: the last member (other, id 3) took th's position.
  ASSERT_EQ(topo.indexSet(0).size(), 3u);
  EXPECT_EQ(topo.indexSet(0)[0], 0u);
  EXPECT_EQ(topo.indexSet(0)[1], 3u);
  EXPECT_EQ(topo.indexSet(0)[2], 2u);
  EXPECT_EQ(nsds.interactions(), (std::vector<std::shared_ptr<Interaction>>{mu, other, wall}));
  ASSERT_EQ(topo.indexSet(1).size(), 1u);
  EXPECT_EQ(topo.indexSet(1)[0], 3u);
  EXPECT_TRUE(topo.indexSet(2).empty());
  const auto lmu = topo.linkedInteractions(*mu);
  ASSERT_EQ(lmu.size(), 1u);
  EXPECT_EQ(lmu[0].interaction, wall);
  EXPECT_EQ(lmu[0].commonDS, d1);
  EXPECT_EQ(topo.interactionIdsOf(*d3), (std::vector<unsigned>{0}));
  EXPECT_TRUE(topo.interactionIdsOf(*d2).empty());
  EXPECT_THROW(topo.linkedInteractions(*th), std::out_of_range);
  EXPECT_THROW(topo.interaction(1), std::out_of_range);

  // Linked again: the freed slot is reused, with a new link version.
  EXPECT_EQ(topo.nextInteractionId(), 1u);
  nsds.link(th, d2, d3);
  EXPECT_EQ(th->number(), 1u);
  EXPECT_EQ(topo.linkVersion(1), v0 + 6);
  EXPECT_EQ(topo.interactionCapacity(), 4u);
  EXPECT_EQ(topo.indexSet(0)[3], 1u);  // appended
  const auto lmu2 = topo.linkedInteractions(*mu);
  ASSERT_EQ(lmu2.size(), 2u);
  EXPECT_EQ(lmu2[1].interaction, th);
  EXPECT_EQ(lmu2[1].commonDS, d3);
  ASSERT_EQ(topo.linkedInteractions(*th).size(), 1u);
  EXPECT_EQ(topo.linkedInteractions(*th)[0].commonDS, d3);
  // No free slot: a new one.
  auto fresh = makeInter(1, 1);
  nsds.link(fresh, d2);
  EXPECT_EQ(fresh->number(), 4u);
  EXPECT_EQ(topo.interactionCapacity(), 5u);
  EXPECT_EQ(topo.interactionIdsOf(*d2), (std::vector<unsigned>{1, 4}));

  // Removing the self-loop of a single-system interaction.
  nsds.removeInteraction(wall);
  EXPECT_EQ(topo.numberOfDSGraphEdges(), 4u);
  EXPECT_EQ(topo.interactionIdsOf(*d1), (std::vector<unsigned>{0}));
  EXPECT_EQ(th->number(), 1u);
  EXPECT_EQ(other->number(), 3u);

  EXPECT_THROW_WITH(nsds.removeInteraction(wall), ModelError, "not in this");
  EXPECT_THROW_WITH(nsds.removeInteraction(nullptr), ModelError, "null");
  // Remove everything: slots freed in this order are reused last-in first-out.
  for (auto& i : {mu, th, other, fresh}) nsds.removeInteraction(i);
  EXPECT_EQ(topo.numberOfInteractions(), 0u);
  EXPECT_EQ(topo.interactionCapacity(), 5u);
  EXPECT_EQ(topo.numberOfDSGraphEdges(), 0u);
  EXPECT_TRUE(topo.indexSet(0).empty());
  EXPECT_TRUE(nsds.interactions().empty());
  for (unsigned expected : {4u, 3u, 1u, 0u, 2u, 5u}) {
    auto i = makeInter(1, 1);
    nsds.link(i, lonely);
    EXPECT_EQ(i->number(), expected);
  }
}

TEST(TopologyDynamic, RemovingOneOfTwoParallelInteractions) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto a = makeDS(1), b = makeDS(1);
  nsds.insertDynamicalSystem(a);
  nsds.insertDynamicalSystem(b);
  auto i1 = makeInter(1, 2), i2 = makeInter(1, 2), i3 = makeInter(1, 1);
  nsds.link(i1, a, b);
  nsds.link(i2, a, b);
  nsds.link(i3, b);
  EXPECT_EQ(nsds.topology().linkedInteractions(*i1).size(), 3u);  // i2 via a and b, i3 via b
  nsds.removeInteraction(i1);
  EXPECT_EQ(nsds.topology().numberOfDSGraphEdges(), 2u);
  const auto l2 = nsds.topology().linkedInteractions(*i2);
  ASSERT_EQ(l2.size(), 1u);
  EXPECT_EQ(l2[0].interaction, i3);
  EXPECT_EQ(l2[0].commonDS, b);
  EXPECT_EQ(nsds.topology().interactionIdsOf(*b), (std::vector<unsigned>{2, 1}));
}

namespace {
// 1-dof ball falling on the ground y = q (+ optional contact from t0).
struct Ball {
  std::shared_ptr<LagrangianDS> ds;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<TimeStepping> sim;
  std::shared_ptr<LCP> lcp;
  Ball(double q0, double v0, double T = 3.0) {
    ds = std::make_shared<LagrangianDS>(Eigen::VectorXd::Constant(1, q0),
                                        Eigen::VectorXd::Constant(1, v0),
                                        Eigen::MatrixXd::Identity(1, 1));
    ds->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    nsds->insertDynamicalSystem(ds);
    lcp = std::make_shared<LCP>();
    sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                                         std::make_shared<MoreauJeanOSI>(0.5), lcp);
  }
  void step() {
    sim->computeOneStep();
    sim->nextStep();
  }
};
std::shared_ptr<Interaction> ground(double e = 0.8) {
  return std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(e),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
}
}  // namespace

TEST(TopologyDynamic, ContactAddedMidRunBehavesLikeFromTheStart) {
  Ball a(1.0, 0.0), b(1.0, 0.0);
  auto ga = ground(), gb = ground();
  a.nsds->link(ga, a.ds);
  // A spectator interaction in b that never closes (gap q + 10), removed
  // later, so that the numbers shift.
  auto spectator = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.8),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1),
                                            Eigen::VectorXd::Constant(1, 10.0)));
  b.nsds->link(spectator, b.ds);
  int contacts = 0;
  for (int k = 0; k < 2000; ++k) {
    if (k == 100) {  // t = 0.1: well before the impact (t ≈ 0.45)
      b.nsds->link(gb, b.ds);
      EXPECT_EQ(gb->number(), 1u);
    }
    if (k == 150) {
      b.nsds->removeInteraction(spectator);
      EXPECT_EQ(gb->number(), 1u);  // ids are stable
    }
    a.step();
    b.step();
    EXPECT_EQ(a.ds->q()(0), b.ds->q()(0)) << "step " << k;
    EXPECT_EQ(a.ds->velocity()(0), b.ds->velocity()(0)) << "step " << k;
    if (k >= 100) {
      EXPECT_EQ(ga->lambda(1)(0), gb->lambda(1)(0)) << "step " << k;
    }
    if (ga->lambda(1)(0) > 0) ++contacts;
  }
  EXPECT_GE(contacts, 3);  // several impacts happened
  EXPECT_GT(a.ds->q()(0), -1e-3);
}

TEST(TopologyDynamic, ContactRemovedMidRunLetsTheBallFallThrough) {
  Ball b(0.2, 0.0);
  auto g = ground(0.0);
  b.nsds->link(g, b.ds);
  for (int k = 0; k < 500; ++k) b.step();  // resting on the ground (O(h v) penetration)
  EXPECT_NEAR(b.ds->q()(0), 0.0, 2e-3);
  EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-9);
  EXPECT_EQ(b.lcp->size(), 1);
  b.nsds->removeInteraction(g);
  for (int k = 0; k < 100; ++k) b.step();
  EXPECT_EQ(b.lcp->size(), 0);
  EXPECT_NEAR(b.ds->velocity()(0), -9.81 * 0.1, 1e-9);  // free fall for 0.1 s
  EXPECT_LT(b.ds->q()(0), -0.04);
  // And back: the contact, re-linked below the ground, pushes it up to rest.
  b.nsds->link(g, b.ds);
  for (int k = 0; k < 50; ++k) b.step();
  EXPECT_EQ(b.lcp->size(), 1);
  EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-9);
}

// An interaction removed and linked again, to another system, between two
// steps keeps its id (the freed slot is reused): the integrator must see the
// new link (Topology::linkVersion) and rebuild its data for the new system.
TEST(TopologyDynamic, InteractionMovedToAnotherSystemBetweenTwoSteps) {
  Ball ref(1.0, 0.0);
  ref.nsds->link(ground(), ref.ds);
  Ball x(100.0, 0.0);  // x.ds: far above the ground, never touches it
  auto other = std::make_shared<LagrangianDS>(
      Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  other->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  x.nsds->insertDynamicalSystem(other);
  auto g = ground();
  x.nsds->link(g, x.ds);
  int contacts = 0;
  for (int k = 0; k < 2000; ++k) {
    if (k == 100) {  // before other's first impact (t ≈ 0.45)
      x.nsds->removeInteraction(g);
      x.nsds->link(g, other);
      ASSERT_EQ(g->number(), 0u);  // same slot
    }
    ref.step();
    x.step();
    ASSERT_EQ(other->q()(0), ref.ds->q()(0)) << "step " << k;
    ASSERT_EQ(other->velocity()(0), ref.ds->velocity()(0)) << "step " << k;
    if (g->lambda(1)(0) > 0) ++contacts;
  }
  EXPECT_GE(contacts, 3);
  EXPECT_NEAR(x.ds->velocity()(0), -9.81 * 2.0, 1e-9);  // x.ds in free fall throughout
}

TEST(TopologyDynamic, ScleronomousRelationMatchesLinearOneInMoreauJean) {
  Ball a(1.0, 0.0), b(1.0, 0.0);
  a.nsds->link(ground(0.7), a.ds);
  auto rel = std::make_shared<LagrangianScleronomousR>(
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) { y(0) = q(0); },
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& G) { G(0, 0) = 1; });
  b.nsds->link(std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.7), rel), b.ds);
  for (int k = 0; k < 2000; ++k) {
    a.step();
    b.step();
    ASSERT_NEAR(a.ds->q()(0), b.ds->q()(0), 1e-12) << "step " << k;
    ASSERT_NEAR(a.ds->velocity()(0), b.ds->velocity()(0), 1e-12) << "step " << k;
  }
}

TEST(TopologyDynamic, RheonomousMovingFloorCarriesTheBall) {
  // Floor rising at speed u: y = q − u t, ∂h/∂t = −u. With e = 0 the ball
  // ends up riding the floor: v = u exactly, q = u t up to the O(h v_impact)
  // penetration of the impact.
  const double u = 0.5;
  Ball b(0.3, 0.0, 1.5);
  auto rel = std::make_shared<LagrangianRheonomousR>(
      [u](double t, const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = q(0) - u * t;
      },
      [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        G(0, 0) = 1;
      },
      [u](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::VectorXd& d) {
        d(0) = -u;
      });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0), rel);
  b.nsds->link(inter, b.ds);
  b.sim->run();
  EXPECT_NEAR(b.ds->velocity()(0), u, 1e-9);
  EXPECT_NEAR(b.ds->q()(0), u * 1.5, 5e-3);
  EXPECT_NEAR(inter->y(1)(0), 0.0, 1e-9);
  EXPECT_GT(inter->lambda(1)(0), 0.0);
}
