// Time-stepping cost of whole runs (no output): BouncingBall (T = 10, h = 0.005)
// and CamFollower (T = 5, h = 1e-4, 358 rpm), plus a chain of N balls with N
// ground contacts to show how a step scales with the number of interactions.
#include <moreau/Moreau.hpp>

#include <benchmark/benchmark.h>

#ifdef MOREAU_BENCH_HAVE_CAM
#include "CamState.hpp"
#endif

namespace {

using namespace moreau;

// N independent balls dropped from staggered heights on the ground: N DS, N interactions.
std::shared_ptr<TimeStepping> makeBalls(int n, double T,
                                        std::vector<std::shared_ptr<Interaction>>* out) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(1, 1), H = M;
  for (int i = 0; i < n; ++i) {
    auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, 1.0 + 0.01 * i),
                                                       Eigen::VectorXd::Zero(1), M);
    ball->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.9),
                                               std::make_shared<LagrangianLinearTIR>(H));
    nsds->insertDynamicalSystem(ball);
    nsds->link(inter, ball);
    if (out) out->push_back(inter);
  }
  return std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.005),
                                        std::make_shared<MoreauJeanOSI>(0.5),
                                        std::make_shared<LCP>());
}

void BM_BouncingBalls(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  std::size_t steps = 0;
  for (auto _ : state) {
    auto sim = makeBalls(n, 10.0, nullptr);
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      sim->nextStep();
    }
    steps = sim->numberOfSteps();
  }
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["us_per_step"] = benchmark::Counter(
      static_cast<double>(steps) * 1e-6,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_BouncingBalls)->Arg(1)->Arg(10)->Arg(50)->Unit(benchmark::kMillisecond);

#ifdef MOREAU_BENCH_HAVE_CAM
void BM_CamFollower(benchmark::State& state) {
  const double rpm = 358.0;
  std::size_t steps = 0;
  long impacts = 0;
  for (auto _ : state) {
    Eigen::MatrixXd M(1, 1), K(1, 1), C(1, 1), H(1, 1);
    M << 1.221;
    K << 1430.8;
    C << 0.0;
    H << 1.0;
    auto follower = std::make_shared<LagrangianLinearTIDS>(
        Eigen::VectorXd::Constant(1, 0.4), Eigen::VectorXd::Constant(1, 0.4), M, K, C);
    follower->setComputeFExtFunction([rpm](double t, Eigen::VectorXd& f) {
      namespace cam = examples::cam;
      f(0) = examples::camEquivalentForce(t, rpm, cam::kMass, cam::kFriction, cam::kSpring);
    });
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.8),
                                               std::make_shared<LagrangianLinearTIR>(H));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 5.0);
    nsds->insertDynamicalSystem(follower);
    nsds->link(inter, follower);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-4),
                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
    impacts = 0;
    while (sim.hasNextEvent()) {
      sim.computeOneStep();
      if (inter->lambda(1)(0) > 0) ++impacts;
      sim.nextStep();
    }
    steps = sim.numberOfSteps();
  }
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["impacts"] = static_cast<double>(impacts);
  state.counters["us_per_step"] = benchmark::Counter(
      static_cast<double>(steps) * 1e-6,
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_CamFollower)->Unit(benchmark::kMillisecond);
#endif

}  // namespace

BENCHMARK_MAIN();
