#pragma once
// Uniform-grid broad phase (docs/kernel/collision.md §3). Every box no larger than a cell of
// side `cellSize` is entered once, in the cell of its lower corner; two such boxes can only
// overlap when their cells are neighbours (27 cells). The cells are stored densely when the
// grid spans at most 8 × boxes + 64 cells, else hashed (counting sort of the entries by a hash
// of the cell coordinates into a power-of-two table ≥ 2 × boxes). Box i gathers its
// neighbours j > i, sorted: the pairs come out in (i, j) order without a global sort. Boxes
// larger than a cell are tested against all the others (then the pairs are sorted once).
// Deterministic: the output is the sorted set of overlapping pairs.

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
  /// True when the last findPairs used hashed cells (a sparse grid), false for dense cells.
  bool lastUsedHashing() const { return hashed_; }

  void findPairs(const std::vector<Aabb>& boxes, std::vector<BroadPhasePair>& pairs) override;
  const char* name() const override { return "uniform grid"; }

 private:
  struct Entry {
    std::int64_t x, y, z;  // cell coordinates
    std::uint32_t box;
  };
  double cellSize_ = 0.0, lastCellSize_ = 0.0;
  bool hashed_ = false;
  std::vector<Entry> entries_, sorted_;  // one per small box: its cell; sorted by slot
  std::vector<std::uint32_t> slot_;      // dense cell index or hash bucket of each entry
  std::vector<std::uint32_t> start_;     // first sorted entry of each slot (+ end)
  std::vector<std::uint32_t> large_;     // boxes larger than a cell
  // Per chunk of entries (several threads): the neighbours j > i of the current box and the
  // chunk's pairs, concatenated in chunk order; one cache line each (no false sharing of the
  // vectors' ends written by two threads).
  struct alignas(64) Chunk {
    std::vector<std::uint32_t> near;
    std::vector<BroadPhasePair> pairs;
  };
  std::vector<Chunk> chunks_;
  std::vector<std::uint64_t> keys_;  // packed pairs involving large boxes
};

}  // namespace moreau
