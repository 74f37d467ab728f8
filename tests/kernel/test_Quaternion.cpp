// Quaternion utilities and the exponential map (docs/theory/newton-euler.md §1):
// identities, Rodrigues (erratum A11) and dexp against their series, small and
// large angles, finite differences.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace qt = moreau::quaternion;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::Vector4d;

namespace {

Vector4d unitQuaternion(double a, double b, double c, double d) {
  return Vector4d(a, b, c, d).normalized();
}

// Σ_{k≥0} W^k / (k + offset)! by summation (60 terms).
Matrix3d series(const Vector3d& Omega, int offset) {
  const Matrix3d W = qt::skew(Omega);
  Matrix3d term = Matrix3d::Identity(), sum = Matrix3d::Zero();
  for (int k = 0; k < 60; ++k) {
    double fact = 1.0;
    for (int s = 2; s <= k + offset; ++s) fact *= s;
    sum += term / fact;
    term = term * W;
  }
  return sum;
}

}  // namespace

TEST(Quaternion, ProductIdentitiesAndConjugate) {
  const Vector4d p(0.3, -1.2, 0.7, 2.0), q(-0.5, 0.4, 1.1, -0.9), r(1.5, 0.2, -0.3, 0.8);
  EXPECT_TRUE(qt::product(qt::product(p, q), r).isApprox(qt::product(p, qt::product(q, r)), 1e-14));
  EXPECT_TRUE(qt::product(p, qt::identity()).isApprox(p, 1e-15));
  EXPECT_TRUE(qt::product(qt::identity(), p).isApprox(p, 1e-15));
  // p ∘ p* = |p|² e, (p ∘ q)* = q* ∘ p*.
  EXPECT_TRUE(qt::product(p, qt::conjugate(p)).isApprox(p.squaredNorm() * qt::identity(), 1e-14));
  EXPECT_TRUE(qt::conjugate(qt::product(p, q))
                  .isApprox(qt::product(qt::conjugate(q), qt::conjugate(p)), 1e-14));
  // [p∘] q = p ∘ q (erratum A12: last row p3 −p2 p1 p0).
  EXPECT_TRUE((qt::leftMatrix(p) * q).isApprox(qt::product(p, q), 1e-14));
  // (0,a)∘(0,b) = (−a·b, a×b): the vector parts anticommute, the scalar parts do not.
  const Vector3d a(1, 2, 3), b(-2, 0.5, 1);
  Vector4d pa, pb;
  pa << 0, a;
  pb << 0, b;
  const Vector4d ab = qt::product(pa, pb);
  EXPECT_NEAR(ab(0), -a.dot(b), 1e-14);
  EXPECT_TRUE(ab.tail<3>().isApprox(a.cross(b), 1e-14));
}

TEST(Quaternion, RotationMatrixIsTheConjugationAndIsOrthogonal) {
  const Vector4d p = unitQuaternion(0.3, -1.2, 0.7, 2.0);
  const Vector3d x(0.4, -2.0, 1.3);
  const Matrix3d R = qt::rotationMatrix(p);
  EXPECT_TRUE((R.transpose() * R).isApprox(Matrix3d::Identity(), 1e-14));
  EXPECT_NEAR(R.determinant(), 1.0, 1e-14);
  Vector4d px;
  px << 0, x;
  const Vector4d conj = qt::product(qt::product(p, px), qt::conjugate(p));
  EXPECT_NEAR(conj(0), 0.0, 1e-14);
  EXPECT_TRUE((R * x).isApprox(conj.tail<3>(), 1e-14));
  EXPECT_TRUE(qt::rotate(p, x).isApprox(R * x, 1e-14));
  EXPECT_TRUE(qt::rotateInverse(p, x).isApprox(R.transpose() * x, 1e-14));
  // Composition: Φ(p ∘ q) = Φ(p) Φ(q).
  const Vector4d q = unitQuaternion(-0.5, 0.4, 1.1, -0.9);
  EXPECT_TRUE(qt::rotationMatrix(qt::product(p, q)).isApprox(R * qt::rotationMatrix(q), 1e-14));
}

TEST(Quaternion, RodriguesMatchesTheMatrixExponentialSeries) {
  // Erratum A11: I + (sin θ/θ) W + ((1 − cos θ)/θ²) W²; the printed (cos θ − 1) fails this.
  for (double scale : {0.0, 1e-12, 1e-7, 1e-4, 0.05, 0.1, 0.7, 2.5, 3.1, 6.0}) {
    const Vector3d Omega = scale * Vector3d(0.48, -0.6, 0.64);  // unit direction
    const Matrix3d E = qt::expSO3(Omega);
    EXPECT_LT((E - series(Omega, 0)).cwiseAbs().maxCoeff(), 1e-14) << "theta = " << scale;
    EXPECT_LT((E.transpose() * E - Matrix3d::Identity()).cwiseAbs().maxCoeff(), 1e-14);
    // The quaternion exponential gives the same rotation.
    const Vector4d e = qt::exp(Omega);
    EXPECT_NEAR(e.norm(), 1.0, 1e-15);
    EXPECT_LT((qt::rotationMatrix(e) - E).cwiseAbs().maxCoeff(), 1e-14) << "theta = " << scale;
  }
  EXPECT_EQ(qt::exp(Vector3d::Zero()), qt::identity());
  // Half-angle: exp(Ω) = (cos(θ/2), sin(θ/2) Ω/θ) at θ = π: (0, axis).
  const Vector4d half = qt::exp(M_PI * Vector3d::UnitZ());
  EXPECT_NEAR(half(0), 0.0, 1e-15);
  EXPECT_NEAR(half(3), 1.0, 1e-15);
}

TEST(Quaternion, DexpMatchesItsSeriesAndTheDerivativeOfExp) {
  for (double scale : {0.0, 1e-9, 1e-5, 0.05, 0.099, 0.101, 0.9, 2.8}) {
    const Vector3d phi = scale * Vector3d(0.36, 0.48, -0.8);
    const Matrix3d T = qt::dexpSO3(phi);
    EXPECT_LT((T - series(phi, 1)).cwiseAbs().maxCoeff(), 1e-14) << "theta = " << scale;
    // dexp(−φ) = dexp(φ)ᵀ.
    EXPECT_LT((qt::dexpSO3(-phi) - T.transpose()).cwiseAbs().maxCoeff(), 1e-15);
    // Right-trivialised: ∂R/∂φ_i Rᵀ = [dexp(φ) e_i]~; left: Rᵀ ∂R/∂φ_i = [dexp(−φ) e_i]~.
    const Matrix3d R = qt::expSO3(phi);
    const double eps = 1e-6;
    for (int i = 0; i < 3; ++i) {
      const Vector3d d = eps * Vector3d::Unit(i);
      const Matrix3d dR = (qt::expSO3(phi + d) - qt::expSO3(phi - d)) / (2 * eps);
      EXPECT_LT((dR * R.transpose() - qt::skew(T.col(i))).cwiseAbs().maxCoeff(), 1e-9);
      EXPECT_LT((R.transpose() * dR - qt::skew(T.row(i).transpose())).cwiseAbs().maxCoeff(), 1e-9);
    }
  }
}

TEST(Quaternion, PsiIdentitiesAndKinematics) {
  const Vector4d p = unitQuaternion(0.9, -0.2, 0.35, 0.1);
  const auto P = qt::psi(p);
  // Erratum A14: ΨᵀΨ = I₃ and ΨΨᵀ = I₄ − p pᵀ.
  EXPECT_TRUE((P.transpose() * P).isApprox(Matrix3d::Identity(), 1e-14));
  EXPECT_LT(
      (P * P.transpose() - (Eigen::Matrix4d::Identity() - p * p.transpose())).cwiseAbs().maxCoeff(),
      1e-14);
  // Ψ(p) Ω = p ∘ (0, Ω); erratum A13: ṗ = ½ Ψ(p) Ω = d/dh p ∘ exp(hΩ) at h = 0.
  const Vector3d Omega(1.3, -0.4, 2.2);
  Vector4d pO;
  pO << 0, Omega;
  EXPECT_TRUE((P * Omega).isApprox(qt::product(p, pO), 1e-14));
  const double h = 1e-6;
  const Vector4d pdot =
      (qt::product(p, qt::exp(h * Omega)) - qt::product(p, qt::exp(-h * Omega))) / (2 * h);
  EXPECT_LT((pdot - 0.5 * P * Omega).cwiseAbs().maxCoeff(), 1e-9);
  // Body-frame angular velocity: Ω = 2 Ψᵀ ṗ.
  EXPECT_LT((2.0 * P.transpose() * pdot - Omega).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(Quaternion, LogInvertsExpAndIntegrateKeepsUnitNorm) {
  for (double scale : {0.0, 1e-10, 1e-3, 1.0, 3.0}) {
    const Vector3d Omega = scale * Vector3d(0.6, 0.0, -0.8);
    EXPECT_LT((qt::log(qt::exp(Omega)) - Omega).cwiseAbs().maxCoeff(), 1e-14);
  }
  // 10⁵ steps of a constant body rate: the exact rotation exp(t Ω) and |p| = 1.
  Vector4d p = qt::identity();
  const Vector3d Omega(0.3, -1.1, 0.5);
  const double h = 1e-3;
  for (int k = 0; k < 100000; ++k) p = qt::integrate(p, Omega, h);
  EXPECT_NEAR(p.norm(), 1.0, 1e-15);
  const Matrix3d exact = qt::expSO3(100.0 * Omega);
  EXPECT_LT((qt::rotationMatrix(p) - exact).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_THROW(qt::normalized(Vector4d::Zero()), moreau::ModelError);
}

TEST(Quaternion, RotationJacobiansMatchFiniteDifferences) {
  // Errata A18–A19: the complete table, for a non-unit p too.
  const Vector4d p(0.7, -0.3, 1.2, 0.4);
  const Vector3d m(0.5, -1.5, 2.0);
  const auto J = qt::rotationJacobian(p, m);
  const auto JT = qt::rotationInverseJacobian(p, m);
  const double eps = 1e-6;
  for (int j = 0; j < 4; ++j) {
    const Vector4d d = eps * Vector4d::Unit(j);
    const Vector3d fd = (qt::rotationMatrix(p + d) * m - qt::rotationMatrix(p - d) * m) / (2 * eps);
    const Vector3d fdT =
        (qt::rotationMatrix(p + d).transpose() * m - qt::rotationMatrix(p - d).transpose() * m) /
        (2 * eps);
    EXPECT_LT((J.col(j) - fd).cwiseAbs().maxCoeff(), 1e-8) << "column " << j;
    EXPECT_LT((JT.col(j) - fdT).cwiseAbs().maxCoeff(), 1e-8) << "column " << j;
  }
}
