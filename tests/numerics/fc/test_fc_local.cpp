// Per-contact building blocks and single-contact solvers (fc-local).

#include "FcLocalTestUtils.hpp"

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace mn = moreau::numerics;
using mn::FcMatrix;
using mn::FcVector;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Central finite differences of f: R^D -> R^D.
template <int D, class F>
FcMatrix<D> finiteDifference(F f, const FcVector<D>& x, double h = 1e-7) {
  FcMatrix<D> J;
  for (int j = 0; j < D; ++j) {
    FcVector<D> xp = x, xm = x;
    xp[j] += h;
    xm[j] -= h;
    J.col(j) = (f(xp) - f(xm)) / (2.0 * h);
  }
  return J;
}

template <int D>
void checkAcJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu, double rhoN,
                     double rhoT, bool tresca, const char* label) {
  FcVector<D> phi;
  FcMatrix<D> A, B;
  if (tresca) {
    mn::alartCurnierJacobianTresca<D>(r, u, mu, rhoN, rhoT, phi, A, B);
  } else {
    mn::alartCurnierJacobian<D>(r, u, mu, rhoN, rhoT, phi, A, B);
  }
  auto fr = [&](const FcVector<D>& x) {
    return tresca ? mn::alartCurnierFunctionTresca<D>(x, u, mu, rhoN, rhoT)
                  : mn::alartCurnierFunction<D>(x, u, mu, rhoN, rhoT);
  };
  auto fu = [&](const FcVector<D>& x) {
    return tresca ? mn::alartCurnierFunctionTresca<D>(r, x, mu, rhoN, rhoT)
                  : mn::alartCurnierFunction<D>(r, x, mu, rhoN, rhoT);
  };
  EXPECT_LE((phi - fr(r)).norm(), 1e-14) << label;
  EXPECT_LE((B - finiteDifference<D>(fr, r)).norm(), 1e-6) << label << "\nB=\n"
                                                           << B << "\nFD=\n"
                                                           << finiteDifference<D>(fr, r);
  EXPECT_LE((A - finiteDifference<D>(fu, u)).norm(), 1e-6) << label << "\nA=\n"
                                                           << A << "\nFD=\n"
                                                           << finiteDifference<D>(fu, u);
}

// A random symmetric positive definite Delassus block W = A Aᵀ + shift·I, A with entries
// uniform in [−1, 1] drawn row by row from gen.
FcMatrix<3> randomDelassus(std::mt19937& gen, double shift) {
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  FcMatrix<3> A;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) A(i, j) = U(gen);
  return A * A.transpose() + shift * FcMatrix<3>::Identity();
}

}  // namespace

TEST(FcLocalProjection, ConeProjectionIsTheEuclideanProjection) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> U(-2.0, 2.0);
  for (int trial = 0; trial < 500; ++trial) {
    const double mu = 0.05 + 0.5 * (U(gen) + 2.0);
    const FcVector<3> x(U(gen), U(gen), U(gen));
    const FcVector<3> p = mn::projectOnCone<3>(x, mu);
    ASSERT_TRUE(mn::isInCone<3>(p, mu, 1e-12));
    // Cone projection: p ⊥ (x − p) and x − p in the polar cone (−(x − p) ∈ K*).
    EXPECT_NEAR(p.dot(x - p), 0.0, 1e-12);
    const FcVector<3> d = p - x;  // must lie in the dual cone: μ‖d_T‖ <= d_N
    EXPECT_LE(mu * d.tail<2>().norm(), d[0] + 1e-12);
    // Idempotent.
    EXPECT_LE((mn::projectOnCone<3>(p, mu) - p).norm(), 1e-12);
    const FcVector<2> x2(U(gen), U(gen));
    const FcVector<2> p2 = mn::projectOnCone<2>(x2, mu);
    ASSERT_TRUE(mn::isInCone<2>(p2, mu, 1e-12));
    EXPECT_NEAR(p2.dot(x2 - p2), 0.0, 1e-12);
    const FcVector<2> d2 = p2 - x2;
    EXPECT_LE(mu * std::abs(d2[1]), d2[0] + 1e-12);
  }
  // μ = 0: the half-line.
  EXPECT_EQ(mn::projectOnCone<3>(FcVector<3>(2, 1, 1), 0.0), FcVector<3>(2, 0, 0));
  EXPECT_EQ(mn::projectOnCone<3>(FcVector<3>(-2, 1, 1), 0.0), FcVector<3>(0, 0, 0));
  // Cylinder.
  EXPECT_LE(
      (mn::projectOnCylinder<3>(FcVector<3>(-1, 3, 4), 1.0) - FcVector<3>(0, 0.6, 0.8)).norm(),
      1e-15);
}

TEST(FcLocalProjection, ConeProjectionJacobianMatchesFiniteDifferences) {
  std::mt19937 gen(8);
  std::uniform_real_distribution<double> U(-2.0, 2.0);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const double mu = 0.1 + 0.4 * (U(gen) + 2.0);
    const FcVector<3> x(U(gen), U(gen), U(gen));
    const double n = x.tail<2>().norm();
    if (std::abs(n - mu * x[0]) < 1e-3 || std::abs(mu * n + x[0]) < 1e-3 || n < 1e-3) continue;
    auto f = [&](const FcVector<3>& y) { return mn::projectOnCone<3>(y, mu); };
    EXPECT_LE((mn::projectOnConeJacobian<3>(x, mu) - finiteDifference<3>(f, x)).norm(), 1e-6);
    const FcVector<2> x2(x[0], x[1]);
    if (std::abs(std::abs(x2[1]) - mu * x2[0]) < 1e-3 ||
        std::abs(mu * std::abs(x2[1]) + x2[0]) < 1e-3)
      continue;
    auto f2 = [&](const FcVector<2>& y) { return mn::projectOnCone<2>(y, mu); };
    EXPECT_LE((mn::projectOnConeJacobian<2>(x2, mu) - finiteDifference<2>(f2, x2)).norm(), 1e-6);
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST(FcLocalAlartCurnier, JacobianMatchesFiniteDifferencesInEveryBranch) {
  const double rhoN = 0.7, rhoT = 1.3;
  // Take-off: s < 0, small x.
  checkAcJacobian<3>(FcVector<3>(0.1, 0.01, 0.02), FcVector<3>(1.0, 0.05, -0.02), 0.5, rhoN, rhoT,
                     false, "3D s<0");
  // Stick: s > 0, ‖x‖ < μ s.
  checkAcJacobian<3>(FcVector<3>(1.0, 0.1, 0.05), FcVector<3>(-0.5, 0.01, 0.02), 0.5, rhoN, rhoT,
                     false, "3D stick");
  // Slide: s > 0, ‖x‖ > μ s.
  checkAcJacobian<3>(FcVector<3>(1.0, 0.8, -0.3), FcVector<3>(0.2, 1.0, 0.5), 0.3, rhoN, rhoT,
                     false, "3D slide");
  // s <= 0 with ‖x‖ large.
  checkAcJacobian<3>(FcVector<3>(0.1, 2.0, 1.0), FcVector<3>(1.0, -3.0, 2.0), 0.3, rhoN, rhoT,
                     false, "3D s<0, |x| large");
  // 2D, same branches.
  checkAcJacobian<2>(FcVector<2>(0.1, 0.01), FcVector<2>(1.0, 0.05), 0.5, rhoN, rhoT, false,
                     "2D s<0");
  checkAcJacobian<2>(FcVector<2>(1.0, 0.1), FcVector<2>(-0.5, 0.01), 0.5, rhoN, rhoT, false,
                     "2D stick");
  checkAcJacobian<2>(FcVector<2>(1.0, 0.8), FcVector<2>(0.2, 1.0), 0.3, rhoN, rhoT, false,
                     "2D slide");
  checkAcJacobian<2>(FcVector<2>(0.1, 2.0), FcVector<2>(1.0, -3.0), 0.3, rhoN, rhoT, false,
                     "2D s<0, |x| large");
  // Tresca: stick, slide, take-off.
  checkAcJacobian<3>(FcVector<3>(1.0, 0.1, 0.05), FcVector<3>(-0.5, 0.01, 0.02), 0.8, rhoN, rhoT,
                     true, "3D Tresca stick");
  checkAcJacobian<3>(FcVector<3>(1.0, 0.8, -0.3), FcVector<3>(0.2, 1.0, 0.5), 0.2, rhoN, rhoT, true,
                     "3D Tresca slide");
  checkAcJacobian<3>(FcVector<3>(0.1, 2.0, 1.0), FcVector<3>(1.0, -3.0, 2.0), 0.2, rhoN, rhoT, true,
                     "3D Tresca s<0");
  checkAcJacobian<2>(FcVector<2>(1.0, 0.8), FcVector<2>(0.2, 1.0), 0.2, rhoN, rhoT, true,
                     "2D Tresca slide");
}

TEST(FcLocalAlartCurnier, ZeroExactlyAtSolutions) {
  // Stick: r interior, u = 0.
  EXPECT_LE(
      mn::alartCurnierFunction<3>(FcVector<3>(1, 0.1, 0), FcVector<3>::Zero(), 0.5, 1, 1).norm(),
      1e-15);
  // Slide: r on the boundary opposite to u_T, u_N = 0.
  EXPECT_LE(
      mn::alartCurnierFunction<3>(FcVector<3>(1, -0.3, 0), FcVector<3>(0, 2, 0), 0.3, 1, 1).norm(),
      1e-15);
  // Take-off.
  EXPECT_LE(
      mn::alartCurnierFunction<3>(FcVector<3>::Zero(), FcVector<3>(1, 2, 3), 0.3, 1, 1).norm(),
      1e-15);
  // Not a solution: sliding in the wrong direction.
  EXPECT_GT(
      mn::alartCurnierFunction<3>(FcVector<3>(1, 0.3, 0), FcVector<3>(0, 2, 0), 0.3, 1, 1).norm(),
      0.1);
}

TEST(FcLocalFischerBurmeister, JacobianMatchesFiniteDifferencesAwayFromTheNonsmoothSet) {
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> U(-2.0, 2.0);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const double mu = 0.1 + 0.4 * (U(gen) + 2.0);
    const FcVector<3> r(U(gen), U(gen), U(gen));
    const FcVector<3> u(U(gen), U(gen), U(gen));
    if (u.tail<2>().norm() < 1e-2) continue;
    // Away from the nonsmooth set: w = x∘x + y∘y well inside the Lorentz cone.
    FcVector<3> x = r;
    x[0] *= mu;
    FcVector<3> y = mn::deSaxceVelocity<3>(u, mu);
    y.tail<2>() *= mu;
    const double w0 = x.squaredNorm() + y.squaredNorm();
    const double w1 = (2.0 * (x[0] * x.tail<2>() + y[0] * y.tail<2>())).norm();
    if (w0 - w1 < 1e-2 * w0) continue;
    FcVector<3> phi;
    FcMatrix<3> A, B;
    mn::fischerBurmeisterJacobian<3>(r, u, mu, phi, A, B);
    auto fr = [&](const FcVector<3>& z) { return mn::fischerBurmeisterFunction<3>(z, u, mu); };
    auto fu = [&](const FcVector<3>& z) { return mn::fischerBurmeisterFunction<3>(r, z, mu); };
    EXPECT_LE((B - finiteDifference<3>(fr, r)).norm(), 1e-5);
    EXPECT_LE((A - finiteDifference<3>(fu, u)).norm(), 1e-5);
    // 2D.
    const FcVector<2> r2(r[0], r[1]), u2(u[0], u[1]);
    if (std::abs(u2[1]) > 1e-2) {
      FcVector<2> phi2;
      FcMatrix<2> A2, B2;
      mn::fischerBurmeisterJacobian<2>(r2, u2, mu, phi2, A2, B2);
      auto fr2 = [&](const FcVector<2>& z) { return mn::fischerBurmeisterFunction<2>(z, u2, mu); };
      auto fu2 = [&](const FcVector<2>& z) { return mn::fischerBurmeisterFunction<2>(r2, z, mu); };
      FcVector<2> xx = r2;
      xx[0] *= mu;
      FcVector<2> yy = mn::deSaxceVelocity<2>(u2, mu);
      yy[1] *= mu;
      const double v0 = xx.squaredNorm() + yy.squaredNorm();
      const double v1 = std::abs(2.0 * (xx[0] * xx[1] + yy[0] * yy[1]));
      if (v0 - v1 > 1e-2 * v0) {
        EXPECT_LE((B2 - finiteDifference<2>(fr2, r2)).norm(), 1e-5);
        EXPECT_LE((A2 - finiteDifference<2>(fu2, u2)).norm(), 1e-5);
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 100);
  // Zero at a solution (sliding contact).
  EXPECT_LE(
      mn::fischerBurmeisterFunction<3>(FcVector<3>(1, -0.3, 0), FcVector<3>(0, 2, 0), 0.3).norm(),
      1e-12);
}

TEST(FcLocalNaturalMap, JacobianMatchesFiniteDifferences) {
  std::mt19937 gen(12);
  std::uniform_real_distribution<double> U(-2.0, 2.0);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const double mu = 0.1 + 0.4 * (U(gen) + 2.0);
    const double rho = 0.5 + 0.25 * (U(gen) + 2.0);
    const FcVector<3> r(U(gen), U(gen), U(gen));
    const FcVector<3> u(U(gen), U(gen), U(gen));
    const FcVector<3> y = r - rho * mn::deSaxceVelocity<3>(u, mu);
    const double n = y.tail<2>().norm();
    if (u.tail<2>().norm() < 1e-2 || n < 1e-2 || std::abs(n - mu * y[0]) < 1e-2 ||
        std::abs(mu * n + y[0]) < 1e-2)
      continue;
    FcVector<3> F;
    FcMatrix<3> dFdr, dFdu;
    mn::naturalMapJacobian<3>(r, u, mu, rho, F, dFdr, dFdu);
    auto fr = [&](const FcVector<3>& z) { return mn::naturalMap<3>(z, u, mu, rho); };
    auto fu = [&](const FcVector<3>& z) { return mn::naturalMap<3>(r, z, mu, rho); };
    EXPECT_LE((dFdr - finiteDifference<3>(fr, r)).norm(), 1e-6);
    EXPECT_LE((dFdu - finiteDifference<3>(fu, u)).norm(), 1e-6);
    ++checked;
  }
  EXPECT_GT(checked, 50);
}

// ---------------------------------------------------------------------------
// Single-contact solvers against analytic solutions
// ---------------------------------------------------------------------------

namespace {

const mn::LocalSolverKind kAllKinds[] = {
    mn::LocalSolverKind::AlartCurnier, mn::LocalSolverKind::FischerBurmeister,
    mn::LocalSolverKind::Projection, mn::LocalSolverKind::Quartic};

template <int D>
void expectLocalSolution(const FcMatrix<D>& W, const FcVector<D>& q, double mu,
                         const FcVector<D>& expected, const char* label) {
  for (auto kind : kAllKinds) {
    FcVector<D> r = FcVector<D>::Zero();
    mn::ContactLaw law;
    law.mu = mu;
    mn::LocalSolverOptions opt;
    opt.maxIterations = kind == mn::LocalSolverKind::Projection ? 5000 : 50;
    opt.tolerance = 1e-13;
    const auto rep = mn::solveLocalContact<D>(kind, W, q, law, r, opt);
    EXPECT_TRUE(rep.converged) << label << " kind " << static_cast<int>(kind) << " error "
                               << rep.error;
    EXPECT_LE((r - expected).norm(), 1e-9)
        << label << " kind " << static_cast<int>(kind) << ": r = " << r.transpose();
  }
}

}  // namespace

TEST(FcLocalSolvers, TakeOffStickSlideWithIdentity) {
  const FcMatrix<3> I3 = FcMatrix<3>::Identity();
  expectLocalSolution<3>(I3, FcVector<3>(0.5, 1.0, -2.0), 0.3, FcVector<3>::Zero(), "take-off");
  expectLocalSolution<3>(I3, FcVector<3>(-1.0, 0.1, 0.05), 0.5, FcVector<3>(1.0, -0.1, -0.05),
                         "stick");
  // Slide: u_N = 0 → r_N = 1; u_T = r_T + q_T parallel to q_T, r_T = −μ e.
  expectLocalSolution<3>(I3, FcVector<3>(-1.0, 2.0, 0.0), 0.3, FcVector<3>(1.0, -0.3, 0.0),
                         "slide x");
  expectLocalSolution<3>(I3, FcVector<3>(-2.0, 3.0, -4.0), 0.5,
                         FcVector<3>(2.0, -1.0 * 0.6, 1.0 * 0.8), "slide oblique");
  const FcMatrix<2> I2 = FcMatrix<2>::Identity();
  expectLocalSolution<2>(I2, FcVector<2>(0.5, 1.0), 0.3, FcVector<2>::Zero(), "2D take-off");
  expectLocalSolution<2>(I2, FcVector<2>(-1.0, 0.1), 0.5, FcVector<2>(1.0, -0.1), "2D stick");
  expectLocalSolution<2>(I2, FcVector<2>(-1.0, -2.0), 0.3, FcVector<2>(1.0, 0.3), "2D slide");
}

TEST(FcLocalSolvers, SlidingWithCoupledDelassus) {
  // W = diag(2, 1, 1) with W_NT coupling 0: r_N = −q_N / 2, r_T = −μ r_N e.
  FcMatrix<3> W = FcMatrix<3>::Identity();
  W(0, 0) = 2.0;
  expectLocalSolution<3>(W, FcVector<3>(-4.0, 0.0, 5.0), 0.4, FcVector<3>(2.0, 0.0, -0.8),
                         "slide W=diag(2,1,1)");
}

TEST(FcLocalSolvers, TrescaAnalytic) {
  const FcMatrix<3> I3 = FcMatrix<3>::Identity();
  for (auto kind : kAllKinds) {
    mn::ContactLaw law;
    law.tresca = true;
    law.threshold = 0.5;
    FcVector<3> r = FcVector<3>::Zero();
    auto rep = mn::solveLocalContact<3>(kind, I3, FcVector<3>(-1.0, 2.0, 0.0), law, r);
    EXPECT_LE((r - FcVector<3>(1.0, -0.5, 0.0)).norm(), 1e-9) << static_cast<int>(kind);
    EXPECT_TRUE(rep.converged);
    // Take-off keeps the friction bounded by the threshold (r_N = 0 allowed).
    FcVector<2> r2 = FcVector<2>::Zero();
    rep = mn::solveLocalContact<2>(kind, FcMatrix<2>::Identity(), FcVector<2>(1.0, -2.0), law, r2);
    EXPECT_LE((r2 - FcVector<2>(0.0, 0.5)).norm(), 1e-9) << static_cast<int>(kind);
  }
}

TEST(FcLocalSolvers, RandomContactsAllSolversSatisfyTheLaw) {
  std::mt19937 gen(21);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  int failures[4] = {0, 0, 0, 0};
  const int trials = 300;
  for (int trial = 0; trial < trials; ++trial) {
    const FcMatrix<3> W = randomDelassus(gen, 0.1);
    const FcVector<3> q(U(gen) - 0.3, U(gen), U(gen));
    const double mu = 0.1 + 0.45 * (U(gen) + 1.0);
    int k = 0;
    for (auto kind : kAllKinds) {
      FcVector<3> r = FcVector<3>::Zero();
      mn::ContactLaw law;
      law.mu = mu;
      mn::LocalSolverOptions opt;
      opt.tolerance = 1e-12;
      const auto rep = mn::solveLocalContact<3>(kind, W, q, law, r, opt);
      const Eigen::MatrixXd Wd = W;
      const Eigen::VectorXd qd = q, rd = r;
      const Eigen::VectorXd mud = Eigen::VectorXd::Constant(1, mu);
      if (!rep.converged || !moreau::numerics::fctest::isCoulombSolution(Wd, qd, mud, 3, rd, 1e-8))
        ++failures[k];
      ++k;
    }
  }
  // Newton/closed-form solvers must always succeed; the projection fixed point
  // (budget 50 steps) may not.
  EXPECT_EQ(failures[0], 0);
  EXPECT_EQ(failures[1], 0);
  EXPECT_EQ(failures[3], 0);
  EXPECT_LE(failures[2], trials);
}

TEST(FcLocalSolvers, StickCandidateFromAStartInsideTheCone) {
  // LocalSolverOptions::stickCandidate: from a start strictly inside the cone, the Newton
  // solvers return the sticking solution −W⁻¹q in one iteration when it is in the cone (and
  // Newton's answer without the candidate); a sliding or taking-off contact goes on to Newton.
  std::mt19937 gen(5);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const mn::LocalSolverKind newtonKinds[] = {mn::LocalSolverKind::AlartCurnier,
                                             mn::LocalSolverKind::FischerBurmeister};
  int sticking = 0;
  for (int trial = 0; trial < 100; ++trial) {
    const FcMatrix<3> W = randomDelassus(gen, 0.1);
    mn::ContactLaw law;
    law.mu = 0.5;
    // Sticking solution r* (|r*_T| < μ r*_N) and q = −W r*.
    const FcVector<3> rStar(1.0 + 0.5 * U(gen), 0.15 * U(gen), 0.15 * U(gen));
    const FcVector<3> q = -(W * rStar);
    const FcVector<3> start(rStar[0] * 0.9, rStar[1] * 0.5, -rStar[2]);  // inside the cone
    ASSERT_LT(start.tail<2>().norm(), law.mu * start[0]);
    for (auto kind : newtonKinds) {
      SCOPED_TRACE(static_cast<int>(kind));
      mn::LocalSolverOptions on, off;
      off.stickCandidate = false;
      FcVector<3> rOn = start, rOff = start;
      const auto repOn = mn::solveLocalContact<3>(kind, W, q, law, rOn, on);
      const auto repOff = mn::solveLocalContact<3>(kind, W, q, law, rOff, off);
      EXPECT_TRUE(repOn.converged);
      EXPECT_TRUE(repOff.converged);
      EXPECT_EQ(repOn.iterations, 1);
      EXPECT_LE((rOn - rStar).norm(), 1e-12 * rStar.norm());
      EXPECT_LE((rOff - rStar).norm(), 1e-10 * rStar.norm());
      ++sticking;
    }
  }
  EXPECT_EQ(sticking, 200);
  // Sliding: −W⁻¹q = (1, −2, 0) is outside the cone; Newton finds (1, −μ, 0).
  // Taking off: −W⁻¹q has r_N < 0; Newton finds r = 0. Both from (1, 0.1, 0), inside the cone.
  const FcMatrix<3> I3 = FcMatrix<3>::Identity();
  mn::ContactLaw law;
  law.mu = 0.3;
  const struct {
    FcVector<3> q, expected;
  } cases[] = {{FcVector<3>(-1.0, 2.0, 0.0), FcVector<3>(1.0, -0.3, 0.0)},
               {FcVector<3>(0.5, 1.0, -2.0), FcVector<3>::Zero()}};
  for (const auto& c : cases)
    for (auto kind : newtonKinds) {
      FcVector<3> r(1.0, 0.1, 0.0);
      const auto rep = mn::solveLocalContact<3>(kind, I3, c.q, law, r);
      EXPECT_TRUE(rep.converged) << static_cast<int>(kind);
      EXPECT_LE((r - c.expected).norm(), 1e-9) << static_cast<int>(kind) << ": " << r.transpose();
    }
  // 2D ("ac" forced): sticking W = [[2, 0.5], [0.5, 1]], r* = (1, 0.2), from (0.8, −0.1).
  FcMatrix<2> W2;
  W2 << 2.0, 0.5, 0.5, 1.0;
  const FcVector<2> r2Star(1.0, 0.2);
  FcVector<2> r2(0.8, -0.1);
  mn::ContactLaw law2;
  law2.mu = 0.5;
  const auto rep2 =
      mn::solveLocalContact<2>(mn::LocalSolverKind::AlartCurnier, W2, -(W2 * r2Star), law2, r2);
  EXPECT_TRUE(rep2.converged);
  EXPECT_EQ(rep2.iterations, 1);
  EXPECT_LE((r2 - r2Star).norm(), 1e-14);
}

// ---------------------------------------------------------------------------
// Quartic closed form against a brute-force search over the sliding angle
// ---------------------------------------------------------------------------

namespace {

// Brute force: on a dense grid of θ, r_T = ρ(θ)(cos θ, sin θ) with
// ρ(θ) = −q_N/(W_NN/μ + W_NT·e) > 0; the sliding condition is u_T ∥ −e, i.e.
// the cross product e × u_T = 0 with e·u_T < 0. Sign changes are bisected.
std::vector<FcVector<3>> bruteForceSliding(const FcMatrix<3>& W, const FcVector<3>& q, double mu) {
  auto state = [&](double th, double& cross, double& along, FcVector<3>& R) {
    const double c = std::cos(th), s = std::sin(th);
    const double den = W(0, 0) / mu + W(0, 1) * c + W(0, 2) * s;
    const double rr = -q[0] / den;
    R = FcVector<3>(rr / mu, rr * c, rr * s);
    const FcVector<3> u = W * R + q;
    cross = c * u[2] - s * u[1];
    along = c * u[1] + s * u[2];
    return rr > 0.0 && std::isfinite(rr);
  };
  std::vector<FcVector<3>> out;
  const int N = 20000;
  double c0, a0;
  FcVector<3> R0;
  double th0 = -kPi;
  bool ok0 = state(th0, c0, a0, R0);
  for (int k = 1; k <= N; ++k) {
    const double th1 = -kPi + 2.0 * kPi * k / N;
    double c1, a1;
    FcVector<3> R1;
    const bool ok1 = state(th1, c1, a1, R1);
    if (ok0 && ok1 && ((c0 <= 0.0 && c1 > 0.0) || (c0 >= 0.0 && c1 < 0.0))) {
      double lo = th0, hi = th1, clo = c0;
      for (int it = 0; it < 80; ++it) {
        const double mid = 0.5 * (lo + hi);
        double cm, am;
        FcVector<3> Rm;
        state(mid, cm, am, Rm);
        if ((cm <= 0.0) == (clo <= 0.0)) {
          lo = mid;
          clo = cm;
        } else {
          hi = mid;
        }
      }
      double cm, am;
      FcVector<3> Rm;
      if (state(0.5 * (lo + hi), cm, am, Rm) && am < 0.0 &&
          std::abs(cm) <= 1e-8 * (1.0 + (W * Rm + q).norm()))
        out.push_back(Rm);
    }
    th0 = th1;
    c0 = c1;
    a0 = a1;
    R0 = R1;
    ok0 = ok1;
  }
  return out;
}

}  // namespace

TEST(FcLocalQuartic, MatchesBruteForceOnRandomContacts) {
  std::mt19937 gen(31);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  int withSliding = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const FcMatrix<3> W = randomDelassus(gen, 0.2);
    const FcVector<3> q(-0.2 - std::abs(U(gen)), 2.0 * U(gen), 2.0 * U(gen));
    const double mu = 0.1 + 0.45 * (U(gen) + 1.0);
    FcVector<3> cands[5];
    const int n = mn::quarticSlidingCandidates(W, q, mu, cands);
    const auto brute = bruteForceSliding(W, q, mu);
    if (!brute.empty()) ++withSliding;
    for (const auto& b : brute) {
      double best = 1e300;
      for (int k = 0; k < n; ++k) best = std::min(best, (cands[k] - b).norm());
      EXPECT_LE(best, 1e-6 * (1.0 + b.norm()))
          << "trial " << trial << ": brute-force root " << b.transpose() << " missed";
    }
    // Every candidate is a genuine sliding solution.
    for (int k = 0; k < n; ++k) {
      const FcVector<3> u = W * cands[k] + q;
      EXPECT_NEAR(u[0], 0.0, 1e-8 * (1.0 + q.norm()));
      EXPECT_NEAR(cands[k].tail<2>().norm(), mu * cands[k][0], 1e-10 * (1.0 + cands[k].norm()));
      EXPECT_LE(mn::contactErrorSquared<3>(cands[k], u, mu), 1e-16 * (1.0 + q.squaredNorm()));
    }
    // The closed-form solver returns a solution.
    FcVector<3> r = FcVector<3>::Zero();
    mn::ContactLaw law;
    law.mu = mu;
    const auto rep = mn::solveLocalContact<3>(mn::LocalSolverKind::Quartic, W, q, law, r);
    EXPECT_TRUE(rep.converged) << rep.error;
  }
  EXPECT_GT(withSliding, 10);
}

// A diverged iterate whose norms overflow must not be measured as converged
// (sqrt(sum)/‖r‖ with ‖r‖ = inf would give 0).
TEST(FcLocalError, OverflowingIterateIsNotConverged) {
  Eigen::MatrixXd W = Eigen::MatrixXd::Identity(3, 3);
  mn::FrictionContactProblem problem(3, mn::Matrix(W), Eigen::Vector3d(-1, 0, 0),
                                     Eigen::VectorXd::Constant(1, 0.5));
  Eigen::VectorXd r = Eigen::Vector3d(1e300, 1e300, 0), u(3);
  const double err = mn::fcComputeError(problem, r, u);
  EXPECT_FALSE(err <= 1e-8) << "error " << err;
}
