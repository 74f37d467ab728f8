// O(n²) broad phase; docs/kernel/collision.md §3.
#include <moreau/kernel/collision/BruteForceBroadPhase.hpp>

namespace moreau {

void BruteForceBroadPhase::findPairs(const std::vector<Aabb>& boxes,
                                     std::vector<BroadPhasePair>& pairs) {
  pairs.clear();
  const auto n = static_cast<std::uint32_t>(boxes.size());
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j)
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(i, j);
}

}  // namespace moreau
