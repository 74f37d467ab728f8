// Narrow phase of spheres, boxes and planes; docs/kernel/collision.md §2.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/collision/NarrowPhase.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace moreau {

namespace qt = quaternion;

ContactGeometry NarrowPhase::sphereSphere(const Eigen::Vector3d& G1, double r1,
                                          const Eigen::Vector3d& G2, double r2) {
  ContactGeometry c;
  const Eigen::Vector3d d = G1 - G2;
  const double dist = d.norm();
  c.normal = dist > 0.0 ? Eigen::Vector3d(d / dist) : Eigen::Vector3d::UnitZ();
  c.gap = dist - r1 - r2;
  c.point1 = G1 - r1 * c.normal;
  c.point2 = G2 + r2 * c.normal;
  return c;
}

ContactGeometry NarrowPhase::spherePlane(const Eigen::Vector3d& G, double r,
                                         const Eigen::Vector3d& P, const Eigen::Vector3d& n) {
  ContactGeometry c;
  c.normal = n;
  c.gap = n.dot(G - P) - r;
  c.point1 = G - r * n;
  c.point2 = c.point1 - c.gap * n;
  return c;
}

ContactGeometry NarrowPhase::sphereBox(const Eigen::Vector3d& G, double r, const Eigen::Vector3d& B,
                                       const Eigen::Vector4d& p, const Eigen::Vector3d& a) {
  const Eigen::Matrix3d R = qt::rotationMatrix(p);
  const Eigen::Vector3d c = R.transpose() * (G - B);
  Eigen::Vector3d k = c.cwiseMax(-a).cwiseMin(a);
  Eigen::Vector3d localNormal;
  ContactGeometry out;
  const Eigen::Vector3d d = c - k;
  const double dist = d.norm();
  if (dist > 0.0) {
    localNormal = d / dist;
    out.gap = dist - r;
  } else {  // centre inside: the face of smallest depth (ties: lowest axis)
    int axis = 0;
    double depth = a(0) - std::abs(c(0));
    for (int i = 1; i < 3; ++i) {
      const double di = a(i) - std::abs(c(i));
      if (di < depth) {
        depth = di;
        axis = i;
      }
    }
    const double sign = c(axis) < 0.0 ? -1.0 : 1.0;
    localNormal = Eigen::Vector3d::Zero();
    localNormal(axis) = sign;
    k(axis) = sign * a(axis);
    out.gap = -depth - r;
  }
  out.normal = R * localNormal;
  out.point2 = B + R * k;
  out.point1 = G - r * out.normal;
  return out;
}

Eigen::Vector3d NarrowPhase::boxCorner(const Eigen::Vector3d& a, int k) {
  return Eigen::Vector3d((k & 1) ? a(0) : -a(0), (k & 2) ? a(1) : -a(1), (k & 4) ? a(2) : -a(2));
}

ContactGeometry NarrowPhase::pointPlane(const Eigen::Vector3d& G, const Eigen::Vector4d& p,
                                        const Eigen::Vector3d& c, const Eigen::Vector3d& P,
                                        const Eigen::Vector3d& n) {
  ContactGeometry out;
  out.normal = n;
  out.point1 = G + qt::rotate(p, c);
  out.gap = n.dot(out.point1 - P);
  out.point2 = out.point1 - out.gap * n;
  return out;
}

int NarrowPhase::boxPlane(const Eigen::Vector3d& B, const Eigen::Vector4d& p,
                          const Eigen::Vector3d& a, const Eigen::Vector3d& P,
                          const Eigen::Vector3d& n, double alert, std::array<int, 4>& corners,
                          std::array<ContactGeometry, 4>& contacts) {
  // Gap of corner k: n·(B − P) + (Rᵀn)·c_k.
  const Eigen::Vector3d m = qt::rotateInverse(p, n);
  const double centre = n.dot(B - P);
  std::array<double, 8> gaps{};
  std::array<int, 8> order{};
  for (int k = 0; k < 8; ++k) {
    gaps[static_cast<std::size_t>(k)] = centre + m.dot(boxCorner(a, k));
    order[static_cast<std::size_t>(k)] = k;
  }
  // Insertion sort by gap, stable (ties keep the corner order); no allocation (std::stable_sort
  // may take a buffer from the heap).
  for (std::size_t i = 1; i < 8; ++i)
    for (std::size_t j = i; j > 0 && gaps[static_cast<std::size_t>(order[j])] <
                                         gaps[static_cast<std::size_t>(order[j - 1])];
         --j)
      std::swap(order[j], order[j - 1]);
  int count = 0;
  for (int i = 0; i < 4; ++i) {
    const int k = order[static_cast<std::size_t>(i)];
    if (!(gaps[static_cast<std::size_t>(k)] <= alert)) break;
    corners[static_cast<std::size_t>(count)] = k;
    contacts[static_cast<std::size_t>(count)] = pointPlane(B, p, boxCorner(a, k), P, n);
    ++count;
  }
  return count;
}

NewtonEuler1DR::ContactFunction NarrowPhase::sphereOnBox(double r, const Eigen::Vector3d& a) {
  if (!(r > 0.0) || !(a.minCoeff() > 0.0))
    throw ModelError("NarrowPhase::sphereOnBox: the radius and half extents must be > 0");
  return [r, a](const Eigen::VectorXd& q, const Eigen::VectorXd&, ContactGeometry& c) {
    if (q.size() < 14)
      throw ModelError(
          "NarrowPhase::sphereOnBox: the interaction must link the sphere and the box");
    c = sphereBox(q.head<3>(), r, q.segment<3>(7), q.segment<4>(10), a);
  };
}

}  // namespace moreau
