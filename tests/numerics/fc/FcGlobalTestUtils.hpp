#pragma once
// Test problems and independent checks for the global friction-contact
// solvers (tests/numerics/fc/test_global_*.cpp). The checks use only the data
// (W, q, mu) and the returned r, never the library's error function.

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace moreau::numerics::test {

/// Stacks of rigid bodies (6 dof each, diagonal mass matrix) resting on the
/// ground, contact normals e_z, `pointsPerInterface` contact points between
/// consecutive bodies of a stack and between the lowest body and the ground.
/// W = H M⁻¹ Hᵀ, q = H v_free with a downward v_free, mu in [0.1, 1].
/// dimension 3: r = (r_N, r_T1, r_T2); dimension 2: planar bodies (3 dof: x, z,
/// rotation about y), r = (r_N, r_T).
/// pointsPerInterface <= 2 (3D: non-collinear pairs keep W full rank only for
/// 1 point; 2 points give rank ≤ 6 per body) — with 4 the W is rank deficient.
struct StackProblem {
  FrictionContactProblem problem;
  Eigen::MatrixXd H;  // contacts × dofs
  int dofs = 0;
};

inline StackProblem makeStackProblem(int dimension, int stacks, int height, int pointsPerInterface,
                                     unsigned seed, bool sparseBlock) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const int bd = dimension == 3 ? 6 : 3;  // dofs per body
  const int nb = stacks * height;
  const int interfaces = stacks * height;  // ground + between bodies
  const int nc = interfaces * pointsPerInterface;
  const int d = dimension;
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(d * nc, bd * nb);
  Eigen::VectorXd minv(bd * nb);
  for (int b = 0; b < nb; ++b) {
    const double m = 1.0 + 0.5 * (U(gen) + 1.0);
    for (int k = 0; k < bd; ++k) {
      const bool trans = dimension == 3 ? k < 3 : k < 2;
      const double inertia = m * (0.1 + 0.05 * (U(gen) + 1.0));
      minv[bd * b + k] = 1.0 / (trans ? m : inertia);
    }
  }
  int c = 0;
  for (int s = 0; s < stacks; ++s) {
    for (int level = 0; level < height; ++level) {
      const int upper = s * height + level;           // body above the interface
      const int lower = level == 0 ? -1 : upper - 1;  // -1: ground
      for (int p = 0; p < pointsPerInterface; ++p, ++c) {
        // contact point relative to the centres (half size 0.5 box, point below upper body)
        const double px = 0.4 * U(gen), py = 0.4 * U(gen);
        // relative velocity u = (v_upper + ω_upper × a) − (v_lower + ω_lower × b)
        auto addBody = [&](int body, double sign, double ax, double ay, double az) {
          if (body < 0) return;
          const int o = bd * body;
          if (dimension == 3) {
            const Eigen::Vector3d a(ax, ay, az);
            const Eigen::Vector3d e[3] = {Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitX(),
                                          Eigen::Vector3d::UnitY()};
            for (int k = 0; k < 3; ++k) {
              // e·(v + ω × a) = e·v + ω·(a × e)
              H.block(d * c + k, o, 1, 3) += sign * e[k].transpose();
              H.block(d * c + k, o + 3, 1, 3) += sign * a.cross(e[k]).transpose();
            }
          } else {
            // planar: dofs (vx, vz, ω about y); point a = (ax, az); v_point = v + ω × a with
            // ω along y: ω × (ax, 0, az) = (ω az, 0, −ω ax)
            H(d * c + 0, o + 1) += sign;  // normal = z
            H(d * c + 0, o + 2) += sign * (-ax);
            H(d * c + 1, o + 0) += sign;  // tangent = x
            H(d * c + 1, o + 2) += sign * az;
          }
        };
        addBody(upper, +1.0, px, py, -0.5);
        addBody(lower, -1.0, px, py, +0.5);
      }
    }
  }
  const Eigen::MatrixXd W = H * minv.asDiagonal() * H.transpose();
  // free velocity: falling (−1 along z) plus noise, the upper bodies faster
  Eigen::VectorXd vfree(bd * nb);
  for (int b = 0; b < nb; ++b) {
    for (int k = 0; k < bd; ++k) vfree[bd * b + k] = 0.3 * U(gen);
    vfree[bd * b + (dimension == 3 ? 2 : 1)] = -1.0 - 0.5 * (U(gen) + 1.0);
  }
  Eigen::VectorXd q = H * vfree;
  Eigen::VectorXd mu(nc);
  for (int i = 0; i < nc; ++i) mu[i] = 0.1 + 0.45 * (U(gen) + 1.0);
  Matrix Wm(W);
  if (sparseBlock) {
    std::vector<Eigen::Index> sizes(static_cast<std::size_t>(nc), d);
    Wm = Matrix(Wm.toSparseBlock(sizes, sizes));
  }
  StackProblem sp{FrictionContactProblem(dimension, std::move(Wm), std::move(q), std::move(mu)), H,
                  bd * nb};
  return sp;
}

/// Independent check of the Coulomb law: r_i ∈ K_μ, ũ_i ∈ K_μ*, |r_i·ũ_i|
/// small, all relative to scale = max(‖q‖, ‖r‖, ‖u‖) (1 when that is below
/// DBL_EPSILON), u = W r + q computed densely here.
inline ::testing::AssertionResult isCoulombSolution(const FrictionContactProblem& p,
                                                    const Eigen::VectorXd& r, double tol) {
  const int d = p.dimension();
  if (r.size() != p.size()) return ::testing::AssertionFailure() << "r has the wrong size";
  if (!r.allFinite()) return ::testing::AssertionFailure() << "r is not finite";
  const Eigen::VectorXd u = p.W().toDense() * r + p.q();
  // as in the Siconos measure: relative to the data scale, absolute when it is ~0
  double scale = std::max({p.q().norm(), r.norm(), u.norm()});
  if (!(scale > 2.220446049250313e-16)) scale = 1.0;
  for (Eigen::Index i = 0; i < p.numberOfContacts(); ++i) {
    const double mu = p.mu()[i];
    const Eigen::VectorXd ri = r.segment(d * i, d);
    const Eigen::VectorXd ui = u.segment(d * i, d);
    const double rT = ri.tail(d - 1).norm();
    const double uT = ui.tail(d - 1).norm();
    const double utN = ui[0] + mu * uT;  // De Saxcé normal velocity
    if (rT > mu * ri[0] + tol * scale) {
      return ::testing::AssertionFailure()
             << "contact " << i << ": r not in the cone (‖r_T‖ = " << rT
             << ", μ r_N = " << mu * ri[0] << ")";
    }
    if (mu * uT > utN + tol * scale) {
      return ::testing::AssertionFailure()
             << "contact " << i << ": ũ not in the dual cone (μ‖u_T‖ = " << mu * uT
             << ", ũ_N = " << utN << ")";
    }
    const double comp = ri[0] * utN + ri.tail(d - 1).dot(ui.tail(d - 1));
    if (std::abs(comp) > tol * scale * scale) {
      return ::testing::AssertionFailure() << "contact " << i << ": r·ũ = " << comp
                                           << " not complementary (scale " << scale << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

}  // namespace moreau::numerics::test
