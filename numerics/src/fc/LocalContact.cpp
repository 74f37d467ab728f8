// Per-contact building blocks and single-contact solvers (docs/numerics/friction-contact-local.md).

#include <moreau/numerics/fc/LocalContact.hpp>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

namespace moreau::numerics {

namespace {

template <int D>
using TVec = Eigen::Matrix<double, D - 1, 1>;

constexpr double kPi = 3.14159265358979323846;

}  // namespace

// ---------------------------------------------------------------------------
// Cones and projections
// ---------------------------------------------------------------------------

template <int D>
FcVector<D> projectOnCone(const FcVector<D>& x, double mu) {
  const double xN = x[0];
  const TVec<D> xT = x.template tail<D - 1>();
  const double n = xT.norm();
  if (n <= mu * xN) return x;
  FcVector<D> p = FcVector<D>::Zero();
  if (mu * n <= -xN) return p;
  const double t = (xN + mu * n) / (1.0 + mu * mu);
  p[0] = t;
  if (n > 0.0) p.template tail<D - 1>() = (mu * t / n) * xT;
  return p;
}

template <int D>
FcMatrix<D> projectOnConeJacobian(const FcVector<D>& x, double mu) {
  const double xN = x[0];
  const TVec<D> xT = x.template tail<D - 1>();
  const double n = xT.norm();
  if (n < mu * xN) return FcMatrix<D>::Identity();
  if (mu * n < -xN) return FcMatrix<D>::Zero();
  TVec<D> e = TVec<D>::Zero();
  if (n > 0.0) {
    e = xT / n;
  } else {
    e[0] = 1.0;
  }
  const double c = 1.0 / (1.0 + mu * mu);
  const double t = (xN + mu * n) * c;
  FcMatrix<D> J;
  J(0, 0) = c;
  J.template block<1, D - 1>(0, 1) = (c * mu) * e.transpose();
  J.template block<D - 1, 1>(1, 0) = (c * mu) * e;
  const Eigen::Matrix<double, D - 1, D - 1> eeT = e * e.transpose();
  J.template block<D - 1, D - 1>(1, 1) = (mu * mu * c) * eeT;
  if (n > 0.0) {
    J.template block<D - 1, D - 1>(1, 1) +=
        (mu * t / n) * (Eigen::Matrix<double, D - 1, D - 1>::Identity() - eeT);
  }
  return J;
}

template <int D>
FcVector<D> projectOnCylinder(const FcVector<D>& x, double threshold) {
  FcVector<D> p = x;
  p[0] = std::max(0.0, x[0]);
  const double n = x.template tail<D - 1>().norm();
  if (n > threshold) {
    if (n > 0.0) {
      p.template tail<D - 1>() *= threshold / n;
    }
  }
  return p;
}

template <int D>
FcVector<D> projectOnLawSet(const FcVector<D>& x, const ContactLaw& law) {
  return law.tresca ? projectOnCylinder<D>(x, law.threshold) : projectOnCone<D>(x, law.mu);
}

template <int D>
FcVector<D> deSaxceVelocity(const FcVector<D>& u, double mu) {
  FcVector<D> v = u;
  v[0] += mu * u.template tail<D - 1>().norm();
  return v;
}

template <int D>
FcMatrix<D> deSaxceVelocityJacobian(const FcVector<D>& u, double mu) {
  FcMatrix<D> J = FcMatrix<D>::Identity();
  const double n = u.template tail<D - 1>().norm();
  if (n > 0.0) J.template block<1, D - 1>(0, 1) += (mu / n) * u.template tail<D - 1>().transpose();
  return J;
}

template <int D>
bool isInCone(const FcVector<D>& x, double mu, double tol) {
  return x.template tail<D - 1>().norm() <= mu * x[0] + tol && x[0] >= -tol;
}

// ---------------------------------------------------------------------------
// Natural map and errors
// ---------------------------------------------------------------------------

template <int D>
FcVector<D> naturalMap(const FcVector<D>& r, const FcVector<D>& u, double mu, double rho) {
  return r - projectOnCone<D>(r - rho * deSaxceVelocity<D>(u, mu), mu);
}

template <int D>
void naturalMapJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu, double rho,
                        FcVector<D>& F, FcMatrix<D>& dFdr, FcMatrix<D>& dFdu) {
  const FcVector<D> y = r - rho * deSaxceVelocity<D>(u, mu);
  F = r - projectOnCone<D>(y, mu);
  const FcMatrix<D> P = projectOnConeJacobian<D>(y, mu);
  dFdr = FcMatrix<D>::Identity() - P;
  dFdu = rho * P * deSaxceVelocityJacobian<D>(u, mu);
}

template <int D>
double contactErrorSquared(const FcVector<D>& r, const FcVector<D>& u, double mu) {
  return naturalMap<D>(r, u, mu, 1.0).squaredNorm();
}

template <int D>
double contactErrorSquaredTresca(const FcVector<D>& r, const FcVector<D>& u, double threshold) {
  return (r - projectOnCylinder<D>(r - u, threshold)).squaredNorm();
}

// ---------------------------------------------------------------------------
// Alart–Curnier
// ---------------------------------------------------------------------------

namespace {

// Common core: `coulomb` selects the radius μ max(0, s) (and its dependence on
// s) or the fixed radius g.
template <int D>
void alartCurnierCore(const FcVector<D>& r, const FcVector<D>& u, double muOrG, bool coulomb,
                      double rhoN, double rhoT, FcVector<D>& phi, FcMatrix<D>* A, FcMatrix<D>* B) {
  using TT = Eigen::Matrix<double, D - 1, D - 1>;
  const double s = r[0] - rhoN * u[0];
  const TVec<D> x = r.template tail<D - 1>() - rhoT * u.template tail<D - 1>();
  if (A) A->setZero();
  if (B) B->setZero();
  // Normal part.
  if (s >= 0.0) {
    phi[0] = rhoN * u[0];
    if (A) (*A)(0, 0) = rhoN;
  } else {
    phi[0] = r[0];
    if (B) (*B)(0, 0) = 1.0;
  }
  // Tangential part.
  const double radius = coulomb ? muOrG * std::max(0.0, s) : muOrG;
  const double nx = x.norm();
  if (nx <= radius) {  // stick
    phi.template tail<D - 1>() = rhoT * u.template tail<D - 1>();
    if (A) A->template block<D - 1, D - 1>(1, 1) = rhoT * TT::Identity();
  } else if (radius <= 0.0) {  // no friction force: Φ_T = r_T
    phi.template tail<D - 1>() = r.template tail<D - 1>();
    if (B) B->template block<D - 1, D - 1>(1, 1) = TT::Identity();
  } else {  // slide
    const TVec<D> e = x / nx;
    phi.template tail<D - 1>() = r.template tail<D - 1>() - radius * e;
    const TT G = (TT::Identity() - e * e.transpose()) / nx;
    if (A) {
      if (coulomb) A->template block<D - 1, 1>(1, 0) = (muOrG * rhoN) * e;
      A->template block<D - 1, D - 1>(1, 1) = (rhoT * radius) * G;
    }
    if (B) {
      if (coulomb) B->template block<D - 1, 1>(1, 0) = -muOrG * e;
      B->template block<D - 1, D - 1>(1, 1) = TT::Identity() - radius * G;
    }
  }
}

}  // namespace

template <int D>
FcVector<D> alartCurnierFunction(const FcVector<D>& r, const FcVector<D>& u, double mu, double rhoN,
                                 double rhoT) {
  FcVector<D> phi;
  alartCurnierCore<D>(r, u, mu, true, rhoN, rhoT, phi, nullptr, nullptr);
  return phi;
}

template <int D>
void alartCurnierJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu, double rhoN,
                          double rhoT, FcVector<D>& phi, FcMatrix<D>& A, FcMatrix<D>& B) {
  alartCurnierCore<D>(r, u, mu, true, rhoN, rhoT, phi, &A, &B);
}

template <int D>
FcVector<D> alartCurnierFunctionTresca(const FcVector<D>& r, const FcVector<D>& u, double threshold,
                                       double rhoN, double rhoT) {
  FcVector<D> phi;
  alartCurnierCore<D>(r, u, threshold, false, rhoN, rhoT, phi, nullptr, nullptr);
  return phi;
}

template <int D>
void alartCurnierJacobianTresca(const FcVector<D>& r, const FcVector<D>& u, double threshold,
                                double rhoN, double rhoT, FcVector<D>& phi, FcMatrix<D>& A,
                                FcMatrix<D>& B) {
  alartCurnierCore<D>(r, u, threshold, false, rhoN, rhoT, phi, &A, &B);
}

template <int D>
void alartCurnierDefaultRho(const FcMatrix<D>& Wii, double& rhoN, double& rhoT) {
  const double wnn = Wii(0, 0);
  rhoN = (std::isfinite(wnn) && wnn > 1e-300) ? 1.0 / wnn : 1.0;
  const Eigen::Matrix<double, D - 1, D - 1> WTT = Wii.template block<D - 1, D - 1>(1, 1);
  double norm2 = 0.0;
  if constexpr (D == 2) {
    norm2 = std::abs(WTT(0, 0));
  } else {
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, D - 1, D - 1>> es(WTT.transpose() * WTT,
                                                                          Eigen::EigenvaluesOnly);
    norm2 = std::sqrt(std::max(0.0, es.eigenvalues().maxCoeff()));
  }
  rhoT = (std::isfinite(norm2) && norm2 > 1e-300) ? 1.0 / norm2 : rhoN;
  if (!std::isfinite(rhoN) || rhoN <= 0.0) rhoN = 1.0;
  if (!std::isfinite(rhoT) || rhoT <= 0.0) rhoT = 1.0;
}

// ---------------------------------------------------------------------------
// Fischer–Burmeister on second-order cones
// ---------------------------------------------------------------------------

namespace {

template <int D>
FcMatrix<D> arrow(const FcVector<D>& z) {
  FcMatrix<D> L = z[0] * FcMatrix<D>::Identity();
  L.template block<1, D - 1>(0, 1) = z.template tail<D - 1>().transpose();
  L.template block<D - 1, 1>(1, 0) = z.template tail<D - 1>();
  return L;
}

// z = sqrt(w) for w in the Lorentz cone (spectral decomposition).
template <int D>
FcVector<D> socSqrt(const FcVector<D>& w) {
  const double nw1 = w.template tail<D - 1>().norm();
  const double s1 = std::sqrt(std::max(0.0, w[0] - nw1));
  const double s2 = std::sqrt(std::max(0.0, w[0] + nw1));
  FcVector<D> z = FcVector<D>::Zero();
  z[0] = 0.5 * (s1 + s2);
  if (nw1 > 0.0) z.template tail<D - 1>() = (0.5 * (s2 - s1) / nw1) * w.template tail<D - 1>();
  return z;
}

template <int D>
FcVector<D> socSquareSum(const FcVector<D>& x, const FcVector<D>& y) {
  FcVector<D> w;
  w[0] = x.squaredNorm() + y.squaredNorm();
  w.template tail<D - 1>() =
      2.0 * (x[0] * x.template tail<D - 1>() + y[0] * y.template tail<D - 1>());
  return w;
}

}  // namespace

template <int D>
FcVector<D> fischerBurmeisterSoc(const FcVector<D>& x, const FcVector<D>& y) {
  return x + y - socSqrt<D>(socSquareSum<D>(x, y));
}

template <int D>
void fischerBurmeisterSocJacobian(const FcVector<D>& x, const FcVector<D>& y, FcVector<D>& phi,
                                  FcMatrix<D>& dx, FcMatrix<D>& dy) {
  const FcVector<D> w = socSquareSum<D>(x, y);
  FcVector<D> z = socSqrt<D>(w);
  phi = x + y - z;
  const double wn = w.norm();
  if (!(wn > 0.0)) {
    const double c = 1.0 - 1.0 / std::sqrt(2.0);
    dx = c * FcMatrix<D>::Identity();
    dy = dx;
    return;
  }
  const double nz1 = z.template tail<D - 1>().norm();
  const double bump = 1e-12 * (1.0 + wn);
  if (z[0] - nz1 < bump) z[0] = nz1 + bump;  // boundary of the cone: limit element
  const FcMatrix<D> Linv = arrow<D>(z).inverse();
  dx = FcMatrix<D>::Identity() - Linv * arrow<D>(x);
  dy = FcMatrix<D>::Identity() - Linv * arrow<D>(y);
}

namespace {

// Scalar FB used for μ = 0 (normal part).
void scalarFb(double a, double b, double& phi, double& da, double& db) {
  const double n = std::hypot(a, b);
  phi = a + b - n;
  if (n > 0.0) {
    da = 1.0 - a / n;
    db = 1.0 - b / n;
  } else {
    da = db = 1.0 - 1.0 / std::sqrt(2.0);
  }
}

}  // namespace

template <int D>
void fischerBurmeisterJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu,
                               FcVector<D>& phi, FcMatrix<D>& A, FcMatrix<D>& B) {
  A.setZero();
  B.setZero();
  if (!(mu > 0.0)) {
    double da = 0.0;
    double db = 0.0;
    scalarFb(r[0], u[0], phi[0], da, db);
    B(0, 0) = da;
    A(0, 0) = db;
    phi.template tail<D - 1>() = r.template tail<D - 1>();
    B.template block<D - 1, D - 1>(1, 1).setIdentity();
    return;
  }
  FcVector<D> x = r;
  x[0] *= mu;
  const FcVector<D> ut = deSaxceVelocity<D>(u, mu);
  FcVector<D> y = ut;
  y.template tail<D - 1>() *= mu;
  FcMatrix<D> dx;
  FcMatrix<D> dy;
  fischerBurmeisterSocJacobian<D>(x, y, phi, dx, dy);
  FcMatrix<D> Sx = FcMatrix<D>::Identity();
  Sx(0, 0) = mu;
  FcMatrix<D> Sy = mu * FcMatrix<D>::Identity();
  Sy(0, 0) = 1.0;
  B = dx * Sx;
  A = dy * Sy * deSaxceVelocityJacobian<D>(u, mu);
}

template <int D>
FcVector<D> fischerBurmeisterFunction(const FcVector<D>& r, const FcVector<D>& u, double mu) {
  FcVector<D> phi;
  FcMatrix<D> A;
  FcMatrix<D> B;
  fischerBurmeisterJacobian<D>(r, u, mu, phi, A, B);
  return phi;
}

// ---------------------------------------------------------------------------
// Single-contact solvers
// ---------------------------------------------------------------------------

template <int D>
double localContactError(const FcMatrix<D>& W, const FcVector<D>& q, const ContactLaw& law,
                         const FcVector<D>& r) {
  const FcVector<D> u = W * r + q;
  const double e2 = law.tresca ? contactErrorSquaredTresca<D>(r, u, law.threshold)
                               : contactErrorSquared<D>(r, u, law.mu);
  const double scale = std::max({1.0, q.norm(), r.norm(), u.norm()});
  const double e = std::sqrt(e2) / scale;
  return std::isfinite(e) ? e : std::numeric_limits<double>::infinity();
}

namespace {

// Keeps the best iterate seen.
template <int D>
struct Best {
  FcVector<D> r;
  double error = std::numeric_limits<double>::infinity();
  void offer(const FcVector<D>& x, double e) {
    if (e < error && x.allFinite()) {
      error = e;
      r = x;
    }
  }
};

// Fixed point r ← P(r − ρ ũ(W r + q)) with a self-adaptive ρ (the step is
// accepted when ρ‖ũ(r⁺) − ũ(r)‖ <= 0.9‖r⁺ − r‖, ρ halved otherwise and
// doubled after an easy step).
template <int D>
int projectionIterations(const FcMatrix<D>& W, const FcVector<D>& q, const ContactLaw& law,
                         FcVector<D>& r, int maxIterations, double tolerance, Best<D>& best) {
  auto map = [&](const FcVector<D>& x) {
    const FcVector<D> u = W * x + q;
    return law.tresca ? u : deSaxceVelocity<D>(u, law.mu);
  };
  auto proj = [&](const FcVector<D>& x) { return projectOnLawSet<D>(x, law); };
  const double wn = W.norm();
  double rho = (std::isfinite(wn) && wn > 0.0) ? 1.0 / wn : 1.0;
  FcVector<D> ut = map(r);
  int it = 0;
  for (; it < maxIterations; ++it) {
    FcVector<D> rn = proj(r - rho * ut);
    FcVector<D> utn = map(rn);
    int guard = 0;
    while (rho * (utn - ut).norm() > 0.9 * (rn - r).norm() && guard < 60) {
      rho *= 0.5;
      rn = proj(r - rho * ut);
      utn = map(rn);
      ++guard;
    }
    const double dr = (rn - r).norm();
    if (rho * (utn - ut).norm() < 0.3 * dr) rho = std::min(rho * 2.0, 1e12);
    r = rn;
    ut = utn;
    const double e = localContactError<D>(W, q, law, r);
    best.offer(r, e);
    if (e <= tolerance) return it + 1;
    if (dr == 0.0) return it + 1;
  }
  return it;
}

template <int D>
void evalPhi(LocalSolverKind kind, const FcMatrix<D>& W, const FcVector<D>& q,
             const ContactLaw& law, double rhoN, double rhoT, const FcVector<D>& r,
             FcVector<D>& phi, FcMatrix<D>* J) {
  const FcVector<D> u = W * r + q;
  FcMatrix<D> A;
  FcMatrix<D> B;
  if (kind == LocalSolverKind::FischerBurmeister && !law.tresca) {
    fischerBurmeisterJacobian<D>(r, u, law.mu, phi, A, B);
  } else if (law.tresca) {
    alartCurnierJacobianTresca<D>(r, u, law.threshold, rhoN, rhoT, phi, A, B);
  } else {
    alartCurnierJacobian<D>(r, u, law.mu, rhoN, rhoT, phi, A, B);
  }
  if (J) *J = A * W + B;
}

// Generalized Newton with Armijo backtracking on ½‖Φ‖².
template <int D>
int newtonIterations(LocalSolverKind kind, const FcMatrix<D>& W, const FcVector<D>& q,
                     const ContactLaw& law, FcVector<D>& r, int maxIterations, double tolerance,
                     Best<D>& best, bool& stalled, double rhoN, double rhoT,
                     double firstError = -1.0) {
  // firstError >= 0: the local error at the starting r, already computed by the caller.
  stalled = false;
  FcVector<D> phi;
  FcMatrix<D> J;
  evalPhi<D>(kind, W, q, law, rhoN, rhoT, r, phi, &J);
  double merit = 0.5 * phi.squaredNorm();
  // J is evaluated at an accepted iterate only when another Newton step is needed (Φ there is
  // the line search's, evaluated at the same point: the same bits).
  bool haveJacobian = true;
  int it = 0;
  for (; it < maxIterations; ++it) {
    const double e =
        (it == 0 && firstError >= 0.0) ? firstError : localContactError<D>(W, q, law, r);
    best.offer(r, e);
    if (e <= tolerance) return it;
    if (!haveJacobian) {
      evalPhi<D>(kind, W, q, law, rhoN, rhoT, r, phi, &J);
      haveJacobian = true;
    }
    Eigen::FullPivLU<FcMatrix<D>> lu(J);
    FcVector<D> d;
    if (lu.isInvertible()) {
      d = lu.solve(-phi);
    } else {
      d = -J.transpose() * phi;  // steepest descent on the merit
    }
    if (!d.allFinite()) {
      stalled = true;
      return it;
    }
    double t = 1.0;
    bool accepted = false;
    FcVector<D> rt;
    FcVector<D> phit;
    double mt = 0.0;
    for (int ls = 0; ls < 30; ++ls) {
      rt = r + t * d;
      evalPhi<D>(kind, W, q, law, rhoN, rhoT, rt, phit, nullptr);
      mt = 0.5 * phit.squaredNorm();
      if (mt <= (1.0 - 2e-4 * t) * merit) {
        accepted = true;
        break;
      }
      t *= 0.5;
    }
    if (!accepted) {
      stalled = true;
      return it;
    }
    r = rt;
    phi = phit;
    merit = mt;
    haveJacobian = false;
  }
  best.offer(r, localContactError<D>(W, q, law, r));
  return it;
}

// Exact enumeration in 2D (take-off / stick / slide ±; Tresca: normal
// status × tangential status).
void enumerate2d(const FcMatrix<2>& W, const FcVector<2>& q, const ContactLaw& law, Best<2>& best) {
  auto offer = [&](const FcVector<2>& x) {
    if (x.allFinite()) best.offer(x, localContactError<2>(W, q, law, x));
  };
  offer(FcVector<2>::Zero());
  if (!law.tresca) {
    Eigen::FullPivLU<FcMatrix<2>> lu(W);
    if (lu.isInvertible()) offer(lu.solve(-q));
    for (int sgn : {-1, 1}) {  // r_T = sgn μ r_N, u_N = 0
      const double den = W(0, 0) + sgn * law.mu * W(0, 1);
      if (den != 0.0) {
        const double rN = -q[0] / den;
        if (rN > 0.0) offer(FcVector<2>(rN, sgn * law.mu * rN));
      }
    }
    return;
  }
  const double g = law.threshold;
  // r_N = 0 with r_T free / ±g.
  if (W(1, 1) != 0.0) offer(FcVector<2>(0.0, -q[1] / W(1, 1)));
  offer(FcVector<2>(0.0, g));
  offer(FcVector<2>(0.0, -g));
  // u_N = 0 with r_T free / ±g.
  Eigen::FullPivLU<FcMatrix<2>> lu(W);
  if (lu.isInvertible()) offer(lu.solve(-q));
  for (double rT : {g, -g}) {
    if (W(0, 0) != 0.0) offer(FcVector<2>(-(q[0] + W(0, 1) * rT) / W(0, 0), rT));
  }
}

}  // namespace

int quarticSlidingCandidates(const FcMatrix<3>& W, const FcVector<3>& q, double mu,
                             FcVector<3> candidates[5]) {
  if (!(mu > 0.0)) return 0;
  const double m11 = W(0, 0), m12 = W(0, 1), m13 = W(0, 2);
  const double m21 = W(1, 0), m22 = W(1, 1), m23 = W(1, 2);
  const double m31 = W(2, 0), m32 = W(2, 1), m33 = W(2, 2);
  const double q1 = q[0], q2 = q[1], q3 = q[2];
  // g(θ) = e × [(r/μ) W_T1 + r W_TT e + q_T]·Den(θ) with e = (cos θ, sin θ),
  // r = −q1/Den, Den = m11/μ + m12 cos θ + m13 sin θ:
  // g = A c² + B s² + C s c + Dc s + E c.
  const double A = -q1 * m32 + m12 * q3;
  const double B = q1 * m23 - m13 * q2;
  const double C = -q1 * (m33 - m22) + m13 * q3 - m12 * q2;
  const double Dc = (q1 * m21 - m11 * q2) / mu;
  const double E = (m11 * q3 - q1 * m31) / mu;
  const double gscale = std::abs(A) + std::abs(B) + std::abs(C) + std::abs(Dc) + std::abs(E);
  auto g = [&](double th) {
    const double c = std::cos(th), s = std::sin(th);
    return A * c * c + B * s * s + C * s * c + Dc * s + E * c;
  };
  auto dg = [&](double th) {
    const double c = std::cos(th), s = std::sin(th);
    return -2.0 * A * c * s + 2.0 * B * s * c + C * (c * c - s * s) + Dc * c - E * s;
  };
  double thetas[5];
  int nth = 0;
  if (gscale > 0.0 && std::isfinite(gscale)) {
    // Quartic in t = tan(θ/2): P4 t⁴ + P3 t³ + P2 t² + P1 t + P0.
    double P[5] = {A + E, 2.0 * C + 2.0 * Dc, 4.0 * B - 2.0 * A, 2.0 * Dc - 2.0 * C, A - E};
    double pmax = 0.0;
    for (double p : P) pmax = std::max(pmax, std::abs(p));
    int deg = 4;
    while (deg > 0 && std::abs(P[deg]) <= 1e-14 * pmax) --deg;
    if (deg >= 1) {
      using Comp = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 4, 4>;
      Comp comp = Comp::Zero(deg, deg);
      for (int i = 1; i < deg; ++i) comp(i, i - 1) = 1.0;
      for (int i = 0; i < deg; ++i) comp(i, deg - 1) = -P[i] / P[deg];
      Eigen::EigenSolver<Comp> es(comp, false);
      if (es.info() == Eigen::Success) {
        for (int i = 0; i < deg; ++i) {
          const std::complex<double> z = es.eigenvalues()[i];
          if (std::abs(z.imag()) <= 1e-6 * (1.0 + std::abs(z.real()))) {
            thetas[nth++] = 2.0 * std::atan(z.real());
          }
        }
      }
    }
    thetas[nth++] = kPi;  // t = ∞, a root when P4 = 0
  } else {
    // g ≡ 0 (e.g. q = 0): no isolated sliding direction.
    return 0;
  }
  int count = 0;
  for (int k = 0; k < nth; ++k) {
    double th = thetas[k];
    // Newton polish on g.
    for (int it = 0; it < 8; ++it) {
      const double d = dg(th);
      if (d == 0.0) break;
      const double step = g(th) / d;
      if (!std::isfinite(step) || std::abs(step) > 0.5) break;
      th -= step;
      if (std::abs(step) < 1e-15) break;
    }
    if (std::abs(g(th)) > 1e-8 * gscale) continue;
    const double c = std::cos(th), s = std::sin(th);
    const double den = m11 / mu + m12 * c + m13 * s;
    if (den == 0.0) continue;
    const double rr = -q1 / den;
    if (!(rr > 0.0) || !std::isfinite(rr)) continue;
    FcVector<3> R(rr / mu, rr * c, rr * s);
    const FcVector<3> U = W * R + q;
    const double alpha = -(U[1] * c + U[2] * s) / rr;
    if (!(alpha >= 0.0)) continue;
    bool duplicate = false;
    for (int j = 0; j < count; ++j)
      if ((candidates[j] - R).norm() <= 1e-12 * (1.0 + R.norm())) duplicate = true;
    if (!duplicate) candidates[count++] = R;
  }
  return count;
}

namespace {

// The sticking solution r = −W⁻¹q (u = W r + q = 0), offered to best when the starting r is
// strictly inside the cone (the contact was sticking) and the candidate is inside the cone too;
// true when it was offered. docs/numerics/friction-contact-local.md, "Stick candidate".
template <int D>
bool stickCandidate(const FcMatrix<D>& W, const FcVector<D>& q, const ContactLaw& law,
                    const FcVector<D>& r, Best<D>& best) {
  if (law.tresca || !(r[0] > 0.0) || !(r.template tail<D - 1>().norm() < law.mu * r[0]))
    return false;
  const double det = W.determinant();
  if (!std::isfinite(det) || det == 0.0) return false;
  const FcVector<D> x = -(W.inverse() * q);
  if (!(x[0] > 0.0) || !(x.template tail<D - 1>().norm() <= law.mu * x[0])) return false;
  best.offer(x, localContactError<D>(W, q, law, x));
  return true;
}

}  // namespace

template <int D>
LocalSolverReport solveLocalContact(LocalSolverKind kind, const FcMatrix<D>& W,
                                    const FcVector<D>& q, const ContactLaw& law, FcVector<D>& r,
                                    const LocalSolverOptions& options) {
  LocalSolverReport report;
  if (!r.allFinite()) r.setZero();
  Best<D> best;
  best.r = FcVector<D>::Zero();
  const double startError = localContactError<D>(W, q, law, r);
  best.offer(r, startError);
  if (best.error <= options.tolerance) {
    report.converged = true;
    report.error = best.error;
    return report;
  }
  const double tol = options.tolerance;
  int iterations = 0;
  // ρ of the Newton solvers: the caller's (NSGS computes it once per contact and solve) or
  // the default of W, computed at most once here.
  double rhoN = options.rhoN, rhoT = options.rhoT;
  const auto rho = [&] {
    if (!(rhoN > 0.0 && rhoT > 0.0)) alartCurnierDefaultRho<D>(W, rhoN, rhoT);
  };
  if (kind == LocalSolverKind::Quartic) {
    best.offer(FcVector<D>::Zero(), localContactError<D>(W, q, law, FcVector<D>::Zero()));
    if constexpr (D == 2) {
      enumerate2d(W, q, law, best);
    } else {
      if (!law.tresca) {
        Eigen::FullPivLU<FcMatrix<D>> lu(W);
        if (lu.isInvertible()) {
          const FcVector<D> x = lu.solve(-q);
          best.offer(x, localContactError<D>(W, q, law, x));
        }
        FcVector<3> cands[5];
        const int n = quarticSlidingCandidates(W, q, law.mu, cands);
        for (int k = 0; k < n; ++k) best.offer(cands[k], localContactError<D>(W, q, law, cands[k]));
      }
    }
    iterations = 1;
    if (best.error > tol) {  // polish (round-off) or Tresca 3D: Newton from the best candidate
      FcVector<D> x = best.r;
      bool stalled = false;
      rho();
      iterations += newtonIterations<D>(LocalSolverKind::AlartCurnier, W, q, law, x,
                                        options.maxIterations, tol, best, stalled, rhoN, rhoT);
    }
  } else if (kind == LocalSolverKind::Projection) {
    FcVector<D> x = r;
    iterations = projectionIterations<D>(W, q, law, x, options.maxIterations, tol, best);
  } else {
    if (options.stickCandidate && stickCandidate<D>(W, q, law, r, best) && best.error <= tol) {
      r = best.r;
      report.iterations = 1;
      report.error = best.error;
      report.converged = true;
      return report;
    }
    FcVector<D> x = r;
    bool stalled = false;
    rho();
    iterations = newtonIterations<D>(kind, W, q, law, x, options.maxIterations, tol, best, stalled,
                                     rhoN, rhoT, startError);
    if (best.error > tol) {
      // Hybrid: projection from the best point, then Newton again from there.
      FcVector<D> y = best.r;
      iterations += projectionIterations<D>(W, q, law, y, options.fallbackIterations, tol, best);
      if (best.error > tol) {
        FcVector<D> z = best.r;
        iterations += newtonIterations<D>(kind, W, q, law, z, options.maxIterations, tol, best,
                                          stalled, rhoN, rhoT);
      }
    }
  }
  r = best.r;
  if (rhoN > 0.0 && rhoT > 0.0) {
    report.rhoN = rhoN;
    report.rhoT = rhoT;
  }
  report.iterations = iterations;
  report.error = best.error;
  report.converged = best.error <= tol;
  return report;
}

// ---------------------------------------------------------------------------
// Explicit instantiations
// ---------------------------------------------------------------------------

#define MOREAU_FC_LOCAL_INSTANTIATE(D)                                                            \
  template FcVector<D> projectOnCone<D>(const FcVector<D>&, double);                              \
  template FcMatrix<D> projectOnConeJacobian<D>(const FcVector<D>&, double);                      \
  template FcVector<D> projectOnCylinder<D>(const FcVector<D>&, double);                          \
  template FcVector<D> projectOnLawSet<D>(const FcVector<D>&, const ContactLaw&);                 \
  template FcVector<D> deSaxceVelocity<D>(const FcVector<D>&, double);                            \
  template FcMatrix<D> deSaxceVelocityJacobian<D>(const FcVector<D>&, double);                    \
  template bool isInCone<D>(const FcVector<D>&, double, double);                                  \
  template FcVector<D> naturalMap<D>(const FcVector<D>&, const FcVector<D>&, double, double);     \
  template void naturalMapJacobian<D>(const FcVector<D>&, const FcVector<D>&, double, double,     \
                                      FcVector<D>&, FcMatrix<D>&, FcMatrix<D>&);                  \
  template double contactErrorSquared<D>(const FcVector<D>&, const FcVector<D>&, double);         \
  template double contactErrorSquaredTresca<D>(const FcVector<D>&, const FcVector<D>&, double);   \
  template FcVector<D> alartCurnierFunction<D>(const FcVector<D>&, const FcVector<D>&, double,    \
                                               double, double);                                   \
  template void alartCurnierJacobian<D>(const FcVector<D>&, const FcVector<D>&, double, double,   \
                                        double, FcVector<D>&, FcMatrix<D>&, FcMatrix<D>&);        \
  template FcVector<D> alartCurnierFunctionTresca<D>(const FcVector<D>&, const FcVector<D>&,      \
                                                     double, double, double);                     \
  template void alartCurnierJacobianTresca<D>(const FcVector<D>&, const FcVector<D>&, double,     \
                                              double, double, FcVector<D>&, FcMatrix<D>&,         \
                                              FcMatrix<D>&);                                      \
  template void alartCurnierDefaultRho<D>(const FcMatrix<D>&, double&, double&);                  \
  template FcVector<D> fischerBurmeisterSoc<D>(const FcVector<D>&, const FcVector<D>&);           \
  template void fischerBurmeisterSocJacobian<D>(const FcVector<D>&, const FcVector<D>&,           \
                                                FcVector<D>&, FcMatrix<D>&, FcMatrix<D>&);        \
  template FcVector<D> fischerBurmeisterFunction<D>(const FcVector<D>&, const FcVector<D>&,       \
                                                    double);                                      \
  template void fischerBurmeisterJacobian<D>(const FcVector<D>&, const FcVector<D>&, double,      \
                                             FcVector<D>&, FcMatrix<D>&, FcMatrix<D>&);           \
  template double localContactError<D>(const FcMatrix<D>&, const FcVector<D>&, const ContactLaw&, \
                                       const FcVector<D>&);                                       \
  template LocalSolverReport solveLocalContact<D>(LocalSolverKind, const FcMatrix<D>&,            \
                                                  const FcVector<D>&, const ContactLaw&,          \
                                                  FcVector<D>&, const LocalSolverOptions&);

MOREAU_FC_LOCAL_INSTANTIATE(2)
MOREAU_FC_LOCAL_INSTANTIATE(3)

#undef MOREAU_FC_LOCAL_INSTANTIATE

}  // namespace moreau::numerics
