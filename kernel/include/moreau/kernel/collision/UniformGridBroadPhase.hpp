#pragma once
// Uniform-grid broad phase with hashed cells (docs/kernel/collision.md §3). Each box is
// entered in every cell of side `cellSize` it overlaps; the entries are bucketed by a hash
// of the cell coordinates (counting sort, table of a power-of-two size ≥ 2 × entries); two
// boxes of the same cell are reported when they overlap and the cell holds the lower corner
// of their intersection (each pair once). Boxes spanning more than `maxCellsPerBox` cells are
// tested against all the others instead. Output sorted by (i, j): deterministic.

#include <moreau/kernel/collision/BroadPhase.hpp>

#include <cstddef>

namespace moreau {

/// Uniform grid of hashed cells; no allocation once its buffers reached their size.
class UniformGridBroadPhase : public BroadPhase {
 public:
  /// cellSize > 0: the cell side; 0 (default): the largest box extent of each call.
  /// ModelError when negative or not finite.
  explicit UniformGridBroadPhase(double cellSize = 0.0);

  /// Sets the cell side (0: automatic, as in the constructor).
  void setCellSize(double cellSize);
  /// The cell side given (0: automatic).
  double cellSize() const { return cellSize_; }
  /// The cell side used by the last findPairs.
  double lastCellSize() const { return lastCellSize_; }
  /// Boxes covering more cells than this are tested against every box (default 64).
  void setMaxCellsPerBox(std::size_t cells) { maxCells_ = cells; }

  void findPairs(const std::vector<Aabb>& boxes, std::vector<BroadPhasePair>& pairs) override;
  const char* name() const override { return "uniform grid"; }

 private:
  struct Entry {
    std::int64_t x, y, z;  // cell coordinates
    std::uint32_t box;
  };
  double cellSize_ = 0.0, lastCellSize_ = 0.0;
  std::size_t maxCells_ = 64;
  std::vector<Entry> entries_, sorted_;
  std::vector<std::uint32_t> buckets_;  // bucket of each entry
  std::vector<std::uint32_t> start_;    // first sorted entry of each bucket (+ end)
  std::vector<std::uint32_t> large_;    // boxes over maxCells_
  std::vector<std::uint64_t> keys_;     // packed pairs before sorting
};

}  // namespace moreau
