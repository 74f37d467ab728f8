// The model of the ColumnOfBeads example (issue 9, "Benchmarks"), in a library so that the
// tests and the scaling benchmark build exactly the same simulation as the example.
//
// N beads in a vertical column (bead 0 at the bottom) fall on the ground. Each bead is a
// LagrangianLinearTIDS with 3 dof (height, horizontal position, rotation), m = 1, R = 0.1,
// M = diag(m, m, 3/5 m R²), F_ext = (−m g, 0, 0), g = 9.81; bead i starts at height
// 1 + 0.25 i, at rest. Contacts (LagrangianLinearTIR, NewtonImpactNSL(e)), all linked before
// the run: ground–bead 0, y = q₀ − R (H = [1 0 0], b = −R), and bead i–bead i+1,
// y = q_{i+1,0} − q_{i,0} − 2R (H = [−1 0 0 1 0 0], b = −2R). MoreauJeanOSI(θ = 0.5), one LCP.
#ifndef MOREAU_EXAMPLES_COLUMNOFBEADSMODEL_HPP
#define MOREAU_EXAMPLES_COLUMNOFBEADSMODEL_HPP

#include <moreau/Moreau.hpp>

#include <memory>
#include <string>
#include <vector>

namespace moreau::examples {

namespace beads {
inline constexpr double kMass = 1.0;
inline constexpr double kRadius = 0.1;
inline constexpr double kGravity = 9.81;
inline constexpr double kFirstHeight = 1.0;  // height of bead 0 at t0
inline constexpr double kSpacing = 0.25;     // initial distance between the centres
inline constexpr double kTheta = 0.5;
}  // namespace beads

struct ColumnOfBeadsParameters {
  long beads = 10;           ///< number of beads N (>= 1)
  double h = 5e-4;           ///< time step
  double T = 2.0;            ///< final time (t0 = 0)
  double restitution = 0.9;  ///< e of every contact
  /// LCP solver (numerics::lcpSolverNames()). "pivot" (sparse block principal pivoting,
  /// warm-started from the previous step): exact on this SPD problem and the fastest; Lemke is
  /// exact too but dense; the Gauss–Seidel family stalls on long columns (README.md, "Solver").
  std::string solver = "pivot";
  double tolerance = 1e-8;    ///< LCP solver tolerance (numerics::SolverOptions)
  int maxIterations = 10000;  ///< LCP solver iteration budget
};

/// The built model and its simulation (not initialized).
struct ColumnOfBeads {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  /// Bottom to top: beads[i] starts at height 1 + 0.25 i.
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> beads;
  /// contacts[0]: ground–bead 0; contacts[i] (i >= 1): bead i−1–bead i.
  std::vector<std::shared_ptr<Interaction>> contacts;
  std::shared_ptr<LCP> lcp;
  std::shared_ptr<TimeStepping> simulation;
};

/// Builds the column. Throws ModelError for an invalid parameter (N < 1, unknown solver, a
/// time grid that cannot be represented).
ColumnOfBeads makeColumnOfBeads(const ColumnOfBeadsParameters& parameters);

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_COLUMNOFBEADSMODEL_HPP
