#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/Topology.hpp>

#include <algorithm>
#include <array>
#include <boost/graph/adjacency_list.hpp>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace moreau {

namespace {
struct DSVertex {
  std::shared_ptr<DynamicalSystem> ds;
};
struct InteractionEdge {
  std::shared_ptr<Interaction> interaction;
};
struct InteractionVertex {
  std::shared_ptr<Interaction> interaction;
};
struct SharedDSEdge {
  std::shared_ptr<DynamicalSystem> ds;
};
using DSGraph = boost::adjacency_list<boost::listS, boost::listS, boost::undirectedS, DSVertex,
                                      InteractionEdge>;
using InteractionGraph = boost::adjacency_list<boost::listS, boost::listS, boost::undirectedS,
                                               InteractionVertex, SharedDSEdge>;
}  // namespace

struct Topology::Impl {
  DSGraph dsGraph;
  InteractionGraph interactionGraph;
  std::unordered_map<const DynamicalSystem*, DSGraph::vertex_descriptor> dsVertex;
  std::unordered_map<const Interaction*, InteractionGraph::vertex_descriptor> interactionVertex;
  std::unordered_map<const Interaction*, std::vector<LinkedInteraction>> linked;
  std::vector<std::shared_ptr<DynamicalSystem>> dsOrder;
  std::array<std::vector<std::shared_ptr<Interaction>>, 2> indexSets;
  std::uint64_t version = 0;
};

Topology::Topology() : impl_(std::make_unique<Impl>()) {}
Topology::~Topology() = default;

void Topology::insertDynamicalSystem(const std::shared_ptr<DynamicalSystem>& ds) {
  const auto v = boost::add_vertex(DSVertex{ds}, impl_->dsGraph);
  impl_->dsVertex.emplace(ds.get(), v);
  impl_->dsOrder.push_back(ds);
  ++impl_->version;
}

void Topology::link(const std::shared_ptr<Interaction>& inter,
                    const std::shared_ptr<DynamicalSystem>& ds1,
                    const std::shared_ptr<DynamicalSystem>& ds2) {
  Impl& d = *impl_;
  // Interactions already present that share ds1 or ds2, found on the DS graph
  // before the new edge is added.
  auto& myLinks = d.linked[inter.get()];
  const auto iv = boost::add_vertex(InteractionVertex{inter}, d.interactionGraph);
  d.interactionVertex.emplace(inter.get(), iv);
  for (const auto& ds : {ds1, ds2}) {
    if (!ds) continue;
    const auto dv = d.dsVertex.at(ds.get());
    std::vector<const Interaction*> seen;  // a self-loop may be reported twice
    for (auto [e, end] = boost::out_edges(dv, d.dsGraph); e != end; ++e) {
      const auto& other = d.dsGraph[*e].interaction;
      if (std::find(seen.begin(), seen.end(), other.get()) != seen.end()) continue;
      seen.push_back(other.get());
      boost::add_edge(iv, d.interactionVertex.at(other.get()), SharedDSEdge{ds},
                      d.interactionGraph);
      myLinks.push_back({other, ds});
      d.linked[other.get()].push_back({inter, ds});
    }
  }
  const auto v1 = d.dsVertex.at(ds1.get());
  const auto v2 = ds2 ? d.dsVertex.at(ds2.get()) : v1;  // self-loop for one system
  boost::add_edge(v1, v2, InteractionEdge{inter}, d.dsGraph);
  // Keep every list in link order of the *other* interaction.
  auto byNumber = [](const LinkedInteraction& a, const LinkedInteraction& b) {
    return a.interaction->number() < b.interaction->number();
  };
  std::stable_sort(myLinks.begin(), myLinks.end(), byNumber);
  d.indexSets[0].push_back(inter);
  d.indexSets[1].reserve(d.indexSets[0].size());
  ++d.version;
}

void Topology::removeInteraction(const Interaction& inter) {
  Impl& d = *impl_;
  const auto vit = d.interactionVertex.find(&inter);
  if (vit == d.interactionVertex.end()) return;
  // Linked-interaction lists of the others.
  const auto lit = d.linked.find(&inter);
  if (lit != d.linked.end()) {
    for (const LinkedInteraction& link : lit->second) {
      auto& others = d.linked[link.interaction.get()];
      others.erase(
          std::remove_if(others.begin(), others.end(),
                         [&](const LinkedInteraction& l) { return l.interaction.get() == &inter; }),
          others.end());
    }
    d.linked.erase(lit);
  }
  // Interaction graph: the vertex and its edges.
  boost::clear_vertex(vit->second, d.interactionGraph);
  boost::remove_vertex(vit->second, d.interactionGraph);
  d.interactionVertex.erase(vit);
  // DS graph: the edge carrying the interaction (found from its first system).
  if (!inter.dynamicalSystems().empty()) {
    const auto dv = d.dsVertex.at(inter.dynamicalSystems().front().get());
    for (auto [e, end] = boost::out_edges(dv, d.dsGraph); e != end; ++e)
      if (d.dsGraph[*e].interaction.get() == &inter) {
        boost::remove_edge(*e, d.dsGraph);
        break;
      }
  }
  // Index sets, then numbers = positions in index set 0.
  for (auto& set : d.indexSets)
    set.erase(
        std::remove_if(set.begin(), set.end(),
                       [&](const std::shared_ptr<Interaction>& i) { return i.get() == &inter; }),
        set.end());
  auto& all = d.indexSets[0];
  for (std::size_t k = 0; k < all.size(); ++k) all[k]->setNumber(static_cast<unsigned>(k));
  ++d.version;
}

std::uint64_t Topology::version() const { return impl_->version; }

bool Topology::hasDynamicalSystem(const DynamicalSystem& ds) const {
  return impl_->dsVertex.count(&ds) != 0;
}

bool Topology::hasInteraction(const Interaction& inter) const {
  return impl_->interactionVertex.count(&inter) != 0;
}

std::size_t Topology::numberOfDS() const { return boost::num_vertices(impl_->dsGraph); }

std::size_t Topology::numberOfInteractions() const {
  return boost::num_vertices(impl_->interactionGraph);
}

const std::vector<std::shared_ptr<DynamicalSystem>>& Topology::dynamicalSystems() const {
  return impl_->dsOrder;
}

std::vector<std::shared_ptr<Interaction>> Topology::interactionsOf(
    const DynamicalSystem& ds) const {
  std::vector<std::shared_ptr<Interaction>> result;
  const auto it = impl_->dsVertex.find(&ds);
  if (it == impl_->dsVertex.end()) return result;
  for (auto [e, end] = boost::out_edges(it->second, impl_->dsGraph); e != end; ++e) {
    const auto& inter = impl_->dsGraph[*e].interaction;
    if (std::find(result.begin(), result.end(), inter) == result.end()) result.push_back(inter);
  }
  std::sort(result.begin(), result.end(),
            [](const auto& a, const auto& b) { return a->number() < b->number(); });
  return result;
}

const std::vector<LinkedInteraction>& Topology::linkedInteractions(const Interaction& inter) const {
  const auto it = impl_->linked.find(&inter);
  if (it == impl_->linked.end())
    throw std::out_of_range("Topology: " + inter.description() + " is not in the topology");
  return it->second;
}

std::size_t Topology::numberOfDSGraphEdges() const { return boost::num_edges(impl_->dsGraph); }

std::size_t Topology::numberOfInteractionGraphEdges() const {
  return boost::num_edges(impl_->interactionGraph);
}

const std::vector<std::shared_ptr<Interaction>>& Topology::indexSet(unsigned level) const {
  if (level >= numberOfIndexSets())
    throw std::out_of_range("Topology: index set " + std::to_string(level) +
                            " out of range [0, 1]");
  return impl_->indexSets[level];
}

void Topology::clearIndexSet(unsigned level) {
  if (level == 0 || level >= numberOfIndexSets())
    throw std::out_of_range("Topology: cannot clear index set " + std::to_string(level) +
                            " (only level 1 is modifiable)");
  impl_->indexSets[level].clear();
}

void Topology::addToIndexSet(unsigned level, const std::shared_ptr<Interaction>& inter) {
  if (level == 0 || level >= numberOfIndexSets())
    throw std::out_of_range("Topology: cannot add to index set " + std::to_string(level) +
                            " (only level 1 is modifiable)");
  impl_->indexSets[level].push_back(inter);
}

}  // namespace moreau
