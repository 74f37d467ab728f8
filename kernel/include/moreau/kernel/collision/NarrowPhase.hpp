#pragma once
// Exact contact geometry of the built-in shape pairs (docs/kernel/collision.md §2). Every
// function returns the gap g (> 0 apart, < 0 penetration), the points P1 on shape 1 and P2
// on shape 2 and the unit normal n from shape 2 towards shape 1, with P1 − P2 = g n
// (the ContactGeometry of NewtonEuler1DR), so a NewtonEuler3DR evaluates the same numbers
// as the detection.

#include <moreau/kernel/modeling/NewtonEuler1DR.hpp>

#include <array>

namespace moreau {

/// Narrow-phase formulas for spheres, boxes and planes (static functions, no state).
class NarrowPhase {
 public:
  /// Sphere (G1, r1) against sphere (G2, r2): n = (G1 − G2)/|G1 − G2|, g = |G1 − G2| − r1 − r2,
  /// P1 = G1 − r1 n, P2 = G2 + r2 n. Coincident centres: n = e_z (by convention).
  static ContactGeometry sphereSphere(const Eigen::Vector3d& G1, double r1,
                                      const Eigen::Vector3d& G2, double r2);
  /// Sphere (G, r) against the plane (P, unit n): g = n·(G − P) − r, P1 = G − r n,
  /// P2 = P1 − g n.
  static ContactGeometry spherePlane(const Eigen::Vector3d& G, double r, const Eigen::Vector3d& P,
                                     const Eigen::Vector3d& n);
  /// Sphere (G, r) against the box of centre B, unit quaternion p (body → inertial) and
  /// half extents a. With c = Rᵀ(G − B) and the closest box point k = clamp(c, −a, a):
  /// outside (c ≠ k) n = R (c − k)/|c − k|, g = |c − k| − r; inside, the face i of the
  /// smallest depth a_i − |c_i| gives n = R sign(c_i) e_i, k_i = sign(c_i) a_i,
  /// g = −(a_i − |c_i|) − r. P2 = B + R k, P1 = G − r n. Shape 1 = the sphere.
  static ContactGeometry sphereBox(const Eigen::Vector3d& G, double r, const Eigen::Vector3d& B,
                                   const Eigen::Vector4d& p, const Eigen::Vector3d& a);
  /// Corner k (0..7) of a box of half extents a in the body frame: ((k&1 ? 1 : −1) a_x,
  /// (k&2 ? 1 : −1) a_y, (k&4 ? 1 : −1) a_z).
  static Eigen::Vector3d boxCorner(const Eigen::Vector3d& a, int k);
  /// Material point G + R c of a body (centre G, quaternion p) against the plane (P, unit n):
  /// P1 = G + R c, g = n·(P1 − P), P2 = P1 − g n (a box corner on a plane).
  static ContactGeometry pointPlane(const Eigen::Vector3d& G, const Eigen::Vector4d& p,
                                    const Eigen::Vector3d& c, const Eigen::Vector3d& P,
                                    const Eigen::Vector3d& n);
  /// Box (centre B, quaternion p, half extents a) against the plane (P, unit n): the (at most
  /// 4) corners of smallest gap among those with g ≤ alert, in increasing gap (ties: corner
  /// index). Writes corners[i] (corner index) and contacts[i]; returns their number.
  static int boxPlane(const Eigen::Vector3d& B, const Eigen::Vector4d& p, const Eigen::Vector3d& a,
                      const Eigen::Vector3d& P, const Eigen::Vector3d& n, double alert,
                      std::array<int, 4>& corners, std::array<ContactGeometry, 4>& contacts);

  /// Contact function (for NewtonEuler1DR / NewtonEuler3DR) of a sphere of radius r (body 1)
  /// and a box of half extents a (body 2): sphereBox at the two bodies' q.
  static NewtonEuler1DR::ContactFunction sphereOnBox(double r, const Eigen::Vector3d& a);
};

}  // namespace moreau
