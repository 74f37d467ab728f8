// No heap allocation in the step loop once the active set is stable. malloc
// is interposed (glibc) so that Eigen's allocations are counted too.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#if MOREAU_HAVE_EXAMPLE_MODELS
#include "ColumnOfBeadsModel.hpp"
#include "SphereStackModel.hpp"
#endif

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <string>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t n, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
}

namespace {
std::atomic<bool> counting{false};
std::atomic<long> allocations{0};
std::atomic<bool> strict{false};  // abort on allocation (debugging aid)
}  // namespace

extern "C" {
void* malloc(std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) {
    allocations.fetch_add(1);
    if (strict.load() && std::getenv("MOREAU_ABORT_ON_ALLOC")) std::abort();
  }
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return __libc_realloc(p, size);
}
}

using namespace moreau;

namespace {
// Runs `steps` steps with allocation counting on; returns the count.
long countAllocations(TimeStepping& sim, int steps, bool warmUp = false) {
  allocations = 0;
  strict = !warmUp;
  counting = true;
  for (int i = 0; i < steps && sim.hasNextEvent(); ++i) {
    sim.computeOneStep();
    sim.nextStep();
  }
  counting = false;
  return allocations.load();
}

struct Model {
  std::shared_ptr<TimeStepping> sim;
  std::shared_ptr<LCP> lcp;
};

// Two coupled systems (2-dof oscillator with damping and a forcing
// function, and a ball on it) with two contacts.
Model makeModel(double ballHeight, double groundDepth, const std::string& solver) {
  Eigen::Matrix2d M, K, C;
  M << 2, 0.1, 0.1, 1;
  K << 40, -5, -5, 30;
  C << 0.2, 0, 0, 0.1;
  auto base =
      std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0), M, K, C);
  base->setComputeFExtFunction([](double t, Eigen::VectorXd& f) { f << -9.81 * 2, t; });
  auto ball =
      std::make_shared<LagrangianDS>(Eigen::VectorXd::Constant(1, ballHeight),
                                     Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  ball->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  Eigen::MatrixXd Hground(1, 2), Hball(1, 3);
  Hground << 1, 0;
  Hball << -1, 0, 1;  // y = q_ball − q_base,0
  auto ground = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Hground, Eigen::VectorXd::Constant(1, groundDepth)));
  auto contact = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                               std::make_shared<LagrangianLinearTIR>(Hball));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(base);
  nsds->insertDynamicalSystem(ball);
  nsds->link(ground, base);
  nsds->link(contact, base, ball);
  Model m;
  m.lcp = std::make_shared<LCP>(solver);
  m.sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                                         std::make_shared<MoreauJeanOSI>(0.5), m.lcp);
  return m;
}
}  // namespace

TEST(Allocation, InterposerCounts) {
  allocations = 0;
  counting = true;
  Eigen::VectorXd v(1000);
  counting = false;
  EXPECT_GE(allocations.load(), 1);
  v.setZero();
}

TEST(Allocation, NoHeapAllocationWithoutContact) {
  // The ball never reaches the base, the base never reaches the ground: no
  // OSNSP, so the count covers the whole kernel step.
  Model m = makeModel(1e6, 1e6, "lemke");
  countAllocations(*m.sim, 5, true);  // warm-up (initialize)
  EXPECT_EQ(countAllocations(*m.sim, 200), 0);
  EXPECT_EQ(m.lcp->size(), 0);
}

// Nonlinear pendulum (mass function, F_int and its Jacobians, or finite
// differences) with a nonlinear wall relation: the Newton loop, W
// refactorized at each iterate, allocates nothing.
TEST(Allocation, NewtonStepsOfANonlinearModelAllocateNothing) {
  for (bool fd : {false, true}) {
    auto ds = std::make_shared<LagrangianDS>(
        Eigen::VectorXd::Constant(1, 1.0), Eigen::VectorXd::Zero(1),
        [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M(0, 0) = 1.0; });
    ds->setComputeFIntFunction([](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                  const Eigen::VectorXd&,
                                  Eigen::VectorXd& f) { f(0) = 9.81 * std::sin(q(0)); });
    if (fd) {
      ds->setJacobianByFiniteDifferences(true);
    } else {
      ds->setComputeJacobianFIntqFunction(
          [](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
             Eigen::MatrixXd& J) { J(0, 0) = 9.81 * std::cos(q(0)); });
      ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&,
                                                const Eigen::VectorXd&, const Eigen::VectorXd&,
                                                Eigen::MatrixXd& J) { J(0, 0) = 0.0; });
    }
    auto rel = std::make_shared<LagrangianScleronomousR>(
        [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
          y(0) = std::sin(q(0)) + 0.9;
        },
        [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
          G(0, 0) = std::cos(q(0));
        });
    auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5), rel);
    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
    nsds->insertDynamicalSystem(ds);
    nsds->link(inter, ds);
    auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                                              std::make_shared<MoreauJeanOSI>(0.5),
                                              std::make_shared<LCP>());
    sim->setNewtonTolerance(1e-10);
    sim->setComputeResiduY(true);  // several iterations per step (the output residual too)
    sim->log().reserve(1000);
    countAllocations(*sim, 5, true);
    EXPECT_EQ(countAllocations(*sim, 200), 0) << (fd ? "finite differences" : "analytic");
    EXPECT_GE(sim->newtonIterations(), 2u);
  }
}

TEST(Allocation, NoHeapAllocationWithStableContacts) {
  // Ball resting on the base resting on the ground: both contacts active at
  // every step. With "pgs" the WHOLE step (kernel + the problem's LcpSolver
  // object) allocates nothing. "lemke" goes through the numerics free function,
  // which allocates its tableau: its own count, measured by calling solveLcp on a
  // copy of the same problem, is subtracted from the count of the whole step.
  for (const std::string solver : {"pgs", "lemke"}) {
    Model m = makeModel(-1e-9, -1e-9, solver);  // slightly interpenetrated: robustly active
    countAllocations(*m.sim, 5, true);
    ASSERT_EQ(m.lcp->size(), 2) << solver;
    long kernel = 0;
    for (int i = 0; i < 100; ++i) {
      const long step = countAllocations(*m.sim, 1, solver != "pgs");
      ASSERT_TRUE(m.lcp->lastResult().converged()) << solver;
      if (solver == "pgs") {
        kernel += step;
        continue;
      }
      numerics::LinearComplementarityProblem copy = m.lcp->problem();
      Eigen::VectorXd z = Eigen::VectorXd::Zero(2), w = Eigen::VectorXd::Zero(2);
      allocations = 0;
      counting = true;
      const numerics::SolverResult r =
          numerics::solveLcp(copy, z, w, m.lcp->numericsSolverOptions());
      counting = false;
      kernel += step - allocations.load();
      EXPECT_EQ(m.lcp->size(), 2);
    }
    EXPECT_EQ(kernel, 0) << solver;
    EXPECT_EQ(m.lcp->patternBuilds(), 1u) << solver;
  }
}

TEST(Allocation, NoHeapAllocationInAFrictionContactStep) {
  // A block sliding then resting on a plane (FrictionContact(2), nsgs): the
  // contact stays active; the whole step (kernel + FrictionContactSolver)
  // allocates nothing.
  const double m = 2.0, g = 9.81;
  auto block = std::make_shared<LagrangianLinearTIDS>(
      Eigen::Vector2d(0, 0), Eigen::Vector2d(0.1, 0), m * Eigen::Matrix2d::Identity());
  block->setFExtPtr(Eigen::Vector2d(0, -m * g));
  Eigen::Matrix2d H;
  H << 0, 1, 1, 0;
  auto contact =
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.5, 2),
                                    std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(block);
  nsds->link(contact, block);
  auto fc = std::make_shared<FrictionContact>(2);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), fc);
  countAllocations(sim, 5, true);
  ASSERT_EQ(fc->size(), 2);
  long total = 0;
  for (int i = 0; i < 100; ++i) {
    total += countAllocations(sim, 1);
    ASSERT_TRUE(fc->lastResult().converged());
    EXPECT_EQ(fc->size(), 2);
  }
  EXPECT_EQ(total, 0);
  EXPECT_EQ(fc->patternBuilds(), 1u);
}

TEST(Allocation, NewtonEulerSphereLatticeStepsAllocateNothing) {
  // The model of benchmarks/kernel/bench_granular_lattice (issue 13), small: 2 × 2 columns of
  // 3 Newton–Euler spheres at rest on the ground, touching their neighbours (NewtonEuler3DR
  // sphere–plane and sphere–sphere, FrictionContact(3), nsgs, MoreauJeanNewtonEulerOSI). Every
  // contact stays active: once warm, a step allocates nothing and the pattern is built once.
  const double r = 0.05, m = 0.1, g = 9.81, overlap = 1e-8;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  std::vector<std::shared_ptr<NewtonEulerDS>> spheres;
  const Eigen::Matrix3d inertia = Eigen::Matrix3d::Identity() * (0.4 * m * r * r);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 3; ++k) {
        Eigen::VectorXd q0(7);
        q0 << 2 * r * i, 2 * r * j, r * (2 * k + 1) - overlap * (k + 1), 1, 0, 0, 0;
        auto s = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), m, inertia);
        s->setFExt(Eigen::Vector3d(0, 0, -m * g));
        nsds->insertDynamicalSystem(s);
        spheres.push_back(s);
      }
  const auto at = [&](int i, int j, int k) {
    return spheres[static_cast<std::size_t>((i * 2 + j) * 3 + k)];
  };
  const auto law = std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3);
  const auto ground = std::make_shared<NewtonEuler3DR>(
      NewtonEuler1DR::sphereOnPlane(r, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()));
  const auto pair = std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnSphere(r, r));
  int contacts = 0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 3; ++k) {
        if (k == 0)
          nsds->link(std::make_shared<Interaction>(law, ground), at(i, j, 0));
        else
          nsds->link(std::make_shared<Interaction>(law, pair), at(i, j, k), at(i, j, k - 1));
        ++contacts;
        if (i == 0) {
          nsds->link(std::make_shared<Interaction>(law, pair), at(1, j, k), at(0, j, k));
          ++contacts;
        }
      }
  auto fc = std::make_shared<FrictionContact>(3);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  countAllocations(sim, 5, true);
  ASSERT_EQ(fc->size(), 3 * contacts);
  long total = 0;
  for (int i = 0; i < 50; ++i) {
    total += countAllocations(sim, 1);
    ASSERT_TRUE(fc->lastResult().converged());
    EXPECT_EQ(fc->size(), 3 * contacts);
  }
  EXPECT_EQ(total, 0);
  EXPECT_EQ(fc->patternBuilds(), 1u);
  // At rest: the ground contact under a column carries the weight of its 3 spheres.
  const auto& lambda = nsds->topology().interactions().front()->lambda(1);
  EXPECT_NEAR(lambda(0), 3 * m * g * 1e-3, 1e-9);
}

#if MOREAU_HAVE_EXAMPLE_MODELS
namespace {
// Allocations of the steps of a run, by kind of step.
struct StepCounts {
  long steady = 0, steadySteps = 0;         // pattern unchanged
  long samePattern = 0, sameSizeSteps = 0;  // pattern rebuilt, same size n
  long resized = 0, resizedSteps = 0;       // pattern rebuilt, n changed
};

StepCounts countByKind(TimeStepping& sim, const LinearOSNS& problem, int steps) {
  StepCounts c;
  for (int i = 0; i < steps && sim.hasNextEvent(); ++i) {
    const auto builds = problem.patternBuilds();
    const auto size = problem.size();
    const long n = countAllocations(sim, 1);
    EXPECT_TRUE(problem.lastResult().converged()) << "step " << i;
    if (problem.patternBuilds() == builds) {
      c.steady += n;
      ++c.steadySteps;
    } else if (problem.size() == size) {
      c.samePattern += n;
      ++c.sameSizeSteps;
    } else {
      c.resized += n;
      ++c.resizedSteps;
    }
  }
  return c;
}
}  // namespace

TEST(Allocation, ColumnOfBeadsStepsAllocateNothing) {
  // Bouncing beads (e = 0.9): contacts open and close, the LCP's pattern
  // changes often. Every step whose index set did not change, and every step
  // whose pattern changed without changing the number of rows, allocates
  // nothing (kernel assembly, the SparseBlockMatrix builder, the LcpSolver).
  // Steps whose number of rows changes resize Eigen vectors (q, z, w: Eigen
  // has no capacity) and re-run LcpSolver::setup: they may allocate (counted,
  // reported, not asserted; docs/architecture.md).
  for (const std::string solver : {"pgs", "bgs"}) {
    examples::ColumnOfBeadsParameters p;
    p.beads = 4;
    p.solver = solver;
    p.T = 3.0;
    examples::ColumnOfBeads column = examples::makeColumnOfBeads(p);
    countAllocations(*column.simulation, 2000, true);  // warm-up: capacities reached
    const auto builds = column.lcp->patternBuilds();
    const StepCounts c = countByKind(*column.simulation, *column.lcp, 3000);
    EXPECT_GT(column.lcp->patternBuilds(), builds + 10) << solver;  // the pattern does change
    EXPECT_GT(c.steadySteps, 100) << solver;
    EXPECT_EQ(c.steady, 0) << solver;
    EXPECT_EQ(c.samePattern, 0) << solver;
    std::printf(
        "[ %s ] steady steps %ld (%ld allocations), pattern changes at the same size %ld "
        "(%ld), size changes %ld (%ld)\n",
        solver.c_str(), c.steadySteps, c.steady, c.sameSizeSteps, c.samePattern, c.resizedSteps,
        c.resized);
  }
}

TEST(Allocation, SphereStackStepsAllocateNothing) {
  // FrictionContact(3), nsgs: 2 x 2 columns of 4 spheres falling a few gaps
  // and settling. After the warm-up the whole step allocates nothing.
  examples::SphereStackParameters p;
  p.columnsPerSide = 2;
  p.height = 4;
  p.T = 1.0;
  examples::SphereStack stack = examples::makeSphereStack(p);
  countAllocations(*stack.simulation, 200, true);
  const StepCounts c = countByKind(*stack.simulation, *stack.problem, 500);
  EXPECT_EQ(c.steadySteps + c.sameSizeSteps + c.resizedSteps, 500);
  EXPECT_EQ(c.steady, 0);
  EXPECT_EQ(c.samePattern, 0);
  EXPECT_EQ(c.resized, 0);
  EXPECT_EQ(stack.problem->size(), 3 * 16);
  std::printf("steady steps %ld, pattern changes at the same size %ld, size changes %ld\n",
              c.steadySteps, c.sameSizeSteps, c.resizedSteps);
}

TEST(Allocation, SphereStackOnTwoThreadsAllocatesNothing) {
  // Simulation::setNumberOfThreads(2) on 10 x 10 columns of 5 spheres with lateral contacts
  // (500 bodies, 1400 interactions, above twice the grains of the parallel loops): after the
  // warm-up (the thread team is created) the steps allocate nothing, on either thread.
  examples::SphereStackParameters p;
  p.columnsPerSide = 10;
  p.height = 5;
  p.lateral = true;
  p.T = 1.0;
  p.tolerance = 1e-6;
  // The coloured NSGS runs on the threads too; the adaptive relaxation keeps its state on
  // the stack, and the Anderson acceleration its vectors in the solver's workspace.
  struct Variant {
    bool coloring;
    bool adaptive;
    int anderson;
  };
  for (const Variant v :
       {Variant{false, false, 0}, Variant{true, false, 0}, Variant{false, true, 0},
        Variant{true, true, 0}, Variant{false, false, 2}, Variant{true, false, 1}}) {
    examples::SphereStack stack = examples::makeSphereStack(p);
    numerics::SolverOptions options = stack.problem->numericsSolverOptions();
    options.fcColoring = v.coloring;
    options.fcAdaptiveRelaxation = v.adaptive;
    options.fcAndersonDepth = v.anderson;
    stack.problem->setNumericsSolverOptions(options);
    stack.simulation->setNumberOfThreads(2);
    countAllocations(*stack.simulation, 100, true);
    ASSERT_GT(stack.nsds->numberOfInteractions(), 2u * 256u);
    ASSERT_GT(stack.problem->size() / 3, 2 * 256);
    EXPECT_EQ(countAllocations(*stack.simulation, 100), 0)
        << (v.coloring ? "coloured" : "plain") << (v.adaptive ? ", adaptive" : "") << ", Anderson "
        << v.anderson;
  }
}
#endif

TEST(Allocation, SolverObjectFollowsTheOptions) {
  // The problem's solver object is recreated when the name or the options
  // change: the next solve uses the new method, with the same answer.
  Model m = makeModel(-1e-9, -1e-9, "pgs");
  countAllocations(*m.sim, 5, true);
  ASSERT_EQ(m.lcp->lastResult().solver, "pgs");
  const Eigen::VectorXd zPgs = m.lcp->z();
  m.lcp->setSolver("lemke");
  countAllocations(*m.sim, 1, true);
  EXPECT_EQ(m.lcp->lastResult().solver, "lemke");
  EXPECT_TRUE(m.lcp->lastResult().converged());
  EXPECT_LT((m.lcp->z() - zPgs).norm(), 1e-3 * (1.0 + zPgs.norm()));  // one step later
  m.lcp->setSolver("pgs");
  m.lcp->setThrowOnFailure(false);
  m.lcp->setMaxIterations(1);  // one sweep: the budget of the new options is used
  m.lcp->setTolerance(1e-300);
  countAllocations(*m.sim, 1, true);
  EXPECT_EQ(m.lcp->lastResult().solver, "pgs");
  EXPECT_EQ(m.lcp->lastResult().iterations, 1);
  EXPECT_FALSE(m.lcp->lastResult().converged());
}

TEST(Allocation, EulerMoreauDiodeBridgeStepsAllocateNothing) {
  // The DiodeBridge circuit (EulerMoreauOSI, θ = ½, one interaction of size 4 in index
  // set 0 at every step, LCP "lemke"): the kernel's part of the step allocates nothing. Lemke
  // allocates its tableau: its own count, measured by calling solveLcp on a copy of the same
  // problem, is subtracted (as in NoHeapAllocationWithStableContacts).
  const double L = 1e-2, Cap = 1e-6, R = 1e3;
  Eigen::MatrixXd A(2, 2);
  A << 0, -1 / Cap, 1 / L, 0;
  auto tank = std::make_shared<FirstOrderLinearDS>(Eigen::Vector2d(10, 0), A);
  Eigen::MatrixXd C = Eigen::MatrixXd::Zero(4, 2), D(4, 4), B = Eigen::MatrixXd::Zero(2, 4);
  C(2, 0) = -1;
  C(3, 0) = 1;
  D << 1 / R, 1 / R, -1, 0, 1 / R, 1 / R, 0, -1, 1, 0, 0, 0, 0, 1, 0, 0;
  B(0, 2) = -1 / Cap;
  B(0, 3) = 1 / Cap;
  auto rel = std::make_shared<FirstOrderLinearTIR>(C, B);
  rel->setDPtr(D);
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(4), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 5e-3);
  nsds->insertDynamicalSystem(tank);
  nsds->link(inter, tank);
  auto lcp = std::make_shared<LCP>("lemke");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-6),
                   std::make_shared<EulerMoreauOSI>(0.5), lcp);
  countAllocations(sim, 20, true);
  ASSERT_EQ(lcp->size(), 4);
  long kernel = 0;
  for (int i = 0; i < 500; ++i) {
    const long step = countAllocations(sim, 1, true);
    ASSERT_TRUE(lcp->lastResult().converged());
    numerics::LinearComplementarityProblem copy = lcp->problem();
    Eigen::VectorXd z = Eigen::VectorXd::Zero(4), w = Eigen::VectorXd::Zero(4);
    allocations = 0;
    counting = true;
    const numerics::SolverResult r = numerics::solveLcp(copy, z, w, lcp->numericsSolverOptions());
    counting = false;
    EXPECT_TRUE(r.converged());
    kernel += step - allocations.load();
  }
  EXPECT_EQ(kernel, 0);
  EXPECT_EQ(lcp->patternBuilds(), 1u);
}

// EulerMoreauOSI in Newton mode: a FirstOrderNonLinearDS (ẋ = 1 − x³/10) held below x = 1 by
// a FirstOrderType1R relation y = 1 − x², r = −λ (LCP "pgs"): free steps and contact steps,
// W, the Jacobians and the blocks re-made at every iterate, allocate nothing.
TEST(Allocation, EulerMoreauNewtonStepsAllocateNothing) {
  auto ds = std::make_shared<FirstOrderNonLinearDS>(
      Eigen::VectorXd::Zero(1),
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::VectorXd& f) {
        f(0) = 1.0 - 0.1 * x(0) * x(0) * x(0);
      },
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::MatrixXd& J) {
        J(0, 0) = -0.3 * x(0) * x(0);
      });
  auto rel = std::make_shared<FirstOrderType1R>(
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = 1.0 - x(0) * x(0);
      },
      [](double, const Eigen::VectorXd& l, const Eigen::VectorXd&, Eigen::VectorXd& r) {
        r(0) = -l(0);
      },
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::MatrixXd& C) {
        C(0, 0) = -2.0 * x(0);
      },
      [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& B) {
        B(0, 0) = -1.0;
      });
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 5.0);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                                            std::make_shared<EulerMoreauOSI>(0.5),
                                            std::make_shared<LCP>("pgs"));
  sim->setNewtonTolerance(1e-10);
  sim->log().reserve(1000);
  countAllocations(*sim, 5, true);
  EXPECT_EQ(countAllocations(*sim, 200), 0);  // the contact starts near t = 1
  EXPECT_GT(inter->lambda(0)(0), 0.5);
  // Free steps take several iterations (f is cubic); at rest in contact one is enough.
  EXPECT_GE(sim->log().records().front().newtonIterations, 2);
  EXPECT_NEAR(ds->x()(0), 1.0, 1e-9);
}

// The same model with a mass M(t, x) = 1 + x²/2 + t/10 (evaluated at each Newton iterate and in
// the residual, docs/theory/euler-moreau.md §6.8): no heap allocation either.
TEST(Allocation, EulerMoreauNewtonStepsWithAMassFunctionAllocateNothing) {
  auto ds = std::make_shared<FirstOrderNonLinearDS>(
      Eigen::VectorXd::Zero(1),
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::VectorXd& f) {
        f(0) = 1.0 - 0.1 * x(0) * x(0) * x(0);
      },
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::MatrixXd& J) {
        J(0, 0) = -0.3 * x(0) * x(0);
      });
  ds->setComputeMFunction([](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&,
                             Eigen::MatrixXd& M) { M(0, 0) = 1.0 + 0.5 * x(0) * x(0) + 0.1 * t; });
  auto rel = std::make_shared<FirstOrderType1R>(
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        y(0) = 1.0 - x(0) * x(0);
      },
      [](double, const Eigen::VectorXd& l, const Eigen::VectorXd&, Eigen::VectorXd& r) {
        r(0) = -l(0);
      },
      [](double, const Eigen::VectorXd& x, const Eigen::VectorXd&, Eigen::MatrixXd& C) {
        C(0, 0) = -2.0 * x(0);
      },
      [](double, const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& B) {
        B(0, 0) = -1.0;
      });
  auto inter = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), rel);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 5.0);
  nsds->insertDynamicalSystem(ds);
  nsds->link(inter, ds);
  auto sim = std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                                            std::make_shared<EulerMoreauOSI>(0.5),
                                            std::make_shared<LCP>("pgs"));
  sim->setNewtonTolerance(1e-10);
  sim->setNewtonMaxIteration(50);
  sim->log().reserve(1000);
  countAllocations(*sim, 5, true);
  EXPECT_EQ(countAllocations(*sim, 300), 0);  // the contact starts near t = 1.6
  EXPECT_NEAR(ds->x()(0), 1.0, 1e-9);
  EXPECT_GT(inter->lambda(0)(0), 0.5);
}

TEST(Allocation, MixedIntegratorsStepsAllocateNothing) {
  // A ball resting on the ground (MoreauJeanOSI, row from index set 1, λ level 1) and a
  // diode circuit (EulerMoreauOSI, row from index set 0, λ level 0) in one LCP "pgs": once
  // the ball rests the pattern no longer changes and a step allocates nothing.
  auto ball = std::make_shared<LagrangianLinearTIDS>(
      Eigen::VectorXd::Constant(1, 0.2), Eigen::VectorXd::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  ball->setFExt(Eigen::VectorXd::Constant(1, -9.81));
  auto ground = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(1, 1)));
  Eigen::MatrixXd A(2, 2), C(1, 2), B(2, 1);
  A << 0.0, -2.0, 5.0, -0.5;
  C << 1.0, 0.0;
  B << 2.0, 0.0;
  auto circuit = std::make_shared<FirstOrderLinearTIDS>(Eigen::Vector2d(1.0, 0.0), A);
  auto diode = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1),
                                             std::make_shared<FirstOrderLinearTIR>(C, B));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(ball);
  nsds->insertDynamicalSystem(circuit);
  nsds->link(ground, ball);
  nsds->link(diode, circuit);
  auto lcp = std::make_shared<LCP>("pgs");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), lcp);
  sim.associate(std::make_shared<EulerMoreauOSI>(0.5), circuit);
  countAllocations(sim, 1000, true);
  ASSERT_EQ(lcp->size(), 2);  // the ball rests: both rows
  const auto builds = lcp->patternBuilds();
  EXPECT_EQ(countAllocations(sim, 2000), 0);
  EXPECT_EQ(lcp->patternBuilds(), builds);
  EXPECT_TRUE(lcp->lastResult().converged());
}

// A plate driven by a BoundaryCondition (velocity function of t, 2 dof, one
// prescribed) carrying a ball through a contact: the elimination of the
// prescribed coordinate and the reaction allocate nothing.
TEST(Allocation, BoundaryConditionStepsAllocateNothing) {
  Eigen::Matrix2d M, K;
  M << 2, 0.1, 0.1, 1;
  K << 40, -5, -5, 30;
  auto plate = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                      M, K, Eigen::Matrix2d::Zero());
  plate->setBoundaryConditions(std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0},
      [](double t, Eigen::Ref<Eigen::VectorXd> v) { v(0) = 0.1 * std::cos(3 * t); }));
  auto ball = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, -1e-9),
                                                     Eigen::VectorXd::Zero(1),
                                                     Eigen::MatrixXd::Identity(1, 1));
  ball->setFExt(Eigen::VectorXd::Constant(1, -9.81));
  Eigen::MatrixXd H(1, 3);
  H << -1, 0, 1;
  auto contact = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.0),
                                               std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(plate);
  nsds->insertDynamicalSystem(ball);
  nsds->link(contact, plate, ball);
  auto lcp = std::make_shared<LCP>("pgs");
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanOSI>(0.5), lcp);
  countAllocations(sim, 5, true);
  EXPECT_EQ(countAllocations(sim, 200), 0);
  EXPECT_EQ(lcp->size(), 1);
  EXPECT_NE(plate->boundaryConditionImpulse()(0), 0.0);
}

// Newton–Euler bodies with prescribed twist components (MoreauJeanNewtonEulerOSI): a driven
// sphere on a rough plane (one pass, FrictionContact(3), nsgs; v_x, v_y given by a function of
// t) and a gyroscopic body with a prescribed spin (Newton path). The elimination, the reduced W
// and the reactions allocate nothing.
TEST(Allocation, NewtonEulerBoundaryConditionStepsAllocateNothing) {
  const double m = 1.0, R = 0.1, g = 9.81;
  Eigen::VectorXd q0(7);
  q0 << 0, 0, R - 1e-8, 1, 0, 0, 0;  // slight overlap: the contact stays active
  auto ball = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), m,
                                              Eigen::Matrix3d::Identity() * 0.4 * m * R * R);
  ball->setFExt(Eigen::Vector3d(0, 0, -m * g));
  ball->setBoundaryConditions(std::make_shared<BoundaryCondition>(
      std::vector<unsigned>{0, 1}, [](double t, Eigen::Ref<Eigen::VectorXd> v) {
        v(0) = 1.0 + 0.5 * std::sin(3 * t);
        v(1) = 0.2;
      }));
  q0 << 1, 1, 1, 1, 0, 0, 0;
  Eigen::VectorXd w0(6);
  w0 << 0, 0, 0, 0.3, 0.2, 1.0;
  auto top = std::make_shared<NewtonEulerDS>(
      q0, w0, 1.0, Eigen::Matrix3d(Eigen::Vector3d(1, 2, 3).asDiagonal()));
  top->setBoundaryConditions(
      std::make_shared<BoundaryCondition>(std::vector<unsigned>{5}, Eigen::VectorXd::Ones(1)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(ball);
  nsds->insertDynamicalSystem(top);
  nsds->link(
      std::make_shared<Interaction>(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3),
                                    std::make_shared<NewtonEuler3DR>(NewtonEuler1DR::sphereOnPlane(
                                        R, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ()))),
      ball);
  auto fc = std::make_shared<FrictionContact>(3);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3),
                   std::make_shared<MoreauJeanNewtonEulerOSI>(0.5), fc);
  sim.setNewtonTolerance(1e-12);
  countAllocations(sim, 5, true);
  EXPECT_EQ(countAllocations(sim, 200), 0);
  EXPECT_GT(sim.newtonIterations(), 1u);
  EXPECT_EQ(fc->size(), 3);
  EXPECT_NE(ball->boundaryConditionImpulse()(0), 0.0);  // the friction impulse
  EXPECT_NE(top->boundaryConditionImpulse()(0), 0.0);   // the gyroscopic torque
}

// A Newton–Euler box held on the plane x = 0 by a corner (bilateral NewtonEuler1DR,
// EqualityConditionNSL), spinning under gravity, with the direct projection
// (MoreauJeanNewtonEulerDirectProjectionOSI, level 0). The projection loop solves an MLCP
// whose numerics solver (solveMlcp) allocates; the integrator's part of a projection
// iteration — prepareProjection (H, M⁻¹Hᵀ at the current q), the Position-role free output and
// block, and the update q ← q ⊕ M⁻¹Hᵀλ(0) — allocates nothing.
TEST(Allocation, NewtonEulerProjectionIntegratorAllocatesNothing) {
  const Eigen::Vector3d a(-0.1, 0.2, 0.3);
  Eigen::VectorXd q0(7), v0(6);
  q0 << 0.1, 0, 0, 1, 0, 0, 0;  // the corner G + a is on the plane x = 0
  v0 << 0, 0.2, 0, 1.0, -2.0, 3.0;
  auto body =
      std::make_shared<NewtonEulerDS>(q0, v0, 1.0, Eigen::Vector3d(0.1, 0.2, 0.3).asDiagonal());
  body->setFExt(Eigen::Vector3d(-9.81, 0, 0));
  auto corner = std::make_shared<Interaction>(
      std::make_shared<EqualityConditionNSL>(1),
      std::make_shared<NewtonEuler1DR>(
          NewtonEuler1DR::bodyPointOnPlane(a, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX())));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 10.0);
  nsds->insertDynamicalSystem(body);
  nsds->link(corner, body);
  auto osi = std::make_shared<MoreauJeanNewtonEulerDirectProjectionOSI>(0.5);
  auto sim = std::make_shared<TimeSteppingDirectProjection>(
      nsds, std::make_shared<TimeDiscretisation>(0.0, 1e-3), osi, std::make_shared<MLCP>(),
      std::make_shared<MLCPProjectOnConstraints>());
  sim->setIndexSetLevelForProjection(0);
  sim->setConstraintTol(1e-12);
  sim->log().setEnabled(false);
  countAllocations(*sim, 5, true);
  EXPECT_GE(sim->nbCumulatedProjectionIteration(), 5u);  // the constraint drifts every step
  sim->computeOneStep();
  const ProblemContext ctx = sim->problemContext(ProblemRole::Position);
  ASSERT_EQ(ctx.outputLevel, 0u);
  ASSERT_EQ(ctx.inputLevel, 0u);
  Eigen::VectorXd w(1);
  Eigen::MatrixXd block(1, 1);
  allocations = 0;
  counting = true;
  for (int i = 0; i < 100; ++i) {
    osi->prepareProjection(ctx);
    osi->computeFreeOutput(*corner, ctx, w);
    block.setZero();
    osi->addInteractionBlock(*corner, *corner, *body, ctx, block);
    corner->lambda(0)(0) = -w(0) / block(0, 0);  // the one-row projection, solved by hand
    osi->updateState(ctx);
  }
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
  EXPECT_LE(std::abs(corner->y(0)(0)), 1e-12);
  EXPECT_NEAR(body->quaternion().norm(), 1.0, 1e-14);
}
