// SlidingBlock: a block (point mass) thrown along a plane inclined at α with Coulomb friction
// μ — 2D frictional contact, FrictionContact(2), Moreau–Jean time stepping.
//
// Coordinates in the frame of the plane: q = (n, s), n the height above the plane (normal),
// s the position along the plane (down the slope positive). Gravity in that frame:
// F_ext = m g (−cos α, sin α). While the block slides forward its acceleration is
//   a = g (sin α − μ cos α)
// so with a < 0 (α below the friction angle atan μ) it stops at t_s = v0 / (−a) after
// d = v0² / (2 (−a)) and sticks; with a > 0 it slides on, s = v0 t + a t² / 2.
// Three cases (--case): flat (α = 0: t_s = v0/(μ g), d = v0²/(2 μ g)), stick (α = 10°),
// slide (α = 30°); μ = 0.3 (friction angle 16.7°), v0 = 2 m/s.
//
// Model: LagrangianLinearTIDS M = m I₂; LagrangianLinearTIR H = I₂ (rows [normal; tangent]:
// y = (n, s)); NewtonImpactFrictionNSL(e = 0, 0, μ, 2); MoreauJeanOSI(θ = ½), FrictionContact(2)
// (NSGS, tolerance 1e-12).
//
// Output (one row per step, row 0 = initial state): t, n, s, v_n, v_s, λ_n, λ_s, s_exact,
// v_exact (README.md).
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

namespace {

// Exact motion along the plane (forward sliding with constant acceleration a until the
// velocity vanishes, when a < 0; the block then sticks): position and velocity at t.
struct Exact {
  double v0, a;
  [[nodiscard]] double stopTime() const { return a < 0 ? v0 / -a : INFINITY; }
  [[nodiscard]] double velocity(double t) const { return v0 + a * std::min(t, stopTime()); }
  [[nodiscard]] double position(double t) const {
    const double tt = std::min(t, stopTime());
    return v0 * tt + 0.5 * a * tt * tt;
  }
};

}  // namespace

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "SlidingBlock",
      "Block thrown along a plane with Coulomb friction (FrictionContact(2),\n"
      "Moreau-Jean): flat plane, slope below (stick) or above (slide) the\n"
      "friction angle.",
      "SlidingBlock.dat");
  cli.addWord("case", "flat", "scenario: slope 0 (flat), 10 degrees (stick), 30 degrees (slide)",
              {"flat", "stick", "slide"});
  cli.addNumber("T", 2.0, "final time");
  cli.addNumber("h", 1e-3, "time step");
  cli.addNumber("mu", 0.3, "friction coefficient");
  cli.addNumber("v0", 2.0, "initial velocity along the plane (down the slope, >= 0)", false);
  cli.parse(argc, argv);
  if (cli.number("v0") < 0) {
    std::fprintf(stderr, "SlidingBlock: error: option --v0 must be >= 0 (down the slope)\n");
    return examples::kBadOptionExitCode;
  }

  try {
    const std::string& scenario = cli.word("case");
    const double m = 1, g = 9.81, pi = std::acos(-1.0), t0 = 0;
    const double degrees = scenario == "flat" ? 0.0 : scenario == "stick" ? 10.0 : 30.0;
    const double alpha = degrees * pi / 180;
    const double T = cli.number("T"), h = cli.number("h"), mu = cli.number("mu");
    const double v0 = cli.number("v0");
    const Exact exact{v0, g * (std::sin(alpha) - mu * std::cos(alpha))};

    // The block on the plane (n = 0), moving along it at v0.
    auto block =
        std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, v0),
                                               Eigen::MatrixXd(m * Eigen::Matrix2d::Identity()));
    block->setFExtPtr(Eigen::Vector2d(-m * g * std::cos(alpha), m * g * std::sin(alpha)));

    // The contact: row 0 normal (y_n = n ≥ 0), row 1 tangent (y_s = s), Coulomb friction μ.
    auto contact = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 2),
        std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(block);
    nsds->link(contact, block);
    auto friction = std::make_shared<FrictionContact>(2);
    friction->setTolerance(1e-12);
    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h),
                                              std::make_shared<MoreauJeanOSI>(0.5), friction);
    sim->initialize();

    std::optional<examples::RowWriter> out;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 9);
      out->write({t0, 0.0, 0.0, 0.0, v0, 0.0, 0.0, 0.0, v0});
    }

    examples::ProgressBar progress("SlidingBlock", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, inContact = 0;
    double stopTime = NAN, stopDistance = NAN;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      if (!friction->lastResult().converged()) {
        throw std::runtime_error(
            "FrictionContact(2) failed at t = " + std::to_string(sim->nextTime()) + ": " +
            friction->lastResult().message);
      }
      const double t = sim->nextTime();
      const auto& q = block->q();
      const auto& v = block->velocity();
      const auto& lambda = contact->lambda(1);
      if (out) {
        out->write({t, q(0), q(1), v(0), v(1), lambda(0), lambda(1), exact.position(t),
                    exact.velocity(t)});
      }
      if (lambda(0) > 0) ++inContact;
      if (std::isnan(stopTime) && v(1) <= 0) {
        stopTime = t;
        stopDistance = q(1);
      }
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();

    std::printf("%s: slope %g deg, mu %g, a = g (sin a - mu cos a) = %.6g m/s^2\n",
                scenario.c_str(), degrees, mu, exact.a);
    if (std::isnan(stopTime)) {
      std::printf("%s: sliding at T: s = %.9g (exact %.9g), v = %.9g (exact %.9g)\n",
                  scenario.c_str(), block->q()(1), exact.position(T), block->velocity()(1),
                  exact.velocity(T));
    } else {
      std::printf("%s: stopped at t = %.9g (exact %.9g) after s = %.9g (exact %.9g)\n",
                  scenario.c_str(), stopTime, exact.stopTime(), stopDistance,
                  exact.position(exact.stopTime()));
    }
    examples::printSummary("SlidingBlock", steps, inContact, "contact steps",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "SlidingBlock: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
