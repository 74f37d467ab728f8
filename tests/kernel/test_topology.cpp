// Topology: DS graph (interactions as edges, self-loops for one-DS
// interactions), interaction graph (edge per shared DS), linked interactions
// and index sets.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

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

TEST(Topology, InsertionLinksAndIndexSets) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto d1 = makeDS(2), d2 = makeDS(1), d3 = makeDS(3), lonely = makeDS(1);
  for (auto& d : {d1, d2, d3, lonely}) nsds.insertDynamicalSystem(d);
  auto mu = makeInter(3, 5);     // d1, d3
  auto th = makeInter(1, 4);     // d2, d3
  auto wall = makeInter(1, 2);   // d1 alone (self-loop)
  auto other = makeInter(1, 1);  // lonely alone: no link
  nsds.link(mu, d1, d3);
  nsds.link(th, d2, d3);
  nsds.link(wall, d1);
  nsds.link(other, lonely);
  const Topology& topo = nsds.topology();
  EXPECT_EQ(topo.numberOfDS(), 4u);
  EXPECT_EQ(topo.numberOfInteractions(), 4u);
  EXPECT_EQ(topo.numberOfDSGraphEdges(), 4u);           // one edge per interaction
  EXPECT_EQ(topo.numberOfInteractionGraphEdges(), 2u);  // mu–th via d3, mu–wall via d1
  EXPECT_TRUE(topo.hasDynamicalSystem(*d2));
  EXPECT_TRUE(topo.hasInteraction(*th));

  const auto& lmu = topo.linkedInteractions(*mu);
  ASSERT_EQ(lmu.size(), 2u);
  EXPECT_EQ(lmu[0].interaction, th);  // link order
  EXPECT_EQ(lmu[0].commonDS, d3);
  EXPECT_EQ(lmu[1].interaction, wall);
  EXPECT_EQ(lmu[1].commonDS, d1);
  const auto& lth = topo.linkedInteractions(*th);
  ASSERT_EQ(lth.size(), 1u);
  EXPECT_EQ(lth[0].interaction, mu);
  EXPECT_EQ(lth[0].commonDS, d3);
  EXPECT_TRUE(topo.linkedInteractions(*other).empty());

  const auto ofD1 = topo.interactionsOf(*d1);
  ASSERT_EQ(ofD1.size(), 2u);
  EXPECT_EQ(ofD1[0], mu);
  EXPECT_EQ(ofD1[1], wall);
  EXPECT_EQ(topo.interactionsOf(*d3).size(), 2u);
  EXPECT_EQ(topo.interactionsOf(*lonely).size(), 1u);

  ASSERT_EQ(topo.indexSet(0).size(), 4u);
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(topo.indexSet(0)[i]->number(), i);
  EXPECT_TRUE(topo.indexSet(1).empty());
  EXPECT_THROW_WITH(topo.indexSet(2), std::out_of_range, "index set 2");

  Topology& mtopo = nsds.topology();
  mtopo.addToIndexSet(1, th);
  EXPECT_EQ(mtopo.indexSet(1).size(), 1u);
  mtopo.clearIndexSet(1);
  EXPECT_TRUE(mtopo.indexSet(1).empty());
  EXPECT_THROW(mtopo.clearIndexSet(0), std::out_of_range);
  EXPECT_THROW(mtopo.addToIndexSet(0, th), std::out_of_range);

  auto stranger = makeInter(1, 1);
  EXPECT_THROW_WITH(topo.linkedInteractions(*stranger), std::out_of_range, "not in the topology");
}

TEST(Topology, TwoInteractionsOnTheSamePairShareBothSystems) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto a = makeDS(1), b = makeDS(1);
  nsds.insertDynamicalSystem(a);
  nsds.insertDynamicalSystem(b);
  auto i1 = makeInter(1, 2), i2 = makeInter(1, 2);
  nsds.link(i1, a, b);
  nsds.link(i2, a, b);
  EXPECT_EQ(nsds.topology().numberOfInteractionGraphEdges(), 2u);  // parallel edges
  const auto& l = nsds.topology().linkedInteractions(*i2);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0].commonDS, a);
  EXPECT_EQ(l[1].commonDS, b);
}
