// ColumnOfBeadsTS: ten beads in a vertical column fall onto the floor
// (tutorial-models specification §8, issue 10). The contacts are NOT declared up front: before
// every step the main loop looks at the current heights and links a new interaction when two
// neighbouring beads (or bead 0 and the floor) come within the alert distance, as a Siconos
// user script does. Interactions are never removed.
//   bead i: LagrangianLinearTIDS, q = (height, horizontal, angle), M = diag(m, m, 3/5 m R²),
//           F_ext = (−m g, 0, 0), q0 = (1 + 0.25 i, 0, 0), v0 = 0
//   floor:  y = q_0,0 − R       (LagrangianLinearTIR H = [1 0 0], b = −R), on bead 0
//   pair:   y = q_i+1,0 − q_i,0 − 2R   (H = [−1 0 0 1 0 0], b = −2R)
//   every contact: NewtonImpactNSL(0.9)
// Moreau–Jean (θ = 0.5), LCP with its default solver, h = 5e-4, T = 2 (4000 steps).
//
// Output (row 0 = the initial state at t0, then one row per step), 41 columns:
//   t, then q_i,0 and v_i,0 for i = 0..9, then 20 columns of zeros (the spec's unused columns);
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("ColumnOfBeadsTS",
                            "Ten beads falling onto the floor, contacts created during the run "
                            "(Moreau-Jean time stepping, LCP).",
                            "ColumnOfBeadsTS.dat");
  cli.addNumber("T", 2.0, "final time");
  cli.addNumber("h", 5e-4, "time step");
  cli.parse(argc, argv);

  try {
    constexpr int nBeads = 10;
    const double m = 1, R = 0.1, g = 9.81, gap0 = 0.25, alert = 0.02, e = 0.9, theta = 0.5;
    const double t0 = 0, T = cli.number("T"), h = cli.number("h");

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    const Eigen::Vector3d mass(m, m, 3.0 / 5.0 * m * R * R);
    const Eigen::MatrixXd M = mass.asDiagonal();
    const Eigen::Vector3d weight(-m * g, 0, 0);
    std::vector<std::shared_ptr<LagrangianLinearTIDS>> beads;
    for (int i = 0; i < nBeads; ++i) {
      const Eigen::Vector3d q0(1 + gap0 * i, 0, 0);
      auto bead = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector3d::Zero(), M);
      bead->setFExtPtr(weight);
      nsds->insertDynamicalSystem(bead);
      beads.push_back(bead);
    }

    // The contacts, created on demand (one law and one relation of each kind shared by all).
    auto law = std::make_shared<NewtonImpactNSL>(e);
    Eigen::MatrixXd Hfloor(1, 3);
    Hfloor << 1, 0, 0;
    auto floorRelation =
        std::make_shared<LagrangianLinearTIR>(Hfloor, Eigen::VectorXd::Constant(1, -R));
    Eigen::MatrixXd Hpair(1, 6);
    Hpair << -1, 0, 0, 1, 0, 0;
    auto pairRelation =
        std::make_shared<LagrangianLinearTIR>(Hpair, Eigen::VectorXd::Constant(1, -2 * R));
    std::shared_ptr<Interaction> floorContact;
    std::array<std::shared_ptr<Interaction>, nBeads - 1> pairContact{};
    std::vector<std::shared_ptr<Interaction>> contacts;  // in order of creation
    auto createContacts = [&] {
      for (int i = 0; i + 1 < nBeads; ++i) {
        const double qi = beads[i]->q()(0), qj = beads[i + 1]->q()(0);
        // As in the tutorial: the floor contact is always made with bead 0, whichever bead
        // came within the alert distance (bead 0 is the lowest one, so it is the first).
        if (!floorContact && std::abs(qi - R) < alert) {
          floorContact = std::make_shared<Interaction>(law, floorRelation);
          nsds->link(floorContact, beads[0]);
          contacts.push_back(floorContact);
        }
        if (!pairContact[i] && std::abs(qj - qi - 2 * R) < alert) {
          pairContact[i] = std::make_shared<Interaction>(law, pairRelation);
          nsds->link(pairContact[i], beads[i], beads[i + 1]);
          contacts.push_back(pairContact[i]);
        }
      }
    };

    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);
    sim->initialize();

    constexpr std::size_t columns = 41;
    std::optional<examples::RowWriter> out;
    std::array<double, columns> row{};  // columns 21..40 stay 0
    auto writeRow = [&](double t) {
      row[0] = t;
      for (int i = 0; i < nBeads; ++i) {
        row[1 + 2 * i] = beads[i]->q()(0);
        row[2 + 2 * i] = beads[i]->velocity()(0);
      }
      out->write(row.data(), row.size());
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), columns);
      writeRow(t0);
    }

    examples::ProgressBar progress("ColumnOfBeadsTS", static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    while (sim->hasNextEvent()) {
      createContacts();
      sim->computeOneStep();
      for (const auto& c : contacts) impacts += c->lambda(1)(0) > 0 ? 1 : 0;
      if (out) writeRow(sim->nextTime());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("ColumnOfBeadsTS: %zu interactions created during the run\n", contacts.size());
    examples::printSummary("ColumnOfBeadsTS", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "ColumnOfBeadsTS: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
