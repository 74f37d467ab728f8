#pragma once
// Deterministic generator of friction-contact problems built like the ones a
// rigid-body simulation assembles (for tests and benchmarks):
//   - a stack: a column of N boxes (4 contacts per interface in 3D, 2 in 2D)
//     or N spheres/disks (1 contact per interface), the lowest body on the ground;
//   - a pile: spheres (3D) or disks (2D) of random radii on a jittered grid,
//     contacts between grid neighbours and with the ground under the lowest layer;
//   - a single body (box/rectangle) resting on the ground on many points.
// Each body has a diagonal mass matrix (mass, rotational inertia); contact i
// between bodies a (below/first, or the ground) and b has the frame (n, t1[, t2]),
// n pointing from a to b, and the relative velocity of b with respect to a at
// the contact point u_i = H_i,b v_b − H_i,a v_a. The local problem is
//   W = H M⁻¹ Hᵀ   (SparseBlock, dimension×dimension blocks, a block (i, j) only
//                   when contacts i and j share a body),
//   q = H v_free,  v_free = v0 + h g (gravity along −z in 3D, −y in 2D; v0 small
//                   random velocities so that some contacts slide),
//   μ drawn in [muMin, muMax].
// Generation is linear in the number of contacts (no dense matrix is formed) and
// depends only on the options (seeded std::mt19937_64 with explicit draws).

#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

/// Options of the deterministic friction-contact problem generator (generateStack, generatePile,
/// generateSingleBody): built like the problems a rigid-body simulation assembles, for tests and
/// benchmarks.
struct ProblemGeneratorOptions {
  /// 2 (disks/rectangles in the plane) or 3.
  int dimension = 3;
  /// Seed of the pseudo-random draws (radii, masses, jitter, μ, initial velocities).
  std::uint64_t seed = 1;
  /// Time step h [s] of the free velocity v_free = v0 + h g, > 0.
  double timeStep = 1e-2;
  /// Gravity [m/s²], >= 0.
  double gravity = 9.81;
  /// Friction coefficients are drawn uniformly in [muMin, muMax] (0 <= muMin <= muMax).
  double muMin = 0.3;
  /// Upper bound of the friction coefficients (>= muMin).
  double muMax = 0.8;
  /// Magnitude [m/s] of the random initial velocities (uniform in [−x, x] per component).
  double initialVelocity = 0.05;
  /// Relative jitter of the positions (fraction of the body size), in [0, 0.2].
  double jitter = 0.05;
  /// Throws std::invalid_argument naming the first out-of-range field.
  void validate() const;
};

/// Bodies of generateStack: boxes (several contacts per interface) or spheres/disks (one).
enum class StackShape { Box, Sphere };

/// A generated problem and the mechanical structure behind it.
struct GeneratedProblem {
  /// The local problem u = W r + q (W sparse-block, dimension × dimension blocks).
  FrictionContactProblem problem;
  /// The same problem in global form (GlobalFrictionContactSolvers.hpp): n = 6 dofs
  /// per body in 3D, 3 in 2D (translation, then rotation); M diagonal (mass,
  /// principal inertia), H = Jᵀ (n × dimension·nc, Sparse), q = M v_free, b = 0, the
  /// same μ. Reduced, it gives `problem` up to rounding.
  GlobalFrictionContactProblem global;
  /// Bodies of each contact (first, second); first == -1 for the ground.
  std::vector<std::pair<int, int>> contactBodies;
  /// Number of bodies (the ground excluded).
  int numberOfBodies = 0;
  /// e.g. "box-stack-3d-25", "sphere-pile-3d-10x10x10".
  std::string name;
};

/// A column of `bodies` (>= 1) boxes or spheres. Contacts: 4 (box, 3D), 2 (box, 2D)
/// or 1 (sphere) per interface, the ground included: e.g. 4·bodies for 3D boxes.
GeneratedProblem generateStack(StackShape shape, int bodies,
                               const ProblemGeneratorOptions& options = {});

/// Spheres (3D, nz layers of nx·ny) or disks (2D, ny layers of nx; nz ignored) with
/// random radii in [0.4, 0.5]·spacing on a jittered grid. Contacts: with the grid
/// neighbours in +x, +y (3D) and the vertical direction, and with the ground under
/// the lowest layer: 3D nx·ny·nz + (nx−1)·ny·nz + nx·(ny−1)·nz + nx·ny·(nz−1)... i.e.
/// exactly pileContactCount(nx, ny, nz, dimension). Each count >= 1.
GeneratedProblem generatePile(int nx, int ny, int nz, const ProblemGeneratorOptions& options = {});

/// One rigid body resting on a rough ground on `contacts` (>= 1) points: 3D a box
/// 2×2×1 with the points on a jittered grid of its bottom face (raster order, the
/// last row possibly incomplete), 2D a 2×1 rectangle with the points spread along its
/// bottom edge; every ground normal is tilted by up to `jitter` radians per horizontal
/// axis. All the contacts share the body: W is a full contacts × contacts block
/// pattern of rank <= 6 (3D) or 3 (2D), the most rank-deficient mechanical structure
/// (e.g. a mesh-based object lying on a plane). Name "single-body-3d-200".
GeneratedProblem generateSingleBody(int contacts, const ProblemGeneratorOptions& options = {});

/// Number of contacts generatePile(nx, ny, nz) produces.
long pileContactCount(int nx, int ny, int nz, int dimension);

/// A compact pile (base n×n in 3D, n wide in 2D; between n/2 and 2n layers) whose
/// number of contacts is the closest the generator gets to `contacts` (>= 1), e.g.
/// 3D: 10 → 2×2×1 (8), 100 → 3×3×5 (105), 1000 → 6×6×10 (960), 20 000 → 17×17×24
/// (19 992); 2D: 100 → 6 wide × 9 layers (99).
GeneratedProblem generatePileWithContacts(long contacts,
                                          const ProblemGeneratorOptions& options = {});

}  // namespace moreau::numerics
