// Topology: DS graph (interactions as edges, self-loops for one-DS
// interactions), per-system interaction lists, linked interactions computed
// from them, stable ids and index sets.
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
std::vector<unsigned> ids(const IndexSet& set) { return {set.begin(), set.end()}; }
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
  EXPECT_EQ(topo.interactionCapacity(), 4u);
  EXPECT_EQ(topo.numberOfDSGraphEdges(), 4u);  // one edge per interaction
  EXPECT_TRUE(topo.hasDynamicalSystem(*d2));
  EXPECT_TRUE(topo.hasInteraction(*th));
  // Ids are given in link order while no slot is free.
  EXPECT_EQ(mu->number(), 0u);
  EXPECT_EQ(th->number(), 1u);
  EXPECT_EQ(wall->number(), 2u);
  EXPECT_EQ(other->number(), 3u);
  EXPECT_EQ(topo.interaction(2), wall);
  EXPECT_EQ(topo.nextInteractionId(), 4u);

  // Linked interactions, from the lists of mu's systems d1 then d3.
  const auto lmu = topo.linkedInteractions(*mu);
  ASSERT_EQ(lmu.size(), 2u);
  EXPECT_EQ(lmu[0].interaction, wall);
  EXPECT_EQ(lmu[0].commonDS, d1);
  EXPECT_EQ(lmu[1].interaction, th);
  EXPECT_EQ(lmu[1].commonDS, d3);
  const auto lth = topo.linkedInteractions(*th);
  ASSERT_EQ(lth.size(), 1u);
  EXPECT_EQ(lth[0].interaction, mu);
  EXPECT_EQ(lth[0].commonDS, d3);
  EXPECT_TRUE(topo.linkedInteractions(*other).empty());

  const auto ofD1 = topo.interactionsOf(*d1);
  ASSERT_EQ(ofD1.size(), 2u);
  EXPECT_EQ(ofD1[0], mu);
  EXPECT_EQ(ofD1[1], wall);
  EXPECT_EQ(topo.interactionIdsOf(*d3), (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(topo.interactionIdsOf(*lonely), (std::vector<unsigned>{3}));

  EXPECT_EQ(topo.numberOfIndexSets(), 3u);
  EXPECT_EQ(ids(topo.indexSet(0)), (std::vector<unsigned>{0, 1, 2, 3}));
  ASSERT_EQ(topo.interactions().size(), 4u);
  for (std::size_t k = 0; k < 4; ++k)
    EXPECT_EQ(topo.interactions()[k], topo.interaction(topo.indexSet(0)[k]));
  EXPECT_TRUE(topo.indexSet(1).empty());
  EXPECT_TRUE(topo.indexSet(2).empty());
  EXPECT_THROW_WITH(topo.indexSet(3), std::out_of_range, "index set 3", "[0, 2]");

  Topology& mtopo = nsds.topology();
  EXPECT_TRUE(mtopo.addToIndexSet(1, th->number()));
  EXPECT_FALSE(mtopo.addToIndexSet(1, th->number()));  // already a member
  EXPECT_TRUE(mtopo.addToIndexSet(2, mu->number()));
  EXPECT_EQ(ids(mtopo.indexSet(1)), (std::vector<unsigned>{1}));
  EXPECT_EQ(ids(mtopo.indexSet(2)), (std::vector<unsigned>{0}));
  mtopo.clearIndexSet(1);
  EXPECT_TRUE(mtopo.indexSet(1).empty());
  EXPECT_FALSE(mtopo.indexSet(2).empty());
  EXPECT_TRUE(mtopo.removeFromIndexSet(2, mu->number()));
  EXPECT_FALSE(mtopo.removeFromIndexSet(2, mu->number()));
  EXPECT_THROW_WITH(mtopo.clearIndexSet(0), std::out_of_range, "index set 0", "not modifiable");
  EXPECT_THROW(mtopo.addToIndexSet(0, 1), std::out_of_range);
  EXPECT_THROW(mtopo.removeFromIndexSet(0, 1), std::out_of_range);
  EXPECT_THROW(mtopo.addToIndexSet(3, 1), std::out_of_range);
  EXPECT_THROW_WITH(mtopo.addToIndexSet(1, 7), std::out_of_range, "no interaction with id 7");
  EXPECT_THROW_WITH(topo.interaction(4), std::out_of_range, "id 4", "capacity 4");
  EXPECT_THROW(topo.linkVersion(4), std::out_of_range);

  auto stranger = makeInter(1, 1);
  EXPECT_FALSE(topo.hasInteraction(*stranger));  // number() 0 is mu's slot
  EXPECT_THROW_WITH(topo.linkedInteractions(*stranger), std::out_of_range, "not in the topology");
  auto outsider = makeDS(1);
  EXPECT_THROW_WITH(topo.interactionIdsOf(*outsider), std::out_of_range, "not in the topology");
  EXPECT_TRUE(topo.interactionsOf(*outsider).empty());
}

TEST(Topology, TwoInteractionsOnTheSamePairShareBothSystems) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto a = makeDS(1), b = makeDS(1);
  nsds.insertDynamicalSystem(a);
  nsds.insertDynamicalSystem(b);
  auto i1 = makeInter(1, 2), i2 = makeInter(1, 2);
  nsds.link(i1, a, b);
  nsds.link(i2, a, b);
  const auto l = nsds.topology().linkedInteractions(*i2);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0].interaction, i1);
  EXPECT_EQ(l[0].commonDS, a);
  EXPECT_EQ(l[1].interaction, i1);
  EXPECT_EQ(l[1].commonDS, b);
  EXPECT_EQ(nsds.topology().numberOfDSGraphEdges(), 2u);  // parallel edges a -> b
}

TEST(Topology, NumberOfIndexSetsIsConfigurable) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto a = makeDS(1);
  nsds.insertDynamicalSystem(a);
  auto i1 = makeInter(1, 1);
  nsds.link(i1, a);
  Topology& topo = nsds.topology();
  topo.setNumberOfIndexSets(5);
  EXPECT_EQ(topo.numberOfIndexSets(), 5u);
  EXPECT_TRUE(topo.addToIndexSet(4, 0));
  const auto v4 = topo.indexSet(4).version();
  topo.setNumberOfIndexSets(2);
  EXPECT_EQ(topo.numberOfIndexSets(), 2u);
  EXPECT_THROW(topo.indexSet(2), std::out_of_range);
  EXPECT_THROW(topo.addToIndexSet(2, 0), std::out_of_range);
  topo.setNumberOfIndexSets(5);  // back: emptied, and its version went on
  EXPECT_TRUE(topo.indexSet(4).empty());
  EXPECT_GT(topo.indexSet(4).version(), v4);
  EXPECT_THROW_WITH(topo.setNumberOfIndexSets(0), std::invalid_argument, "at least 1");
  // Removing the interaction removes it from every level.
  EXPECT_TRUE(topo.addToIndexSet(3, 0));
  nsds.removeInteraction(i1);
  for (unsigned level = 0; level < 5; ++level) EXPECT_TRUE(topo.indexSet(level).empty()) << level;
}

TEST(Topology, DirectUseChecksItsArguments) {
  Topology topo;
  auto a = makeDS(1), b = makeDS(1);
  topo.insertDynamicalSystem(a);
  EXPECT_THROW_WITH(topo.insertDynamicalSystem(a), std::invalid_argument, "already");
  EXPECT_THROW(topo.insertDynamicalSystem(nullptr), std::invalid_argument);
  auto i1 = makeInter(1, 1);
  EXPECT_THROW_WITH(topo.link(i1, a, b), std::invalid_argument, "not in the topology");
  EXPECT_THROW(topo.link(nullptr, a, nullptr), std::invalid_argument);
  EXPECT_THROW(topo.link(i1, nullptr, nullptr), std::invalid_argument);
  EXPECT_EQ(topo.numberOfInteractions(), 0u);
  EXPECT_EQ(topo.interactionCapacity(), 0u);
  EXPECT_EQ(topo.link(i1, a, nullptr), 0u);
  EXPECT_EQ(i1->number(), 0u);
  EXPECT_THROW_WITH(topo.link(i1, a, nullptr), std::invalid_argument, "already in the topology");
  topo.removeInteraction(*i1);
  topo.removeInteraction(*i1);  // no-op when absent
  EXPECT_EQ(topo.numberOfInteractions(), 0u);
  EXPECT_EQ(topo.interactionCapacity(), 1u);
  EXPECT_EQ(topo.numberOfDSGraphEdges(), 0u);
}
