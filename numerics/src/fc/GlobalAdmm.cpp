// ADMM on the De Saxcé-corrected convex relaxation, and the name list /
// dispatcher of the global solvers. See docs/numerics/friction-contact-global.md.
#include "FcStall.hpp"
#include "GlobalCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/fc/GlobalSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace fcglobal {
namespace {

// Splitting: min ½ rᵀWr + (q + s)ᵀr + I_K(z) subject to r = z, with s = μ‖u_T‖e_N
// the De Saxcé term refreshed every iteration from u = W z + q, penalty
// P = κ diag(d_i I) (d_i = 1/min(ρ_N, ρ_T) of contact i, κ balanced):
//   r ← (W + P)⁻¹ (−(q + s) + P (z − ξ)),  z ← P_K(r + ξ),  ξ ← ξ + r − z.
// At a fixed point ũ = W z + q + s = −P ξ ∈ K* and ξ ∈ N_K(z): the Coulomb law.
template <int D>
SolverResult admm(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                  const SolverOptions& options) {
  const char* name = "admm";
  options.validate();
  prepareWarmStart(problem, r);
  if (problem.numberOfContacts() == 0) return finish(problem, r, u, options, name, 0, false, "");
  const BlockedW W(problem);
  const Index n = problem.size();
  const Index nc = problem.numberOfContacts();
  const Eigen::VectorXd& q = problem.q();
  const Eigen::VectorXd& mu = problem.mu();
  const double normQ = q.norm();
  Eigen::VectorXd rho, rhoContact;
  splitSpectralNormRho<D>(W, options.fcRho, 0.0, rho, rhoContact);
  Eigen::VectorXd d(nc);
  for (Index i = 0; i < nc; ++i) d[i] = 1.0 / rhoContact[i];
  Eigen::VectorXd z(n), zOld(n), xi(n), uz(n), ut(n), rhs(n), x(n), best(n), tmp(n);
  Eigen::MatrixXd A(D, n), B(D, n);
  for (Index i = 0; i < nc; ++i) A.template middleCols<D>(D * i).setIdentity();
  JacobianSystem<D> system(W, chooseLinearSolver(options, problem));
  double kappa = 1.0;
  auto refactor = [&]() {
    for (int attempt = 0; attempt < 8; ++attempt) {
      for (Index i = 0; i < nc; ++i) {
        B.template middleCols<D>(D * i) = (kappa * d[i]) * FcMatrix<D>::Identity();
      }
      system.assemble(A, B, 0.0);
      if (system.factorize()) return true;
      kappa *= 10.0;
    }
    return false;
  };
  bool brokeDown = false;
  std::string message;
  if (!refactor()) {
    return finish(problem, r, u, options, name, 0, true, "W + rho I could not be factorized");
  }
  // warm start: z = P_K(r), ξ = −P_{K*}(ũ(z)) / (κ d_i) (exact at a solution)
  projectAll<D>(r, mu, z);
  W.multiply(z, uz);
  uz += q;
  deSaxceAll<D>(uz, mu, ut);
  for (Index i = 0; i < nc; ++i) {
    const FcVector<D> ui = ut.template segment<D>(D * i);
    const FcVector<D> dual = ui + projectOnCone<D>(-ui, mu[i]);  // P_{K*}(ũ)
    xi.template segment<D>(D * i) = -dual / (kappa * d[i]);
  }
  double bestError = std::numeric_limits<double>::infinity();
  int it = 0, rebalances = 0;
  fcdetail::StallDetector stall(options.fcStallWindow, options.fcStallFactor,
                                options.maxIterations + 1);
  for (;; ++it) {
    const double err = siconosError<D>(z, uz, mu, normQ);
    if (err < bestError) {
      bestError = err;
      best = z;
    }
    if (options.verbosity >= 2 && it % 50 == 0) {
      std::fprintf(stderr, "[admm] it %d error %.3e kappa %.3e\n", it, err, kappa);
    }
    if (err <= options.tolerance || it >= options.maxIterations) break;
    if (!std::isfinite(err)) {
      brokeDown = true;
      message = "non-finite iterate";
      break;
    }
    if (stall.record(it, err)) {
      message = stall.message();
      break;
    }
    // r-update: rhs = −(q + s) + P (z − ξ), s = ũ − u
    for (Index i = 0; i < nc; ++i) {
      rhs.template segment<D>(D * i) =
          -(q.template segment<D>(D * i) + ut.template segment<D>(D * i) -
            uz.template segment<D>(D * i)) +
          (kappa * d[i]) * (z.template segment<D>(D * i) - xi.template segment<D>(D * i));
    }
    if (!system.solve(rhs, x)) {
      brokeDown = true;
      message = "linear solve failed";
      break;
    }
    zOld.swap(z);
    tmp = x + xi;
    projectAll<D>(tmp, mu, z);
    xi += x - z;
    W.multiply(z, uz);
    uz += q;
    deSaxceAll<D>(uz, mu, ut);
    // residual balancing (every 10 iterations, at most 60 times)
    if (it % 10 == 9 && rebalances < 60) {
      double primal = (x - z).norm();
      double dual = 0.0;
      for (Index i = 0; i < nc; ++i) {
        dual += std::pow(kappa * d[i], 2) *
                (z.template segment<D>(D * i) - zOld.template segment<D>(D * i)).squaredNorm();
      }
      dual = std::sqrt(dual);
      const double scaleP = std::max({x.norm(), z.norm(), 1e-300});
      double scaleD = 0.0;
      for (Index i = 0; i < nc; ++i) {
        scaleD += std::pow(kappa * d[i], 2) * xi.template segment<D>(D * i).squaredNorm();
      }
      scaleD = std::max(std::sqrt(scaleD), 1e-300);
      primal /= scaleP;
      dual /= scaleD;
      double factor = 1.0;
      if (primal > 10.0 * dual && kappa < 1e2) factor = 2.0;
      if (dual > 10.0 * primal && kappa > 1e-2) factor = 0.5;
      if (factor != 1.0) {
        ++rebalances;
        kappa *= factor;
        xi /= factor;
        if (!refactor()) {
          brokeDown = true;
          message = "W + rho I could not be factorized";
          break;
        }
      }
    }
  }
  r = z;
  const double finalError = siconosError<D>(z, uz, mu, normQ);
  if (!(finalError <= bestError) && std::isfinite(bestError)) r = best;
  if (options.verbosity >= 1) {
    std::fprintf(stderr, "[admm] %d iterations, error %.3e, %d rebalances\n", it,
                 std::min(finalError, bestError), rebalances);
  }
  return finish(problem, r, u, options, name, it, brokeDown, message);
}

}  // namespace
}  // namespace fcglobal

SolverResult fcAdmm(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options) {
  return problem.dimension() == 2 ? fcglobal::admm<2>(problem, r, u, options)
                                  : fcglobal::admm<3>(problem, r, u, options);
}

namespace {
// The names of fcGlobalSolverNames(), without building strings (the "auto"
// chain of solveFrictionContact asks isFcGlobalSolverName at every step).
constexpr const char* kGlobalSolverNames[] = {"newton-ac", "newton-fb",  "newton-nm", "fpp",
                                              "eg",        "desaxce-fp", "prox",      "admm"};
}  // namespace

std::vector<std::string> fcGlobalSolverNames() {
  return std::vector<std::string>(std::begin(kGlobalSolverNames), std::end(kGlobalSolverNames));
}

bool isFcGlobalSolverName(const std::string& name) {
  const std::string n = normalizeSolverName(name);
  for (const char* s : kGlobalSolverNames) {
    if (n == s) return true;
  }
  return false;
}

SolverResult solveFrictionContactGlobal(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                        Eigen::VectorXd& u, const SolverOptions& options) {
  const std::string n = normalizeSolverName(options.solver);
  if (n == "newton-ac") return fcNewtonAlartCurnier(problem, r, u, options);
  if (n == "newton-fb") return fcNewtonFischerBurmeister(problem, r, u, options);
  if (n == "newton-nm") return fcNewtonNaturalMap(problem, r, u, options);
  if (n == "fpp") return fcFixedPointProjection(problem, r, u, options);
  if (n == "eg") return fcExtraGradient(problem, r, u, options);
  if (n == "desaxce-fp") return fcDeSaxceFixedPoint(problem, r, u, options);
  if (n == "prox") return fcProximalPoint(problem, r, u, options);
  if (n == "admm") return fcAdmm(problem, r, u, options);
  throw std::invalid_argument(
      unknownSolverMessage("solveFrictionContactGlobal", options.solver, fcGlobalSolverNames()));
}

}  // namespace moreau::numerics
