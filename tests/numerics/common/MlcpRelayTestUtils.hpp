#pragma once
// Independent checks and random generators for MLCP and Relay tests: the
// checks use only the problem data (never the library's error functions).

#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>
#include <moreau/numerics/relay/RelayProblem.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <random>

namespace moreau::numerics::test {

namespace detail {
inline double dataScale(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                        const Eigen::VectorXd& z) {
  const double zmax = z.size() ? z.cwiseAbs().maxCoeff() : 0.0;
  return 1.0 + (M.size() ? M.cwiseAbs().maxCoeff() : 0.0) * zmax +
         (q.size() ? q.cwiseAbs().maxCoeff() : 0.0);
}
}  // namespace detail

/// Equality rows: |w_i| small; complementarity rows: z_i >= 0, w_i >= 0,
/// |z_i w_i| small; all relative to the data scale max|M| max|z| + max|q|.
inline ::testing::AssertionResult isMlcpSolution(const MixedLinearComplementarityProblem& p,
                                                 const Eigen::VectorXd& z, double tol) {
  const Eigen::MatrixXd M = p.M().toDense();
  const Eigen::VectorXd& q = p.q();
  if (z.size() != q.size()) return ::testing::AssertionFailure() << "z has the wrong size";
  if (!z.allFinite()) return ::testing::AssertionFailure() << "z is not finite";
  const Eigen::VectorXd w = M * z + q;
  const double zmax = z.size() ? z.cwiseAbs().maxCoeff() : 0.0;
  const double scale = detail::dataScale(M, q, z);
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    if (!p.isComplementarityRow(i)) {
      if (std::abs(w[i]) > tol * scale) {
        return ::testing::AssertionFailure()
               << "equality row " << i << ": w = " << w[i] << " (scale " << scale << ")";
      }
      continue;
    }
    if (z[i] < -tol * (1.0 + zmax)) {
      return ::testing::AssertionFailure() << "z[" << i << "] = " << z[i] << " < 0";
    }
    if (w[i] < -tol * scale) {
      return ::testing::AssertionFailure() << "w[" << i << "] = " << w[i] << " < 0";
    }
    if (std::abs(z[i] * w[i]) > tol * scale * (1.0 + zmax)) {
      return ::testing::AssertionFailure()
             << "z[" << i << "] * w[" << i << "] = " << z[i] * w[i] << " not complementary";
    }
  }
  return ::testing::AssertionSuccess();
}

/// lb <= z <= ub, and w_i > 0 only at z_i = lb_i, w_i < 0 only at z_i = ub_i
/// (relative tolerances as above).
inline ::testing::AssertionResult isRelaySolution(const RelayProblem& p, const Eigen::VectorXd& z,
                                                  double tol) {
  const Eigen::MatrixXd M = p.M().toDense();
  const Eigen::VectorXd& q = p.q();
  if (z.size() != q.size()) return ::testing::AssertionFailure() << "z has the wrong size";
  if (!z.allFinite()) return ::testing::AssertionFailure() << "z is not finite";
  const Eigen::VectorXd w = M * z + q;
  const double zmax = z.size() ? z.cwiseAbs().maxCoeff() : 0.0;
  const double tolw = tol * detail::dataScale(M, q, z);
  const double tolz = tol * (1.0 + zmax);
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    const double lb = p.lb()[i];
    const double ub = p.ub()[i];
    if (z[i] < lb - tolz || z[i] > ub + tolz) {
      return ::testing::AssertionFailure()
             << "z[" << i << "] = " << z[i] << " outside [" << lb << ", " << ub << "]";
    }
    if (w[i] > tolw && z[i] - lb > tolz) {
      return ::testing::AssertionFailure()
             << "w[" << i << "] = " << w[i] << " > 0 but z = " << z[i] << " above lb = " << lb;
    }
    if (w[i] < -tolw && ub - z[i] > tolz) {
      return ::testing::AssertionFailure()
             << "w[" << i << "] = " << w[i] << " < 0 but z = " << z[i] << " below ub = " << ub;
    }
  }
  return ::testing::AssertionSuccess();
}

/// Symmetric positive definite M = G Gᵀ / size + I (well conditioned) of the
/// given size with the first nEq rows equalities; q uniform in [-5, 5].
inline MixedLinearComplementarityProblem randomSpdMlcp(int size, int nEq, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd G(size, size);
  for (int j = 0; j < size; ++j)
    for (int i = 0; i < size; ++i) G(i, j) = u(gen);
  Eigen::MatrixXd M = G * G.transpose() / size + Eigen::MatrixXd::Identity(size, size);
  Eigen::VectorXd q(size);
  for (int i = 0; i < size; ++i) q[i] = 5.0 * u(gen);
  return MixedLinearComplementarityProblem(std::move(M), std::move(q), nEq, size - nEq);
}

/// SPD M as above; boxes: random finite [lb, ub] on most rows, one-sided or free
/// rows every 7th/11th/13th row.
inline RelayProblem randomSpdRelay(int size, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd G(size, size);
  for (int j = 0; j < size; ++j)
    for (int i = 0; i < size; ++i) G(i, j) = u(gen);
  Eigen::MatrixXd M = G * G.transpose() / size + Eigen::MatrixXd::Identity(size, size);
  Eigen::VectorXd q(size), lb(size), ub(size);
  const double inf = std::numeric_limits<double>::infinity();
  for (int i = 0; i < size; ++i) {
    q[i] = 5.0 * u(gen);
    const double c = u(gen);
    const double h = 0.1 + std::abs(u(gen));
    lb[i] = c - h;
    ub[i] = c + h;
    if (i % 7 == 3) lb[i] = -inf;
    if (i % 11 == 5) ub[i] = inf;
    if (i % 13 == 6) {
      lb[i] = -inf;
      ub[i] = inf;
    }
  }
  return RelayProblem(std::move(M), std::move(q), std::move(lb), std::move(ub));
}

}  // namespace moreau::numerics::test
