#pragma once
// The model: dynamical systems, interactions and their Topology over the time
// interval [t0, T] (Siconos NonSmoothDynamicalSystem + Model, dev-notes §1.5).

#include <moreau/kernel/modeling/Topology.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace moreau {

class DynamicalSystem;
class Interaction;

/// The model (Siconos NonSmoothDynamicalSystem + Model): dynamical systems, interactions and their
/// Topology over the time interval [t0, T]. Insert the systems, then link each interaction to
/// one or two of them.
class NonSmoothDynamicalSystem {
 public:
  /// Throws ModelError when t0 or T is not finite or T < t0.
  NonSmoothDynamicalSystem(double t0, double T);
  NonSmoothDynamicalSystem(const NonSmoothDynamicalSystem&) = delete;
  NonSmoothDynamicalSystem& operator=(const NonSmoothDynamicalSystem&) = delete;

  /// Initial time t0.
  double t0() const { return t0_; }
  /// Final time T (>= t0).
  double finalT() const { return T_; }

  /// Inserts ds and numbers it (0, 1, ...). ModelError when ds is null or
  /// already inserted (here or in another NonSmoothDynamicalSystem).
  void insertDynamicalSystem(const std::shared_ptr<DynamicalSystem>& ds);
  /// Links an interaction to one or two inserted systems, gives it its id
  /// (Topology::nextInteractionId(): a free slot, reused, or a new one) and
  /// initializes its relation (sizes checked,
  /// work buffers allocated). ModelError when: a pointer is null, a system is
  /// not inserted, ds1 == ds2, the interaction is already linked, a system
  /// has the wrong type for the relation (LagrangianDS for a LagrangianR,
  /// FirstOrderNonLinearDS for a FirstOrderR), or the relation's H / C (or
  /// B, D, F) does not match the systems' sizes. May be called during a
  /// simulation (between steps): the simulation picks it up at the next step.
  ///@{
  void link(const std::shared_ptr<Interaction>& inter, const std::shared_ptr<DynamicalSystem>& ds1);
  void link(const std::shared_ptr<Interaction>& inter, const std::shared_ptr<DynamicalSystem>& ds1,
            const std::shared_ptr<DynamicalSystem>& ds2);
  ///@}

  /// Removes a linked interaction (between steps of a simulation too) in
  /// O(1): DS-graph edge, per-system lists, index sets. The other
  /// interactions keep their ids; inter's slot is freed for a later link and
  /// inter is unlinked (it may be linked again, possibly with another id).
  /// ModelError when inter is null or not in this model.
  void removeInteraction(const std::shared_ptr<Interaction>& inter);
  /// Topology::version(): changes whenever systems or interactions are
  /// added or removed.
  std::uint64_t topologyVersion() const { return topology_.version(); }

  /// Number of inserted systems.
  std::size_t numberOfDS() const { return topology_.numberOfDS(); }
  /// Number of linked interactions.
  std::size_t numberOfInteractions() const { return topology_.numberOfInteractions(); }
  /// Systems in insertion order (index = number()).
  const std::vector<std::shared_ptr<DynamicalSystem>>& dynamicalSystems() const {
    return topology_.dynamicalSystems();
  }
  /// The linked interactions in the order of index set 0 (link order until
  /// a removal moves the last one into the freed position; see Topology).
  /// The id of an interaction is its number(), not its position here.
  const std::vector<std::shared_ptr<Interaction>>& interactions() const {
    return topology_.interactions();
  }
  /// std::out_of_range for an unknown number.
  const std::shared_ptr<DynamicalSystem>& dynamicalSystem(unsigned number) const;

  /// The topology (systems, interactions, index sets).
  ///@{
  Topology& topology() { return topology_; }
  const Topology& topology() const { return topology_; }
  ///@}

 private:
  double t0_, T_;
  Topology topology_;
};

}  // namespace moreau
