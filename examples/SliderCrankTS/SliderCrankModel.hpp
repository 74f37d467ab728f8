// The model of the SliderCrankTS example (tutorial-models specification §17, issue 10), in a
// library so that the tests build exactly the same simulation as the example.
//
// A planar slider-crank whose slider has a translational clearance c in its guide
// (Flores–Leine–Glocker). q = (crank angle, rod angle, slider angle):
//   M(q) v̇ + F_gyr(q, v) + F_int(q) = Σ G_iᵀ λ_i
//   M = [[J1 + (m1/4 + m2 + m3) l1², K cos(q1 − q0), 0], [K cos(q1 − q0), J2 + (m2/4 + m3) l2², 0],
//        [0, 0, J3]],  K = (m2/2 + m3) l1 l2,
//   F_gyr = (K sin(q0 − q1) v1², −K sin(q0 − q1) v0², 0),
//   F_int = ((m1/2 + m2 + m3) g l1 cos q0, (m2/2 + m3) g l2 cos q1, 0),
// with the exact Jacobians of F_gyr and F_int in q and v (user functions). Four corners of the
// slider, each a LagrangianScleronomousR of size 2 (normal gap, tangential coordinate) with its
// exact gradient G = ∂(g_N, g_T)/∂q, NewtonImpactFrictionNSL(e_n = 0.4, e_t = 0, μ = 0.01, 2).
// MoreauJeanOSI(θ = 0.5), FrictionContact(2) with the FC2D "enum" solver (tolerance 1e-12, at
// most 100 iterations), TimeStepping with Newton tolerance 1e-10 and at most 200 iterations.
#ifndef MOREAU_EXAMPLES_SLIDERCRANKMODEL_HPP
#define MOREAU_EXAMPLES_SLIDERCRANKMODEL_HPP

#include <moreau/Moreau.hpp>

#include <array>
#include <memory>

namespace moreau::examples {

namespace slidercrank {
inline constexpr double kL1 = 0.153, kL2 = 0.306;  // crank and rod lengths
inline constexpr double kA = 0.05, kB = 0.025;     // slider half length and half width
inline constexpr double kC = 0.001;                // clearance
inline constexpr double kD = 2 * (kB + kC);        // guide width
inline constexpr double kM1 = 0.038, kM2 = 0.038, kM3 = 0.076;
inline constexpr double kJ1 = 7.4e-5, kJ2 = 5.9e-4, kJ3 = 2.7e-6;
inline constexpr double kGravity = 9.81;
inline constexpr double kTheta = 0.5;
inline constexpr double kRestitutionN = 0.4, kRestitutionT = 0.0, kFriction = 0.01;
inline constexpr int kColumns = 27;
}  // namespace slidercrank

struct SliderCrankParameters {
  double h = 1e-5;  ///< time step
  double T = 0.2;   ///< final time (t0 = 0)
  double newtonTolerance = 1e-10;
  unsigned newtonMaxIterations = 200;
  double solverTolerance = 1e-12;  ///< FC2D enum
  int solverMaxIterations = 100;
  /// Initial velocity (§17: (150, −75, −0.01); SliderCrankDirectProjection, §23: (150, −75, 0)).
  std::array<double, 3> v0{{150.0, -75.0, -0.01}};
};

/// The built model and its simulation (not initialized).
struct SliderCrank {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<LagrangianDS> mechanism;
  /// Corners 1–4 of the table of §17.
  std::array<std::shared_ptr<Interaction>, 4> corners;
  std::shared_ptr<FrictionContact> friction;
  std::shared_ptr<TimeStepping> simulation;
};

/// Builds the model (q0 = 0, v0 = parameters.v0, by default (150, −75, −0.01)) and its
/// MoreauJeanOSI / FrictionContact(2) / TimeStepping simulation. ModelError for a time grid that
/// cannot be represented or an invalid Newton/solver setting.
SliderCrank makeSliderCrank(const SliderCrankParameters& parameters);

/// The model only (nsds on [0, parameters.T], the LagrangianDS with q0 = 0 and v0 =
/// parameters.v0, the four corners linked); `friction` and `simulation` are null, for a caller
/// that builds its own simulation (SliderCrankDirectProjection).
SliderCrank makeSliderCrankSystem(const SliderCrankParameters& parameters);

/// Normal gaps g_N of the four corners at q (the first output of the relations).
std::array<double, 4> sliderCrankGaps(const Eigen::VectorXd& q);

/// Mechanical energy ½ vᵀ M(q) v + (m1/2 + m2 + m3) g l1 sin q0 + (m2/2 + m3) g l2 sin q1.
double sliderCrankEnergy(const Eigen::VectorXd& q, const Eigen::VectorXd& v);

/// The tutorial's "first consistent output": y(0) of the four corners at t (computeOutput at
/// level 0 only, before the simulation is initialized, so row 0 shows y(1) = 0 as the original
/// program's output does; TimeStepping::initialize computes y(1) afterwards).
void computeCornerGaps(const SliderCrank& model, double t);

/// The 27 output columns of §17 for the current state of the model at time t: t, q0/(2π), q1, q2,
/// v, the six kinematic columns 7–12 (columns 9–10 divided by +c), y(0)_0, y(1)_0, λ(1)_0 of the
/// four corners, the Newton iterations and the size of index set 1 given by the caller.
void sliderCrankRow(const SliderCrank& model, double t, double newtonIterations,
                    double indexSetSize, double* row);

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_SLIDERCRANKMODEL_HPP
