#pragma once
// Abstract one-step integrator (Siconos OneStepIntegrator, dev-notes §1.6).
// The simulation drives it through one step:
//   beginStep → computeFreeState → (index sets via addInteractionInIndexSet) →
//   OSNSP assembly via computeFreeOutput / addInteractionBlock → updateState
// and nextStep → swapInMemory.

#include <Eigen/Dense>
#include <cstddef>

namespace moreau {

class DynamicalSystem;
class Interaction;
class NonSmoothDynamicalSystem;
class TimeDiscretisation;

class OneStepIntegrator {
 public:
  virtual ~OneStepIntegrator();
  OneStepIntegrator(const OneStepIntegrator&) = delete;
  OneStepIntegrator& operator=(const OneStepIntegrator&) = delete;

  virtual const char* typeName() const = 0;

  /// Prepares the run from the current state of the systems (taken as the
  /// state at t0); ModelError on an unsupported or ill-posed model. The
  /// integrator keeps references to nsds and td until the next initialize.
  virtual void initialize(const NonSmoothDynamicalSystem& nsds, const TimeDiscretisation& td) = 0;
  /// Start of step k, before its first computeFreeState (not before a
  /// recomputation of the same step): the state each system holds now is the
  /// state at t_k. A state written by the user since the integrator last set
  /// it (after initialize, or after the previous step's updateState) replaces
  /// the memories, and the outputs y of the interactions of that system are
  /// recomputed from it at t_k (memories included). ModelError naming the
  /// system when the written state has a wrong size or a non-finite entry.
  virtual void beginStep(std::size_t k) = 0;
  /// Free state of every system over [t_k, t_{k+1}] (step k).
  virtual void computeFreeState(std::size_t k) = 0;
  /// True when inter must enter index set `level` for the coming step.
  virtual bool addInteractionInIndexSet(const Interaction& inter, unsigned level) const = 0;
  /// q of the one-step nonsmooth problem for inter (size inter.dimension()).
  virtual void computeFreeOutput(const Interaction& inter, Eigen::Ref<Eigen::VectorXd> q) const = 0;
  /// block += the part of the OSNSP matrix coupling λ_b to the output of a
  /// through the system ds they share (a == b for the diagonal block).
  virtual void addInteractionBlock(const Interaction& a, const Interaction& b,
                                   const DynamicalSystem& ds,
                                   Eigen::Ref<Eigen::MatrixXd> block) const = 0;
  /// State at t_{k+1} from the multipliers, then the interaction outputs.
  virtual void updateState(std::size_t k) = 0;
  /// Memories <- current values (end of step).
  virtual void swapInMemory() = 0;

 protected:
  OneStepIntegrator() = default;
};

}  // namespace moreau
