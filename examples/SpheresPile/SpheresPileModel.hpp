// SpheresPile model (issue 13): N spheres dropped into a square box (ground + 4 walls, planes)
// with Coulomb friction; contacts found by a ContactManager (uniform-grid broad phase) before
// every step. In a library so that the example, its tests and the benchmark
// (benchmarks/kernel/bench_spheres_pile.cpp) build the same simulation.
//
// Spheres: NewtonEulerDS, radius r, mass m, I = (2/5) m r² I₃, F_ext = (0, 0, −m g), g = 9.81,
// at rest at t = 0. Initial lattice: k = ⌈N^{1/3}⌉ spheres per row and per column, layers of
// k² spheres (the last one partial), spacing s = 2.2 r (parameter); sphere (i, j, l) at
// x = s/2 + i s + δx, y = s/2 + j s + δy, z = r + (s − 2r) + l s with δ uniform in ±0.05 r
// (parameter) from a fixed-seed std::mt19937 (bitwise reproducible). Box: 0 ≤ x, y ≤ W = k s,
// ground z = 0.
// Contacts: NewtonEuler3DR + NewtonImpactFrictionNSL(e, 0, μ, 3), alert distance 0.2 r.
// Scheme MoreauJeanNewtonEulerOSI(θ = ½) with dormant interactions (parameter), one
// FrictionContact(3) per step (NSGS with Anderson acceleration: parameter).
#ifndef MOREAU_EXAMPLES_SPHERESPILEMODEL_HPP
#define MOREAU_EXAMPLES_SPHERESPILEMODEL_HPP

#include <moreau/Moreau.hpp>

#include <memory>
#include <string>
#include <vector>

namespace moreau::examples {

/// Parameters of the pile (defaults of the example).
struct SpheresPileParameters {
  long spheres = 100;           ///< N (>= 1)
  double radius = 0.05;         ///< r
  double mass = 1.0;            ///< m
  double mu = 0.3;              ///< friction coefficient
  double restitution = 0.0;     ///< normal restitution e
  double h = 1e-3;              ///< time step
  double T = 1.0;               ///< final time (t0 = 0)
  double alertFactor = 0.2;     ///< alert distance / r
  std::string solver = "nsgs";  ///< FrictionContact(3) solver
  double tolerance = 1e-4;      ///< solver tolerance
  int maxIterations = 1000;     ///< solver iteration budget
  unsigned seed = 1;            ///< seed of the lattice jitter
  double spacing = 2.2;         ///< lattice spacing / r (>= 2)
  double jitter = 0.05;         ///< lattice jitter / r (uniform in ±jitter r)
  unsigned threads = 1;         ///< Simulation::setNumberOfThreads (results independent of it)
  /// MoreauJeanNewtonEulerOSI::setDormantInteractions (the same motion bit for bit; far
  /// contacts not evaluated while provably inactive)
  bool dormant = true;
  /// NSGS with SolverOptions::fcAdaptiveRelaxation (over-relaxed sweeps in slow solves;
  /// excludes andersonDepth > 0)
  bool adaptiveRelaxation = false;
  /// NSGS with SolverOptions::fcAndersonDepth (0: off). Solves within 24 sweeps are those of
  /// plain NSGS, bit for bit.
  int andersonDepth = 1;
};

/// The built model and its simulation (not initialized).
struct SpheresPile {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;        ///< the model
  std::vector<std::shared_ptr<NewtonEulerDS>> spheres;   ///< the spheres
  std::shared_ptr<ContactManager> contacts;              ///< collision detection
  std::shared_ptr<FrictionContact> problem;              ///< one FC(3) per step
  std::shared_ptr<TimeStepping> simulation;              ///< the time stepping
  std::shared_ptr<MoreauJeanNewtonEulerOSI> integrator;  ///< its integrator
  double radius = 0.0;                                   ///< r
  double width = 0.0;                                    ///< W: box 0 ≤ x, y ≤ W
  double mu = 0.0;                                       ///< friction coefficient
};

/// Builds the pile (the initial contacts are linked). ModelError for an invalid parameter.
SpheresPile makeSpheresPile(const SpheresPileParameters& parameters);

/// Σ ½ m |v|² + ½ Ωᵀ I Ω over the spheres.
double kineticEnergy(const SpheresPile& pile);
/// Largest penetration max(0, −g) over the contacts of the manager at the current q.
double maxPenetration(const SpheresPile& pile);

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_SPHERESPILEMODEL_HPP
