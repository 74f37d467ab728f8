#pragma once
// Internal: semismooth Newton engine shared by MLCP "newton-fb" and Relay
// "newton" (not installed). Solves Φ(z) = 0 where Φ depends on z and
// w = M z + q, with a generalized Jacobian of the form J = diag(a) + diag(b) M.

#include <moreau/numerics/Matrix.hpp>
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>

#include <Eigen/Dense>
#include <functional>

namespace moreau::numerics::mlcp_detail {

/// Computes Φ(z, w) and the Jacobian coefficients a, b (J = diag(a) + diag(b) M).
using NewtonResidual =
    std::function<void(const Eigen::VectorXd& z, const Eigen::VectorXd& w, Eigen::VectorXd& phi,
                       Eigen::VectorXd& a, Eigen::VectorXd& b)>;
/// The problem's error measure of z (stopping test).
using NewtonError = std::function<double(const Eigen::VectorXd& z)>;

/// Newton direction from J d = −Φ (dense LU, or sparse LU when M is not dense
/// and large), Armijo backtracking on ψ = ½‖Φ‖², gradient direction −Jᵀ Φ when
/// the Newton system is singular or its direction is not a descent direction.
/// Stops when error(z) <= tolerance, on the iteration budget (MaxIterations), or
/// Failed when the line search fails or ψ stalls. Sets iterations, status and
/// message; the caller sets the final error.
SolverResult semismoothNewton(const Matrix& M, const Eigen::VectorXd& q, Eigen::VectorXd& z,
                              const SolverOptions& options, const char* name,
                              const NewtonResidual& residual, const NewtonError& error);

}  // namespace moreau::numerics::mlcp_detail
