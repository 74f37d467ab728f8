#pragma once
// Abstract nonsmooth law (Siconos NonSmoothLaw, dev-notes §1.3,
// simulation.md §2.11). size() is the size of one law; an interaction of
// dimension m holds m / size() laws (dev-notes §1.4). problemKind() names the
// numerics problem an interaction with this law contributes to.

namespace moreau {

/// The numerics counterpart of a law (the one-step problem it leads to).
enum class NumericsProblemKind {
  LCP,                ///< 0 ≤ w ⊥ λ ≥ 0
  MLCP,               ///< equalities + complementarities
  Relay,              ///< −w ∈ N_[lb, ub](λ)
  FrictionContact2D,  ///< normal + 1 tangent, Coulomb
  FrictionContact3D,  ///< normal + 2 tangents, Coulomb cone
  Equality,           ///< w = 0 (bilateral)
  Unsupported         ///< no numerics counterpart (default of user-defined laws)
};

/// "LCP", "MLCP", "Relay", "FrictionContact2D", "FrictionContact3D", "Equality",
/// "Unsupported".
const char* toString(NumericsProblemKind kind);

class NonSmoothLaw;
/// True for the laws whose interactions are always active (in every index
/// set above 0, whatever y): bilateral laws (EqualityConditionNSL, and a
/// MixedComplementarityConditionNSL with equality rows; dev-notes §3.5) and
/// relay laws (a box on λ, no unilateral gap to test).
bool isAlwaysActive(const NonSmoothLaw& law);

/// Base class of the nonsmooth laws (Siconos NonSmoothLaw). size() is the size of one law; an
/// interaction of dimension m holds m / size() laws. problemKind() names the numerics problem an
/// interaction with this law contributes to.
class NonSmoothLaw {
 public:
  virtual ~NonSmoothLaw();
  NonSmoothLaw(const NonSmoothLaw&) = delete;
  NonSmoothLaw& operator=(const NonSmoothLaw&) = delete;

  /// Class name, e.g. "NewtonImpactNSL" (error messages, logs).
  virtual const char* typeName() const = 0;
  /// The laws of the kernel override it; a user-defined law that does not
  /// is Unsupported (rejected by the one-step problems).
  virtual NumericsProblemKind problemKind() const { return NumericsProblemKind::Unsupported; }
  /// Size of one law (number of rows of y and λ it governs), >= 1.
  unsigned size() const { return size_; }

 protected:
  /// Throws ModelError naming typeName when size == 0 (checked by
  /// checkSize(), called by the derived constructors).
  explicit NonSmoothLaw(unsigned size) : size_(size) {}
  /// Throws ModelError naming typeName() when size() == 0.
  void checkSize() const;

 private:
  unsigned size_;
};

}  // namespace moreau
