#pragma once
// Independent checks for LCP solutions used by the numerics tests: they do not
// call the library's error function, only the problem data.

#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <random>
#include <string>

namespace moreau::numerics::test {

/// Checks z >= 0, w = M z + q >= 0 and |z_i w_i| small, all relative to the
/// data scale (max |M| * max|z| + max |q|).
inline ::testing::AssertionResult isLcpSolution(const LinearComplementarityProblem& p,
                                                const Eigen::VectorXd& z, double tol) {
  const Eigen::MatrixXd M = p.M().toDense();
  const Eigen::VectorXd& q = p.q();
  if (z.size() != q.size()) return ::testing::AssertionFailure() << "z has the wrong size";
  if (!z.allFinite()) return ::testing::AssertionFailure() << "z is not finite";
  const Eigen::VectorXd w = M * z + q;
  const double zmax = z.size() ? z.cwiseAbs().maxCoeff() : 0.0;
  const double scale = 1.0 + (M.size() ? M.cwiseAbs().maxCoeff() : 0.0) * zmax +
                       (q.size() ? q.cwiseAbs().maxCoeff() : 0.0);
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    if (z[i] < -1e-10 * (1.0 + zmax)) {
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

/// M = A A^T + I (symmetric positive definite, hence a P-matrix), q random.
inline LinearComplementarityProblem randomSpdLcp(int n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) A(i, j) = u(gen);
  Eigen::MatrixXd M = A * A.transpose() + Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = 5.0 * u(gen);
  return LinearComplementarityProblem(std::move(M), std::move(q));
}

inline std::string dataDir() { return MOREAU_TEST_DATA_DIR; }

}  // namespace moreau::numerics::test
