#pragma once
// Reference models shared by the DS tests and the test plug-in library
// (tests/kernel/test_plugin_lib.cpp), written on raw column-major arrays.
//
// Cart–pendulum with a Duffing spring, q = (x, θ), v = (ẋ, θ̇):
//   M(q)  = [[mc + m, m l cos θ], [m l cos θ, m l²]]
//   N     = [−m l sin θ θ̇², 0]
//   F_int = [k x + α x³ + c ẋ, m g l sin θ]
//   F_ext = [a cos t, 0]  (a = z[0] when z is given, else 1)
// Van der Pol with forcing, x = (x1, x2):
//   f = [x2, μ (1 − x1²) x2 − x1 + sin t]
// Time-dependent linear system:
//   A(t) = [[0, 1], [−(1 + t), −0.1]],  b(t) = [sin t, cos t]

#include <cmath>

namespace moreau_test {

constexpr double mc = 2.0, m = 0.5, l = 1.2, g = 9.81, k = 3.0, alpha = 0.7, c = 0.2, mu = 1.5;

inline void cartMass(const double* q, double* M) {
  const double co = std::cos(q[1]);
  M[0] = mc + m;
  M[1] = m * l * co;  // (1,0)
  M[2] = m * l * co;  // (0,1)
  M[3] = m * l * l;
}
inline void cartNNL(const double* q, const double* v, double* N) {
  N[0] = -m * l * std::sin(q[1]) * v[1] * v[1];
  N[1] = 0.0;
}
inline void cartJacNNLq(const double* q, const double* v, double* J) {
  J[0] = 0.0;
  J[1] = 0.0;
  J[2] = -m * l * std::cos(q[1]) * v[1] * v[1];
  J[3] = 0.0;
}
inline void cartJacNNLv(const double* q, const double* v, double* J) {
  J[0] = 0.0;
  J[1] = 0.0;
  J[2] = -2.0 * m * l * std::sin(q[1]) * v[1];
  J[3] = 0.0;
}
inline void cartFInt(const double* q, const double* v, double* F) {
  F[0] = k * q[0] + alpha * q[0] * q[0] * q[0] + c * v[0];
  F[1] = m * g * l * std::sin(q[1]);
}
inline void cartJacFIntq(const double* q, double* J) {
  J[0] = k + 3.0 * alpha * q[0] * q[0];
  J[1] = 0.0;
  J[2] = 0.0;
  J[3] = m * g * l * std::cos(q[1]);
}
inline void cartJacFIntv(double* J) {
  J[0] = c;
  J[1] = 0.0;
  J[2] = 0.0;
  J[3] = 0.0;
}
inline void cartFExt(double t, unsigned sizeZ, const double* z, double* F) {
  F[0] = (sizeZ > 0 ? z[0] : 1.0) * std::cos(t);
  F[1] = 0.0;
}

inline void vdpF(double t, const double* x, double* f) {
  f[0] = x[1];
  f[1] = mu * (1.0 - x[0] * x[0]) * x[1] - x[0] + std::sin(t);
}
inline void vdpJac(const double* x, double* J) {
  J[0] = 0.0;
  J[1] = -2.0 * mu * x[0] * x[1] - 1.0;
  J[2] = 1.0;
  J[3] = mu * (1.0 - x[0] * x[0]);
}

inline void linA(double t, double* A) {
  A[0] = 0.0;
  A[1] = -(1.0 + t);
  A[2] = 1.0;
  A[3] = -0.1;
}
inline void linB(double t, double* b) {
  b[0] = std::sin(t);
  b[1] = std::cos(t);
}

// Relations, on one system of size 2 (q or x = (a, b)) with m = 2 and a z of
// size 1 (z0 = 0 when sizeZ = 0). Matrices column-major.
//   Scleronomous: h = [a² + sin b + z0, a b],  G = [[2a, cos b], [b, a]],
//                 Ġ(q, v) = [[2 va, −sin b vb], [vb, va]]
//   Rheonomous:   h = [a − A sin ωt, a b t],   G = [[1, 0], [b t, a t]],
//                 ∂h/∂t = [−A ω cos ωt, a b]
//   Compliant:    h = [a + c λ0 + b λ1, b − λ0 λ1 + z0],
//                 G0 = [[1, λ1], [0, 1]],  G1 = [[c, b], [−λ1, −λ0]]
//   Type1R:       h = [a b, sin a + z0],  g = [λ0 + λ1², 2 λ0],
//                 C = [[b, a], [cos a, 0]],  B = [[1, 2 λ1], [2, 0]]
//   Type2R:       h = [a + λ0 λ1, b − λ1],  g = [λ0³, λ0 + λ1] (no t, no z),
//                 C = I,  D = [[λ1, λ0], [0, −1]],  B = [[3 λ0², 0], [1, 1]]
//   NonLinearR:   h = [a b + t λ0, λ1 − a + z0],  g = [b λ0, sin t + a λ1],
//                 C = [[b, a], [−1, 0]],  D = [[t, 0], [0, 1]],
//                 K = [[0, λ0], [λ1, 0]],  B = [[b, 0], [0, a]]
//   LinearR:      C(t) = [[1, t], [0, 2]],  D(t) = [[0.5, 0], [0, t]],
//                 F(t) = [1, t]ᵀ (z of size 1),  e(t) = [sin t, cos t],
//                 B(t) = [[t, 0], [1, 1]]
constexpr double amplitude = 0.2, omega = 3.0, compliance = 0.05;
inline double z0(unsigned sizeZ, const double* z) { return sizeZ > 0 ? z[0] : 0.0; }
inline void set2x2(double* M, double m00, double m01, double m10, double m11) {
  M[0] = m00;
  M[1] = m10;
  M[2] = m01;
  M[3] = m11;
}

inline void scleronomousH(const double* q, double zz, double* y) {
  y[0] = q[0] * q[0] + std::sin(q[1]) + zz;
  y[1] = q[0] * q[1];
}
inline void scleronomousG(const double* q, double* G) {
  set2x2(G, 2 * q[0], std::cos(q[1]), q[1], q[0]);
}
inline void scleronomousDotG(const double* q, const double* v, double* G) {
  set2x2(G, 2 * v[0], -std::sin(q[1]) * v[1], v[1], v[0]);
}
inline void rheonomousH(double t, const double* q, double* y) {
  y[0] = q[0] - amplitude * std::sin(omega * t);
  y[1] = q[0] * q[1] * t;
}
inline void rheonomousG(double t, const double* q, double* G) {
  set2x2(G, 1, 0, q[1] * t, q[0] * t);
}
inline void rheonomousHDot(double t, const double* q, double* d) {
  d[0] = -amplitude * omega * std::cos(omega * t);
  d[1] = q[0] * q[1];
}
inline void compliantH(const double* q, const double* l, double zz, double* y) {
  y[0] = q[0] + compliance * l[0] + q[1] * l[1];
  y[1] = q[1] - l[0] * l[1] + zz;
}
inline void compliantG0(const double* l, double* G) { set2x2(G, 1, l[1], 0, 1); }
inline void compliantG1(const double* q, const double* l, double* G) {
  set2x2(G, compliance, q[1], -l[1], -l[0]);
}
inline void type1H(const double* x, double zz, double* y) {
  y[0] = x[0] * x[1];
  y[1] = std::sin(x[0]) + zz;
}
inline void type1G(const double* l, double* r) {
  r[0] = l[0] + l[1] * l[1];
  r[1] = 2 * l[0];
}
inline void type1C(const double* x, double* C) { set2x2(C, x[1], x[0], std::cos(x[0]), 0); }
inline void type1B(const double* l, double* B) { set2x2(B, 1, 2 * l[1], 2, 0); }
inline void type2H(const double* x, const double* l, double* y) {
  y[0] = x[0] + l[0] * l[1];
  y[1] = x[1] - l[1];
}
inline void type2G(const double* l, double* r) {
  r[0] = l[0] * l[0] * l[0];
  r[1] = l[0] + l[1];
}
inline void type2C(double* C) { set2x2(C, 1, 0, 0, 1); }
inline void type2D(const double* l, double* D) { set2x2(D, l[1], l[0], 0, -1); }
inline void type2B(const double* l, double* B) { set2x2(B, 3 * l[0] * l[0], 0, 1, 1); }
inline void nonLinearH(double t, const double* x, const double* l, double zz, double* y) {
  y[0] = x[0] * x[1] + t * l[0];
  y[1] = l[1] - x[0] + zz;
}
inline void nonLinearG(double t, const double* x, const double* l, double* r) {
  r[0] = x[1] * l[0];
  r[1] = std::sin(t) + x[0] * l[1];
}
inline void nonLinearC(const double* x, double* C) { set2x2(C, x[1], x[0], -1, 0); }
inline void nonLinearD(double t, double* D) { set2x2(D, t, 0, 0, 1); }
inline void nonLinearK(const double* l, double* K) { set2x2(K, 0, l[0], l[1], 0); }
inline void nonLinearB(const double* x, double* B) { set2x2(B, x[1], 0, 0, x[0]); }
inline void linearC(double t, double* C) { set2x2(C, 1, t, 0, 2); }
inline void linearD(double t, double* D) { set2x2(D, 0.5, 0, 0, t); }
inline void linearF(double t, double* F) {
  F[0] = 1;
  F[1] = t;
}
inline void linearE(double t, double* e) {
  e[0] = std::sin(t);
  e[1] = std::cos(t);
}
inline void linearB(double t, double* B) { set2x2(B, t, 0, 1, 1); }

}  // namespace moreau_test
