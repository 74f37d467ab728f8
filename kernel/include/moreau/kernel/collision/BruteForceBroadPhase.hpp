#pragma once
// O(n²) reference broad phase: every pair is tested (docs/kernel/collision.md §3).

#include <moreau/kernel/collision/BroadPhase.hpp>

namespace moreau {

/// Tests every pair of boxes (reference for the tests, fine for a few dozen objects).
class BruteForceBroadPhase : public BroadPhase {
 public:
  void findPairs(const std::vector<Aabb>& boxes, std::vector<BroadPhasePair>& pairs) override;
  const char* name() const override { return "brute force"; }
};

}  // namespace moreau
