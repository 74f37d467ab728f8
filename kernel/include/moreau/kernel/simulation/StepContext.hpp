#pragma once
// What a simulation tells its integrators and one-step problems about the
// step being computed (docs/architecture.md, "the simulation core"):
//  - StepContext: step k, t_k, t_{k+1}, h (integrators' free state,
//    activation, Newton hooks);
//  - ProblemContext: the same plus the problem's role and the levels it is
//    written at (index set / output level and input level), for
//    computeFreeOutput, addInteractionBlock and updateState; when the
//    problem's interactions belong to integrators with different levels for
//    its role (e.g. Moreau–Jean at 1 and Euler–Moreau at 0 in a Velocity
//    problem), interactionLevels gives each interaction's level and the
//    integrators are always called with the levels of their own interactions;
//  - InteractionLevels: the y / λ levels an integrator needs for an
//    interaction (Simulation sizes the interactions' storage from them).

#include <moreau/kernel/simulation/SimulationLog.hpp>

#include <cstddef>
#include <vector>

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
  /// Level of y the problem is written on (= its index set) and level of λ
  /// it solves for. With integrators mixed (interactionLevels set): the
  /// smallest level of the role; a row of interaction α is written at
  /// (*interactionLevels)[α.number()], and the context an integrator receives
  /// (computeFreeOutput, addInteractionBlock, updateState) carries the levels
  /// of its own interactions.
  unsigned outputLevel = 1;
  /// Level of λ the problem solves for (= outputLevel; see above).
  unsigned inputLevel = 1;
  /// Null when every interaction of the role is at outputLevel (one
  /// integrator, or several with the same levels). Otherwise, by stable
  /// interaction id, the level of each interaction in this role (from the
  /// integrator of its systems: Velocity = its smallest input level,
  /// Acceleration = its largest, Position = 0); the problem gathers α from
  /// index set (*interactionLevels)[α] (Simulation owns the vector).
  const std::vector<unsigned>* interactionLevels = nullptr;
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
