#pragma once
// The built-in detector (docs/kernel/collision.md §2–§3): a BroadPhase (UniformGridBroadPhase
// by default, cell side (2 r_max + alert)(1 + 10⁻⁶) from the largest sphere) on the bodies' boxes
// inflated by alert/2, then the NarrowPhase of sphere–sphere and sphere–box pairs; every plane is
// tested against every body (sphere–plane, box–plane up to 4 corners). Box–box pairs are not
// detected (skipped).

#include <moreau/kernel/collision/BroadPhase.hpp>
#include <moreau/kernel/collision/CollisionDetector.hpp>

#include <memory>

namespace moreau {

/// Spheres, boxes and planes: broad phase + exact narrow phase.
class PrimitiveCollisionDetector : public CollisionDetector {
 public:
  /// broadPhase: null for a UniformGridBroadPhase with an automatic cell side.
  explicit PrimitiveCollisionDetector(std::shared_ptr<BroadPhase> broadPhase = nullptr);

  void detect(const std::vector<CollisionObject>& objects, double alertDistance,
              std::vector<DetectedContact>& contacts) override;
  NewtonEuler1DR::ContactFunction contactFunction(const std::vector<CollisionObject>& objects,
                                                  const DetectedContact& contact) const override;

  /// The broad phase used.
  BroadPhase& broadPhase() { return *broadPhase_; }
  /// Number of broad-phase pairs of the last detect.
  std::size_t lastNumberOfPairs() const { return pairs_.size(); }

 private:
  std::shared_ptr<BroadPhase> broadPhase_;
  bool automaticCell_ = false;
  std::vector<std::uint32_t> bodies_;  // object index of each box of the broad phase
  std::vector<std::uint32_t> planes_;
  std::vector<Aabb> boxes_;
  std::vector<BroadPhasePair> pairs_;
  // The narrow phase by chunks of bodies (several threads): each chunk's contacts, then
  // concatenated in chunk order (the same list for every thread count); one cache line each
  // (no false sharing of the vectors' ends written by two threads).
  struct alignas(64) Chunk {
    std::vector<DetectedContact> contacts;
  };
  std::vector<Chunk> chunks_;
};

}  // namespace moreau
