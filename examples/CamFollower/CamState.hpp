// Cam profile of the CamFollower example (dev-notes Appendix B): the cam-imposed position
// c(t), its velocity c'(t) and acceleration c''(t), and the equivalent force that drives
// the follower in coordinates relative to the cam.
#ifndef MOREAU_EXAMPLES_CAMSTATE_HPP
#define MOREAU_EXAMPLES_CAMSTATE_HPP

namespace moreau::examples {

/// Constants of the profile. kPi is the truncated literal of the upstream profile and is
/// used everywhere in the profile (ω, φ0, branch limits), on purpose.
namespace cam {
inline constexpr double kPi = 3.14159265;
inline constexpr double kPhi0 = kPi / 2;  ///< initial cam angle (hard-coded upstream)
inline constexpr double kRb = 0.40;       ///< base circle
inline constexpr double kK1 = 0.45;
inline constexpr double kK2 = 0.40393320723821;
inline constexpr double kRho1 = 0.85;
inline constexpr double kRho2 = 0.55393320723821;  ///< value on the outer dwell
inline constexpr double kRho3 = 0.15;
inline constexpr double kBeta1 = 0.0;
inline constexpr double kBeta2 = 1.050328174371336;
inline constexpr double kBeta3 = 1.22173047639603;  ///< 70 degrees
inline constexpr double kOffset = 0.3;              ///< subtracted from the profile at the end
/// Parameters of the equivalent force in the upstream plug-in (gravity is 0 there).
inline constexpr double kMass = 1.221;
inline constexpr double kSpring = 1430.8;
inline constexpr double kFriction = 0.0;
}  // namespace cam

/// Cam kinematics at one instant.
struct CamState {
  double position;      ///< c(t)
  double velocity;      ///< dc/dt
  double acceleration;  ///< d²c/dt²
};

/// Cam kinematics at time t for a cam turning at `rpm` revolutions per minute.
///
/// β = fmod(ωt + φ0, 2π) with ω = 2π·rpm/60; for β > π the profile is run backwards
/// (β ← 2π − β, ω ← −ω). Four branches: base circle (β ≤ π/2 − β1), flank arc
/// (β ≤ π/2 + β2), nose arc (β ≤ π/2 + β3), outer dwell. Finally c ← c − 0.3.
/// c and c' are continuous, c'' jumps at the branch limits.
CamState camState(double t, double rpm);

/// Equivalent force −(m c'' + c_f c' + k c) for the follower coordinate relative to the cam.
double camEquivalentForce(const CamState& state, double mass, double friction, double stiffness);

/// Same, evaluated at time t.
double camEquivalentForce(double t, double rpm, double mass, double friction, double stiffness);

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_CAMSTATE_HPP
