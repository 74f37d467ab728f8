// Dormant interactions (MoreauJeanNewtonEulerOSI::setDormantInteractions, docs/theory/
// newton-euler.md §5.2): far contacts are not evaluated while provably outside index set 1.
// Checked against the same runs without dormancy, bit for bit (q, twist, λ at every step; y and
// the memories after wakeDormantInteractions), on piles where contacts sleep, wake, close and
// are removed, with user writes of the state; the option's errors.
#include <gtest/gtest.h>
#include <moreau/Moreau.hpp>

#include "../KernelTestUtils.hpp"

#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <vector>

using namespace moreau;

namespace {

struct Pile {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<ContactManager> manager;
  std::shared_ptr<MoreauJeanNewtonEulerOSI> osi;
  std::shared_ptr<FrictionContact> problem;
  std::shared_ptr<TimeStepping> sim;
  std::vector<std::shared_ptr<NewtonEulerDS>> balls;
};

// n × n × n spheres (r = 0.05) in a box of 5 planes on a lattice of spacing 2.2 r with offsets
// and velocities from a fixed LCG (they fall, collide, roll and settle), μ = 0.3, e = 0;
// alert distance 0.2 r.
Pile makePile(int n, double T, bool dormant) {
  const double r = 0.05, s = 2.2 * r, h = 1e-3, W = s * n;
  Pile p;
  p.nsds = std::make_shared<NonSmoothDynamicalSystem>(0, T);
  p.manager = std::make_shared<ContactManager>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3), 0.2 * r);
  moreau::tests::Lcg uniform{2024u};  // in [-1, 1)
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        Eigen::VectorXd q0(7), v0 = Eigen::VectorXd::Zero(6);
        q0 << s * (i + 0.5) + 0.05 * r * uniform(), s * (j + 0.5) + 0.05 * r * uniform(),
            r + s * k + 0.1 * r, 1, 0, 0, 0;
        v0 << 0.2 * uniform(), 0.2 * uniform(), 0.0, 3 * uniform(), 3 * uniform(), 3 * uniform();
        auto ball = std::make_shared<NewtonEulerDS>(q0, v0, 1.0,
                                                    Eigen::Matrix3d::Identity() * (0.4 * r * r));
        ball->setFExt(Eigen::Vector3d(0, 0, -9.81));
        p.nsds->insertDynamicalSystem(ball);
        p.manager->addSphere(ball, r);
        p.balls.push_back(ball);
      }
  moreau::tests::addOpenBox(*p.manager, W);
  p.problem = std::make_shared<FrictionContact>(3);
  p.problem->setTolerance(1e-4);
  p.osi = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
  p.osi->setDormantInteractions(dormant);
  p.sim = std::make_shared<TimeStepping>(p.nsds, std::make_shared<TimeDiscretisation>(0, h), p.osi,
                                         p.problem);
  p.sim->insertInteractionManager(p.manager);
  p.sim->setFailurePolicy(FailurePolicy::Continue);
  return p;
}

void append(std::vector<std::uint64_t>& out, const Eigen::VectorXd& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(moreau::tests::bitsOf(v(i)));
}

// The bits of every q, twist and linked contact's λ (and, with outputs, y and the memories).
std::vector<std::uint64_t> state(const Pile& p, bool outputs) {
  std::vector<std::uint64_t> out;
  for (const auto& b : p.balls) {
    append(out, b->q());
    append(out, b->twist());
  }
  for (const auto& c : p.manager->contacts()) {
    append(out, c.interaction->lambda(1));
    if (!outputs) continue;
    for (unsigned level = 0; level < 2; ++level) {
      append(out, c.interaction->y(level));
      append(out, c.interaction->yMemory(level));
    }
  }
  return out;
}

struct PileRun {
  std::vector<std::vector<std::uint64_t>> steps;  // state after every step (no outputs)
  std::vector<std::uint64_t> last;                // with outputs, after the wake-up
  std::vector<long> active;                       // index set 1 size per step
  std::size_t maxDormant = 0, wakes = 0;
};

// Steps the pile; at step `writeAt` (≥ 0) the user moves sphere 0 up by 1 mm and gives it a
// downward velocity between two steps.
PileRun run(Pile& p, int writeAt = -1) {
  PileRun out;
  p.sim->initialize();
  int k = 0;
  std::size_t dormantBefore = 0;
  while (p.sim->hasNextEvent()) {
    if (k == writeAt) {
      p.balls[0]->q()(2) += 1e-3;
      p.balls[0]->twist()(2) = -0.5;
    }
    p.sim->computeOneStep();
    out.active.push_back(static_cast<long>(p.problem->size() / 3));
    p.sim->nextStep();
    const std::size_t dormant = p.osi->numberOfDormantInteractions();
    out.maxDormant = std::max(out.maxDormant, dormant);
    if (dormant < dormantBefore) out.wakes += dormantBefore - dormant;
    dormantBefore = dormant;
    out.steps.push_back(state(p, false));
    ++k;
  }
  p.osi->wakeDormantInteractions();
  EXPECT_EQ(p.osi->numberOfDormantInteractions(), 0u);
  out.last = state(p, true);
  return out;
}

void expectSameRuns(const PileRun& awake, const PileRun& dormant) {
  ASSERT_EQ(awake.steps.size(), dormant.steps.size());
  for (std::size_t k = 0; k < awake.steps.size(); ++k)
    ASSERT_EQ(awake.steps[k], dormant.steps[k]) << "step " << k;
  EXPECT_EQ(awake.active, dormant.active);
  EXPECT_EQ(awake.last, dormant.last);
}

}  // namespace

TEST(DormantInteractions, PileMovesBitwiseAsWithoutDormancy) {
  Pile awakeModel = makePile(4, 0.3, false), dormantModel = makePile(4, 0.3, true);
  const PileRun awake = run(awakeModel), dormant = run(dormantModel);
  expectSameRuns(awake, dormant);
  // Not a trivial run: contacts slept and woke up, the pile moved and touched.
  EXPECT_EQ(awake.maxDormant, 0u);
  EXPECT_GT(dormant.maxDormant, 20u);
  EXPECT_GT(dormant.wakes, 10u);
  long most = 0;
  for (long a : awake.active) most = std::max(most, a);
  EXPECT_GT(most, 64);
  std::printf("dormant at most %zu, %zu wake-ups, up to %ld active contacts, %zu removed\n",
              dormant.maxDormant, dormant.wakes, most, dormantModel.manager->removedInteractions());
  EXPECT_GT(dormantModel.manager->removedInteractions(), 0u);
}

TEST(DormantInteractions, UserWriteBetweenStepsWakesEveryInteraction) {
  Pile awakeModel = makePile(3, 0.3, false), dormantModel = makePile(3, 0.3, true);
  const PileRun awake = run(awakeModel, 200), dormant = run(dormantModel, 200);
  expectSameRuns(awake, dormant);
  EXPECT_GT(dormant.maxDormant, 0u);
}

TEST(DormantInteractions, SeveralThreadsGiveTheSameBits) {
  Pile one = makePile(4, 0.2, true), two = makePile(4, 0.2, true);
  two.sim->setNumberOfThreads(2);
  const PileRun a = run(one), b = run(two);
  expectSameRuns(a, b);
}

TEST(DormantInteractions, ContactOfAFallingBallWakesWhenItCloses) {
  // A ball falling onto the ground: its contact, linked at the alert distance, sleeps while
  // the gap exceeds what the ball can close in a step, wakes, and the impact happens at the
  // step it happens without dormancy.
  const auto fall = [](bool dormantOn, std::size_t* slept) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0, 0.3);
    Eigen::VectorXd q0(7), v0 = Eigen::VectorXd::Zero(6);
    q0 << 0, 0, 0.3, 1, 0, 0, 0;
    v0(2) = -0.5;
    auto ball = std::make_shared<NewtonEulerDS>(q0, v0, 1.0, Eigen::Matrix3d::Identity() * 0.004);
    ball->setFExt(Eigen::Vector3d(0, 0, -9.81));
    nsds->insertDynamicalSystem(ball);
    auto manager = std::make_shared<ContactManager>(
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3), 0.05);
    manager->addSphere(ball, 0.1);
    manager->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
    auto osi = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
    osi->setDormantInteractions(dormantOn);
    auto problem = std::make_shared<FrictionContact>(3);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0, 1e-3), osi, problem);
    sim.insertInteractionManager(manager);
    sim.initialize();
    std::vector<double> z;
    long firstActive = -1, k = 0;
    *slept = 0;
    while (sim.hasNextEvent()) {
      sim.computeOneStep();
      if (firstActive < 0 && problem->size() > 0) firstActive = k;
      sim.nextStep();
      *slept = std::max(*slept, osi->numberOfDormantInteractions());
      z.push_back(ball->q()(2));
      ++k;
    }
    z.push_back(static_cast<double>(firstActive));
    return z;
  };
  std::size_t sleptAwake = 0, sleptDormant = 0;
  const std::vector<double> awake = fall(false, &sleptAwake), dormant = fall(true, &sleptDormant);
  EXPECT_EQ(awake, dormant);
  EXPECT_EQ(sleptAwake, 0u);
  EXPECT_EQ(sleptDormant, 1u);
  EXPECT_GT(awake.back(), 100.0);  // the impact happened, after the link
}

TEST(DormantInteractions, RejectedByTheProjectionIntegratorsAndBadBounds) {
  MoreauJeanNewtonEulerDirectProjectionOSI projection;
  EXPECT_THROW(projection.setDormantInteractions(true), ModelError);
  EXPECT_NO_THROW(projection.setDormantInteractions(false));
  MoreauJeanNewtonEulerCombinedProjectionOSI combined;
  EXPECT_THROW(combined.setDormantInteractions(true), ModelError);
  MoreauJeanNewtonEulerOSI plain;
  EXPECT_FALSE(plain.dormantInteractions());
  plain.setDormantInteractions(true);
  EXPECT_TRUE(plain.dormantInteractions());
  NewtonEuler3DR relation(
      NewtonEuler1DR::sphereOnPlane(0.1, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()));
  EXPECT_TRUE(relation.gapMotionBound().empty());
  EXPECT_THROW(relation.setGapMotionBound({-1.0}), ModelError);
  EXPECT_THROW(relation.setGapMotionBound({std::numeric_limits<double>::infinity()}), ModelError);
  relation.setGapMotionBound({0.1});
  EXPECT_EQ(relation.gapMotionBound(), std::vector<double>{0.1});
}
