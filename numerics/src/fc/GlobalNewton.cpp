// Global semismooth Newton (Alart–Curnier, Fischer–Burmeister, natural map)
// and the proximal point method around it. See
// docs/numerics/friction-contact-global.md.
#include "FcStall.hpp"
#include "GlobalCommon.hpp"

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/GlobalSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace fcglobal {
namespace {

enum class LineSearchKind { Goldstein, Armijo, None };

/// Newton iterations (and prox inner iterations in total) are capped: the
/// shared default maxIterations (10000) suits splitting methods, not Newton.
constexpr int kNewtonMaxIterations = 1000;
constexpr int kProxMaxInnerIterations = 2000;
/// After a failed inner solve at σ, σ stays above 2σ; that floor is relaxed by
/// this factor after each converged inner solve.
constexpr double kProxFloorRelax = 0.7;

LineSearchKind lineSearchKind(const std::string& s) {
  if (s == "armijo") return LineSearchKind::Armijo;
  if (s == "none") return LineSearchKind::None;
  return LineSearchKind::Goldstein;
}

struct NewtonSettings {
  FcNewtonFormulation formulation = FcNewtonFormulation::AlartCurnier;
  double tolerance = 1e-8;
  int maxIterations = 100;
  LineSearchKind lineSearch = LineSearchKind::Goldstein;
  int memory = 5;
  bool hybrid = true;
  int verbosity = 0;
  const char* name = "newton";
  int stallWindow = 0;  // options.fcStallWindow (0: off)
  double stallFactor = 10.0;
};

struct NewtonOutcome {
  bool converged = false;
  bool linearFailure = false;
  int iterations = 0;
  int hybridSteps = 0;
  int lineSearchFailures = 0;
  double error = std::numeric_limits<double>::infinity();
  bool stalled = false;
  std::string stallMessage;
};

/// Work arrays of a Newton call (allocated once; reused by prox across inner solves).
template <int D>
struct NewtonWorkspace {
  NewtonWorkspace(const BlockedW& W, const LinearChoice& choice, Index n, int memory)
      : jacobian(W, choice),
        u(n),
        phi(n),
        d(n),
        rhs(n),
        Wd(n),
        Jd(n),
        rT(n),
        uT(n),
        phiT(n),
        best(n),
        A(D, n),
        B(D, n),
        AT(D, n),
        BT(D, n),
        history(static_cast<std::size_t>(std::max(memory, 1)), 0.0) {}
  JacobianSystem<D> jacobian;
  Eigen::VectorXd u, phi, d, rhs, Wd, Jd, rT, uT, phiT, best;
  Eigen::MatrixXd A, B, AT, BT;
  Eigen::VectorXd rho, rhoContact;
  std::vector<double> history;
};

/// Φ and (A = ∂Φ/∂u, B = ∂Φ/∂r) for every contact.
template <int D>
void evaluate(FcNewtonFormulation f, const Eigen::VectorXd& r, const Eigen::VectorXd& u,
              const Eigen::VectorXd& mu, const Eigen::VectorXd& rho,
              const Eigen::VectorXd& rhoContact, Eigen::VectorXd& phi, Eigen::MatrixXd& A,
              Eigen::MatrixXd& B) {
  FcVector<D> p;
  FcMatrix<D> a, b;
  for (Index i = 0; i < mu.size(); ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    const FcVector<D> ui = u.template segment<D>(D * i);
    switch (f) {
      case FcNewtonFormulation::AlartCurnier:
        alartCurnierJacobian<D>(ri, ui, mu[i], rho[D * i], rho[D * i + 1], p, a, b);
        break;
      case FcNewtonFormulation::FischerBurmeister:
        fischerBurmeisterJacobian<D>(ri, ui, mu[i], p, a, b);
        break;
      case FcNewtonFormulation::NaturalMap:
        naturalMapJacobian<D>(ri, ui, mu[i], rhoContact[i], p, b, a);
        break;
    }
    phi.template segment<D>(D * i) = p;
    A.template middleCols<D>(D * i) = a;
    B.template middleCols<D>(D * i) = b;
  }
}

/// out = B x + A y (block diagonal A, B).
template <int D>
void blockDiagonalProduct(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B,
                          const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                          Eigen::VectorXd& out) {
  const Index nc = A.cols() / D;
  for (Index i = 0; i < nc; ++i) {
    out.template segment<D>(D * i) =
        B.template middleCols<D>(D * i) * x.template segment<D>(D * i) +
        A.template middleCols<D>(D * i) * y.template segment<D>(D * i);
  }
}

/// u = W r + qEff + shift r.
inline void velocity(const BlockedW& W, const Eigen::VectorXd& qEff, double shift,
                     const Eigen::VectorXd& r, Eigen::VectorXd& u) {
  W.multiply(r, u);
  u += qEff;
  if (shift != 0.0) u += shift * r;
}

/// Semismooth Newton on the problem (W + shift I, qEff, mu); r: start and answer.
/// The error measured is the Siconos error of that problem.
template <int D>
NewtonOutcome newtonSolve(const BlockedW& W, const Eigen::VectorXd& qEff, double shift,
                          const Eigen::VectorXd& mu, const NewtonSettings& s,
                          NewtonWorkspace<D>& ws, Eigen::VectorXd& r) {
  NewtonOutcome out;
  const double normQ = qEff.norm();
  const std::size_t memory = ws.history.size();
  velocity(W, qEff, shift, r, ws.u);
  evaluate<D>(s.formulation, r, ws.u, mu, ws.rho, ws.rhoContact, ws.phi, ws.A, ws.B);
  double psi = 0.5 * ws.phi.squaredNorm();
  std::fill(ws.history.begin(), ws.history.end(), psi);
  std::size_t head = 0;
  double bestError = std::numeric_limits<double>::infinity();
  int consecutiveFailures = 0;
  fcdetail::StallDetector stall(s.stallWindow, s.stallFactor, s.maxIterations + 1);

  auto hybridStep = [&]() {
    ++out.hybridSteps;
    ++consecutiveFailures;
    const int sweeps = std::min(10 * consecutiveFailures, 100);
    projectionSweeps<D>(W, qEff, shift, mu, ws.rhoContact, sweeps, 5, r, ws.u);
    evaluate<D>(s.formulation, r, ws.u, mu, ws.rho, ws.rhoContact, ws.phi, ws.A, ws.B);
    psi = 0.5 * ws.phi.squaredNorm();
    std::fill(ws.history.begin(), ws.history.end(), psi);
  };

  for (int it = 0;; ++it) {
    const double err = siconosError<D>(r, ws.u, mu, normQ);
    if (err < bestError) {
      bestError = err;
      ws.best = r;
    }
    if (s.verbosity >= 2) {
      std::fprintf(stderr, "[%s] it %d error %.3e merit %.3e\n", s.name, it, err, psi);
    }
    if (err <= s.tolerance) {
      out.converged = true;
      break;
    }
    if (it >= s.maxIterations || !std::isfinite(psi)) break;
    if (stall.record(it, err)) {
      out.stalled = true;
      out.stallMessage = stall.message();
      break;
    }
    ++out.iterations;

    // Newton direction J d = −Φ
    ws.jacobian.assemble(ws.A, ws.B, shift);
    bool ok = ws.jacobian.factorize();
    if (ok) {
      ws.rhs = -ws.phi;
      ok = ws.jacobian.solve(ws.rhs, ws.d);
    }
    if (!ok) {
      out.linearFailure = true;
      if (s.hybrid) {
        hybridStep();
        continue;
      }
      break;
    }
    // directional derivative of ½‖Φ‖² along d with the unregularized J
    W.multiply(ws.d, ws.Wd);
    if (shift != 0.0) ws.Wd += shift * ws.d;
    blockDiagonalProduct<D>(ws.A, ws.B, ws.d, ws.Wd, ws.Jd);
    const double g = ws.phi.dot(ws.Jd);
    if (!(g < 0.0) || !std::isfinite(g)) {
      if (s.hybrid) {
        hybridStep();
        continue;
      }
      ++out.lineSearchFailures;
      break;
    }
    const double ref = *std::max_element(ws.history.begin(), ws.history.end());
    const double c = 0.1;  // Goldstein constant (< 1/2); Armijo uses 1e-4
    double t = 1.0, lo = 0.0, hi = std::numeric_limits<double>::infinity();
    bool accepted = false;
    double psiT = psi;
    for (int trial = 0; trial < 40; ++trial) {
      ws.rT = r + t * ws.d;
      ws.uT = ws.u + t * ws.Wd;
      evaluate<D>(s.formulation, ws.rT, ws.uT, mu, ws.rho, ws.rhoContact, ws.phiT, ws.AT, ws.BT);
      psiT = 0.5 * ws.phiT.squaredNorm();
      if (!std::isfinite(psiT)) {
        hi = t;
        t = 0.5 * (lo + hi);
        continue;
      }
      if (s.lineSearch == LineSearchKind::None) {
        accepted = true;
        break;
      }
      if (s.lineSearch == LineSearchKind::Armijo) {
        if (psiT <= ref + 1e-4 * t * g) {
          accepted = true;
          break;
        }
        t *= 0.5;
      } else {
        const bool upper = psiT <= ref + c * t * g;
        const bool lower = psiT >= psi + (1.0 - c) * t * g;
        if (!upper) {
          hi = t;
        } else if (!lower && t < 8.0) {
          lo = t;
        } else {
          accepted = true;
          break;
        }
        t = std::isfinite(hi) ? 0.5 * (lo + hi) : 2.0 * t;
      }
      if (t < 1e-12) break;
    }
    if (!accepted && s.lineSearch == LineSearchKind::Goldstein && lo > 0.0) {
      // lo satisfied the sufficient decrease: take it
      t = lo;
      ws.rT = r + t * ws.d;
      ws.uT = ws.u + t * ws.Wd;
      evaluate<D>(s.formulation, ws.rT, ws.uT, mu, ws.rho, ws.rhoContact, ws.phiT, ws.AT, ws.BT);
      psiT = 0.5 * ws.phiT.squaredNorm();
      accepted = std::isfinite(psiT);
    }
    if (!accepted) {
      ++out.lineSearchFailures;
      if (s.hybrid) {
        hybridStep();
        continue;
      }
      break;
    }
    consecutiveFailures = 0;
    r.swap(ws.rT);
    ws.u.swap(ws.uT);
    ws.phi.swap(ws.phiT);
    ws.A.swap(ws.AT);
    ws.B.swap(ws.BT);
    psi = psiT;
    ws.history[head] = psi;
    head = (head + 1) % memory;
  }
  // return the best iterate seen
  const double finalError = siconosError<D>(r, ws.u, mu, normQ);
  if (!(finalError <= bestError) && std::isfinite(bestError)) {
    r = ws.best;
    velocity(W, qEff, shift, r, ws.u);
    out.error = bestError;
  } else {
    out.error = finalError;
  }
  out.converged = out.error <= s.tolerance;
  return out;
}

NewtonSettings settingsFrom(const SolverOptions& o, FcNewtonFormulation f, const char* name) {
  NewtonSettings s;
  s.formulation = f;
  s.tolerance = o.tolerance;
  s.maxIterations = std::min(o.maxIterations, kNewtonMaxIterations);
  s.lineSearch = lineSearchKind(o.fcLineSearch);
  s.memory = o.fcNonMonotoneMemory;
  s.hybrid = o.fcHybrid;
  s.verbosity = o.verbosity;
  s.name = name;
  s.stallWindow = o.fcStallWindow;
  s.stallFactor = o.fcStallFactor;
  return s;
}

std::string outcomeMessage(const NewtonOutcome& o) {
  std::string m;
  if (o.hybridSteps > 0) m += std::to_string(o.hybridSteps) + " hybrid projection steps; ";
  if (o.lineSearchFailures > 0) {
    m += std::to_string(o.lineSearchFailures) + " line-search failures; ";
  }
  if (o.linearFailure) m += "singular Jacobian met; ";
  if (o.stalled) m = o.stallMessage + "; " + m;
  return m;
}

template <int D>
SolverResult newtonDriver(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                          Eigen::VectorXd& u, const SolverOptions& options, FcNewtonFormulation f,
                          const char* name) {
  options.validate();
  prepareWarmStart(problem, r);
  if (problem.numberOfContacts() == 0) return finish(problem, r, u, options, name, 0, false, "");
  const BlockedW W(problem);
  const NewtonSettings s = settingsFrom(options, f, name);
  NewtonWorkspace<D> ws(W, chooseLinearSolver(options, problem), problem.size(), s.memory);
  splitSpectralNormRho<D>(W, options.fcRho, 0.0, ws.rho, ws.rhoContact);
  const NewtonOutcome o = newtonSolve<D>(W, problem.q(), 0.0, problem.mu(), s, ws, r);
  std::string message = outcomeMessage(o);
  const bool brokeDown = !o.converged && !o.stalled && o.iterations < s.maxIterations;
  if (brokeDown) message += "stopped: no descent direction could be found";
  if (options.verbosity >= 1) {
    std::fprintf(stderr, "[%s] %d iterations, error %.3e %s\n", name, o.iterations, o.error,
                 message.c_str());
  }
  return finish(problem, r, u, options, name, o.iterations, brokeDown, message);
}

template <int D>
SolverResult proxDriver(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                        Eigen::VectorXd& u, const SolverOptions& options) {
  const char* name = "prox";
  options.validate();
  prepareWarmStart(problem, r);
  if (problem.numberOfContacts() == 0) return finish(problem, r, u, options, name, 0, false, "");
  const BlockedW W(problem);
  const Index n = problem.size();
  NewtonSettings s = settingsFrom(options, FcNewtonFormulation::AlartCurnier, "prox/newton-ac");
  s.verbosity = options.verbosity >= 3 ? 2 : 0;
  s.stallWindow = 0;  // the stall test applies to the outer iterations
  fcdetail::StallDetector stall(options.fcStallWindow, options.fcStallFactor,
                                kProxMaxInnerIterations + 1);
  bool stalled = false;
  NewtonWorkspace<D> ws(W, chooseLinearSolver(options, problem), n, s.memory);
  const double meanDiag = W.meanDiagonal();
  double sigma = options.fcProxSigma > 0.0 ? options.fcProxSigma : meanDiag;
  const double sigmaMin = 1e-14 * meanDiag;
  const double sigmaMax = 1e8 * meanDiag;
  double sigmaFloor = sigmaMin;  // raised above a σ whose inner solve failed, relaxed slowly
  Eigen::VectorXd rk = r, qEff(n), uOrig(n);
  const double normQ = problem.q().norm();
  const Eigen::VectorXd& mu = problem.mu();
  auto originalError = [&](const Eigen::VectorXd& x) {
    velocity(W, problem.q(), 0.0, x, uOrig);
    return siconosError<D>(x, uOrig, mu, normQ);
  };
  double err = originalError(r);
  int budget = std::min(options.maxIterations, kProxMaxInnerIterations);
  int outer = 0, inner = 0, failures = 0;
  while (err > options.tolerance && budget > 0 && outer < 10000) {
    ++outer;
    qEff = problem.q() - sigma * rk;
    splitSpectralNormRho<D>(W, options.fcRho, sigma, ws.rho, ws.rhoContact);
    s.tolerance = std::max(0.1 * options.tolerance, std::min(1e-3, 0.1 * err));
    s.maxIterations = std::min(budget, 60);
    r = rk;
    const NewtonOutcome o = newtonSolve<D>(W, qEff, sigma, mu, s, ws, r);
    budget -= std::max(o.iterations, 1);
    inner += o.iterations;
    const double errNew = originalError(r);
    if (options.verbosity >= 2) {
      std::fprintf(stderr, "[prox] outer %d sigma %.3e inner %d (%s) error %.3e\n", outer, sigma,
                   o.iterations, o.converged ? "ok" : "not converged", errNew);
    }
    if (o.converged || errNew < err) {
      rk = r;
      err = errNew;
    } else {
      r = rk;
    }
    if (o.converged) {
      if (o.iterations <= 4) {
        sigma = std::max(sigma * 0.1, sigmaFloor);
      } else if (o.iterations > 20) {
        sigma = std::min(sigma * 2.0, sigmaMax);
      }
      sigmaFloor = std::max(sigmaMin, sigmaFloor * kProxFloorRelax);
    } else {
      ++failures;
      // do not come straight back to a σ whose inner solve failed
      sigmaFloor = std::min(2.0 * sigma, sigmaMax);
      sigma = std::min(sigma * 10.0, sigmaMax);
    }
    if (err > options.tolerance && stall.record(inner, err)) {
      stalled = true;
      break;
    }
  }
  r = rk;
  std::string message = "outer iterations " + std::to_string(outer) + ", inner Newton " +
                        std::to_string(inner) + ", failed inner solves " +
                        std::to_string(failures) + ", final sigma " + std::to_string(sigma);
  if (stalled) message = stall.message("inner Newton iterations") + "; " + message;
  if (options.verbosity >= 1) {
    std::fprintf(stderr, "[prox] error %.3e, %s\n", err, message.c_str());
  }
  return finish(problem, r, u, options, name, inner, false, message);
}

}  // namespace
}  // namespace fcglobal

using fcglobal::newtonDriver;
using fcglobal::proxDriver;

SolverResult fcNewtonAlartCurnier(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                  Eigen::VectorXd& u, const SolverOptions& options) {
  return problem.dimension() == 2 ? newtonDriver<2>(problem, r, u, options,
                                                    FcNewtonFormulation::AlartCurnier, "newton-ac")
                                  : newtonDriver<3>(problem, r, u, options,
                                                    FcNewtonFormulation::AlartCurnier, "newton-ac");
}

SolverResult fcNewtonFischerBurmeister(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                       Eigen::VectorXd& u, const SolverOptions& options) {
  return problem.dimension() == 2
             ? newtonDriver<2>(problem, r, u, options, FcNewtonFormulation::FischerBurmeister,
                               "newton-fb")
             : newtonDriver<3>(problem, r, u, options, FcNewtonFormulation::FischerBurmeister,
                               "newton-fb");
}

SolverResult fcNewtonNaturalMap(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                Eigen::VectorXd& u, const SolverOptions& options) {
  return problem.dimension() == 2
             ? newtonDriver<2>(problem, r, u, options, FcNewtonFormulation::NaturalMap, "newton-nm")
             : newtonDriver<3>(problem, r, u, options, FcNewtonFormulation::NaturalMap,
                               "newton-nm");
}

SolverResult fcProximalPoint(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                             Eigen::VectorXd& u, const SolverOptions& options) {
  return problem.dimension() == 2 ? proxDriver<2>(problem, r, u, options)
                                  : proxDriver<3>(problem, r, u, options);
}

Eigen::VectorXd fcSplitSpectralNormRho(const FrictionContactProblem& problem, double fixedRho) {
  const fcglobal::BlockedW W(problem);
  Eigen::VectorXd rho, rhoContact;
  if (problem.dimension() == 2) {
    fcglobal::splitSpectralNormRho<2>(W, fixedRho, 0.0, rho, rhoContact);
  } else {
    fcglobal::splitSpectralNormRho<3>(W, fixedRho, 0.0, rho, rhoContact);
  }
  return rho;
}

namespace {

template <int D>
void newtonFunction(const FrictionContactProblem& problem, FcNewtonFormulation f,
                    const Eigen::VectorXd& r, const Eigen::VectorXd& rho, Eigen::VectorXd& phi,
                    Eigen::SparseMatrix<double>* jacobian) {
  using Index = Eigen::Index;
  const fcglobal::BlockedW W(problem);
  const Index n = problem.size();
  const Index nc = problem.numberOfContacts();
  Eigen::VectorXd u(n);
  fcglobal::velocity(W, problem.q(), 0.0, r, u);
  Eigen::VectorXd rhoContact(nc);
  for (Index i = 0; i < nc; ++i) rhoContact[i] = rho.template segment<D>(D * i).minCoeff();
  Eigen::MatrixXd A(D, n), B(D, n);
  phi.resize(n);
  fcglobal::evaluate<D>(f, r, u, problem.mu(), rho, rhoContact, phi, A, B);
  if (jacobian != nullptr) {
    fcglobal::LinearChoice choice;
    choice.dense = false;
    choice.kind = SparseSolverKind::EigenLU;
    fcglobal::JacobianSystem<D> system(W, choice);
    system.assemble(A, B, 0.0);
    *jacobian = system.sparseMatrix();
  }
}

}  // namespace

void fcNewtonFunction(const FrictionContactProblem& problem, FcNewtonFormulation formulation,
                      const Eigen::VectorXd& r, const Eigen::VectorXd& rho, Eigen::VectorXd& phi,
                      Eigen::SparseMatrix<double>* jacobian) {
  if (r.size() != problem.size() || rho.size() != problem.size()) {
    throw std::invalid_argument("fcNewtonFunction: r and rho must have problem.size() entries");
  }
  if (problem.dimension() == 2) {
    newtonFunction<2>(problem, formulation, r, rho, phi, jacobian);
  } else {
    newtonFunction<3>(problem, formulation, r, rho, phi, jacobian);
  }
}

}  // namespace moreau::numerics
