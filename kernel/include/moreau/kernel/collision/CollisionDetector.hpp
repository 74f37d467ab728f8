#pragma once
// Interface between the ContactManager and a collision library (docs/kernel/collision.md §4):
// detect() lists the contacts within the alert distance of a set of CollisionObject, and
// contactFunction() gives, for one of them, the function of the bodies' q that a
// NewtonEuler3DR evaluates at every Newton iterate (the same geometry as the detection).

#include <moreau/kernel/collision/CollisionObject.hpp>
#include <moreau/kernel/modeling/NewtonEuler1DR.hpp>

#include <cstdint>
#include <vector>

namespace moreau {

/// One contact found by a detector: shapes object1 (body 1 of the relation) and object2 (body 2,
/// or a plane), a feature number telling the contact points of one pair apart (box corner
/// 0..7, else 0), and the geometry at the current state.
struct DetectedContact {
  std::uint32_t object1 = 0;  ///< index of shape 1 (carries body 1)
  std::uint32_t object2 = 0;  ///< index of shape 2 (body 2, or a plane: no second body)
  std::uint32_t feature = 0;  ///< feature of the pair (< 256)
  ContactGeometry geometry;   ///< gap, points and normal (from shape 2 towards shape 1)
  /// Key ordering the contacts: (object1, object2, feature) packed in 64 bits.
  std::uint64_t key() const {
    return (static_cast<std::uint64_t>(object1) << 36) |
           (static_cast<std::uint64_t>(object2) << 8) | feature;
  }
};

/// A collision detector: plug another library by deriving from this class and giving it to
/// the ContactManager.
class CollisionDetector {
 public:
  virtual ~CollisionDetector() = default;
  /// Replaces contacts by every contact of gap ≤ alertDistance between the objects at the
  /// current q of their bodies, sorted by key() (deterministic).
  virtual void detect(const std::vector<CollisionObject>& objects, double alertDistance,
                      std::vector<DetectedContact>& contacts) = 0;
  /// The contact function (NewtonEuler1DR convention, q = [q_body1; q_body2]) of a contact
  /// returned by detect, for the relation the manager creates. ModelError when unsupported.
  virtual NewtonEuler1DR::ContactFunction contactFunction(
      const std::vector<CollisionObject>& objects, const DetectedContact& contact) const = 0;

  /// Threads detect may use (≥ 1; ContactManager passes Simulation::numberOfThreads() before
  /// each detection). The contacts must not depend on it.
  void setNumberOfThreads(unsigned threads) { threads_ = threads < 1 ? 1 : threads; }
  /// The threads of setNumberOfThreads (default 1).
  unsigned numberOfThreads() const { return threads_; }

 protected:
  /// Only derived classes construct detectors.
  ///@{
  CollisionDetector() = default;
  CollisionDetector(const CollisionDetector&) = default;
  CollisionDetector& operator=(const CollisionDetector&) = default;
  ///@}

 private:
  unsigned threads_ = 1;
};

}  // namespace moreau
