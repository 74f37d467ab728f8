// SpheresPile (examples/SpheresPile): spheres dropped into a box, contacts from collision
// detection. Checked on the model library (the same simulation as the example): every sphere
// stays in the box, every contact impulse lies in the Coulomb cone, the penetration stays
// bounded, the pile settles (no translation, no dissipation left, every sphere supported); the
// example writes the VTK frames and the final positions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include "ExampleOutput.hpp"
#include "SpheresPileModel.hpp"

using namespace moreau;
using namespace moreau::tests;

namespace {

const std::string kExe = MOREAU_SPHERESPILE_EXE;
const std::string kOutputDir = MOREAU_EXAMPLES_OUTPUT_DIR;

}  // namespace

TEST(SpheresPile, ComesToRestInTheBoxWithImpulsesInTheCone) {
  examples::SpheresPileParameters p;
  p.spheres = 27;
  p.T = 3.0;  // settled from t ≈ 1.3 (one sphere then rolls and spins slowly on the ground)
  const examples::SpheresPile pile = examples::makeSpheresPile(p);
  TimeStepping& sim = *pile.simulation;
  sim.setFailurePolicy(FailurePolicy::Continue);  // counted below
  sim.initialize();
  const double r = pile.radius, W = pile.width, slack = 2e-3 * r;
  double worstPenetration = 0, worstCone = 0;
  std::size_t maxContacts = 0;
  double energyBefore = -1.0;  // kinetic energy at T − 0.5
  while (sim.hasNextEvent()) {
    if (energyBefore < 0.0 && sim.startingTime() >= p.T - 0.5)
      energyBefore = examples::kineticEnergy(pile);
    sim.computeOneStep();
    for (const auto& c : pile.contacts->contacts()) {
      const Eigen::VectorXd& lambda = c.interaction->lambda(1);
      EXPECT_GE(lambda(0), 0.0);
      worstCone = std::max(worstCone, lambda.tail<2>().norm() - p.mu * lambda(0));
    }
    maxContacts = std::max(maxContacts, pile.contacts->contacts().size());
    sim.nextStep();
    for (const auto& s : pile.spheres) {
      const Eigen::Vector3d x = s->q().head<3>();
      ASSERT_GE(x.minCoeff(), r - 0.05 * r) << "a sphere left the box";
      ASSERT_LE(std::max(x(0), x(1)), W - r + 0.05 * r) << "a sphere left the box";
    }
    worstPenetration = std::max(worstPenetration, examples::maxPenetration(pile));
  }
  std::printf(
      "SpheresPile N = 27: max penetration %.3e (r = %g), kinetic energy at T %.3e, "
      "max cone violation %.3e, up to %zu contacts, %zu solver failures\n",
      worstPenetration, r, examples::kineticEnergy(pile), worstCone, maxContacts,
      sim.log().numberOfFailures());
  // A few solves stop at the iteration budget (NSGS on a hyperstatic packing) with a small error.
  EXPECT_LE(sim.log().numberOfFailures(), 20u);
  EXPECT_LT(worstCone, 1e-9);  // NSGS keeps the local reactions in the cone
  EXPECT_LT(worstPenetration, 0.02 * r);
  // Settled: no translation left, and no dissipation either (the energy is constant over the
  // last 0.5 s, neither lost nor gained): what may remain is a sphere rolling and spinning
  // without slip, which point contacts with Coulomb friction do not resist.
  double translation = 0;
  for (const auto& s : pile.spheres)
    translation += 0.5 * p.mass * s->twist().head<3>().squaredNorm();
  EXPECT_LT(translation, 1e-8);
  EXPECT_LT(examples::kineticEnergy(pile), 1e-5);
  EXPECT_NEAR(examples::kineticEnergy(pile), energyBefore, 1e-3 * energyBefore + 1e-15);
  EXPECT_GT(maxContacts, 27u);  // contacts were detected (ground, walls, neighbours)
  // At rest the ground and the walls carry the weight: the vertical component of the impulses
  // of the plane contacts (normal and friction; the walls carry part of it by friction) sums
  // to N m g h. Sphere–sphere impulses are internal.
  double vertical = 0;
  const auto& objects = pile.contacts->objects();
  for (const auto& c : pile.contacts->contacts()) {
    const CollisionObject& plane = objects[c.contact.object2];
    if (plane.type != ShapeType::Plane) continue;
    Eigen::Vector3d t1, t2;
    NewtonEuler3DR::tangentBasis(plane.normal, t1, t2);
    const Eigen::VectorXd& l = c.interaction->lambda(1);
    vertical += (l(0) * plane.normal + l(1) * t1 + l(2) * t2).z();
  }
  EXPECT_NEAR(vertical, 27 * p.mass * 9.81 * p.h, 1e-3 * 27 * p.mass * 9.81 * p.h);
  for (const auto& s : pile.spheres) EXPECT_GE(s->q()(2), r - slack - worstPenetration);
}

TEST(SpheresPile, RunsAreBitwiseReproducible) {
  auto run = [] {
    examples::SpheresPileParameters p;
    p.spheres = 20;
    p.T = 0.2;
    const examples::SpheresPile pile = examples::makeSpheresPile(p);
    pile.simulation->initialize();
    while (pile.simulation->hasNextEvent()) {
      pile.simulation->computeOneStep();
      pile.simulation->nextStep();
    }
    Eigen::VectorXd all(7 * 20);
    for (std::size_t i = 0; i < 20; ++i)
      all.segment<7>(7 * static_cast<Eigen::Index>(i)) = pile.spheres[i]->q();
    return all;
  };
  EXPECT_EQ(run(), run());
}

TEST(SpheresPile, RejectsBadParameters) {
  examples::SpheresPileParameters p;
  p.spheres = 0;
  EXPECT_THROW(examples::makeSpheresPile(p), ModelError);
  p.spheres = 8;
  p.spacing = 2.0;  // touching, with a jitter: initial overlaps
  EXPECT_THROW(examples::makeSpheresPile(p), ModelError);
}

TEST(SpheresPile, ExampleWritesVtkFramesAndPositions) {
  const std::string prefix = kOutputDir + "/SpheresPile_vtk";
  const auto run =
      runExample(kExe, "--spheres 8 --T 0.05 --every 10 --vtk " + prefix, "SpheresPile_vtk");
  ASSERT_EQ(run.exitCode, 0) << run.stdOut;
  const Table t = readTable(run.output);
  ASSERT_EQ(t.size(), 51u);
  ASSERT_EQ(t[0].size(), 7u);
  EXPECT_EQ(t[0][3], 0.0);  // at rest at t = 0
  // Frames 0, 10, ..., 50: 6 files of 8 points, and the series file.
  for (int f = 0; f <= 5; ++f) {
    char name[64];
    std::snprintf(name, sizeof name, "_%05d.vtk", f);
    std::ifstream in(prefix + name);
    ASSERT_TRUE(in.good()) << prefix + name;
    std::string line, points;
    while (std::getline(in, line))
      if (line.rfind("POINTS", 0) == 0) points = line;
    EXPECT_EQ(points, "POINTS 8 double");
  }
  EXPECT_TRUE(std::ifstream(prefix + ".vtk.series").good());
  const Table xyz = readTable(run.output + ".xyz");
  ASSERT_EQ(xyz.size(), 8u);
  EXPECT_EQ(xyz[0][3], 0.05);
}
