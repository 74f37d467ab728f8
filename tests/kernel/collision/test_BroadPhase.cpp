// Broad phase (docs/kernel/collision.md §3): the uniform grid finds exactly the pairs of the
// brute-force search on random configurations (fixed seeds), whatever the cell size.
#include <gtest/gtest.h>
#include <moreau/Moreau.hpp>

#include <random>

using namespace moreau;

namespace {

std::vector<Aabb> randomBoxes(unsigned seed, std::size_t n, double extent, double largeShare) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> pos(-extent, extent);
  std::uniform_real_distribution<double> size(0.05, 0.4);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<Aabb> boxes(n);
  for (Aabb& b : boxes) {
    const Eigen::Vector3d c(pos(rng), pos(rng), pos(rng));
    Eigen::Vector3d half(size(rng), size(rng), size(rng));
    if (unit(rng) < largeShare) half *= 10;  // a few boxes over many cells
    b.lower = c - half;
    b.upper = c + half;
  }
  return boxes;
}

}  // namespace

TEST(BroadPhase, BruteForceSmallCase) {
  std::vector<Aabb> boxes(3);
  boxes[0].upper = Eigen::Vector3d::Ones();
  boxes[1].lower = Eigen::Vector3d(1, 1, 1);  // touches box 0 at a corner (closed boxes)
  boxes[1].upper = Eigen::Vector3d(2, 2, 2);
  boxes[2].lower = Eigen::Vector3d(3, 0, 0);
  boxes[2].upper = Eigen::Vector3d(4, 1, 1);
  std::vector<BroadPhasePair> pairs;
  BruteForceBroadPhase().findPairs(boxes, pairs);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], BroadPhasePair(0, 1));
  UniformGridBroadPhase(0.5).findPairs(boxes, pairs);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0], BroadPhasePair(0, 1));
}

TEST(BroadPhase, UniformGridMatchesBruteForceOnRandomConfigurations) {
  BruteForceBroadPhase brute;
  std::vector<BroadPhasePair> expected, found;
  std::size_t total = 0;
  bool hashed = false, dense = false;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    const auto boxes = randomBoxes(seed, 600, 2.0 + seed, seed % 2 ? 0.02 : 0.0);
    brute.findPairs(boxes, expected);
    total += expected.size();
    for (double cell : {0.0, 0.1, 0.37, 1.0, 5.0}) {
      UniformGridBroadPhase grid(cell);
      grid.findPairs(boxes, found);
      EXPECT_EQ(found, expected) << "seed " << seed << ", cell " << cell;
      (grid.lastUsedHashing() ? hashed : dense) = true;
      grid.findPairs(boxes, found);  // buffers reused: same answer
      EXPECT_EQ(found, expected) << "second call, seed " << seed << ", cell " << cell;
    }
  }
  EXPECT_GT(total, 1000u);  // the configurations do have pairs
  EXPECT_TRUE(hashed);      // both cell storages were exercised
  EXPECT_TRUE(dense);
}

TEST(BroadPhase, UniformGridOnSeveralThreadsFindsTheSamePairs) {
  BruteForceBroadPhase brute;
  std::vector<BroadPhasePair> expected, found;
  for (unsigned seed = 1; seed <= 4; ++seed) {
    const auto boxes = randomBoxes(seed, 1500, 3.0 + seed, seed % 2 ? 0.01 : 0.0);
    brute.findPairs(boxes, expected);
    for (unsigned threads : {2u, 3u, 4u}) {
      UniformGridBroadPhase grid(0.5);
      grid.setNumberOfThreads(threads);
      EXPECT_EQ(grid.numberOfThreads(), threads);
      grid.findPairs(boxes, found);
      EXPECT_EQ(found, expected) << "seed " << seed << ", " << threads << " threads";
    }
  }
  UniformGridBroadPhase grid;
  grid.setNumberOfThreads(0);
  EXPECT_EQ(grid.numberOfThreads(), 1u);
}

TEST(BroadPhase, NegativeAndLargeCoordinates) {
  auto boxes = randomBoxes(42, 300, 1.5, 0.0);
  for (Aabb& b : boxes) {
    b.lower -= Eigen::Vector3d(1e4, -3e3, 7e2);
    b.upper -= Eigen::Vector3d(1e4, -3e3, 7e2);
  }
  std::vector<BroadPhasePair> expected, found;
  BruteForceBroadPhase().findPairs(boxes, expected);
  UniformGridBroadPhase grid(0.5);
  grid.findPairs(boxes, found);
  EXPECT_EQ(found, expected);
  EXPECT_FALSE(expected.empty());
  EXPECT_DOUBLE_EQ(grid.lastCellSize(), 0.5);
}

TEST(BroadPhase, RejectsBadCellSize) {
  EXPECT_THROW(UniformGridBroadPhase(-1.0), ModelError);
  UniformGridBroadPhase grid;
  EXPECT_THROW(grid.setCellSize(std::numeric_limits<double>::infinity()), ModelError);
}
