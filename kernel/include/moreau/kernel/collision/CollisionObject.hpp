#pragma once
// The shapes known to the built-in collision detection (docs/kernel/collision.md §1):
// spheres and boxes attached to a NewtonEulerDS (centre of the shape = centre of mass G,
// box axes = body axes), and fixed planes (half-spaces {x : n·(x − P) ≥ 0}, the solid side
// being n·(x − P) < 0).

#include <Eigen/Core>

#include <memory>

namespace moreau {

class NewtonEulerDS;

/// Kind of a collision shape.
enum class ShapeType {
  Sphere,  ///< radius around the body's centre of mass
  Box,     ///< half extents along the body axes, centred at the centre of mass
  Plane    ///< fixed half-space boundary (no body)
};

/// One shape of a collision world: a sphere or box carried by a Newton–Euler body, or a
/// fixed plane. Built by ContactManager::addSphere / addBox / addPlane.
struct CollisionObject {
  ShapeType type = ShapeType::Sphere;                     ///< kind of shape
  std::shared_ptr<NewtonEulerDS> body;                    ///< carrying body (null for a plane)
  double radius = 0.0;                                    ///< sphere radius (> 0)
  Eigen::Vector3d halfExtents = Eigen::Vector3d::Zero();  ///< box half extents (> 0)
  Eigen::Vector3d point = Eigen::Vector3d::Zero();        ///< a point of the plane
  Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();      ///< unit plane normal (outwards)
};

}  // namespace moreau
