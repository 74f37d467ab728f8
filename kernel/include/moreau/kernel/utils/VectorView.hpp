#pragma once
// VectorView, ConstVectorView: checked, fixed-size views of a slice of a contiguous store
// (docs/architecture.md, "Planned: contact and body stores", the view type of stage 0).
//
// The planned body and contact stores keep the per-step vectors of every system and
// interaction in a few arrays, and the accessors (`NewtonEulerDS::q()`, `Interaction::y()`, …)
// would return views into them. A plain `Eigen::Map` has two traps that these classes close:
// - a whole-vector assignment (=, +=, -=, noalias() =, swap) of the wrong size is only
//   asserted by Eigen, so in a Release build it writes past the slice. Here it throws a
//   ModelError that names the owner (its class, number and field) and both sizes;
// - `resize` compiles on a Map (DenseBase::resize only asserts). Here it is deleted, so that the
//   compiler reports the call: a view's size is fixed by its store.
// The remaining trap cannot be closed by a class: binding a view to `const Eigen::VectorXd&`
// compiles and copies (the reference then holds the values of that moment). Code that keeps a
// view must take `auto`, `const auto&` or `Eigen::Ref<const Eigen::VectorXd>`.
//
// A VectorView is an Eigen expression (it derives from Eigen::Map<Eigen::VectorXd>): reading,
// writing an element, segments, arithmetic and passing it to an `Eigen::Ref` parameter work
// as for the vector it replaces, without a copy. Copying a view gives a second view of the
// same slice; assigning one view to another copies the values (Eigen's semantics).

#include <Eigen/Core>

namespace moreau {

/// Who owns a view's slice, for error messages: `owner` and `field` are static strings (for
/// example "NewtonEulerDS" and "q"), `number` the owner's number in its model (−1: none).
struct ViewOwner {
  const char* owner = "vector view";  ///< class of the owning object
  const char* field = "";             ///< the accessor, e.g. "q" or "y(1)"
  long number = -1;                   ///< the owner's number; −1: not numbered
};

namespace detail {
/// Throws the ModelError of a size mismatch: "<owner> <number>: <field>: <action> a vector
/// of size <rows> (or: a <rows> x <cols> expression), the view has size <expected> (...)".
[[noreturn]] void throwViewSizeMismatch(const ViewOwner& who, const char* action, Eigen::Index rows,
                                        Eigen::Index cols, Eigen::Index expected);
}  // namespace detail

/// A writable view of `size` doubles at `data`, with checked whole-vector assignments.
class VectorView : public Eigen::Map<Eigen::VectorXd> {
 public:
  using Base = Eigen::Map<Eigen::VectorXd>;  ///< the Eigen map it extends

  /// The view of data[0, size); `who` names the owner in error messages. The store must
  /// outlive the view.
  VectorView(double* data, Eigen::Index size, ViewOwner who = {}) : Base(data, size), who_(who) {}
  /// A second view of the same slice (no copy of the values).
  VectorView(const VectorView&) = default;

  /// Copies the values of `other` (sizes must match: ModelError otherwise).
  VectorView& operator=(const VectorView& other) {
    checkShape(other, "assigned");
    Base::operator=(other);
    return *this;
  }
  /// Copies the values of an Eigen expression (sizes must match: ModelError otherwise).
  template <typename Derived>
  VectorView& operator=(const Eigen::DenseBase<Derived>& other) {
    checkShape(other, "assigned");
    Base::operator=(other);
    return *this;
  }
  /// Adds an Eigen expression (sizes must match: ModelError otherwise).
  template <typename Derived>
  VectorView& operator+=(const Eigen::MatrixBase<Derived>& other) {
    checkShape(other, "added");
    Base::operator+=(other);
    return *this;
  }
  /// Subtracts an Eigen expression (sizes must match: ModelError otherwise).
  template <typename Derived>
  VectorView& operator-=(const Eigen::MatrixBase<Derived>& other) {
    checkShape(other, "subtracted");
    Base::operator-=(other);
    return *this;
  }
  using Base::operator*=;
  using Base::operator/=;

  /// Swaps the values with another view of the same size (ModelError otherwise).
  void swap(VectorView& other) {
    checkShape(other, "swapped with");
    Base::swap(other);
  }

  /// Checked `noalias()`: `view.noalias() = A * x` (and +=, −=) checks the size first.
  class NoAlias {
   public:
    /// The proxy of `view`.
    explicit NoAlias(VectorView& view) : view_(view) {}
    /// view = other without a temporary (sizes must match: ModelError otherwise).
    template <typename Derived>
    VectorView& operator=(const Eigen::MatrixBase<Derived>& other) {
      view_.checkShape(other, "assigned");
      view_.Base::noalias() = other;
      return view_;
    }
    /// view += other without a temporary (sizes must match: ModelError otherwise).
    template <typename Derived>
    VectorView& operator+=(const Eigen::MatrixBase<Derived>& other) {
      view_.checkShape(other, "added");
      view_.Base::noalias() += other;
      return view_;
    }
    /// view −= other without a temporary (sizes must match: ModelError otherwise).
    template <typename Derived>
    VectorView& operator-=(const Eigen::MatrixBase<Derived>& other) {
      view_.checkShape(other, "subtracted");
      view_.Base::noalias() -= other;
      return view_;
    }

   private:
    VectorView& view_;
  };
  /// See NoAlias.
  NoAlias noalias() { return NoAlias(*this); }

  /// A view's size is fixed by its store: resizing does not compile.
  void resize(Eigen::Index) = delete;
  void resize(Eigen::Index, Eigen::Index) = delete;

  /// The owner named in error messages.
  const ViewOwner& owner() const { return who_; }

 private:
  // The shapes Eigen assigns to a column vector: n × 1, or a row vector type (1 × n at compile
  // time), which Eigen transposes.
  template <typename Derived>
  void checkShape(const Eigen::DenseBase<Derived>& other, const char* action) const {
    const bool ok = Derived::RowsAtCompileTime == 1 ? other.cols() == size()
                                                    : other.cols() == 1 && other.rows() == size();
    if (!ok) detail::throwViewSizeMismatch(who_, action, other.rows(), other.cols(), size());
  }
  ViewOwner who_;
};

/// A read-only view of `size` doubles at `data`. Writing through it does not compile, nor
/// does resizing it.
class ConstVectorView : public Eigen::Map<const Eigen::VectorXd> {
 public:
  using Base = Eigen::Map<const Eigen::VectorXd>;  ///< the Eigen map it extends

  /// The view of data[0, size). The store must outlive the view.
  ConstVectorView(const double* data, Eigen::Index size) : Base(data, size) {}
  /// The read-only view of a writable view's slice.
  ConstVectorView(const VectorView& view)  // NOLINT(google-explicit-constructor): as const&
      : Base(view.data(), view.size()) {}

  /// A view's size is fixed by its store: resizing does not compile.
  void resize(Eigen::Index) = delete;
  void resize(Eigen::Index, Eigen::Index) = delete;
};

}  // namespace moreau
