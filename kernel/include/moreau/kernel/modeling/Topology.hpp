#pragma once
// Topology of a NonSmoothDynamicalSystem (Siconos Topology, dev-notes §1.5,
// §3.1, §3.5). Two Boost.Graph adjacency_lists with listS vertex and edge
// storage (descriptors stay valid on removal), hidden behind a pimpl so no
// Boost header leaks into the public API:
//  - the DS graph: one vertex per dynamical system, one edge per interaction
//    between its two systems; an interaction on a single system is a
//    self-loop on that system's vertex;
//  - the interaction graph: one vertex per interaction, one edge per
//    (pair of interactions, shared system); two interactions sharing two
//    systems are joined by two parallel edges.
// Index sets: 0 = every interaction, 1 = the active ones (set each step by
// the simulation); both keep link (insertion) order.
//
// Interactions can be added (link) and removed (removeInteraction) at any
// time, also between two steps of a running simulation: only the affected
// vertices and edges change, nothing is rebuilt. Interaction numbers are
// positions in index set 0: removing interaction k shifts the numbers of the
// interactions linked after it down by one; a new link gets number
// numberOfInteractions(). version() counts the changes, so that a simulation
// can detect them and re-initialize only its per-interaction data.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace moreau {

class DynamicalSystem;
class Interaction;

/// An interaction linked to another one through a shared system.
struct LinkedInteraction {
  std::shared_ptr<Interaction> interaction;
  std::shared_ptr<DynamicalSystem> commonDS;
};

class Topology {
 public:
  Topology();
  ~Topology();
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  /// Adds a vertex to the DS graph (the NSDS checks for duplicates).
  void insertDynamicalSystem(const std::shared_ptr<DynamicalSystem>& ds);
  /// Adds the interaction (edge of the DS graph, vertex of the interaction
  /// graph, member of index set 0) and its links with the interactions that
  /// share ds1 or ds2 (ds2 may be null). The NSDS validates the arguments.
  void link(const std::shared_ptr<Interaction>& inter, const std::shared_ptr<DynamicalSystem>& ds1,
            const std::shared_ptr<DynamicalSystem>& ds2);

  /// Removes the interaction: its DS-graph edge, its interaction-graph
  /// vertex and edges, its entries in the linked-interaction lists and in the
  /// index sets; renumbers the interactions linked after it. No-op when
  /// absent.
  void removeInteraction(const Interaction& inter);
  /// Incremented by every insertDynamicalSystem, link and removeInteraction.
  std::uint64_t version() const;

  bool hasDynamicalSystem(const DynamicalSystem& ds) const;
  bool hasInteraction(const Interaction& inter) const;
  std::size_t numberOfDS() const;
  std::size_t numberOfInteractions() const;
  /// Systems in insertion order.
  const std::vector<std::shared_ptr<DynamicalSystem>>& dynamicalSystems() const;

  /// Interactions involving ds (edges of its DS-graph vertex), link order.
  std::vector<std::shared_ptr<Interaction>> interactionsOf(const DynamicalSystem& ds) const;
  /// Interactions sharing a system with inter, with the common system (one
  /// entry per shared system), in link order. Cached: no allocation.
  /// Throws std::out_of_range when inter is not in the topology.
  const std::vector<LinkedInteraction>& linkedInteractions(const Interaction& inter) const;

  std::size_t numberOfDSGraphEdges() const;
  std::size_t numberOfInteractionGraphEdges() const;

  /// 2 (levels 0 and 1).
  unsigned numberOfIndexSets() const { return 2; }
  /// std::out_of_range for level >= numberOfIndexSets().
  const std::vector<std::shared_ptr<Interaction>>& indexSet(unsigned level) const;
  /// Empties index set level >= 1 (index set 0 is fixed); keeps capacity.
  void clearIndexSet(unsigned level);
  /// Appends inter to index set level >= 1 (callers iterate index set 0 to
  /// keep link order). No allocation: capacity is reserved at link time.
  void addToIndexSet(unsigned level, const std::shared_ptr<Interaction>& inter);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace moreau
