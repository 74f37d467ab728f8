// Uniform-grid broad phase (dense or hashed cells); docs/kernel/collision.md §3.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/collision/UniformGridBroadPhase.hpp>

#include <moreau/numerics/ParallelFor.hpp>

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

  // One entry per small box (extent ≤ cell): the cell of its lower corner.
  std::int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  for (std::uint32_t i = 0; i < n; ++i) {
    const Aabb& b = boxes[i];
    if ((b.upper - b.lower).maxCoeff() > cell) {
      large_.push_back(i);
      continue;
    }
    const Entry e{cellOf(b.lower.x(), inverse), cellOf(b.lower.y(), inverse),
                  cellOf(b.lower.z(), inverse), i};
    const std::int64_t c[3] = {e.x, e.y, e.z};
    for (int a = 0; a < 3; ++a) {
      lo[a] = entries_.empty() ? c[a] : std::min(lo[a], c[a]);
      hi[a] = entries_.empty() ? c[a] : std::max(hi[a], c[a]);
    }
    entries_.push_back(e);
  }
  const std::size_t m = entries_.size();

  // Dense cells (with a margin of one cell on each side, so that the 27 neighbours of every
  // occupied cell are in the array) when the grid is small enough, else hashed cells.
  const double nx = static_cast<double>(hi[0] - lo[0] + 3),
               ny = static_cast<double>(hi[1] - lo[1] + 3),
               nz = static_cast<double>(hi[2] - lo[2] + 3);
  hashed_ = !(nx * ny * nz <= 8.0 * static_cast<double>(m) + 64.0);
  std::size_t slots = 16;
  std::uint64_t mask = 0;
  const std::int64_t sx = hi[0] - lo[0] + 3, sy = hi[1] - lo[1] + 3;
  const auto dense = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return static_cast<std::uint32_t>((x - lo[0] + 1) +
                                      sx * ((y - lo[1] + 1) + sy * (z - lo[2] + 1)));
  };
  if (hashed_) {
    while (slots < 2 * m) slots *= 2;
    mask = slots - 1;
  } else {
    slots = static_cast<std::size_t>(nx * ny * nz);
  }
  const auto slotOf = [&](std::int64_t x, std::int64_t y, std::int64_t z) {
    return hashed_ ? static_cast<std::uint32_t>(hashCell(x, y, z) & mask) : dense(x, y, z);
  };

  // Counting sort of the entries by slot.
  start_.assign(slots + 1, 0);
  slot_.resize(m);
  sorted_.resize(m);
  for (std::size_t e = 0; e < m; ++e) {
    slot_[e] = slotOf(entries_[e].x, entries_[e].y, entries_[e].z);
    ++start_[slot_[e] + 1];
  }
  for (std::size_t s = 0; s < slots; ++s) start_[s + 1] += start_[s];
  for (std::size_t e = 0; e < m; ++e) sorted_[start_[slot_[e]]++] = entries_[e];
  for (std::size_t s = slots; s > 0; --s) start_[s] = start_[s - 1];
  start_[0] = 0;

  // Box i (in order) against the boxes j > i of the 27 neighbouring cells; by chunks of
  // entries on several threads, each chunk's pairs concatenated in chunk order (the same list).
  const auto search = [&](std::size_t first, std::size_t last, std::vector<std::uint32_t>& near,
                          std::vector<BroadPhasePair>& out) {
    for (std::size_t k = first; k < last; ++k) {
      const Entry& e = entries_[k];
      near.clear();
      const Aabb& A = boxes[e.box];
      for (std::int64_t dz = -1; dz <= 1; ++dz)
        for (std::int64_t dy = -1; dy <= 1; ++dy) {
          if (!hashed_) {  // the three cells x − 1 .. x + 1 are consecutive slots
            const std::uint32_t first3 = dense(e.x - 1, e.y + dy, e.z + dz);
            for (std::uint32_t u = start_[first3]; u < start_[first3 + 3]; ++u) {
              const std::uint32_t j = sorted_[u].box;
              if (j > e.box && A.overlaps(boxes[j])) near.push_back(j);
            }
            continue;
          }
          for (std::int64_t dx = -1; dx <= 1; ++dx) {
            const std::int64_t x = e.x + dx, y = e.y + dy, z = e.z + dz;
            const std::uint32_t s = slotOf(x, y, z);
            for (std::uint32_t u = start_[s]; u < start_[s + 1]; ++u) {
              const Entry& f = sorted_[u];
              if (f.box > e.box && f.x == x && f.y == y && f.z == z && A.overlaps(boxes[f.box]))
                near.push_back(f.box);
            }
          }
        }
      std::sort(near.begin(), near.end());
      for (std::uint32_t j : near) out.emplace_back(e.box, j);
    }
  };
  constexpr std::size_t kGrain = 128;
  const unsigned threads = numberOfThreads();
  const std::size_t chunks = numerics::parallelChunks(threads, m, kGrain);
  if (chunks_.size() < chunks) chunks_.resize(chunks);
  if (chunks == 1) {
    search(0, m, chunks_[0].near, pairs);
  } else {
    numerics::parallelForChunks(threads, m, kGrain,
                                [&](std::size_t c, std::size_t first, std::size_t end) {
                                  chunks_[c].pairs.clear();
                                  search(first, end, chunks_[c].near, chunks_[c].pairs);
                                });
    numerics::assignChunks(
        threads, m, kGrain, [&](std::size_t c) -> const auto& { return chunks_[c].pairs; }, pairs);
  }
  if (large_.empty()) return;

  // Large boxes against all others (a large–large pair once), then one sort of everything.
  for (std::uint32_t l : large_)
    for (std::uint32_t j = 0; j < n; ++j) {
      if (j == l || !boxes[l].overlaps(boxes[j])) continue;
      const bool jLarge = std::binary_search(large_.begin(), large_.end(), j);
      if (jLarge && j < l) continue;
      keys_.push_back(l < j ? pack(l, j) : pack(j, l));
    }
  for (const BroadPhasePair& pr : pairs) keys_.push_back(pack(pr.first, pr.second));
  std::sort(keys_.begin(), keys_.end());
  pairs.clear();
  for (std::uint64_t k : keys_)
    pairs.emplace_back(static_cast<std::uint32_t>(k >> 32), static_cast<std::uint32_t>(k));
}

}  // namespace moreau
