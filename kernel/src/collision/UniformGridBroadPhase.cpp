// Uniform-grid broad phase with hashed cells; docs/kernel/collision.md §3.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/collision/UniformGridBroadPhase.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace moreau {

namespace {

std::int64_t cellOf(double x, double inverse) {
  return static_cast<std::int64_t>(std::floor(x * inverse));
}

std::uint64_t hashCell(std::int64_t x, std::int64_t y, std::int64_t z) {
  std::uint64_t h = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL;
  h ^= static_cast<std::uint64_t>(y) * 0xC2B2AE3D27D4EB4FULL + (h << 6) + (h >> 2);
  h ^= static_cast<std::uint64_t>(z) * 0x165667B19E3779F9ULL + (h << 6) + (h >> 2);
  return h ^ (h >> 29);
}

std::uint64_t pack(std::uint32_t i, std::uint32_t j) {
  return (static_cast<std::uint64_t>(i) << 32) | j;
}

}  // namespace

UniformGridBroadPhase::UniformGridBroadPhase(double cellSize) { setCellSize(cellSize); }

void UniformGridBroadPhase::setCellSize(double cellSize) {
  if (!(cellSize >= 0.0) || !std::isfinite(cellSize))
    throw ModelError("UniformGridBroadPhase: the cell size must be finite and >= 0, got " +
                     std::to_string(cellSize));
  cellSize_ = cellSize;
}

void UniformGridBroadPhase::findPairs(const std::vector<Aabb>& boxes,
                                      std::vector<BroadPhasePair>& pairs) {
  pairs.clear();
  keys_.clear();
  entries_.clear();
  large_.clear();
  const auto n = static_cast<std::uint32_t>(boxes.size());
  if (n < 2) return;
  double cell = cellSize_;
  if (!(cell > 0.0)) {
    cell = 0.0;
    for (const Aabb& b : boxes) cell = std::max(cell, (b.upper - b.lower).maxCoeff());
    if (!(cell > 0.0) || !std::isfinite(cell)) cell = 1.0;
  }
  lastCellSize_ = cell;
  const double inverse = 1.0 / cell;

  // Entries: one per (box, overlapped cell).
  for (std::uint32_t i = 0; i < n; ++i) {
    const Aabb& b = boxes[i];
    const std::int64_t x0 = cellOf(b.lower.x(), inverse), x1 = cellOf(b.upper.x(), inverse);
    const std::int64_t y0 = cellOf(b.lower.y(), inverse), y1 = cellOf(b.upper.y(), inverse);
    const std::int64_t z0 = cellOf(b.lower.z(), inverse), z1 = cellOf(b.upper.z(), inverse);
    const double cells = static_cast<double>(x1 - x0 + 1) * static_cast<double>(y1 - y0 + 1) *
                         static_cast<double>(z1 - z0 + 1);
    if (cells > static_cast<double>(maxCells_)) {
      large_.push_back(i);
      continue;
    }
    for (std::int64_t x = x0; x <= x1; ++x)
      for (std::int64_t y = y0; y <= y1; ++y)
        for (std::int64_t z = z0; z <= z1; ++z) entries_.push_back(Entry{x, y, z, i});
  }

  // Counting sort of the entries by hashed cell.
  const std::size_t m = entries_.size();
  std::size_t tableSize = 16;
  while (tableSize < 2 * m) tableSize *= 2;
  const std::uint64_t mask = tableSize - 1;
  start_.assign(tableSize + 1, 0);
  buckets_.resize(m);
  sorted_.resize(m);
  for (std::size_t e = 0; e < m; ++e) {
    const Entry& en = entries_[e];
    buckets_[e] = static_cast<std::uint32_t>(hashCell(en.x, en.y, en.z) & mask);
    ++start_[buckets_[e] + 1];
  }
  for (std::size_t b = 0; b < tableSize; ++b) start_[b + 1] += start_[b];
  // Scatter using start_ as a moving cursor, then shift back.
  for (std::size_t e = 0; e < m; ++e) sorted_[start_[buckets_[e]]++] = entries_[e];
  for (std::size_t b = tableSize; b > 0; --b) start_[b] = start_[b - 1];
  start_[0] = 0;

  // Pairs inside each bucket: same cell, overlapping, and the cell holds the lower corner of
  // the intersection (reported once).
  for (std::size_t b = 0; b < tableSize; ++b) {
    const std::uint32_t begin = start_[b], end = start_[b + 1];
    for (std::uint32_t u = begin; u + 1 < end; ++u) {
      const Entry& eu = sorted_[u];
      for (std::uint32_t v = u + 1; v < end; ++v) {
        const Entry& ev = sorted_[v];
        if (eu.x != ev.x || eu.y != ev.y || eu.z != ev.z || eu.box == ev.box) continue;
        const Aabb& A = boxes[eu.box];
        const Aabb& B = boxes[ev.box];
        if (!A.overlaps(B)) continue;
        const Eigen::Vector3d corner = A.lower.cwiseMax(B.lower);
        if (cellOf(corner.x(), inverse) != eu.x || cellOf(corner.y(), inverse) != eu.y ||
            cellOf(corner.z(), inverse) != eu.z)
          continue;
        keys_.push_back(eu.box < ev.box ? pack(eu.box, ev.box) : pack(ev.box, eu.box));
      }
    }
  }
  // Large boxes against all others (a large–large pair once).
  for (std::uint32_t l : large_)
    for (std::uint32_t j = 0; j < n; ++j) {
      if (j == l || !boxes[l].overlaps(boxes[j])) continue;
      const bool jLarge = std::binary_search(large_.begin(), large_.end(), j);
      if (jLarge && j < l) continue;
      keys_.push_back(l < j ? pack(l, j) : pack(j, l));
    }

  std::sort(keys_.begin(), keys_.end());
  pairs.reserve(keys_.size());
  for (std::uint64_t k : keys_)
    pairs.emplace_back(static_cast<std::uint32_t>(k >> 32), static_cast<std::uint32_t>(k));
}

}  // namespace moreau
