// Projection schemes (docs/theory/projection.md, docs/kernel/projection.md):
// MoreauJeanDirectProjectionOSI / TimeSteppingDirectProjection, the combined variant and
// MLCPProjectOnConstraints.
//   - the claim: on a stack of 3 beads dropped onto the ground (e = 0), plain
//     Moreau–Jean keeps the penetrations of the landing for ever (5.9e-4 here), both projection
//     schemes keep every gap above −1e-10 once at rest (measured 0);
//   - one projection of a linear constraint is exact (closed form Λ = −m y, q = q̃ + Λ/m);
//   - α < 1 under-relaxes: the violation is multiplied by (1 − α) per iteration;
//   - a bilateral constraint (EqualityConditionNSL) is projected onto y = 0;
//   - the combined scheme: index set 1 empty at the start of each step, a contact closed at the
//     end of a computation added and the step computed again, the projection on the equality
//     (doCombinedProjOnEquality, Siconos's default) or on the unilateral constraint;
//   - errors: wrong integrator, no or wrong Position problem, bad parameters.
#include <gtest/gtest.h>

#include <moreau/Moreau.hpp>

#include "ProjectionTestUtils.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace moreau;

namespace {

constexpr double kR = 0.1, kG = 9.81;

enum class Scheme { MoreauJean, MoreauJeanPgs, Direct, Combined };

struct StackResult {
  double restingPenetration = 0;  // max over t >= tRest of max(0, −y) over every contact
  double finalPenetration = 0;    // at T
  double startPenetration = 0;    // at the first step with t >= tRest
  unsigned long projections = 0;
};

// 3 beads of mass 1 on a vertical line, bead 0 above the ground, initial gaps `gap`, at rest.
StackResult runStack(Scheme scheme, double h, double T, double tRest, double gap) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> beads;
  for (int i = 0; i < 3; ++i) {
    auto b = std::make_shared<LagrangianLinearTIDS>(
        Eigen::VectorXd::Constant(1, (2 * i + 1) * kR + (i + 1) * gap), Eigen::VectorXd::Zero(1),
        Eigen::MatrixXd::Identity(1, 1));
    b->setFExtPtr(Eigen::VectorXd::Constant(1, -kG));
    nsds->insertDynamicalSystem(b);
    beads.push_back(b);
  }
  std::vector<std::shared_ptr<Interaction>> contacts;
  auto ground = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1),
                                            Eigen::VectorXd::Constant(1, -kR)));
  nsds->link(ground, beads[0]);
  contacts.push_back(ground);
  for (int i = 0; i < 2; ++i) {
    Eigen::MatrixXd H(1, 2);
    H << -1, 1;
    auto c = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.0),
        std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -2 * kR)));
    nsds->link(c, beads[i], beads[i + 1]);
    contacts.push_back(c);
  }
  auto td = std::make_shared<TimeDiscretisation>(0.0, h);
  std::shared_ptr<Simulation> sim;
  TimeSteppingDirectProjection* projection = nullptr;
  switch (scheme) {
    case Scheme::MoreauJean:
      sim = std::make_shared<TimeStepping>(nsds, td, std::make_shared<MoreauJeanOSI>(0.5),
                                           std::make_shared<LCP>());
      break;
    case Scheme::MoreauJeanPgs: {
      // An inexact velocity solver: 2 PGS sweeps per step (the error is left, not thrown).
      auto lcp = std::make_shared<LCP>("pgs");
      lcp->setTolerance(1e-12);
      lcp->setMaxIterations(2);
      lcp->setThrowOnFailure(false);
      sim = std::make_shared<TimeStepping>(nsds, td, std::make_shared<MoreauJeanOSI>(0.5), lcp);
      break;
    }
    case Scheme::Direct:
      sim = test::projectionSimulation<TimeSteppingDirectProjection>(
          nsds, td, std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), projection);
      break;
    case Scheme::Combined:
      sim = test::projectionSimulation<TimeSteppingCombinedProjection>(
          nsds, td, std::make_shared<MoreauJeanCombinedProjectionOSI>(0.5), projection);
      break;
  }
  sim->log().setEnabled(false);
  sim->initialize();
  StackResult r;
  while (sim->hasNextEvent()) {
    sim->advanceToEvent();
    const double t = sim->nextTime();
    double worst = 0;
    for (const auto& c : contacts) worst = std::max(worst, -c->y(0)(0));
    if (t >= tRest) {
      if (r.restingPenetration == 0 && t < tRest + h) r.startPenetration = worst;
      r.restingPenetration = std::max(r.restingPenetration, worst);
    }
    r.finalPenetration = worst;
    sim->nextStep();
  }
  if (projection) r.projections = projection->nbCumulatedProjectionIteration();
  return r;
}

}  // namespace

TEST(ProjectionSchemes, RestingStackPenetrationBelow1e10WhereMoreauJeanDrifts) {
  const double h = 1e-3, T = 20, tRest = 1, gap = 1e-2;
  const StackResult mj = runStack(Scheme::MoreauJean, h, T, tRest, gap);
  const StackResult pgs = runStack(Scheme::MoreauJeanPgs, h, T, tRest, gap);
  const StackResult direct = runStack(Scheme::Direct, h, T, tRest, gap);
  const StackResult combined = runStack(Scheme::Combined, h, T, tRest, gap);
  std::printf(
      "resting stack (3 beads, h = %g, T = %g): max penetration for t >= %g s: Moreau-Jean %.3e "
      "(final %.3e), Moreau-Jean + 2 PGS sweeps %.3e at t = %g, %.3e at T, direct projection %.3e "
      "(%lu projection iterations), combined %.3e (%lu)\n",
      h, T, tRest, mj.restingPenetration, mj.finalPenetration, pgs.startPenetration, tRest,
      pgs.finalPenetration, direct.restingPenetration, direct.projections,
      combined.restingPenetration, combined.projections);
  EXPECT_GT(mj.restingPenetration, 1e-6);
  // The landing penetration is kept for ever (no recovery), with an exact LCP and with 2
  // warm-started PGS sweeps per step (at rest the warm start is already the solution, so the
  // inexact solver does not make it drift further here: measured 1.678e-4 at t = 1 and at T).
  EXPECT_EQ(mj.finalPenetration, mj.startPenetration);
  EXPECT_GT(pgs.finalPenetration, 1e-6);
  EXPECT_GE(pgs.finalPenetration, pgs.startPenetration);
  EXPECT_LT(direct.restingPenetration, 1e-10);
  EXPECT_LT(combined.restingPenetration, 1e-10);
  EXPECT_GT(direct.projections, 0u);
}

namespace {

struct Ball {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<LagrangianLinearTIDS> ds;
  std::shared_ptr<Interaction> inter;
};

// One dof, mass 1, y = q, e = 0, falling at v0 from q0.
Ball makeBall(double q0, double v0, double T) {
  Ball b;
  b.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  b.ds = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, q0),
                                                Eigen::VectorXd::Constant(1, v0),
                                                Eigen::MatrixXd::Identity(1, 1));
  b.ds->setFExtPtr(Eigen::VectorXd::Constant(1, -kG));
  b.nsds->insertDynamicalSystem(b.ds);
  b.inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
  b.nsds->link(b.inter, b.ds);
  return b;
}

}  // namespace

TEST(ProjectionSchemes, OneProjectionOfALinearConstraintIsExact) {
  // q0 = 0, v0 = −1, h = 1e-3: active (ŷ = −h/2), e = 0 stops the ball, q̃ = −h/2; the MLCP
  // gives Λ = 5e-4 and q = 0 in one iteration; v is that of the velocity step.
  const double h = 1e-3;
  Ball b = makeBall(0.0, -1.0, h);
  auto sim = std::make_shared<TimeSteppingDirectProjection>(
      b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), std::make_shared<LCP>(),
      std::make_shared<MLCPProjectOnConstraints>());
  sim->computeOneStep();
  EXPECT_EQ(sim->nbProjectionIteration(), 1u);
  EXPECT_NEAR(b.inter->lambda(1)(0), 1 + kG * h, 1e-15);
  EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-15);
  EXPECT_NEAR(b.inter->lambda(0)(0), h / 2, 1e-18);
  EXPECT_NEAR(b.ds->p(0)(0), h / 2, 1e-18);
  EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-18);
  EXPECT_NEAR(b.inter->y(0)(0), 0.0, 1e-18);
  EXPECT_LE(sim->maxViolationUnilateral(), 1e-18);
  // One Position record for the one projection iteration.
  EXPECT_EQ(sim->log().size(), 2u);
}

TEST(ProjectionSchemes, CombinedStepAddsTheClosedContactAndProjectsOnTheEquality) {
  // docs/theory/projection.md §2.2 (Siconos's TimeSteppingCombinedProjection). q0 = 1e-3,
  // v0 = −1, h = 1e-3, e = 0. Index set 1 starts empty: the first computation of the step
  // (no contact) ends at q = q0 + h/2 (v0 + v0 − g h) = −4.905e-6 ≤ 0, so the contact is added and
  // the step computed again: v = 0 (λ(1) = 1 + g h), q̃ = q0 + h/2 v0 = 5e-4 > 0; on the equality
  // the projection brings it to y = 0 with λ(0) = −5e-4 (the ball was above the ground).
  const double h = 1e-3;
  for (const bool onEquality : {true, false}) {
    SCOPED_TRACE(onEquality ? "doCombinedProjOnEquality" : "unilateral projection");
    Ball b = makeBall(1e-3, -1.0, 2 * h);
    auto position = std::make_shared<MLCPProjectOnConstraints>();
    auto sim = std::make_shared<TimeSteppingCombinedProjection>(
        b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
        std::make_shared<MoreauJeanCombinedProjectionOSI>(0.5), std::make_shared<LCP>(), position);
    EXPECT_TRUE(sim->doCombinedProjOnEquality());  // Siconos's default
    EXPECT_FALSE(position->doProjOnEquality());    // the problem's own default
    sim->setDoCombinedProjOnEquality(onEquality);
    EXPECT_EQ(position->doProjOnEquality(), onEquality);
    sim->computeOneStep();
    EXPECT_EQ(sim->nbIndexSetsIteration(), 2u);
    EXPECT_TRUE(b.nsds->topology().indexSet(1).contains(b.inter->number()));
    EXPECT_NEAR(b.inter->lambda(1)(0), 1 + kG * h, 1e-15);
    EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-15);
    if (onEquality) {
      EXPECT_EQ(sim->nbProjectionIteration(), 1u);
      EXPECT_EQ(position->numberOfEqualities(), 1);
      EXPECT_NEAR(b.inter->lambda(0)(0), -5e-4, 1e-18);
      EXPECT_NEAR(b.ds->p(0)(0), -5e-4, 1e-18);
      EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-18);
    } else {
      EXPECT_EQ(sim->nbProjectionIteration(), 0u);  // no penetration: nothing to project
      EXPECT_EQ(b.inter->lambda(0)(0), 0.0);
      EXPECT_NEAR(b.ds->q()(0), 5e-4, 1e-18);
    }
    // The next step starts from an empty index set again.
    sim->nextStep();
    sim->computeOneStep();
    // From q = 0, v = 0 the free computation ends at −g h²/2 < 0: computed again with the
    // contact, which holds the ball (v = 0, q̃ = q_k): 2 computations, λ(1) = g h.
    // From q = 5e-4 the free computation ends above the ground: 1 computation, λ(1) = 0.
    if (onEquality) {
      EXPECT_EQ(sim->nbIndexSetsIteration(), 2u);
      EXPECT_NEAR(b.inter->lambda(1)(0), kG * h, 1e-15);
      EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-18);
    } else {
      EXPECT_EQ(sim->nbIndexSetsIteration(), 1u);
      EXPECT_EQ(b.nsds->topology().indexSet(1).size(), 0u);
      EXPECT_EQ(b.inter->lambda(1)(0), 0.0);
      EXPECT_NEAR(b.ds->q()(0), 5e-4 - kG * h * h / 2, 1e-15);
    }
  }
}

TEST(ProjectionSchemes, AlphaUnderRelaxesTheProjection) {
  const double h = 1e-3;
  Ball b = makeBall(0.0, -1.0, h);
  auto mlcp = std::make_shared<MLCPProjectOnConstraints>("enum", 0.5);
  auto sim = std::make_shared<TimeSteppingDirectProjection>(
      b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), std::make_shared<LCP>(), mlcp);
  sim->setProjectionMaxIteration(50);
  sim->computeOneStep();
  // Violation 5e-4 · 2^−n ≤ 1e-8: n = 16.
  EXPECT_EQ(sim->nbProjectionIteration(), 16u);
  EXPECT_NEAR(b.ds->q()(0), -5e-4 * std::ldexp(1.0, -16), 1e-18);
  EXPECT_NEAR(b.ds->p(0)(0), 5e-4 * (1 - std::ldexp(1.0, -16)), 1e-17);
  EXPECT_NEAR(b.inter->lambda(0)(0), 5e-4 * std::ldexp(1.0, -16), 1e-18);
  // Capped iterations: the violation left is reported.
  Ball c = makeBall(0.0, -1.0, h);
  auto capped = std::make_shared<TimeSteppingDirectProjection>(
      c.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), std::make_shared<LCP>(),
      std::make_shared<MLCPProjectOnConstraints>("enum", 0.5));
  capped->setProjectionMaxIteration(3);
  capped->computeOneStep();
  EXPECT_EQ(capped->nbProjectionIteration(), 3u);
  EXPECT_NEAR(capped->maxViolationUnilateral(), 5e-4 / 8, 1e-18);
}

TEST(ProjectionSchemes, BilateralConstraintIsProjectedOntoZero) {
  // A bead held by an equality y = q − 0.5 = 0 that starts violated by 1e-3: Moreau–Jean's
  // velocity MLCP keeps ẏ = 0 (the violation would stay), the projection removes it.
  const double h = 1e-3;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10 * h);
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, 0.501),
                                                   Eigen::VectorXd::Zero(1),
                                                   Eigen::MatrixXd::Identity(1, 1));
  ds->setFExtPtr(Eigen::VectorXd::Constant(1, -kG));
  nsds->insertDynamicalSystem(ds);
  auto inter = std::make_shared<Interaction>(
      std::make_shared<EqualityConditionNSL>(1),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1),
                                            Eigen::VectorXd::Constant(1, -0.5)));
  nsds->link(inter, ds);
  auto sim = std::make_shared<TimeSteppingDirectProjection>(
      nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanDirectProjectionOSI>(0.5), std::make_shared<MLCP>("enum"),
      std::make_shared<MLCPProjectOnConstraints>());
  sim->computeOneStep();
  EXPECT_EQ(sim->nbProjectionIteration(), 1u);
  EXPECT_NEAR(inter->lambda(0)(0), -1e-3, 1e-15);  // an equality multiplier may be negative
  EXPECT_NEAR(ds->q()(0), 0.5, 1e-15);
  EXPECT_NEAR(ds->velocity()(0), 0.0, 1e-15);
  sim->nextStep();
  sim->run();
  EXPECT_NEAR(ds->q()(0), 0.5, 1e-15);
  EXPECT_LE(sim->maxViolationEquality(), 1e-15);
}

TEST(ProjectionSchemes, Errors) {
  const double h = 1e-3;
  {
    Ball b = makeBall(1.0, 0.0, h);
    TimeSteppingDirectProjection sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>(),
                                     std::make_shared<MLCPProjectOnConstraints>());
    EXPECT_THROW(sim.initialize(), ModelError);
  }
  {
    Ball b = makeBall(1.0, 0.0, h);
    TimeSteppingDirectProjection sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h));
    sim.insertIntegrator(std::make_shared<MoreauJeanDirectProjectionOSI>());
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    EXPECT_THROW(sim.initialize(), ModelError);  // no Position problem
    sim.insertNonSmoothProblem(std::make_shared<MLCP>(), ProblemRole::Position);
    EXPECT_THROW(sim.initialize(), ModelError);  // not an MLCPProjectOnConstraints
    EXPECT_THROW(sim.setIndexSetLevelForProjection(2), ModelError);
    EXPECT_THROW(sim.setProjectionMaxIteration(0), ModelError);
    EXPECT_THROW(sim.setConstraintTol(0.0), ModelError);
    EXPECT_THROW(sim.setConstraintTolUnilateral(NAN), ModelError);
  }
  {
    Ball b = makeBall(1.0, 0.0, h);
    TimeSteppingCombinedProjection sim(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                       std::make_shared<MoreauJeanDirectProjectionOSI>(0.5),
                                       std::make_shared<LCP>(),
                                       std::make_shared<MLCPProjectOnConstraints>());
    EXPECT_THROW(sim.initialize(), ModelError);
    EXPECT_THROW(sim.setMaxIndexSetIteration(0), ModelError);
  }
  EXPECT_THROW(MLCPProjectOnConstraints("enum", 0.0), ModelError);
  EXPECT_THROW(MLCPProjectOnConstraints("enum", 1.5), ModelError);
  MoreauJeanDirectProjectionOSI osi;
  EXPECT_EQ(osi.activateYPosThreshold(), 1e-7);
  EXPECT_EQ(osi.deactivateYPosThreshold(), 1e-7);
  EXPECT_EQ(osi.activateYVelThreshold(), 0.0);
  EXPECT_EQ(osi.deactivateYVelThreshold(), 0.0);
  EXPECT_THROW(osi.setActivateYPosThreshold(NAN), ModelError);
  Ball b = makeBall(1.0, 0.0, h);
  TimeSteppingDirectProjection direct(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h));
  EXPECT_EQ(direct.indexSetLevelForProjection(), 1u);
  EXPECT_EQ(direct.projectionMaxIteration(), 10u);
  EXPECT_EQ(direct.constraintTol(), 1e-8);
  EXPECT_EQ(direct.constraintTolUnilateral(), 1e-8);
  TimeSteppingCombinedProjection combined(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h));
  EXPECT_EQ(combined.projectionMaxIteration(), 50u);
  EXPECT_EQ(combined.maxIndexSetIteration(), 50u);
}

namespace {

// Harmonic oscillator m q'' + k q = 0 (ω = 2π, m = 1), q0 = 1, v0 = 0, under
// SchatzmanPaoliOSI(½): largest |q − cos ωt| over [0, 1].
double schatzmanPaoliOscillatorError(double h) {
  const double omega = 2 * M_PI;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Ones(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1),
      Eigen::MatrixXd::Constant(1, 1, omega * omega), Eigen::MatrixXd::Zero(1, 1));
  nsds->insertDynamicalSystem(ds);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<SchatzmanPaoliOSI>(0.5),
                                            std::make_shared<LCP>());
  sim->initialize();
  double worst = 0;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    worst = std::max(worst, std::abs(ds->q()(0) - std::cos(omega * sim->nextTime())));
    sim->nextStep();
  }
  return worst;
}

}  // namespace

TEST(SchatzmanPaoli, OscillatorFollowsTheSchemeAndConverges) {
  // The scalar recurrence of dev-notes §2.5 (linear version, K q_{k+θ}, F on the left, A9),
  // written out here: (1 + h²θω²) q_{k+1} = 2q_k − q_{k−1} − h²(1−θ)ω² q_k, q_{−1} = q0. The
  // force at t_{k+θ} (not centred at t_k) makes the scheme first order for θ = ½: measured
  // max |q − cos ωt| = 9.386e-2, 4.813e-2, 2.437e-2 for h = 1e-2, 5e-3, 2.5e-3 (ratio 1.95, 1.98;
  // the same with the exact start q_{−1} = cos ωh).
  const double omega = 2 * M_PI;
  std::vector<double> errors;
  for (const double h : {1e-2, 5e-3, 2.5e-3}) {
    const double err = schatzmanPaoliOscillatorError(h);
    double qPrev = 1, q = 1, worst = 0;
    const int n = static_cast<int>(std::lround(1 / h));
    for (int k = 0; k < n; ++k) {
      const double next =
          (2 * q - qPrev - h * h * 0.5 * omega * omega * q) / (1 + h * h * 0.5 * omega * omega);
      qPrev = q;
      q = next;
      worst = std::max(worst, std::abs(q - std::cos(omega * (k + 1) * h)));
    }
    EXPECT_NEAR(err, worst, 1e-12) << "h = " << h;
    errors.push_back(err);
  }
  std::printf("Schatzman-Paoli oscillator: max error %.3e, %.3e, %.3e\n", errors[0], errors[1],
              errors[2]);
  EXPECT_NEAR(errors[0] / errors[1], 2.0, 0.1);
  EXPECT_NEAR(errors[1] / errors[2], 2.0, 0.1);
}

TEST(SchatzmanPaoli, ContactIsHeldAtPositionLevel) {
  // A ball at rest on the ground (y = q = 0, e = 0.5): λ(0) = m g h² every step, q stays 0.
  const double h = 1e-3;
  Ball b = makeBall(0.0, 0.0, 100 * h);
  auto sim = std::make_shared<TimeStepping>(b.nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                                            std::make_shared<SchatzmanPaoliOSI>(0.5),
                                            std::make_shared<LCP>());
  sim->initialize();
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    EXPECT_NEAR(b.inter->lambda(0)(0), kG * h * h, 1e-18);
    EXPECT_NEAR(b.ds->p(0)(0), kG * h * h, 1e-18);
    EXPECT_NEAR(b.ds->q()(0), 0.0, 1e-18);
    EXPECT_NEAR(b.ds->velocity()(0), 0.0, 1e-15);
    sim->nextStep();
  }
}

TEST(SchatzmanPaoli, Errors) {
  EXPECT_THROW(SchatzmanPaoliOSI(1.5), ModelError);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(std::make_shared<LagrangianDS>(
      Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1)));
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                   std::make_shared<SchatzmanPaoliOSI>(), std::make_shared<LCP>());
  EXPECT_THROW(sim.initialize(), ModelError);
  EXPECT_EQ(SchatzmanPaoliOSI().memorySteps(), 2u);
}

namespace {

// Pendulum in Cartesian coordinates: a unit point mass, q = (x, y), gravity −y, held on the
// circle h(q) = x² + y² − 1 = 0 by an equality (nonlinear LagrangianScleronomousR), released
// horizontally at rest. Returns max |h| over the run (and the projection iterations).
double cartesianPendulumDrift(bool project, unsigned long* iterations) {
  const double h = 1e-3, T = 2;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(1, 0), Eigen::Vector2d::Zero(),
                                                   Eigen::MatrixXd::Identity(2, 2));
  ds->setFExtPtr(Eigen::Vector2d(0, -kG));
  nsds->insertDynamicalSystem(ds);
  auto rel = std::make_shared<LagrangianScleronomousR>(
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = q(0) * q(0) + q(1) * q(1) - 1;
      },
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        G(0, 0) = 2 * q(0);
        G(0, 1) = 2 * q(1);
      });
  auto inter = std::make_shared<Interaction>(std::make_shared<EqualityConditionNSL>(1), rel);
  nsds->link(inter, ds);
  auto td = std::make_shared<TimeDiscretisation>(0.0, h);
  std::shared_ptr<TimeStepping> sim;
  TimeSteppingDirectProjection* direct = nullptr;
  if (project) {
    auto ts = std::make_shared<TimeSteppingDirectProjection>(
        nsds, td, std::make_shared<MoreauJeanDirectProjectionOSI>(0.5),
        std::make_shared<MLCP>("enum"), std::make_shared<MLCPProjectOnConstraints>());
    ts->setConstraintTol(1e-10);
    direct = ts.get();
    sim = ts;
  } else {
    sim = std::make_shared<TimeStepping>(nsds, td, std::make_shared<MoreauJeanOSI>(0.5),
                                         std::make_shared<MLCP>("enum"));
  }
  sim->setNewtonTolerance(1e-12);
  sim->log().setEnabled(false);
  double worst = 0;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    const Eigen::VectorXd& q = ds->q();
    worst = std::max(worst, std::abs(q(0) * q(0) + q(1) * q(1) - 1));
    sim->nextStep();
  }
  if (direct) *iterations = direct->nbCumulatedProjectionIteration();
  return worst;
}

}  // namespace

TEST(ProjectionSchemes, NonlinearBilateralConstraintDoesNotDrift) {
  // Moreau–Jean enforces ẏ = G(q) v = 0 only: h(q) drifts (O(h²) per step along the circle);
  // the projection (G and M re-evaluated at each iteration) keeps |h| ≤ 1e-10.
  unsigned long iterations = 0;
  const double plain = cartesianPendulumDrift(false, nullptr);
  const double projected = cartesianPendulumDrift(true, &iterations);
  std::printf(
      "Cartesian pendulum, 2000 steps: max |h(q)| Moreau-Jean %.3e, projected %.3e (%lu "
      "projection iterations)\n",
      plain, projected, iterations);
  EXPECT_GT(plain, 1e-6);
  EXPECT_LE(projected, 1e-10);  // the tolerance: a step projects when |h| exceeds it
  EXPECT_GE(iterations, 1000u);
  EXPECT_LE(iterations, 6000u);
}

// Friction laws (issue 13, SliderCrankDirectProjection): only the normal row of a
// NewtonImpactFrictionNSL is projected. Two dof, coupled mass M = [[2, ½], [½, 1]], no force,
// at rest at q = (−1e-3, −0.3); y = (q0, q1) = (normal gap, tangential coordinate),
// NewtonImpactFrictionNSL(0, 0, ½, 2). The velocity problem gives r = 0 (at rest), the projection
// Λ_n = 1e-3 / (M⁻¹)₀₀ = 1.75e-3 and q = q̃ + M⁻¹ e₀ Λ_n (q1 moves through the coupled mass,
// −0.3 − ½·1e-3); the negative tangential coordinate is neither projected nor a violation.
TEST(ProjectionSchemes, CombinedOnTheEqualityProjectsTheNormalRowOfAFrictionLawOnly) {
  // The friction contact of the test below under the combined scheme: q0 = (1e-3, −0.3),
  // v0 = (−1, 0), no force, h = 1e-3. The first computation (no contact) ends at y_N = 0: the
  // contact is added, e = 0 stops the normal motion (u_N = 0, λ_N > 0) and the step ends at
  // y_N = 1e-3 − h/2 = 5e-4 > 0; on the equality (doProjOnEquality) the projection brings it to
  // 0 with λ(0)_N = −5e-4, the tangential row decoupled (Λ_T = 0, the tangential coordinate not
  // moved by the projection).
  const double h = 1e-3;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, h);
  Eigen::Matrix2d M;
  M << 2.0, 0.5, 0.5, 1.0;
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(1e-3, -0.3),
                                                   Eigen::Vector2d(-1.0, 0.0), M);
  nsds->insertDynamicalSystem(ds);
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.5, 2),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));
  nsds->link(inter, ds);
  auto position = std::make_shared<MLCPProjectOnConstraints>();
  auto sim = std::make_shared<TimeSteppingCombinedProjection>(
      nsds, std::make_shared<TimeDiscretisation>(0.0, h),
      std::make_shared<MoreauJeanCombinedProjectionOSI>(0.5),
      std::make_shared<FrictionContact>(2, "enum"), position);
  sim->setConstraintTolUnilateral(1e-12);
  sim->computeOneStep();
  EXPECT_EQ(sim->nbIndexSetsIteration(), 2u);
  EXPECT_EQ(sim->nbProjectionIteration(), 1u);
  EXPECT_TRUE(position->doProjOnEquality());
  EXPECT_GT(inter->lambda(1)(0), 0.0);
  EXPECT_NEAR(ds->velocity()(0), 0.0, 1e-15);  // u_N = 0
  EXPECT_NEAR(inter->lambda(0)(0), -5e-4, 1e-15);
  EXPECT_EQ(inter->lambda(0)(1), 0.0);
  EXPECT_NEAR(ds->q()(0), 0.0, 1e-15);
  // The tangential coordinate is the velocity step's: q_T = −0.3 + h/2 (0 + v_T).
  EXPECT_NEAR(ds->q()(1), -0.3 + h / 2 * ds->velocity()(1), 1e-15);
}

TEST(ProjectionSchemes, FrictionLawProjectsTheNormalRowOnly) {
  for (const unsigned level : {0u, 1u}) {
    const double h = 1e-3;
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, h);
    Eigen::Matrix2d M;
    M << 2.0, 0.5, 0.5, 1.0;
    auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(-1e-3, -0.3),
                                                     Eigen::Vector2d::Zero(), M);
    nsds->insertDynamicalSystem(ds);
    auto inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.5, 2),
        std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));
    nsds->link(inter, ds);
    auto sim = std::make_shared<TimeSteppingDirectProjection>(
        nsds, std::make_shared<TimeDiscretisation>(0.0, h),
        std::make_shared<MoreauJeanDirectProjectionOSI>(0.5),
        std::make_shared<FrictionContact>(2, "enum"), std::make_shared<MLCPProjectOnConstraints>());
    sim->setIndexSetLevelForProjection(level);
    sim->setConstraintTolUnilateral(1e-12);
    sim->computeOneStep();
    // The correction q ← q + Gᵀλ(0) in the identity metric (Siconos's MLCPProjectOnConstraints):
    // λ_N = 1e-3 closes the gap, and the tangential coordinate (coupled to the normal one by
    // the mass matrix, which the projection does not use) is not moved.
    const double lambdaN = 1e-3;
    EXPECT_EQ(sim->nbProjectionIteration(), 1u) << "level " << level;
    EXPECT_NEAR(inter->lambda(0)(0), lambdaN, 1e-15);
    EXPECT_EQ(inter->lambda(0)(1), 0.0);
    EXPECT_NEAR(ds->q()(0), 0.0, 1e-15);
    EXPECT_EQ(ds->q()(1), -0.3);
    EXPECT_EQ(inter->y(0)(1), -0.3);  // tangential coordinate, not a constraint
    EXPECT_LE(sim->maxViolationUnilateral(), 1e-15);
    EXPECT_EQ(ds->velocity()(0), 0.0);
    EXPECT_EQ(ds->velocity()(1), 0.0);
  }
}
