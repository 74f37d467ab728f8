#include "CamState.hpp"

#include <cmath>

namespace moreau::examples {

namespace {

// Flank or nose arc written as  c = -k·g(α) + ρ·sqrt(1 - (k·s(α)/ρ)²)  with either
// (g, s) = (sin, cos) (flank, α = β) or (g, s) = (cos, sin) (nose, α = β + π/9); the
// acceleration uses the shifted angle x = β − β_i of the upstream formulas.
double accelerationTerm(double x, double k, double rho) {
  const double cx = std::cos(x);
  const double sx = std::sin(x);
  const double ratio = cx * k / rho;
  const double den = 1.0 - ratio * ratio;
  const double cross = k * sx * cx;
  const double tau = cx * cx - sx * sx - cross * cross / (rho * rho * den);
  return (k * k / (rho * std::sqrt(den))) * tau;
}

}  // namespace

CamState camState(double t, double rpm) {
  using namespace cam;
  double omega = 2.0 * kPi * rpm / 60.0;
  double beta = std::fmod(omega * t + kPhi0, 2.0 * kPi);
  if (beta > kPi) {  // symmetric profile: second half-turn runs the first one backwards
    beta = 2.0 * kPi - beta;
    omega = -omega;
  }
  const double omega2 = omega * omega;
  CamState s{};
  if (beta <= kPi / 2.0 - kBeta1) {
    s = {kRb, 0.0, 0.0};
  } else if (beta <= kPi / 2.0 + kBeta2) {
    const double cb = std::cos(beta);
    const double sb = std::sin(beta);
    const double r = kK1 * cb / kRho1;
    const double root = std::sqrt(1.0 - r * r);
    s.position = -kK1 * sb + kRho1 * root;
    s.velocity = (-kK1 * cb + kK1 * kK1 * sb * cb / (kRho1 * root)) * omega;
    const double x = beta - kBeta1;
    s.acceleration = (kK1 * std::sin(x) + accelerationTerm(x, kK1, kRho1)) * omega2;
  } else if (beta <= kPi / 2.0 + kBeta3) {
    const double a = beta + kPi / 9.0;
    const double ca = std::cos(a);
    const double sa = std::sin(a);
    const double r = kK2 * sa / kRho3;
    const double root = std::sqrt(1.0 - r * r);
    s.position = -kK2 * ca + kRho3 * root;
    s.velocity = (kK2 * sa - kK2 * kK2 * sa * ca / (kRho3 * root)) * omega;
    const double x = beta - kBeta3;
    s.acceleration = (-kK2 * std::sin(x) + accelerationTerm(x, kK2, kRho3)) * omega2;
  } else {
    s = {kRho2, 0.0, 0.0};
  }
  s.position -= kOffset;
  return s;
}

double camEquivalentForce(const CamState& state, double mass, double friction, double stiffness) {
  return -(mass * state.acceleration + friction * state.velocity + stiffness * state.position);
}

double camEquivalentForce(double t, double rpm, double mass, double friction, double stiffness) {
  return camEquivalentForce(camState(t, rpm), mass, friction, stiffness);
}

}  // namespace moreau::examples
