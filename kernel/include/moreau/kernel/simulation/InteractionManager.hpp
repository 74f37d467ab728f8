#pragma once
// User hook run at the start of every time step (Siconos InteractionManager):
// TimeStepping::computeOneStep calls updateInteractions(sim) of every manager
// inserted with Simulation::insertInteractionManager, in insertion order,
// before the free state and the Newton loop, with the systems at q_k, v_k. A
// manager may move contact points of its relations, link new interactions
// (nsds->link) or remove interactions (nsds->removeInteraction): the topology
// change is then picked up by the step as for a link made between two steps.

namespace moreau {

class Simulation;

/// Base class of the user interaction managers (Siconos InteractionManager):
/// updateInteractions(sim) is called by TimeStepping at the start of each step,
/// before the Newton loop, with the systems at the state of t_k.
class InteractionManager {
 public:
  virtual ~InteractionManager() = default;
  /// Updates the interactions of sim's model for the coming step (move contact
  /// points, link or remove interactions through sim.nonSmoothDynamicalSystem()).
  virtual void updateInteractions(Simulation& sim) = 0;

 protected:
  /// Only derived classes construct managers (copyable, as a base).
  ///@{
  InteractionManager() = default;
  InteractionManager(const InteractionManager&) = default;
  InteractionManager& operator=(const InteractionManager&) = default;
  ///@}
};

}  // namespace moreau
