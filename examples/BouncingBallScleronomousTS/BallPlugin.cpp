// BallPlugin: the C plug-ins of BouncingBallScleronomousTS, built as the
// MODULE library BallPlugin.so next to the example executable and loaded by
// the example by bare name ("BallPlugin:h0"), as a Siconos user would.
// Siconos LagrangianScleronomousR signatures (matrices column-major):
//   h0(sizeOfq, q, sizeOfy, y, sizeZ, z):  y = q0 + 0.1 q1   (inclined constraint)
//   G0(sizeOfq, q, sizeOfy, G, sizeZ, z):  G = [1, 0.1, 0]    (1 × 3, = ∇_q h)

extern "C" {

void h0(unsigned, const double* q, unsigned, double* y, unsigned, double*) {
  y[0] = q[0] + 0.1 * q[1];
}

void G0(unsigned, const double*, unsigned, double* G, unsigned, double*) {
  // One row: column-major storage is the row itself.
  G[0] = 1.0;
  G[1] = 0.1;
  G[2] = 0.0;
}

}  // extern "C"
