// NewtonCradle: N equal balls in a row on a line (no gravity along it); ball 0 is thrown at
// v0 against the others at rest. Neighbouring balls i−1, i share contact i
// (y_i = x_i − x_{i−1} − 2R ≥ 0, NewtonImpactNSL(e)): N − 1 interactions, each linked to two
// dynamical systems, every ball but the end ones in two interactions.
//
// With small gaps between the balls (--gap > 0) the impacts are sequential: for e = 1 each
// impact exchanges the velocities of two equal balls and the last ball leaves at v0 while the
// others stop ("one in, one out"). With touching balls (--gap 0) all contacts are closed at
// the first step and Moreau–Jean solves ONE LCP for the simultaneous impact: the balls
// 1 … N−1, in contact with zero relative velocity, must keep ẏ ≥ −e·0 = 0, so they leave as
// one rigid block: v_0 = (1 + e − e N) v0 / N, v_1..N−1 = (1 + e) v0 / N (README.md).
//
// Model: LagrangianLinearTIDS, 1 dof each (x_i), M = [m], no force; LagrangianLinearTIR
// H = [−1, 1], b = −2R; MoreauJeanOSI(θ = ½), LCP.
//
// Output (one row per step, row 0 = initial state): t, x_0 … x_{N−1}, v_0 … v_{N−1},
// λ_1 … λ_{N−1}, total momentum, kinetic energy.
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

int main(int argc, char** argv) {
  examples::CommandLine cli(
      "NewtonCradle",
      "Newton's cradle: N balls in a row, ball 0 thrown at the others (Moreau-Jean, LCP).\n"
      "--gap > 0: sequential impacts; --gap 0: touching balls, one simultaneous impact.",
      "NewtonCradle.dat");
  cli.addInteger("balls", 5, "number of balls N", 2, 1000);
  cli.addNumber("e", 1.0, "restitution coefficient, in [0, 1]", false);
  cli.addNumber("gap", 0.015625, "initial gap between neighbouring balls (0: touching)", false);
  cli.addNumber("v0", 1.0, "initial velocity of ball 0");
  cli.addNumber("T", 0.1, "final time");
  cli.addNumber("h", 1e-4, "time step");
  cli.parse(argc, argv);
  const double e = cli.number("e"), gap = cli.number("gap");
  if (!(e >= 0 && e <= 1)) {
    std::fprintf(stderr, "NewtonCradle: error: option --e must be in [0, 1]\n");
    return examples::kBadOptionExitCode;
  }
  if (gap < 0) {
    std::fprintf(stderr, "NewtonCradle: error: option --gap must be >= 0\n");
    return examples::kBadOptionExitCode;
  }

  try {
    const int n = static_cast<int>(cli.integer("balls"));
    const double m = 1, R = 0.0625, theta = 0.5, t0 = 0;
    const double v0 = cli.number("v0"), T = cli.number("T"), h = cli.number("h");

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    std::vector<std::shared_ptr<LagrangianLinearTIDS>> balls;
    for (int i = 0; i < n; ++i) {
      // Ball i at x_i = i (2R + gap): ball 0 is `gap` away from ball 1.
      auto ball = std::make_shared<LagrangianLinearTIDS>(
          Eigen::VectorXd::Constant(1, i * (2 * R + gap)),
          Eigen::VectorXd::Constant(1, i == 0 ? v0 : 0.0), Eigen::MatrixXd::Constant(1, 1, m));
      nsds->insertDynamicalSystem(ball);
      balls.push_back(ball);
    }
    // Contact i between balls i−1 and i: y = x_i − x_{i−1} − 2R (q of the pair stacked).
    std::vector<std::shared_ptr<Interaction>> contacts;
    Eigen::MatrixXd H(1, 2);
    H << -1, 1;
    for (int i = 1; i < n; ++i) {
      auto contact = std::make_shared<Interaction>(
          std::make_shared<NewtonImpactNSL>(e),
          std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -2 * R)));
      nsds->link(contact, balls[i - 1], balls[i]);
      contacts.push_back(contact);
    }

    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(t0, h),
                                              std::make_shared<MoreauJeanOSI>(theta),
                                              std::make_shared<LCP>());
    sim->initialize();

    const auto nb = static_cast<std::size_t>(n);
    const std::size_t columns = 3 * nb + 2;
    std::vector<double> row(columns, 0.0);
    double momentum = 0, energy = 0;
    auto fillRow = [&](double t, bool withLambda) {
      row[0] = t;
      momentum = energy = 0;
      for (std::size_t i = 0; i < nb; ++i) {
        const double v = balls[i]->velocity()(0);
        row[1 + i] = balls[i]->q()(0);
        row[1 + nb + i] = v;
        momentum += m * v;
        energy += 0.5 * m * v * v;
      }
      for (std::size_t i = 0; i + 1 < nb; ++i) {
        row[1 + 2 * nb + i] = withLambda ? contacts[i]->lambda(1)(0) : 0.0;
      }
      row[3 * nb] = momentum;
      row[3 * nb + 1] = energy;
    };

    std::optional<examples::RowWriter> out;
    fillRow(t0, false);
    const double momentum0 = momentum, energy0 = energy;
    if (cli.writesOutput()) {
      out.emplace(cli.output(), columns);
      out->write(row.data(), columns);
    }

    examples::ProgressBar progress("NewtonCradle", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    // Impacts: (step, contact) pairs with an impulse above rounding level (a closed contact
    // between balls moving together gets impulses of ~1e-16 m v0 correcting rounding).
    const double impulseFloor = 1e-12 * m * v0;
    long steps = 0, impacts = 0;
    double momentumDrift = 0, energyDrift = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      fillRow(sim->nextTime(), true);
      for (const auto& contact : contacts) {
        if (contact->lambda(1)(0) > impulseFloor) ++impacts;
      }
      momentumDrift = std::max(momentumDrift, std::abs(momentum - momentum0));
      energyDrift = std::max(energyDrift, std::abs(energy - energy0));
      if (out) out->write(row.data(), columns);
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();

    std::printf("final velocities:");
    for (const auto& ball : balls) std::printf(" %.12g", ball->velocity()(0));
    std::printf(
        "\nmomentum %.15g (initial %.15g, max drift %.3g), kinetic energy %.15g "
        "(initial %.15g, max change %.3g)\n",
        momentum, momentum0, momentumDrift, energy, energy0, energyDrift);
    examples::printSummary("NewtonCradle", steps, impacts, "impacts", sim->log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "NewtonCradle: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
