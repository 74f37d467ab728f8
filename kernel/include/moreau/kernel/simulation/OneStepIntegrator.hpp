#pragma once
// Abstract one-step integrator (Siconos OneStepIntegrator, dev-notes §1.6;
// the contract of docs/architecture.md, "Integrator interface"). A
// Simulation drives each of its integrators through one step k:
//   beginStep → computeFreeState → addInteractionInIndexSet (activation) →
//   computeFreeOutput / addInteractionBlock (one-step problem assembly) →
//   updateState, and swapInMemory at nextStep.
// An integrator owns the systems the simulation associates with it
// (Simulation::dynamicalSystemsOf) and the interactions between them (an
// interaction never couples systems of two integrators). Laws are read by
// the one-step problems, never by the integrator.

#include <moreau/kernel/simulation/StepContext.hpp>

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace moreau {

class DynamicalSystem;
class Interaction;
class Simulation;

/// Base class of the one-step integrators (Siconos OneStepIntegrator): computes the free state of
/// its systems over [t_k, t_{k+1}], gives the one-step problems their blocks (free output and
/// coupling blocks of the interactions) and updates the state from the multipliers. Subclasses:
/// MoreauJeanOSI (Lagrangian systems), EulerMoreauOSI (first-order systems), MoreauJeanGOSI
/// (global form). Users construct one and pass it to TimeStepping; the hooks below are called
/// by the simulation.
class OneStepIntegrator {
 public:
  virtual ~OneStepIntegrator();
  OneStepIntegrator(const OneStepIntegrator&) = delete;
  OneStepIntegrator& operator=(const OneStepIntegrator&) = delete;

  /// Class name, e.g. "MoreauJeanOSI" (error messages, logs).
  virtual const char* typeName() const = 0;

  /// Levels of y and λ the integrator uses for inter (the simulation sizes
  /// the interaction's storage and the number of index sets from them).
  virtual InteractionLevels levels(const Interaction& inter) const = 0;
  /// Number of past steps of y an interaction keeps (1: y_k only).
  virtual unsigned memorySteps() const { return 1; }

  /// Companion hook (docs/kernel/simulation.md, "Companion integrators"): null (the default)
  /// when this integrator integrates ds itself; otherwise the integrator, running the same
  /// scheme for another family of systems, to which it delegates ds. Simulation::initialize
  /// asks it for every system given to this integrator (by associate, as the default or as the
  /// only one) and, when non-null, inserts the companion in its integrator list (once) and
  /// gives ds to it. An implementation creates its companion once (lazily, with its own
  /// parameters) and returns the same object for every system of that family; it may throw a
  /// ModelError for a family it cannot handle. MoreauJeanOSI returns a
  /// MoreauJeanNewtonEulerOSI for a NewtonEulerDS.
  virtual std::shared_ptr<OneStepIntegrator> companionFor(const DynamicalSystem& ds);

  /// Prepares the run from the current state of its systems (taken as the
  /// state at t0); ModelError on an unsupported or ill-posed model. Keeps a
  /// reference to the simulation until the next initialize.
  virtual void initialize(const Simulation& simulation) = 0;
  /// Start of step ctx.step, before its first computeFreeState (not before
  /// a recomputation of the same step): a state written by the user since
  /// the integrator last set it replaces the memories, and the outputs of
  /// the interactions of that system are recomputed from it at t_k.
  /// Interactions linked or removed since the last step are picked up here.
  virtual void beginStep(const StepContext& ctx) = 0;
  /// The interaction managers of a TimeStepping step run with the systems at the state where
  /// the step's Newton loop starts (Siconos calls them after computeInitialNewtonState):
  /// enterInitialNewtonState puts this integrator's systems there, leaveInitialNewtonState
  /// puts them back exactly (called after the managers, also when one throws). Default:
  /// nothing (the managers see q_k). MoreauJeanOSI: q_k + h(θ v_k + (1 − θ) v_k).
  ///@{
  virtual void enterInitialNewtonState(const StepContext& /*ctx*/) {}
  virtual void leaveInitialNewtonState() {}
  ///@}
  /// Free state of its systems over [t_k, t_{k+1}].
  virtual void computeFreeState(const StepContext& ctx) = 0;

  /// Newton hooks (docs/theory/moreau-jean.md §5). A simulation whose
  /// integrators are all linear takes one pass per step and never calls
  /// them. Otherwise each Newton iteration τ (ctx.newtonIteration) is
  /// prepareNewtonIteration → computeFreeState → (problems) → updateState →
  /// computeResidu, computeResiduOutput, until both are below the tolerance.
  virtual void prepareNewtonIteration(const StepContext& /*ctx*/) {}
  /// Residual on the state after updateState (scaled, see the integrator).
  virtual double computeResidu() { return 0.0; }
  /// Residual on the outputs after updateState (linearization error of the
  /// nonlinear relations).
  virtual double computeResiduOutput() { return 0.0; }
  /// True when one pass per step is exact (no Newton loop needed).
  virtual bool isLinear() const { return true; }

  /// True when inter must be in index set `level` for the coming step.
  virtual bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                        const StepContext& ctx) const = 0;
  /// True when inter must leave index set `level` (default: not added).
  virtual bool removeInteractionFromIndexSet(const Interaction& inter, unsigned level,
                                             const StepContext& ctx) const {
    return !addInteractionInIndexSet(inter, level, ctx);
  }

  /// q = the free output of inter at ctx.outputLevel (no law terms: the
  /// problem adds restitution etc.); q has inter.dimension() entries.
  virtual void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                                 Eigen::Ref<Eigen::VectorXd> q) const = 0;
  /// block += the part of the problem's matrix coupling λ_b to the output
  /// of a through the system ds they share (a == b: diagonal block, which
  /// also gets ∇_λh once, on the first system of a).
  virtual void addInteractionBlock(const Interaction& a, const Interaction& b,
                                   const DynamicalSystem& ds, const ProblemContext& ctx,
                                   Eigen::Ref<Eigen::MatrixXd> block) const = 0;
  /// Look-up hints: an index of inter in this integrator's own data, or kNoHint (the default:
  /// no hint). A problem asks for it when it builds its pattern, keeps it with its rows and
  /// blocks, and passes it back to the calls with a hint below; the integrator then reads its data
  /// at that index instead of looking inter up (SpheresPile: one random access less per block and
  /// per rule; docs/kernel/performance.md, "Ninth round"). A hint never changes a result: the
  /// integrator checks that the index still holds inter and looks it up otherwise (a stale hint
  /// after a change of the topology costs one look-up, as without hints).
  ///@{
  static constexpr std::uint32_t kNoHint = 0xffffffffu;
  virtual std::uint32_t lookupHint(const Interaction& /*inter*/) const { return kNoHint; }
  /// computeFreeOutput(inter, ctx, q) with the hint of inter.
  virtual void computeFreeOutputWithHint(const Interaction& inter, std::uint32_t /*hint*/,
                                         const ProblemContext& ctx,
                                         Eigen::Ref<Eigen::VectorXd> q) const {
    computeFreeOutput(inter, ctx, q);
  }
  /// addInteractionInIndexSet(inter, level, ctx) with the hint of inter (TimeStepping keeps
  /// the hints of the interactions while the topology does not change).
  virtual bool addInteractionInIndexSetWithHint(const Interaction& inter, std::uint32_t /*hint*/,
                                                unsigned level, const StepContext& ctx) const {
    return addInteractionInIndexSet(inter, level, ctx);
  }
  /// addInteractionBlock(a, b, ds, ctx, block) with the hints of a and b (both given by the
  /// integrator of ds).
  virtual void addInteractionBlockWithHint(const Interaction& a, std::uint32_t /*hintA*/,
                                           const Interaction& b, std::uint32_t /*hintB*/,
                                           const DynamicalSystem& ds, const ProblemContext& ctx,
                                           Eigen::Ref<Eigen::MatrixXd> block) const {
    addInteractionBlock(a, b, ds, ctx, block);
  }
  ///@}
  /// True when the blocks it gives do not change from step to step (so an
  /// assembler with an unchanged pattern may skip refilling them).
  virtual bool blocksAreConstant(const ProblemContext& /*ctx*/) const { return false; }
  /// True when a problem may call computeFreeOutput for different interactions concurrently,
  /// and then addInteractionBlock for different block rows concurrently (every row's
  /// computeFreeOutput done), each call writing only its own output (used with
  /// Simulation::setNumberOfThreads > 1; docs/kernel/performance.md "Threads").
  virtual bool concurrentProblemAssembly() const { return false; }
  /// True when addInteractionInIndexSet may be called for different interactions concurrently,
  /// each call reading and writing only that interaction's data (TimeStepping::updateIndexSets
  /// then asks by chunks on the simulation's threads and changes the index sets afterwards, in
  /// order). A class deriving from one that returns true and overriding addInteractionInIndexSet
  /// with shared state must return false.
  virtual bool concurrentIndexSetRule() const { return false; }

  /// State at t_{k+1} from the multipliers λ(ctx.inputLevel), then the
  /// interaction outputs.
  virtual void updateState(const ProblemContext& ctx) = 0;
  /// Memories <- current values (end of step).
  virtual void swapInMemory() = 0;

  /// What a global formulation assembles: the iteration matrix M̂ of ds, the
  /// Jacobian block of inter on ds and the free velocity of ds. The default
  /// throws ModelError (an integrator without a global form).
  ///@{
  virtual const Eigen::MatrixXd& iterationMatrix(const DynamicalSystem& ds) const;
  virtual const Eigen::MatrixXd& jacobianBlock(const Interaction& inter,
                                               const DynamicalSystem& ds) const;
  virtual const Eigen::VectorXd& freeVelocity(const DynamicalSystem& ds) const;
  ///@}

 protected:
  /// Only derived classes construct integrators.
  OneStepIntegrator() = default;
};

}  // namespace moreau
