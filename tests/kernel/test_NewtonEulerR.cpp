// NewtonEulerR, NewtonEuler1DR, NewtonEuler3DR: H = C T against finite
// differences of h along the exponential map, contact frames, inputs
// (docs/theory/newton-euler.md §3–4).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/NewtonEuler1DR.hpp>
#include <moreau/kernel/modeling/NewtonEuler3DR.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NewtonEulerR.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include "KernelTestUtils.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <vector>

using namespace moreau;
namespace qt = moreau::quaternion;
using Eigen::Matrix3d;
using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::Vector4d;
using Eigen::VectorXd;

namespace {

std::shared_ptr<NewtonEulerDS> body(const Vector3d& x, const Vector4d& p, const VectorXd& v) {
  VectorXd q(7);
  q << x, p.normalized();
  Matrix3d I = Matrix3d::Identity();
  I(2, 2) = 2.0;
  return std::make_shared<NewtonEulerDS>(q, v, 1.5, I);
}

VectorXd twist(double a, double b, double c, double d, double e, double f) {
  VectorXd v(6);
  v << a, b, c, d, e, f;
  return v;
}

// Central differences along the exponential map of every linked body: column
// j of body i is d/dε f(q_i ⊕ ε e_j), f any function of the linked bodies.
MatrixXd jacobianAlongExp(const std::vector<std::shared_ptr<NewtonEulerDS>>& bodies,
                          const std::function<VectorXd()>& f) {
  const double eps = 1e-6;
  const VectorXd f0 = f();
  MatrixXd J(f0.size(), 6 * static_cast<Eigen::Index>(bodies.size()));
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const VectorXd q0 = bodies[i]->q();
    for (int j = 0; j < 6; ++j) {
      const VectorXd dv = VectorXd::Unit(6, j);
      NewtonEulerDS::integrateConfiguration(q0, dv, eps, bodies[i]->q());
      const VectorXd fp = f();
      NewtonEulerDS::integrateConfiguration(q0, dv, -eps, bodies[i]->q());
      const VectorXd fm = f();
      bodies[i]->q() = q0;
      J.col(6 * static_cast<Eigen::Index>(i) + j) = (fp - fm) / (2 * eps);
    }
  }
  return J;
}

}  // namespace

TEST(NewtonEulerR, UserOutputJacobianTimesTMatchesTheDerivativeAlongTheExponentialMap) {
  // h = world position of the body point a: three rows, C = [I, ∂(Φ(p)a)/∂p].
  const Vector3d a(0.2, -0.5, 0.3);
  auto h = [a](const VectorXd& q, const VectorXd&, VectorXd& y) {
    y = q.head<3>() + qt::rotationMatrix(q.segment<4>(3)) * a;
  };
  auto C = [a](const VectorXd& q, const VectorXd&, MatrixXd& J) {
    J.setZero();
    J.leftCols<3>().setIdentity();
    J.rightCols<4>() = qt::rotationJacobian(q.segment<4>(3), a);
  };
  auto b =
      body(Vector3d(1, 2, 3), Vector4d(0.9, 0.2, -0.4, 0.1), twist(1, -2, 0.5, 0.3, 1.2, -0.8));
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  nsds.insertDynamicalSystem(b);
  auto rel = std::make_shared<NewtonEulerR>(h, C);
  auto inter =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0, 0, 0.3, 3), rel);
  nsds.link(inter, b);
  rel->computeJacobians(0.0, *inter);
  const MatrixXd H = rel->jachqT(*inter);
  ASSERT_EQ(H.rows(), 3);
  ASSERT_EQ(H.cols(), 6);
  const MatrixXd fd = jacobianAlongExp({b}, [&] {
    rel->computeOutput(0.0, *inter, 0);
    return VectorXd(inter->y(0));
  });
  EXPECT_LT((H - fd).cwiseAbs().maxCoeff(), 1e-8);
  // y(1) = H v is the velocity of the material point: v_G + R (Ω × a).
  rel->computeOutput(0.0, *inter, 1);
  const Matrix3d R = b->rotationMatrix();
  const Vector3d expected = b->twist().head<3>() + R * b->twist().tail<3>().cross(a);
  EXPECT_LT((inter->y(1) - expected).cwiseAbs().maxCoeff(), 1e-14);
  // Finite-difference C gives the same H.
  auto relFD = std::make_shared<NewtonEulerR>(h);
  relFD->setJacobianByFiniteDifferences(true);
  auto interFD =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0, 0, 0.3, 3), relFD);
  nsds.link(interFD, b);
  relFD->computeJacobians(0.0, *interFD);
  EXPECT_LT((relFD->jachqT(*interFD) - H).cwiseAbs().maxCoeff(), 1e-8);
}

TEST(NewtonEulerR, LinkChecksTheSystemTypeAndTheJacobian) {
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  auto lds = std::make_shared<LagrangianDS>(VectorXd::Zero(6), VectorXd::Zero(6));
  lds->setName("particle");
  nsds.insertDynamicalSystem(lds);
  auto rel = std::make_shared<NewtonEuler1DR>(
      NewtonEuler1DR::sphereOnPlane(0.1, Vector3d::Zero(), Vector3d::UnitZ()));
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5), rel);
  EXPECT_THROW_WITH(nsds.link(inter, lds), ModelError, "particle", "is not a NewtonEulerDS",
                    "NewtonEuler1DR");
  auto b = body(Vector3d(0, 0, 1), Vector4d(1, 0, 0, 0), VectorXd::Zero(6));
  nsds.insertDynamicalSystem(b);
  auto noJac = std::make_shared<NewtonEulerR>(
      [](const VectorXd& q, const VectorXd&, VectorXd& y) { y(0) = q(2); });
  auto inter2 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5), noJac);
  EXPECT_THROW_WITH(nsds.link(inter2, b), ModelError, "no Jacobian");
  EXPECT_THROW(NewtonEulerR(nullptr), ModelError);
  EXPECT_THROW(NewtonEuler1DR(nullptr), ModelError);
  EXPECT_THROW(NewtonEuler1DR::sphereOnPlane(0.1, Vector3d::Zero(), Vector3d::Zero()), ModelError);
}

TEST(NewtonEuler1DR, SphereOnPlaneGapGradientDoesNotDependOnOrientation) {
  // dev-notes §5.5 ball case: ∇H = (N, 0): the rotational block of H vanishes.
  const Vector3d n = Vector3d(0.3, -0.2, 1.0).normalized();
  auto b =
      body(Vector3d(0.5, 0.4, 2.0), Vector4d(0.3, 0.8, -0.2, 0.5), twist(0.1, 0.2, -3, 4, -5, 6));
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  nsds.insertDynamicalSystem(b);
  auto rel =
      std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnPlane(0.25, Vector3d(0, 0, 0.1), n));
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.8), rel);
  nsds.link(inter, b);
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_NEAR(inter->y(0)(0), n.dot(Vector3d(0.5, 0.4, 1.9)) - 0.25, 1e-15);
  rel->computeJacobians(0.0, *inter);
  const MatrixXd H = rel->jachqT(*inter);
  EXPECT_LT((H.leftCols<3>().transpose() - n).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_LT(H.rightCols<3>().cwiseAbs().maxCoeff(), 1e-15);
  const ContactGeometry c = rel->contact(*inter);
  EXPECT_LT((c.point1 - (Vector3d(0.5, 0.4, 2.0) - 0.25 * n)).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_NEAR(n.dot(c.point2 - Vector3d(0, 0, 0.1)), 0.0, 1e-15);  // P2 on the plane
}

TEST(NewtonEuler1DR, BodyPointAndTwoSphereJacobiansMatchTheExponentialMap) {
  // A body point against a tilted plane: the rotational block is −nᵀ(P − G)~R.
  auto b = body(Vector3d(0.5, 0.4, 2.0), Vector4d(0.3, 0.8, -0.2, 0.5), VectorXd::Zero(6));
  auto b2 = body(Vector3d(-0.3, 0.1, 1.2), Vector4d(0.6, -0.1, 0.4, 0.2), VectorXd::Zero(6));
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  nsds.insertDynamicalSystem(b);
  nsds.insertDynamicalSystem(b2);
  auto point = std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::bodyPointOnPlane(
      Vector3d(0.1, -0.3, 0.2), Vector3d(0, 0, 0.1), Vector3d(0.3, -0.2, 1.0)));
  auto i1 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.8), point);
  nsds.link(i1, b);
  point->computeJacobians(0.0, *i1);
  const MatrixXd fd1 = jacobianAlongExp({b}, [&] {
    point->computeOutput(0.0, *i1, 0);
    return VectorXd(i1->y(0));
  });
  EXPECT_GT(point->jachqT(*i1).rightCols<3>().cwiseAbs().maxCoeff(), 0.05);
  EXPECT_LT((point->jachqT(*i1) - fd1).cwiseAbs().maxCoeff(), 1e-8);

  auto spheres = std::make_shared<NewtonEuler1DR>(NewtonEuler1DR::sphereOnSphere(0.3, 0.4));
  auto i2 = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.8), spheres);
  nsds.link(i2, b, b2);
  spheres->computeJacobians(0.0, *i2);
  const MatrixXd H2 = spheres->jachqT(*i2);
  ASSERT_EQ(H2.cols(), 12);
  const MatrixXd fd2 = jacobianAlongExp({b, b2}, [&] {
    spheres->computeOutput(0.0, *i2, 0);
    return VectorXd(i2->y(0));
  });
  EXPECT_LT((H2 - fd2).cwiseAbs().maxCoeff(), 1e-8);
  spheres->computeOutput(0.0, *i2, 0);
  EXPECT_NEAR(i2->y(0)(0), (Vector3d(0.8, 0.3, 0.8)).norm() - 0.7, 1e-15);
}

TEST(NewtonEuler3DR, TangentBasisIsOrthonormalAndFollowsTheTutorialRule) {
  Vector3d t1, t2;
  NewtonEuler3DR::tangentBasis(Vector3d::UnitX(), t1, t2);
  EXPECT_EQ(t1, Vector3d(0, 0, -1));
  EXPECT_EQ(t2, Vector3d(0, 1, 0));
  for (const Vector3d& raw :
       {Vector3d(0, 0, 1), Vector3d(0.3, -2, 0.5), Vector3d(-4, 1, 1), Vector3d(0, 1, 0)}) {
    const Vector3d n = raw.normalized();
    NewtonEuler3DR::tangentBasis(n, t1, t2);
    Matrix3d F;
    F << n.transpose(), t1.transpose(), t2.transpose();
    EXPECT_LT((F * F.transpose() - Matrix3d::Identity()).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_NEAR(F.determinant(), 1.0, 1e-15);
  }
}

TEST(NewtonEuler3DR, RowsAreTheLocalVelocitiesOfTheMaterialContactPoints) {
  auto b =
      body(Vector3d(0.5, 0.4, 2.0), Vector4d(0.3, 0.8, -0.2, 0.5), twist(0.3, -1, 2, 4, -5, 6));
  auto b2 = body(Vector3d(-0.3, 0.1, 1.2), Vector4d(0.6, -0.1, 0.4, 0.2),
                 twist(1, 0.5, -2, 0.7, 0.1, -1.5));
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  nsds.insertDynamicalSystem(b);
  nsds.insertDynamicalSystem(b2);
  auto rel = std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(0.3, 0.4));
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.5, 0.3, 3), rel);
  nsds.link(inter, b, b2);
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_EQ(inter->y(0)(1), 0.0);
  rel->computeJacobians(0.0, *inter);
  const MatrixXd H = rel->jachqT(*inter);
  const ContactGeometry c = rel->contact(*inter);
  Vector3d t1, t2;
  NewtonEuler3DR::tangentBasis(c.normal, t1, t2);
  Matrix3d F;
  F << c.normal.transpose(), t1.transpose(), t2.transpose();
  // Material points frozen at the contact: a_i = R_iᵀ(P_i − G_i) in each body frame.
  const Vector3d a1 = b->rotationMatrix().transpose() * (c.point1 - b->q().head<3>());
  const Vector3d a2 = b2->rotationMatrix().transpose() * (c.point2 - b2->q().head<3>());
  const MatrixXd fd = jacobianAlongExp({b, b2}, [&] {
    const Vector3d P1 = b->q().head<3>() + b->rotationMatrix() * a1;
    const Vector3d P2 = b2->q().head<3>() + b2->rotationMatrix() * a2;
    return VectorXd(F * (P1 - P2));
  });
  EXPECT_LT((H - fd).cwiseAbs().maxCoeff(), 1e-8);
  // Input: Hᵀ r is the wrench of the force f = Fᵀ r at P1 on body 1 (moment
  // in the body frame) and −f at P2 on body 2.
  inter->lambda(1) << 0.7, -0.2, 0.4;
  rel->computeInput(0.0, *inter, 1);
  const Vector3d f = F.transpose() * inter->lambda(1);
  EXPECT_LT((b->p(1).head<3>() - f).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT(
      (b->p(1).tail<3>() - b->rotationMatrix().transpose() * (c.point1 - b->q().head<3>()).cross(f))
          .cwiseAbs()
          .maxCoeff(),
      1e-14);
  EXPECT_LT((b2->p(1).head<3>() + f).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((b2->p(1).tail<3>() +
             b2->rotationMatrix().transpose() * (c.point2 - b2->q().head<3>()).cross(f))
                .cwiseAbs()
                .maxCoeff(),
            1e-14);
}

TEST(NewtonEuler3DR, ContactFunctionIsEvaluatedOncePerConfiguration) {
  // The relation keeps the contact and H of the last (q, z) it saw: computeOutputs (both
  // levels), computeJacobians and computeOutput at the same (q, z) call the contact function
  // once, and give bit for bit what a relation without history computes; a new q or z calls
  // it again.
  auto b =
      body(Vector3d(0.5, 0.4, 2.0), Vector4d(0.3, 0.8, -0.2, 0.5), twist(0.3, -1, 2, 4, -5, 6));
  auto b2 = body(Vector3d(-0.3, 0.1, 1.2), Vector4d(0.6, -0.1, 0.4, 0.2),
                 twist(1, 0.5, -2, 0.7, 0.1, -1.5));
  b->z() = VectorXd::Constant(1, 0.1);
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  nsds.insertDynamicalSystem(b);
  nsds.insertDynamicalSystem(b2);
  int calls = 0;
  // The sphere of body 1 has radius 0.3 + z.
  auto rel = std::make_shared<NewtonEuler3DR>(
      [&](const VectorXd& q, const VectorXd& z, ContactGeometry& c) {
        ++calls;
        NewtonEuler1DR::sphereOnSphere(0.3 + z(0), 0.4)(q, z, c);
      });
  const auto law = std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.5, 0.3, 3);
  auto inter = std::make_shared<Interaction>(law, rel);
  nsds.link(inter, b, b2);
  // Reference: a fresh relation for every evaluation.
  const auto reference = [&](VectorXd& y0, VectorXd& y1, MatrixXd& H) {
    auto fresh =
        std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(0.3 + b->z()(0), 0.4));
    auto other = std::make_shared<Interaction>(law, fresh);
    nsds.link(other, b, b2);
    fresh->computeOutput(0.0, *other, 0);
    fresh->computeOutput(0.0, *other, 1);
    y0 = other->y(0);
    y1 = other->y(1);
    H = fresh->jachqT(*other);
  };
  VectorXd y0, y1;
  MatrixXd H;
  reference(y0, y1, H);
  rel->computeOutputs(0.0, *inter);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(inter->y(0), y0);
  EXPECT_EQ(inter->y(1), y1);
  EXPECT_EQ(rel->jachqT(*inter), H);
  rel->computeJacobians(0.0, *inter);
  rel->computeOutput(0.0, *inter, 0);
  rel->computeOutput(0.0, *inter, 1);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(rel->jachqT(*inter), H);
  EXPECT_EQ(inter->y(1), y1);

  // New q: evaluated again.
  NewtonEulerDS::integrateConfiguration(VectorXd(b->q()), twist(0.1, 0, 0, 0, 0.5, 0), 0.1, b->q());
  rel->computeJacobians(0.0, *inter);
  EXPECT_EQ(calls, 2);
  reference(y0, y1, H);
  EXPECT_EQ(rel->jachqT(*inter), H);
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(inter->y(0), y0);
  // New z: evaluated again (the gap follows the radius).
  b->z()(0) = 0.2;
  rel->computeOutput(0.0, *inter, 0);
  EXPECT_EQ(calls, 3);
  EXPECT_NEAR(inter->y(0)(0), y0(0) - 0.1, 1e-15);
}

TEST(NewtonEulerR, VelocityOutputIsEigensMatrixVectorProductBitForBit) {
  // ẏ = y(1) = H v is computed by a plain loop: its bits must be those of Eigen's product of
  // the relation's H (jachqT) and the gathered twists, for one and two bodies, 1 and 3 rows,
  // and a zero twist against negative entries (the sign of zero).
  auto b1 =
      body(Vector3d(0.5, 0.4, 2.0), Vector4d(0.3, 0.8, -0.2, 0.5), twist(0.3, -1, 2, 4, -5, 6));
  auto b2 = body(Vector3d(-0.3, 0.1, 1.2), Vector4d(0.6, -0.1, 0.4, 0.2),
                 twist(1e-17, 0.5, -2e5, 0.7, 0.1, -1.5));
  auto b0 = body(Vector3d(0.1, 0.2, 0.3), Vector4d(0.9, 0.1, -0.3, 0.2), VectorXd::Zero(6));
  NonSmoothDynamicalSystem nsds(0.0, 1.0);
  for (const auto& b : {b1, b2, b0}) nsds.insertDynamicalSystem(b);
  const auto friction = std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.5, 0.3, 3);
  const auto normal = std::make_shared<NewtonImpactNSL>(0.5);
  const auto check = [](const std::shared_ptr<NewtonEulerR>& rel, const Interaction& inter,
                        const std::vector<std::shared_ptr<NewtonEulerDS>>& bodies) {
    VectorXd v(6 * static_cast<Eigen::Index>(bodies.size()));
    for (std::size_t i = 0; i < bodies.size(); ++i)
      v.segment<6>(6 * static_cast<Eigen::Index>(i)) = bodies[i]->twist();
    const MatrixXd H = rel->jachqT(inter);
    const VectorXd expected = H * v;
    ASSERT_EQ(inter.y(1).size(), expected.size());
    for (Eigen::Index i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(std::signbit(inter.y(1)(i)), std::signbit(expected(i))) << i;
      EXPECT_EQ(inter.y(1)(i), expected(i)) << i;
    }
    EXPECT_LT((inter.y(1) - expected).norm(), 1e-12 * (1.0 + expected.norm()));
  };
  auto r3 = std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(0.3, 0.4));
  auto i3 = std::make_shared<Interaction>(friction, r3);
  nsds.link(i3, b1, b2);
  r3->computeOutputs(0.0, *i3);
  check(r3, *i3, {b1, b2});
  r3->computeOutput(0.0, *i3, 1);
  check(r3, *i3, {b1, b2});
  auto r1 = std::make_shared<NewtonEuler1DR>(
      NewtonEuler1DR::sphereOnPlane(0.1, Vector3d::Zero(), Vector3d(0.3, -0.2, 1.0)));
  auto i1 = std::make_shared<Interaction>(normal, r1);
  nsds.link(i1, b1);
  r1->computeOutputs(0.0, *i1);
  check(r1, *i1, {b1});
  // Zero twist, negative entries of H: Eigen's product gives +0.
  auto z3 = std::make_shared<NewtonEuler3DR>(
      NewtonEuler1DR::sphereOnPlane(0.1, Vector3d::Zero(), Vector3d(-0.3, -0.2, -1.0)));
  auto iz = std::make_shared<Interaction>(friction, z3);
  nsds.link(iz, b0);
  z3->computeOutputs(0.0, *iz);
  check(z3, *iz, {b0});
  EXPECT_FALSE(std::signbit(iz->y(1)(0)));
}
