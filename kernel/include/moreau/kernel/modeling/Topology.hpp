#pragma once
// Topology of a NonSmoothDynamicalSystem (Siconos Topology, dev-notes §1.5,
// §3.1, §3.5): which interactions exist, which systems they couple, and the
// index sets of the simulation. Every operation below that adds or removes
// an interaction costs O(1) (amortized), whatever the number of interactions
// of the systems involved.
//
// Interaction ids. Each linked interaction occupies a slot; its id
// (Interaction::number()) is the slot index and never changes while it is
// linked. Removing an interaction frees its slot, and a later link reuses
// the most recently freed slot (LIFO free list), so ids stay below
// interactionCapacity() (= the number of slots = the largest number of
// interactions ever linked at once). Per-interaction caches of integrators
// and problems can thus be vectors indexed by id, sized interactionCapacity();
// linkVersion(id) tells a reused slot (or an interaction removed and linked
// again) from the one a cache was built for.
//
// Storage:
//  - the DS graph, a Boost.Graph adjacency_list (directedS, listS vertex and
//    edge storage, hidden behind a pimpl): one vertex per system, one edge
//    per interaction, from its first to its second system, a self-loop for
//    an interaction on a single system. The slot keeps the edge's iterator,
//    so removal is O(1) (an undirected adjacency_list removes an edge by
//    scanning both end vertices' lists, O(degree));
//  - per system, the list of the ids of its interactions (dense vector with
//    back-pointer positions in the slots; swap-with-last removal). Pairs of
//    interactions sharing a system are computed from these lists on demand;
//    no interaction graph is stored (it would hold O(d²) edges at a system
//    with d interactions);
//  - the index sets (IndexSet, O(1) insert/erase/membership): level 0 holds
//    every linked interaction (maintained here), levels >= 1 are filled by
//    the simulation (1 = active at velocity level for Moreau–Jean; 2 for
//    event-driven schemes; more through setNumberOfIndexSets).
// Order of index set 0 (and of interactions()): link order, except that
// removing an interaction moves the last one into its position; it is a
// deterministic function of the sequence of links and removals. The same
// holds for the per-system lists.

#include <moreau/kernel/modeling/IndexSet.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace moreau {

class DynamicalSystem;
class Interaction;

/// An interaction sharing a system with another one.
struct LinkedInteraction {
  /// The other interaction.
  std::shared_ptr<Interaction> interaction;
  /// The system both interactions act on.
  std::shared_ptr<DynamicalSystem> commonDS;
};

/// Topology of a NonSmoothDynamicalSystem (Siconos Topology): which interactions exist, which
/// systems they couple, and the index sets of the simulation. Adding or removing an interaction
/// is O(1) (amortized). Each linked interaction occupies a slot whose index is its id
/// (Interaction::number()), stable while linked; freed slots are reused LIFO, so ids stay below
/// interactionCapacity(). Index set 0 holds every linked interaction; levels >= 1 are filled by
/// the simulation (1 = active at velocity level for Moreau–Jean).
class Topology {
 public:
  /// Interaction id = slot index.
  using InteractionId = IndexSet::Id;

  Topology();
  ~Topology();
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  /// Adds a vertex to the DS graph (the NSDS checks for duplicates and
  /// numbers the system).
  void insertDynamicalSystem(const std::shared_ptr<DynamicalSystem>& ds);

  /// The id the next link() will give: the most recently freed slot, or
  /// interactionCapacity() when no slot is free.
  InteractionId nextInteractionId() const;
  /// Adds the interaction in slot nextInteractionId() (sets inter's number to
  /// it): DS-graph edge ds1 -> ds2 (self-loop when ds2 is null), entry in
  /// the lists of ds1 and ds2, member of index set 0. Returns the id.
  /// std::invalid_argument when inter is null or already in the topology,
  /// or a system is not inserted (the NSDS validates the arguments before).
  InteractionId link(const std::shared_ptr<Interaction>& inter,
                     const std::shared_ptr<DynamicalSystem>& ds1,
                     const std::shared_ptr<DynamicalSystem>& ds2);
  /// Removes the interaction: its DS-graph edge, its entries in the lists of
  /// its systems and in every index set; frees its slot. The other ids do
  /// not change. No-op when absent.
  void removeInteraction(const Interaction& inter);
  /// Incremented by every insertDynamicalSystem, link and removeInteraction
  /// (not by index-set changes: see IndexSet::version()).
  std::uint64_t version() const;

  /// True when ds was inserted.
  bool hasDynamicalSystem(const DynamicalSystem& ds) const;
  /// O(1): inter occupies the slot of its number.
  bool hasInteraction(const Interaction& inter) const;
  /// True when slot id holds an interaction.
  bool isLinked(InteractionId id) const;
  /// Number of inserted systems.
  std::size_t numberOfDS() const;
  /// Number of linked interactions (= indexSet(0).size()).
  std::size_t numberOfInteractions() const;
  /// Number of slots: every id is < interactionCapacity().
  std::size_t interactionCapacity() const;
  /// The interaction in slot id; std::out_of_range for a free or unknown slot.
  const std::shared_ptr<Interaction>& interaction(InteractionId id) const;
  /// version() right after the link that filled slot id (unique per link);
  /// std::out_of_range for a free or unknown slot.
  std::uint64_t linkVersion(InteractionId id) const;

  /// Systems in insertion order.
  const std::vector<std::shared_ptr<DynamicalSystem>>& dynamicalSystems() const;
  /// The linked interactions, in the order of index set 0
  /// (interactions()[k] is interaction(indexSet(0)[k])).
  const std::vector<std::shared_ptr<Interaction>>& interactions() const;

  /// Ids of the interactions involving ds (see the order above). No
  /// allocation. std::out_of_range when ds is not in the topology.
  const std::vector<InteractionId>& interactionIdsOf(const DynamicalSystem& ds) const;
  /// The same as interactions (a copy); empty when ds is not in the topology.
  std::vector<std::shared_ptr<Interaction>> interactionsOf(const DynamicalSystem& ds) const;
  /// The interactions sharing a system with inter, with the common system
  /// (one entry per shared system: two for two interactions on the same pair
  /// of systems), by inter's systems in link order, then by the order of
  /// their lists. Computed from the per-system lists (allocates; loops that
  /// must not allocate walk interactionIdsOf of inter's systems instead).
  /// std::out_of_range when inter is not in the topology.
  std::vector<LinkedInteraction> linkedInteractions(const Interaction& inter) const;

  /// Number of edges of the DS graph (= numberOfInteractions()).
  std::size_t numberOfDSGraphEdges() const;

  /// Number of index sets (levels 0 .. n−1); 3 by default.
  unsigned numberOfIndexSets() const;
  /// Sets the number of index sets (n >= 1, std::invalid_argument
  /// otherwise). Levels >= n are emptied; new levels start empty. Every
  /// level accepts any id < interactionCapacity() without allocation.
  void setNumberOfIndexSets(unsigned n);
  /// std::out_of_range for level >= numberOfIndexSets().
  const IndexSet& indexSet(unsigned level) const;
  /// Empties index set level >= 1 (index set 0 is maintained by link and
  /// removeInteraction); keeps capacity. std::out_of_range otherwise.
  void clearIndexSet(unsigned level);
  /// Inserts / erases id in index set level >= 1; true when the membership
  /// changed. O(1), no allocation. std::out_of_range for level 0, a level
  /// out of range, or (insert) an id that is not linked.
  ///@{
  bool addToIndexSet(unsigned level, InteractionId id);
  bool removeFromIndexSet(unsigned level, InteractionId id);
  ///@}

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau
