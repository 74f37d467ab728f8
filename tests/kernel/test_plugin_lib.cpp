// Test plug-in library (MODULE) with the Siconos C signatures, loaded by
// test_plugin.cpp through "path:symbol" strings.
#include "test_plugin_model.hpp"

#include <cmath>
#include <limits>

using namespace moreau_test;

extern "C" {

void cartFExt(double time, unsigned, double* fExt, unsigned sizeZ, double* z) {
  moreau_test::cartFExt(time, sizeZ, z, fExt);
}
void cartMass(unsigned, const double* q, double* mass, unsigned, double*) {
  moreau_test::cartMass(q, mass);
}
void cartFInt(double, unsigned, const double* q, const double* v, double* fInt, unsigned, double*) {
  moreau_test::cartFInt(q, v, fInt);
}
void cartJacobianFIntq(double, unsigned, const double* q, const double*, double* J, unsigned,
                       double*) {
  cartJacFIntq(q, J);
}
void cartJacobianFIntqDot(double, unsigned, const double*, const double*, double* J, unsigned,
                          double*) {
  cartJacFIntv(J);
}
void cartNNL(unsigned, const double* q, const double* v, double* N, unsigned, double*) {
  moreau_test::cartNNL(q, v, N);
}
void cartJacobianNNLq(unsigned, const double* q, const double* v, double* J, unsigned, double*) {
  cartJacNNLq(q, v, J);
}
void cartJacobianNNLqDot(unsigned, const double* q, const double* v, double* J, unsigned, double*) {
  cartJacNNLv(q, v, J);
}
void vdpF(double t, unsigned, const double* x, double* f, unsigned, double*) {
  moreau_test::vdpF(t, x, f);
}
void vdpJacobian(double, unsigned, const double* x, double* J, unsigned, double*) { vdpJac(x, J); }
void linA(double t, unsigned, unsigned, double* A, unsigned, double*) { moreau_test::linA(t, A); }
void linB(double t, unsigned, double* b, unsigned, double*) { moreau_test::linB(t, b); }
// Relations (Siconos 4.4 signatures; see test_plugin_model.hpp).
void scleronomousH(unsigned, const double* q, unsigned, double* y, unsigned sizeZ, double* z) {
  moreau_test::scleronomousH(q, z0(sizeZ, z), y);
}
void scleronomousG(unsigned, const double* q, unsigned, double* G, unsigned, double*) {
  moreau_test::scleronomousG(q, G);
}
void scleronomousDotG(unsigned, const double* q, unsigned, const double* v, double* G, unsigned,
                      double*) {
  moreau_test::scleronomousDotG(q, v, G);
}
void rheonomousH(unsigned, const double* q, double t, unsigned, double* y, unsigned, double*) {
  moreau_test::rheonomousH(t, q, y);
}
void rheonomousG(unsigned, const double* q, double t, unsigned, double* G, unsigned, double*) {
  moreau_test::rheonomousG(t, q, G);
}
void rheonomousHDot(unsigned, const double* q, double t, unsigned, double* d, unsigned, double*) {
  moreau_test::rheonomousHDot(t, q, d);
}
void compliantH(unsigned, const double* q, unsigned, const double* l, double* y, unsigned sizeZ,
                double* z) {
  moreau_test::compliantH(q, l, z0(sizeZ, z), y);
}
void compliantG0(unsigned, const double*, unsigned, const double* l, double* G, unsigned, double*) {
  moreau_test::compliantG0(l, G);
}
void compliantG1(unsigned, const double* q, unsigned, const double* l, double* G, unsigned,
                 double*) {
  moreau_test::compliantG1(q, l, G);
}
void type1H(unsigned, const double* x, unsigned, double* y, unsigned sizeZ, double* z) {
  moreau_test::type1H(x, z0(sizeZ, z), y);
}
void type1G(unsigned, const double* l, unsigned, double* r, unsigned, double*) {
  moreau_test::type1G(l, r);
}
void type1C(unsigned, const double* x, unsigned, double* C, unsigned, double*) {
  moreau_test::type1C(x, C);
}
void type1B(unsigned, const double* l, unsigned, double* B, unsigned, double*) {
  moreau_test::type1B(l, B);
}
void type2H(unsigned, const double* x, unsigned, const double* l, unsigned, double* y) {
  moreau_test::type2H(x, l, y);
}
void type2G(unsigned, const double* l, unsigned, double* r) { moreau_test::type2G(l, r); }
void type2C(unsigned, const double*, unsigned, const double*, unsigned, double* C) {
  moreau_test::type2C(C);
}
void type2D(unsigned, const double*, unsigned, const double* l, unsigned, double* D) {
  moreau_test::type2D(l, D);
}
void type2B(unsigned, const double* l, unsigned, double* B) { moreau_test::type2B(l, B); }
void nonLinearH(double t, unsigned, const double* x, unsigned, const double* l, double* y,
                unsigned sizeZ, double* z) {
  moreau_test::nonLinearH(t, x, l, z0(sizeZ, z), y);
}
void nonLinearG(double t, unsigned, const double* x, unsigned, const double* l, double* r, unsigned,
                double*) {
  moreau_test::nonLinearG(t, x, l, r);
}
void nonLinearC(double, unsigned, const double* x, unsigned, const double*, double* C, unsigned,
                double*) {
  moreau_test::nonLinearC(x, C);
}
void nonLinearD(double t, unsigned, const double*, unsigned, const double*, double* D, unsigned,
                double*) {
  moreau_test::nonLinearD(t, D);
}
void nonLinearK(double, unsigned, const double*, unsigned, const double* l, double* K, unsigned,
                double*) {
  moreau_test::nonLinearK(l, K);
}
void nonLinearB(double, unsigned, const double* x, unsigned, const double*, double* B, unsigned,
                double*) {
  moreau_test::nonLinearB(x, B);
}
void linearC(double t, unsigned, unsigned, double* C, unsigned, double*) {
  moreau_test::linearC(t, C);
}
void linearD(double t, unsigned, unsigned, double* D, unsigned, double*) {
  moreau_test::linearD(t, D);
}
void linearF(double t, unsigned, unsigned, double* F, unsigned, double*) {
  moreau_test::linearF(t, F);
}
void linearE(double t, unsigned, double* e, unsigned, double*) { moreau_test::linearE(t, e); }
void linearB(double t, unsigned, unsigned, double* B, unsigned, double*) {
  moreau_test::linearB(t, B);
}
// Writes NaN (bad-input test).
void nanFExt(double, unsigned n, double* fExt, unsigned, double*) {
  for (unsigned i = 0; i < n; ++i) fExt[i] = std::numeric_limits<double>::quiet_NaN();
}
// Counts its calls in z[0] (z is writable, Siconos semantics).
void countingFExt(double, unsigned n, double* fExt, unsigned sizeZ, double* z) {
  for (unsigned i = 0; i < n; ++i) fExt[i] = 0.0;
  if (sizeZ > 0) z[0] += 1.0;
}
// BoundaryCondition v̄(t) = (0.1·3 cos 3t, −0.5) for test_BoundaryCondition.cpp (size 1 or 2).
void drivenVelocity(double t, unsigned n, double* v) {
  if (n > 0) v[0] = 0.1 * 3.0 * std::cos(3.0 * t);
  if (n > 1) v[1] = -0.5;
}
}
