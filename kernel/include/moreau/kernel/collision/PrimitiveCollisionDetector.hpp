#pragma once
// The built-in detector (docs/kernel/collision.md §2–§3): a BroadPhase (UniformGridBroadPhase
// by default, cell side (2 r_max + (1 + s) alert)(1 + 10⁻⁶) from the largest sphere) on the
// bodies' boxes inflated by (1 + s) alert/2 and kept while they move less than the skin s alert/2,
// then the NarrowPhase of sphere–sphere and sphere–box pairs; every plane is
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

  /// Verlet skin s ≥ 0, as a multiple of the alert distance δ (default 1; docs/kernel/collision.md
  /// §3): the broad phase runs on boxes inflated by (δ + s δ)/2 and its pairs are kept while no
  /// box bound has moved by more than s δ/2 since (the narrow phase tests the kept pairs: the
  /// same contacts). 0: the broad phase at every detect. ModelError for a negative or
  /// non-finite value.
  void setSkin(double skin);
  /// The skin of setSkin.
  double skin() const { return skin_; }
  /// Number of broad-phase runs since construction (detects that kept the pairs do not count).
  std::size_t broadPhaseRuns() const { return broadPhaseRuns_; }

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
  // q (position and quaternion) of each box's body, copied by the box loop: the narrow phase
  // reads them in one array instead of through the bodies.
  using State = Eigen::Matrix<double, 7, 1>;
  std::vector<State> states_;
  std::vector<BroadPhasePair> pairs_;
  // The skin: the boxes (inflated by δ/2) of the last broad phase, its boxes inflated by
  // (δ + s δ)/2, the δ and objects of that run; the largest bound shift of each chunk.
  double skin_ = 1.0;
  std::size_t broadPhaseRuns_ = 0;
  bool pairsValid_ = false;
  double pairsAlert_ = 0.0;
  std::vector<std::uint32_t> pairsBodies_;
  std::vector<Aabb> refBoxes_, skinBoxes_;
  // The narrow phase by chunks of bodies (several threads): each chunk's contacts, then
  // joined in chunk order (numerics::assignChunks: the same list for every thread count); one
  // cache line each (no false sharing of the vectors' ends written by two threads).
  struct alignas(64) Chunk {
    std::vector<DetectedContact> contacts;
    double shift = 0.0;
    bool sorted = true;  // its contacts in key order
  };
  std::vector<Chunk> chunks_;
};

}  // namespace moreau
