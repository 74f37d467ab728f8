// IndexSet: O(1) insert / erase (swap-with-last) / membership over interaction
// ids, deterministic order, version counter, clear keeping capacity.
#include "KernelTestUtils.hpp"

#include <moreau/kernel/modeling/IndexSet.hpp>

#include <random>
#include <set>
#include <vector>

using namespace moreau;

namespace {
std::vector<unsigned> members(const IndexSet& s) { return {s.begin(), s.end()}; }

// Every member knows its position, and only members have one.
void expectConsistent(const IndexSet& s) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    EXPECT_EQ(s.position(s[k]), k);
    EXPECT_TRUE(s.contains(s[k]));
  }
  std::size_t withPosition = 0;
  for (unsigned id = 0; id < s.idCapacity(); ++id)
    if (s.position(id) != IndexSet::npos) ++withPosition;
  EXPECT_EQ(withPosition, s.size());
}
}  // namespace

TEST(IndexSet, InsertEraseMembershipAndOrder) {
  IndexSet s(10);
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.idCapacity(), 10u);
  EXPECT_EQ(s.version(), 0u);
  for (unsigned id : {5u, 3u, 9u, 1u}) EXPECT_TRUE(s.insert(id));
  EXPECT_EQ(members(s), (std::vector<unsigned>{5, 3, 9, 1}));  // insertion order
  EXPECT_EQ(s.version(), 4u);
  EXPECT_FALSE(s.insert(9));  // already a member: nothing changes
  EXPECT_EQ(s.version(), 4u);
  EXPECT_TRUE(s.contains(3));
  EXPECT_FALSE(s.contains(4));
  EXPECT_FALSE(s.contains(1000));  // beyond the capacity: not a member
  EXPECT_EQ(s.position(9), 2u);
  EXPECT_EQ(s.position(4), IndexSet::npos);
  EXPECT_EQ(s.position(1000), IndexSet::npos);

  // Erase: the last member takes the erased one's position.
  EXPECT_TRUE(s.erase(3));
  EXPECT_EQ(members(s), (std::vector<unsigned>{5, 1, 9}));
  EXPECT_EQ(s.position(1), 1u);
  EXPECT_FALSE(s.contains(3));
  EXPECT_EQ(s.version(), 5u);
  EXPECT_FALSE(s.erase(3));     // not a member
  EXPECT_FALSE(s.erase(1000));  // beyond the capacity
  EXPECT_EQ(s.version(), 5u);
  EXPECT_TRUE(s.erase(9));  // the last one: nothing moves
  EXPECT_EQ(members(s), (std::vector<unsigned>{5, 1}));
  EXPECT_TRUE(s.insert(3));  // appended
  EXPECT_EQ(members(s), (std::vector<unsigned>{5, 1, 3}));
  expectConsistent(s);
}

TEST(IndexSet, ClearKeepsCapacityAndCountsOnlyChanges) {
  IndexSet s(4);
  s.clear();  // already empty: no change
  EXPECT_EQ(s.version(), 0u);
  s.insert(2);
  s.insert(0);
  const auto v = s.version();
  s.clear();
  EXPECT_EQ(s.version(), v + 1);
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.idCapacity(), 4u);
  EXPECT_FALSE(s.contains(2));
  EXPECT_FALSE(s.contains(0));
  s.clear();
  EXPECT_EQ(s.version(), v + 1);
  expectConsistent(s);
}

TEST(IndexSet, GrowsForIdsBeyondTheCapacity) {
  IndexSet s;
  EXPECT_EQ(s.idCapacity(), 0u);
  EXPECT_TRUE(s.insert(7));
  EXPECT_GE(s.idCapacity(), 8u);
  EXPECT_TRUE(s.contains(7));
  EXPECT_FALSE(s.contains(6));
  for (unsigned id = 0; id < 100; ++id) s.insert(id);
  EXPECT_EQ(s.size(), 100u);
  EXPECT_GE(s.idCapacity(), 100u);
  s.reserve(10);  // never shrinks
  EXPECT_GE(s.idCapacity(), 100u);
  expectConsistent(s);
}

TEST(IndexSet, RandomOperationsMatchAReferenceSetDeterministically) {
  std::mt19937 rng(12345);
  IndexSet a(64), b(64);
  std::set<unsigned> reference;
  std::uint64_t changes = 0;
  for (int op = 0; op < 5000; ++op) {
    const unsigned id = static_cast<unsigned>(rng() % 64);
    const unsigned kind = static_cast<unsigned>(rng() % 10);
    if (kind == 0) {
      const bool changed = !reference.empty();
      a.clear();
      b.clear();
      reference.clear();
      changes += changed ? 1 : 0;
    } else if (kind < 6) {
      const bool inserted = reference.insert(id).second;
      EXPECT_EQ(a.insert(id), inserted);
      b.insert(id);
      changes += inserted ? 1 : 0;
    } else {
      const bool erased = reference.erase(id) == 1;
      EXPECT_EQ(a.erase(id), erased);
      b.erase(id);
      changes += erased ? 1 : 0;
    }
    ASSERT_EQ(a.size(), reference.size());
    ASSERT_EQ(a.version(), changes);
    for (unsigned x = 0; x < 64; ++x) ASSERT_EQ(a.contains(x), reference.count(x) == 1) << x;
  }
  expectConsistent(a);
  EXPECT_EQ(members(a), members(b));  // same operations, same order
  EXPECT_EQ(a.idCapacity(), 64u);     // ids < 64: no growth
}
