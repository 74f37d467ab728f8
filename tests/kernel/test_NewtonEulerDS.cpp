// NewtonEulerDS: construction checks, T(q), the wrench F and its Jacobians
// against finite differences (docs/theory/newton-euler.md §2).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include "KernelTestUtils.hpp"

#include <gtest/gtest.h>

namespace qt = moreau::quaternion;
using Eigen::Matrix3d;
using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;
using moreau::ModelError;
using moreau::NewtonEulerDS;

namespace {

VectorXd makeQ(const Vector3d& x, const Eigen::Vector4d& p) {
  VectorXd q(7);
  q << x, p.normalized();
  return q;
}

Matrix3d inertia() {
  Matrix3d I;
  I << 2.0, 0.1, -0.2, 0.1, 3.0, 0.3, -0.2, 0.3, 4.5;
  return I;
}

VectorXd twist() {
  VectorXd v(6);
  v << 0.5, -1.0, 2.0, 1.3, -0.7, 0.4;
  return v;
}

}  // namespace

TEST(NewtonEulerDS, ConstructorAndValidateCheckTheData) {
  const VectorXd q = makeQ(Vector3d(1, 2, 3), Eigen::Vector4d(1, 0.2, -0.1, 0.3));
  NewtonEulerDS body(q, twist(), 2.0, inertia());
  EXPECT_EQ(body.dimension(), 13);
  EXPECT_NO_THROW(body.validate());
  EXPECT_EQ(body.massMatrix()(0, 0), 2.0);
  EXPECT_EQ(body.massMatrix()(4, 5), inertia()(1, 2));
  EXPECT_THROW_WITH(NewtonEulerDS(VectorXd::Zero(6), twist(), 1.0, inertia()), ModelError,
                    "q0 has size 6, expected 7");
  EXPECT_THROW_WITH(NewtonEulerDS(q, VectorXd::Zero(7), 1.0, inertia()), ModelError,
                    "twist0 has size 7");
  VectorXd bad = q;
  bad(3) += 0.1;
  EXPECT_THROW_WITH(NewtonEulerDS(bad, twist(), 1.0, inertia()), ModelError, "quaternion", "norm");
  EXPECT_THROW_WITH(NewtonEulerDS(q, twist(), 0.0, inertia()), ModelError, "mass 0");
  Matrix3d nonsym = inertia();
  nonsym(0, 1) = 5.0;
  EXPECT_THROW_WITH(NewtonEulerDS(q, twist(), 1.0, nonsym), ModelError, "symmetric");
  NewtonEulerDS indefinite(q, twist(), 1.0, Matrix3d(Eigen::Vector3d(1, -1, 1).asDiagonal()));
  EXPECT_THROW_WITH(indefinite.validate(), ModelError, "NewtonEulerDS", "not positive definite");
  body.q()(4) = 0.9;  // breaks the unit norm
  EXPECT_THROW_WITH(body.checkState(), ModelError, "quaternion", "norm");
}

TEST(NewtonEulerDS, TMapsTheTwistToTheDerivativeOfQAlongTheExponentialMap) {
  const VectorXd q = makeQ(Vector3d(1, 2, 3), Eigen::Vector4d(0.4, 0.2, -0.7, 0.3));
  const VectorXd v = twist();
  const double h = 1e-6;
  VectorXd qp, qm;
  NewtonEulerDS::integrateConfiguration(q, v, h, qp);
  NewtonEulerDS::integrateConfiguration(q, v, -h, qm);
  const VectorXd qdot = (qp - qm) / (2 * h);
  EXPECT_LT((qdot - NewtonEulerDS::T(q) * v).cwiseAbs().maxCoeff(), 1e-9);
  EXPECT_NEAR(qp.segment<4>(3).norm(), 1.0, 1e-15);
}

TEST(NewtonEulerDS, WrenchHasTheGyroscopicTermAndTheConvectedMoment) {
  const VectorXd q = makeQ(Vector3d(0, 0, 0), Eigen::Vector4d(0.8, 0.3, -0.4, 0.2));
  NewtonEulerDS body(q, twist(), 2.0, inertia());
  body.setFExt(Vector3d(0, 0, -19.62));
  body.setComputeMExtFunction([](double t, VectorXd& m) { m << t, 2 * t, -t; });
  body.setMExtInInertialFrame(true);
  body.computeForces(0.5, body.q(), body.twist());
  const Vector3d Om = twist().tail<3>();
  const Matrix3d R = qt::rotationMatrix(q.segment<4>(3));
  const Vector3d expectedMoment =
      R.transpose() * Vector3d(0.5, 1.0, -0.5) - Om.cross(inertia() * Om);
  EXPECT_TRUE(body.forces().head<3>().isApprox(Vector3d(0, 0, -19.62)));
  EXPECT_LT((body.forces().tail<3>() - expectedMoment).cwiseAbs().maxCoeff(), 1e-14);
  // Body-frame moment: no rotation.
  body.setMExtInInertialFrame(false);
  body.computeForces(0.5, body.q(), body.twist());
  EXPECT_LT((body.forces().tail<3>() - (Vector3d(0.5, 1.0, -0.5) - Om.cross(inertia() * Om)))
                .cwiseAbs()
                .maxCoeff(),
            1e-14);
  // Energy and momentum.
  EXPECT_NEAR(body.kineticEnergy(),
              0.5 * 2.0 * twist().head<3>().squaredNorm() + 0.5 * Om.dot(inertia() * Om), 1e-14);
  EXPECT_TRUE(body.angularMomentum().isApprox(R * inertia() * Om, 1e-14));
  // A function that resizes its output is reported.
  body.setComputeFExtFunction([](double, VectorXd& f) { f.resize(2); });
  EXPECT_THROW_WITH(body.computeFExt(0.0), ModelError, "external force", "size 2");
}

TEST(NewtonEulerDS, WrenchJacobiansMatchFiniteDifferences) {
  const VectorXd q = makeQ(Vector3d(0.3, -0.2, 1.0), Eigen::Vector4d(0.8, 0.3, -0.4, 0.2));
  NewtonEulerDS body(q, twist(), 2.0, inertia());
  body.setMExt(Vector3d(0.7, -1.1, 0.4));
  body.setMExtInInertialFrame(true);
  // Internal wrench: a spring on G and a rotational damper, Jacobians by finite differences.
  body.setComputeWrenchIntFunction(
      [](double, const VectorXd& qq, const VectorXd& vv, const VectorXd&, VectorXd& w) {
        w.head<3>() = 3.0 * qq.head<3>() + 0.1 * qq(3) * vv.head<3>();
        w.tail<3>() = 0.5 * vv.tail<3>() + qq.segment<3>(4);
      });
  EXPECT_THROW_WITH(body.computeJacobianvForces(0.0, q, twist()), ModelError, "no Jacobian");
  body.setJacobianByFiniteDifferences(true);
  body.computeJacobianqForces(0.0, q, twist());
  body.computeJacobianvForces(0.0, q, twist());
  const MatrixXd Jq = body.jacobianqForces(), Jv = body.jacobianvForces();
  const double eps = 1e-6;
  for (int j = 0; j < 7; ++j) {
    VectorXd qp = q, qm = q;
    qp(j) += eps;
    qm(j) -= eps;
    body.computeForces(0.0, qp, twist());
    const VectorXd fp = body.forces();
    body.computeForces(0.0, qm, twist());
    EXPECT_LT(((fp - body.forces()) / (2 * eps) - Jq.col(j)).cwiseAbs().maxCoeff(), 1e-7)
        << "q column " << j;
  }
  for (int j = 0; j < 6; ++j) {
    VectorXd vp = twist(), vm = twist();
    vp(j) += eps;
    vm(j) -= eps;
    body.computeForces(0.0, q, vp);
    const VectorXd fp = body.forces();
    body.computeForces(0.0, q, vm);
    EXPECT_LT(((fp - body.forces()) / (2 * eps) - Jv.col(j)).cwiseAbs().maxCoeff(), 1e-7)
        << "v column " << j;
  }
  // The gyroscopic block alone: ∇_Ω(Ω × IΩ) = Ω̃ I − (IΩ)~.
  const Vector3d Om = twist().tail<3>();
  const Matrix3d G = body.gyroscopicJacobian(Om);
  for (int j = 0; j < 3; ++j) {
    const Vector3d d = eps * Vector3d::Unit(j);
    const Vector3d fd = (body.gyroscopicMoment(Om + d) - body.gyroscopicMoment(Om - d)) / (2 * eps);
    EXPECT_LT((fd - G.col(j)).cwiseAbs().maxCoeff(), 1e-8);
  }
}

TEST(NewtonEulerDS, ForceFunctionsTakeAnyContiguousVectorAndCheckTheSizes) {
  // Fixed-size vectors and views into a larger array give the same F and Jacobians as
  // Eigen::VectorXd arguments, and the user's wrench function sees the same values (copies).
  const VectorXd q = makeQ(Vector3d(0.3, -0.2, 1.0), Eigen::Vector4d(0.8, 0.3, -0.4, 0.2));
  NewtonEulerDS body(q, twist(), 2.0, inertia());
  body.setMExt(Vector3d(0.7, -1.1, 0.4));
  body.setMExtInInertialFrame(true);
  VectorXd seenQ, seenV;
  body.setComputeWrenchIntFunction(
      [&](double, const VectorXd& qq, const VectorXd& vv, const VectorXd&, VectorXd& w) {
        seenQ = qq;
        seenV = vv;
        w.head<3>() = 3.0 * qq.head<3>() + 0.1 * qq(3) * vv.head<3>();
        w.tail<3>() = 0.5 * vv.tail<3>() + qq.segment<3>(4);
      });
  body.setJacobianByFiniteDifferences(true);
  body.computeForces(0.2, q, twist());
  const VectorXd F = body.forces();
  body.computeJacobianqForces(0.2, q, twist());
  body.computeJacobianvForces(0.2, q, twist());
  const MatrixXd Jq = body.jacobianqForces(), Jv = body.jacobianvForces();

  Eigen::Matrix<double, 13, 1> store;  // q then v, as a store would hold them
  store << q, twist();
  const Eigen::Matrix<double, 7, 1> qFixed = q;
  body.computeForces(0.2, qFixed, store.tail<6>());
  EXPECT_EQ(body.forces(), F);
  EXPECT_EQ(seenQ, q);
  EXPECT_EQ(seenV, twist());
  body.computeJacobianqForces(0.2, store.head<7>(), store.tail<6>());
  body.computeJacobianvForces(0.2, store.head<7>(), store.tail<6>());
  EXPECT_EQ(body.jacobianqForces(), Jq);
  EXPECT_EQ(body.jacobianvForces(), Jv);
  EXPECT_EQ(NewtonEulerDS::T(store.head<7>()), NewtonEulerDS::T(q));

  // Wrong sizes: a ModelError naming the system and the function, F left as it was.
  EXPECT_THROW_WITH(body.computeForces(0.2, twist(), twist()), ModelError, "NewtonEulerDS",
                    "computeForces", "q of size 6", "expected 7 and 6");
  EXPECT_THROW_WITH(body.computeJacobianqForces(0.2, q, q), ModelError, "computeJacobianqForces",
                    "v of size 7");
  EXPECT_THROW_WITH(body.computeJacobianvForces(0.2, q, VectorXd()), ModelError,
                    "computeJacobianvForces", "v of size 0");
  EXPECT_EQ(body.forces(), F);
  EXPECT_THROW_WITH(NewtonEulerDS::T(twist()), ModelError, "NewtonEulerDS::T", "size 6");
  VectorXd out;
  EXPECT_THROW_WITH(NewtonEulerDS::integrateConfiguration(q, q, 0.1, out), ModelError,
                    "integrateConfiguration", "v size 7");
  NewtonEulerDS::integrateConfiguration(store.head<7>(), store.tail<6>(), 0.1, out);
  VectorXd expected;
  NewtonEulerDS::integrateConfiguration(q, twist(), 0.1, expected);
  EXPECT_EQ(out, expected);
}
