// SpinningTop: an axisymmetric top (mass m, inertia I = diag(I1, I1, I3) about its centre of mass
// G, G at distance l from the tip along the symmetry axis e3) spinning on the horizontal plane
// z = 0. The tip touches the plane with Coulomb friction (NewtonEuler3DR, body point against the
// plane); with enough friction it sticks and the top is a heavy symmetric top with a fixed point:
// it precesses about the vertical at the rate Ω_p given by
//   m g l = Ω_p (I3 ω3 − I1' Ω_p cos θ),  I1' = I1 + m l²       (steady precession, exact)
//   Ω_p ≈ m g l / (I3 ω3)                                         (fast top, gyroscopic limit)
// where θ is the tilt of the axis and ω3 the angular velocity about the axis. The gyroscopic term
// Ω × IΩ makes the step nonlinear: TimeStepping iterates Newton.
//
// Model: NewtonEulerDS m = 1, I1 = 6e-3, I3 = 4e-3, F_ext = (0, 0, −m g), g = 9.81, l = 0.05;
// tip at the origin, axis tilted by θ0 about e_y; NewtonEuler3DR with the body point (0, 0, −l)
// against the plane z = 0 (normal e_z), NewtonImpactFrictionNSL(e = 0, 0, μ, 3). Scheme
// MoreauJeanNewtonEulerOSI(θ = ½), FrictionContact(3), TimeStepping with Newton.
// --start steady: initial precession at the exact steady rate (no nutation); --start rest: no
// initial precession (the axis dips and nutates: pseudo-regular precession).
//
// Output (row 0 = initial state, then one row per step), 23 columns: t, G (3), quaternion (4),
// twist v_G (3), Ω (3), E, L_z about the tip, nutation angle, precession angle, λ_N, |λ_T|,
// tip x, tip y, Newton iterations (see README.md).
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("SpinningTop",
                            "Axisymmetric top spinning with its tip on a plane with Coulomb\n"
                            "friction: gyroscopic precession (NewtonEulerDS, NewtonEuler3DR,\n"
                            "FrictionContact(3), Moreau-Jean with Newton iterations).",
                            "SpinningTop.dat");
  cli.addNumber("omega3", 100.0, "initial angular velocity about the symmetry axis (rad/s)");
  cli.addNumber("tilt", 0.3, "initial tilt of the axis from the vertical (rad)");
  cli.addWord("start", "steady",
              "initial precession: steady (exact steady rate) or rest (no precession)",
              {"steady", "rest"});
  cli.addNumber("mu", 0.5, "friction coefficient at the tip");
  cli.addNumber("newton-tolerance", 1e-10, "Newton tolerance of TimeStepping");
  cli.addNumber("T", 3.0, "final time");
  cli.addNumber("h", 2.5e-4, "time step");
  cli.parse(argc, argv);

  try {
    const double t0 = 0, T = cli.number("T"), h = cli.number("h");
    const double omega3 = cli.number("omega3"), tilt = cli.number("tilt"), mu = cli.number("mu");
    const double m = 1, g = 9.81, l = 0.05, I1 = 6e-3, I3 = 4e-3;
    const double I1tip = I1 + m * l * l;
    // Steady precession rates (slow root of I1' cos θ Ω² − I3 ω3 Ω + m g l = 0).
    const double c = std::cos(tilt);
    const double disc = I3 * I3 * omega3 * omega3 - 4 * I1tip * c * m * g * l;
    if (!(disc > 0))
      throw std::runtime_error(
          "no steady precession: the top is too slow (I3² ω3² < 4 I1' m g l cos θ)");
    const double steadyRate = 2 * m * g * l / (I3 * omega3 + std::sqrt(disc));
    const double gyroscopicRate = m * g * l / (I3 * omega3);
    const double precession0 = cli.word("start") == "steady" ? steadyRate : 0.0;

    // Axis n = R e3 = (sin θ, 0, cos θ): rotation by θ about e_y; tip at the origin.
    const Eigen::Quaterniond p(Eigen::AngleAxisd(tilt, Eigen::Vector3d::UnitY()));
    const Eigen::Matrix3d R = p.toRotationMatrix();
    const Eigen::Vector3d n = R.col(2);
    // ω = Ω_p e_z + ψ̇ n with the axial component ω·n = ω3.
    const Eigen::Vector3d omega =
        precession0 * Eigen::Vector3d::UnitZ() + (omega3 - precession0 * c) * n;
    const Eigen::Vector3d G = l * n;
    const Eigen::Vector3d vG = omega.cross(G);  // the tip is at rest
    Eigen::VectorXd q0(7), v0(6);
    q0 << G, p.w(), p.x(), p.y(), p.z();
    v0 << vG, R.transpose() * omega;
    auto top = std::make_shared<NewtonEulerDS>(
        q0, v0, m, Eigen::Vector3d(I1, I1, I3).asDiagonal().toDenseMatrix());
    top->setFExt(Eigen::Vector3d(0, 0, -m * g));

    const Eigen::Vector3d tipInBody(0, 0, -l);
    auto relation = std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::bodyPointOnPlane(
        tipInBody, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()));
    auto contact = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 3), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(top);
    nsds->link(contact, top);
    auto friction = std::make_shared<FrictionContact>(3);
    auto sim =
        std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h),
                                       std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), friction);
    sim->setNewtonTolerance(cli.number("newton-tolerance"));
    sim->initialize();

    auto axis = [&] { return top->rotationMatrix().col(2).eval(); };
    auto tip = [&] { return (top->q().head<3>() + top->rotationMatrix() * tipInBody).eval(); };
    auto energy = [&] { return top->kineticEnergy() + m * g * top->q()(2); };
    // Vertical angular momentum about the tip O: (R I Ω + (G − O) × m v_G)_z.
    auto momentumZ = [&] {
      const Eigen::Vector3d GO = top->q().head<3>() - tip();
      return (top->angularMomentum() + GO.cross(top->linearMomentum()))(2);
    };
    // Precession angle of the axis (azimuth, unwrapped).
    double phi = 0.0, lastAzimuth = 0.0;
    auto precessionAngle = [&] {
      const Eigen::Vector3d a = axis();
      const double azimuth = std::atan2(a(1), a(0));
      double d = azimuth - lastAzimuth;
      d -= 2 * M_PI * std::round(d / (2 * M_PI));
      phi += d;
      lastAzimuth = azimuth;
      return phi;
    };

    std::optional<examples::RowWriter> out;
    auto writeRow = [&](double t, double newton) {
      const auto& q = top->q();
      const auto& v = top->twist();
      const Eigen::VectorXd& lambda = contact->lambda(1);
      const Eigen::Vector3d o = tip();
      out->write({t,
                  q(0),
                  q(1),
                  q(2),
                  q(3),
                  q(4),
                  q(5),
                  q(6),
                  v(0),
                  v(1),
                  v(2),
                  v(3),
                  v(4),
                  v(5),
                  energy(),
                  momentumZ(),
                  std::acos(std::clamp(axis()(2), -1.0, 1.0)),
                  precessionAngle(),
                  lambda(0),
                  std::hypot(lambda(1), lambda(2)),
                  o(0),
                  o(1),
                  newton});
    };
    const double E0 = energy(), L0 = momentumZ();
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 23);
      writeRow(t0, 0);
    }

    examples::ProgressBar progress("SpinningTop", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, sticking = 0;
    unsigned maxNewton = 0;
    double maxEnergy = 0, maxMomentum = 0, maxTip = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      if (!friction->lastResult().converged()) {
        throw std::runtime_error(
            "FrictionContact(3) failed at t = " + std::to_string(sim->nextTime()) + ": " +
            friction->lastResult().message);
      }
      const Eigen::VectorXd& lambda = contact->lambda(1);
      if (lambda(0) > 0 && std::hypot(lambda(1), lambda(2)) < 0.999 * mu * lambda(0)) ++sticking;
      maxNewton = std::max(maxNewton, sim->newtonIterations());
      maxEnergy = std::max(maxEnergy, std::abs(energy() - E0) / std::abs(E0));
      maxMomentum = std::max(maxMomentum, std::abs(momentumZ() - L0) / std::abs(L0));
      maxTip = std::max(maxTip, tip().head<2>().norm());
      if (out)
        writeRow(sim->nextTime(), sim->newtonIterations());
      else
        precessionAngle();
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();

    std::printf(
        "SpinningTop: precession rate %.9g rad/s over [0, T] (steady formula %.9g, gyroscopic "
        "m g l/(I3 w3) = %.9g)\n",
        phi / T, steadyRate, gyroscopicRate);
    std::printf(
        "SpinningTop: max relative drift of E %.3e, of L_z about the tip %.3e; tip moved %.3e; "
        "Newton iterations <= %u\n",
        maxEnergy, maxMomentum, maxTip, maxNewton);
    examples::printSummary("SpinningTop", steps, sticking, "sticking steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SpinningTop: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
