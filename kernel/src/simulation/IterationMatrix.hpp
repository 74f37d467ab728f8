#pragma once
// The θ-method iteration matrices — Lagrangian M̂ = M + hθC + h²θ²K (docs/theory/moreau-jean.md)
// and first-order W = M − hθA — their checks and factorization, shared by MoreauJeanOSI,
// MoreauJeanGOSI and EulerMoreauOSI: internal header, not installed. Used at initialize and per
// Newton iterate, never in a linear step's loop.

#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearDiagonalDS.hpp>

#include <Eigen/Dense>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "../utils/DSChecks.hpp"
#include "IntegratorChecks.hpp"

namespace moreau::detail {

/// M̂ = m + hθc + h²θ²k of a LagrangianLinearDiagonalDS, entry by entry. Throws ModelError
/// "WHO: the diagonal iteration matrix m + hθc + h²θ²k (size n) of SYSTEM is singular or not
/// finite at entry i (value)" when an entry is not finite or |m̂_i| ≤ n·ε·max|m̂|.
inline Eigen::VectorXd diagonalIterationMatrix(const char* who,
                                               const LagrangianLinearDiagonalDS& ds, double h,
                                               double theta) {
  const Eigen::Index n = ds.ndof();
  const Eigen::VectorXd mhat = ds.massDiagonal() + h * theta * ds.dampingDiagonal() +
                               h * h * theta * theta * ds.stiffnessDiagonal();
  const double scale = mhat.cwiseAbs().maxCoeff();
  for (Eigen::Index i = 0; i < n; ++i)
    if (!std::isfinite(mhat(i)) ||
        !(std::abs(mhat(i)) >
          static_cast<double>(n) * std::numeric_limits<double>::epsilon() * scale)) {
      std::ostringstream os;
      os << who << ": the diagonal iteration matrix m + hθc + h²θ²k (size " << n << ") of "
         << ds.description() << " is singular or not finite at entry " << i << " (" << mhat(i)
         << ")";
      throw ModelError(os.str());
    }
  return mhat;
}

/// The terms that make a plain LagrangianDS nonlinear for the Moreau–Jean integrators, e.g.
/// "a state-dependent mass M(q), internal forces F_int(t, q, v)"; empty when it has none.
inline std::string nonlinearTerms(const LagrangianDS& ds) {
  std::string what;
  const auto add = [&what](const char* item) {
    what += (what.empty() ? "" : ", ") + std::string(item);
  };
  if (!ds.hasConstantMass()) add("a state-dependent mass M(q)");
  if (ds.hasFInt()) add("internal forces F_int(t, q, v)");
  if (ds.hasNNL()) add("nonlinear inertia terms N(q, v)");
  return what;
}

/// Throws ModelError "WHO: the iteration matrix NAME (n x n) of SYSTEM is singular[ at t = T]
/// (smallest LU pivot / largest entry = r)" when a pivot of lu, the LU of W, is negligible
/// (≤ n·ε) against W's largest entry (Eigen's rcond estimate is unreliable for an exactly
/// singular LU). `name` may be empty ("the iteration matrix (n x n) of ..."); `t`, when given,
/// is the time of the evaluation.
inline void checkLuPivots(const char* who, const char* name, const Eigen::MatrixXd& W,
                          const Eigen::PartialPivLU<Eigen::MatrixXd>& lu,
                          const DynamicalSystem& system, const double* t = nullptr) {
  const Eigen::Index n = W.rows();
  const double ratio = luPivotRatio(W, lu);
  if (ratio > static_cast<double>(n) * std::numeric_limits<double>::epsilon()) return;
  std::ostringstream os;
  os << who << ": the iteration matrix " << name << (*name ? " " : "") << "(" << n << "x"
     << W.cols() << ") of " << system.description() << " is singular";
  if (t) os << " at t = " << *t;
  os << " (smallest LU pivot / largest entry = " << ratio << ")";
  throw ModelError(os.str());
}

/// Factorizes W: Cholesky when W equals its transpose bit for bit (LLT reads one triangle: a
/// non-symmetric K or C, e.g. gyroscopic terms, goes to LU) and is positive definite, else LU.
/// Returns true for Cholesky. No singularity check (factorizeIterationMatrix has one).
inline bool choleskyOrLu(const Eigen::MatrixXd& W, Eigen::LLT<Eigen::MatrixXd>& llt,
                         Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
  if (exactlySymmetric(W)) {
    llt.compute(W);
    if (llt.info() == Eigen::Success) return true;
  }
  lu.compute(W);
  return false;
}

/// choleskyOrLu, then checkLuPivots when it took the LU. Returns true for Cholesky.
inline bool factorizeIterationMatrix(const char* who, const char* name, const Eigen::MatrixXd& W,
                                     const DynamicalSystem& system,
                                     Eigen::LLT<Eigen::MatrixXd>& llt,
                                     Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
  if (choleskyOrLu(W, llt, lu)) return true;
  checkLuPivots(who, name, W, lu, system);
  return false;
}

}  // namespace moreau::detail
