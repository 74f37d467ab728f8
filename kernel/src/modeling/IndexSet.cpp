#include <moreau/kernel/modeling/IndexSet.hpp>

#include <algorithm>

namespace moreau {

void IndexSet::reserve(std::size_t idCapacity) {
  if (idCapacity > position_.size()) position_.resize(idCapacity, npos);
  members_.reserve(idCapacity);
}

void IndexSet::grow(Id id) {
  // Geometric growth: amortized O(1) per inserted id.
  const std::size_t needed = static_cast<std::size_t>(id) + 1;
  reserve(std::max(needed, 2 * position_.size()));
}

void IndexSet::clear() {
  if (members_.empty()) return;
  for (const Id id : members_) position_[id] = npos;
  members_.clear();
  ++version_;
}

}  // namespace moreau
