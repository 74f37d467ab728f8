// RollingSphere: a solid sphere thrown on the horizontal plane z = 0 with a linear velocity v0
// along x and a spin ω0 about y. Coulomb friction makes it slide until the contact point comes
// to rest (rolling without slipping) at t* = 2|v0 − R ω0| / (7 μ g); it then rolls at
// v∞ = (5 v0 + 2 R ω0) / 7. Sign convention: ω0 > 0 is topspin (the sense of rolling forward,
// slip velocity of the contact point u = v_x − R ω_y), ω0 < 0 is backspin. The angular momentum
// about the contact point, L_P = I ω_y + m R v_x, is conserved (friction acts at P, gravity and
// the normal reaction along the vertical through P); the energy decreases while sliding and is
// constant while rolling.
//
// Model: NewtonEulerDS m = 1, R = 0.1, I = (2/5) m R² I₃, F_ext = (0, 0, −m g), g = 9.81;
// q0 = (0, 0, R, 1, 0, 0, 0), twist (v0, 0, 0, 0, ω0, 0). NewtonEuler3DR with the sphere–plane
// contact (plane z = 0, normal e_z), NewtonImpactFrictionNSL(e = 0, 0, μ, 3). Scheme
// MoreauJeanNewtonEulerOSI(θ = ½), FrictionContact(3), TimeStepping.
//
// Output (row 0 = initial state, then one row per step), 13 columns: t, x, z, v_x, v_z, ω_y,
// u = v_x − R ω_y, E, L_P, λ_N, P_x, p0, p2 (see README.md).
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
  examples::CommandLine cli("RollingSphere",
                            "Solid sphere thrown with spin on a horizontal plane: sliding with\n"
                            "Coulomb friction, then rolling without slipping (NewtonEulerDS,\n"
                            "NewtonEuler3DR, FrictionContact(3), Moreau-Jean).",
                            "RollingSphere.dat");
  cli.addNumber("v0", 2.0, "initial velocity of the centre along x (m/s)", false);
  cli.addNumber("omega0", -60.0, "initial spin about y (rad/s; > 0 topspin, < 0 backspin)", false);
  cli.addNumber("mu", 0.3, "friction coefficient");
  cli.addNumber("T", 1.5, "final time");
  cli.addNumber("h", 1e-3, "time step");
  cli.parse(argc, argv);

  try {
    const double t0 = 0, T = cli.number("T"), h = cli.number("h");
    const double v0x = cli.number("v0"), omega0 = cli.number("omega0"), mu = cli.number("mu");
    const double m = 1, g = 9.81, R = 0.1;
    const Eigen::Matrix3d inertia = Eigen::Matrix3d::Identity() * (0.4 * m * R * R);
    Eigen::VectorXd q0(7), v0(6);
    q0 << 0, 0, R, 1, 0, 0, 0;
    v0 << v0x, 0, 0, 0, omega0, 0;
    auto ball = std::make_shared<NewtonEulerDS>(q0, v0, m, inertia);
    ball->setFExt(Eigen::Vector3d(0, 0, -m * g));

    auto relation = std::make_shared<NewtonEuler3DR>(
        NewtonEuler1DR::sphereOnPlane(R, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()));
    auto contact = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 3), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    nsds->link(contact, ball);
    auto friction = std::make_shared<FrictionContact>(3);
    auto sim =
        std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h),
                                       std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), friction);
    sim->initialize();

    // Slip velocity of the contact point, energy, angular momentum about the contact point
    // P = G − R e_z (y components; the motion stays in the plane x–z).
    auto slip = [&] { return ball->twist()(0) - R * ball->twist()(4); };
    auto energy = [&] { return ball->kineticEnergy() + m * g * ball->q()(2); };
    auto momentumAboutContact = [&] {
      const Eigen::Vector3d GP(0, 0, R);
      const Eigen::Vector3d linear = m * ball->twist().head<3>();
      return (ball->angularMomentum() + GP.cross(linear))(1);
    };

    std::optional<examples::RowWriter> out;
    auto writeRow = [&](double t) {
      const auto& q = ball->q();
      const auto& v = ball->twist();
      const auto& p = ball->p(1);
      out->write({t, q(0), q(2), v(0), v(2), v(4), slip(), energy(), momentumAboutContact(), p(2),
                  p(0), q(3), q(5)});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 13);
      writeRow(t0);
    }

    examples::ProgressBar progress("RollingSphere", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    const double slipTolerance = 1e-9 * std::max(1.0, std::abs(v0x) + R * std::abs(omega0));
    long steps = 0, sliding = 0;
    double tRolling = std::abs(slip()) <= slipTolerance ? t0 : -1.0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      if (!friction->lastResult().converged()) {
        throw std::runtime_error(
            "FrictionContact(3) failed at t = " + std::to_string(sim->nextTime()) + ": " +
            friction->lastResult().message);
      }
      if (out) writeRow(sim->nextTime());
      if (std::abs(slip()) > slipTolerance)
        ++sliding;
      else if (tRolling < 0)
        tRolling = sim->nextTime();
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();

    const double tStar = 2 * std::abs(v0x - R * omega0) / (7 * mu * g);
    const double vInf = (5 * v0x + 2 * R * omega0) / 7;
    std::printf(
        "RollingSphere: rolling from t = %.6g (analytic t* = %.6g), v_x = %.9g "
        "(analytic (5 v0 + 2 R w0)/7 = %.9g) at T\n",
        tRolling, tStar, ball->twist()(0), vInf);
    examples::printSummary("RollingSphere", steps, sliding, "sliding steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "RollingSphere: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
