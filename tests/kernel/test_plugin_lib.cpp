// Test plug-in library (MODULE) with the Siconos C signatures, loaded by
// test_plugin.cpp through "path:symbol" strings.
#include "test_plugin_model.hpp"

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
// Writes NaN (bad-input test).
void nanFExt(double, unsigned n, double* fExt, unsigned, double*) {
  for (unsigned i = 0; i < n; ++i) fExt[i] = std::numeric_limits<double>::quiet_NaN();
}
// Counts its calls in z[0] (z is writable, Siconos semantics).
void countingFExt(double, unsigned n, double* fExt, unsigned sizeZ, double* z) {
  for (unsigned i = 0; i < n; ++i) fExt[i] = 0.0;
  if (sizeZ > 0) z[0] += 1.0;
}
}
