// CamFollower: a spring-loaded follower (mass μ, spring κ) on a rotating cam, with impacts
// (Newton law e = 0.8) whenever it loses and regains contact. The follower is described relative
// to the cam, q = û = u − c(t) ≥ 0, so the contact is simply y = q ≥ 0. Two models (--model):
//   tutorial (default): Siconos's CF run as tutorial-models §10 records it: q0 = v0 = 0 and the
//     external force of its plugin, −m g with g = 0, i.e. F_ext ≡ 0 (so the follower stays at
//     q = v = 0), T = 1, h = 1e-4: the run the original program gives, column for column;
//   seed: the seed's cam–follower (dev-notes §4, issue 2): q0 = v0 = 0.4 and the cam motion as
//     the external force f̂(t) = −(μ c'' + ζ c' + κ c) (run it with --T 5 for the run).
//
// Output (one row per time step, including t0): t, q, v, λ(1), fExt, c, c', c + q; none with
// `--output none`.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "CamState.hpp"
#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("CamFollower",
                            "Follower bouncing on a rotating cam (Moreau-Jean time stepping, LCP).",
                            "CamFollower.dat");
  cli.addWord("model", "tutorial",
              "tutorial: Siconos's CF run (q0 = v0 = 0, F_ext = 0); seed: the seed's model (q0 = "
              "v0 = 0.4, the cam's equivalent force)",
              {"tutorial", "seed"});
  cli.addNumber("T", 1.0, "final time");
  cli.addNumber("h", 1e-4, "time step");
  cli.addNumber("rpm", 358.0, "cam speed in revolutions per minute");
  cli.parse(argc, argv);

  try {
    namespace cam = examples::cam;
    const double mass = 1.221, stiffness = 1430.8, damping = 0.0, e = 0.8, theta = 0.5, t0 = 0;
    const double T = cli.number("T"), h = cli.number("h"), rpm = cli.number("rpm");
    const bool seed = cli.word("model") == "seed";

    // The follower, in coordinates relative to the cam: LagrangianLinearTIDS (M, K, C).
    Eigen::VectorXd q0(1), v0(1);
    q0 << (seed ? 0.4 : 0.0);
    v0 << (seed ? 0.4 : 0.0);
    Eigen::MatrixXd M(1, 1), K(1, 1), C(1, 1);
    M << mass;
    K << stiffness;
    C << damping;
    auto follower = std::make_shared<LagrangianLinearTIDS>(q0, v0, M, K, C);
    if (seed) {
      follower->setComputeFExtFunction([rpm](double t, Eigen::VectorXd& fExt) {
        fExt(0) = examples::camEquivalentForce(t, rpm, cam::kMass, cam::kFriction, cam::kSpring);
      });
    } else {
      // Siconos's FollowerFExtR plugin: −m g with g = 0 (tutorial-models §10).
      follower->setComputeFExtFunction([mass](double, Eigen::VectorXd& fExt) {
        const double g = 0.0;
        fExt(0) = -mass * g;
      });
    }

    // Contact follower/cam: y = q ≥ 0.
    Eigen::MatrixXd H(1, 1);
    H << 1;
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                               std::make_shared<LagrangianLinearTIR>(H));

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(follower);
    nsds->link(inter, follower);

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);

    // No writer at all with --output none (benchmarking the simulation alone).
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 8);
      // The cam columns depend on t only: computed when the rows are formatted (output time).
      out->setRowCompletion([rpm](double* row) {
        const examples::CamState c = examples::camState(row[0], rpm);
        row[5] = c.position;
        row[6] = c.velocity;
        row[7] = c.position + row[1];
      });
    }
    auto writeRow = [&](double t, double lambda) {
      out->write({t, follower->q()(0), follower->velocity()(0), lambda, follower->fExt()(0), 0.0,
                  0.0, 0.0});
    };

    sim->initialize();
    if (out) {
      follower->computeFExt(t0);  // fExt at t0 for row 0 (idempotent)
      writeRow(t0, 0.0);          // row 0: the initial state, no impulse yet
    }

    examples::ProgressBar progress("CamFollower", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      const double lambda = inter->lambda(1)(0);
      if (out) writeRow(sim->nextTime(), lambda);
      if (lambda > 0) ++impacts;
      sim->nextStep();
      progress.update(++steps);
    }
    // Time loop minus the writer's share of it (blocks of rows formatted and written).
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    examples::printSummary("CamFollower", steps, impacts, "impacts", sim->log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "CamFollower: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
