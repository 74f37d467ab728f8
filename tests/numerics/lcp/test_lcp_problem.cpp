#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <gtest/gtest.h>

#include <cfloat>
#include <limits>
#include <stdexcept>
#include <string>

namespace mn = moreau::numerics;

namespace {

template <class F>
std::string thrownMessage(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "<no throw>";
}

TEST(LinearComplementarityProblem, RejectsNonSquareM) {
  const std::string msg = thrownMessage(
      [] { mn::LinearComplementarityProblem(Eigen::MatrixXd::Zero(3, 4), Eigen::VectorXd(3)); });
  EXPECT_NE(msg.find("LinearComplementarityProblem"), std::string::npos) << msg;
  EXPECT_NE(msg.find("3x4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("square"), std::string::npos) << msg;
}

TEST(LinearComplementarityProblem, RejectsWrongQSize) {
  const std::string msg = thrownMessage([] {
    mn::LinearComplementarityProblem(Eigen::MatrixXd::Identity(3, 3), Eigen::VectorXd::Zero(2));
  });
  EXPECT_NE(msg.find("q has 2"), std::string::npos) << msg;
  EXPECT_NE(msg.find("3x3"), std::string::npos) << msg;
}

TEST(LinearComplementarityProblem, RejectsNonFinite) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(2, 2);
  M(0, 1) = std::numeric_limits<double>::infinity();
  EXPECT_THROW(mn::LinearComplementarityProblem(M, Eigen::VectorXd::Zero(2)),
               std::invalid_argument);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(2);
  q[1] = std::numeric_limits<double>::quiet_NaN();
  const std::string msg =
      thrownMessage([&] { mn::LinearComplementarityProblem(Eigen::MatrixXd::Identity(2, 2), q); });
  EXPECT_NE(msg.find("q[1]"), std::string::npos) << msg;
}

TEST(LinearComplementarityProblem, ValidateAfterInPlaceChange) {
  mn::LinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2), Eigen::VectorXd::Zero(2));
  p.q().resize(3);
  EXPECT_THROW(p.validate(), std::invalid_argument);
}

TEST(LcpComputeError, MatchesSiconosDefinition) {
  Eigen::MatrixXd M(2, 2);
  M << 2, 1, 1, 2;
  Eigen::VectorXd q(2);
  q << -5, -6;
  const mn::LinearComplementarityProblem p(M, q);
  Eigen::VectorXd z(2), w;
  z << 1.0, -0.5;
  const double err = mn::lcpComputeError(p, z, w);
  // Recompute by hand: w = Mz + q, r_i = z_i - max(0, z_i - w_i).
  const Eigen::VectorXd wRef = M * z + q;
  EXPECT_TRUE(w.isApprox(wRef));
  double s = 0;
  for (int i = 0; i < 2; ++i) {
    const double r = z[i] - std::max(0.0, z[i] - wRef[i]);
    s += r * r;
  }
  EXPECT_DOUBLE_EQ(err, std::sqrt(s) / q.norm());
}

TEST(LcpComputeError, NoScalingWhenQIsTiny) {
  const mn::LinearComplementarityProblem p(Eigen::MatrixXd::Identity(1, 1),
                                           Eigen::VectorXd::Constant(1, DBL_EPSILON / 2));
  Eigen::VectorXd z = Eigen::VectorXd::Constant(1, 3.0), w;
  // w = 3 + eps/2, min(z, w) = 3: unscaled.
  EXPECT_DOUBLE_EQ(mn::lcpComputeError(p, z, w), 3.0);
}

TEST(LcpComputeError, WrongZSizeThrows) {
  const mn::LinearComplementarityProblem p(Eigen::MatrixXd::Identity(2, 2),
                                           Eigen::VectorXd::Zero(2));
  Eigen::VectorXd z(3), w;
  EXPECT_THROW(mn::lcpComputeError(p, z, w), std::invalid_argument);
}

TEST(SolveLcp, UnknownSolverListsNames) {
  const mn::LinearComplementarityProblem p(Eigen::MatrixXd::Identity(1, 1),
                                           Eigen::VectorXd::Constant(1, -1.0));
  Eigen::VectorXd z, w;
  mn::SolverOptions o;
  o.solver = "dantzig";
  const std::string msg = thrownMessage([&] { mn::solveLcp(p, z, w, o); });
  EXPECT_NE(msg.find("dantzig"), std::string::npos) << msg;
  for (const auto& name : mn::lcpSolverNames()) {
    EXPECT_NE(msg.find(name), std::string::npos) << msg;
  }
}

TEST(SolveLcp, DispatchIsCaseInsensitiveAndValidatesOptions) {
  const mn::LinearComplementarityProblem p(Eigen::MatrixXd::Identity(1, 1),
                                           Eigen::VectorXd::Constant(1, -1.0));
  Eigen::VectorXd z(5), w;  // wrong size: reset
  mn::SolverOptions o;
  o.solver = "PGS";
  const mn::SolverResult r = mn::solveLcp(p, z, w, o);
  EXPECT_EQ(r.solver, "pgs");
  EXPECT_TRUE(r.converged());
  ASSERT_EQ(z.size(), 1);
  EXPECT_NEAR(z[0], 1.0, 1e-12);
  o.solver = "Lemke";
  EXPECT_EQ(mn::solveLcp(p, z, w, o).solver, "lemke");
  o.tolerance = -1;
  EXPECT_THROW(mn::solveLcp(p, z, w, o), std::invalid_argument);
}

TEST(SolveLcp, NonFiniteDataIsAFailedSolveForEverySolver) {
  // Data made non-finite in place after construction (as the kernel's
  // assembly may do): every solver reached through the driver reports Failed,
  // never Converged, and does not throw.
  for (const std::string& name : mn::lcpSolverNames()) {
    for (int which = 0; which < 3; ++which) {
      mn::LinearComplementarityProblem p(Eigen::MatrixXd::Identity(3, 3),
                                         Eigen::VectorXd::Constant(3, -1.0));
      if (which == 0) p.q()[1] = std::numeric_limits<double>::quiet_NaN();
      if (which == 1) p.q()[2] = -std::numeric_limits<double>::infinity();
      if (which == 2) p.M().dense()(0, 1) = std::numeric_limits<double>::quiet_NaN();
      Eigen::VectorXd z = Eigen::VectorXd::Constant(3, 5.0), w;
      mn::SolverOptions o;
      o.solver = name;
      const mn::SolverResult r = mn::solveLcp(p, z, w, o);
      EXPECT_EQ(r.status, mn::SolverStatus::Failed) << name << " case " << which;
      EXPECT_FALSE(r.converged()) << name;
      EXPECT_EQ(r.solver, name);
      EXPECT_EQ(r.error, std::numeric_limits<double>::infinity()) << name;
      EXPECT_NE(r.message.find("non-finite problem data"), std::string::npos) << r.message;
      const char* detail = which == 0 ? "q[1] = nan" : which == 1 ? "q[2] = -inf" : "M has";
      EXPECT_NE(r.message.find(detail), std::string::npos) << r.message;
      EXPECT_EQ(z, Eigen::VectorXd::Zero(3)) << name;
    }
  }
  // Sizes are still checked: a malformed problem throws.
  mn::LinearComplementarityProblem bad(Eigen::MatrixXd::Identity(2, 2), Eigen::VectorXd::Zero(2));
  bad.q() = Eigen::VectorXd::Constant(3, std::numeric_limits<double>::quiet_NaN());
  Eigen::VectorXd z, w;
  EXPECT_THROW(mn::solveLcp(bad, z, w, mn::SolverOptions()), std::invalid_argument);
}

TEST(SolverName, NormalizedToAsciiLowerCase) {
  EXPECT_EQ(mn::normalizeSolverName("Lemke"), "lemke");
  EXPECT_EQ(mn::normalizeSolverName("NEWTON-FB"), "newton-fb");
  EXPECT_EQ(mn::normalizeSolverName("nsgs-SBM"), "nsgs-sbm");
  EXPECT_EQ(mn::normalizeSolverName(""), "");
  // Every registered name is already canonical, so dispatch and listings agree.
  for (const std::string& name : mn::lcpSolverNames())
    EXPECT_EQ(mn::normalizeSolverName(name), name);
}

}  // namespace
