#pragma once
// Interaction = nonsmooth law + relation + the one or two systems it couples
// (Siconos Interaction, dev-notes §1.4). Holds the output y and multiplier λ
// per level (levels 0 and 1 at construction; the simulation sizes them from
// its integrators' levels: Moreau–Jean uses y(0..1) and λ(1), the impulse),
// y at the start of the current step and of earlier steps (yMemory, as many
// steps as the integrators keep), and the relation's per-interaction work
// buffers (RelationWorkspace).

#include <Eigen/Dense>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace moreau {

class DynamicalSystem;
class NonSmoothLaw;
class Relation;

/// Buffers of the relation for one interaction, allocated by
/// Relation::initialize (at link time). "State" means q for a Lagrangian
/// relation and x for a first-order one; the linked systems' blocks are
/// concatenated in link order. m = interaction dimension, N = stateSize.
struct RelationWorkspace {
  std::vector<Eigen::Index> offsets;  ///< start of each linked system's block
  std::vector<Eigen::Index> sizes;    ///< size of each linked system's block
  Eigen::Index stateSize = 0;         ///< N = Σ sizes
  Eigen::Index zSize = 0;             ///< Σ z sizes of the linked systems
  Eigen::VectorXd x;                  ///< concatenated state (q or x), size N
  Eigen::VectorXd v;                  ///< concatenated velocity (Lagrangian), size N
  Eigen::VectorXd z;                  ///< concatenated z of the linked systems
  Eigen::VectorXd input;              ///< g(...) (first order: r), size N
  Eigen::VectorXd hDot;               ///< ∂h/∂t (rheonomous), size m
  Eigen::VectorXd e;                  ///< e(t) of a FirstOrderLinearR, size m
  Eigen::MatrixXd F;                  ///< F(t) of a FirstOrderLinearR, m × zSize
  /// Jacobians. First order: C = ∇ₓh (m×N), D = ∇_λh (m×m), B = ∇_λg (N×m),
  /// K = ∇ₓg (N×N, FirstOrderNonLinearR only). Lagrangian: C = ∇_q h = G
  /// (jachq, m×N), D = ∇_λh (jachlambda, m×m).
  ///@{
  Eigen::MatrixXd C, D, B, K;
  ///@}
  /// Finite-difference scratch.
  ///@{
  Eigen::VectorXd yPlus, yMinus, gPlus, gMinus, lambda;
  ///@}
};

/// Interaction = nonsmooth law + relation + the one or two systems it couples (Siconos
/// Interaction). Holds the output y and the multiplier λ per level (Moreau–Jean uses y(0..1) and
/// λ(1), the impulse), y at the start of the current step and of earlier steps (yMemory), and the
/// relation's work buffers (RelationWorkspace). Created by the user, then linked to its systems
/// with NonSmoothDynamicalSystem::link.
class Interaction {
 public:
  /// Throws ModelError when a pointer is null or when the law size does not
  /// divide the relation's output size. When the relation does not fix its
  /// output size (outputSize() == 0), the dimension is the law size.
  Interaction(std::shared_ptr<NonSmoothLaw> nslaw, std::shared_ptr<Relation> relation);
  Interaction(const Interaction&) = delete;
  Interaction& operator=(const Interaction&) = delete;

  /// Size of y and λ (= rows of H for a LagrangianLinearTIR).
  Eigen::Index dimension() const { return dimension_; }
  /// dimension() / nonSmoothLaw()->size().
  unsigned numberOfRelations() const;

  /// Levels 0 .. numberOfOutputLevels() − 1 (y) and 0 ..
  /// numberOfInputLevels() − 1 (λ); std::out_of_range otherwise.
  /// (Inline: called per interaction per step; the range error is thrown out of line.)
  ///@{
  const Eigen::VectorXd& y(unsigned level) const {
    if (level >= outputLevels_) throwLevel("y", level, outputLevels_);
    return vector(level);
  }
  Eigen::VectorXd& y(unsigned level) {
    if (level >= outputLevels_) throwLevel("y", level, outputLevels_);
    return vector(level);
  }
  const Eigen::VectorXd& lambda(unsigned level) const {
    if (level >= inputLevels_) throwLevel("lambda", level, inputLevels_);
    return vector(outputLevels_ + level);
  }
  Eigen::VectorXd& lambda(unsigned level) {
    if (level >= inputLevels_) throwLevel("lambda", level, inputLevels_);
    return vector(outputLevels_ + level);
  }
  ///@}
  /// y(level) at t_k (start of the current step).
  const Eigen::VectorXd& yMemory(unsigned level) const {
    if (level >= outputLevels_) throwLevel("yMemory", level, outputLevels_);
    return vector(outputLevels_ + inputLevels_ + level);
  }
  /// y(level) at t_{k−step} (step 0 = t_k, 1 = t_{k−1}, ...; step <
  /// memorySteps()).
  const Eigen::VectorXd& yMemory(unsigned level, unsigned step) const;
  /// yMemory <- y, the older steps shifted by one (called by the
  /// simulation; not for users).
  void swapInMemory();

  /// Number of levels of y (>= 2), of λ (>= 2) and of kept steps (>= 1).
  ///@{
  unsigned numberOfOutputLevels() const { return outputLevels_; }
  unsigned numberOfInputLevels() const { return inputLevels_; }
  unsigned memorySteps() const { return memorySteps_; }
  ///@}
  /// Incremented by every change of yMemory (swapInMemory, initializeMemory): an integrator
  /// that keeps values derived from the memories knows they are still those of yMemory.
  std::uint64_t memoryVersion() const { return memoryVersion_; }
  /// Makes levels 0 .. outputLevels − 1 of y, 0 .. inputLevels − 1 of λ
  /// and `steps` steps of memory available (never fewer than 2 levels and
  /// 1 step; existing values are kept, new entries are zero). Called by the
  /// simulation from its integrators' levels; allocates only when growing.
  void initializeMemory(unsigned outputLevels, unsigned inputLevels, unsigned steps);

  /// The relation given to the constructor.
  const std::shared_ptr<Relation>& relation() const { return relation_; }
  /// The nonsmooth law given to the constructor.
  const std::shared_ptr<NonSmoothLaw>& nonSmoothLaw() const { return nslaw_; }

  /// Stable id in its NonSmoothDynamicalSystem's Topology (the index of its
  /// slot, < Topology::interactionCapacity()), given by link() and kept
  /// until the interaction is removed; removing other interactions never
  /// changes it. A removed interaction's id is reused by a later link (see
  /// Topology). 0 when not linked.
  unsigned number() const { return number_; }
  /// Optional user name, shown in error messages (empty by default).
  const std::string& name() const { return name_; }
  /// Sets the user name shown in error messages.
  void setName(const std::string& name) { name_ = name; }
  /// "Interaction 'name' (number n)", for error messages.
  std::string description() const;

  /// The linked systems, in link order (the column order of H); empty before
  /// link() and after removal.
  const std::vector<std::shared_ptr<DynamicalSystem>>& dynamicalSystems() const { return ds_; }
  /// True between link() and removal.
  bool isLinked() const { return !ds_.empty(); }
  /// Called by NonSmoothDynamicalSystem / Topology (not for users).
  ///@{
  void setLinks(unsigned number, std::vector<std::shared_ptr<DynamicalSystem>> ds);
  void setNumber(unsigned number) { number_ = number; }
  void clearLinks();
  ///@}

  /// The relation's buffers for this interaction (see RelationWorkspace).
  ///@{
  RelationWorkspace& workspace() { return workspace_; }
  const RelationWorkspace& workspace() const { return workspace_; }
  ///@}

 private:
  [[noreturn]] void throwLevel(const char* what, unsigned level, std::size_t levels) const;

  // The vectors y, λ and the memories, one after the other: y levels 0 .. L_y − 1, then λ
  // levels 0 .. L_λ − 1, then the memories step by step (each L_y levels). The first
  // kInlineVectors in the object itself (Moreau–Jean's y(0..1), λ(0..1) and y_k(0..1): no
  // array of their own to read first; docs/kernel/performance.md, "Ninth round"), the others
  // in moreVectors_.
  static constexpr unsigned kInlineVectors = 6;
  const Eigen::VectorXd& vector(unsigned k) const {
    return k < kInlineVectors ? vectors_[k] : moreVectors_[k - kInlineVectors];
  }
  Eigen::VectorXd& vector(unsigned k) {
    return k < kInlineVectors ? vectors_[k] : moreVectors_[k - kInlineVectors];
  }

  // Member order: the fields read at every step come first (MoreauJeanNewtonEulerOSI prefetches
  // the first 128 bytes: y, λ, the memories, the memory version and the number).
  std::array<Eigen::VectorXd, kInlineVectors> vectors_;
  std::uint64_t memoryVersion_ = 0;
  unsigned number_ = 0;
  unsigned outputLevels_ = 0, inputLevels_ = 0, memorySteps_ = 0;
  Eigen::Index dimension_ = 0;
  std::shared_ptr<NonSmoothLaw> nslaw_;
  std::shared_ptr<Relation> relation_;
  std::vector<Eigen::VectorXd> moreVectors_;
  std::string name_;
  std::vector<std::shared_ptr<DynamicalSystem>> ds_;
  RelationWorkspace workspace_;
};

}  // namespace moreau
