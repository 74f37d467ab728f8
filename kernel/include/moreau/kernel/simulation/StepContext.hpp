#pragma once
// What a simulation tells its integrators and one-step problems about the
// step being computed (docs/architecture.md, "the simulation core"):
//  - StepContext: step k, t_k, t_{k+1}, h (integrators' free state,
//    activation, Newton hooks);
//  - ProblemContext: the same plus the problem's role and the levels it is
//    written at (index set / output level and input level), for
//    computeFreeOutput, addInteractionBlock and updateState;
//  - InteractionLevels: the y / λ levels an integrator needs for an
//    interaction (Simulation sizes the interactions' storage from them).

#include <moreau/kernel/simulation/SimulationLog.hpp>

#include <cstddef>

namespace moreau {

/// The step being computed, passed by the simulation to its integrators and problems.
struct StepContext {
  std::size_t step = 0;  ///< k of the step t_k → t_{k+1}
  double t = 0.0;        ///< t_k
  double tNext = 0.0;    ///< t_{k+1}
  double h = 0.0;        ///< time step
  /// Newton iteration τ of the step (0: the first pass; always 0 for a
  /// linear model, which takes one pass).
  unsigned newtonIteration = 0;
};

/// The step and the one-step problem being assembled or solved.
struct ProblemContext : StepContext {
  /// What the problem is for (velocity, position or acceleration level).
  ProblemRole role = ProblemRole::Velocity;
  unsigned outputLevel = 1;  ///< level of y the problem is written on (= its index set)
  unsigned inputLevel = 1;   ///< level of λ the problem solves for
};

/// Levels of y (output) and λ (input) an integrator uses for an interaction,
/// min..max inclusive (Moreau–Jean: y 0..1, λ 1..1).
struct InteractionLevels {
  /// Lowest level of y used.
  unsigned minOutput = 0;
  /// Highest level of y used.
  unsigned maxOutput = 1;
  /// Lowest level of λ used.
  unsigned minInput = 1;
  /// Highest level of λ used.
  unsigned maxInput = 1;
};

}  // namespace moreau
