// ADMM directly on the global friction-contact problem M v = q + H r, u = Hᵀ v + b.
// See docs/numerics/global-friction-contact.md ("admm").
//
// With the De Saxcé term s = μ‖u_T‖ e_N frozen, the problem is the optimality
// system of the convex program
//   min ½ vᵀ M v − qᵀ v   subject to   ξ = Hᵀ v + b + s ∈ K*,
// whose multiplier is r ∈ K. ADMM on (v, ξ) with per-contact penalties
// P = diag(ρ_i I) and the (unscaled) multiplier r:
//   v ← (M + H P Hᵀ)⁻¹ (q + H (r − P (b + s − ξ)))
//   ũ = Hᵀ v + b + s
//   r ← P_K(r − P ũ)                  (Moreau: the multiplier update, r ∈ K)
//   ξ ← ũ − P⁻¹ (r_old − r)           (= P_{K*}(ũ − P⁻¹ r_old) ∈ K*, ξ ⊥ r)
//   s ← μ‖u_T‖ e_N
// At a fixed point ξ = ũ, r ∈ K, ũ ∈ K*, rᵀũ = 0 and M v = q + H r.
// After a step, M v − q − H r = H P (ξ̂ − ξ): the equation part of the error is
// the dual residual, the contact part follows the primal residual ũ − ξ; the
// penalty scale κ is doubled/halved every 50 iterations when one part exceeds the
// other 100-fold. Acceleration with restart on (r, ξ).
#include "FcStall.hpp"
#include "GlobalCommon.hpp"
#include "GlobalFrictionContactDetail.hpp"

#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace moreau::numerics::gfcdetail {

namespace {

using Index = Eigen::Index;

double rel(double value, double scale) { return scale > DBL_EPSILON ? value / scale : value; }

template <int D>
SolverResult admmD(const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H,
                   Eigen::VectorXd& v, Eigen::VectorXd& r, Eigen::VectorXd& u,
                   const SolverOptions& options, AdmmCache& cache) {
  const char* name = "admm";
  const Index n = problem.numberOfDofs();
  const Index m = problem.localSize();
  const Index nc = problem.numberOfContacts();
  const Eigen::VectorXd& q = problem.q;
  const Eigen::VectorXd& b = problem.b;
  const Eigen::VectorXd& mu = problem.mu;

  // Base penalty per contact: the inverse of an estimate of the Delassus diagonal
  // W_ii ≈ (1/D) Σ_{columns j of i} Σ_k H_kj² / M_kk (exact for a diagonal M).
  Eigen::VectorXd base(nc);
  {
    const Eigen::VectorXd diagM = M.diagonal().cwiseAbs();
    double mean = n > 0 ? diagM.sum() / static_cast<double>(n) : 1.0;
    if (!(mean > 0.0) || !std::isfinite(mean)) mean = 1.0;
    for (Index i = 0; i < nc; ++i) {
      double w = 0.0;
      for (Index j = D * i; j < D * i + D; ++j) {
        for (SpMat::InnerIterator it(H, j); it; ++it) {
          const double mk = diagM[it.row()] > 1e-12 * mean ? diagM[it.row()] : mean;
          w += it.value() * it.value() / mk;
        }
      }
      w /= D;
      base[i] = options.gfcAdmmRho > 0.0 ? options.gfcAdmmRho
                                         : (w > 0.0 && std::isfinite(w) ? 1.0 / w : 1.0 / mean);
    }
  }
  double kappa = 1.0;
  Eigen::VectorXd pcol(m);  // penalty per component
  auto setPenalty = [&]() {
    for (Index i = 0; i < nc; ++i) pcol.template segment<D>(D * i).setConstant(kappa * base[i]);
  };
  auto refactor = [&]() {
    for (int attempt = 0; attempt < 6; ++attempt) {
      setPenalty();
      // H P Hᵀ = Σ_j p_j h_j h_jᵀ: same pattern as H Hᵀ
      const SpMat HP = H * pcol.asDiagonal();
      cache.A = M + SpMat(HP * SpMat(H.transpose()));
      cache.A.makeCompressed();
      if (cache.factorization.factorize(cache.A, options.gfcLinearSolver)) return true;
      kappa *= 10.0;
    }
    return false;
  };
  if (!refactor()) {
    return finishResult(
        problem, v, r, u, options, name, 0, true,
        "M + rho H Ht could not be factorized (" + cache.factorization.error() + ")");
  }

  Eigen::VectorXd s(m), ut(m), xi(m), xiOld(m), rOld(m), tmp(m), rhs(n), Mv(n), Hr(n);
  Eigen::VectorXd vBest = v, rBest = r;
  const double normQ = q.norm();
  const double normB = b.norm();
  // start: r projected on K, ξ = P_{K*}(ũ(v)), s from u(v)
  for (Index i = 0; i < nc; ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    r.template segment<D>(D * i) = projectOnCone<D>(ri, mu[i]);
  }
  u.resize(m);
  u.noalias() = H.transpose() * v;
  u += b;
  fcglobal::deSaxceAll<D>(u, mu, ut);
  s = ut - u;
  for (Index i = 0; i < nc; ++i) {
    const FcVector<D> ui = ut.template segment<D>(D * i);
    xi.template segment<D>(D * i) = ui + projectOnCone<D>(-ui, mu[i]);
  }

  double lastEquation = 0.0, lastContact = 0.0;
  auto error = [&]() {
    Mv.noalias() = M * v;
    Hr.noalias() = H * r;
    const double eq = rel((Mv - q - Hr).norm(), std::max({Mv.norm(), normQ, Hr.norm()}));
    double sum = 0.0;
    for (Index i = 0; i < nc; ++i) {
      const FcVector<D> ri = r.template segment<D>(D * i);
      const FcVector<D> ui = u.template segment<D>(D * i);
      sum += contactErrorSquared<D>(ri, ui, mu[i]);
    }
    const double ct = rel(std::sqrt(sum), std::max({normB, r.norm(), u.norm()}));
    lastEquation = eq;
    lastContact = ct;
    const double e = std::max(eq, ct);
    return std::isfinite(e) ? e : std::numeric_limits<double>::infinity();
  };

  double bestError = error();
  bool brokeDown = false;
  std::string message;
  int it = 0, rebalances = 0;
  fcdetail::StallDetector stall(options.fcStallWindow, options.fcStallFactor,
                                options.maxIterations + 1);
  // Acceleration with restart (Goldstein, O'Donoghue, Setzer, Baraniuk 2014): the
  // v-update starts from extrapolated (r̂, ξ̂); momentum is dropped whenever the
  // combined residual does not decrease by the factor η, and after a penalty change.
  const bool accelerate = options.gfcAdmmAcceleration;
  constexpr double eta = 0.999;
  double alpha = 1.0;
  double cPrev = std::numeric_limits<double>::infinity();
  Eigen::VectorXd rHat = r, xiHat = xi;
  while (bestError > options.tolerance && it < options.maxIterations) {
    ++it;
    // v-update
    tmp = rHat - pcol.cwiseProduct(b + s - xiHat);
    rhs = q;
    rhs.noalias() += H * tmp;
    if (!cache.factorization.solve(rhs, v)) {
      brokeDown = true;
      message = "solve with M + rho H Ht failed";
      break;
    }
    u.noalias() = H.transpose() * v;
    u += b;
    ut = u + s;
    // multiplier and ξ updates (from the extrapolated point)
    rOld = r;
    xiOld = xi;
    for (Index i = 0; i < nc; ++i) {
      const double p = kappa * base[i];
      const FcVector<D> x =
          rHat.template segment<D>(D * i) - p * FcVector<D>(ut.template segment<D>(D * i));
      r.template segment<D>(D * i) = projectOnCone<D>(x, mu[i]);
    }
    xi = ut - (rHat - r).cwiseQuotient(pcol);
    // combined residual of the step (primal P⁻¹(r̂ − r) = ũ − ξ, dual ξ − ξ̂, P-weighted)
    const double combined = (rHat - r).cwiseQuotient(pcol.cwiseSqrt()).squaredNorm() +
                            (xi - xiHat).cwiseProduct(pcol.cwiseSqrt()).squaredNorm();
    if (accelerate && combined < eta * cPrev) {
      const double alphaNext = 0.5 * (1.0 + std::sqrt(1.0 + 4.0 * alpha * alpha));
      const double beta = (alpha - 1.0) / alphaNext;
      rHat = r + beta * (r - rOld);
      xiHat = xi + beta * (xi - xiOld);
      alpha = alphaNext;
      cPrev = combined;
    } else {
      alpha = 1.0;
      rHat = r;
      xiHat = xi;
      cPrev = accelerate ? cPrev / eta : combined;
    }
    // De Saxcé term from the new u
    fcglobal::deSaxceAll<D>(u, mu, ut);
    s = ut - u;

    const double err = error();
    if (err < bestError) {
      bestError = err;
      vBest = v;
      rBest = r;
    }
    if (options.verbosity >= 2 && it % 50 == 0)
      std::fprintf(stderr, "[gfc admm] it %d error %.3e kappa %.3e\n", it, err, kappa);
    if (!std::isfinite(err)) {
      brokeDown = true;
      message = "non-finite iterate";
      break;
    }
    if (stall.record(it, bestError)) {
      message = stall.message();
      break;
    }
    if (options.gfcAdmmAdaptiveRho && it % 50 == 0 && rebalances < 100) {
      // The equation part of the error is the dual residual H P (ξ̂ − ξ) of the
      // step (relative), the contact part follows the primal residual ũ − ξ:
      // balance the two parts of the reported error.
      const double primal = lastContact;
      const double dual = lastEquation;
      double factor = 1.0;
      if (primal > 100.0 * dual && kappa < 1e6) factor = 2.0;
      if (dual > 100.0 * primal && kappa > 1e-6) factor = 0.5;
      if (factor != 1.0) {
        ++rebalances;
        kappa *= factor;
        alpha = 1.0;
        rHat = r;
        xiHat = xi;
        cPrev = std::numeric_limits<double>::infinity();
        if (!refactor()) {
          brokeDown = true;
          message = "M + rho H Ht could not be factorized after a penalty change";
          break;
        }
      }
    }
  }
  v = vBest;
  r = rBest;
  if (options.verbosity >= 1)
    std::fprintf(stderr, "[gfc admm] %d iterations, error %.3e, %d penalty changes\n", it,
                 bestError, rebalances);
  if (message.empty())
    message = "M + rho H Ht factorized by " + cache.factorization.kindName() + ", " +
              std::to_string(rebalances) + " penalty changes";
  return finishResult(problem, v, r, u, options, name, it, brokeDown, message);
}

}  // namespace

SolverResult admm(const GlobalFrictionContactProblem& problem, const SpMat& M, const SpMat& H,
                  Eigen::VectorXd& v, Eigen::VectorXd& r, Eigen::VectorXd& u,
                  const SolverOptions& options, AdmmCache& cache) {
  return problem.dimension == 2 ? admmD<2>(problem, M, H, v, r, u, options, cache)
                                : admmD<3>(problem, M, H, v, r, u, options, cache);
}

}  // namespace moreau::numerics::gfcdetail
