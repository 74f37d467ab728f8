// Friction-contact solvers on generated stacks and piles (sparse-block W, 10 to
// 20 000 contacts). The Coulomb law is checked contact by contact from the data
// alone (u = W r + q recomputed with the sparse product), not with fcComputeError.
#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <string>

namespace mn = moreau::numerics;

namespace {

// Per-contact checks with a tolerance relative to the data scale: r ∈ K_μ, u_N >= 0,
// r_N u_N ≈ 0, and sliding contacts on the cone boundary opposing the sliding.
::testing::AssertionResult isCoulombSolutionSparse(const mn::FrictionContactProblem& p,
                                                   const Eigen::VectorXd& r, double tol) {
  if (!r.allFinite()) return ::testing::AssertionFailure() << "r is not finite";
  Eigen::VectorXd u(r.size());
  p.W().multiply(r, u);
  u += p.q();
  const int d = p.dimension();
  const double t = tol * (1.0 + r.cwiseAbs().maxCoeff() + p.q().cwiseAbs().maxCoeff());
  for (Eigen::Index i = 0; i < p.numberOfContacts(); ++i) {
    const double rN = r[d * i], uN = u[d * i], mu = p.mu()[i];
    const Eigen::VectorXd rT = r.segment(d * i + 1, d - 1), uT = u.segment(d * i + 1, d - 1);
    std::string what;
    if (rN < -t) what = "r_N < 0";
    if (rT.norm() > mu * rN + t) what = "r outside the cone";
    if (uN < -t) what = "u_N < 0";
    if (std::abs(rN * uN) > t * (1.0 + std::abs(rN) + std::abs(uN))) what = "r_N u_N != 0";
    if (rN > t && uT.norm() > t) {
      if (std::abs(rT.norm() - mu * rN) > t) what = "sliding inside the cone";
      if ((rT + rT.norm() * uT / uT.norm()).norm() > t) what = "friction not opposing sliding";
    }
    if (!what.empty())
      return ::testing::AssertionFailure()
             << "contact " << i << ": " << what << " (tol " << t << ")";
  }
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(FcGenerated, AutoSolvesSmallStacksAndPilesToTolerance) {
  for (int d : {2, 3}) {
    mn::ProblemGeneratorOptions options;
    options.dimension = d;
    const mn::GeneratedProblem cases[] = {
        mn::generateStack(mn::StackShape::Sphere, 10, options),
        mn::generateStack(mn::StackShape::Box, 5, options),
        mn::generatePileWithContacts(100, options),
    };
    for (const auto& g : cases) {
      mn::SolverOptions so;
      so.solver = "auto";
      so.tolerance = 1e-8;
      Eigen::VectorXd r, u;
      const mn::SolverResult result = mn::solveFrictionContact(g.problem, r, u, so);
      EXPECT_TRUE(result.converged())
          << g.name << ": " << result.solver << " " << mn::toString(result.status) << " "
          << result.error << " " << result.message;
      EXPECT_LE(result.error, 1e-8) << g.name;
      EXPECT_TRUE(isCoulombSolutionSparse(g.problem, r, 1e-6)) << g.name;
    }
  }
}

// Tens of thousands of contacts: NSGS sweeps stay within the cone at every contact,
// reduce the error from the cold start, and report an honest status.
TEST(FcGenerated, NsgsOnTwentyThousandContactPile) {
  mn::ProblemGeneratorOptions options;
  options.dimension = 3;
  const auto g = mn::generatePileWithContacts(20000, options);
  ASSERT_GT(g.problem.numberOfContacts(), 15000);
  Eigen::VectorXd r = Eigen::VectorXd::Zero(g.problem.size()), u;
  const double initial = mn::fcComputeError(g.problem, r, u);
  mn::SolverOptions so;
  so.solver = "nsgs";
  so.tolerance = 1e-6;
  so.maxIterations = 30;
  const mn::SolverResult result = mn::solveFrictionContact(g.problem, r, u, so);
  ASSERT_TRUE(r.allFinite());
  EXPECT_LT(result.error, 0.1 * initial) << "initial " << initial;
  EXPECT_EQ(result.converged(), result.error <= so.tolerance);
  EXPECT_EQ(result.error, mn::fcComputeError(g.problem, r, u));
  const int d = g.problem.dimension();
  for (Eigen::Index i = 0; i < g.problem.numberOfContacts(); ++i) {
    const double rN = r[d * i];
    ASSERT_GE(rN, 0.0) << "contact " << i;
    ASSERT_LE(r.segment(d * i + 1, d - 1).norm(), g.problem.mu()[i] * rN * (1 + 1e-12) + 1e-300)
        << "contact " << i;
  }
}
