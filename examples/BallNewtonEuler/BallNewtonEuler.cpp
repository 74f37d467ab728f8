// BallNewtonEuler: a Newton–Euler ball whose x-velocity and body-frame ω_x, ω_z are imposed by
// a velocity boundary condition — tutorial-models.md §33 (BallOnMovingPlane).
//
// Model: NewtonEulerDS m = 1, I = I₃, F_ext = (−m g, 0, 0) with g = 10, q0 = (1, 0, 0, 1, 0, 0, 0),
// v0 = 0. BoundaryCondition on twist indices {0, 3, 5} (v_G,x and Ω_x, Ω_z in the body frame),
// prescribed velocity 2 + cos(π t / 2) on each. The tutorial also creates a sphere–plane contact
// (a NewtonEuler3DR, NewtonImpactFrictionNSL(0.9, 0.9, 0.6, 3)) but never links it to the ball:
// it is created here too and left unlinked, so no contact ever occurs and the one-step problem
// (GenericMechanical, as the tutorial) stays empty. t0 = 0, T = 10, h = 1e-3 (10000 steps),
// Newton tolerance 1e-10, at most 10 iterations.
//
// Scheme, as the tutorial: MoreauJeanDirectProjectionOSI(θ = 1) (its companion
// MoreauJeanNewtonEulerDirectProjectionOSI integrates the ball) with TimeSteppingDirectProjection
// (20 projection iterations, tolerances 1e-8) and MLCPProjectOnConstraints(ENUM, 1.0). With no
// linked interaction the projection does nothing: the trajectory is that of the plain θ = 1
// Newton–Euler Moreau–Jean step.
//
// Output (row 0 = initial state, then one row per step), 20 columns: t, q0, v0, p(1)_0,
// reaction_0, acos(clamp(q3, −1, 1)), 0 (the tutorial never writes column 6), q0..q6, v0..v5.
// reaction_0 = reactionToBoundaryConditions()(0), Siconos's −(column 0 of W)·v_{k+1} + p_0
// = −m v_x here (docs/theory/newton-euler.md §5.1; the impulse of the drive is
// boundaryConditionImpulse(), see the README).
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
  examples::CommandLine cli("BallNewtonEuler",
                            "Newton-Euler ball with prescribed x-velocity and spins\n"
                            "(NewtonEulerDS, BoundaryCondition, Moreau-Jean theta = 1).",
                            "BallNewtonEuler.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 1e-3, "time step");
  cli.parse(argc, argv);

  try {
    const double t0 = 0, T = cli.number("T"), h = cli.number("h");
    const double m = 1, g = 10, R = 0.1;
    const double pi = std::acos(-1.0);
    Eigen::VectorXd q0(7);
    q0 << 1, 0, 0, 1, 0, 0, 0;
    auto ball = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), m,
                                                Eigen::Matrix3d::Identity());
    ball->setFExt(Eigen::Vector3d(-m * g, 0, 0));
    // The tutorial's plug-in "prescribedvelocity3": 2 + cos(π t / 2) on each index.
    ball->setBoundaryConditions(std::make_shared<BoundaryCondition>(
        std::vector<unsigned>{0, 3, 5}, [pi](double t, Eigen::Ref<Eigen::VectorXd> v) {
          v.setConstant(2.0 + std::cos(pi * t / 2.0));
        }));

    // Created as in the tutorial, never linked: no contact.
    auto relation = std::make_shared<NewtonEuler3DR>(
        NewtonEuler1DR::sphereOnPlane(R, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX()));
    auto contact = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactFrictionNSL>(0.9, 0.9, 0.6, 3), relation);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(ball);
    auto problem = std::make_shared<GenericMechanical>();
    auto sim = std::make_shared<TimeSteppingDirectProjection>(
        nsds, std::make_shared<TimeDiscretisation>(t0, h),
        std::make_shared<MoreauJeanDirectProjectionOSI>(1.0), problem,
        std::make_shared<MLCPProjectOnConstraints>("enum", 1.0));
    sim->setProjectionMaxIteration(20);
    sim->setConstraintTol(1e-8);
    sim->setConstraintTolUnilateral(1e-8);
    sim->setNewtonTolerance(1e-10);
    sim->setNewtonMaxIteration(10);
    sim->initialize();

    std::optional<examples::RowWriter> out;
    auto writeRow = [&](double t) {
      const auto& q = ball->q();
      const auto& v = ball->twist();
      out->write({t,
                  q(0),
                  v(0),
                  ball->p(1)(0),
                  ball->reactionToBoundaryConditions()(0),
                  std::acos(std::clamp(q(3), -1.0, 1.0)),
                  0.0,
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
                  v(5)});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 20);
      writeRow(t0);
    }

    examples::ProgressBar progress("BallNewtonEuler", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0;
    double maxDeviation = 0;  // |v_i − v̄_i(t_{k+1})| on the prescribed components
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double vbar = 2.0 + std::cos(pi * sim->nextTime() / 2.0);
      for (int i : {0, 3, 5})
        maxDeviation = std::max(maxDeviation, std::abs(ball->twist()(i) - vbar));
      if (out) writeRow(sim->nextTime());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    if (contact->dynamicalSystems().size() != 0)
      throw std::logic_error("the tutorial's interaction must stay unlinked");

    std::printf(
        "BallNewtonEuler: x(T) = %.9g, prescribed components within %.2g of 2 + cos(pi t/2), "
        "|p| - 1 = %.2g at T\n",
        ball->q()(0), maxDeviation, ball->quaternion().norm() - 1.0);
    examples::printSummary("BallNewtonEuler", steps, 0, "contacts", sim->log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BallNewtonEuler: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
