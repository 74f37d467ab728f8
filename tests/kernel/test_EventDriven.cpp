// EventDriven + LsodarOSI (issue 12, docs/theory/event-driven.md): bouncing
// ball impact times and velocities against the closed form, time-discretisation
// events without drift, a resting contact after the Zeno accumulation, e = 0,
// two contacts (floor and ceiling), take-off by the double condition, option
// checks.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

using namespace moreau;

namespace {

struct Ball {
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::vector<std::shared_ptr<Interaction>> contacts;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<EventDriven> sim;
  std::shared_ptr<LsodarOSI> osi;
};

// Shared model BB (tutorial-models.md): q = (height, x, angle), y = q0.
Ball makeBall(double e, double g, double q0, double v0, double T, double h, bool ceiling = false,
              double ceilingHeight = 1.5) {
  const double m = 1, R = 0.1;
  Ball b;
  Eigen::MatrixXd M = Eigen::Vector3d(m, m, 0.6 * m * R * R).asDiagonal();
  b.ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(q0, 0, 0),
                                                Eigen::Vector3d(v0, 0, 0), M);
  b.ds->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  b.nsds->insertDynamicalSystem(b.ds);
  Eigen::MatrixXd H(1, 3);
  H << 1, 0, 0;
  auto law = std::make_shared<NewtonImpactNSL>(e);
  b.contacts.push_back(
      std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(H)));
  b.nsds->link(b.contacts.back(), b.ds);
  if (ceiling) {
    Eigen::MatrixXd H2(1, 3);
    H2 << -1, 0, 0;
    Eigen::VectorXd b2(1);
    b2 << ceilingHeight;
    b.contacts.push_back(
        std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(H2, b2)));
    b.nsds->link(b.contacts.back(), b.ds);
  }
  auto td = std::make_shared<TimeDiscretisation>(0.0, h);
  b.osi = std::make_shared<LsodarOSI>();
  b.sim = std::make_shared<EventDriven>(b.nsds, td);
  b.sim->insertIntegrator(b.osi);
  b.sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);
  b.sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);
  return b;
}

struct Impact {
  double t, vMinus, vPlus, impulse;
};

}  // namespace

TEST(EventDriven, BouncingBallImpactsMatchTheClosedForm) {
  const double g = 9.81, e = 0.9, T = 8.5, h = 5e-3;
  Ball b = makeBall(e, g, 1.0, 0.0, T, h);
  EventDriven& s = *b.sim;
  s.initialize();
  std::vector<Impact> impacts;
  std::size_t td = 0;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) {
      impacts.push_back(
          {s.startingTime(), b.ds->velocityMemory()(0), b.ds->velocity()(0), b.ds->p(1)(0)});
      EXPECT_EQ(b.ds->qMemory()(0), b.ds->q()(0));  // position continuous at the impact
    } else {
      ++td;
      // Time-discretisation events exactly at t0 + k h.
      EXPECT_EQ(s.startingTime(), static_cast<double>(td) * h);
    }
  }
  EXPECT_EQ(td, 1700u);
  // Closed form: t1 = √(2/g), v1⁻ = −√(2g); v_n⁺ = e^n √(2g); t_{n+1} = t_n + 2 v_n⁺/g.
  double t = std::sqrt(2.0 / g), vMinus = -std::sqrt(2.0 * g);
  double maxDt = 0, maxDv = 0;
  std::size_t n = 0;
  while (t <= T) {
    ASSERT_LT(n, impacts.size());
    const Impact& x = impacts[n];
    maxDt = std::max(maxDt, std::abs(x.t - t));
    maxDv = std::max(maxDv, std::abs(x.vMinus - vMinus));
    EXPECT_NEAR(x.t, t, 1e-9) << "impact " << n;
    EXPECT_NEAR(x.vMinus, vMinus, 1e-9) << "impact " << n;
    EXPECT_NEAR(x.vPlus, -e * vMinus, 1e-9) << "impact " << n;
    EXPECT_NEAR(x.impulse, -(1 + e) * vMinus, 1e-9) << "impact " << n;  // m = 1
    const double vPlus = -e * vMinus;
    t += 2 * vPlus / g;
    vMinus = -vPlus;
    ++n;
  }
  EXPECT_EQ(impacts.size(), n);
  EXPECT_EQ(s.numberOfImpacts(), n);
  EXPECT_EQ(s.numberOfZenoPlasticImpacts(), 0u);
  const LsodarOSI::Statistics& st = b.osi->statistics();
  std::printf(
      "BouncingBallED: %zu impacts, max |t - t_exact| = %.3e, max |v- - v_exact| = %.3e; "
      "CVODE steps %ld, f evals %ld, g evals %ld, J evals %ld, roots %ld\n",
      n, maxDt, maxDv, st.steps, st.rhsEvaluations, st.rootEvaluations, st.jacobianEvaluations,
      st.rootsFound);
}

// e = 0 (tutorial §27): one impact, then a persistent contact held by λ(2) = m g.
TEST(EventDriven, PlasticImpactEndsInRestingContact) {
  const double g = 9.81, T = 2.0, h = 5e-3;
  Ball b = makeBall(0.0, g, 1.0, 0.0, T, h);
  EventDriven& s = *b.sim;
  s.initialize();
  const Interaction& c = *b.contacts[0];
  const Topology& topo = b.nsds->topology();
  double tImpact = -1, pImpact = 0, lambdaImpact = 0;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) {
      tImpact = s.startingTime();
      // The impulse belongs to the impact event: read it right after processEvents (the
      // next advanceToEvent resets λ(1) and p(1), as Siconos).
      pImpact = b.ds->p(1)(0);
      lambdaImpact = c.lambda(1)(0);
    } else if (tImpact > 0) {
      EXPECT_EQ(b.ds->p(1)(0), 0.0);
      EXPECT_EQ(c.lambda(1)(0), 0.0);
    }
    if (s.startingTime() > std::sqrt(2.0 / g) + 1e-6) {
      EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-12);
      EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-12);
      EXPECT_TRUE(topo.indexSet(2).contains(c.number()));
      EXPECT_NEAR(c.lambda(2)(0), g, 1e-10);  // m = 1
      EXPECT_NEAR(b.ds->p(2)(0), g, 1e-10);
    }
  }
  EXPECT_NEAR(tImpact, std::sqrt(2.0 / g), 1e-10);
  EXPECT_EQ(s.numberOfNonSmoothEvents(), 1u);
  EXPECT_EQ(s.numberOfImpacts(), 1u);
  EXPECT_NEAR(pImpact, std::sqrt(2.0 * g), 1e-9);       // the impulse m |v⁻|
  EXPECT_NEAR(lambdaImpact, std::sqrt(2.0 * g), 1e-9);  // p(1) = Hᵀ λ(1), H = [1 0 0]
}

// e = 0.5 run past the accumulation time t∞ = t1 (1 + e)/(1 − e): the
// accumulation rule (docs/theory/event-driven.md §5) makes the first impact
// arriving slower than accumulationVelocity() plastic and the ball rests on
// the floor. Closed form: impact n at t_n = t1 (1 + 2 (e + … + e^{n−1})),
// pre-impact velocity −√(2g) e^{n−1}.
TEST(EventDriven, ZenoAccumulationEndsAtRestNearTheAccumulationTime) {
  const double g = 9.81, e = 0.5, T = 3.0, h = 1e-2;
  Ball b = makeBall(e, g, 1.0, 0.0, T, h);
  EventDriven& s = *b.sim;
  s.initialize();
  const double vAcc = s.accumulationVelocity();
  EXPECT_NEAR(vAcc, 2.0 * std::sqrt(100 * std::numeric_limits<double>::epsilon()),
              1e-22);  // 2 atol / √(100 ε), atol = 100 ε
  // Closed form: the first n with √(2g) e^{n−1} < vAcc, and its time.
  const double t1 = std::sqrt(2.0 / g), v1 = std::sqrt(2.0 * g);
  std::size_t nExpected = 1;
  double tExpected = t1, vn = v1;
  while (vn >= vAcc) {
    tExpected += 2.0 * e * vn / g;
    vn *= e;
    ++nExpected;
  }
  const double tInf = t1 * (1 + e) / (1 - e);
  double tLast = 0, vPre = 0;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) {
      tLast = s.startingTime();
      vPre = b.ds->velocityMemory()(0);
    }
  }
  EXPECT_EQ(nExpected, 25u);
  EXPECT_EQ(s.numberOfImpacts(), nExpected);
  EXPECT_EQ(s.numberOfZenoPlasticImpacts(), 1u);
  // Times to 1e-10 s; the last flights (apex ~1e-14 m, below atol) give
  // the pre-impact velocity to 1e-3 relative.
  EXPECT_NEAR(tLast, tExpected, 1e-10);
  EXPECT_NEAR(vPre, -vn, 1e-3 * vn);
  // The skipped flights sum to 2 e vn / (g (1 − e)): the rest starts that
  // much before t∞.
  EXPECT_NEAR(tInf - tLast, 2.0 * e * vn / (g * (1 - e)), 1e-10);
  EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-12);
  EXPECT_EQ(b.ds->velocity()(0), 0.0);
  EXPECT_TRUE(b.nsds->topology().indexSet(2).contains(b.contacts[0]->number()));
  EXPECT_NEAR(b.contacts[0]->lambda(2)(0), g, 1e-10);
  std::printf("Zeno e = 0.5: %zu impacts (%zu plastic), last at t = %.12f, t_inf = %.12f\n",
              s.numberOfImpacts(), s.numberOfZenoPlasticImpacts(), tLast, tInf);
}

// The time guard (fallback of the accumulation rule): with the velocity rule
// disabled, the first impact less than zenoThreshold() after the previous one
// is plastic. Closed form: flights 2 e^n √(2g)/g; the first below 1e-4 s.
TEST(EventDriven, ZenoTimeGuardIsTheFallback) {
  const double g = 9.81, e = 0.5, T = 3.0, h = 1e-2;
  Ball b = makeBall(e, g, 1.0, 0.0, T, h);
  EventDriven& s = *b.sim;
  EXPECT_NEAR(s.zenoThreshold(), 3e-9, 1e-20);  // default 1e-9 (T − t0)
  s.setAccumulationVelocity(0.0);
  s.setZenoThreshold(1e-4);
  s.initialize();
  const double t1 = std::sqrt(2.0 / g);
  std::size_t nExpected = 1;
  double tExpected = t1, vn = std::sqrt(2.0 * g);
  while (2.0 * e * vn / g >= 1e-4) {
    tExpected += 2.0 * e * vn / g;
    vn *= e;
    ++nExpected;
  }
  tExpected += 2.0 * e * vn / g;  // the short flight, then the plastic impact
  ++nExpected;
  double tLast = 0;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) tLast = s.startingTime();
  }
  EXPECT_EQ(s.numberOfImpacts(), nExpected);
  EXPECT_EQ(s.numberOfZenoPlasticImpacts(), 1u);
  EXPECT_NEAR(tLast, tExpected, 1e-10);
  EXPECT_EQ(b.ds->velocity()(0), 0.0);
  EXPECT_NEAR(b.contacts[0]->lambda(2)(0), g, 1e-10);
}

// A ball at rest on the floor pulled up by F(t) = m(−g + c t): λ(2) = m(g − c t)
// vanishes at t* = g/c (a take-off event), then y = c (t − t*)³ / 6.
TEST(EventDriven, TakeOffWhenTheContactForceVanishes) {
  const double g = 9.81, c = 20.0, T = 1.0, h = 1e-2;
  Ball b = makeBall(0.9, g, 0.0, 0.0, T, h);
  b.ds->setComputeFExtFunction([=](double t, Eigen::VectorXd& f) {
    f.setZero();
    f(0) = -g + c * t;
  });
  EventDriven& s = *b.sim;
  s.initialize();
  const Interaction& contact = *b.contacts[0];
  EXPECT_TRUE(b.nsds->topology().indexSet(2).contains(contact.number()));
  EXPECT_NEAR(contact.lambda(2)(0), g, 1e-12);
  const double tStar = g / c;
  double tTakeOff = -1;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    const double t = s.startingTime();
    if (ns) {
      tTakeOff = t;
      EXPECT_FALSE(b.nsds->topology().indexSet(2).contains(contact.number()));
      EXPECT_FALSE(b.nsds->topology().indexSet(1).contains(contact.number()));
    } else if (t < tStar - 1e-9) {
      EXPECT_NEAR(contact.lambda(2)(0), g - c * t, 1e-9);
      EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-12);
    } else if (t > tStar + 1e-9) {
      const double d = t - tStar;
      EXPECT_NEAR(b.ds->q()(0), c * d * d * d / 6, 1e-9);
      EXPECT_NEAR(b.ds->velocity()(0), c * d * d / 2, 1e-9);
      EXPECT_EQ(contact.lambda(2)(0), 0.0);
    }
  }
  EXPECT_EQ(s.numberOfNonSmoothEvents(), 1u);
  EXPECT_EQ(s.numberOfImpacts(), 0u);
  EXPECT_NEAR(tTakeOff, tStar, 1e-9);
}

// Tutorial §25: floor y1 = q0 and ceiling y2 = 1.5 − q0, e = 0.8, g = 10,
// v0 = 10 upwards. Reference: impact after impact from the exact parabolas.
TEST(EventDriven, TwoContactsMatchTheExactParabolas) {
  const double g = 10, e = 0.8, T = 10, h = 0.01, top = 1.5;
  Ball b = makeBall(e, g, 1.0, 10.0, T, h, true, top);
  EventDriven& s = *b.sim;
  s.initialize();
  std::vector<Impact> impacts;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns)
      impacts.push_back(
          {s.startingTime(), b.ds->velocityMemory()(0), b.ds->velocity()(0), b.ds->p(1)(0)});
  }
  // Exact: from (t, q, v), the next time q + v τ − g τ²/2 reaches 0 or `top`.
  double t = 0, q = 1, v = 10;
  std::size_t n = 0;
  double maxDt = 0;
  for (; n < impacts.size() && n < 30; ++n) {
    auto root = [&](double level) {  // smallest τ > 0 with q + v τ − g τ²/2 = level
      const double a = -g / 2, bb = v, cc = q - level;
      const double disc = bb * bb - 4 * a * cc;
      if (disc < 0) return std::numeric_limits<double>::infinity();
      const double r1 = (-bb + std::sqrt(disc)) / (2 * a), r2 = (-bb - std::sqrt(disc)) / (2 * a);
      double r = std::numeric_limits<double>::infinity();
      for (double x : {r1, r2})
        if (x > 1e-12) r = std::min(r, x);
      return r;
    };
    const double tauFloor = root(0.0), tauTop = root(top);
    const double tau = std::min(tauFloor, tauTop);
    t += tau;
    const double vMinus = v - g * tau;
    q = tauFloor < tauTop ? 0.0 : top;
    v = -e * vMinus;
    if (t > T) break;
    ASSERT_LT(n, impacts.size());
    maxDt = std::max(maxDt, std::abs(impacts[n].t - t));
    EXPECT_NEAR(impacts[n].t, t, 1e-9) << "impact " << n;
    EXPECT_NEAR(impacts[n].vMinus, vMinus, 1e-8) << "impact " << n;
    EXPECT_NEAR(impacts[n].vPlus, v, 1e-8) << "impact " << n;
  }
  EXPECT_GE(n, 10u);
  std::printf("Two contacts: %zu impacts checked, max |t - t_exact| = %.3e\n", n, maxDt);
}

TEST(EventDriven, OptionsAndConstructionErrors) {
  Ball b = makeBall(0.9, 9.81, 1.0, 0.0, 1.0, 0.1);
  EXPECT_THROW(b.sim->setEventTolerance(0.0), ModelError);
  EXPECT_THROW(b.sim->setEventTolerance(std::nan("")), ModelError);
  EXPECT_THROW(b.sim->setZenoThreshold(-1.0), ModelError);
  EXPECT_THROW(b.sim->setAccumulationVelocity(-1.0), ModelError);
  EXPECT_THROW(b.sim->setAccumulationVelocity(std::numeric_limits<double>::infinity()), ModelError);
  EXPECT_THROW(b.sim->setMaxNonSmoothEventsPerStep(0), ModelError);
  EXPECT_THROW(b.osi->setTolerances(0.0, 1e-10), ModelError);
  EXPECT_THROW(b.osi->setTolerances(1e-10, std::numeric_limits<double>::infinity()), ModelError);
  EXPECT_DOUBLE_EQ(b.osi->rtol(), 10 * std::numeric_limits<double>::epsilon());
  EXPECT_DOUBLE_EQ(b.osi->atol(), 100 * std::numeric_limits<double>::epsilon());
  EXPECT_DOUBLE_EQ(b.sim->eventTolerance(), 1e4 * std::numeric_limits<double>::epsilon());
  // A Moreau–Jean integrator is not an event-driven one.
  auto nsds = b.nsds;
  auto other = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1));
  other->insertIntegrator(std::make_shared<MoreauJeanOSI>(0.5));
  EXPECT_THROW(other->initialize(), ModelError);
  // The default problems are created; the BDF method and the difference-quotient
  // Jacobian give the same first impact.
  for (bool bdf : {false, true}) {
    Ball c = makeBall(0.9, 9.81, 1.0, 0.0, 1.0, 0.1);
    auto sim = std::make_shared<EventDriven>(c.nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                                             c.osi);
    c.osi->setMethod(bdf ? LsodarOSI::Method::BDF : LsodarOSI::Method::Adams);
    c.osi->setUseJacobian(!bdf);
    c.osi->setTolerances(1e-12, 1e-12);
    sim->initialize();
    EXPECT_EQ(c.osi->usesAnalyticJacobian(), !bdf);
    ASSERT_TRUE(sim->nonSmoothProblem(ProblemRole::Velocity));
    ASSERT_TRUE(sim->nonSmoothProblem(ProblemRole::Acceleration));
    double tFirst = -1;
    while (sim->hasNextEvent() && tFirst < 0) {
      sim->advanceToEvent();
      if (sim->nextEventType() == EventType::NonSmooth) tFirst = sim->nextTime();
      sim->processEvents();
    }
    EXPECT_NEAR(tFirst, std::sqrt(2.0 / 9.81), 1e-9) << (bdf ? "BDF" : "Adams");
  }
}

// run() works (nextStep = processEvents) and the events never drift.
TEST(EventDriven, RunReachesTheFinalTimeExactly) {
  Ball b = makeBall(0.9, 9.81, 1.0, 0.0, 8.5, 5e-3);
  b.sim->run();
  EXPECT_FALSE(b.sim->hasNextEvent());
  EXPECT_EQ(b.sim->startingTime(), 1700 * 5e-3);
  EXPECT_EQ(b.sim->eventsManager().numberOfProcessedEvents(), 1700u + 44u);
  EXPECT_THROW(b.sim->advanceToEvent(), SimulationError);
}

// Two identical floor contacts (y1 = y2 = q0): simultaneous impacts with a singular
// impact matrix [[1, 1], [1, 1]], then (e = 0) a resting phase with redundant bilateral
// contacts: the total force is m g however the solver splits it.
TEST(EventDriven, SimultaneousRedundantContactsImpactAndRest) {
  const double g = 9.81, T = 1.0, h = 1e-2;
  Ball b = makeBall(0.0, g, 1.0, 0.0, T, h, true, 0.0);
  // Replace the ceiling by a second floor contact: y2 = q0.
  b.nsds->removeInteraction(b.contacts[1]);
  Eigen::MatrixXd H(1, 3);
  H << 1, 0, 0;
  b.contacts[1] = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                                std::make_shared<LagrangianLinearTIR>(H));
  b.nsds->link(b.contacts[1], b.ds);
  EventDriven& s = *b.sim;
  s.initialize();
  double tImpact = -1;
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) {
      tImpact = s.startingTime();
      EXPECT_NEAR(b.contacts[0]->lambda(1)(0) + b.contacts[1]->lambda(1)(0), std::sqrt(2 * g),
                  1e-9);
    }
    if (s.startingTime() > std::sqrt(2.0 / g) + 1e-6) {
      EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-12);
      EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-12);
      EXPECT_NEAR(b.contacts[0]->lambda(2)(0) + b.contacts[1]->lambda(2)(0), g, 1e-9);
      EXPECT_NEAR(b.ds->p(2)(0), g, 1e-9);
    }
  }
  EXPECT_NEAR(tImpact, std::sqrt(2.0 / g), 1e-10);
  EXPECT_EQ(s.numberOfNonSmoothEvents(), 1u);
}

// Time-stepping (Moreau–Jean θ = ½) converges to the event-driven trajectory as h → 0: on
// [0, 1] (one impact, at 0.4515), max over t = 0.01 k of |q_TS − q_ED| ≤ 10 h for every h of
// 1e-2 / 2^j, j = 0..10 (measured: 5.3e-2 at h = 1e-2, then an error / h ratio between 0.26
// and 7.7, 4.3 at the finest h = 9.8e-6: first order, not monotone while the impact falls
// anywhere inside a step).
TEST(EventDriven, TimeSteppingConvergesToEventDriven) {
  const double g = 9.81, e = 0.9, T = 1.0, grid = 0.01;
  Ball ed = makeBall(e, g, 1.0, 0.0, T, grid);
  ed.sim->initialize();
  std::vector<double> qED{1.0};
  while (ed.sim->hasNextEvent()) {
    ed.sim->advanceToEvent();
    const bool ns = ed.sim->nextEventType() == EventType::NonSmooth;
    ed.sim->processEvents();
    if (!ns) qED.push_back(ed.ds->q()(0));
  }
  ASSERT_EQ(qED.size(), 101u);
  double first = 0, last = 0;
  for (int j = 0; j <= 10; ++j) {
    const double h = grid / std::pow(2.0, j);
    Ball ts = makeBall(e, g, 1.0, 0.0, T, h);  // same model, time-stepping
    auto sim = std::make_shared<TimeStepping>(ts.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                              std::make_shared<MoreauJeanOSI>(0.5),
                                              std::make_shared<LCP>());
    const long every = 1L << j;
    long k = 0;
    double err = 0;
    while (sim->hasNextEvent()) {
      sim->computeOneStep();
      sim->nextStep();
      if (++k % every == 0)
        err = std::max(err, std::abs(ts.ds->q()(0) - qED[static_cast<std::size_t>(k / every)]));
    }
    EXPECT_LE(err, 10 * h) << "h = " << h;
    if (j == 0) first = err;
    last = err;
  }
  EXPECT_LT(last, first / 100);
  EXPECT_LT(last, 1e-4);
}

namespace {

// Rope pendulum (tutorial-models §28): a point mass (m = 1) in the plane, y
// pointing down, F = (0, g), constraint h = L² − |q|² ≥ 0 through a
// LagrangianScleronomousR with G = −2qᵀ and Ġ = −2vᵀ (optional).
struct RopePendulum {
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::shared_ptr<Interaction> rope;
  std::shared_ptr<EventDriven> sim;
};

RopePendulum makeRopePendulum(const Eigen::Vector2d& q0, double e, double T, double h,
                              bool withDotG = true) {
  const double g = 9.81, L = 1.0;
  RopePendulum p;
  p.ds = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector2d::Zero(),
                                                Eigen::Matrix2d::Identity());
  p.ds->setFExtPtr(Eigen::Vector2d(0, g));
  auto rel = std::make_shared<LagrangianScleronomousR>(
      [](const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::VectorXd& y) {
        y(0) = z(0) * z(0) - q.squaredNorm();
      },
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        G(0, 0) = -2 * q(0);
        G(0, 1) = -2 * q(1);
      });
  if (withDotG)
    rel->setComputeDotJachqFunction([](const Eigen::VectorXd&, const Eigen::VectorXd& v,
                                       const Eigen::VectorXd&, Eigen::MatrixXd& dotG) {
      dotG(0, 0) = -2 * v(0);
      dotG(0, 1) = -2 * v(1);
    });
  p.ds->setzPtr(Eigen::VectorXd::Constant(1, L));
  p.rope = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(p.ds);
  nsds->link(p.rope, p.ds);
  p.sim = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, h));
  p.sim->insertIntegrator(std::make_shared<LsodarOSI>());
  p.sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);
  p.sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);
  return p;
}

// Complete elliptic integral of the first kind K(k) by the arithmetic-geometric mean.
double ellipticK(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 40 && std::abs(a - b) > 1e-16 * a; ++i) {
    const double an = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = an;
  }
  return 0.5 * M_PI / a;
}

}  // namespace

TEST(EventDriven, RopePendulumQuarterPeriodAndInvariants) {
  // Taut rope from θ0 = π/3: the contact stays closed (tension m g (3 cos θ − 2 cos θ0) > 0),
  // the acceleration LCP with Ġ v gives the pendulum. The first crossing of x = 0 (Hermite
  // interpolation on the 1e-3 grid) is the quarter period K(sin(θ0/2)) √(L/g).
  const double g = 9.81, th0 = M_PI / 3, h = 1e-3;
  RopePendulum p = makeRopePendulum(Eigen::Vector2d(std::sin(th0), std::cos(th0)), 0.9, 2.0, h);
  p.sim->initialize();
  const double E0 = -g * std::cos(th0);
  double tPrev = 0, xPrev = p.ds->q()(0), vPrev = 0, tCross = -1, maxDE = 0, maxGap = 0;
  long impacts = 0;
  while (p.sim->hasNextEvent()) {
    p.sim->advanceToEvent();
    if (p.sim->nextEventType() == EventType::NonSmooth) ++impacts;
    p.sim->processEvents();
    const double t = p.sim->startingTime();
    const Eigen::VectorXd& q = p.ds->q();
    const Eigen::VectorXd& v = p.ds->velocity();
    maxDE = std::max(maxDE, std::abs(0.5 * v.squaredNorm() - g * q(1) - E0));
    maxGap = std::max(maxGap, std::abs(1.0 - q.squaredNorm()));
    EXPECT_GE(p.rope->lambda(2)(0), 0.0) << "t = " << t;
    if (tCross < 0 && q(0) <= 0 && xPrev > 0) {
      // Cubic Hermite interpolation of x on [tPrev, t], root by bisection.
      const double dt = t - tPrev, x1 = q(0), v1 = v(0);
      auto x = [&](double s) {
        const double s2 = s * s, s3 = s2 * s;
        return (2 * s3 - 3 * s2 + 1) * xPrev + (s3 - 2 * s2 + s) * dt * vPrev +
               (-2 * s3 + 3 * s2) * x1 + (s3 - s2) * dt * v1;
      };
      double lo = 0, hi = 1;
      for (int i = 0; i < 60; ++i) (x(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
      tCross = tPrev + 0.5 * (lo + hi) * dt;
    }
    tPrev = t;
    xPrev = p.ds->q()(0);
    vPrev = p.ds->velocity()(0);
  }
  const double quarter = ellipticK(std::sin(th0 / 2)) / std::sqrt(g);
  EXPECT_EQ(impacts, 0);
  EXPECT_NEAR(tCross, quarter, 1e-8);
  EXPECT_LT(maxDE, 1e-8);
  EXPECT_LT(maxGap, 1e-8);
  std::printf(
      "rope pendulum: |t_cross - K/sqrt(g)| = %.3e, max |dE| = %.3e, max |1 - |q|^2| = "
      "%.3e\n",
      std::abs(tCross - quarter), maxDE, maxGap);
}

TEST(EventDriven, SlackRopeSnapsTautWithNewtonRestitution) {
  // Slack rope, mass released at (0.5, 0): free fall until |q| = 1 at y* = √0.75,
  // t* = √(2 y*/g); then ẏ⁺ = −e ẏ⁻ for the constraint velocity ẏ = −2 q·v.
  const double g = 9.81, e = 0.9;
  RopePendulum p = makeRopePendulum(Eigen::Vector2d(0.5, 0.0), e, 1.0, 0.01);
  p.sim->initialize();
  const double yStar = std::sqrt(0.75), tStar = std::sqrt(2 * yStar / g);
  long impacts = 0;
  while (p.sim->hasNextEvent() && impacts == 0) {
    p.sim->advanceToEvent();
    const bool ns = p.sim->nextEventType() == EventType::NonSmooth;
    p.sim->processEvents();
    if (!ns) continue;
    ++impacts;
    const Eigen::VectorXd& q = p.ds->qMemory();
    const Eigen::VectorXd& vm = p.ds->velocityMemory();
    const Eigen::VectorXd& vp = p.ds->velocity();
    EXPECT_NEAR(p.sim->startingTime(), tStar, 1e-9);
    EXPECT_NEAR(vm(1), g * tStar, 1e-8);
    const double yDotMinus = -2 * q.dot(vm), yDotPlus = -2 * p.ds->q().dot(vp);
    EXPECT_LT(yDotMinus, 0);
    EXPECT_NEAR(yDotPlus, -e * yDotMinus, 1e-9);
    EXPECT_NEAR(p.rope->y(1)(0), yDotPlus, 1e-12);
  }
  EXPECT_EQ(impacts, 1);
}

TEST(EventDriven, RopeBetweenTwoSystemsRotatesRigidly) {
  // Two unit masses joined by a taut rope h = L² − |q2 − q1|² (G and Ġ over both systems:
  // columns 0..1 for the first, 2..3 for the second), no gravity, v1 = 0, v2 = (0, 1): the pair
  // rotates about its centre of mass at ω = 1, q2 = (½ + ½ cos t, ½ t + ½ sin t), λ(2) = ¼.
  auto a = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                  Eigen::Matrix2d::Identity());
  auto b = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(1, 0), Eigen::Vector2d(0, 1),
                                                  Eigen::Matrix2d::Identity());
  auto rel = std::make_shared<LagrangianScleronomousR>(
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = 1.0 - (q.tail<2>() - q.head<2>()).squaredNorm();
      },
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        const Eigen::Vector2d r = q.tail<2>() - q.head<2>();
        G << 2 * r(0), 2 * r(1), -2 * r(0), -2 * r(1);
      });
  rel->setComputeDotJachqFunction([](const Eigen::VectorXd&, const Eigen::VectorXd& v,
                                     const Eigen::VectorXd&, Eigen::MatrixXd& dotG) {
    const Eigen::Vector2d w = v.tail<2>() - v.head<2>();
    dotG << 2 * w(0), 2 * w(1), -2 * w(0), -2 * w(1);
  });
  auto rope = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 2.0);
  nsds->insertDynamicalSystem(a);
  nsds->insertDynamicalSystem(b);
  nsds->link(rope, a, b);
  auto sim = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1));
  sim->insertIntegrator(std::make_shared<LsodarOSI>());
  sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Velocity);
  sim->insertNonSmoothProblem(std::make_shared<LCP>(), ProblemRole::Acceleration);
  sim->initialize();
  double maxErr = 0, maxLambda = 0;
  long impacts = 0;
  while (sim->hasNextEvent()) {
    sim->advanceToEvent();
    if (sim->nextEventType() == EventType::NonSmooth) ++impacts;
    sim->processEvents();
    const double t = sim->startingTime();
    const Eigen::Vector2d q2(0.5 + 0.5 * std::cos(t), 0.5 * t + 0.5 * std::sin(t));
    const Eigen::Vector2d q1(0.5 - 0.5 * std::cos(t), 0.5 * t - 0.5 * std::sin(t));
    maxErr = std::max({maxErr, (b->q() - q2).norm(), (a->q() - q1).norm()});
    maxLambda = std::max(maxLambda, std::abs(rope->lambda(2)(0) - 0.25));
  }
  EXPECT_EQ(impacts, 0);
  EXPECT_NEAR(sim->startingTime(), 2.0, 1e-12);
  EXPECT_LT(maxErr, 1e-9);
  EXPECT_LT(maxLambda, 1e-9);
  std::printf("two-body rope: max |q - exact| = %.3e, max |lambda(2) - 1/4| = %.3e\n", maxErr,
              maxLambda);
}
