// BouncingBallNETSProj: the Newton–Euler sphere of BouncingBallNETS (tutorial-models.md §31)
// with the projection of the positions onto the constraints after each step —
// tutorial-models.md §32 (BouncingBallNETS-WITHPROJ).
//
// Model: as BouncingBallNETS: NewtonEulerDS m = 1, I = I₃, F_ext = (−m g, 0, 0), g = 9.81;
// q0 = (1, 0, 0, 1, 0, 0, 0), v0 = (2, 0, 0, 0, 0, 0); NewtonEuler3DR sphere–plane contact of
// radius R = 0.1 on x = 0 (N = e_x, t1 = −e_z, t2 = e_y); NewtonImpactFrictionNSL(e_n = 0.9,
// e_t = 0.9, μ = 0.6, 3). Scheme of §32: MoreauJeanDirectProjectionOSI(θ = ½, default
// thresholds; it projects the Newton–Euler body with its companion
// MoreauJeanNewtonEulerDirectProjectionOSI), GenericMechanical, MLCPProjectOnConstraints(ENUM, α =
// 1), TimeSteppingDirectProjection (level 1, 20 projection iterations, both tolerances 1e-8),
// Newton tolerance 1e-10, at most 10 iterations; t0 = 0, T = 10, h = 5e-3 (2000 steps).
// Projection: docs/theory/projection.md §2.4.
//
// Output (row 0 = initial state, then one row per step), 16 columns as §31: t, q0, v0, p(1)_0,
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

#include "../BouncingBallNETS/BouncingBallNETSModel.hpp"
#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "BouncingBallNETSProj",
      "3-D Newton-Euler sphere bouncing on the plane x = 0 with friction, positions projected\n"
      "onto the constraint after each step (MoreauJeanDirectProjectionOSI,\n"
      "TimeSteppingDirectProjection).",
      "BouncingBallNETSProj.dat");
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
    auto sim = std::make_shared<TimeSteppingDirectProjection>(
        nsds, std::make_shared<TimeDiscretisation>(t0, h),
        std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), friction,
        std::make_shared<MLCPProjectOnConstraints>("enum", 1.0));
    sim->setIndexSetLevelForProjection(1);
    sim->setProjectionMaxIteration(20);
    sim->setConstraintTol(1e-8);
    sim->setConstraintTolUnilateral(1e-8);
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

    examples::ProgressBar progress("BouncingBallNETSProj", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    double minGap = INFINITY, maxNormError = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      if (!friction->lastResult().converged()) {
        throw std::runtime_error(
            "GenericMechanical failed at t = " + std::to_string(sim->nextTime()) + ": " +
            friction->lastResult().message);
      }
      if (out) writeRow(sim->nextTime());
      if (contact->lambda(1)(0) > 0) ++impacts;
      minGap = std::min(minGap, contact->y(0)(0));
      maxNormError = std::max(maxNormError, std::abs(ball->quaternion().norm() - 1.0));
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();

    std::printf(
        "BouncingBallNETSProj: min gap %.3e, %lu projection iterations, max ||p| - 1| %.2g\n",
        minGap, sim->nbCumulatedProjectionIteration(), maxNormError);
    examples::printSummary("BouncingBallNETSProj", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallNETSProj: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
