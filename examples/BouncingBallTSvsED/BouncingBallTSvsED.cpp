// BouncingBallTSvsED: time-stepping against event-driven on the same model (issue 12).
// The bouncing ball of BouncingBallED (shared model BB: M = diag(m, m, 3/5 m R²), m = 1, R = 0.1,
// F_ext = (−m g, 0, 0), g = 9.81, q0 = (1, 0, 0), v0 = 0, y = q0 ≥ 0, NewtonImpactNSL(0.9)) is
// run once event-driven (EventDriven + LsodarOSI, impact and acceleration LCPs, output grid
// every --h up to --T) and then with Moreau–Jean time stepping (MoreauJeanOSI(0.5), LCP) for
// h_j = h / 2^j, j = 0..levels−1. Each time-stepping run is sampled on the same grid and compared
// with the event-driven one.
//
// Output, one row per h_j, 5 columns:
//   h_j, max |q_TS − q_ED| (height), max |v_TS − v_ED| (velocity), mean |q_TS − q_ED|,
//   max |q_TS − q_ED| / h_j
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

namespace {

struct BallModel {
  std::shared_ptr<LagrangianLinearTIDS> ball;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
};

BallModel makeBall(double T) {
  const double m = 1, R = 0.1, g = 9.81, e = 0.9;
  Eigen::MatrixXd M = Eigen::Vector3d(m, m, 3.0 / 5.0 * m * R * R).asDiagonal();
  BallModel b;
  b.ball =
      std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), M);
  b.ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
  Eigen::MatrixXd H(1, 3);
  H << 1, 0, 0;
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                             std::make_shared<LagrangianLinearTIR>(H));
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  b.nsds->insertDynamicalSystem(b.ball);
  b.nsds->link(inter, b.ball);
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "BouncingBallTSvsED",
      "Bouncing ball: Moreau-Jean time stepping against the event-driven run as h -> 0.",
      "BouncingBallTSvsED.dat");
  cli.addNumber("T", 1.0, "final time");
  cli.addNumber("h", 1e-2, "output grid and largest time step (h_j = h / 2^j)");
  cli.addInteger("levels", 11, "number of time steps h_j", 1, 20);
  cli.parse(argc, argv);

  try {
    const double T = cli.number("T"), h = cli.number("h");
    const long levels = cli.integer("levels");
    const examples::Stopwatch clock;

    // Event-driven reference on the grid k h.
    BallModel ed = makeBall(T);
    auto edSim =
        std::make_shared<EventDriven>(ed.nsds, std::make_shared<TimeDiscretisation>(0.0, h));
    edSim->insertIntegrator(std::make_shared<LsodarOSI>());
    edSim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);
    edSim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);
    edSim->initialize();
    std::vector<double> qED{ed.ball->q()(0)}, vED{ed.ball->velocity()(0)};
    long impacts = 0, steps = 0;
    while (edSim->hasNextEvent()) {
      edSim->advanceToEvent();
      const bool nonsmooth = edSim->nextEventType() == EventType::NonSmooth;
      edSim->processEvents();
      if (nonsmooth) {
        ++impacts;
      } else {
        qED.push_back(ed.ball->q()(0));
        vED.push_back(ed.ball->velocity()(0));
      }
    }

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) out.emplace(cli.output(), 5);
    const double outputBefore = out ? out->seconds() : 0.0;
    std::size_t failures = edSim->log().numberOfFailures();
    for (long j = 0; j < levels; ++j) {
      const long every = 1L << j;
      const double hj = h / static_cast<double>(every);
      BallModel ts = makeBall(T);
      auto sim = std::make_shared<TimeStepping>(
          ts.nsds, std::make_shared<TimeDiscretisation>(0.0, hj),
          std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
      long k = 0;
      double maxQ = 0, maxV = 0, sumQ = 0;
      std::size_t samples = 0;
      while (sim->hasNextEvent()) {
        sim->computeOneStep();
        sim->nextStep();
        ++steps;
        if (++k % every != 0) continue;
        const auto i = static_cast<std::size_t>(k / every);
        if (i >= qED.size()) break;
        const double dq = std::abs(ts.ball->q()(0) - qED[i]);
        maxQ = std::max(maxQ, dq);
        maxV = std::max(maxV, std::abs(ts.ball->velocity()(0) - vED[i]));
        sumQ += dq;
        ++samples;
      }
      failures += sim->log().numberOfFailures();
      const double meanQ = samples ? sumQ / static_cast<double>(samples) : 0.0;
      if (out) out->write({hj, maxQ, maxV, meanQ, maxQ / hj});
      std::printf("h = %.4e: max |q_TS - q_ED| = %.3e, max |v_TS - v_ED| = %.3e, mean = %.3e\n", hj,
                  maxQ, maxV, meanQ);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    if (out) out->close();
    examples::printSummary("BouncingBallTSvsED", steps, impacts, "impacts", failures, simulation,
                           out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "BouncingBallTSvsED: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
