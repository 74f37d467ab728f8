// Fixed-point / projection solvers on the De Saxcé-modified VI
// F(r) = W r + q + μ‖u_T‖ e_N over the cone product K: "fpp", "eg",
// "desaxce-fp". See docs/numerics/friction-contact-global.md.
#include "FcStall.hpp"
#include "GlobalCommon.hpp"

#include <moreau/numerics/fc/GlobalSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace moreau::numerics {

namespace fcglobal {
namespace {

// Step control (Solodov–Tseng / Khobotov type): accept ρ when
// ρ‖F(z) − F(r)‖ <= kL ‖z − r‖, else ρ ← kTau ρ; after an accepted step with
// ratio < kLmin, ρ ← ρ / kTau.
constexpr double kL = 0.9;
constexpr double kLmin = 0.3;
constexpr double kTau = 2.0 / 3.0;
constexpr int kMaxBacktracks = 60;

enum class Method { FixedPointProjection, ExtraGradient };

template <int D>
struct VIState {
  explicit VIState(Index n) : u(n), F(n), z(n), uz(n), Fz(n), x(n), best(n) {}
  Eigen::VectorXd u, F, z, uz, Fz, x, best;
};

/// F = ũ(W x + q), u = W x + q.
template <int D>
void viOperator(const BlockedW& W, const Eigen::VectorXd& q, const Eigen::VectorXd& mu,
                const Eigen::VectorXd& x, Eigen::VectorXd& u, Eigen::VectorXd& F) {
  W.multiply(x, u);
  u += q;
  deSaxceAll<D>(u, mu, F);
}

template <int D>
SolverResult viSolve(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                     const SolverOptions& options, Method method, const char* name) {
  options.validate();
  prepareWarmStart(problem, r);
  if (problem.numberOfContacts() == 0) return finish(problem, r, u, options, name, 0, false, "");
  const BlockedW W(problem);
  const Index n = problem.size();
  const Eigen::VectorXd& q = problem.q();
  const Eigen::VectorXd& mu = problem.mu();
  const double normQ = q.norm();
  VIState<D> st(n);
  // initial ρ: 1 / (largest diagonal entry of W), or options.fcRho
  double rho = 1.0;
  if (options.fcRho > 0.0) {
    rho = options.fcRho;
  } else {
    double dmax = 0.0;
    for (Index i = 0; i < problem.numberOfContacts(); ++i) {
      dmax = std::max(dmax, W.diagonalBlock<D>(i).cwiseAbs().maxCoeff());
    }
    rho = dmax > 0.0 && std::isfinite(dmax) ? 1.0 / dmax : 1.0;
  }
  projectAll<D>(r, mu, st.x);
  r = st.x;
  viOperator<D>(W, q, mu, r, st.u, st.F);
  double bestError = std::numeric_limits<double>::infinity();
  bool brokeDown = false;
  std::string message;
  int it = 0;
  fcdetail::StallDetector stall(options.fcStallWindow, options.fcStallFactor,
                                options.maxIterations + 1);
  for (;; ++it) {
    const double err = siconosError<D>(r, st.u, mu, normQ);
    if (err < bestError) {
      bestError = err;
      st.best = r;
    }
    if (options.verbosity >= 2 && it % 100 == 0) {
      std::fprintf(stderr, "[%s] it %d error %.3e rho %.3e\n", name, it, err, rho);
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
    // z = P_K(r − ρ F(r)) with the step control
    double ratio = 0.0, dist = 0.0;
    int bt = 0;
    for (; bt < kMaxBacktracks; ++bt) {
      st.x = r - rho * st.F;
      projectAll<D>(st.x, mu, st.z);
      viOperator<D>(W, q, mu, st.z, st.uz, st.Fz);
      dist = (st.z - r).norm();
      if (dist == 0.0) break;
      ratio = rho * (st.Fz - st.F).norm() / dist;
      if (ratio <= kL && std::isfinite(ratio)) break;
      rho *= kTau;
    }
    if (bt == kMaxBacktracks) {
      brokeDown = true;
      message = "step-size control failed (rho underflow)";
      break;
    }
    if (dist == 0.0) {
      // fixed point reached: r solves the VI up to round-off
      break;
    }
    if (method == Method::FixedPointProjection) {
      r.swap(st.z);
      st.u.swap(st.uz);
      st.F.swap(st.Fz);
    } else {
      // extragradient: r ← P_K(r − ρ F(z))
      st.x = r - rho * st.Fz;
      projectAll<D>(st.x, mu, r);
      viOperator<D>(W, q, mu, r, st.u, st.F);
    }
    if (ratio < kLmin) rho /= kTau;
  }
  const double finalError = siconosError<D>(r, st.u, mu, normQ);
  if (!(finalError <= bestError) && std::isfinite(bestError)) r = st.best;
  if (options.verbosity >= 1) {
    std::fprintf(stderr, "[%s] %d iterations, error %.3e\n", name, it,
                 std::min(finalError, bestError));
  }
  return finish(problem, r, u, options, name, it, brokeDown, message);
}

template <int D>
SolverResult deSaxceFixedPoint(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                               Eigen::VectorXd& u, const SolverOptions& options) {
  const char* name = "desaxce-fp";
  options.validate();
  prepareWarmStart(problem, r);
  if (problem.numberOfContacts() == 0) return finish(problem, r, u, options, name, 0, false, "");
  const BlockedW W(problem);
  const Index n = problem.size();
  const Index nc = problem.numberOfContacts();
  const Eigen::VectorXd& q = problem.q();
  const Eigen::VectorXd& mu = problem.mu();
  const double normQ = q.norm();
  Eigen::VectorXd rho, rhoContact, ut(n), best(n), x(n);
  splitSpectralNormRho<D>(W, options.fcRho, 0.0, rho, rhoContact);
  W.multiply(r, u);
  u += q;
  double bestError = std::numeric_limits<double>::infinity();
  bool brokeDown = false;
  std::string message;
  int it = 0;
  fcdetail::StallDetector stall(options.fcStallWindow, options.fcStallFactor,
                                options.maxIterations + 1);
  for (;; ++it) {
    const double err = siconosError<D>(r, u, mu, normQ);
    if (err < bestError) {
      bestError = err;
      best = r;
    }
    if (options.verbosity >= 2 && it % 100 == 0) {
      std::fprintf(stderr, "[%s] it %d error %.3e\n", name, it, err);
    }
    if (err <= options.tolerance || it >= options.maxIterations) break;
    if (!std::isfinite(err) || err > 1e12 * std::max(bestError, 1e-300)) {
      brokeDown = true;
      message = "diverged (fixed rho)";
      break;
    }
    if (stall.record(it, err)) {
      message = stall.message();
      break;
    }
    deSaxceAll<D>(u, mu, ut);
    for (Index i = 0; i < nc; ++i) {
      x.template segment<D>(D * i) =
          r.template segment<D>(D * i) - rhoContact[i] * ut.template segment<D>(D * i);
    }
    projectAll<D>(x, mu, r);
    W.multiply(r, u);
    u += q;
  }
  const double finalError = siconosError<D>(r, u, mu, normQ);
  if (!(finalError <= bestError) && std::isfinite(bestError)) r = best;
  if (options.verbosity >= 1) {
    std::fprintf(stderr, "[%s] %d iterations, error %.3e\n", name, it,
                 std::min(finalError, bestError));
  }
  return finish(problem, r, u, options, name, it, brokeDown, message);
}

}  // namespace
}  // namespace fcglobal

SolverResult fcFixedPointProjection(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                    Eigen::VectorXd& u, const SolverOptions& options) {
  using fcglobal::Method;
  return problem.dimension() == 2
             ? fcglobal::viSolve<2>(problem, r, u, options, Method::FixedPointProjection, "fpp")
             : fcglobal::viSolve<3>(problem, r, u, options, Method::FixedPointProjection, "fpp");
}

SolverResult fcExtraGradient(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                             Eigen::VectorXd& u, const SolverOptions& options) {
  using fcglobal::Method;
  return problem.dimension() == 2
             ? fcglobal::viSolve<2>(problem, r, u, options, Method::ExtraGradient, "eg")
             : fcglobal::viSolve<3>(problem, r, u, options, Method::ExtraGradient, "eg");
}

SolverResult fcDeSaxceFixedPoint(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                 Eigen::VectorXd& u, const SolverOptions& options) {
  return problem.dimension() == 2 ? fcglobal::deSaxceFixedPoint<2>(problem, r, u, options)
                                  : fcglobal::deSaxceFixedPoint<3>(problem, r, u, options);
}

}  // namespace moreau::numerics
