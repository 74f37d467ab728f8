// Cost of one removal + one link at a body (the hub) that carries d
// interactions, d = 10 ... 10 000: the Topology's per-operation cost must not
// depend on d (slots with a free list, per-system lists with back-pointers,
// DS-graph edge erased through its stored iterator).
//   BM_TopologyRemoveLink: Topology alone.
//   BM_NsdsRemoveLink: through NonSmoothDynamicalSystem (argument checks and
//   the relation's per-interaction workspace allocation included).
// Each iteration removes an interaction of the hub (a random position in its
// lists) and links it again, so d stays constant; items = iterations (one
// removal + one link each).
#include <moreau/Moreau.hpp>

#include <benchmark/benchmark.h>

#include <random>

namespace {

using namespace moreau;

struct Hub {
  std::shared_ptr<LagrangianDS> hub, partner;
  std::vector<std::shared_ptr<Interaction>> inters;  // hub alone (even k), hub + partner (odd k)
  NonSmoothDynamicalSystem nsds{0.0, 1.0};

  explicit Hub(std::size_t d) {
    hub = std::make_shared<LagrangianDS>(Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1),
                                         Eigen::MatrixXd::Identity(1, 1));
    partner = std::make_shared<LagrangianDS>(Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1),
                                             Eigen::MatrixXd::Identity(1, 1));
    nsds.insertDynamicalSystem(hub);
    nsds.insertDynamicalSystem(partner);
    for (std::size_t k = 0; k < d; ++k) {
      const Eigen::Index cols = k % 2 == 0 ? 1 : 2;
      inters.push_back(std::make_shared<Interaction>(
          std::make_shared<NewtonImpactNSL>(0.5),
          std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, cols))));
      linkNsds(k);
    }
  }
  void linkNsds(std::size_t k) {
    if (k % 2 == 0)
      nsds.link(inters[k], hub);
    else
      nsds.link(inters[k], hub, partner);
  }
  void linkTopology(std::size_t k) {
    nsds.topology().link(inters[k], hub, k % 2 == 0 ? nullptr : partner);
  }
};

void BM_TopologyRemoveLink(benchmark::State& state) {
  const auto d = static_cast<std::size_t>(state.range(0));
  Hub h(d);
  Topology& topo = h.nsds.topology();
  std::mt19937 rng(7);
  for (auto _ : state) {
    const std::size_t k = rng() % d;
    topo.removeInteraction(*h.inters[k]);
    h.linkTopology(k);
  }
  if (topo.interactionIdsOf(*h.hub).size() != d) state.SkipWithError("hub degree changed");
  state.SetItemsProcessed(state.iterations());
  state.counters["hub_degree"] = static_cast<double>(d);
}
BENCHMARK(BM_TopologyRemoveLink)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Arg(100000);

// The same with the removed interaction drawn from 16 fixed ones: the memory
// touched per operation no longer grows with d, so what remains is the
// algorithmic cost (the random variant above also measures cache misses in a
// working set that grows with d).
void BM_TopologyRemoveLinkHot(benchmark::State& state) {
  const auto d = static_cast<std::size_t>(state.range(0));
  Hub h(d);
  Topology& topo = h.nsds.topology();
  std::mt19937 rng(7);
  std::vector<std::size_t> hot;
  for (int i = 0; i < 16; ++i) hot.push_back(rng() % d);
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = hot[i++ % hot.size()];
    topo.removeInteraction(*h.inters[k]);
    h.linkTopology(k);
  }
  if (topo.interactionIdsOf(*h.hub).size() != d) state.SkipWithError("hub degree changed");
  state.SetItemsProcessed(state.iterations());
  state.counters["hub_degree"] = static_cast<double>(d);
}
BENCHMARK(BM_TopologyRemoveLinkHot)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Arg(100000);

void BM_NsdsRemoveLink(benchmark::State& state) {
  const auto d = static_cast<std::size_t>(state.range(0));
  Hub h(d);
  std::mt19937 rng(7);
  for (auto _ : state) {
    const std::size_t k = rng() % d;
    h.nsds.removeInteraction(h.inters[k]);
    h.linkNsds(k);
  }
  if (h.nsds.topology().interactionIdsOf(*h.hub).size() != d)
    state.SkipWithError("hub degree changed");
  state.SetItemsProcessed(state.iterations());
  state.counters["hub_degree"] = static_cast<double>(d);
}
BENCHMARK(BM_NsdsRemoveLink)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000);

}  // namespace

BENCHMARK_MAIN();
