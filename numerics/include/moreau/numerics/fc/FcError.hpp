#pragma once
// Error measures of the friction-contact problem (exactly Siconos's
// fc3d_compute_error / fc2d_compute_error, see docs/numerics/friction-contact-local.md).

#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <vector>

namespace moreau::numerics {

/// Siconos FC2D/FC3D error: u is recomputed as W r + q (written to u), then
/// err = sqrt(Σ_i ‖r_i − P_{K_μi}(r_i − (u_i + μ_i‖u_{T,i}‖ e_N))‖²)
///       / max(‖q‖, ‖r‖, ‖u‖),
/// the division only when that scale exceeds DBL_EPSILON. Returns +inf when r
/// or u is not finite. Throws std::invalid_argument when r has the wrong size. threads: for the
/// sum (fcErrorSquaredSum; the same value for every count).
double fcComputeError(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                      Eigen::VectorXd& u, unsigned threads = 1);

/// The unscaled sum Σ_i ‖r_i − P_{K_μi}(r_i − ũ_i)‖² for a given u (not recomputed), by chunks of
/// contacts fixed by their number (≥ 256 each, ≤ 64 chunks; one chunk: the sum in contact
/// order), the chunks' sums added in order: the same bits for every thread count.
double fcErrorSquaredSum(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                         const Eigen::VectorXd& u, unsigned threads = 1);

/// Tresca error (Siconos's fc3d Tresca measure): u = W r + q recomputed,
/// err = sqrt(Σ_i ‖r_i − P_{C_i}(r_i − u_i)‖²) / ‖q‖ (division when ‖q‖ >
/// DBL_EPSILON), C_i = {r_N >= 0, ‖r_T‖ <= thresholds[i]}. thresholds has one
/// entry per contact (std::invalid_argument otherwise).
double fcComputeErrorTresca(const FrictionContactProblem& problem,
                            const std::vector<double>& thresholds, const Eigen::VectorXd& r,
                            Eigen::VectorXd& u);

}  // namespace moreau::numerics
