// Integrators mixed in one simulation on separate systems (issue 10, Part 7;
// docs/kernel/simulation.md, "Several integrators"): a mechanism under
// MoreauJeanOSI (interactions at velocity level, λ level 1) and a circuit
// under EulerMoreauOSI (λ level 0) in ONE TimeStepping with ONE one-step
// problem give, step by step, the states of the two models run in two
// separate simulations. The blocks between the two parts are zero (they
// share no system), so the combined problem is block diagonal and a direct
// solver gives each part the answer of its own problem.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace moreau;

namespace {

constexpr double kH = 0.005;
constexpr double kG = 9.81;

// ---- mechanism: ball on the ground (q ≥ 0), e = 0.5 (at rest after t ≈ 1.4)
// ---------------------------------------
struct Part {
  std::shared_ptr<DynamicalSystem> ds;
  std::shared_ptr<Interaction> inter;
};

Part addBall(NonSmoothDynamicalSystem& nsds) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, 1.0),
                                                   Eigen::VectorXd::Constant(1, 0.5),
                                                   Eigen::MatrixXd::Identity(1, 1));
  ds->setFExt(Eigen::VectorXd::Constant(1, -kG));
  ds->setName("ball");
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1)));
  inter->setName("ground");
  nsds.insertDynamicalSystem(ds);
  nsds.link(inter, ds);
  return {ds, inter};
}

// ---- circuit: LC loop with a resistor, a diode across the capacitor ------------------------
// x = (v_C, i_L): C v̇ = −i + λ, L i̇ = v − R i; diode: 0 ≤ y = v ⟂ λ ≥ 0 (it
// conducts when v would go negative: half-wave clamped oscillation).
enum class CircuitLaw { Complementarity, Relay, MixedEqualityComplementarity };

Part addCircuit(NonSmoothDynamicalSystem& nsds, CircuitLaw law = CircuitLaw::Complementarity) {
  const double C = 0.5, L = 0.2, R = 0.1;
  Eigen::MatrixXd A(2, 2);
  A << 0.0, -1.0 / C, 1.0 / L, -R / L;
  std::shared_ptr<FirstOrderLinearTIDS> ds;
  std::shared_ptr<Interaction> inter;
  if (law == CircuitLaw::MixedEqualityComplementarity) {
    // Third state u held equal to v by an equality row (multiplier λ1 drives
    // u̇), the diode on v as the complementarity row.
    Eigen::MatrixXd A3 = Eigen::MatrixXd::Zero(3, 3);
    A3.topLeftCorner(2, 2) = A;
    ds = std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector3d(1.0, 0.0, 1.0), A3);
    Eigen::MatrixXd Cm(2, 3), B(3, 2);
    Cm << 1.0, 0.0, -1.0, 1.0, 0.0, 0.0;
    B << 0.0, 1.0 / C, 0.0, 0.0, 1.0, 0.0;
    inter = std::make_shared<Interaction>(std::make_shared<MixedComplementarityConditionNSL>(1, 1),
                                          std::make_shared<FirstOrderLinearTIR>(Cm, B));
  } else {
    ds = std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(1.0, 0.0), A);
    Eigen::MatrixXd Cm(1, 2), B(2, 1);
    Cm << 1.0, 0.0;
    B << 1.0 / C, 0.0;
    std::shared_ptr<NonSmoothLaw> nsl;
    if (law == CircuitLaw::Relay)
      nsl = std::make_shared<RelayNSL>(1, -0.3, 0.3);  // −v ∈ N_[−0.3,0.3](λ)
    else
      nsl = std::make_shared<ComplementarityConditionNSL>(1);
    inter = std::make_shared<Interaction>(nsl, std::make_shared<FirstOrderLinearTIR>(Cm, B));
  }
  ds->setName("circuit");
  inter->setName("diode");
  nsds.insertDynamicalSystem(ds);
  nsds.link(inter, ds);
  return {ds, inter};
}

// ---- a mechanism under a relay law: block pushed by F = 1 against dry friction -------------
// |λ| ≤ μ m g h (impulse per step), −v ∈ N(λ): sliding decelerates, then sticks.
Part addSlidingBlock(NonSmoothDynamicalSystem& nsds) {
  auto ds = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Zero(1), Eigen::VectorXd::Constant(1, 2.0), Eigen::MatrixXd::Identity(1, 1));
  ds->setFExt(Eigen::VectorXd::Constant(1, 1.0));
  ds->setName("block");
  const double bound = 3.0 * kH;
  auto inter = std::make_shared<Interaction>(
      std::make_shared<RelayNSL>(1, -bound, bound),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1)));
  inter->setName("friction");
  nsds.insertDynamicalSystem(ds);
  nsds.link(inter, ds);
  return {ds, inter};
}

// ---- nonlinear pendulum against a wall (LagrangianDS with F_int; Newton loop) --------------
Part addPendulum(NonSmoothDynamicalSystem& nsds) {
  auto ds = std::make_shared<LagrangianDS>(
      Eigen::VectorXd::Constant(1, 1.2), Eigen::VectorXd::Zero(1),
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M(0, 0) = 1.0; });
  ds->setComputeFIntFunction([](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                const Eigen::VectorXd&,
                                Eigen::VectorXd& f) { f(0) = kG * std::sin(q(0)); });
  ds->setComputeJacobianFIntqFunction([](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                         const Eigen::VectorXd&,
                                         Eigen::MatrixXd& J) { J(0, 0) = kG * std::cos(q(0)); });
  ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                            const Eigen::VectorXd&,
                                            Eigen::MatrixXd& J) { J(0, 0) = 0.0; });
  ds->setName("pendulum");
  // Wall at x = sin q ≥ −0.5.
  auto rel = std::make_shared<LagrangianScleronomousR>(
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = std::sin(q(0)) + 0.5;
      },
      [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        G(0, 0) = std::cos(q(0));
      });
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.7), rel);
  inter->setName("wall");
  nsds.insertDynamicalSystem(ds);
  nsds.link(inter, ds);
  return {ds, inter};
}

// State of a system (q, v or x) and the multiplier of its interaction.
Eigen::VectorXd stateOf(const Part& p) {
  Eigen::VectorXd s;
  if (auto* l = dynamic_cast<const LagrangianDS*>(p.ds.get())) {
    s.resize(2 * l->q().size() + p.inter->dimension());
    s << l->q(), l->velocity(), p.inter->lambda(1);
  } else {
    const auto& f = dynamic_cast<const FirstOrderLinearDS&>(*p.ds);
    s.resize(f.x().size() + p.inter->dimension());
    s << f.x(), p.inter->lambda(0);
  }
  return s;
}

struct Comparison {
  double maxDifference = 0.0;  // over every step, both parts (states and multipliers)
  std::size_t steps = 0;
  std::size_t stepsWithBothRows = 0;  // both parts' rows in the combined problem
  std::size_t newtonIterations = 0;   // summed over the steps (combined run)
  std::size_t newtonIterationsAlone = 0;
};

using AddPart = Part (*)(NonSmoothDynamicalSystem&);

// The mixed model built the way a Siconos user writes it:
//   TimeStepping(nsds, td, osiMech, problem); insertIntegrator(osiCirc); associate(osiCirc, ds)
// against the two parts in two simulations with their own problem of the same kind.
template <class Problem>
Comparison compareWithSeparateRuns(AddPart addMechanism, AddPart addElectrical, double T,
                                   const std::string& solver) {
  auto td = [] { return std::make_shared<TimeDiscretisation>(0.0, kH); };
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  const Part mech = addMechanism(*nsds);
  const Part circ = addElectrical(*nsds);
  auto mj = std::make_shared<MoreauJeanOSI>(0.5);
  auto em = std::make_shared<EulerMoreauOSI>(0.5);
  auto problem = std::make_shared<Problem>(solver);
  auto sim = std::make_shared<TimeStepping>(nsds, td(), mj, problem);
  sim->insertIntegrator(em);
  sim->associate(em, circ.ds);

  auto nsdsM = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  const Part mechAlone = addMechanism(*nsdsM);
  TimeStepping simM(nsdsM, td(), std::make_shared<MoreauJeanOSI>(0.5),
                    std::make_shared<Problem>(solver));
  auto nsdsC = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
  const Part circAlone = addElectrical(*nsdsC);
  TimeStepping simC(nsdsC, td(), std::make_shared<EulerMoreauOSI>(0.5),
                    std::make_shared<Problem>(solver));
  // The same Newton stop for the three runs (the default would converge the output residual in
  // the runs with an EulerMoreauOSI only, as Siconos's TimeStepping).
  for (TimeStepping* s : {sim.get(), &simM, &simC}) s->setComputeResiduY(true);

  Comparison c;
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    simM.computeOneStep();
    simC.computeOneStep();
    const auto diff = [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
      return (a - b).lpNorm<Eigen::Infinity>();
    };
    c.maxDifference = std::max({c.maxDifference, diff(stateOf(mech), stateOf(mechAlone)),
                                diff(stateOf(circ), stateOf(circAlone))});
    const auto& lin = static_cast<const LinearOSNS&>(*problem);
    if (lin.rowOf(mech.inter->number()) >= 0 && lin.rowOf(circ.inter->number()) >= 0)
      ++c.stepsWithBothRows;
    c.newtonIterations += sim->newtonIterations();
    c.newtonIterationsAlone += simM.newtonIterations();
    ++c.steps;
    sim->nextStep();
    simM.nextStep();
    simC.nextStep();
  }
  EXPECT_EQ(&sim->integratorOf(*mech.ds), mj.get());
  EXPECT_EQ(&sim->integratorOf(*circ.ds), em.get());
  EXPECT_TRUE(std::isfinite(c.maxDifference));
  return c;
}

Part addDiodeCircuit(NonSmoothDynamicalSystem& nsds) {
  return addCircuit(nsds, CircuitLaw::Complementarity);
}
Part addRelayCircuit(NonSmoothDynamicalSystem& nsds) { return addCircuit(nsds, CircuitLaw::Relay); }
Part addMixedLawCircuit(NonSmoothDynamicalSystem& nsds) {
  return addCircuit(nsds, CircuitLaw::MixedEqualityComplementarity);
}

}  // namespace

// Bouncing ball (MoreauJeanOSI) + diode circuit (EulerMoreauOSI), one LCP
// (lemke): bitwise the states of the two separate runs at every step.
TEST(MixedIntegrators, BallAndDiodeCircuitInOneLcpEqualTwoSeparateRuns) {
  const Comparison c = compareWithSeparateRuns<LCP>(addBall, addDiodeCircuit, 3.0, "lemke");
  EXPECT_EQ(c.steps, 600u);
  EXPECT_GT(c.stepsWithBothRows, 50u);  // the ball rests on the ground at the end
  EXPECT_EQ(c.maxDifference, 0.0);
}

// The same with an iterative solver: the blocks are decoupled, but the
// combined stopping test (error of the whole problem ≤ 1e-8, the default)
// may run other sweeps than each part alone: agreement to the solver's
// tolerance, not bitwise (measured 4.0e-10).
TEST(MixedIntegrators, BallAndDiodeCircuitWithPgsAgreeToSolverTolerance) {
  const Comparison c = compareWithSeparateRuns<LCP>(addBall, addDiodeCircuit, 3.0, "pgs");
  EXPECT_GT(c.stepsWithBothRows, 50u);
  EXPECT_LT(c.maxDifference, 1e-8);
}

// One MLCP (lemke): the circuit's mixed law (equality row + diode) next to
// the ball's impact row; bitwise. (With "enum" the ball alone is solved only
// to the 1e-8 tolerance at rest, error 6.7e-9, while the combined problem is
// solved exactly: differences of 4e-7 that are the solver's, not the model's.)
TEST(MixedIntegrators, BallAndMixedLawCircuitInOneMlcpEqualTwoSeparateRuns) {
  const Comparison c = compareWithSeparateRuns<MLCP>(addBall, addMixedLawCircuit, 3.0, "lemke");
  EXPECT_GT(c.stepsWithBothRows, 50u);
  EXPECT_EQ(c.maxDifference, 0.0);
}

// One Relay problem (lemke): dry friction on a sliding block (MoreauJeanOSI,
// λ level 1) and a relay law in the circuit (EulerMoreauOSI, λ level 0).
// Relay lemke pivots on the 2n-row LCP of the whole problem: agreement to
// rounding (measured 1.7e-15), not bitwise.
TEST(MixedIntegrators, FrictionBlockAndRelayCircuitInOneRelayEqualTwoSeparateRuns) {
  const Comparison c =
      compareWithSeparateRuns<Relay>(addSlidingBlock, addRelayCircuit, 2.0, "lemke");
  EXPECT_EQ(c.stepsWithBothRows, c.steps);  // relay rows are always active
  EXPECT_LE(c.maxDifference, 1e-14);
}

// Newton path: a nonlinear pendulum (F_int, Newton loop) with the linear
// circuit; the circuit is re-solved at each Newton iteration with the same
// data (its free state does not depend on the iterate). Bitwise, and the
// same Newton iteration counts as the pendulum alone.
TEST(MixedIntegrators, NonlinearPendulumAndCircuitEqualTwoSeparateRuns) {
  const Comparison c = compareWithSeparateRuns<LCP>(addPendulum, addDiodeCircuit, 4.0, "lemke");
  EXPECT_GT(c.stepsWithBothRows, 1u);      // wall impacts while the diode conducts
  EXPECT_GT(c.newtonIterations, c.steps);  // the loop iterates
  EXPECT_EQ(c.newtonIterations, c.newtonIterationsAlone);
  EXPECT_EQ(c.maxDifference, 0.0);
}

// Where each row comes from: the ball's from index set 1 (λ level 1), the
// diode's from index set 0 (λ level 0); each integrator's context at its level.
TEST(MixedIntegrators, RowsAreGatheredAtTheLevelOfTheirIntegrator) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  const Part ball = addBall(*nsds);
  const Part circ = addDiodeCircuit(*nsds);
  auto mj = std::make_shared<MoreauJeanOSI>(0.5);
  auto em = std::make_shared<EulerMoreauOSI>(0.5);
  auto lcp = std::make_shared<LCP>();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH));
  sim.associate(mj, ball.ds);
  sim.associate(em, circ.ds);
  sim.insertNonSmoothProblem(lcp);
  sim.initialize();
  EXPECT_EQ(sim.interactionLevel(ProblemRole::Velocity, *ball.inter), 1u);
  EXPECT_EQ(sim.interactionLevel(ProblemRole::Velocity, *circ.inter), 0u);
  const ProblemContext ctx = sim.problemContext(ProblemRole::Velocity);
  ASSERT_NE(ctx.interactionLevels, nullptr);
  EXPECT_EQ(ctx.inputLevel, 0u);
  EXPECT_EQ((*ctx.interactionLevels)[ball.inter->number()], 1u);
  EXPECT_EQ((*ctx.interactionLevels)[circ.inter->number()], 0u);
  EXPECT_EQ(sim.problemContext(ProblemRole::Velocity, *mj).inputLevel, 1u);
  EXPECT_EQ(sim.problemContext(ProblemRole::Velocity, *em).inputLevel, 0u);
  EXPECT_EQ(nsds->topology().numberOfIndexSets(), 2u);

  bool sawFlight = false, sawContact = false;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    const bool ballActive = nsds->topology().indexSet(1).contains(ball.inter->number());
    EXPECT_FALSE(nsds->topology().indexSet(1).contains(circ.inter->number()));
    ASSERT_GE(lcp->rowOf(circ.inter->number()), 0);
    EXPECT_EQ(lcp->rowOf(ball.inter->number()) >= 0, ballActive);
    EXPECT_EQ(lcp->size(), ballActive ? 2 : 1);
    for (std::size_t i = 0; i < lcp->rows().size(); ++i)
      EXPECT_EQ(lcp->rowLevels()[i], lcp->rows()[i] == ball.inter->number() ? 1u : 0u);
    if (ballActive) {
      sawContact = true;
      // Block diagonal: no block couples the two parts.
      EXPECT_EQ(lcp->numberOfBlocks(), 2);
      EXPECT_GE(ball.inter->lambda(1)(0), 0.0);
    } else {
      sawFlight = true;
      EXPECT_EQ(ball.inter->lambda(1)(0), 0.0);
    }
    // The diode: complementarity at t_{k+1} (level 0).
    EXPECT_GE(circ.inter->y(0)(0), -1e-12);
    EXPECT_GE(circ.inter->lambda(0)(0), 0.0);
    EXPECT_LT(std::abs(circ.inter->y(0)(0) * circ.inter->lambda(0)(0)), 1e-12);
    sim.nextStep();
  }
  EXPECT_TRUE(sawFlight);
  EXPECT_TRUE(sawContact);
  // The pattern was rebuilt only when index set 1 changed (ball contacts), not every step.
  EXPECT_LT(lcp->patternBuilds(), sim.numberOfSteps() / 4);
}

// Systems not associated go to the integrator of the
// TimeStepping(nsds, td, osi, problem) constructor; without that constructor
// a system without an integrator is a ModelError saying what to do.
TEST(MixedIntegrators, SystemsNotAssociatedGoToTheConstructorsIntegrator) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  const Part ball = addBall(*nsds);
  const Part circ = addDiodeCircuit(*nsds);
  {
    auto mj = std::make_shared<MoreauJeanOSI>();
    auto em = std::make_shared<EulerMoreauOSI>(0.5);
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH), mj,
                     std::make_shared<LCP>());
    sim.associate(em, circ.ds);
    sim.run();
    EXPECT_EQ(&sim.integratorOf(*ball.ds), mj.get());
    EXPECT_EQ(&sim.integratorOf(*circ.ds), em.get());
  }
  {
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH));
    sim.associate(std::make_shared<EulerMoreauOSI>(0.5), circ.ds);
    sim.insertIntegrator(std::make_shared<MoreauJeanOSI>());
    sim.insertNonSmoothProblem(std::make_shared<LCP>());
    EXPECT_THROW_WITH(sim.initialize(), ModelError, "'ball'", "has no integrator",
                      "associate(osi, ds)", "TimeStepping(nsds, td, osi, problem)");
  }
  {  // the constructor's integrator cannot integrate a forgotten circuit
    TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                     std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
    sim.insertIntegrator(std::make_shared<EulerMoreauOSI>(0.5));
    EXPECT_THROW_WITH(sim.initialize(), ModelError, "MoreauJeanOSI", "'circuit'");
  }
}

// An interaction coupling systems of two integrators is refused, naming it
// and both integrators (dev-notes §2.7): here two circuits under two
// Euler–Moreau integrators next to the ball's Moreau–Jean. (A relation
// between the circuit and the ball cannot even be linked: a first-order
// relation needs first-order systems, a Lagrangian one Lagrangian systems.)
TEST(MixedIntegrators, InteractionAcrossIntegratorsIsRefusedNamingBoth) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  const Part ball = addBall(*nsds);
  const Part circ = addDiodeCircuit(*nsds);
  auto filter = std::make_shared<FirstOrderLinearTIDS>(Eigen::VectorXd::Constant(1, 0.0),
                                                       Eigen::MatrixXd::Constant(1, 1, -1.0));
  filter->setName("filter");
  nsds->insertDynamicalSystem(filter);
  Eigen::MatrixXd C(1, 3), B(3, 1);
  C << 1.0, 0.0, -1.0;
  B << 1.0, 0.0, 0.0;
  auto coupling = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1),
                                                std::make_shared<FirstOrderLinearTIR>(C, B));
  coupling->setName("coupling");
  nsds->link(coupling, circ.ds, filter);
  Eigen::MatrixXd G(1, 3);
  G << 1.0, 0.0, 1.0;
  auto crossTypes = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1),
                                                  std::make_shared<FirstOrderLinearTIR>(G, B));
  EXPECT_THROW(nsds->link(crossTypes, circ.ds, ball.ds), ModelError);

  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<LCP>());
  sim.associate(std::make_shared<EulerMoreauOSI>(0.5), circ.ds);
  sim.associate(std::make_shared<EulerMoreauOSI>(1.0), filter);
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "'coupling'", "'circuit'", "'filter'",
                    "integrator 1 (EulerMoreauOSI)", "integrator 2 (EulerMoreauOSI)",
                    "dev-notes §2.7");
  // Removing it, the three integrators run together.
  nsds->removeInteraction(coupling);
  sim.run();
  EXPECT_GE(circ.inter->y(0)(0), -1e-12);
}

// GlobalFrictionContact assembles the Moreau–Jean form (M̂, H) of level-1
// interactions only: interactions at several levels are refused by name.
TEST(MixedIntegrators, GlobalFrictionContactRefusesSeveralLevels) {
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  auto block = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 0),
                                                      Eigen::Matrix2d::Identity());
  block->setFExtPtr(Eigen::Vector2d(0, -kG));
  Eigen::Matrix2d H;
  H << 0, 1, 1, 0;
  auto contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.5, 2),
                                    std::make_shared<LagrangianLinearTIR>(H));
  nsds->insertDynamicalSystem(block);
  nsds->link(contact, block);
  const Part circ = addDiodeCircuit(*nsds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                   std::make_shared<MoreauJeanGOSI>(0.5),
                   std::make_shared<GlobalFrictionContact>(2));
  sim.associate(std::make_shared<EulerMoreauOSI>(0.5), circ.ds);
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "GlobalFrictionContact", "different levels");
}

// A circuit interaction linked during the run: the levels are derived again
// for it (index set 0, level 0) and the run equals one with it linked from
// the same step in a separate simulation.
TEST(MixedIntegrators, CircuitInteractionLinkedDuringTheRun) {
  const double T = 1.0;
  const std::size_t linkStep = 60;
  auto run = [&](bool withBall) {
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    Part ball;
    if (withBall) ball = addBall(*nsds);
    Part circ = addDiodeCircuit(*nsds);
    nsds->removeInteraction(circ.inter);
    auto em = std::make_shared<EulerMoreauOSI>(0.5);
    std::shared_ptr<TimeStepping> sim;
    if (withBall) {
      sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                                           std::make_shared<MoreauJeanOSI>(),
                                           std::make_shared<LCP>());
      sim->associate(em, circ.ds);
    } else {
      sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, kH), em,
                                           std::make_shared<LCP>());
    }
    std::vector<double> v;
    while (sim->hasNextEvent()) {
      if (sim->currentStep() == linkStep) nsds->link(circ.inter, circ.ds);
      sim->computeOneStep();
      v.push_back(stateOf(circ)(0));
      if (sim->currentStep() >= linkStep) {
        EXPECT_EQ(sim->interactionLevel(ProblemRole::Velocity, *circ.inter), 0u);
      }
      sim->nextStep();
    }
    return v;
  };
  const std::vector<double> mixed = run(true), alone = run(false);
  ASSERT_EQ(mixed.size(), alone.size());
  for (std::size_t k = 0; k < mixed.size(); ++k) EXPECT_EQ(mixed[k], alone[k]) << "step " << k;
  // The diode acts after the link: the voltage stops at 0 instead of going negative.
  EXPECT_GE(*std::min_element(mixed.begin() + linkStep + 1, mixed.end()), -1e-12);
}
