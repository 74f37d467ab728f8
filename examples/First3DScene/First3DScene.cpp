// First3DScene: the program of the tutorial docs/tutorial-first-3d-scene.md. A box and three
// spheres dropped on the ground with Coulomb friction; the contacts (box corners on the ground,
// sphere on the box, spheres on the ground) are found by a ContactManager before every step.
//
// Output (row 0 = initial state, then one row per step), 8 columns: t, z of the box centre,
// z of spheres 1–3, number of contacts, kinetic energy, solver iterations.
#include <moreau/Moreau.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

// [body]
// A rigid body at rest: centre x, identity orientation, mass m, inertia about the centre
// (body frame), and its weight.
std::shared_ptr<NewtonEulerDS> makeBody(const Eigen::Vector3d& x, double m,
                                        const Eigen::Matrix3d& inertia) {
  Eigen::VectorXd q0(7);
  q0 << x, 1, 0, 0, 0;  // position, unit quaternion (w, x, y, z)
  auto body = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), m, inertia);
  body->setFExt(Eigen::Vector3d(0, 0, -m * 9.81));
  return body;
}
// [body]

int main(int argc, char** argv) {
  examples::CommandLine cli("First3DScene",
                            "A box and three spheres dropped on the ground with friction\n"
                            "(tutorial: docs/tutorial-first-3d-scene.md).",
                            "First3DScene.dat");
  cli.addNumber("mu", 0.3, "friction coefficient");
  cli.addNumber("T", 1.5, "final time");
  cli.addNumber("h", 1e-3, "time step");
  cli.parse(argc, argv);

  try {
    const double mu = cli.number("mu"), T = cli.number("T"), h = cli.number("h");
    // [model]
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);

    // A box of 0.4 × 0.3 × 0.2 m (half extents a), 2 kg, its centre 0.3 m above the ground.
    const Eigen::Vector3d a(0.2, 0.15, 0.1);
    const double mBox = 2.0;
    const Eigen::Vector3d I =
        mBox / 3.0 *
        Eigen::Vector3d(a.y() * a.y() + a.z() * a.z(), a.x() * a.x() + a.z() * a.z(),
                        a.x() * a.x() + a.y() * a.y());
    auto box = makeBody(Eigen::Vector3d(0, 0, 0.3), mBox, I.asDiagonal());
    nsds->insertDynamicalSystem(box);

    // Three spheres of radius 0.1 m, 1 kg: one above the box, two beside it.
    const double r = 0.1, m = 1.0;
    const Eigen::Matrix3d Is = Eigen::Matrix3d::Identity() * (0.4 * m * r * r);
    std::vector<std::shared_ptr<NewtonEulerDS>> spheres;
    for (const Eigen::Vector3d& x : {Eigen::Vector3d(0.05, 0.02, 0.7), Eigen::Vector3d(0.5, 0, 0.4),
                                     Eigen::Vector3d(-0.45, 0.1, 0.2)}) {
      spheres.push_back(makeBody(x, m, Is));
      nsds->insertDynamicalSystem(spheres.back());
    }
    // [model]

    // [contacts]
    // Every contact: Newton impact (e = 0) and Coulomb friction μ, in the 3-D contact frame.
    auto law = std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 3);
    // Contacts are created when the gap falls below 0.02 m, removed when it grows beyond.
    auto contacts = std::make_shared<ContactManager>(law, 0.02);
    contacts->addBox(box, a);
    for (const auto& s : spheres) contacts->addSphere(s, r);
    contacts->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());  // the ground
    // [contacts]

    // [simulation]
    auto problem = std::make_shared<FrictionContact>(3);  // NSGS
    problem->setTolerance(1e-8);
    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                              std::make_shared<MoreauJeanOSI>(0.5), problem);
    sim->insertInteractionManager(contacts);  // detection before every step
    sim->initialize();
    // [simulation]

    auto energy = [&] {
      double E = box->kineticEnergy();
      for (const auto& s : spheres) E += s->kineticEnergy();
      return E;
    };
    std::optional<examples::RowWriter> out;
    auto writeRow = [&](double t, double iterations) {
      out->write({t, box->q()(2), spheres[0]->q()(2), spheres[1]->q()(2), spheres[2]->q()(2),
                  static_cast<double>(nsds->numberOfInteractions()), energy(), iterations});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 8);
      writeRow(0.0, 0);
    }

    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0;
    // [loop]
    while (sim->hasNextEvent()) {
      sim->computeOneStep();  // contacts updated, free motion, FrictionContact(3), new state
      if (out)
        writeRow(sim->nextTime(), problem->size() > 0 ? problem->lastResult().iterations : 0);
      sim->nextStep();
      ++steps;
    }
    // [loop]
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    if (out) out->close();

    std::printf(
        "First3DScene: at T the box centre is at z = %.6f (a_z = %.2f), the sphere on the box at "
        "z = %.6f (2 a_z + r = %.2f), kinetic energy %.3e, %zu contacts\n",
        box->q()(2), a.z(), spheres[0]->q()(2), 2 * a.z() + r, energy(),
        nsds->numberOfInteractions());
    examples::printSummary("First3DScene", steps, static_cast<long>(nsds->numberOfInteractions()),
                           "contacts at T", sim->log().numberOfFailures(), simulation,
                           out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "First3DScene: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
