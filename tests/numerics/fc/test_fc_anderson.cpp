// NSGS Anderson acceleration (SolverOptions::fcAndersonDepth): the accelerator on linear
// fixed-point maps, NSGS with it (fewer sweeps on piles and stacks, a Coulomb solution, the
// options checked), and what it shares with the adaptive relaxation
// (SolverOptions::fcAdaptiveRelaxation): admissible iterates, plain NSGS bit for bit on short
// solves, the same bits through the solver object and on two threads coloured.

#include "AndersonAcceleration.hpp"  // numerics/src/fc (internal)
#include "FcLocalTestUtils.hpp"
#include "RelaxationControl.hpp"  // numerics/src/fc (internal)

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace mn = moreau::numerics;
using moreau::numerics::fcdetail::AndersonAcceleration;
using moreau::numerics::fcdetail::RelaxationControl;
using moreau::numerics::fctest::isCoulombSolution;
using moreau::numerics::fctest::reactionsInCones;

namespace {

// Iterations of x ← G(x) = A x + b (with Anderson of the given depth, 0 = plain) until
// ‖x − x*‖ ≤ 1e-10 ‖x*‖, at most 5000.
int linearIterations(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, int depth) {
  const Eigen::VectorXd solution =
      (Eigen::MatrixXd::Identity(A.rows(), A.cols()) - A).lu().solve(b);
  AndersonAcceleration anderson;
  if (depth > 0) anderson.resize(depth, b.size());
  Eigen::VectorXd x = Eigen::VectorXd::Zero(b.size());
  for (int k = 1; k <= 5000; ++k) {
    if (depth > 0) anderson.beginSweep(x);
    x = A * x + b;
    if (depth > 0) anderson.accelerate(x);
    if ((x - solution).norm() <= 1e-10 * solution.norm()) return k;
  }
  return 5001;
}

}  // namespace

TEST(AndersonAcceleration, SolvesLinearFixedPointsInFewIterations) {
  // A symmetric contraction with eigenvalues in [0.5, 0.995]: plain iteration needs
  // log(1e-10)/log(0.995) ≈ 4600 iterations.
  const int n = 6;
  Eigen::MatrixXd Q = Eigen::MatrixXd::Random(n, n).householderQr().householderQ();
  Eigen::VectorXd eig = Eigen::VectorXd::LinSpaced(n, 0.5, 0.995);
  const Eigen::MatrixXd A = Q * eig.asDiagonal() * Q.transpose();
  const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(n, 1.0, 2.0);
  const int plain = linearIterations(A, b, 0);
  EXPECT_GT(plain, 3000);
  // With the full depth the affine map is identified: a few iterations past n.
  EXPECT_LE(linearIterations(A, b, n), 3 * n);
  // Depth 1 and 2: still several times fewer than plain (the restarts cost some).
  EXPECT_LT(linearIterations(A, b, 1), plain / 3);
  EXPECT_LT(linearIterations(A, b, 2), plain / 3);
}

TEST(AndersonAcceleration, RestartsWhenTheResidualGrows) {
  AndersonAcceleration anderson;
  anderson.resize(2, 2);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(2);
  // Residuals f = G(x) − x of norms 1, 0.5 (decreasing: extrapolated), then 2 (growing:
  // left as G(x), history dropped), then 1 (decreasing again, one column: extrapolated).
  const double norms[] = {1.0, 0.5, 2.0, 1.0};
  const bool expected[] = {false, true, false, true};
  for (int k = 0; k < 4; ++k) {
    anderson.beginSweep(x);
    Eigen::VectorXd g = x + Eigen::Vector2d(norms[k], 0.1 * k);
    const Eigen::VectorXd image = g;
    EXPECT_EQ(anderson.accelerate(g), expected[k]) << "sweep " << k;
    if (!expected[k]) {
      EXPECT_EQ(g, image) << "sweep " << k;
    }
    x = g;
  }
}

namespace {

struct NsgsRun {
  mn::SolverResult result;
  Eigen::VectorXd r;
};

// The NSGS accelerations: Anderson of depth 1 and 2, and the adaptive relaxation.
struct Acceleration {
  const char* name;
  int anderson;
  bool adaptive;
};
constexpr Acceleration kAccelerations[] = {
    {"Anderson 1", 1, false}, {"Anderson 2", 2, false}, {"adaptive relaxation", 0, true}};
// Both keep this many sweeps plain.
static_assert(AndersonAcceleration::kPlainSweeps == RelaxationControl::kPlainSweeps);

mn::SolverOptions nsgsOptions(const Acceleration& a, double tolerance, int maxIterations) {
  mn::SolverOptions o;
  o.solver = "nsgs";
  o.tolerance = tolerance;
  o.maxIterations = maxIterations;
  o.fcAndersonDepth = a.anderson;
  o.fcAdaptiveRelaxation = a.adaptive;
  return o;
}

NsgsRun nsgs(const mn::FrictionContactProblem& p, const Acceleration& a, double tolerance,
             int maxIterations) {
  NsgsRun run;
  Eigen::VectorXd u;
  run.result = mn::solveFrictionContact(p, run.r, u, nsgsOptions(a, tolerance, maxIterations));
  return run;
}

constexpr Acceleration kPlain{"plain", 0, false};

}  // namespace

TEST(FcNsgsAnderson, SolvesGeneratedPilesAndStacksInFewerSweeps) {
  mn::ProblemGeneratorOptions two;
  two.dimension = 2;
  // Plain NSGS at 1e-8: about 2000 sweeps (2D pile), 430 (3D pile), 600 (2D stack of 10).
  for (const auto& g : {mn::generatePileWithContacts(100, two), mn::generatePileWithContacts(100),
                        mn::generateStack(mn::StackShape::Sphere, 10, two)}) {
    SCOPED_TRACE(g.name);
    const NsgsRun plain = nsgs(g.problem, kPlain, 1e-8, 5000);
    ASSERT_EQ(plain.result.status, mn::SolverStatus::Converged);
    for (const int depth : {1, 2}) {
      const NsgsRun accelerated = nsgs(g.problem, kAccelerations[depth - 1], 1e-8, 5000);
      ASSERT_EQ(accelerated.result.status, mn::SolverStatus::Converged) << depth;
      EXPECT_LT(accelerated.result.iterations, 0.6 * plain.result.iterations)
          << "depth " << depth << ", " << plain.result.iterations << " plain sweeps";
      Eigen::VectorXd u;
      EXPECT_LE(mn::fcComputeError(g.problem, accelerated.r, u), 1e-8);
      EXPECT_TRUE(isCoulombSolution(g.problem.W().toDense(), g.problem.q(), g.problem.mu(),
                                    g.problem.dimension(), accelerated.r, 1e-5));
      EXPECT_TRUE(reactionsInCones(g.problem, accelerated.r));
    }
  }
}

TEST(FcNsgsAccelerations, IteratesStayInTheConesWhenTheBudgetRunsOut) {
  // Stopped in accelerated sweeps: the iterates are projected on the cones.
  mn::ProblemGeneratorOptions two;
  two.dimension = 2;
  for (const auto& g :
       {mn::generatePileWithContacts(100), mn::generatePileWithContacts(100, two)}) {
    for (const Acceleration& a : kAccelerations) {
      for (int budget : {30, 41, 57, 77, 90}) {
        const NsgsRun run = nsgs(g.problem, a, 1e-14, budget);
        EXPECT_EQ(run.result.status, mn::SolverStatus::MaxIterations) << a.name << budget;
        EXPECT_TRUE(reactionsInCones(g.problem, run.r)) << g.name << ", " << a.name << budget;
      }
    }
  }
}

TEST(FcNsgsAccelerations, ShortSolvesArePlainNsgsBitForBit) {
  // Solves within the plain sweeps (17 of them for both): the same iterates, the same bits.
  const auto box = mn::generateStack(mn::StackShape::Box, 1);
  const auto spheres = mn::generateStack(mn::StackShape::Sphere, 2);
  for (const auto& [g, tolerance] : {std::pair{&box, 1e-6}, std::pair{&spheres, 1e-4}}) {
    SCOPED_TRACE(g->name);
    const NsgsRun plain = nsgs(g->problem, kPlain, tolerance, 5000);
    ASSERT_EQ(plain.result.status, mn::SolverStatus::Converged);
    ASSERT_GT(plain.result.iterations, 10);
    ASSERT_LE(plain.result.iterations, AndersonAcceleration::kPlainSweeps);
    for (const Acceleration& a : kAccelerations) {
      const NsgsRun accelerated = nsgs(g->problem, a, tolerance, 5000);
      EXPECT_EQ(accelerated.result.iterations, plain.result.iterations) << a.name;
      EXPECT_EQ(accelerated.r, plain.r) << a.name;
      EXPECT_EQ(accelerated.result.error, plain.result.error) << a.name;
    }
  }
}

TEST(FcNsgsAccelerations, SolverObjectAndColouredThreadsGiveTheSameBits) {
  // The repeated-solve object gives the free function's bits, and the coloured NSGS the same
  // bits on one and two threads, with the acceleration engaged (more sweeps than the plain
  // ones plus two windows).
  const auto g = mn::generatePileWithContacts(100);
  for (const Acceleration& a : kAccelerations) {
    for (const bool coloured : {false, true}) {
      SCOPED_TRACE(std::string(a.name) + (coloured ? ", coloured" : ", natural order"));
      mn::SolverOptions o = nsgsOptions(a, 1e-8, 5000);
      o.fcColoring = coloured;
      Eigen::VectorXd rf, uf;
      const mn::SolverResult free = mn::solveFrictionContact(g.problem, rf, uf, o);
      ASSERT_EQ(free.status, mn::SolverStatus::Converged);
      ASSERT_GT(free.iterations, AndersonAcceleration::kPlainSweeps + 16);
      for (const int threads : {1, 2}) {
        o.threads = threads;
        mn::FrictionContactSolver solver("nsgs", o);
        for (int repeat = 0; repeat < 2; ++repeat) {  // the second solve reuses the workspace
          Eigen::VectorXd r, u;
          const mn::SolverResult res = solver.solve(g.problem, r, u);
          EXPECT_EQ(res.iterations, free.iterations) << threads << " threads";
          EXPECT_TRUE(r == rf) << threads << " threads";
        }
      }
    }
  }
}

TEST(FcNsgsAnderson, OptionsAreChecked) {
  mn::SolverOptions o;
  o.fcAndersonDepth = 11;
  EXPECT_THROW(o.validate(), std::invalid_argument);
  o.fcAndersonDepth = -1;
  EXPECT_THROW(o.validate(), std::invalid_argument);
  o.fcAndersonDepth = 10;
  EXPECT_NO_THROW(o.validate());
  o.fcAdaptiveRelaxation = true;
  try {
    o.validate();
    ADD_FAILURE() << "fcAndersonDepth with fcAdaptiveRelaxation accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("fcAdaptiveRelaxation"), std::string::npos) << e.what();
  }
}
