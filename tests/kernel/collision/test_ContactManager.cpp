// ContactManager (docs/kernel/collision.md §4): interactions created, kept, removed and reused
// as bodies approach and separate; simulations with detected contacts against hand-linked
// contacts and conservation laws; bitwise reproducible runs.
#include <gtest/gtest.h>
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

using namespace moreau;

namespace {

std::shared_ptr<NewtonEulerDS> ball(const Eigen::Vector3d& x, const Eigen::Vector3d& v,
                                    double r = 0.1, double m = 1.0) {
  Eigen::VectorXd q0(7), v0 = Eigen::VectorXd::Zero(6);
  q0 << x, 1, 0, 0, 0;
  v0.head<3>() = v;
  return std::make_shared<NewtonEulerDS>(q0, v0, m,
                                         Eigen::Matrix3d::Identity() * (0.4 * m * r * r));
}

std::shared_ptr<NonSmoothLaw> frictionLaw(double mu = 0.3) {
  return std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, mu, 3);
}

}  // namespace

TEST(ContactManager, RejectsBadInput) {
  EXPECT_THROW(ContactManager(nullptr, 0.1), ModelError);
  EXPECT_THROW(ContactManager(frictionLaw(), -1.0), ModelError);
  ContactManager manager(frictionLaw(), 0.01);
  EXPECT_THROW(manager.addSphere(nullptr, 0.1), ModelError);
  EXPECT_THROW(manager.addSphere(ball(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()), 0.0),
               ModelError);
  EXPECT_THROW(manager.addBox(ball(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()),
                              Eigen::Vector3d(1, 0, 1)),
               ModelError);
  EXPECT_THROW(manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()), ModelError);
}

TEST(ContactManager, InteractionsFollowApproachAndSeparation) {
  NonSmoothDynamicalSystem nsds(0, 1);
  auto a = ball(Eigen::Vector3d(0, 0, 1), Eigen::Vector3d::Zero());
  auto b = ball(Eigen::Vector3d(0.5, 0, 1), Eigen::Vector3d::Zero());
  nsds.insertDynamicalSystem(a);
  nsds.insertDynamicalSystem(b);
  ContactManager manager(frictionLaw(), 0.05);
  manager.addSphere(a, 0.1);
  manager.addSphere(b, 0.1);
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());

  manager.update(nsds);  // gap 0.3 apart, 0.9 above the ground
  EXPECT_EQ(nsds.numberOfInteractions(), 0u);

  b->q()(0) = 0.24;  // gap 0.04 ≤ 0.05
  manager.update(nsds);
  ASSERT_EQ(nsds.numberOfInteractions(), 1u);
  ASSERT_EQ(manager.contacts().size(), 1u);
  const auto first = manager.contacts()[0].interaction;
  EXPECT_EQ(manager.contacts()[0].contact.object1, 0u);
  EXPECT_EQ(manager.contacts()[0].contact.object2, 1u);
  EXPECT_NEAR(manager.contacts()[0].contact.geometry.gap, 0.04, 1e-15);
  EXPECT_EQ(manager.createdInteractions(), 1u);

  manager.update(nsds);  // unchanged: the same interaction stays
  EXPECT_EQ(nsds.numberOfInteractions(), 1u);
  EXPECT_EQ(manager.contacts()[0].interaction, first);

  a->q()(2) = 0.14;  // both near the ground (gap 0.04): two sphere–plane contacts, one body
  b->q()(2) = 0.14;
  manager.update(nsds);
  ASSERT_EQ(nsds.numberOfInteractions(), 3u);
  EXPECT_EQ(manager.contacts()[0].interaction, first);
  EXPECT_EQ(manager.contacts()[1].contact.object1, 0u);
  EXPECT_EQ(manager.contacts()[1].contact.object2, 2u);  // the plane
  EXPECT_EQ(manager.contacts()[1].interaction->dynamicalSystems().size(), 1u);
  EXPECT_EQ(manager.contacts()[2].contact.object1, 1u);

  b->q()(0) = 0.3;  // gap 0.1 > 0.05: the sphere–sphere contact goes
  manager.update(nsds);
  EXPECT_EQ(nsds.numberOfInteractions(), 2u);
  EXPECT_EQ(manager.removedInteractions(), 1u);
  EXPECT_FALSE(first->isLinked());

  b->q()(0) = 0.2;  // back: the same interaction object is linked again
  manager.update(nsds);
  EXPECT_EQ(nsds.numberOfInteractions(), 3u);
  EXPECT_EQ(manager.contacts()[0].interaction, first);
  EXPECT_TRUE(first->isLinked());
  EXPECT_EQ(manager.reusedInteractions(), 1u);
  EXPECT_EQ(manager.createdInteractions(), 3u);
}

TEST(ContactManager, BoxOnPlaneHasFourCornerContactsAndSphereOnBoxOne) {
  NonSmoothDynamicalSystem nsds(0, 1);
  Eigen::VectorXd q0(7);
  q0 << 0, 0, 0.101, 1, 0, 0, 0;
  auto box = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), 1.0,
                                             Eigen::Matrix3d::Identity() * 0.01);
  auto s = ball(Eigen::Vector3d(0.1, 0, 0.305), Eigen::Vector3d::Zero());
  nsds.insertDynamicalSystem(box);
  nsds.insertDynamicalSystem(s);
  ContactManager manager(frictionLaw(), 0.01);
  manager.addBox(box, Eigen::Vector3d(0.3, 0.2, 0.1));
  manager.addSphere(s, 0.1);
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  manager.update(nsds);
  ASSERT_EQ(nsds.numberOfInteractions(), 5u);
  // Keys sorted: box (object 0) corners 0..3 on the plane (object 2), then the sphere–box
  // contact, whose key starts with the sphere (object 1, shape 1 of a sphere–box contact).
  for (std::uint32_t k = 0; k < 4; ++k) {
    EXPECT_EQ(manager.contacts()[k].contact.object1, 0u);
    EXPECT_EQ(manager.contacts()[k].contact.object2, 2u);
    EXPECT_EQ(manager.contacts()[k].contact.feature, k);
    EXPECT_NEAR(manager.contacts()[k].contact.geometry.gap, 0.001, 1e-15);
  }
  EXPECT_EQ(manager.contacts()[4].contact.object1, 1u);
  EXPECT_EQ(manager.contacts()[4].contact.object2, 0u);
  EXPECT_NEAR(manager.contacts()[4].contact.geometry.gap, 0.004, 1e-15);
  // The relation evaluates the same gap as the detection.
  auto inter = manager.contacts()[4].interaction;
  inter->relation()->computeOutput(0.0, *inter, 0);
  EXPECT_NEAR(inter->y(0)(0), 0.004, 1e-15);
}

// Two spheres thrown at each other along x (no gravity, e = 0): the contact is created on approach,
// momentum is conserved and they leave the impact with the common velocity.
TEST(ContactManager, HeadOnPlasticImpactConservesMomentum) {
  const double h = 1e-3;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, 0.2);
  auto a = ball(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(1.0, 0, 0), 0.1, 1.0);
  auto b = ball(Eigen::Vector3d(0.3, 0, 0), Eigen::Vector3d(-0.5, 0, 0), 0.1, 2.0);
  nsds->insertDynamicalSystem(a);
  nsds->insertDynamicalSystem(b);
  auto manager = std::make_shared<ContactManager>(frictionLaw(0.0), 0.01);
  manager->addSphere(a, 0.1);
  manager->addSphere(b, 0.1);
  auto fc = std::make_shared<FrictionContact>(3);
  fc->setTolerance(1e-12);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0, h),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  sim->insertInteractionManager(manager);
  sim->initialize();
  const Eigen::Vector3d p0 = a->twist().head<3>() * 1.0 + b->twist().head<3>() * 2.0;
  std::size_t seen = 0;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    seen = std::max(seen, nsds->numberOfInteractions());
    sim->nextStep();
  }
  EXPECT_EQ(seen, 1u);
  const Eigen::Vector3d p1 = a->twist().head<3>() * 1.0 + b->twist().head<3>() * 2.0;
  EXPECT_LT((p1 - p0).norm(), 1e-12);
  // Common velocity after a plastic impact: (1 · 1 − 2 · 0.5)/3 = 0.
  EXPECT_NEAR(a->twist()(0), 0.0, 1e-9);
  EXPECT_NEAR(b->twist()(0), 0.0, 1e-9);
  // Penetration of Moreau–Jean (θ = γ = ½) at a closing speed u = 1.5: a free step from a gap
  // just above γ h u, then an active step, h u (1 − γ + θ) at most.
  EXPECT_GE(b->q()(0) - a->q()(0), 0.2 - h * 1.5 * (1.0 - 0.5 + 0.5) - 1e-12);
  EXPECT_LT(b->q()(0) - a->q()(0), 0.2);  // (the spheres met)
}

// A sphere thrown with backspin on the ground: with the ContactManager the trajectory is the
// one of the hand-linked NewtonEuler3DR sphere–plane contact (RollingSphere), bit for bit.
TEST(ContactManager, SameTrajectoryAsHandLinkedContact) {
  const double R = 0.1, h = 1e-3, T = 0.3;
  auto run = [&](bool managed) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, T);
    Eigen::VectorXd q0(7), v0(6);
    q0 << 0, 0, R, 1, 0, 0, 0;
    v0 << 2, 0, 0, 0, -60, 0;
    auto s = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, Eigen::Matrix3d::Identity() * 0.004);
    s->setFExt(Eigen::Vector3d(0, 0, -9.81));
    nsds->insertDynamicalSystem(s);
    auto fc = std::make_shared<FrictionContact>(3);
    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0, h),
                                              std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
    if (managed) {
      auto manager = std::make_shared<ContactManager>(frictionLaw(), 0.01);
      manager->addSphere(s, R);
      manager->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
      manager->update(*nsds);
      sim->insertInteractionManager(manager);
    } else {
      auto contact = std::make_shared<Interaction>(
          frictionLaw(), std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnPlane(
                             R, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ())));
      nsds->link(contact, s);
    }
    sim->initialize();
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      sim->nextStep();
    }
    Eigen::VectorXd state(13);
    state << s->q(), s->twist();
    return state;
  };
  const Eigen::VectorXd managed = run(true), linked = run(false);
  EXPECT_EQ(managed, linked);
  EXPECT_GT(std::abs(managed(0)), 0.1);  // it did move
}

namespace {

// 27 spheres dropped in a box of 5 planes; returns all final q and twists.
Eigen::VectorXd smallPile(std::size_t* contacts = nullptr) {
  const double r = 0.05, h = 2e-3;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, 0.4);
  auto manager = std::make_shared<ContactManager>(frictionLaw(), 0.02);
  std::vector<std::shared_ptr<NewtonEulerDS>> balls;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) {
        auto s =
            ball(Eigen::Vector3d(0.11 * i + 0.01 * k, 0.11 * j - 0.005 * k, r + 0.12 * k + 0.01),
                 Eigen::Vector3d(0.1 * (j - 1), 0.1 * (i - 1), 0), r);
        s->setFExt(Eigen::Vector3d(0, 0, -9.81));
        nsds->insertDynamicalSystem(s);
        manager->addSphere(s, r);
        balls.push_back(s);
      }
  manager->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  manager->addPlane(Eigen::Vector3d(-0.06, 0, 0), Eigen::Vector3d::UnitX());
  manager->addPlane(Eigen::Vector3d(0.29, 0, 0), -Eigen::Vector3d::UnitX());
  manager->addPlane(Eigen::Vector3d(0, -0.06, 0), Eigen::Vector3d::UnitY());
  manager->addPlane(Eigen::Vector3d(0, 0.29, 0), -Eigen::Vector3d::UnitY());
  // (NSGS to 1e-6: at step 181 a stacked state needs more than 10 000 sweeps for 1e-8.)
  auto fc = std::make_shared<FrictionContact>(3);
  fc->setTolerance(1e-6);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0, h),
                                            std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  sim->insertInteractionManager(manager);
  sim->initialize();
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    sim->nextStep();
  }
  if (contacts) *contacts = manager->contacts().size();
  Eigen::VectorXd all(13 * static_cast<Eigen::Index>(balls.size()));
  for (std::size_t i = 0; i < balls.size(); ++i)
    all.segment<13>(13 * static_cast<Eigen::Index>(i)) << balls[i]->q(), balls[i]->twist();
  return all;
}

}  // namespace

TEST(ContactManager, PileRunsAreBitwiseReproducibleAndStayInTheBox) {
  std::size_t contacts = 0;
  const Eigen::VectorXd first = smallPile(&contacts);
  const Eigen::VectorXd second = smallPile();
  EXPECT_EQ(first, second);
  EXPECT_GE(contacts, 9u);  // at least the bottom layer on the ground
  for (Eigen::Index i = 0; i < first.size(); i += 13) {
    EXPECT_GE(first(i + 2), 0.05 - 1e-3);  // above the ground (small penetration)
    EXPECT_GE(first(i), -0.01 - 1e-3);
    EXPECT_LE(first(i), 0.24 + 1e-3);
  }
}

// A contact linked during the run (gap ≤ alert distance) enters index set 1 by the rule
// y_k + γ h ẏ_k ≤ 0 on its own outputs at t_k, like the contacts linked before initialize:
// a ball falling at 1 m/s (no gravity) onto the ground keeps its velocity until the gap is
// within γ h |ẏ| (its memories are not the zeros of a new interaction).
TEST(ContactManager, ContactLinkedDuringTheRunIsActiveOnlyWhenItCloses) {
  const double r = 0.1, h = 1e-3;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, 0.3);
  auto a = ball(Eigen::Vector3d(0, 0, 0.3), Eigen::Vector3d(0, 0, -1.0), r);
  nsds->insertDynamicalSystem(a);
  auto manager = std::make_shared<ContactManager>(frictionLaw(), 0.05);
  manager->addSphere(a, r);
  manager->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  auto fc = std::make_shared<FrictionContact>(3);
  auto osi = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5, 0.5);
  auto sim =
      std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0, h), osi, fc);
  sim->insertInteractionManager(manager);
  sim->initialize();
  bool linked = false, active = false;
  double firstActiveGap = 0.0, linkedGap = 0.0;
  while (sim->hasNextEvent()) {
    const double gap = a->q()(2) - r;
    sim->computeOneStep();
    if (!linked && nsds->numberOfInteractions() > 0) {
      linked = true;
      linkedGap = gap;
    }
    if (!active && fc->size() > 0) {
      active = true;
      firstActiveGap = gap;
    }
    if (!active) {
      EXPECT_EQ(a->twist()(2), -1.0) << "t = " << sim->startingTime();
    }
    sim->nextStep();
  }
  ASSERT_TRUE(linked && active);
  EXPECT_GT(linkedGap, 0.04);  // linked at the alert distance, well before the impact
  EXPECT_LE(std::abs(firstActiveGap), 0.5 * h * 1.0 + 1e-12);
  // At rest on the ground at the end (plastic impact), within the step's penetration h u θ.
  EXPECT_NEAR(a->q()(2), r, 0.5 * h * 1.0 + 1e-12);
  EXPECT_NEAR(a->twist()(2), 0.0, 1e-9);
}

// The detector's Verlet skin (PrimitiveCollisionDetector::setSkin) and its threads: the contacts
// of every step of a moving pile (spheres and a box falling, colliding, bouncing off the walls)
// are those of the broad phase run at every detect, one thread; the broad phase runs only when a
// box moved by more than the skin.
TEST(ContactManager, SkinAndThreadsGiveTheContactsOfABroadPhaseAtEveryStep) {
  const double r = 0.05, alert = 0.2 * r;
  std::vector<std::shared_ptr<NewtonEulerDS>> bodies;
  std::vector<PrimitiveCollisionDetector> detectors(3);
  detectors[0].setSkin(0.0);
  detectors[2].setNumberOfThreads(2);
  ContactManager shapes(frictionLaw(), alert);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int i = 0; i < 400; ++i) {
    auto b = ball(Eigen::Vector3d(0.6 * unit(rng), 0.6 * unit(rng), 0.6 + 0.6 * unit(rng)),
                  Eigen::Vector3d(unit(rng), unit(rng), unit(rng)), r);
    bodies.push_back(b);
    shapes.addSphere(b, r);
  }
  auto box = ball(Eigen::Vector3d(0, 0, 0.3), Eigen::Vector3d(0.2, 0, -1), r);
  bodies.push_back(box);
  shapes.addBox(box, Eigen::Vector3d(0.2, 0.1, 0.05));
  shapes.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  std::size_t detects = 0, changes = 0, most = 0;
  std::vector<std::uint64_t> previous;
  std::vector<DetectedContact> found[3];
  for (int step = 0; step < 200; ++step) {
    // Free flight, reflected at |x|, |y| = 0.7 and z = r, h = 2 ms; the box turns.
    for (const auto& b : bodies) {
      Eigen::VectorXd& q = b->q();
      Eigen::VectorXd& v = b->twist();
      v(2) -= 9.81 * 2e-3;
      q.head<3>() += 2e-3 * v.head<3>();
      for (int a = 0; a < 3; ++a) {
        const double lo = a == 2 ? r : -0.7, hi = a == 2 ? 2.0 : 0.7;
        if (q(a) < lo || q(a) > hi) v(a) = -v(a);
      }
    }
    box->q().segment<4>(3) =
        quaternion::normalized(Eigen::Vector4d(1.0, 0.01 * step, 0.02 * step, 0.0));
    for (int k = 0; k < 3; ++k)
      detectors[static_cast<std::size_t>(k)].detect(shapes.objects(), alert, found[k]);
    ++detects;
    std::vector<std::uint64_t> keys;
    for (const auto& c : found[0]) keys.push_back(c.key());
    changes += keys != previous;
    most = std::max(most, keys.size());
    previous = keys;
    for (int k = 1; k < 3; ++k) {
      ASSERT_EQ(found[0].size(), found[k].size()) << "step " << step << ", detector " << k;
      for (std::size_t i = 0; i < found[0].size(); ++i) {
        ASSERT_EQ(found[0][i].key(), found[k][i].key()) << "step " << step;
        ASSERT_EQ(found[0][i].geometry.gap, found[k][i].geometry.gap) << "step " << step;
      }
    }
  }
  EXPECT_EQ(detectors[0].broadPhaseRuns(), detects);  // skin 0: at every detect
  EXPECT_LT(detectors[1].broadPhaseRuns(), detects);  // the skin kept pairs
  EXPECT_GT(detectors[1].broadPhaseRuns(), 10u);      // ... and the bodies moved beyond it
  EXPECT_GT(changes, 50u);                            // contacts came and went
  EXPECT_GT(most, 20u);
  EXPECT_THROW(detectors[0].setSkin(-1.0), ModelError);
  EXPECT_THROW(detectors[0].setSkin(std::nan("")), ModelError);
}

// The manager's update on two threads (the detector's): when the detected contacts keep their
// keys (the fast path, compared and copied by chunks) the manager holds the new detection data;
// when the keys change in the last chunk only, with the count unchanged (sphere A leaves the
// ground, sphere B touches C), it relinks as on one thread. Checked against a fresh detection.
TEST(ContactManager, UpdateOnTwoThreadsFollowsTheDetectionInEveryChunk) {
  const double r = 0.05, alert = 0.2 * r;
  NonSmoothDynamicalSystem nsds(0, 1);
  ContactManager manager(frictionLaw(), alert);
  manager.detector().setNumberOfThreads(2);
  std::vector<std::shared_ptr<NewtonEulerDS>> bodies;
  const auto add = [&](const Eigen::Vector3d& x) {
    auto b = ball(x, Eigen::Vector3d::Zero(), r);
    nsds.insertDynamicalSystem(b);
    manager.addSphere(b, r);
    bodies.push_back(b);
    return b;
  };
  for (int k = 0; k < 5; ++k)  // 10 × 10 × 5 lattice at a gap of 0.02 r: 1400 contacts
    for (int j = 0; j < 10; ++j)
      for (int i = 0; i < 10; ++i)
        add(Eigen::Vector3d(2.02 * r * i, 2.02 * r * j, 1.01 * r + 2.02 * r * k));
  // The last three spheres, far from the lattice: A on the ground, B and C apart.
  auto A = add(Eigen::Vector3d(5, 0, 1.01 * r));
  auto B = add(Eigen::Vector3d(5, 1, 1));
  add(Eigen::Vector3d(5, 1 + 2.5 * r, 1));
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  PrimitiveCollisionDetector fresh;
  std::vector<DetectedContact> expected;
  const auto check = [&](const char* what) {
    fresh.detect(manager.objects(), alert, expected);
    ASSERT_EQ(manager.contacts().size(), expected.size()) << what;
    ASSERT_EQ(nsds.numberOfInteractions(), expected.size()) << what;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const auto& c = manager.contacts()[i];
      ASSERT_EQ(c.contact.key(), expected[i].key()) << what << ", contact " << i;
      ASSERT_EQ(c.contact.geometry.gap, expected[i].geometry.gap) << what << ", contact " << i;
      ASSERT_TRUE(c.interaction->isLinked()) << what << ", contact " << i;
    }
  };
  manager.update(nsds);
  check("first update");
  ASSERT_GE(manager.contacts().size(), 1024u);  // two chunks of at least 512
  const std::size_t created = manager.createdInteractions();
  // Every sphere lower by i · 1e-9 r: new gaps, the same keys (the fast path).
  for (std::size_t i = 0; i < bodies.size(); ++i)
    bodies[i]->q()(2) -= 1e-9 * r * static_cast<double>(i);
  manager.update(nsds);
  check("same keys");
  EXPECT_EQ(manager.createdInteractions(), created);
  // A leaves the ground, B touches C: as many contacts, other keys, all in the last chunk.
  A->q()(2) = 1.0;
  B->q()(1) = 1 + 0.5 * r;
  manager.update(nsds);
  check("changed keys");
  EXPECT_EQ(manager.createdInteractions(), created + 1);
  EXPECT_EQ(manager.removedInteractions(), 1u);
}

// A box that is object 0 under 400 spheres: each sphere–box contact takes the sphere as shape 1
// (key (sphere, box)) although the pair is met at the box's body, in the first chunk of two
// threads; the first 199 spheres stand apart, the last 201 touch their neighbours (contacts
// met in the second chunk). Each chunk's list is in key order, their concatenation is not (the
// first chunk ends with (400, box), the second starts with (200, 201)): the detector sorts it,
// the same list as on one thread.
TEST(ContactManager, DetectorOnTwoThreadsSortsContactsAcrossChunks) {
  const double r = 0.05, alert = 0.2 * r;
  ContactManager shapes(frictionLaw(), alert);
  auto slab = ball(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d::Zero(), r);
  shapes.addBox(slab, Eigen::Vector3d(2.0, 2.0, 0.05));
  const double z = 0.05 + 1.01 * r;  // on the slab's top face, gap 0.01 r
  for (int k = 0; k < 400; ++k) {
    const Eigen::Vector3d x =
        k < 199
            ? Eigen::Vector3d(-1.9 + 0.2 * (k % 10), -1.9 + 0.2 * (k / 10), z)
            : Eigen::Vector3d(0.1 + 2.02 * r * ((k - 199) % 15), -1.9 + 0.2 * ((k - 199) / 15), z);
    shapes.addSphere(ball(x, Eigen::Vector3d::Zero(), r), r);
  }
  PrimitiveCollisionDetector one, two;
  two.setNumberOfThreads(2);
  std::vector<DetectedContact> a, b;
  one.detect(shapes.objects(), alert, a);
  two.detect(shapes.objects(), alert, b);
  ASSERT_GT(a.size(), 500u);  // 400 on the slab, 187 between neighbours
  ASSERT_EQ(b.size(), a.size());
  std::size_t onSlab = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(b[i].key(), a[i].key()) << i;
    EXPECT_EQ(b[i].geometry.gap, a[i].geometry.gap) << i;
    onSlab += a[i].object2 == 0u;  // the box is shape 2
    if (i > 0) {
      EXPECT_LT(b[i - 1].key(), b[i].key()) << i;
    }
  }
  EXPECT_EQ(onSlab, 400u);
}
