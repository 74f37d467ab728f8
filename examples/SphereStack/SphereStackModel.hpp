// A frictional benchmark with a fixed topology (issue 9, "Benchmarks"): a K × K grid of
// columns of L spheres stacked on the ground, FrictionContact(3). In a library so that the
// benchmark (benchmarks/kernel/bench_sphere_stack.cpp) and the tests build the same model.
//
// Each sphere is a point mass: a LagrangianLinearTIDS with 3 dof (x, y, z), m = 1,
// M = m I, F_ext = (0, 0, −m g), g = 9.81, radius R = 0.1. NO rotation: the spheres do not
// roll, so a tangential impulse only acts on the translation (the contact points are the
// centres' midpoints). Column (i, j), i, j < K, stands at x = 2R i, y = 2R j; sphere k of a
// column starts at z = R + k (2R + gap) + gap, at rest, so that the column falls by a few
// gaps and settles (e = 0). Contacts, all linked before the run, each a LagrangianLinearTIR
// with a 3-row H in the contact frame (normal, two tangents) and a
// NewtonImpactFrictionNSL(e_N = 0, e_T = 0, μ, 3):
//  - ground–sphere 0 of each column: y = (z − R, ·, ·), H = [e_z; e_x; e_y], b = (−R, 0, 0);
//  - sphere k−1–sphere k of a column: y = (z_k − z_{k−1} − 2R, ·, ·), H = [−e_z e_z; −e_x e_x;
//    −e_y e_y] (6 columns), b = (−2R, 0, 0);
//  - optionally (lateral = true) sphere k of column (i, j)–sphere k of column (i+1, j) and of
//    column (i, j+1): normal along the line of centres (x or y), initial gap 0 (touching),
//    b = (−2R, 0, 0). No horizontal load: their impulses stay zero.
// Vertical contacts: K² L; lateral ones: 2 K (K − 1) L. MoreauJeanOSI(θ = 0.5), one
// FrictionContact(3) (solver nsgs by default).
#ifndef MOREAU_EXAMPLES_SPHERESTACKMODEL_HPP
#define MOREAU_EXAMPLES_SPHERESTACKMODEL_HPP

#include <moreau/Moreau.hpp>

#include <memory>
#include <string>
#include <vector>

namespace moreau::examples {

namespace spheres {
inline constexpr double kMass = 1.0;
inline constexpr double kRadius = 0.1;
inline constexpr double kGravity = 9.81;
inline constexpr double kTheta = 0.5;
}  // namespace spheres

struct SphereStackParameters {
  long columnsPerSide = 4;      ///< K: K × K columns (>= 1)
  long height = 6;              ///< L: spheres per column (>= 1)
  bool lateral = false;         ///< contacts between neighbouring columns
  double gap = 1e-3;            ///< initial vertical gap under every sphere (>= 0)
  double mu = 0.3;              ///< friction coefficient of every contact
  double h = 1e-3;              ///< time step
  double T = 0.5;               ///< final time (t0 = 0)
  std::string solver = "nsgs";  ///< FrictionContact(3) solver
  double tolerance = 1e-8;      ///< solver tolerance
  int maxIterations = 10000;    ///< solver iteration budget
};

/// The built model and its simulation (not initialized).
struct SphereStack {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  /// spheres[(i K + j) L + k]: sphere k (from the bottom) of column (i, j).
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> spheres;
  /// vertical[(i K + j) L + k]: the contact under sphere k of column (i, j) (k = 0: ground).
  std::vector<std::shared_ptr<Interaction>> vertical;
  std::vector<std::shared_ptr<Interaction>> lateral;
  std::shared_ptr<FrictionContact> problem;
  std::shared_ptr<TimeStepping> simulation;
  long columnsPerSide = 0, height = 0;
  std::size_t numberOfContacts() const { return vertical.size() + lateral.size(); }
};

/// Builds the stack. Throws ModelError for an invalid parameter.
SphereStack makeSphereStack(const SphereStackParameters& parameters);

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_SPHERESTACKMODEL_HPP
