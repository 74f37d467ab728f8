#pragma once
// Independent checks and random problems for the fc-local tests
// (tests/numerics/fc/test_fc_local*.cpp, test_fc_nsgs.cpp). The checks use only
// (W, q, mu) and the returned r, never the library's error function.

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

namespace moreau::numerics::fctest {

/// Coulomb law checked contact by contact: r ∈ K_μ, u_N >= 0, r_N u_N = 0,
/// sliding (‖u_T‖ > 0) ⇒ ‖r_T‖ = μ r_N and r_T = −‖r_T‖ u_T/‖u_T‖; contact
/// (r_N > 0) ⇒ u_N = 0. Tolerances relative to the data scale
/// s = 1 + max|W| max|r| + max|q|.
inline ::testing::AssertionResult isCoulombSolution(const Eigen::MatrixXd& W,
                                                    const Eigen::VectorXd& q,
                                                    const Eigen::VectorXd& mu, int d,
                                                    const Eigen::VectorXd& r, double tol) {
  if (r.size() != q.size()) return ::testing::AssertionFailure() << "r has the wrong size";
  if (!r.allFinite()) return ::testing::AssertionFailure() << "r is not finite";
  const Eigen::VectorXd u = W * r + q;
  const double rmax = r.size() ? r.cwiseAbs().maxCoeff() : 0.0;
  const double s = 1.0 + (W.size() ? W.cwiseAbs().maxCoeff() : 0.0) * rmax +
                   (q.size() ? q.cwiseAbs().maxCoeff() : 0.0);
  const double t = tol * s;
  for (Eigen::Index i = 0; i < mu.size(); ++i) {
    const double rN = r[d * i], uN = u[d * i];
    const Eigen::VectorXd rT = r.segment(d * i + 1, d - 1);
    const Eigen::VectorXd uT = u.segment(d * i + 1, d - 1);
    const double m = mu[i];
    auto fail = [&](const std::string& what) {
      return ::testing::AssertionFailure()
             << "contact " << i << ": " << what << " (r = " << r.segment(d * i, d).transpose()
             << ", u = " << u.segment(d * i, d).transpose() << ", mu = " << m << ", tol " << t
             << ")";
    };
    if (rN < -t) return fail("r_N < 0");
    if (rT.norm() > m * rN + t) return fail("r outside the cone");
    if (uN < -t) return fail("u_N < 0");
    if (std::abs(rN * uN) > t * (1.0 + std::abs(rN) + std::abs(uN))) return fail("r_N u_N != 0");
    if (rN > t && std::abs(uN) > t) return fail("contact with u_N != 0");
    if (uT.norm() > t && rN > t) {
      if (std::abs(rT.norm() - m * rN) > t) return fail("sliding but not on the cone boundary");
      const Eigen::VectorXd expected = -rT.norm() * uT / uT.norm();
      if ((rT - expected).norm() > t) return fail("friction not opposed to sliding");
    }
  }
  return ::testing::AssertionSuccess();
}

/// Random multi-body problem: nb bodies (6 dof in 3D, 3 in 2D) with a diagonal
/// positive mass, nc contacts each between one or two random bodies with
/// random Jacobian blocks; W = H M⁻¹ Hᵀ, q = H v + b with a downward normal
/// component, mu in [0.1, 1].
inline FrictionContactProblem randomBodiesProblem(int d, int nb, int nc, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const int bd = d == 3 ? 6 : 3;
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(d * nc, bd * nb);
  Eigen::VectorXd minv(bd * nb);
  for (int k = 0; k < bd * nb; ++k) minv[k] = 1.0 / (0.5 + (U(gen) + 1.0));
  for (int c = 0; c < nc; ++c) {
    const int a = static_cast<int>(gen() % static_cast<unsigned>(nb));
    int b = static_cast<int>(gen() % static_cast<unsigned>(nb + 1)) - 1;  // -1: ground
    if (b == a) b = -1;
    for (int k = 0; k < d; ++k)
      for (int j = 0; j < bd; ++j) {
        H(d * c + k, bd * a + j) = U(gen) + (j == k ? 2.0 : 0.0);
        if (b >= 0) H(d * c + k, bd * b + j) = -0.5 * U(gen) - (j == k ? 1.0 : 0.0);
      }
  }
  const Eigen::MatrixXd W = H * minv.asDiagonal() * H.transpose();
  Eigen::VectorXd q(d * nc);
  for (int c = 0; c < nc; ++c) {
    q[d * c] = -0.5 + 0.8 * U(gen);
    for (int k = 1; k < d; ++k) q[d * c + k] = U(gen);
  }
  Eigen::VectorXd mu(nc);
  for (int c = 0; c < nc; ++c) mu[c] = 0.1 + 0.45 * (U(gen) + 1.0);
  return FrictionContactProblem(d, Matrix(W), q, mu);
}

/// Every contact's reaction in its Coulomb cone, up to 1e-12 (1 + |r_N|): the check of the
/// NSGS accelerations, whose iterates are projected on the cones.
inline ::testing::AssertionResult reactionsInCones(const FrictionContactProblem& p,
                                                   const Eigen::VectorXd& r) {
  const int d = p.dimension();
  for (Eigen::Index i = 0; i < p.numberOfContacts(); ++i) {
    const double rN = r[d * i];
    const double rT = r.segment(d * i + 1, d - 1).norm();
    const double slack = 1e-12 * (1.0 + std::abs(rN));
    if (rN < -slack || rT > p.mu()[i] * rN + slack)
      return ::testing::AssertionFailure() << "contact " << i << ": r_N " << rN << ", |r_T| " << rT;
  }
  return ::testing::AssertionSuccess();
}

}  // namespace moreau::numerics::fctest
