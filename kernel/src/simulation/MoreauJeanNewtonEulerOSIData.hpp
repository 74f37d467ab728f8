#pragma once
// Working data of MoreauJeanNewtonEulerOSI (internal header, not installed; included by
// MoreauJeanNewtonEulerOSI.cpp only): per-body and per-interaction data built once per topology,
// the dormancy bound of docs/theory/newton-euler.md §5.2, and MoreauJeanNewtonEulerOSI::Impl,
// which owns them (the model objects stay read-only). Equations: docs/theory/newton-euler.md §5.
#include "../utils/Prefetch.hpp"

#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonEuler1DR.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NewtonEulerR.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/simulation/MoreauJeanNewtonEulerOSI.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau {
namespace mjneosi {

struct Body {
  // What every step reads first, the rest (W, the boundary conditions) after it: a body's
  // per-step fields lie in its first three cache lines (docs/kernel/performance.md, "Seventh
  // round").
  NewtonEulerDS* ds = nullptr;
  // Where ds's q and twist were at the last update: prefetch hints only (never read).
  const double* qData = nullptr;
  const double* vData = nullptr;
  bool nonlinear = false;
  // Linear body: W = M⁻¹ is computed once (NewtonEulerDS's mass and inertia are fixed at its
  // construction: no setter), not compared with M at every step.
  bool wCached = false;
  double residu = 0.0;  // this body's term of computeResidu (updateState)
  Eigen::VectorXd Fk, vFree, vPrev, qIter, resid;
  // Its (interaction, block) pairs in interaction order (the order of updateState's sums): a
  // run of Impl::bodyBlocks (index in inters, index in blockPool).
  const std::pair<std::uint32_t, std::uint32_t>* blocks = nullptr;
  std::uint32_t blockCount = 0;
  Eigen::MatrixXd W;  // 6×6 inverse iteration matrix (reduced with boundary conditions)
  // Boundary conditions (null when none; docs/theory/newton-euler.md §5.1): W = Ã⁻¹ with the
  // prescribed rows and columns zeroed, Ã the iteration matrix A (kept in Impl::iterationA)
  // whose prescribed rows and columns are those of the identity.
  std::shared_ptr<BoundaryCondition> bc;
};

// What a body can have moved, for the dormant interactions (docs/theory/newton-euler.md §5.2):
// bounds of the distance travelled by G and of the angle turned since initialize (sums of
// h |v_θ| and h |Ω_θ| over the steps), |v_G|, |Ω| and |x_G|∞ at t_k.
struct Motion {
  double travel = 0.0, turn = 0.0;
  double speed = 0.0, spin = 0.0;
  double scale = 0.0;
};

using Matrix36 = Eigen::Matrix<double, 3, 6>;
using Matrix63 = Eigen::Matrix<double, 6, 3>;

using detail::prefetch;
// Where the per-step fields of an Interaction lie (its member order, Interaction.hpp): the
// vectors of y, λ and the memories and the memory version in its first 128 bytes (all that the
// memory swap reads of it), the memory version and the number in bytes 64 to 127 (what the
// index-set rule reads). Prefetch hints only: a change of the layout costs speed, not results.
constexpr std::size_t kSwapBytes = 128;
constexpr std::size_t kRuleLineOffset = 64;

// H (m × 6, at q_k) and W Hᵀ (6 × m) of one body of an interaction. Frictional contacts
// (m = 3, FrictionContact(3)): H in H3, in the integrator's one array of blocks (Impl::blockPool,
// in interaction order), W Hᵀ in BlockExtra::WHt3; other m: BlockExtra's H / WHt. WHt3 is not
// kept for a body whose W is diagonal (WDiagonal): Impl::wht3 forms it when read. H is copied
// (not read in the relation's Jacobian, which stays H at q_k for linear bodies): the copy next to
// the other blocks is read faster by the assembly and the update (docs/kernel/performance.md,
// "Seventh round" and "Eighth round").
// W's diagonal when its off-diagonal entries are all zero (diagonal; a linear body with a
// diagonal mass matrix: spheres, boxes in their principal frame), one cache line per body.
struct alignas(64) WDiagonal {
  std::array<double, 6> w{};
  bool diagonal = false;
};

// What a block keeps for the other cases (a relation of m ≠ 3 rows, a body whose W is not
// diagonal): in a second array (Impl::blockExtra), so that the array of blocks holds only what
// a frictional contact between spheres reads (176 bytes a block instead of 368).
struct BlockExtra {
  Eigen::MatrixXd H;
  Eigen::MatrixXd WHt;
  Matrix63 WHt3 = Matrix63::Zero();
};

struct Block {
  Matrix36 H3 = Matrix36::Zero();  // first: no padding before it (176 bytes a block)
  std::size_t body = 0;
  const DynamicalSystem* system = nullptr;  // its body's system (compared, never read)
  BlockExtra* x = nullptr;                  // its entry of Impl::blockExtra
  bool fixed3 = false;
  Eigen::Index rows() const { return fixed3 ? 3 : x->H.rows(); }
  // Dynamic view of H, for a product of a frictional contact's block with another kind.
  Eigen::Map<const Eigen::MatrixXd> hView() const {
    return fixed3 ? Eigen::Map<const Eigen::MatrixXd>(H3.data(), 3, 6)
                  : Eigen::Map<const Eigen::MatrixXd>(x->H.data(), x->H.rows(), x->H.cols());
  }
};

// An interaction's blocks, in the integrator's one array of blocks (Impl::blockPool, in
// interaction order: the loops over the interactions read the blocks one after the other).
struct BlockSpan {
  Block* first = nullptr;
  std::size_t count = 0;
  std::size_t size() const { return count; }
  Block* begin() const { return first; }
  Block* end() const { return first + count; }
  Block& operator[](std::size_t k) const { return first[k]; }
  Block& front() const { return first[0]; }
};

struct InterData {
  Interaction* inter = nullptr;
  NewtonEulerR* relation = nullptr;
  Eigen::Index lawSize = 1;
  bool alwaysActive = false;  // isAlwaysActive(law), fixed per interaction
  // Step whose H (at q_k) and W Hᵀ the blocks hold (max: none).
  std::size_t hStep = std::numeric_limits<std::size_t>::max();
  // The index-set-1 rule of step ruleStep (computeFreeState; updateIndexSets asks again).
  std::size_t ruleStep = std::numeric_limits<std::size_t>::max();
  double ruleH = 0.0;
  bool ruleActive = false;
  bool inUpdate = false;  // updateState: a member of the problem's index set
  // updateState: λ of a frictional contact (3 rows) of the set, copied once for its two bodies.
  Eigen::Vector3d lambda3 = Eigen::Vector3d::Zero();
  // The rule's inputs y_k(i), ẏ_k(i) (i = 0, stride, ...; at most kRuleInputs), copied from y
  // when swapInMemory made it the memory (then in cache), valid while the interaction's
  // memoryVersion is ruleVersion: the rule reads them instead of the memories (the same
  // bits; docs/kernel/performance.md, SpheresPile).
  static constexpr int kRuleInputs = 2;
  std::uint64_t ruleVersion = std::numeric_limits<std::uint64_t>::max();
  int ruleInputs = 0;
  double ruleY[kRuleInputs] = {};
  double ruleYdot[kRuleInputs] = {};
  unsigned number = 0;  // the interaction's number at the build (read without the interaction)
  // Its bodies (indices in bodies) and their systems, in block order, next to the rest: the
  // block search of addInteractionBlock and the dormancy bound read no block.
  std::uint32_t nBodies = 0;
  std::uint32_t body[2] = {0, 0};
  const DynamicalSystem* system[2] = {nullptr, nullptr};
  // H of the relation's last evaluation is H at the bodies' current q (cachedContact: the
  // relation caches its contact by (q, z), a NewtonEuler1DR without z; outputsCurrent:
  // computeOutputs ran since q last changed): jacobianBlocks reads H without gathering q again
  // (the same bits).
  bool cachedContact = false;
  bool outputsCurrent = false;
  // Dormancy (docs/theory/newton-euler.md §5.2): bounded, its relation has ρ per body (at most
  // two bodies); while dormant, y and the memories are those of the evaluation whose smallest
  // normal gap is y0, when its bodies' Σ(travel + ρ turn) was s0.
  bool bounded = false;
  bool dormant = false;
  double rho[2] = {0.0, 0.0};
  double y0 = 0.0, s0 = 0.0;
  BlockSpan blocks;
};

}  // namespace mjneosi

// (The data types below and MoreauJeanNewtonEulerOSI.cpp use them unqualified.)
using namespace mjneosi;

struct MoreauJeanNewtonEulerOSI::Impl {
  const Simulation* sim = nullptr;
  const NonSmoothDynamicalSystem* nsds = nullptr;
  const TimeDiscretisation* td = nullptr;
  const MoreauJeanNewtonEulerOSI* self = nullptr;
  std::vector<Body> bodies;  // integrated bodies
  // Per body, next to each other: what the products with W Hᵀ of a frictional contact read
  // (wht3), set with W (computeIterationMatrix).
  std::vector<WDiagonal> wDiagonal;
  std::vector<Motion> motion;  // per body (dormant interactions)
  // Per body: the iteration matrix A, read with boundary conditions only (apart from the body
  // records: docs/kernel/performance.md, "Eighth round").
  std::vector<Eigen::Matrix<double, 6, 6>> iterationA;
  std::vector<long> bodyOf;            // DS number → index in bodies (−1: not ours)
  std::vector<InterData> inters;       // owned interactions
  std::vector<Block> blockPool;        // their blocks, in interaction order (InterData::blocks)
  std::vector<BlockExtra> blockExtra;  // Block::x of each, in the same order
  // Every body's (interaction, block) pairs, body after body (Body::blocks), and the start of
  // each body's run (one more entry than bodies).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> bodyBlocks;
  std::vector<std::uint32_t> bodyBlockStart;
  // Interaction address → index in inters (open addressing, a power of two ≥ 2 × inters): find
  // reads this table, not the interaction (docs/kernel/performance.md, "Fourth round").
  std::vector<std::pair<const Interaction*, std::uint32_t>> byAddress;
  std::size_t addressMask = 0;
  static std::size_t slotOf(const Interaction* p, std::size_t mask) {
    const auto bits = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p));
    return static_cast<std::size_t>(((bits >> 4) * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
  }
  // Interaction id → (interaction, link version) of the last build: tells a newly linked one.
  std::vector<std::pair<const Interaction*, std::uint64_t>> linkedAt;
  std::uint64_t topologyVersion = 0;
  std::size_t jacobianStep = std::numeric_limits<std::size_t>::max();
  double jacobianTime = 0.0;  // t_k of jacobianStep
  std::size_t nonlinearBodies = 0;
  double residu = 0.0;
  // beginStep: computeFreeState checks the bodies for states written by the user
  // (takeWrittenStates).
  bool checkWrites = false;
  // Set by the body loop when it found a written state and swapped the body's memories.
  std::atomic<bool> pendingWrites{false};
  void takeWrittenStates(const StepContext& ctx);
  bool dormancy = false;         // setDormantInteractions(true) and linear bodies only
  bool reusesOutputs = true;     // false for the projections (they move q after updateState)
  double lastH = 0.0;            // h of the last computeFreeState (entry test of the dormancy)
  std::vector<char> wasDormant;  // by interaction number, during buildInteractions
  // setActivationAtPredictedState: q̃ per body, ỹ and ẏ̃ per interaction (index in inters) of
  // step predStep (allocated at the first use: nothing for the other runs).
  std::vector<Eigen::VectorXd> qPredicted, yPredicted, ydotPredicted;
  std::size_t predStep = std::numeric_limits<std::size_t>::max();

  // Loops over bodies and interactions: chunks of at least these many items per thread
  // (docs/kernel/performance.md, "Threads"); each item writes only its own data.
  static constexpr std::size_t kBodyGrain = 128;
  static constexpr std::size_t kInterGrain = 256;
  unsigned threads() const { return sim ? sim->numberOfThreads() : 1; }
  // A BoundaryCondition object given to several bodies holds one buffer of prescribed
  // velocities: their body loops then run on one thread.
  bool sharedBodyState = false;
  template <class F>
  void forBodies(F&& f) {
    numerics::parallelFor(sharedBodyState ? 1u : threads(), bodies.size(), kBodyGrain,
                          [&](std::size_t i, std::size_t end) {
                            for (; i < end; ++i) f(bodies[i]);
                          });
  }
  // As forInteractions, with the memory of the interactions ahead requested while one is
  // worked on: far(inters[i + 8]) (data reached from the InterData alone), then
  // near(inters[i + 4]) (data reached through what far brought in). Hints only: the results do not
  // depend on them. docs/kernel/performance.md, "Third round".
  template <class F, class Far, class Near>
  void forInteractionsAhead(F&& f, Far&& far, Near&& near) {
    numerics::parallelFor(threads(), inters.size(), kInterGrain,
                          [&](std::size_t i, std::size_t end) {
                            constexpr std::size_t kFar = 8, kNear = 4;
                            for (; i < end; ++i) {
                              if (i + kFar < end) far(inters[i + kFar]);
                              if (i + kNear < end) near(inters[i + kNear]);
                              f(inters[i]);
                            }
                          });
  }
  template <class F>
  void forInteractions(F&& f) {
    numerics::parallelFor(threads(), inters.size(), kInterGrain,
                          [&](std::size_t i, std::size_t end) {
                            for (; i < end; ++i) f(inters[i]);
                          });
  }

  // fresh: every interaction is new (initialize). A newly linked interaction gets its memories
  // from its outputs at t (= t_k): the index-set rule of its first step reads y_k, ẏ_k of its
  // own geometry (as MoreauJeanOSI does), not the zeros of a new interaction or the memories it
  // had when it was removed.
  void buildInteractions(double t, bool fresh) {
    // A dormant interaction still linked (the same object, the same link version) gets its
    // memories from its outputs at t, as it had them without dormancy (its old data are not
    // read: a removed interaction may be gone).
    wasDormant.assign(nsds->topology().interactionCapacity(), 0);
    for (const InterData& id : inters)
      if (id.dormant && id.number < wasDormant.size()) wasDormant[id.number] = 1;
    inters.clear();
    for (Body& b : bodies) {
      b.blocks = nullptr;
      b.blockCount = 0;
    }
    // The pool is sized first: the spans point into it as they are made.
    std::size_t poolSize = 0;
    for (const auto& inter : nsds->interactions()) {
      const auto& systems = inter->dynamicalSystems();
      if (!systems.empty() && sim->integrates(*self, *systems.front())) poolSize += systems.size();
    }
    blockPool.clear();
    blockPool.reserve(poolSize);
    blockExtra.clear();
    blockExtra.reserve(poolSize);
    const Topology& topology = nsds->topology();
    if (fresh) linkedAt.clear();
    linkedAt.resize(topology.interactionCapacity(), {nullptr, 0});
    for (const auto& inter : nsds->interactions()) {
      const auto& systems = inter->dynamicalSystems();
      if (systems.empty() || !sim->integrates(*self, *systems.front())) continue;
      InterData d;
      d.inter = inter.get();
      d.relation = dynamic_cast<NewtonEulerR*>(inter->relation().get());
      if (!d.relation)
        throw ModelError(std::string("MoreauJeanNewtonEulerOSI: ") + inter->description() +
                         " has a " + inter->relation()->typeName() +
                         " relation; only NewtonEulerR relations are supported");
      d.lawSize = static_cast<Eigen::Index>(inter->nonSmoothLaw()->size());
      d.alwaysActive = isAlwaysActive(*inter->nonSmoothLaw());
      const Eigen::Index m = inter->dimension();
      d.blocks.first = blockPool.data() + blockPool.size();
      for (const auto& ds : systems) {
        const long b = ds->number() < bodyOf.size() ? bodyOf[ds->number()] : -1;
        if (b < 0)
          throw ModelError("MoreauJeanNewtonEulerOSI: " + inter->description() + " couples " +
                           ds->description() + ", which this integrator does not integrate");
        Block blk;
        blk.body = static_cast<std::size_t>(b);
        blk.system = ds.get();
        blk.fixed3 = m == 3;
        blk.x = &blockExtra.emplace_back();  // within the capacity reserved
        if (!blk.fixed3) {
          blk.x->H = Eigen::MatrixXd::Zero(m, 6);
          blk.x->WHt = Eigen::MatrixXd::Zero(6, m);
        }
        blockPool.push_back(std::move(blk));  // within the capacity reserved
        ++d.blocks.count;
      }
      d.relation->computeOutputs(t, *inter);
      d.cachedContact = reusesOutputs && dynamic_cast<NewtonEuler1DR*>(d.relation) &&
                        inter->workspace().z.size() == 0;
      d.outputsCurrent = true;
      auto& link = linkedAt[inter->number()];
      const std::uint64_t version = topology.linkVersion(inter->number());
      if (link.first != inter.get() || link.second != version) {
        if (!fresh) inter->swapInMemory();
        link = {inter.get(), version};
      } else if (wasDormant[inter->number()]) {
        inter->swapInMemory();
      }
      d.number = inter->number();
      d.nBodies = static_cast<std::uint32_t>(std::min<std::size_t>(d.blocks.size(), 2));
      for (std::uint32_t k = 0; k < d.nBodies; ++k) {
        d.body[k] = static_cast<std::uint32_t>(d.blocks[k].body);
        d.system[k] = d.blocks[k].system;
      }
      const std::vector<double>& rho = d.relation->gapMotionBound();
      d.bounded =
          !d.alwaysActive && !rho.empty() && rho.size() == d.blocks.size() && rho.size() <= 2;
      for (std::size_t k = 0; d.bounded && k < rho.size(); ++k) d.rho[k] = rho[k];
      inters.push_back(std::move(d));
    }
    // The bodies' runs of (interaction, block) pairs, each in interaction order.
    bodyBlockStart.assign(bodies.size() + 1, 0);
    for (const Block& blk : blockPool) ++bodyBlockStart[blk.body + 1];
    for (std::size_t b = 0; b < bodies.size(); ++b) bodyBlockStart[b + 1] += bodyBlockStart[b];
    bodyBlocks.resize(blockPool.size());
    for (std::size_t i = 0; i < inters.size(); ++i) {
      const BlockSpan& span = inters[i].blocks;
      for (std::size_t k = 0; k < span.size(); ++k) {
        Body& b = bodies[span[k].body];
        const std::size_t at = bodyBlockStart[span[k].body] + b.blockCount++;
        bodyBlocks[at] = {static_cast<std::uint32_t>(i),
                          static_cast<std::uint32_t>(&span[k] - blockPool.data())};
      }
    }
    for (std::size_t b = 0; b < bodies.size(); ++b)
      bodies[b].blocks = bodyBlocks.data() + bodyBlockStart[b];
    std::size_t slots = 16;
    while (slots < 2 * inters.size()) slots *= 2;
    addressMask = slots - 1;
    byAddress.assign(slots, {nullptr, 0});
    for (std::size_t i = 0; i < inters.size(); ++i) {
      std::size_t slot = slotOf(inters[i].inter, addressMask);
      while (byAddress[slot].first) slot = (slot + 1) & addressMask;
      byAddress[slot] = {inters[i].inter, static_cast<std::uint32_t>(i)};
    }
    topologyVersion = nsds->topologyVersion();
    jacobianStep = std::numeric_limits<std::size_t>::max();
    predStep = std::numeric_limits<std::size_t>::max();
  }

  // nullptr when inter is not integrated here.
  InterData* find(const Interaction& inter) {
    if (byAddress.empty()) return nullptr;
    for (std::size_t slot = slotOf(&inter, addressMask);; slot = (slot + 1) & addressMask) {
      const auto& [address, index] = byAddress[slot];
      if (address == &inter) return &inters[index];
      if (!address) return nullptr;
    }
  }

  InterData& data(const Interaction& inter) {
    InterData* found = find(inter);
    if (!found)
      throw std::out_of_range("MoreauJeanNewtonEulerOSI: " + inter.description() +
                              " is not integrated by this integrator");
    return *found;
  }

  // W Hᵀ of a frictional contact's block: formed from the body's W diagonal (WDiagonal:
  // (W Hᵀ)(i, j) = W(i, i) H(j, i), the only nonzero term of the full product's sum, so the same
  // value up to the sign of a zero; a non-finite H stays non-finite), else the stored one.
  Matrix63 wht3(const Block& blk) const {
    const WDiagonal& d = wDiagonal[blk.body];
    if (!d.diagonal) return blk.x->WHt3;
    const Eigen::Map<const Matrix36> H(blk.H3.data());
    Matrix63 out;
    for (int i = 0; i < 6; ++i)
      out.row(i) = d.w[static_cast<std::size_t>(i)] * H.col(i).transpose();
    return out;
  }

  // W Hᵀ of every block from its H and the body's W (none kept for a frictional contact's block
  // of a body with a diagonal W: wht3).
  void productBlocks(InterData& id) const {
    for (Block& blk : id.blocks) {
      if (blk.fixed3) {  // frictional contact: fixed-size product
        if (wDiagonal[blk.body].diagonal) continue;
        Eigen::Map<Matrix63>(blk.x->WHt3.data()).noalias() =
            Eigen::Map<const Eigen::Matrix<double, 6, 6>>(bodies[blk.body].W.data()) *
            Eigen::Map<const Matrix36>(blk.H3.data()).transpose();
        continue;
      }
      blk.x->WHt.noalias() = bodies[blk.body].W * blk.x->H.transpose();
    }
  }

  // H at the bodies' current q (= q_k until updateState) and W Hᵀ, for jacobianStep.
  void jacobianBlocks(InterData& id) const {
    if (!(id.cachedContact && id.outputsCurrent))
      id.relation->computeJacobians(jacobianTime, *id.inter);
    for (std::size_t i = 0; i < id.blocks.size(); ++i) {
      Block& blk = id.blocks[i];
      if (blk.fixed3)
        blk.H3 = id.relation->jachqTBlock(*id.inter, i);
      else
        blk.x->H = id.relation->jachqTBlock(*id.inter, i);
    }
    productBlocks(id);
    id.hStep = jacobianStep;
  }

  // The blocks of inter for the current step: computed now when computeFreeState skipped them
  // (an interaction outside index set 1 read by a problem; linear bodies: still at q_k).
  const InterData& current(const Interaction& inter) {
    InterData& id = data(inter);
    if (id.hStep != jacobianStep) jacobianBlocks(id);
    return id;
  }

  // q = the free output of id (computeFreeOutput).
  void freeOutput(const InterData& id, Eigen::Ref<Eigen::VectorXd> q) const;
  // block += the block of a (id da) and b (id db) through ds (addInteractionBlock).
  void interactionBlock(const Interaction& a, const InterData& da, const Interaction& b,
                        const InterData& db, const DynamicalSystem& ds,
                        Eigen::Ref<Eigen::MatrixXd> block) const;

  // find(inter) read at the index `hint` when it still holds inter (OneStepIntegrator
  // lookupHint: no look-up by address), else looked up.
  InterData* find(const Interaction& inter, std::uint32_t hint) {
    if (hint < inters.size() && inters[hint].inter == &inter) return &inters[hint];
    return find(inter);
  }
  // current(inter), found with the hint.
  const InterData& current(const Interaction& inter, std::uint32_t hint) {
    InterData* id = find(inter, hint);
    if (!id) return current(inter);  // throws: not integrated here
    if (id->hStep != jacobianStep) jacobianBlocks(*id);
    return *id;
  }

  // The index-set rule's inputs y_k(i), ẏ_k(i) kept in id from the memories just swapped.
  static void keepRuleInputs(InterData& id) {
    const Interaction& inter = *id.inter;
    const auto& y = inter.yMemory(0);
    const auto& ydot = inter.yMemory(1);
    id.ruleVersion = std::numeric_limits<std::uint64_t>::max();
    if (id.alwaysActive || ydot.size() != y.size()) return;
    int n = 0;
    for (Eigen::Index i = 0; i < y.size() && n <= InterData::kRuleInputs; i += id.lawSize) {
      if (n < InterData::kRuleInputs) {
        id.ruleY[n] = y(i);
        id.ruleYdot[n] = ydot(i);
      }
      ++n;
    }
    if (n > InterData::kRuleInputs) return;
    id.ruleInputs = n;
    id.ruleVersion = inter.memoryVersion();
  }

  // Σ over id's bodies of travel + ρ turn, of |v_G| + ρ |Ω| and of |x_G|∞ + ρ (§5.2).
  struct Reach {
    double travel = 0.0, speed = 0.0, scale = 0.0;
  };
  Reach reachOf(const InterData& id) const {
    Reach sum;
    for (std::uint32_t k = 0; k < id.nBodies; ++k) {
      const Motion& m = motion[id.body[k]];
      sum.travel += m.travel + id.rho[k] * m.turn;
      sum.speed += m.speed + id.rho[k] * m.spin;
      sum.scale += m.scale + id.rho[k];
    }
    return sum;
  }
  // True when the rule y_k + γ h ẏ_k ≤ 0 provably fails for id at the current state (gh = γ h):
  // y_k ≥ y0 − (travel since) and ẏ_k ≥ −Σ(|v_G| + ρ|Ω|), with a margin of 1e-12 of the
  // magnitudes for the rounding of the sums and of the evaluations.
  bool excluded(const InterData& id, double gh) const {
    const Reach r = reachOf(id);
    const double reach = gh * r.speed;
    const double slack = id.y0 - (r.travel - id.s0) - reach;
    const double margin = 1e-12 * (1.0 + std::abs(id.y0) + r.scale + r.travel + reach);
    return slack > margin;
  }
  // Evaluates a dormant interaction at t (= t_k, the current state): outputs, memories, rule
  // inputs, as the end of the last step would have.
  static void wake(InterData& id, double t) {
    id.relation->computeOutputs(t, *id.inter);
    id.outputsCurrent = true;
    id.inter->swapInMemory();
    keepRuleInputs(id);
    id.dormant = false;
  }
  // After the memory swap of a step: id goes to sleep when the rule provably fails at the next
  // step start with its bodies as they are (gh = γ h).
  void maybeSleep(InterData& id, double gh) {
    if (!id.bounded || id.ruleVersion != id.inter->memoryVersion() || id.ruleInputs == 0) return;
    double y0 = id.ruleY[0];
    for (int i = 1; i < id.ruleInputs; ++i) y0 = std::min(y0, id.ruleY[i]);
    id.y0 = y0;
    id.s0 = reachOf(id).travel;
    id.dormant = excluded(id, gh);
  }
  void measureMotion(Body& b, Motion& m, double h, bool step) const {
    const NewtonEulerDS& ds = *b.ds;
    if (step) {  // v_θ = (1 − θ) v_k + θ v_{k+1} in b.resid: q_{k+1} = q_k ⊕ h v_θ
      const Eigen::Map<const Eigen::Matrix<double, 6, 1>> vt(b.resid.data());
      m.travel += h * vt.head<3>().norm();
      m.turn += h * vt.tail<3>().norm();
    }
    m.speed = ds.twist().head<3>().norm();
    m.spin = ds.twist().tail<3>().norm();
    m.scale = ds.q().head<3>().lpNorm<Eigen::Infinity>();
  }
};

}  // namespace moreau
