#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/Topology.hpp>

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
  Topology::InteractionId id = 0;
};
// Directed: an edge lives in the out-edge list of its first system only, so
// that erasing it through its stored iterator is O(1) (see Topology.hpp).
using DSGraph =
    boost::adjacency_list<boost::listS, boost::listS, boost::directedS, DSVertex, InteractionEdge>;

constexpr std::size_t npos = IndexSet::npos;

struct DSRecord {
  std::shared_ptr<DynamicalSystem> ds;
  DSGraph::vertex_descriptor vertex;
  std::vector<Topology::InteractionId> interactions;  // ids, see Slot::position
};

struct Slot {
  std::shared_ptr<Interaction> inter;         // null when the slot is free
  std::array<std::size_t, 2> ds{npos, npos};  // DSRecord indices (second: npos if one system)
  std::array<std::size_t, 2> position{0, 0};  // positions in those records' lists
  DSGraph::out_edge_iterator edge;            // the DS-graph edge (out-edge of ds[0])
  std::uint64_t linkVersion = 0;
};
}  // namespace

struct Topology::Impl {
  DSGraph dsGraph;
  std::vector<DSRecord> records;  // insertion order
  std::unordered_map<const DynamicalSystem*, std::size_t> recordOf;
  std::vector<std::shared_ptr<DynamicalSystem>> dsOrder;
  std::vector<Slot> slots;
  std::vector<InteractionId> freeIds;                          // LIFO
  std::vector<std::shared_ptr<Interaction>> all;               // parallel to indexSets[0]
  std::vector<IndexSet> indexSets = std::vector<IndexSet>(3);  // never shrinks (versions go on)
  unsigned numberOfIndexSets = 3;
  std::uint64_t version = 0;

  const Slot& liveSlot(InteractionId id, const char* what) const {
    if (id >= slots.size() || !slots[id].inter)
      throw std::out_of_range(std::string("Topology::") + what + ": no interaction with id " +
                              std::to_string(id) + " (capacity " + std::to_string(slots.size()) +
                              ")");
    return slots[id];
  }
  void checkModifiableLevel(unsigned level, const char* what) const {
    if (level == 0 || level >= numberOfIndexSets)
      throw std::out_of_range(std::string("Topology::") + what + ": index set " +
                              std::to_string(level) + " is not modifiable (levels 1 to " +
                              std::to_string(numberOfIndexSets - 1) +
                              "; index set 0 follows link and removeInteraction)");
  }
};

Topology::Topology() : impl_(std::make_unique<Impl>()) {}
Topology::~Topology() = default;

void Topology::insertDynamicalSystem(const std::shared_ptr<DynamicalSystem>& ds) {
  Impl& d = *impl_;
  if (!ds) throw std::invalid_argument("Topology::insertDynamicalSystem: null system");
  if (d.recordOf.count(ds.get()) != 0)
    throw std::invalid_argument("Topology::insertDynamicalSystem: " + ds->description() +
                                " is already in the topology");
  const auto v = boost::add_vertex(DSVertex{ds}, d.dsGraph);
  d.recordOf.emplace(ds.get(), d.records.size());
  d.records.push_back(DSRecord{ds, v, {}});
  d.dsOrder.push_back(ds);
  ++d.version;
}

Topology::InteractionId Topology::nextInteractionId() const {
  const Impl& d = *impl_;
  return d.freeIds.empty() ? static_cast<InteractionId>(d.slots.size()) : d.freeIds.back();
}

Topology::InteractionId Topology::link(const std::shared_ptr<Interaction>& inter,
                                       const std::shared_ptr<DynamicalSystem>& ds1,
                                       const std::shared_ptr<DynamicalSystem>& ds2) {
  Impl& d = *impl_;
  const std::string where = "Topology::link: ";
  if (!inter) throw std::invalid_argument(where + "null interaction");
  if (hasInteraction(*inter))
    throw std::invalid_argument(where + inter->description() + " is already in the topology");
  std::array<std::size_t, 2> rec{npos, npos};
  const std::array<const DynamicalSystem*, 2> systems{ds1.get(), ds2.get()};
  for (std::size_t k = 0; k < 2; ++k) {
    if (!systems[k]) continue;
    const auto it = d.recordOf.find(systems[k]);
    if (it == d.recordOf.end())
      throw std::invalid_argument(where + systems[k]->description() + " is not in the topology");
    rec[k] = it->second;
  }
  if (rec[0] == npos || rec[0] == rec[1])
    throw std::invalid_argument(where + "the first system is null or equal to the second one");

  // Slot (free list first); the index sets accept every id < capacity.
  const InteractionId id = nextInteractionId();
  if (d.freeIds.empty()) {
    d.slots.emplace_back();
    const std::size_t capacity = d.slots.capacity();
    for (IndexSet& set : d.indexSets) set.reserve(capacity);
    d.all.reserve(capacity);
  } else {
    d.freeIds.pop_back();
  }
  Slot& slot = d.slots[id];
  slot.inter = inter;
  slot.ds = rec;
  for (std::size_t k = 0; k < 2; ++k) {
    if (rec[k] == npos) continue;
    auto& list = d.records[rec[k]].interactions;
    slot.position[k] = list.size();
    list.push_back(id);
  }
  // DS-graph edge, appended to the out-edge list of ds1: its iterator is the
  // last one of that list.
  const auto v1 = d.records[rec[0]].vertex;
  const auto v2 = rec[1] == npos ? v1 : d.records[rec[1]].vertex;
  boost::add_edge(v1, v2, InteractionEdge{id}, d.dsGraph);
  // (boost's out-edge iterator is bidirectional but reports an input-iterator
  // category to the standard library: decrement it directly, not std::prev.)
  slot.edge = boost::out_edges(v1, d.dsGraph).second;
  --slot.edge;

  d.indexSets[0].insert(id);
  d.all.push_back(inter);
  inter->setNumber(id);
  slot.linkVersion = ++d.version;
  return id;
}

void Topology::removeInteraction(const Interaction& inter) {
  if (!hasInteraction(inter)) return;
  Impl& d = *impl_;
  const InteractionId id = inter.number();
  Slot& slot = d.slots[id];
  // Lists of its systems: the last id of each list takes its position.
  for (std::size_t k = 0; k < 2; ++k) {
    if (slot.ds[k] == npos) continue;
    auto& list = d.records[slot.ds[k]].interactions;
    const std::size_t pos = slot.position[k];
    const InteractionId last = list.back();
    list[pos] = last;
    Slot& moved = d.slots[last];
    moved.position[moved.ds[0] == slot.ds[k] ? 0 : 1] = pos;
    list.pop_back();
  }
  boost::remove_edge(slot.edge, d.dsGraph);
  // Index sets; index set 0 and `all` move their last member alike.
  const std::size_t pos = d.indexSets[0].position(id);
  d.all[pos] = std::move(d.all.back());
  d.all.pop_back();
  for (IndexSet& set : d.indexSets) set.erase(id);
  slot = Slot();
  d.freeIds.push_back(id);
  ++d.version;
}

std::uint64_t Topology::version() const { return impl_->version; }

bool Topology::hasDynamicalSystem(const DynamicalSystem& ds) const {
  return impl_->recordOf.count(&ds) != 0;
}

bool Topology::hasInteraction(const Interaction& inter) const {
  const auto& slots = impl_->slots;
  return inter.number() < slots.size() && slots[inter.number()].inter.get() == &inter;
}

bool Topology::isLinked(InteractionId id) const {
  return id < impl_->slots.size() && impl_->slots[id].inter != nullptr;
}

std::size_t Topology::numberOfDS() const { return impl_->records.size(); }

std::size_t Topology::numberOfInteractions() const { return impl_->all.size(); }

std::size_t Topology::interactionCapacity() const { return impl_->slots.size(); }

const std::shared_ptr<Interaction>& Topology::interaction(InteractionId id) const {
  return impl_->liveSlot(id, "interaction").inter;
}

std::uint64_t Topology::linkVersion(InteractionId id) const {
  return impl_->liveSlot(id, "linkVersion").linkVersion;
}

const std::vector<std::shared_ptr<DynamicalSystem>>& Topology::dynamicalSystems() const {
  return impl_->dsOrder;
}

const std::vector<std::shared_ptr<Interaction>>& Topology::interactions() const {
  return impl_->all;
}

const std::vector<Topology::InteractionId>& Topology::interactionIdsOf(
    const DynamicalSystem& ds) const {
  const auto it = impl_->recordOf.find(&ds);
  if (it == impl_->recordOf.end())
    throw std::out_of_range("Topology::interactionIdsOf: " + ds.description() +
                            " is not in the topology");
  return impl_->records[it->second].interactions;
}

std::vector<std::shared_ptr<Interaction>> Topology::interactionsOf(
    const DynamicalSystem& ds) const {
  std::vector<std::shared_ptr<Interaction>> result;
  const auto it = impl_->recordOf.find(&ds);
  if (it == impl_->recordOf.end()) return result;
  for (const InteractionId id : impl_->records[it->second].interactions)
    result.push_back(impl_->slots[id].inter);
  return result;
}

std::vector<LinkedInteraction> Topology::linkedInteractions(const Interaction& inter) const {
  if (!hasInteraction(inter))
    throw std::out_of_range("Topology::linkedInteractions: " + inter.description() +
                            " is not in the topology");
  const Impl& d = *impl_;
  const Slot& slot = d.slots[inter.number()];
  std::vector<LinkedInteraction> result;
  for (const std::size_t r : slot.ds) {
    if (r == npos) continue;
    for (const InteractionId other : d.records[r].interactions)
      if (other != inter.number()) result.push_back({d.slots[other].inter, d.records[r].ds});
  }
  return result;
}

std::size_t Topology::numberOfDSGraphEdges() const { return boost::num_edges(impl_->dsGraph); }

unsigned Topology::numberOfIndexSets() const { return impl_->numberOfIndexSets; }

void Topology::setNumberOfIndexSets(unsigned n) {
  Impl& d = *impl_;
  if (n == 0)
    throw std::invalid_argument("Topology::setNumberOfIndexSets: at least 1 index set (level 0)");
  // Dropped levels are emptied but kept, so that their version() never goes
  // back if they are enabled again.
  for (std::size_t level = n; level < d.indexSets.size(); ++level) d.indexSets[level].clear();
  while (d.indexSets.size() < n) d.indexSets.emplace_back(d.slots.capacity());
  d.numberOfIndexSets = n;
}

const IndexSet& Topology::indexSet(unsigned level) const {
  if (level >= impl_->numberOfIndexSets)
    throw std::out_of_range("Topology::indexSet: index set " + std::to_string(level) +
                            " out of range [0, " + std::to_string(impl_->numberOfIndexSets - 1) +
                            "]");
  return impl_->indexSets[level];
}

void Topology::clearIndexSet(unsigned level) {
  impl_->checkModifiableLevel(level, "clearIndexSet");
  impl_->indexSets[level].clear();
}

bool Topology::addToIndexSet(unsigned level, InteractionId id) {
  impl_->checkModifiableLevel(level, "addToIndexSet");
  impl_->liveSlot(id, "addToIndexSet");
  return impl_->indexSets[level].insert(id);
}

bool Topology::removeFromIndexSet(unsigned level, InteractionId id) {
  impl_->checkModifiableLevel(level, "removeFromIndexSet");
  return impl_->indexSets[level].erase(id);
}

}  // namespace moreau
