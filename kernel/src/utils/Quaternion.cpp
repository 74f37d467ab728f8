// Unit quaternions and the exponential map; formulas in
// docs/theory/newton-euler.md §1 (dev-notes §2.8.1–2.8.2 with errata applied).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <cmath>
#include <sstream>

namespace moreau::quaternion {

namespace {

// sin θ / θ
double sinc(double theta) {
  if (std::abs(theta) < 1e-4) return 1.0 - theta * theta / 6.0;
  return std::sin(theta) / theta;
}

// (1 − cos θ)/θ² = ½ (sin(θ/2)/(θ/2))²
double oneMinusCosOverTheta2(double theta) {
  const double s = sinc(0.5 * theta);
  return 0.5 * s * s;
}

// (θ − sin θ)/θ³
double thetaMinusSinOverTheta3(double theta) {
  if (std::abs(theta) < 0.1) {
    const double t2 = theta * theta;
    return 1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0 - t2 * t2 * t2 / 362880.0;
  }
  return (theta - std::sin(theta)) / (theta * theta * theta);
}

}  // namespace

Matrix3 skew(const Vector3& a) {
  Matrix3 S;
  S << 0.0, -a(2), a(1), a(2), 0.0, -a(0), -a(1), a(0), 0.0;
  return S;
}

Vector4 product(const Vector4& p, const Vector4& q) {
  const Vector3 pv = p.tail<3>(), qv = q.tail<3>();
  Vector4 r;
  r(0) = p(0) * q(0) - pv.dot(qv);
  r.tail<3>() = p(0) * qv + q(0) * pv + pv.cross(qv);
  return r;
}

Vector4 conjugate(const Vector4& p) { return Vector4(p(0), -p(1), -p(2), -p(3)); }

Eigen::Matrix4d leftMatrix(const Vector4& p) {
  Eigen::Matrix4d L;
  L << p(0), -p(1), -p(2), -p(3),  //
      p(1), p(0), -p(3), p(2),     //
      p(2), p(3), p(0), -p(1),     //
      p(3), -p(2), p(1), p(0);
  return L;
}

Matrix3 rotationMatrix(const Vector4& p) {
  const double p0 = p(0), p1 = p(1), p2 = p(2), p3 = p(3);
  Matrix3 R;
  R << 1.0 - 2.0 * (p2 * p2 + p3 * p3), 2.0 * (p1 * p2 - p3 * p0), 2.0 * (p1 * p3 + p2 * p0),
      2.0 * (p1 * p2 + p3 * p0), 1.0 - 2.0 * (p1 * p1 + p3 * p3), 2.0 * (p2 * p3 - p1 * p0),
      2.0 * (p1 * p3 - p2 * p0), 2.0 * (p2 * p3 + p1 * p0), 1.0 - 2.0 * (p1 * p1 + p2 * p2);
  return R;
}

Vector3 rotate(const Vector4& p, const Vector3& x) {
  const Vector3 pv = p.tail<3>();
  return (p(0) * p(0) - pv.squaredNorm()) * x + 2.0 * p(0) * pv.cross(x) + 2.0 * pv.dot(x) * pv;
}

Vector3 rotateInverse(const Vector4& p, const Vector3& x) { return rotate(conjugate(p), x); }

Matrix43 psi(const Vector4& p) {
  Matrix43 P;
  P << -p(1), -p(2), -p(3),  //
      p(0), -p(3), p(2),     //
      p(3), p(0), -p(1),     //
      -p(2), p(1), p(0);
  return P;
}

Vector4 exp(const Vector3& Omega) {
  const double theta = Omega.norm();
  Vector4 r;
  r(0) = std::cos(0.5 * theta);
  r.tail<3>() = 0.5 * sinc(0.5 * theta) * Omega;  // sin(θ/2)/θ = ½ sinc(θ/2)
  return r;
}

Vector3 log(const Vector4& p) {
  Vector4 q = p(0) < 0.0 ? Vector4(-p) : p;
  const Vector3 v = q.tail<3>();
  const double s = v.norm();
  if (s < 1e-8) return (2.0 / q(0)) * v;
  const double theta = 2.0 * std::atan2(s, q(0));
  return (theta / s) * v;
}

Matrix3 expSO3(const Vector3& Omega) {
  const double theta = Omega.norm();
  const Matrix3 W = skew(Omega);
  return Matrix3::Identity() + sinc(theta) * W + oneMinusCosOverTheta2(theta) * W * W;
}

Matrix3 dexpSO3(const Vector3& Omega) {
  const double theta = Omega.norm();
  const Matrix3 W = skew(Omega);
  return Matrix3::Identity() + oneMinusCosOverTheta2(theta) * W +
         thetaMinusSinOverTheta3(theta) * W * W;
}

Vector4 normalized(const Vector4& p) {
  const double n = p.norm();
  if (!(n > 0.0) || !std::isfinite(n)) {
    std::ostringstream os;
    os << "quaternion (" << p(0) << ", " << p(1) << ", " << p(2) << ", " << p(3)
       << ") cannot be normalised (norm " << n << ")";
    throw ModelError(os.str());
  }
  return p / n;
}

Vector4 integrate(const Vector4& p, const Vector3& Omega, double h) {
  return normalized(product(p, exp(h * Omega)));
}

Eigen::Matrix<double, 3, 4> rotationJacobian(const Vector4& p, const Vector3& m) {
  // ∂(Φ(p) m)/∂p_j, from the quadratic entries of Φ (dev-notes §2.8.6 table).
  const double p0 = p(0), p1 = p(1), p2 = p(2), p3 = p(3);
  const double m1 = m(0), m2 = m(1), m3 = m(2);
  Eigen::Matrix<double, 3, 4> J;
  J << -2 * p3 * m2 + 2 * p2 * m3, 2 * p2 * m2 + 2 * p3 * m3,
      -4 * p2 * m1 + 2 * p1 * m2 + 2 * p0 * m3,
      -4 * p3 * m1 - 2 * p0 * m2 + 2 * p1 * m3,  //
      2 * p3 * m1 - 2 * p1 * m3, 2 * p2 * m1 - 4 * p1 * m2 - 2 * p0 * m3, 2 * p1 * m1 + 2 * p3 * m3,
      2 * p0 * m1 - 4 * p3 * m2 + 2 * p2 * m3,  //
      -2 * p2 * m1 + 2 * p1 * m2, 2 * p3 * m1 + 2 * p0 * m2 - 4 * p1 * m3,
      -2 * p0 * m1 + 2 * p3 * m2 - 4 * p2 * m3, 2 * p1 * m1 + 2 * p2 * m2;
  return J;
}

Eigen::Matrix<double, 3, 4> rotationInverseJacobian(const Vector4& p, const Vector3& m) {
  Eigen::Matrix<double, 3, 4> J = rotationJacobian(conjugate(p), m);
  J.rightCols<3>() *= -1.0;
  return J;
}

}  // namespace moreau::quaternion
