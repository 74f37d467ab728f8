// BouncingBallNETS: a 3-D sphere in the Newton–Euler formulation (position + unit quaternion,
// twist with the angular velocity in the body frame) bouncing on the plane x = 0 with Coulomb
// friction — tutorial-models.md §31 (BouncingBallNETS, without projection).
//
// Model: NewtonEulerDS m = 1, I = I₃, F_ext = (−m g, 0, 0), g = 9.81; q0 = (1, 0, 0, 1, 0, 0, 0),
// v0 = (2, 0, 0, 0, 0, 0). NewtonEuler3DR with the sphere–plane contact of radius R = 0.1
// (y0 = q0 − R, N = e_x, P1 = (q0 − R, q1, q2), tangents t1 = −e_z, t2 = e_y), law
// NewtonImpactFrictionNSL(e_n = 0.9, e_t = 0.9, μ = 0.6, 3). Scheme MoreauJeanOSI(θ = ½) as in the
// tutorial (it hands the Newton–Euler body to its companion MoreauJeanNewtonEulerOSI) and the
// GenericMechanical problem (a single FC3D block here), TimeStepping with Newton tolerance 1e-10,
// at most 10 iterations; t0 = 0, T = 10, h = 5e-3 (2000 steps).
//
// Output (row 0 = initial state, then one row per step), 16 columns: t, q0, v0, p(1)_0,
// λ(1)_0, acos(q3), ‖contactForce‖₂, q0..q6, v1, v2 (contactForce = Hᵀλ(1), 6 entries).
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "BouncingBallNETSModel.hpp"
#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("BouncingBallNETS",
                            "3-D Newton-Euler sphere bouncing on the plane x = 0 with friction\n"
                            "(NewtonEulerDS, NewtonEuler3DR, GenericMechanical, Moreau-Jean).",
                            "BouncingBallNETS.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 5e-3, "time step");
  cli.parse(argc, argv);

  try {
    const double t0 = 0, T = cli.number("T"), h = cli.number("h");
    const examples::BouncingBallNETSModel model = examples::makeBouncingBallNETS(t0, T);
    const auto& ball = model.ball;
    const auto& contact = model.contact;
    const auto& nsds = model.nsds;
    auto friction = std::make_shared<GenericMechanical>();
    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h),
                                              std::make_shared<MoreauJeanOSI>(0.5), friction);
    sim->setNewtonTolerance(1e-10);
    sim->setNewtonMaxIteration(10);
    sim->initialize();

    std::optional<examples::RowWriter> out;
    double row[16];
    auto writeRow = [&](double t) {
      examples::bouncingBallNETSRow(model, t, row);
      out->write(row, 16);
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 16);
      writeRow(t0);
    }

    examples::ProgressBar progress("BouncingBallNETS", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    double maxHeightAfterFirst = 0, minGap = INFINITY;
    bool bounced = false;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      if (!friction->lastResult().converged()) {
        throw std::runtime_error(
            "GenericMechanical failed at t = " + std::to_string(sim->nextTime()) + ": " +
            friction->lastResult().message);
      }
      if (out) writeRow(sim->nextTime());
      if (contact->lambda(1)(0) > 0) {
        ++impacts;
        bounced = true;
      }
      minGap = std::min(minGap, contact->y(0)(0));
      if (bounced) maxHeightAfterFirst = std::max(maxHeightAfterFirst, ball->q()(0));
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();

    std::printf(
        "BouncingBallNETS: highest point after the first impact x = %.9g, min gap %.3g, "
        "|p| - 1 = %.2g at T\n",
        maxHeightAfterFirst, minGap, ball->quaternion().norm() - 1.0);
    examples::printSummary("BouncingBallNETS", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallNETS: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
