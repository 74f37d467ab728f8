// ImpactAccumulation: how many impacts does Moreau–Jean time stepping simulate before a
// bouncing ball comes to rest? A ball dropped from height H0 on the ground bounces with a
// Newton law of coefficient e: the exact motion has infinitely many impacts (speeds
// e^n v1) accumulating at the finite time t∞ = t1 + 2 e v1 / (g (1 − e)), t1 = √(2 H0 / g),
// v1 = √(2 g H0). A time stepper resolves the bounces whose period is larger than about h and
// then keeps the ball in contact, so the number of simulated impacts grows like
// a + log10(1/h) · ln 10 / ln(1/e) (Acary, JNRR 2009, Table I).
//
// Model: 1 dof (the height of the centre, y = q ≥ 0: model BB of tutorial-models.md on its
// vertical dof), LagrangianLinearTIDS M = [m], F_ext = −m g; LagrangianLinearTIR H = [1];
// NewtonImpactNSL(e); MoreauJeanOSI(θ = ½), LCP. One run per (e, h).
//
// Definitions (see README.md):
//   impact = a step k → k+1 with λ_{k+1} > 0 and v_k < −g h (the ball approaches faster than
//            gravity alone accelerates it in one step; a resting contact has |v| < g h and
//            λ ≈ m g h);
//   rest   = the first step from which, for a duration --hold, every step has λ > 0 and
//            |v_{k+1}| ≤ g h. The run stops there (t_rest = the start of that window), or at
//            T_max = 2 t∞ + 1 s (then the run is reported as not at rest).
//
// Output: one row per (e, h) (columns in README.md); the table of counts and the fitted
// slopes on stdout, then the summary line.
#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

namespace {

constexpr double kMass = 1.0, kGravity = 9.81, kTheta = 0.5;

// Parses "0.2,0.5,0.7" into numbers in (low, high); exits with code 2 otherwise.
std::vector<double> parseList(const std::string& option, const std::string& text, double low,
                              double high) {
  std::vector<double> values;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    char* end = nullptr;
    const double v = std::strtod(item.c_str(), &end);
    if (item.empty() || end == item.c_str() || *end != '\0' || !std::isfinite(v) || v <= low ||
        v >= high) {
      std::fprintf(stderr,
                   "ImpactAccumulation: error: option --%s expects a comma-separated list of "
                   "numbers in (%g, %g), got '%s'\n",
                   option.c_str(), low, high, text.c_str());
      std::exit(examples::kBadOptionExitCode);
    }
    values.push_back(v);
  }
  if (values.empty()) {
    std::fprintf(stderr, "ImpactAccumulation: error: option --%s needs at least one value\n",
                 option.c_str());
    std::exit(examples::kBadOptionExitCode);
  }
  return values;
}

struct RunResult {
  long steps = 0;
  long impacts = 0;
  std::size_t failures = 0;  // failed LCP solves (log totals count even when disabled)
  double tRest = NAN;        // NaN: not at rest before T_max
  double minHeight = 0;
  double seconds = 0;  // wall time of the time loop
};

// Exact accumulation time of the bouncing ball dropped at rest from height H0.
double accumulationTime(double e, double height) {
  const double t1 = std::sqrt(2 * height / kGravity), v1 = std::sqrt(2 * kGravity * height);
  return t1 + 2 * e * v1 / (kGravity * (1 - e));
}

// Number of impacts of the exact motion whose impact speed e^(n−1) v1 is at least `speed`.
double exactImpactsFasterThan(double speed, double e, double height) {
  const double v1 = std::sqrt(2 * kGravity * height);
  if (v1 < speed) return 0;
  return 1 + std::floor(std::log(v1 / speed) / std::log(1 / e));
}

RunResult simulate(double e, double h, double height, double hold) {
  const double t0 = 0, tMax = 2 * accumulationTime(e, height) + 1;
  auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, height),
                                                     Eigen::VectorXd::Zero(1),
                                                     Eigen::MatrixXd::Constant(1, 1, kMass));
  ball->setFExtPtr(Eigen::VectorXd::Constant(1, -kMass * kGravity));
  auto ground = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(e),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, tMax);
  nsds->insertDynamicalSystem(ball);
  nsds->link(ground, ball);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h),
                                            std::make_shared<MoreauJeanOSI>(kTheta),
                                            std::make_shared<LCP>());
  // Up to 36 M steps per run: no per-step record of the one-step problems (the log keeps
  // one record per step, ~180 bytes, i.e. 3 GB for e = 0.95, h = 1e-6).
  sim->log().setEnabled(false);
  sim->initialize();

  RunResult r;
  r.minHeight = height;
  const double restSpeed = kGravity * h;
  const long holdSteps = std::max(1L, std::lround(hold / h));
  long restStart = -1;  // first step of the current resting window
  const examples::Stopwatch clock;
  while (sim->hasNextEvent()) {
    const double vBefore = ball->velocity()(0);
    sim->computeOneStep();
    const double lambda = ground->lambda(1)(0), v = ball->velocity()(0);
    ++r.steps;
    if (lambda > 0 && vBefore < -restSpeed) ++r.impacts;
    r.minHeight = std::min(r.minHeight, ball->q()(0));
    if (lambda > 0 && std::abs(v) <= restSpeed) {
      if (restStart < 0) restStart = r.steps - 1;
      if (r.steps - restStart >= holdSteps) {
        r.tRest = t0 + static_cast<double>(restStart) * h;
        sim->nextStep();
        break;
      }
    } else {
      restStart = -1;
    }
    sim->nextStep();
  }
  r.seconds = clock.seconds();
  r.failures = sim->log().numberOfFailures();
  return r;
}

// Least-squares slope of y against x.
double slope(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "ImpactAccumulation",
      "Impacts simulated by Moreau-Jean before a bouncing ball rests, for several e and h\n"
      "(one row per (e, h); Table I of Acary, JNRR 2009).",
      "ImpactAccumulation.dat");
  cli.addWord("e", "0.2,0.5,0.7,0.9,0.95", "restitution coefficients, comma-separated, in (0, 1)");
  cli.addWord("h", "1e-3,1e-4,1e-5,1e-6", "time steps, comma-separated, in (0, 0.1)");
  cli.addNumber("height", 1.0, "drop height H0 of the ball (released at rest)");
  cli.addNumber("hold", 0.05, "duration of the resting window that ends a run");
  cli.parse(argc, argv);
  const std::vector<double> es = parseList("e", cli.word("e"), 0, 1);
  const std::vector<double> hs = parseList("h", cli.word("h"), 0, 0.1);
  const double height = cli.number("height"), hold = cli.number("hold");

  try {
    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) out.emplace(cli.output(), 12);

    long steps = 0, impacts = 0, notAtRest = 0;
    std::size_t failures = 0;
    double simulation = 0;
    std::vector<std::vector<long>> table(es.size());
    std::vector<double> secondsPerH(hs.size(), 0.0);
    std::vector<double> slopes;
    // One tick per (e, h) run (drawn only when stderr is a terminal).
    examples::ProgressBar progress("ImpactAccumulation", static_cast<long>(es.size() * hs.size()));
    long runsDone = 0;
    for (std::size_t i = 0; i < es.size(); ++i) {
      const double e = es[i], tInf = accumulationTime(e, height);
      const double theory = std::log(10.0) / std::log(1 / e);
      std::vector<double> x, y;
      for (std::size_t j = 0; j < hs.size(); ++j) {
        const double h = hs[j];
        const RunResult r = simulate(e, h, height, hold);
        progress.update(++runsDone);
        secondsPerH[j] += r.seconds;
        steps += r.steps;
        impacts += r.impacts;
        failures += r.failures;
        simulation += r.seconds;
        if (std::isnan(r.tRest)) ++notAtRest;
        table[i].push_back(r.impacts);
        x.push_back(std::log10(1 / h));
        y.push_back(static_cast<double>(r.impacts));
        if (out) {
          out->write({e, h, std::log10(1 / h), static_cast<double>(r.impacts), theory,
                      exactImpactsFasterThan(kGravity * h, e, height), r.tRest, tInf,
                      r.tRest - tInf, static_cast<double>(r.steps), -r.minHeight, height});
        }
      }
      slopes.push_back(hs.size() > 1 ? slope(x, y) : NAN);
    }
    progress.finish();
    if (out) out->close();

    // The table of counts (rows e, columns h), then the fitted slopes against the theory.
    std::printf("impacts until rest (%zu runs)", es.size() * hs.size());
    for (const double h : hs) std::printf(" h=%-8.0e", h);
    std::printf(" | slope/decade  ln10/ln(1/e)\n");
    for (std::size_t i = 0; i < es.size(); ++i) {
      std::printf("e = %-16.4g ", es[i]);
      for (const long n : table[i]) std::printf(" %-10ld", n);
      std::printf(" | %12.2f  %12.2f\n", slopes[i], std::log(10.0) / std::log(1 / es[i]));
    }
    std::printf("wall time (s)        ");
    for (const double s : secondsPerH) std::printf(" %-10.3f", s);
    std::printf(" |\n");
    if (notAtRest > 0) {
      std::printf("warning: %ld run(s) not at rest at T_max = 2 t_inf + 1 s\n", notAtRest);
    }
    examples::printSummary("ImpactAccumulation", steps, impacts, "impacts", failures, simulation,
                           out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "ImpactAccumulation: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
