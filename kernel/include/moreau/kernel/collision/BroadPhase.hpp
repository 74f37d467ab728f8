#pragma once
// Broad phase interface (docs/kernel/collision.md §3): from axis-aligned boxes (already
// inflated by half the alert distance), the pairs (i, j), i < j, whose boxes overlap
// (closed intervals on the three axes), sorted by (i, j) so that the result does not depend
// on the algorithm.

#include <Eigen/Core>

#include <cstdint>
#include <utility>
#include <vector>

namespace moreau {

/// Axis-aligned bounding box [lower, upper] (inertial frame).
struct Aabb {
  Eigen::Vector3d lower = Eigen::Vector3d::Zero();  ///< lower corner
  Eigen::Vector3d upper = Eigen::Vector3d::Zero();  ///< upper corner (>= lower)
  /// True when the closed boxes intersect.
  bool overlaps(const Aabb& other) const {
    return lower.x() <= other.upper.x() && other.lower.x() <= upper.x() &&
           lower.y() <= other.upper.y() && other.lower.y() <= upper.y() &&
           lower.z() <= other.upper.z() && other.lower.z() <= upper.z();
  }
};

/// A candidate pair of box indices (first < second).
using BroadPhasePair = std::pair<std::uint32_t, std::uint32_t>;

/// Finds the overlapping pairs of a set of boxes. Implementations keep their work buffers
/// between calls (no allocation in steady state).
class BroadPhase {
 public:
  virtual ~BroadPhase() = default;
  /// Replaces pairs by every (i, j), i < j, with boxes[i] overlapping boxes[j], sorted
  /// lexicographically.
  virtual void findPairs(const std::vector<Aabb>& boxes, std::vector<BroadPhasePair>& pairs) = 0;
  /// Name for reports ("uniform grid", "brute force").
  virtual const char* name() const = 0;
  /// Threads findPairs may use (≥ 1; PrimitiveCollisionDetector passes its own). The pairs must
  /// not depend on it.
  void setNumberOfThreads(unsigned threads) { threads_ = threads < 1 ? 1 : threads; }
  /// The threads of setNumberOfThreads (default 1).
  unsigned numberOfThreads() const { return threads_; }

 protected:
  /// Only derived classes construct broad phases.
  ///@{
  BroadPhase() = default;
  BroadPhase(const BroadPhase&) = default;
  BroadPhase& operator=(const BroadPhase&) = default;
  ///@}

 private:
  unsigned threads_ = 1;
};

}  // namespace moreau
