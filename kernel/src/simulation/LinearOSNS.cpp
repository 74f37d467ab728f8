#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <chrono>

namespace moreau {

namespace {
double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

const numerics::SparseBlockMatrix& LinearOSNS::emptyMatrix() {
  static const numerics::SparseBlockMatrix empty;
  return empty;
}

Eigen::Index LinearOSNS::numberOfBlocks() const {
  return size_ == 0 ? 0 : matrix().nonZeroBlocks();
}

void LinearOSNS::initialize(const Simulation& simulation, const ProblemContext& ctx) {
  indexSetLevel_ = ctx.outputLevel;
  const Topology& topology = simulation.nonSmoothDynamicalSystem()->topology();
  for (const auto& inter : topology.interactions()) checkInteraction(*inter);
  rowOf_.assign(topology.interactionCapacity(), -1);
  rowIds_.clear();
  rowInteractions_.clear();
  rowIntegrators_.clear();
  rowOffset_.clear();
  rowLevel_.clear();
  setVersions_.clear();
  mixedLevels_ = false;
  contributions_.clear();
  integrators_.clear();
  z_.resize(0);
  w_.resize(0);
  size_ = 0;
  set_ = nullptr;
  patternBuilds_ = 0;
  valueFills_ = 0;
  valuesValid_ = false;
  rowSizes_.clear();
  {
    numerics::SparseBlockMatrix& M = storedMatrix();
    M.beginPattern(rowSizes_, rowSizes_);
    M.endPattern();
  }
  installPattern(0);
  result_ = numerics::SolverResult();
  result_.status = numerics::SolverStatus::Converged;
  result_.solver = options_.solver;
  assemblySeconds_ = solveSeconds_ = 0.0;
}

void LinearOSNS::buildPattern(const Simulation& simulation, const Topology& topology,
                              const IndexSet* set, const ProblemContext& ctx) {
  const std::vector<unsigned>* levels = set ? nullptr : ctx.interactionLevels;
  // True when id (linked) is a member of the problem at `level`.
  const auto inProblem = [&](unsigned id, unsigned level) {
    if (set) return set->contains(id);
    return id < levels->size() && (*levels)[id] == level && level < topology.numberOfIndexSets() &&
           topology.indexSet(level).contains(id);
  };
  // Rows leaving the problem get λ = 0 (the other inactive ones already are).
  for (std::size_t i = 0; i < rowIds_.size(); ++i) {
    const unsigned id = rowIds_[i];
    if (id < rowOf_.size()) rowOf_[id] = -1;
    const unsigned level = i < rowLevel_.size() ? rowLevel_[i] : ctx.inputLevel;
    if (!inProblem(id, level) && topology.isLinked(id)) {
      Interaction& inter = *topology.interaction(id);
      if (level < inter.numberOfInputLevels()) inter.lambda(level).setZero();
    }
  }
  if (rowOf_.size() < topology.interactionCapacity())
    rowOf_.resize(topology.interactionCapacity(), -1);

  if (set) {
    // Rows: the members of the index set, in its order.
    rowIds_.assign(set->begin(), set->end());
  } else {
    // Level by level: the members of index set L whose level is L.
    rowIds_.clear();
    for (unsigned level = 0; level < topology.numberOfIndexSets(); ++level)
      for (const unsigned id : topology.indexSet(level))
        if (id < levels->size() && (*levels)[id] == level) rowIds_.push_back(id);
  }
  // Ordered by rowGroup (stable; no sort, no allocation when already ordered).
  const auto byGroup = [&](unsigned a, unsigned b) {
    return rowGroup(*topology.interaction(a)) < rowGroup(*topology.interaction(b));
  };
  if (!std::is_sorted(rowIds_.begin(), rowIds_.end(), byGroup))
    std::stable_sort(rowIds_.begin(), rowIds_.end(), byGroup);
  const std::size_t nRows = rowIds_.size();
  rowInteractions_.resize(nRows);
  rowIntegrators_.resize(nRows);
  rowHints_.resize(nRows);
  rowOffset_.resize(nRows);
  rowSizes_.resize(nRows);
  rowLevel_.resize(nRows);
  Eigen::Index n = 0;
  for (std::size_t i = 0; i < nRows; ++i) {
    Interaction* inter = topology.interaction(rowIds_[i]).get();
    // The row's input level (λ level): its own when integrators are mixed (then equal to
    // its index set), ctx.inputLevel otherwise (the projection problems read index set
    // ctx.outputLevel but write λ(ctx.inputLevel)).
    rowLevel_[i] = levels ? (*levels)[rowIds_[i]] : ctx.inputLevel;
    checkInteraction(*inter);
    rowInteractions_[i] = inter;
    rowIntegrators_[i] = &simulation.integratorOf(*inter->dynamicalSystems().front());
    rowHints_[i] = rowIntegrators_[i]->lookupHint(*inter);
    rowOf_[rowIds_[i]] = static_cast<Eigen::Index>(i);
    rowOffset_[i] = n;
    rowSizes_[i] = inter->dimension();
    n += inter->dimension();
  }
  size_ = n;

  // Pattern: (α, β) for the rows sharing a system; one block per pair, the
  // contributions of every shared system summed into it. Built in place in
  // the problem's matrix (the builder reuses its capacity: no allocation when
  // the new pattern fits in the capacity already reached).
  numerics::SparseBlockMatrix& M = storedMatrix();
  M.beginPattern(rowSizes_, rowSizes_);
  contributions_.clear();
  rowContributions_.resize(nRows + 1);
  marker_.assign(nRows, -1);
  for (std::size_t i = 0; i < nRows; ++i) {
    rowContributions_[i] = contributions_.size();
    const Interaction& a = *rowInteractions_[i];
    const Eigen::Index row = static_cast<Eigen::Index>(i);
    for (const auto& ds : a.dynamicalSystems()) {
      const OneStepIntegrator* osi = &simulation.integratorOf(*ds);
      for (const Topology::InteractionId idB : topology.interactionIdsOf(*ds)) {
        const Eigen::Index col = rowOf_[idB];
        if (col < 0) continue;
        if (marker_[static_cast<std::size_t>(col)] != row) {
          marker_[static_cast<std::size_t>(col)] = row;
          M.addBlock(row, col);
        }
        const std::size_t c = static_cast<std::size_t>(col);
        // The rows' hints when ds's integrator is theirs (the common case: no look-up).
        const std::uint32_t hintA = osi == rowIntegrators_[i] ? rowHints_[i] : osi->lookupHint(a);
        const std::uint32_t hintB =
            osi == rowIntegrators_[c] ? rowHints_[c] : osi->lookupHint(*rowInteractions_[c]);
        contributions_.push_back(Contribution{-1, row, col, &a, rowInteractions_[c], ds.get(), osi,
                                              rowLevel_[i], hintA, hintB});
      }
    }
  }
  rowContributions_[nRows] = contributions_.size();
  M.endPattern();
  integrators_.clear();
  for (Contribution& c : contributions_) {
    c.block = M.findBlock(c.row, c.col);
    if (std::find(integrators_.begin(), integrators_.end(), c.osi) == integrators_.end())
      integrators_.push_back(c.osi);
  }
  concurrentAssembly_ = true;
  for (const OneStepIntegrator* osi : integrators_)
    concurrentAssembly_ = concurrentAssembly_ && osi->concurrentProblemAssembly();
  for (const OneStepIntegrator* osi : rowIntegrators_)
    concurrentAssembly_ = concurrentAssembly_ && osi->concurrentProblemAssembly();
  installPattern(n);
  z_.setZero(n);
  w_.setZero(n);
  set_ = set;
  setVersion_ = set ? set->version() : 0;
  mixedLevels_ = set == nullptr;
  setVersions_.resize(mixedLevels_ ? topology.numberOfIndexSets() : 0);
  for (std::size_t level = 0; level < setVersions_.size(); ++level)
    setVersions_[level] = topology.indexSet(static_cast<unsigned>(level)).version();
  topologyVersion_ = topology.version();
  valuesValid_ = false;
  ++patternBuilds_;
}

bool LinearOSNS::patternIsCurrent(const Topology& topology, const IndexSet* set) const {
  if (topology.version() != topologyVersion_) return false;
  if (set) return !mixedLevels_ && set == set_ && set->version() == setVersion_;
  if (!mixedLevels_ || setVersions_.size() != topology.numberOfIndexSets()) return false;
  for (std::size_t level = 0; level < setVersions_.size(); ++level)
    if (topology.indexSet(static_cast<unsigned>(level)).version() != setVersions_[level])
      return false;
  return true;
}

void LinearOSNS::compute(const Simulation& simulation, const ProblemContext& ctx) {
  const auto start = std::chrono::steady_clock::now();
  const Topology& topology = simulation.nonSmoothDynamicalSystem()->topology();
  // One level: the index set of ctx.outputLevel; integrators mixed: every
  // index set, each interaction taken at its own level.
  const IndexSet* set = ctx.interactionLevels ? nullptr : &topology.indexSet(ctx.outputLevel);
  indexSetLevel_ = ctx.outputLevel;
  if (!patternIsCurrent(topology, set)) buildPattern(simulation, topology, set, ctx);

  if (size_ == 0) {
    result_.status = numerics::SolverStatus::Converged;
    result_.error = 0.0;
    result_.iterations = 0;
    result_.solver = options_.solver;
    result_.message.clear();
    assemblySeconds_ = secondsSince(start);
    solveSeconds_ = 0.0;
    return;
  }

  // M: refilled in place unless every contributing integrator has constant
  // blocks and the pattern did not change.
  bool keep = valuesValid_;
  for (const OneStepIntegrator* osi : integrators_) keep = keep && osi->blocksAreConstant(ctx);
  // Rows (and block rows of M) are independent: with several threads and integrators that
  // allow it, q first (every row's computeFreeOutput), then M, each by chunks of rows
  // (docs/kernel/performance.md "Threads"); one thread: M then q, as always. Same bits.
  const unsigned threads = concurrentAssembly_ ? simulation.numberOfThreads() : 1;
  constexpr std::size_t kRowGrain = 256;
  // q and the warm start.
  Eigen::VectorXd& q = storedQ();
  const auto freeOutputs = [&](std::size_t i, std::size_t end) {
    // Each row at its own level (all equal to ctx's unless integrators are mixed).
    ProblemContext rowCtx = ctx;
    for (; i < end; ++i) {
      const Interaction& a = *rowInteractions_[i];
      if (ctx.interactionLevels) rowCtx.inputLevel = rowCtx.outputLevel = rowLevel_[i];
      auto segment = q.segment(rowOffset_[i], rowSizes_[i]);
      rowIntegrators_[i]->computeFreeOutputWithHint(a, rowHints_[i], rowCtx, segment);
      addLawTerms(i, a, rowCtx, segment);
      z_.segment(rowOffset_[i], rowSizes_[i]) = a.lambda(rowLevel_[i]);
    }
  };
  if (threads > 1) numerics::parallelFor(threads, rowIds_.size(), kRowGrain, freeOutputs);
  if (!keep) {
    numerics::SparseBlockMatrix& M = storedMatrix();
    // Each block mapped from its offset and the row sizes of its two rows (no search of the
    // block row in the pattern: M.block(k) would do one per contribution). The block rows of
    // the chunk are zeroed first (their values are contiguous): M set to zero chunk by chunk,
    // on the threads, each chunk's values while they are in its core's cache.
    double* values = M.values().data();
    const std::vector<Eigen::Index>& rowPointer = M.rowPointer();
    const auto blocks = [&](std::size_t row, std::size_t rowEnd) {
      std::fill(values + M.blockOffset(rowPointer[row]), values + M.blockOffset(rowPointer[rowEnd]),
                0.0);
      ProblemContext blockCtx = ctx;
      const std::size_t end = rowContributions_[rowEnd];
      for (std::size_t k = rowContributions_[row]; k < end; ++k) {
        const Contribution& c = contributions_[k];
        if (ctx.interactionLevels) blockCtx.inputLevel = blockCtx.outputLevel = c.level;
        numerics::SparseBlockMatrix::BlockMap block(values + M.blockOffset(c.block),
                                                    rowSizes_[static_cast<std::size_t>(c.row)],
                                                    rowSizes_[static_cast<std::size_t>(c.col)]);
        c.osi->addInteractionBlockWithHint(*c.a, c.hintA, *c.b, c.hintB, *c.ds, blockCtx, block);
      }
    };
    numerics::parallelFor(threads, rowIds_.size(), kRowGrain, blocks);
    valuesValid_ = true;
    ++valueFills_;
  }
  if (threads <= 1) freeOutputs(0, rowIds_.size());
  const auto assembled = std::chrono::steady_clock::now();
  assemblySeconds_ = std::chrono::duration<double>(assembled - start).count();

  // The solver's threads are the simulation's (SolverOptions::threads; a change rebuilds the
  // solver object once).
  setSolverThreads(static_cast<int>(simulation.numberOfThreads()));
  result_ = solve(z_, w_);
  solveSeconds_ = secondsSince(assembled);

  // λ of each row's interaction (rows are independent: by chunks on the threads, same bits).
  numerics::parallelFor(threads, rowIds_.size(), kRowGrain, [&](std::size_t i, std::size_t end) {
    for (; i < end; ++i)
      rowInteractions_[i]->lambda(rowLevel_[i]) = z_.segment(rowOffset_[i], rowSizes_[i]);
  });
  dumpIfRequested(ctx);
}

}  // namespace moreau
