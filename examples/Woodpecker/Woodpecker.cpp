// Woodpecker: the classic woodpecker toy (tutorial-models specification §16, issue 10). A sleeve
// (vertical position y) slides down a pole; the bird (angle φ_S) is attached to the sleeve by a
// torsion spring through the sleeve's own rotation φ_M. Three frictional contacts: the bird's
// beak on the pole (I1) and the two edges of the sleeve on the pole (I2, I3).
//   LagrangianLinearTIDS, q = (y, φ_M, φ_S), M full (3 × 3), K = c_φ [[0,0,0],[0,1,−1],[0,−1,1]]
//   F_ext = (−(m_S+m_M) g, −m_S l_M g, −m_S l_G g)  (constant, given as a function of t)
//   I1..I3: LagrangianLinearTIR of size 2 (row 0 normal, row 1 tangent),
//           NewtonImpactFrictionNSL(e_N, e_T = 0, μ = 0.3, 2)
// MoreauJeanOSI(0.5), FrictionContact(2) with NSGS (tolerance 1e-4, at most 1000 sweeps: the
// tutorial's defaults). t0 = 0, T = 0.3, h = 2e-5, N = floor(T/h) = 14999 steps (in floating
// point), loop k < N.
//
// Output (row 0 = the initial state at t0, then one row per step), 7 columns:
//   t, y, ẏ, φ_M, φ̇_M, φ_S, φ̇_S;  none with `--output none`.
#include <moreau/Moreau.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("Woodpecker",
                            "Woodpecker toy: sleeve and bird on a pole, three frictional contacts "
                            "(Moreau-Jean, FrictionContact 2D, NSGS).",
                            "Woodpecker.dat");
  cli.addNumber("T", 0.3, "final time");
  cli.addNumber("h", 2e-5, "time step");
  cli.addNumber("tolerance", 1e-4, "NSGS tolerance");
  cli.addInteger("iterations", 1000, "NSGS iteration budget", 1, 1000000000);
  cli.parse(argc, argv);

  try {
    // Geometry, inertia, spring, gravity, contacts.
    const double rO = 0.0025, rM = 0.0031, hM = 0.0058, lM = 0.010, lG = 0.015, hS = 0.02,
                 lS = 0.0201;
    const double mM = 3e-4, mS = 4.5e-3, JM = 5e-9, JS = 7e-7;
    const double cPhi = 0.0056, g = 9.81;
    const double eN1 = 0.5, eN23 = 0.0, eT = 0.0, mu = 0.3;
    const double theta = 0.5, t0 = 0, T = cli.number("T"), h = cli.number("h");

    Eigen::Matrix3d M;
    M << mS + mM, mS * lM, mS * lG,                //
        mS * lM, JM + mS * lM * lM, mS * lM * lG,  //
        mS * lG, mS * lM * lG, JS + mS * lG * lG;
    Eigen::Matrix3d K;
    K << 0, 0, 0,        //
        0, cPhi, -cPhi,  //
        0, -cPhi, cPhi;
    const Eigen::Vector3d q0(0, -0.1036, -0.2788), v0(-0.3411, 4.8572e-15, -7.4583);
    auto woodpecker =
        std::make_shared<LagrangianLinearTIDS>(q0, v0, M, K, Eigen::MatrixXd::Zero(3, 3));
    const Eigen::Vector3d weight(-(mS + mM) * g, -mS * lM * g, -mS * lG * g);
    woodpecker->setComputeFExtFunction([weight](double, Eigen::VectorXd& fExt) { fExt = weight; });

    // The three contacts (row 0 normal, row 1 tangent).
    auto contactRelation = [](const Eigen::RowVector3d& normal, const Eigen::RowVector3d& tangent,
                              double b0) {
      Eigen::MatrixXd H(2, 3);
      H.row(0) = normal;
      H.row(1) = tangent;
      return std::make_shared<LagrangianLinearTIR>(H, Eigen::Vector2d(b0, 0));
    };
    const std::array<std::shared_ptr<Interaction>, 3> contacts{
        std::make_shared<Interaction>(
            std::make_shared<NewtonImpactFrictionNSL>(eN1, eT, mu, 2),
            contactRelation({0, 0, -hS}, {1, lM, lG - lS}, lM + lG - lS - rO)),
        std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(eN23, eT, mu, 2),
                                      contactRelation({0, hM, 0}, {1, rM, 0}, rM - rO)),
        std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(eN23, eT, mu, 2),
                                      contactRelation({0, -hM, 0}, {1, rM, 0}, rM - rO))};

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(woodpecker);
    for (const auto& contact : contacts) nsds->link(contact, woodpecker);
    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto fc = std::make_shared<FrictionContact>(2);  // NSGS
    fc->setTolerance(cli.number("tolerance"));
    fc->setMaxIterations(static_cast<int>(cli.integer("iterations")));
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, fc);
    // Like Siconos, go on with the solver's answer when NSGS stops at its budget (counted below).
    sim->setFailurePolicy(FailurePolicy::Continue);
    sim->initialize();

    // As in the tutorial: N = floor(T/h) steps in floating point (14999 with the defaults).
    const long N = static_cast<long>(std::floor((T - t0) / h));

    std::optional<examples::RowWriter> out;
    const Eigen::VectorXd& q = woodpecker->q();
    const Eigen::VectorXd& v = woodpecker->velocity();
    auto writeRow = [&](double t) { out->write({t, q(0), v(0), q(1), v(1), q(2), v(2)}); };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 7);
      writeRow(t0);
    }

    examples::ProgressBar progress("Woodpecker", N);
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0, sweeps = 0, unconverged = 0;
    for (long k = 0; k < N; ++k) {
      sim->computeOneStep();
      bool any = false;
      for (const auto& contact : contacts) any = any || contact->lambda(1)(0) > 0;
      if (any) ++impacts;
      if (fc->size() > 0) {
        sweeps += fc->lastResult().iterations;
        if (!fc->lastResult().converged()) ++unconverged;
      }
      if (out) writeRow(sim->nextTime());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("Woodpecker: %ld NSGS sweeps in all, %ld steps where NSGS did not converge\n",
                sweeps, unconverged);
    examples::printSummary("Woodpecker", steps, impacts, "impacts", sim->log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "Woodpecker: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
