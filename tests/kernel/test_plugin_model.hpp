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

}  // namespace moreau_test
