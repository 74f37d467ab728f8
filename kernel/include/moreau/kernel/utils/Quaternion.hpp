#pragma once
// Unit quaternions and the exponential map on SO(3) (dev-notes §2.8.1–2.8.2
// with errata A11–A16 applied; docs/theory/newton-euler.md §1).
//
// A quaternion is an Eigen::Vector4d p = (p0, p1, p2, p3) = (p0, p⃗), p0 the
// scalar part. A unit quaternion p represents the rotation R = Φ(p) from the
// body frame to the inertial frame: R x = vec(p ∘ (0, x) ∘ p*).
//   product      p ∘ q = (p0 q0 − p⃗·q⃗, p0 q⃗ + q0 p⃗ + p⃗ × q⃗)
//   conjugate    p* = (p0, −p⃗)
//   exponential  expq(Ω) = (cos(θ/2), sin(θ/2) Ω/θ), θ = |Ω|   (the rotation by
//                the rotation vector Ω; expq(Ω) = exp of the algebra element (0, Ω/2))
//   Rodrigues    expSO3(Ω) = I + (sin θ/θ) Ω̃ + ((1 − cos θ)/θ²) Ω̃²   (erratum A11)
//   dexp         dexpSO3(Ω) = I + ((1 − cos θ)/θ²) Ω̃ + ((θ − sin θ)/θ³) Ω̃²
//                (right-trivialised: d/dt exp(Ω̃(t)) = [dexp(Ω)Ω̇]~ exp(Ω̃);
//                left-trivialised: exp(Ω̃)ᵀ d/dt exp(Ω̃) = [dexp(−Ω)Ω̇]~, and
//                dexp(−Ω) = dexp(Ω)ᵀ)
//   kinematics   ṗ = ½ p ∘ (0, Ω) = ½ Ψ(p) Ω   (Ω in the body frame; erratum A13),
//                ΨᵀΨ = I₃ and ΨΨᵀ = I₄ − p pᵀ for |p| = 1 (erratum A14)
// Small-angle guards: sin θ/θ and sin(θ/2)/θ use their Taylor series below
// θ = 1e-4; (1 − cos θ)/θ² is evaluated as ½ (sin(θ/2)/(θ/2))² (no
// cancellation); (θ − sin θ)/θ³ uses its series to θ⁶ below θ = 0.1 (the
// direct formula loses digits there). Every function is thus smooth and
// accurate to a few ulps at and near θ = 0.

#include <Eigen/Dense>

namespace moreau::quaternion {

using Vector4 = Eigen::Vector4d;
using Vector3 = Eigen::Vector3d;
using Matrix3 = Eigen::Matrix3d;
using Matrix43 = Eigen::Matrix<double, 4, 3>;

/// ã with ã x = a × x.
Matrix3 skew(const Vector3& a);
/// The identity quaternion e = (1, 0, 0, 0).
inline Vector4 identity() { return Vector4(1.0, 0.0, 0.0, 0.0); }
/// p ∘ q.
Vector4 product(const Vector4& p, const Vector4& q);
/// p* = (p0, −p⃗).
Vector4 conjugate(const Vector4& p);
/// [p∘] with p ∘ q = [p∘] q (dev-notes §2.8.2, erratum A12 applied).
Eigen::Matrix4d leftMatrix(const Vector4& p);
/// Φ(p), the rotation matrix of a unit quaternion (body → inertial).
Matrix3 rotationMatrix(const Vector4& p);
/// Φ(p) x = vec(p ∘ (0, x) ∘ p*) for a unit p (without forming Φ).
Vector3 rotate(const Vector4& p, const Vector3& x);
/// Φ(p)ᵀ x = vec(p* ∘ (0, x) ∘ p) (inertial → body).
Vector3 rotateInverse(const Vector4& p, const Vector3& x);
/// Ψ(p) (4×3) with ṗ = ½ Ψ(p) Ω, i.e. Ψ(p) Ω = vec4(p ∘ (0, Ω)).
Matrix43 psi(const Vector4& p);
/// expq(Ω) = (cos(θ/2), sin(θ/2) Ω/θ): the unit quaternion of the rotation by
/// the rotation vector Ω (angle θ = |Ω| about Ω/θ).
Vector4 exp(const Vector3& Omega);
/// The rotation vector Ω with exp(Ω) = ±p, |Ω| ≤ π (p unit; the sign of p is
/// chosen so that p0 ≥ 0).
Vector3 log(const Vector4& p);
/// Rodrigues' formula expm(Ω̃) (erratum A11: + (1 − cos θ)/θ²).
Matrix3 expSO3(const Vector3& Omega);
/// T(Ω) = dexp of SO(3) at Ω (see the header comment).
Matrix3 dexpSO3(const Vector3& Omega);
/// The body-frame update of the orientation over a step with a constant
/// body angular velocity Ω: p ∘ exp(h Ω), renormalised (|result| = 1 to
/// round-off even after many steps).
Vector4 integrate(const Vector4& p, const Vector3& Omega, double h);
/// p / |p|; throws ModelError when |p| is zero or not finite.
Vector4 normalized(const Vector4& p);

/// Jacobian (3×4) of p ↦ Φ(p) m with respect to p = (p0, p1, p2, p3), for a
/// fixed vector m (dev-notes §2.8.6, errata A18–A19; valid for any p, Φ
/// being the quadratic form of the rotation matrix).
Eigen::Matrix<double, 3, 4> rotationJacobian(const Vector4& p, const Vector3& m);
/// Jacobian (3×4) of p ↦ Φ(p)ᵀ m (an inertial-frame vector seen in the body
/// frame) = rotationJacobian(p*, m) · diag(1, −1, −1, −1).
Eigen::Matrix<double, 3, 4> rotationInverseJacobian(const Vector4& p, const Vector3& m);

}  // namespace moreau::quaternion
