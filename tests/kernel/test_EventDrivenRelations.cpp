// EventDriven + LsodarOSI with q- and t-dependent Jacobians (issue 12,
// docs/theory/event-driven.md "The drift term"): the drift c of ÿ = G v̇ + c by
// central differences when Ġ is not given (scleronomous relations) and for
// rheonomous relations (a moving floor), against the user Ġ, against the
// analytic vᵀ∇²h v, and against closed-form impact and take-off times.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <memory>
#include <vector>

using namespace moreau;

namespace {

enum class Derivatives { DotG, G, None };  // what the user gives besides h

// Rope pendulum (examples/SimplePendulumED): unit mass, y down, g = 9.81,
// h = L² − |q|² ≥ 0, L = 1.
std::shared_ptr<EventDriven> makeRope(const Eigen::Vector2d& q0, double e, double T, double h,
                                      Derivatives given,
                                      std::shared_ptr<LagrangianLinearTIDS>* dsOut = nullptr,
                                      std::shared_ptr<Interaction>* interOut = nullptr) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector2d::Zero(),
                                                   Eigen::Matrix2d::Identity());
  ds->setFExtPtr(Eigen::Vector2d(0, 9.81));
  ds->setzPtr(Eigen::VectorXd::Constant(1, 1.0));
  LagrangianScleronomousR::OutputFunction hf = [](const Eigen::VectorXd& q,
                                                  const Eigen::VectorXd& z, Eigen::VectorXd& y) {
    y(0) = z(0) * z(0) - q.squaredNorm();
  };
  LagrangianScleronomousR::JacobianFunction Gf;
  if (given != Derivatives::None)
    Gf = [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
      G(0, 0) = -2 * q(0);
      G(0, 1) = -2 * q(1);
    };
  auto rel = std::make_shared<LagrangianScleronomousR>(hf, Gf);
  if (given == Derivatives::None) rel->setJacobianByFiniteDifferences(true);
  if (given == Derivatives::DotG)
    rel->setComputeDotJachqFunction([](const Eigen::VectorXd&, const Eigen::VectorXd& v,
                                       const Eigen::VectorXd&, Eigen::MatrixXd& dotG) {
      dotG(0, 0) = -2 * v(0);
      dotG(0, 1) = -2 * v(1);
    });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto sim = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                           std::make_shared<LsodarOSI>());
  if (dsOut) *dsOut = ds;
  if (interOut) *interOut = inter;
  return sim;
}

struct RunResult {
  std::vector<double> events;  // nonsmooth event times
  Eigen::VectorXd q, v;        // final state
};

RunResult runAll(EventDriven& s, const LagrangianDS& ds) {
  RunResult r;
  s.initialize();
  while (s.hasNextEvent()) {
    s.advanceToEvent();
    const bool ns = s.nextEventType() == EventType::NonSmooth;
    s.processEvents();
    if (ns) r.events.push_back(s.startingTime());
  }
  r.q = ds.q();
  r.v = ds.velocity();
  return r;
}

}  // namespace

// The SimplePendulumED rope released slack at (0.5, 0). e = 0.9: snaps taut and
// bounces (impacts only); e = 0: snaps taut plastically and swings with the rope
// held (the drift enters the contact force) until the tension vanishes, falls
// slack, snaps again... The drift by differences (G given, or neither G nor Ġ)
// gives the event times and the final state of the user Ġ.
TEST(EventDrivenRelations, RopeWithoutDotJacobianMatchesTheUserDotJacobian) {
  for (const double e : {0.9, 0.0}) {
    const Eigen::Vector2d q0(0.5, 0.0);
    std::shared_ptr<LagrangianLinearTIDS> a, b, c;
    auto sa = makeRope(q0, e, 3.0, 0.01, Derivatives::DotG, &a);
    auto sb = makeRope(q0, e, 3.0, 0.01, Derivatives::G, &b);
    auto sc = makeRope(q0, e, 3.0, 0.01, Derivatives::None, &c);
    const RunResult ra = runAll(*sa, *a), rb = runAll(*sb, *b), rc = runAll(*sc, *c);
    ASSERT_GE(ra.events.size(), e > 0 ? 3u : 1u);
    ASSERT_EQ(rb.events.size(), ra.events.size());
    ASSERT_EQ(rc.events.size(), ra.events.size());
    double dB = 0, dC = 0;
    for (std::size_t i = 0; i < ra.events.size(); ++i) {
      dB = std::max(dB, std::abs(rb.events[i] - ra.events[i]) / ra.events[i]);
      dC = std::max(dC, std::abs(rc.events[i] - ra.events[i]) / ra.events[i]);
    }
    EXPECT_LT(dB, 1e-7);
    EXPECT_LT(dC, 1e-7);
    EXPECT_LT((rb.q - ra.q).norm() + (rb.v - ra.v).norm(), 1e-6);
    EXPECT_LT((rc.q - ra.q).norm() + (rc.v - ra.v).norm(), 1e-6);
    std::printf(
        "rope without Ġ, e = %.1f: %zu events, max relative event-time difference %.3e (G "
        "given), %.3e (h only); final state difference %.3e, %.3e\n",
        e, ra.events.size(), dB, dC, (rb.q - ra.q).norm() + (rb.v - ra.v).norm(),
        (rc.q - ra.q).norm() + (rc.v - ra.v).norm());
  }
}

// Nonlinear h = 3 + sin q0 + q0 q1 (open during the run): ÿ = G v̇ + vᵀ∇²h v with
// vᵀ∇²h v = −sin(q0) v0² + 2 v0 v1, checked at every event on y(2).
TEST(EventDrivenRelations, DriftByDifferencesMatchesTheAnalyticHessianTerm) {
  for (const bool withG : {true, false}) {
    auto ds = std::make_shared<LagrangianLinearTIDS>(
        Eigen::Vector2d(0.3, -0.2), Eigen::Vector2d(1.5, 0.7), Eigen::Matrix2d::Identity());
    ds->setFExtPtr(Eigen::Vector2d(-0.5, -1.0));
    LagrangianScleronomousR::JacobianFunction Gf;
    if (withG)
      Gf = [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        G(0, 0) = std::cos(q(0)) + q(1);
        G(0, 1) = q(0);
      };
    auto rel = std::make_shared<LagrangianScleronomousR>(
        [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
          y(0) = 3 + std::sin(q(0)) + q(0) * q(1);
        },
        Gf);
    if (!withG) rel->setJacobianByFiniteDifferences(true);
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5), rel);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter, ds);
    auto s = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.05),
                                           std::make_shared<LsodarOSI>());
    s->initialize();
    double maxErr = 0, scale = 0;
    while (s->hasNextEvent()) {
      s->advanceToEvent();
      s->processEvents();
      const Eigen::VectorXd& q = ds->q();
      const Eigen::VectorXd& v = ds->velocity();
      const Eigen::VectorXd& acc = s->lsodar()->acceleration(*ds);
      ASSERT_GT(inter->y(0)(0), 0.0);
      const double drift = -std::sin(q(0)) * v(0) * v(0) + 2 * v(0) * v(1);
      const double exact = (std::cos(q(0)) + q(1)) * acc(0) + q(0) * acc(1) + drift;
      maxErr = std::max(maxErr, std::abs(inter->y(2)(0) - exact));
      scale = std::max(scale, std::abs(drift));
    }
    EXPECT_GT(scale, 1.0);
    EXPECT_EQ(s->numberOfNonSmoothEvents(), 0u);
    EXPECT_LT(maxErr, withG ? 1e-8 : 1e-6) << (withG ? "G given" : "h only");
    std::printf("nonlinear h (%s): max |y(2) - (G a + v'H v)| = %.3e (|v'H v| up to %.2f)\n",
                withG ? "G given" : "h only", maxErr, scale);
  }
}

namespace {

// A unit mass (1 dof, up) above a floor moving as f(t) = A sin ωt:
// LagrangianRheonomousR y = q − A sin ωt (G = 1, ∂h/∂t = −A ω cos ωt when given).
std::shared_ptr<EventDriven> makeMovingFloor(double q0, double v0, double e, double A, double w,
                                             double T, bool derivatives, bool hDotOnly,
                                             std::shared_ptr<LagrangianLinearTIDS>& ds,
                                             std::shared_ptr<Interaction>& inter) {
  ds = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, q0),
                                              Eigen::VectorXd::Constant(1, v0),
                                              Eigen::MatrixXd::Identity(1, 1));
  ds->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  LagrangianRheonomousR::JacobianFunction Gf;
  LagrangianRheonomousR::TimeDerivativeFunction hDot;
  if (derivatives)
    Gf = [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
      G(0, 0) = 1.0;
    };
  if (derivatives || hDotOnly) {
    hDot = [A, w](double t, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::VectorXd& y) {
      y(0) = -A * w * std::cos(w * t);
    };
  }
  auto rel = std::make_shared<LagrangianRheonomousR>(
      [A, w](double t, const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = q(0) - A * std::sin(w * t);
      },
      Gf, hDot);
  if (!derivatives) rel->setJacobianByFiniteDifferences(true);
  inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  return std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                                       std::make_shared<LsodarOSI>());
}

// First root of y(t) = q* + v (t − t*) − g (t − t*)²/2 − A sin ωt after t*
// (scan, then bisection).
double nextImpact(double ts, double qs, double vs, double A, double w) {
  const double g = 9.81;
  auto y = [&](double t) {
    const double d = t - ts;
    return qs + vs * d - 0.5 * g * d * d - A * std::sin(w * t);
  };
  double lo = ts + 1e-7, step = 1e-4;
  while (y(lo + step) > 0) lo += step;
  double hi = lo + step;
  for (int i = 0; i < 200 && hi - lo > 1e-15; ++i)
    (y(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
  return 0.5 * (lo + hi);
}

}  // namespace

// Ball dropped from q = 1 on a floor f = A sin ωt: impact times from the
// analytic flights, Newton's law on the relative velocity ẏ = v − f'(t).
TEST(EventDrivenRelations, BallOnAMovingFloorImpactTimes) {
  const double A = 0.05, w = 10.0, e = 0.8, g = 9.81;
  for (const bool derivatives : {true, false}) {
    std::shared_ptr<LagrangianLinearTIDS> ds;
    std::shared_ptr<Interaction> inter;
    auto s = makeMovingFloor(1.0, 0.0, e, A, w, 3.0, derivatives, false, ds, inter);
    s->initialize();
    double ts = 0, qs = 1.0, vs = 0.0, maxDt = 0, maxDv = 0;
    int n = 0;
    while (s->hasNextEvent()) {
      s->advanceToEvent();
      const bool ns = s->nextEventType() == EventType::NonSmooth;
      s->processEvents();
      if (!ns) continue;
      const double t = nextImpact(ts, qs, vs, A, w);
      const double vMinus = vs - g * (t - ts), floorV = A * w * std::cos(w * t);
      const double vPlus = floorV - e * (vMinus - floorV);
      maxDt = std::max(maxDt, std::abs(s->startingTime() - t));
      maxDv = std::max(maxDv, std::abs(ds->velocity()(0) - vPlus));
      EXPECT_NEAR(s->startingTime(), t, 1e-8) << "impact " << n;
      EXPECT_NEAR(ds->velocity()(0), vPlus, 1e-7) << "impact " << n;
      EXPECT_NEAR(inter->y(1)(0), -e * (vMinus - floorV), 1e-7) << "impact " << n;
      ts = t;
      qs = A * std::sin(w * t);
      vs = vPlus;
      ++n;
    }
    EXPECT_GE(n, 4);
    std::printf(
        "moving floor (%s): %d impacts, max |t - t_exact| = %.3e, max |v+ - exact| = %.3e\n",
        derivatives ? "G, dh/dt given" : "h only", n, maxDt, maxDv);
  }
}

// Ball resting on the floor f = A sin ωt (q0 = 0, v0 = A ω, e = 0). A ω² < g:
// the contact persists (also while the floor accelerates upward), q = f and
// λ(2) = m (g − A ω² sin ωt). A ω² > g: take-off when λ(2) = 0, sin ωt = g / (A ω²).
// Both with G and ∂h/∂t given, and with ∂h/∂t given but G by differences (the
// drift then comes from second differences of h).
TEST(EventDrivenRelations, BallOnAMovingFloorPersistsThenTakesOff) {
  const double g = 9.81, w = 10.0;
  for (const bool derivatives : {true, false}) {
    {
      const double A = 0.05;  // A ω² = 5
      std::shared_ptr<LagrangianLinearTIDS> ds;
      std::shared_ptr<Interaction> inter;
      auto s = makeMovingFloor(0.0, A * w, 0.0, A, w, 2.0, derivatives, true, ds, inter);
      s->initialize();
      double maxQ = 0, maxL = 0;
      while (s->hasNextEvent()) {
        s->advanceToEvent();
        s->processEvents();
        const double t = s->startingTime();
        maxQ = std::max(maxQ, std::abs(ds->q()(0) - A * std::sin(w * t)));
        maxL = std::max(maxL, std::abs(inter->lambda(2)(0) - (g - A * w * w * std::sin(w * t))));
      }
      EXPECT_EQ(s->numberOfNonSmoothEvents(), 0u);
      EXPECT_LT(maxQ, 1e-8);
      EXPECT_LT(maxL, derivatives ? 1e-7 : 1e-5);
      std::printf("floor A w^2 < g (%s): max |q - f| = %.3e, max |lambda(2) - exact| = %.3e\n",
                  derivatives ? "G, dh/dt given" : "dh/dt given, G by differences", maxQ, maxL);
    }
    {
      const double A = 0.2;  // A ω² = 20 > g
      std::shared_ptr<LagrangianLinearTIDS> ds;
      std::shared_ptr<Interaction> inter;
      auto s = makeMovingFloor(0.0, A * w, 0.0, A, w, 0.2, derivatives, true, ds, inter);
      s->initialize();
      const double tOff = std::asin(g / (A * w * w)) / w;
      double tFirst = -1;
      while (s->hasNextEvent() && tFirst < 0) {
        s->advanceToEvent();
        const bool ns = s->nextEventType() == EventType::NonSmooth;
        s->processEvents();
        if (ns) tFirst = s->startingTime();
      }
      EXPECT_NEAR(tFirst, tOff, derivatives ? 1e-8 : 1e-6);
      EXPECT_FALSE(s->nonSmoothDynamicalSystem()->topology().indexSet(2).contains(inter->number()));
      std::printf("floor A w^2 > g (%s): take-off at %.12f, exact %.12f\n",
                  derivatives ? "G, dh/dt given" : "dh/dt given, G by differences", tFirst, tOff);
    }
  }
}

// The event-driven algorithm is for Lagrangian systems with unilateral contacts
// and Newton impact laws (simulation.md §1.9): a first-order system, a
// frictional or a relay law is a ModelError naming the object.
TEST(EventDrivenRelations, FirstOrderSystemsAndOtherLawsAreRejected) {
  auto expectModelError = [](EventDriven& s, const std::string& a, const std::string& b) {
    try {
      s.initialize();
      FAIL() << "expected a ModelError mentioning " << a;
    } catch (const ModelError& error) {
      const std::string what = error.what();
      EXPECT_NE(what.find(a), std::string::npos) << what;
      EXPECT_NE(what.find(b), std::string::npos) << what;
    }
  };
  {
    auto x = std::make_shared<FirstOrderLinearDS>(Eigen::VectorXd::Ones(2),
                                                  Eigen::MatrixXd::Identity(2, 2));
    x->setName("circuit");
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(x);
    EventDriven s(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                  std::make_shared<LsodarOSI>());
    expectModelError(s, "FirstOrderLinearDS 'circuit'", "Lagrangian");
  }
  for (const bool friction : {true, false}) {
    auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(1, 0), Eigen::Vector2d::Zero(),
                                                     Eigen::Matrix2d::Identity());
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
    nsds->insertDynamicalSystem(ds);
    std::shared_ptr<NonSmoothLaw> law;
    Eigen::MatrixXd H;
    if (friction) {
      law = std::make_shared<NewtonImpactFrictionNSL>(0.5, 0.0, 0.3, 2);
      H = Eigen::Matrix2d::Identity();
    } else {
      law = std::make_shared<RelayNSL>(1);
      H = Eigen::MatrixXd::Identity(1, 2);
    }
    auto inter = std::make_shared<Interaction>(law, std::make_shared<LagrangianLinearTIR>(H));
    inter->setName("contact");
    nsds->link(inter, ds);
    EventDriven s(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.1),
                  std::make_shared<LsodarOSI>());
    expectModelError(s, "Interaction 'contact'", friction ? "NewtonImpactFrictionNSL" : "RelayNSL");
  }
  // Multi-row interactions are accepted: test_EventDrivenMultiRow.cpp.
}

namespace {

// Links the floor contact of a ball when its height is below an alert
// distance and removes it when the ball is above it (the way a broad phase
// manages contacts), at every event.
class AlertDistanceManager : public InteractionManager {
 public:
  AlertDistanceManager(std::shared_ptr<LagrangianLinearTIDS> ds, double alert, double e)
      : ds_(std::move(ds)), alert_(alert), e_(e) {}
  void updateInteractions(Simulation& sim) override {
    const auto& nsds = sim.nonSmoothDynamicalSystem();
    const bool near = ds_->q()(0) < alert_;
    if (near && !contact_) {
      contact_ = std::make_shared<Interaction>(
          std::make_shared<NewtonImpactNSL>(e_),
          std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1)));
      nsds->link(contact_, ds_);
      ++links;
    } else if (!near && contact_) {
      nsds->removeInteraction(contact_);
      contact_.reset();
      ++removals;
    }
  }
  int links = 0, removals = 0;

 private:
  std::shared_ptr<LagrangianLinearTIDS> ds_;
  std::shared_ptr<Interaction> contact_;
  double alert_, e_;
};

}  // namespace

// A bouncing ball (e = 0.9, q0 = 1) whose floor contact is linked lazily by an
// InteractionManager within an alert distance of 0.2 (and removed above it)
// has the impacts of the contact declared up front.
TEST(EventDrivenRelations, ContactLinkedByAnInteractionManagerMatchesTheUpFrontContact) {
  const double e = 0.9, T = 6.0, h = 0.01;
  std::vector<std::vector<double>> times(2), velocities(2);
  int links = 0, removals = 0;
  for (const bool lazy : {false, true}) {
    auto ds = std::make_shared<LagrangianLinearTIDS>(
        Eigen::VectorXd::Ones(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
    ds->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    nsds->insertDynamicalSystem(ds);
    auto s = std::make_shared<EventDriven>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                           std::make_shared<LsodarOSI>());
    std::shared_ptr<AlertDistanceManager> manager;
    if (lazy) {
      manager = std::make_shared<AlertDistanceManager>(ds, 0.2, e);
      s->insertInteractionManager(manager);
    } else {
      nsds->link(std::make_shared<Interaction>(
                     std::make_shared<NewtonImpactNSL>(e),
                     std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1))),
                 ds);
    }
    s->initialize();
    while (s->hasNextEvent()) {
      s->advanceToEvent();
      const bool ns = s->nextEventType() == EventType::NonSmooth;
      s->processEvents();
      if (!ns) continue;
      times[lazy].push_back(s->startingTime());
      velocities[lazy].push_back(ds->velocity()(0));
    }
    if (lazy) {
      links = manager->links;
      removals = manager->removals;
    }
  }
  ASSERT_GE(times[0].size(), 5u);
  ASSERT_EQ(times[1].size(), times[0].size());
  double dt = 0, dv = 0;
  for (std::size_t i = 0; i < times[0].size(); ++i) {
    dt = std::max(dt, std::abs(times[1][i] - times[0][i]));
    dv = std::max(dv, std::abs(velocities[1][i] - velocities[0][i]));
  }
  EXPECT_LT(dt, 1e-10);
  EXPECT_LT(dv, 1e-9);
  EXPECT_GE(links, 2);  // the ball goes above the alert distance between impacts
  EXPECT_GE(removals, 1);
  std::printf(
      "lazy contact: %zu impacts, %d links, %d removals, max |dt| = %.3e, max |dv+| = %.3e\n",
      times[0].size(), links, removals, dt, dv);
}
