// Stress test of the Topology: 20 000 links and removals in a seeded random
// order on a few bodies, one of which (the hub) carries thousands of
// interactions, with random index-set updates; every invariant is checked
// after every operation against a plain reference model.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

using namespace moreau;

namespace {

// The expected state, indexed by id (vectors: the check runs after each of
// the 20 000 operations).
struct Reference {
  std::vector<std::shared_ptr<Interaction>> byId;  // null: free id
  std::vector<std::vector<std::size_t>> dsById;    // indices in `bodies`
  std::size_t live = 0, maxLive = 0;
  std::vector<std::size_t> perDSCount;                                        // per body
  std::vector<std::vector<char>> levels = std::vector<std::vector<char>>(3);  // per id, 0..2
  std::vector<std::size_t> levelCount = std::vector<std::size_t>(3, 0);

  void growTo(unsigned id) {
    if (id < byId.size()) return;
    byId.resize(id + 1);
    dsById.resize(id + 1);
    for (auto& level : levels) level.resize(id + 1, 0);
  }
  bool setLevel(unsigned level, unsigned id, bool member) {
    if (levels[level][id] == static_cast<char>(member)) return false;
    levels[level][id] = member ? 1 : 0;
    if (member)
      ++levelCount[level];
    else
      --levelCount[level];
    return true;
  }
};

// Returns an empty string when the topology matches the reference, else the
// first mismatch found.
std::string check(const NonSmoothDynamicalSystem& nsds, const Reference& ref,
                  const std::vector<std::shared_ptr<LagrangianDS>>& bodies,
                  std::vector<std::size_t>& seen, std::size_t& stamp) {
  const Topology& topo = nsds.topology();
  std::ostringstream err;
  if (topo.numberOfInteractions() != ref.live || topo.indexSet(0).size() != ref.live ||
      topo.interactions().size() != ref.live || topo.numberOfDSGraphEdges() != ref.live) {
    err << "counts: " << topo.numberOfInteractions() << " / " << topo.indexSet(0).size() << " / "
        << topo.interactions().size() << " / " << topo.numberOfDSGraphEdges() << " vs " << ref.live;
    return err.str();
  }
  // Slots are created only when none is free: capacity = max live count.
  if (topo.interactionCapacity() != ref.maxLive) {
    err << "capacity " << topo.interactionCapacity() << " vs max live " << ref.maxLive;
    return err.str();
  }
  // Every live id's slot holds its interaction; free slots hold nothing.
  for (unsigned id = 0; id < topo.interactionCapacity(); ++id) {
    const auto& inter = ref.byId[id];
    if (!inter) {
      if (topo.isLinked(id) || topo.indexSet(0).contains(id))
        return "free slot " + std::to_string(id) + " is linked";
      continue;
    }
    if (!topo.isLinked(id) || topo.interaction(id) != inter || inter->number() != id ||
        !topo.hasInteraction(*inter) || !topo.indexSet(0).contains(id))
      return "slot " + std::to_string(id) + " does not hold its interaction";
    const auto& systems = inter->dynamicalSystems();
    if (systems.size() != ref.dsById[id].size()) return "systems of " + std::to_string(id);
    for (std::size_t k = 0; k < systems.size(); ++k)
      if (systems[k] != bodies[ref.dsById[id][k]]) return "systems of " + std::to_string(id);
  }
  // Index set 0 and interactions() are parallel; positions are consistent.
  const IndexSet& all = topo.indexSet(0);
  for (std::size_t k = 0; k < all.size(); ++k)
    if (all.position(all[k]) != k || topo.interactions()[k] != topo.interaction(all[k]))
      return "index set 0 position " + std::to_string(k);
  // Per-system lists: no duplicate, only live interactions involving the
  // system, as many as the reference counts => exactly those interactions.
  seen.resize(topo.interactionCapacity(), 0);
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    const auto& list = topo.interactionIdsOf(*bodies[b]);
    if (list.size() != ref.perDSCount[b]) return "size of the list of body " + std::to_string(b);
    ++stamp;
    for (const unsigned id : list) {
      if (id >= seen.size() || seen[id] == stamp || !ref.byId[id])
        return "list of body " + std::to_string(b) + ": id " + std::to_string(id);
      seen[id] = stamp;
      const auto& systems = topo.interaction(id)->dynamicalSystems();
      if (std::find(systems.begin(), systems.end(), bodies[b]) == systems.end())
        return "interaction " + std::to_string(id) + " listed at a body it does not involve";
    }
  }
  // Index sets 1 and 2: the reference sets, subsets of index set 0.
  for (unsigned level = 1; level < 3; ++level) {
    const IndexSet& set = topo.indexSet(level);
    if (set.size() != ref.levelCount[level]) return "size of index set " + std::to_string(level);
    for (const unsigned id : set)
      if (!all.contains(id) || !ref.levels[level][id])
        return "index set " + std::to_string(level) + " member " + std::to_string(id);
  }
  return {};
}

struct StressRun {
  std::vector<unsigned> finalOrder;               // index set 0 at the end
  std::vector<std::vector<unsigned>> finalLists;  // per body
  std::size_t links = 0, removals = 0, hubMax = 0;
};

StressRun stress(unsigned seed, bool checkEveryStep) {
  NonSmoothDynamicalSystem nsds(0, 1);
  std::vector<std::shared_ptr<LagrangianDS>> bodies;
  for (int b = 0; b < 4; ++b) {
    bodies.push_back(std::make_shared<LagrangianDS>(
        Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1)));
    nsds.insertDynamicalSystem(bodies.back());
  }
  Topology& topo = nsds.topology();
  Reference ref;
  ref.perDSCount.resize(bodies.size(), 0);
  std::vector<std::size_t> seen;
  std::size_t stamp = 0;
  std::vector<unsigned> liveIds;  // for picking a random live interaction
  std::mt19937 rng(seed);
  StressRun run;
  for (int op = 0; op < 20000; ++op) {
    const unsigned kind = static_cast<unsigned>(rng() % 100);
    if (kind < 55 || liveIds.empty()) {
      // Link: 3 in 4 at the hub (body 0), alone or with another body.
      std::vector<std::size_t> ds;
      const unsigned shape = static_cast<unsigned>(rng() % 8);
      const std::size_t o = 1 + rng() % 3;
      if (shape < 3)
        ds = {0};
      else if (shape < 5)
        ds = {0, o};
      else if (shape < 6)
        ds = {o, 0};
      else if (shape < 7)
        ds = {o};
      else
        ds = {o, 1 + o % 3};
      auto inter =
          std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5),
                                        std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(
                                            1, static_cast<Eigen::Index>(ds.size()))));
      const unsigned expected = topo.nextInteractionId();
      if (ds.size() == 1)
        nsds.link(inter, bodies[ds[0]]);
      else
        nsds.link(inter, bodies[ds[0]], bodies[ds[1]]);
      EXPECT_EQ(inter->number(), expected);
      const unsigned id = inter->number();
      ref.growTo(id);
      EXPECT_FALSE(ref.byId[id]) << "id " << id << " given twice";
      ref.byId[id] = inter;
      ref.dsById[id] = ds;
      for (const std::size_t b : ds) ++ref.perDSCount[b];
      ref.setLevel(0, id, true);
      ref.maxLive = std::max(ref.maxLive, ++ref.live);
      liveIds.push_back(id);
      ++run.links;
    } else if (kind < 90) {
      // Remove a random live interaction.
      const std::size_t k = rng() % liveIds.size();
      const unsigned id = liveIds[k];
      liveIds[k] = liveIds.back();
      liveIds.pop_back();
      const auto inter = ref.byId[id];
      nsds.removeInteraction(inter);
      EXPECT_FALSE(inter->isLinked());
      for (const std::size_t b : ref.dsById[id]) --ref.perDSCount[b];
      for (unsigned level = 0; level < 3; ++level) ref.setLevel(level, id, false);
      ref.byId[id] = nullptr;
      --ref.live;
      ++run.removals;
    } else {
      // Index-set update at level 1 or 2 for a random live interaction.
      const unsigned level = 1 + static_cast<unsigned>(rng() % 2);
      const unsigned id = liveIds[rng() % liveIds.size()];
      if (rng() % 2 == 0)
        EXPECT_EQ(topo.addToIndexSet(level, id), ref.setLevel(level, id, true));
      else
        EXPECT_EQ(topo.removeFromIndexSet(level, id), ref.setLevel(level, id, false));
    }
    run.hubMax = std::max(run.hubMax, ref.perDSCount[0]);
    if (checkEveryStep || op == 19999) {
      const std::string error = check(nsds, ref, bodies, seen, stamp);
      if (!error.empty()) {
        ADD_FAILURE() << "operation " << op << ": " << error;
        break;
      }
    }
  }
  run.finalOrder.assign(topo.indexSet(0).begin(), topo.indexSet(0).end());
  for (const auto& b : bodies) run.finalLists.push_back(topo.interactionIdsOf(*b));
  return run;
}

}  // namespace

TEST(TopologyStress, TwentyThousandRandomLinksAndRemovalsKeepEveryInvariant) {
  const StressRun run = stress(2024, true);
  RecordProperty("links", static_cast<int>(run.links));
  RecordProperty("removals", static_cast<int>(run.removals));
  RecordProperty("hub_max_degree", static_cast<int>(run.hubMax));
  EXPECT_GE(run.links, 10000u);
  EXPECT_GE(run.removals, 6000u);
  EXPECT_GE(run.hubMax, 1000u);  // the hub carries thousands of contacts
  // Same operations, same orders (index set 0, per-system lists).
  const StressRun again = stress(2024, false);
  EXPECT_EQ(run.finalOrder, again.finalOrder);
  EXPECT_EQ(run.finalLists, again.finalLists);
}
