// ColumnOfBeadsCombinedProjection: the ten beads of ColumnOfBeadsTS (tutorial-models §8) with
// the combined projection scheme (tutorial-models §22, issue 13). Model, lazy contact creation
// and output are those of ColumnOfBeadsTS:
//   bead i: LagrangianLinearTIDS, q = (height, horizontal, angle), M = diag(m, m, 3/5 m R²),
//           F_ext = (−m g, 0, 0), q0 = (1 + 0.25 i, 0, 0), v0 = 0
//   floor:  y = q_0,0 − R       (LagrangianLinearTIR H = [1 0 0], b = −R), on bead 0
//   pair:   y = q_i+1,0 − q_i,0 − 2R   (H = [−1 0 0 1 0 0], b = −2R)
//   every contact: NewtonImpactNSL(0.9), created before a step when its gap is within the alert
//   distance 0.02 (never removed).
// MoreauJeanCombinedProjectionOSI(θ = 0.5), LCP (default solver) at velocity level,
// MLCPProjectOnConstraints (ENUM) at position level, TimeSteppingCombinedProjection with at most
// 10 projection iterations, unilateral tolerance 1e-8 (equality tolerance 1e-8, 50 index-set
// iterations: defaults); h = 5e-4, T = 2 (4000 steps).
//
// Output (row 0 = the initial state at t0, then one row per step), 41 columns:
//   t, then q_i,0 and v_i,0 for i = 0..9, then 20 columns of zeros (the spec's unused columns);
// none with `--output none`. Before the summary line: the contacts created, the largest
// penetration max(0, −y) over the created contacts at the end of the steps, and the projection
// and index-set iterations.
#include <moreau/Moreau.hpp>

#include <algorithm>
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
  examples::CommandLine cli("ColumnOfBeadsCombinedProjection",
                            "Ten beads falling onto the floor, contacts created during the run "
                            "(combined projection time stepping, LCP + MLCP projection).",
                            "ColumnOfBeadsCombinedProjection.dat");
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
    auto osi = std::make_shared<MoreauJeanCombinedProjectionOSI>(theta);
    auto lcp = std::make_shared<LCP>();
    auto projection = std::make_shared<MLCPProjectOnConstraints>("enum");
    auto sim = std::make_shared<TimeSteppingCombinedProjection>(nsds, td, osi, lcp, projection);
    sim->setProjectionMaxIteration(10);
    sim->setConstraintTolUnilateral(1e-8);
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

    examples::ProgressBar progress("ColumnOfBeadsCombinedProjection",
                                   static_cast<long>(sim->numberOfSteps()));
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0, indexSetIterations = 0;
    double penetration = 0;  // max(0, −y) over the created contacts at the end of the steps
    while (sim->hasNextEvent()) {
      createContacts();
      sim->computeOneStep();
      for (const auto& c : contacts) {
        impacts += c->lambda(1)(0) > 0 ? 1 : 0;
        penetration = std::max(penetration, -c->y(0)(0));
      }
      indexSetIterations += sim->nbIndexSetsIteration();
      if (out) writeRow(sim->nextTime());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    std::printf("ColumnOfBeadsCombinedProjection: %zu interactions created during the run\n",
                contacts.size());
    std::printf(
        "max penetration %.3e, %lu projection iterations, %ld index-set iterations (%ld steps "
        "computed again)\n",
        penetration, sim->nbCumulatedProjectionIteration(), indexSetIterations,
        indexSetIterations - steps);
    examples::printSummary("ColumnOfBeadsCombinedProjection", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "ColumnOfBeadsCombinedProjection: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
