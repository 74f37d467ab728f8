#pragma once
// A set of interaction ids (Interaction::number(), the stable slot index of
// the Topology) with O(1) insert, erase and membership test:
//  - members_: the members, densely, in the order described below;
//  - position_[id]: the position of id in members_, or npos; sized to the id
//    capacity (the Topology's interactionCapacity()).
// Order: an inserted id is appended; erasing an id moves the last member into
// its position (swap-with-last). The order is therefore a deterministic
// function of the sequence of inserts and erases (same operations => same
// order), but it is the insertion order only while nothing is erased.
//
// version() counts the membership changes: it is incremented by an insert of
// a non-member, an erase of a member and a clear() of a non-empty set, and
// only then, so a consumer (e.g. a block assembler) can keep data built for a
// given membership until the version changes.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace moreau {

/// Set of interaction ids (Interaction::number(), the stable slot index of the Topology) with O(1)
/// insert, erase and membership test. Iteration order: inserted ids are appended, erasing moves
/// the last member into the freed position (deterministic for a given sequence of operations).
/// version() counts membership changes, so consumers can keep data built for a membership.
class IndexSet {
 public:
  /// Interaction id (Interaction::number()).
  using Id = unsigned;
  /// Iterator over the members, in iteration order.
  using const_iterator = std::vector<Id>::const_iterator;
  /// "Not a member" position.
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  /// Empty set (id capacity 0).
  IndexSet() = default;
  /// Empty set accepting ids < idCapacity without allocating.
  explicit IndexSet(std::size_t idCapacity) { reserve(idCapacity); }

  /// Makes ids < idCapacity insertable without allocation (never shrinks).
  void reserve(std::size_t idCapacity);
  /// Ids < idCapacity() are insertable without allocation.
  std::size_t idCapacity() const { return position_.size(); }

  /// Inserts id (appended); false when already a member. O(1); allocates
  /// (amortized) only when id >= idCapacity().
  bool insert(Id id) {
    if (id >= position_.size()) grow(id);
    if (position_[id] != npos) return false;
    position_[id] = members_.size();
    members_.push_back(id);
    ++version_;
    return true;
  }
  /// Erases id (the last member takes its position); false when not a
  /// member. O(1), never allocates.
  bool erase(Id id) {
    if (!contains(id)) return false;
    const std::size_t pos = position_[id];
    const Id last = members_.back();
    members_[pos] = last;
    position_[last] = pos;
    members_.pop_back();
    position_[id] = npos;
    ++version_;
    return true;
  }
  /// True when id is a member. O(1).
  bool contains(Id id) const { return id < position_.size() && position_[id] != npos; }
  /// Position of id in the iteration order, npos when not a member.
  std::size_t position(Id id) const { return id < position_.size() ? position_[id] : npos; }
  /// Empties the set in O(size()), keeping the capacity.
  void clear();

  /// Number of members / true when there is none.
  ///@{
  std::size_t size() const { return members_.size(); }
  bool empty() const { return members_.empty(); }
  ///@}
  /// The member at position pos < size() (unchecked, like std::vector).
  Id operator[](std::size_t pos) const { return members_[pos]; }
  /// Iteration over the members.
  ///@{
  const_iterator begin() const { return members_.begin(); }
  const_iterator end() const { return members_.end(); }
  ///@}
  /// The members in iteration order.
  const std::vector<Id>& members() const { return members_; }

  /// Number of membership changes since construction.
  std::uint64_t version() const { return version_; }

 private:
  void grow(Id id);

  std::vector<Id> members_;
  std::vector<std::size_t> position_;
  std::uint64_t version_ = 0;
};

}  // namespace moreau
