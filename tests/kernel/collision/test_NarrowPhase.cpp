// Narrow phase (docs/kernel/collision.md §2): gaps, points and normals against analytic values
// and invariants (P1 − P2 = g n, P2 on the box surface, no box point closer).
#include <gtest/gtest.h>
#include <moreau/Moreau.hpp>

#include <cmath>
#include <random>

using namespace moreau;

namespace {

Eigen::Vector4d aboutAxis(const Eigen::Vector3d& axis, double angle) {
  const Eigen::Vector3d u = axis.normalized();
  Eigen::Vector4d p;
  p << std::cos(angle / 2), std::sin(angle / 2) * u;
  return p;
}

void expectConsistent(const ContactGeometry& c) {
  EXPECT_NEAR(c.normal.norm(), 1.0, 1e-14);
  EXPECT_LT((c.point1 - c.point2 - c.gap * c.normal).norm(), 1e-12);
}

}  // namespace

TEST(NarrowPhase, SphereSphereAnalytic) {
  const ContactGeometry c =
      NarrowPhase::sphereSphere(Eigen::Vector3d(1, 2, 3), 1.0, Eigen::Vector3d(1, 2, 0), 0.5);
  EXPECT_DOUBLE_EQ(c.gap, 1.5);
  EXPECT_LT((c.normal - Eigen::Vector3d::UnitZ()).norm(), 1e-15);
  EXPECT_LT((c.point1 - Eigen::Vector3d(1, 2, 2)).norm(), 1e-15);
  EXPECT_LT((c.point2 - Eigen::Vector3d(1, 2, 0.5)).norm(), 1e-15);
  expectConsistent(c);
  // Overlap along a diagonal: |d| = 5 (3-4-5), radii 3 + 3 → g = −1.
  const ContactGeometry o =
      NarrowPhase::sphereSphere(Eigen::Vector3d(3, 4, 0), 3.0, Eigen::Vector3d::Zero(), 3.0);
  EXPECT_NEAR(o.gap, -1.0, 1e-15);
  EXPECT_LT((o.normal - Eigen::Vector3d(0.6, 0.8, 0)).norm(), 1e-15);
  expectConsistent(o);
}

TEST(NarrowPhase, SpherePlaneTilted) {
  const Eigen::Vector3d n = Eigen::Vector3d(1, 1, 0).normalized();
  const Eigen::Vector3d P(1, 0, 0);
  const Eigen::Vector3d G(2, 2, 5);  // n·(G − P) = 3/√2
  const ContactGeometry c = NarrowPhase::spherePlane(G, 0.25, P, n);
  EXPECT_NEAR(c.gap, 3 / std::sqrt(2.0) - 0.25, 1e-15);
  EXPECT_NEAR(n.dot(c.point2 - P), 0.0, 1e-15);  // P2 on the plane
  expectConsistent(c);
  // Same numbers as the relation's built-in contact function.
  ContactGeometry r;
  Eigen::VectorXd q(7);
  q << G, 1, 0, 0, 0;
  NewtonEuler1DR::sphereOnPlane(0.25, P, n)(q, Eigen::VectorXd(), r);
  EXPECT_NEAR(r.gap, c.gap, 1e-15);
}

TEST(NarrowPhase, SphereBoxFaceEdgeCornerAnalytic) {
  // Axis-aligned box [-1,1]×[-2,2]×[-3,3] at the origin, sphere r = 0.5.
  const Eigen::Vector3d a(1, 2, 3);
  const Eigen::Vector4d id(1, 0, 0, 0);
  const Eigen::Vector3d B = Eigen::Vector3d::Zero();
  // Face x: centre at x = 2 → g = 1 − 0.5.
  ContactGeometry c = NarrowPhase::sphereBox(Eigen::Vector3d(2, 0.5, -1), 0.5, B, id, a);
  EXPECT_NEAR(c.gap, 0.5, 1e-15);
  EXPECT_LT((c.normal - Eigen::Vector3d::UnitX()).norm(), 1e-15);
  EXPECT_LT((c.point2 - Eigen::Vector3d(1, 0.5, -1)).norm(), 1e-15);
  expectConsistent(c);
  // Edge (x, y): centre (2, 3, 0) → distance √2 to the edge (1, 2, ·).
  c = NarrowPhase::sphereBox(Eigen::Vector3d(2, 3, 0), 0.5, B, id, a);
  EXPECT_NEAR(c.gap, std::sqrt(2.0) - 0.5, 1e-15);
  EXPECT_LT((c.normal - Eigen::Vector3d(1, 1, 0).normalized()).norm(), 1e-15);
  // Corner: centre (2, 3, 4) → distance √3 to (1, 2, 3).
  c = NarrowPhase::sphereBox(Eigen::Vector3d(2, 3, 4), 0.5, B, id, a);
  EXPECT_NEAR(c.gap, std::sqrt(3.0) - 0.5, 1e-15);
  expectConsistent(c);
  // Inside, nearest face y = 2 at depth 0.25: g = −0.25 − 0.5, n = e_y.
  c = NarrowPhase::sphereBox(Eigen::Vector3d(0.1, 1.75, 0), 0.5, B, id, a);
  EXPECT_NEAR(c.gap, -0.75, 1e-15);
  EXPECT_LT((c.normal - Eigen::Vector3d::UnitY()).norm(), 1e-15);
  EXPECT_LT((c.point2 - Eigen::Vector3d(0.1, 2, 0)).norm(), 1e-15);
  expectConsistent(c);
}

TEST(NarrowPhase, SphereBoxRotatedNoBoxPointCloser) {
  const Eigen::Vector3d a(0.3, 0.5, 0.2);
  const Eigen::Vector3d B(1, -2, 0.5);
  const Eigen::Vector4d p = aboutAxis(Eigen::Vector3d(1, 2, 3), 0.7);
  const Eigen::Matrix3d R = quaternion::rotationMatrix(p);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int trial = 0; trial < 50; ++trial) {
    const Eigen::Vector3d G = B + 1.5 * Eigen::Vector3d(u(rng), u(rng), u(rng));
    const Eigen::Vector3d local = R.transpose() * (G - B);
    if ((local.cwiseAbs() - a).maxCoeff() <= 0) continue;  // inside: another test
    const ContactGeometry c = NarrowPhase::sphereBox(G, 0.1, B, p, a);
    expectConsistent(c);
    // P2 on the surface, and the distance is the smallest over sampled box points.
    const Eigen::Vector3d k = R.transpose() * (c.point2 - B);
    EXPECT_LE((k.cwiseAbs() - a).maxCoeff(), 1e-12);
    EXPECT_NEAR((k.cwiseAbs() - a).maxCoeff(), 0.0, 1e-12);
    const double dist = c.gap + 0.1;
    EXPECT_NEAR((G - c.point2).norm(), dist, 1e-12);
    for (int s = 0; s < 200; ++s) {
      const Eigen::Vector3d x = B + R * a.cwiseProduct(Eigen::Vector3d(u(rng), u(rng), u(rng)));
      EXPECT_GE((G - x).norm(), dist - 1e-12);
    }
  }
}

TEST(NarrowPhase, SphereOnBoxContactFunctionMatches) {
  const Eigen::Vector3d a(0.3, 0.5, 0.2);
  Eigen::VectorXd q(14);
  q << 0.2, 0.9, 0.1, 1, 0, 0, 0, 0, 0, 0, aboutAxis(Eigen::Vector3d(0, 0, 1), 0.4);
  ContactGeometry c;
  NarrowPhase::sphereOnBox(0.1, a)(q, Eigen::VectorXd(), c);
  const ContactGeometry d =
      NarrowPhase::sphereBox(q.head<3>(), 0.1, q.segment<3>(7), q.segment<4>(10), a);
  EXPECT_EQ(c.gap, d.gap);
  EXPECT_EQ(c.normal, d.normal);
  EXPECT_THROW(NarrowPhase::sphereOnBox(-1.0, a), ModelError);
}

TEST(NarrowPhase, BoxPlaneFlatGivesFourCorners) {
  const Eigen::Vector3d a(0.5, 0.25, 0.1);
  const Eigen::Vector4d p = aboutAxis(Eigen::Vector3d::UnitZ(), 0.3);  // yaw: still flat
  std::array<int, 4> corners{};
  std::array<ContactGeometry, 4> contacts{};
  const int n = NarrowPhase::boxPlane(Eigen::Vector3d(1, 2, 0.11), p, a, Eigen::Vector3d::Zero(),
                                      Eigen::Vector3d::UnitZ(), 0.05, corners, contacts);
  ASSERT_EQ(n, 4);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(corners[static_cast<std::size_t>(k)], k);  // the four corners z = −a_z
    EXPECT_NEAR(contacts[static_cast<std::size_t>(k)].gap, 0.01, 1e-15);
    expectConsistent(contacts[static_cast<std::size_t>(k)]);
  }
  // Beyond the alert distance: none.
  EXPECT_EQ(NarrowPhase::boxPlane(Eigen::Vector3d(1, 2, 0.2), p, a, Eigen::Vector3d::Zero(),
                                  Eigen::Vector3d::UnitZ(), 0.05, corners, contacts),
            0);
}

TEST(NarrowPhase, BoxPlaneTiltedCornerGaps) {
  // Rotation by θ about y: corner (sx a_x, ·, sz a_z) at height z_B − sx a_x sin θ + sz a_z cos θ.
  const Eigen::Vector3d a(0.5, 0.25, 0.1);
  const double theta = 0.2, zB = 0.2;
  const Eigen::Vector4d p = aboutAxis(Eigen::Vector3d::UnitY(), theta);
  std::array<int, 4> corners{};
  std::array<ContactGeometry, 4> contacts{};
  const int n = NarrowPhase::boxPlane(Eigen::Vector3d(0, 0, zB), p, a, Eigen::Vector3d::Zero(),
                                      Eigen::Vector3d::UnitZ(), 1.0, corners, contacts);
  ASSERT_EQ(n, 4);
  const double lowest = zB - a(0) * std::sin(theta) - a(2) * std::cos(theta);
  // The two lowest corners: x = +a_x, z = −a_z (corners 1 and 3), in index order on a tie.
  EXPECT_EQ(corners[0], 1);
  EXPECT_EQ(corners[1], 3);
  EXPECT_NEAR(contacts[0].gap, lowest, 1e-15);
  EXPECT_NEAR(contacts[1].gap, lowest, 1e-15);
  // Next: x = +a_x, z = +a_z (corners 5, 7), since a_x sin θ > a_z (1 − cos θ) here.
  EXPECT_EQ(corners[2], 5);
  EXPECT_NEAR(contacts[2].gap, zB - a(0) * std::sin(theta) + a(2) * std::cos(theta), 1e-15);
  // With a small alert distance only the two lowest.
  EXPECT_EQ(NarrowPhase::boxPlane(Eigen::Vector3d(0, 0, zB), p, a, Eigen::Vector3d::Zero(),
                                  Eigen::Vector3d::UnitZ(), lowest + 1e-3, corners, contacts),
            2);
  // Same gap as the relation's bodyPointOnPlane for corner 1.
  ContactGeometry r;
  Eigen::VectorXd q(7);
  q << 0, 0, zB, p;
  NewtonEuler1DR::bodyPointOnPlane(NarrowPhase::boxCorner(a, 1), Eigen::Vector3d::Zero(),
                                   Eigen::Vector3d::UnitZ())(q, Eigen::VectorXd(), r);
  EXPECT_NEAR(r.gap, lowest, 1e-15);
}
