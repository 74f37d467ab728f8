#pragma once
// Dynamic contacts of Newton–Euler bodies (docs/kernel/collision.md §4): an InteractionManager
// that, before every step, runs a CollisionDetector on its shapes, links an interaction
// (NewtonEuler3DR with the detector's contact function, the manager's nonsmooth law) for every
// new contact of gap ≤ the alert distance, keeps the existing ones (their relation re-evaluates
// the points and normal from q) and removes those that went beyond the alert distance. A
// removed interaction is kept and linked again when the same contact (same shapes and feature)
// comes back: no allocation in steady state.

#include <moreau/kernel/collision/CollisionDetector.hpp>
#include <moreau/kernel/simulation/InteractionManager.hpp>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace moreau {

class Interaction;
class NewtonEulerDS;
class NonSmoothDynamicalSystem;
class NonSmoothLaw;

/// Collision detection as an InteractionManager (insert it with
/// Simulation::insertInteractionManager).
class ContactManager : public InteractionManager {
 public:
  /// law: the nonsmooth law of every contact (e.g. NewtonImpactFrictionNSL of size 3);
  /// alertDistance ≥ 0: contacts are created at gap ≤ alertDistance (choose ≥ the largest
  /// approach in one step, |v| h); detector: null for a PrimitiveCollisionDetector.
  /// ModelError on a null law or a negative or non-finite distance.
  ContactManager(std::shared_ptr<NonSmoothLaw> law, double alertDistance,
                 std::shared_ptr<CollisionDetector> detector = nullptr);

  /// Adds a sphere of radius r > 0 centred at the body's G; returns its object index.
  std::uint32_t addSphere(std::shared_ptr<NewtonEulerDS> body, double radius);
  /// Adds a box of half extents a > 0 along the body axes, centred at G.
  std::uint32_t addBox(std::shared_ptr<NewtonEulerDS> body, const Eigen::Vector3d& halfExtents);
  /// Adds the fixed plane through point with normal (normalised) pointing out of the solid.
  std::uint32_t addPlane(const Eigen::Vector3d& point, const Eigen::Vector3d& normal);
  /// The shapes in insertion order (index = object number).
  const std::vector<CollisionObject>& objects() const { return objects_; }

  /// Runs the detection and updates nsds's interactions (also usable before
  /// Simulation::initialize to create the initial contacts).
  void update(NonSmoothDynamicalSystem& nsds);
  /// update(sim.nonSmoothDynamicalSystem()): called by TimeStepping before each step.
  void updateInteractions(Simulation& sim) override;

  /// An active contact: its detection data and its linked interaction.
  struct ActiveContact {
    DetectedContact contact;                   ///< last detection (geometry at t_k)
    std::shared_ptr<Interaction> interaction;  ///< the linked interaction
  };
  /// The contacts linked by the last update, sorted by DetectedContact::key().
  const std::vector<ActiveContact>& contacts() const { return active_; }
  /// Alert distance.
  double alertDistance() const { return alert_; }
  /// The detector.
  CollisionDetector& detector() { return *detector_; }
  /// Counters since construction: interactions created, linked again (reused) and removed.
  ///@{
  std::size_t createdInteractions() const { return created_; }
  std::size_t reusedInteractions() const { return reused_; }
  std::size_t removedInteractions() const { return removed_; }
  ///@}

 private:
  std::shared_ptr<Interaction> interactionFor(const DetectedContact& contact);
  std::shared_ptr<NonSmoothLaw> law_;
  double alert_;
  std::shared_ptr<CollisionDetector> detector_;
  std::vector<CollisionObject> objects_;
  std::vector<DetectedContact> detected_;
  std::vector<ActiveContact> active_, next_;
  std::vector<char> sameKeys_;  // update: per chunk, its keys unchanged
  std::unordered_map<std::uint64_t, std::shared_ptr<Interaction>> pool_;
  std::size_t created_ = 0, reused_ = 0, removed_ = 0;
};

}  // namespace moreau
