#pragma once
// Base of the one-step problems of the form w = M z + q (Siconos LinearOSNS;
// dev-notes §3; docs/architecture.md, "Block assembler"). It owns the block
// assembler:
//  - rows: the members of the problem's index set in the set's iteration
//    order (deterministic), one block row per interaction (its dimension);
//    rowOf(id) is a vector lookup by stable interaction id;
//  - pattern: block (α, β) for every pair of rows sharing a system (found
//    from the per-system interaction lists), deduplicated, so two
//    interactions sharing two systems give ONE block summing both systems'
//    contributions. Rebuilt only when the index set's version (or the
//    topology's) changed; otherwise the values are zeroed and refilled in
//    place, or kept when every contributing integrator reports constant
//    blocks;
//  - values: M_αβ = Σ_{ds shared} osi(ds).addInteractionBlock(α, β, ds),
//    q_α = osi.computeFreeOutput(α) + the law terms of the subclass;
//  - z (warm start: the previous λ at the input level, zero for a new row)
//    and w; the solution is scattered to λ(inputLevel), zero outside the set;
//  - integrators mixed (ProblemContext::interactionLevels set, e.g.
//    Moreau–Jean at level 1 and Euler–Moreau at level 0 in one Velocity
//    problem): the rows are, level by level (ascending), the members of
//    index set L whose level is L; each row is written, warm-started and
//    scattered at its own level, and the integrators are called with a
//    context at that level. The pattern is rebuilt when any index set's
//    version (or the topology's) changed. Blocks between interactions of
//    two integrators do not exist: they share no system.
// A subclass says which laws it accepts (checkInteraction), adds the law
// terms to q (addLawTerms), installs a new pattern in its numerics problem
// (installPattern) and solves (solve). LCP and FrictionContact are such
// subclasses; MLCP / Relay / Equality follow the same pattern.

#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <cstdint>
#include <utility>
#include <vector>

namespace moreau {

class DynamicalSystem;
class IndexSet;
class Interaction;
class OneStepIntegrator;
class Topology;

/// Base class of the one-step problems of the form w = M z + q over an index set (Siconos
/// LinearOSNS): LCP, MLCP, Relay, Equality, FrictionContact. Owns the block assembler: one block
/// row per interaction of the index set (deterministic order), a block (α, β) for every pair of
/// rows sharing a system, M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ and q_α = free output + law
/// terms; the pattern is rebuilt only when the index set or the topology changed. z is
/// warm-started from the previous λ; the solution is scattered to λ(inputLevel).
class LinearOSNS : public OneStepNSProblem {
 public:
  Eigen::Index size() const override { return size_; }
  Eigen::Index numberOfBlocks() const override;

  /// The assembled matrix M (sparse-block, block rows = rows()).
  virtual const numerics::SparseBlockMatrix& matrix() const = 0;
  /// q, and the last solution z (= λ of the rows) and w = M z + q.
  ///@{
  virtual const Eigen::VectorXd& q() const = 0;
  const Eigen::VectorXd& z() const { return z_; }
  const Eigen::VectorXd& w() const { return w_; }
  ///@}
  /// Interaction ids of the block rows, in row order.
  const std::vector<unsigned>& rows() const { return rowIds_; }
  /// Input (λ) level of each block row, in row order: its own level when integrators are mixed
  /// (then also its index set and y level), the problem's input level otherwise.
  const std::vector<unsigned>& rowLevels() const { return rowLevel_; }
  /// Block row of interaction id, -1 when it is not in the problem.
  Eigen::Index rowOf(unsigned id) const {
    return id < rowOf_.size() ? rowOf_[id] : Eigen::Index{-1};
  }
  /// Number of pattern (re)builds since initialize (tests, diagnostics).
  std::uint64_t patternBuilds() const { return patternBuilds_; }
  /// Number of value refills since initialize (not counting the steps whose
  /// blocks were constant and kept).
  std::uint64_t valueFills() const { return valueFills_; }

  void initialize(const Simulation& simulation, const ProblemContext& ctx) override;
  void compute(const Simulation& simulation, const ProblemContext& ctx) override;

 protected:
  LinearOSNS() = default;

  /// ModelError when the problem does not accept inter's law (names the
  /// problem, the interaction, the law and the accepted laws).
  virtual void checkInteraction(const Interaction& inter) const = 0;
  /// q_α += the law's terms (e.g. e ẏ_k on Newton-impact rows) for block
  /// row `row` (interaction inter).
  virtual void addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                           Eigen::Ref<Eigen::VectorXd> q) const = 0;
  /// A new pattern was built in storedMatrix() (n scalar rows, may be 0): the
  /// subclass sizes its q (n entries) and refreshes per-row data (restitution,
  /// μ) from rowInteraction(i), i < rows().size(), in place.
  virtual void installPattern(Eigen::Index n) = 0;
  /// The matrix and q stored in the numerics problem (pattern rebuilt and values
  /// refilled in place). storedMatrix() makes the storage SparseBlock if needed.
  ///@{
  virtual numerics::SparseBlockMatrix& storedMatrix() = 0;
  virtual Eigen::VectorXd& storedQ() = 0;
  ///@}
  /// Solves the stored problem from the warm start z; writes z and w.
  virtual numerics::SolverResult solve(Eigen::VectorXd& z, Eigen::VectorXd& w) = 0;

  /// Group of inter's rows: the block rows are ordered by group, then in the
  /// index set's order (e.g. MLCP: equality rows first). Default 0 (one group).
  virtual int rowGroup(const Interaction& /*inter*/) const { return 0; }

  /// The interaction of a row (valid during compute and installPattern).
  const Interaction& rowInteraction(std::size_t row) const { return *rowInteractions_[row]; }
  /// m's SparseBlock storage (m is made an empty SparseBlock matrix first when
  /// it has another storage), for storedMatrix().
  static numerics::SparseBlockMatrix& sparseBlockOf(numerics::Matrix& m) {
    if (!m.isSparseBlock()) m = numerics::Matrix(numerics::SparseBlockMatrix());
    return m.sparseBlock();
  }
  /// An empty matrix, for matrix() when nothing is active.
  static const numerics::SparseBlockMatrix& emptyMatrix();

 private:
  struct Contribution {
    Eigen::Index block;
    Eigen::Index row, col;
    const Interaction* a;
    const Interaction* b;
    const DynamicalSystem* ds;
    const OneStepIntegrator* osi;
    unsigned level;              // of row a
    std::uint32_t hintA, hintB;  // osi->lookupHint of a and b
  };
  // set: the problem's index set (one level), or null with ctx.interactionLevels.
  void buildPattern(const Simulation& simulation, const Topology& topology, const IndexSet* set,
                    const ProblemContext& ctx);
  // False when the index set(s) or the topology changed since the last build.
  bool patternIsCurrent(const Topology& topology, const IndexSet* set) const;

  std::vector<Eigen::Index> rowOf_;  // by id: block row or -1
  std::vector<unsigned> rowIds_;     // by block row: id
  std::vector<Interaction*> rowInteractions_;
  std::vector<const OneStepIntegrator*> rowIntegrators_;
  std::vector<std::uint32_t> rowHints_;  // by block row: its integrator's lookupHint
  std::vector<Eigen::Index> rowSizes_;
  std::vector<Eigen::Index> rowOffset_;        // by block row: first scalar row
  std::vector<unsigned> rowLevel_;             // by block row: its input (λ) level
  std::vector<std::uint64_t> setVersions_;     // mixed levels: version of each index set
  std::vector<Contribution> contributions_;    // in block-row order
  std::vector<std::size_t> rowContributions_;  // by block row: its first contribution (+ end)
  bool concurrentAssembly_ = false;  // every integrator allows it (concurrentProblemAssembly)
  std::vector<const OneStepIntegrator*> integrators_;  // contributing (distinct)
  std::vector<Eigen::Index> marker_;                   // by block row: last row that referenced it
  Eigen::VectorXd z_, w_;
  Eigen::Index size_ = 0;
  const IndexSet* set_ = nullptr;
  std::uint64_t setVersion_ = 0;
  std::uint64_t topologyVersion_ = 0;
  std::uint64_t patternBuilds_ = 0;
  std::uint64_t valueFills_ = 0;
  bool valuesValid_ = false;
  bool mixedLevels_ = false;  // pattern built from ctx.interactionLevels
};

}  // namespace moreau
