#pragma once
// Per-contact building blocks of the friction-contact solvers (2D and 3D), see
// docs/numerics/friction-contact-local.md.
//
// One contact of dimension D (2 or 3): reaction r = (r_N, r_T), local velocity
// u = (u_N, u_T), r_T and u_T have D-1 entries. Coulomb cone
// K_μ = {‖r_T‖ <= μ r_N}, dual cone K_μ* = {μ‖u_T‖ <= u_N}, De Saxcé velocity
// ũ = u + μ‖u_T‖ e_N; the law is K_μ ∋ r ⊥ ũ ∈ K_μ*. Tresca variants replace
// the disk of radius μ r_N by a disk of fixed radius g >= 0 (the "threshold").
//
// Everything here is allocation-free (fixed-size Eigen types), deterministic,
// and defined for D = 2 and D = 3 (explicit instantiations in
// numerics/src/fc/LocalContact.cpp). At the nonsmooth points the generalized
// Jacobians return one element of the (Clarke/B-) subdifferential, chosen
// from one side of the kink; every choice is documented per function.

#include <Eigen/Dense>

namespace moreau::numerics {

/// Vector of one contact of dimension D (2 or 3): normal component first.
template <int D>
using FcVector = Eigen::Matrix<double, D, 1>;
/// D × D matrix of one contact (e.g. the Delassus block W_ii).
template <int D>
using FcMatrix = Eigen::Matrix<double, D, D>;

// ---------------------------------------------------------------------------
// Cones, projections, De Saxcé map
// ---------------------------------------------------------------------------

/// Euclidean projection of x on the Coulomb cone K_μ (μ >= 0; μ = 0 is the
/// half-line r_T = 0, r_N >= 0). Exact in 2D and 3D.
template <int D>
FcVector<D> projectOnCone(const FcVector<D>& x, double mu);

/// A generalized Jacobian of projectOnCone at x (interior: I; polar cone: 0;
/// otherwise the derivative of the boundary formula; at the kinks the value of
/// the "boundary" branch is returned).
template <int D>
FcMatrix<D> projectOnConeJacobian(const FcVector<D>& x, double mu);

/// Projection of x on the Tresca cylinder {x_N >= 0, ‖x_T‖ <= g} (g >= 0).
template <int D>
FcVector<D> projectOnCylinder(const FcVector<D>& x, double threshold);

/// De Saxcé velocity ũ = u + μ‖u_T‖ e_N.
template <int D>
FcVector<D> deSaxceVelocity(const FcVector<D>& u, double mu);

/// d ũ / d u = I + μ e_N (u_T/‖u_T‖)^T (the tangential columns are 0 when u_T = 0).
template <int D>
FcMatrix<D> deSaxceVelocityJacobian(const FcVector<D>& u, double mu);

/// True when ‖x_T‖ <= μ x_N + tol (tol >= 0 absolute).
template <int D>
bool isInCone(const FcVector<D>& x, double mu, double tol = 0.0);

// ---------------------------------------------------------------------------
// Natural map (the Siconos error measure is built on it with ρ = 1)
// ---------------------------------------------------------------------------

/// F_NM(r, u) = r − P_{K_μ}(r − ρ ũ(u)); zero iff the Coulomb law holds (ρ > 0).
template <int D>
FcVector<D> naturalMap(const FcVector<D>& r, const FcVector<D>& u, double mu, double rho = 1.0);

/// F_NM and a generalized Jacobian: dFdr = ∂F/∂r, dFdu = ∂F/∂u (u as an
/// independent variable; for u = W r + q the total derivative is dFdr + dFdu W).
template <int D>
void naturalMapJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu, double rho,
                        FcVector<D>& F, FcMatrix<D>& dFdr, FcMatrix<D>& dFdu);

/// Squared Siconos per-contact error ‖r − P_{K_μ}(r − ũ)‖² (natural map, ρ = 1).
template <int D>
double contactErrorSquared(const FcVector<D>& r, const FcVector<D>& u, double mu);

/// Tresca analogue: ‖r − P_{C_g}(r − u)‖² on the cylinder C_g (no De Saxcé shift).
template <int D>
double contactErrorSquaredTresca(const FcVector<D>& r, const FcVector<D>& u, double threshold);

// ---------------------------------------------------------------------------
// Alart–Curnier (dev-notes §5.2, restitution term not used: e = 0)
// ---------------------------------------------------------------------------
// With s = r_N − ρ_N u_N and x = r_T − ρ_T u_T:
//   Φ_N = r_N − max(0, s),
//   Φ_T = r_T − P_{D(μ max(0, s))}(x)             (Coulomb),
//   Φ_T = r_T − P_{D(g)}(x)                       (Tresca, fixed radius g).
// Φ = 0 iff the contact law holds (ρ_N, ρ_T > 0). The Jacobian is returned as
// A = ∂Φ/∂u and B = ∂Φ/∂r (D×D each), branches of dev-notes §5.2:
//   s < 0 (take-off): Φ_N = r_N, Φ_T = r_T;
//   ‖x‖ <= μ s (stick); ‖x‖ > μ max(0,s) with s > 0 (slide);
//   s >= 0 but radius 0 (μ = 0): Φ_T = r_T.
// At s = 0 the "s >= 0" branch is used, at ‖x‖ = μ s the stick branch.

/// Alart–Curnier function Φ_AC(r, u) (Coulomb, friction coefficient mu >= 0, ρ_N = rhoN > 0,
/// ρ_T = rhoT > 0); zero iff the contact law holds.
template <int D>
FcVector<D> alartCurnierFunction(const FcVector<D>& r, const FcVector<D>& u, double mu, double rhoN,
                                 double rhoT);

/// Φ_AC into phi and its generalized Jacobian A = ∂Φ/∂u, B = ∂Φ/∂r (branches as described above).
template <int D>
void alartCurnierJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu, double rhoN,
                          double rhoT, FcVector<D>& phi, FcMatrix<D>& A, FcMatrix<D>& B);

/// Tresca variant of alartCurnierFunction: tangential disk of fixed radius threshold (>= 0).
template <int D>
FcVector<D> alartCurnierFunctionTresca(const FcVector<D>& r, const FcVector<D>& u, double threshold,
                                       double rhoN, double rhoT);

/// Tresca variant of alartCurnierJacobian.
template <int D>
void alartCurnierJacobianTresca(const FcVector<D>& r, const FcVector<D>& u, double threshold,
                                double rhoN, double rhoT, FcVector<D>& phi, FcMatrix<D>& A,
                                FcMatrix<D>& B);

/// Default ρ for a contact with Delassus block Wii (the "split spectral"
/// rule): ρ_N = 1/W_NN, ρ_T = 1/‖W_TT‖₂ (falls back to 1 for non-positive or
/// non-finite values).
template <int D>
void alartCurnierDefaultRho(const FcMatrix<D>& Wii, double& rhoN, double& rhoT);

// ---------------------------------------------------------------------------
// Fischer–Burmeister on second-order cones
// ---------------------------------------------------------------------------
// The Coulomb cone is mapped on the self-dual Lorentz cone L = {x_0 >= ‖x_1‖}:
// x = (μ r_N, r_T) ∈ L iff r ∈ K_μ, y = (ũ_N, μ ũ_T) ∈ L iff ũ ∈ K_μ*, and
// x·y = μ r·ũ. Then Φ_FB(r, u) = x + y − (x∘x + y∘y)^{1/2} (Jordan product
// a∘b = (a·b, a_0 b_1 + b_0 a_1)), zero iff the Coulomb law holds (μ > 0; for
// μ = 0 the normal part is the scalar FB function and Φ_T = r_T).
// Generalized Jacobian: where w = x∘x + y∘y is in the interior of L,
// d√w = L_z^{-1} dw (z = √w, L_z the arrow matrix); on the boundary of L a
// limit element is used (z_0 bumped by 1e-12·(1+‖w‖)), at w = 0 the element
// with the scalar-FB value (1 − 1/√2) I on both x and y.

/// φ(x, y) = x + y − (x∘x + y∘y)^{1/2} on the Lorentz cone of dimension D.
template <int D>
FcVector<D> fischerBurmeisterSoc(const FcVector<D>& x, const FcVector<D>& y);

/// φ and generalized Jacobians dx = ∂φ/∂x, dy = ∂φ/∂y.
template <int D>
void fischerBurmeisterSocJacobian(const FcVector<D>& x, const FcVector<D>& y, FcVector<D>& phi,
                                  FcMatrix<D>& dx, FcMatrix<D>& dy);

/// Φ_FB(r, u) for one contact (with the scaling above and ũ = u + μ‖u_T‖e_N).
template <int D>
FcVector<D> fischerBurmeisterFunction(const FcVector<D>& r, const FcVector<D>& u, double mu);

/// Φ_FB and A = ∂Φ/∂u, B = ∂Φ/∂r.
template <int D>
void fischerBurmeisterJacobian(const FcVector<D>& r, const FcVector<D>& u, double mu,
                               FcVector<D>& phi, FcMatrix<D>& A, FcMatrix<D>& B);

// ---------------------------------------------------------------------------
// Single-contact solvers: find r with u = W r + q satisfying the contact law
// ---------------------------------------------------------------------------

/// The law of one contact: Coulomb with coefficient mu, or (tresca = true) a
/// fixed friction threshold g >= 0 (‖r_T‖ <= g, r_N >= 0 ⊥ u_N >= 0, r_T = −g
/// u_T/‖u_T‖ when sliding).
struct ContactLaw {
  /// Coulomb friction coefficient (>= 0).
  double mu = 0.0;
  /// True for the Tresca law (fixed threshold instead of mu r_N).
  bool tresca = false;
  /// Tresca threshold g (>= 0), used when tresca is true.
  double threshold = 0.0;
};

/// Projection of x on the admissible set of the law: the cone K_μ (projectOnCone) or, for
/// Tresca, the cylinder of radius g (projectOnCylinder).
template <int D>
FcVector<D> projectOnLawSet(const FcVector<D>& x, const ContactLaw& law);

/// Method of solveLocalContact.
enum class LocalSolverKind {
  AlartCurnier,  ///< generalized Newton on Φ_AC, Armijo backtracking on ½‖Φ‖², projection fallback
  FischerBurmeister,  ///< generalized Newton on Φ_FB (Coulomb only; Tresca uses AlartCurnier), same
                      ///< line search
  Projection,  ///< fixed point r ← P(r − ρ ũ) with self-adaptive ρ
  Quartic,     ///< closed form: take-off, stick, then slide (3D: quartic in tan(θ/2); 2D: ±)
};

/// Options of solveLocalContact.
struct LocalSolverOptions {
  double tolerance = 1e-14;  ///< on the local error ‖F_NM‖ / max(1, ‖q‖, ‖r‖, ‖u‖)
  int maxIterations = 50;    ///< Newton iterations / projection steps
  /// Projection fallback of the Newton solvers when they fail (steps).
  int fallbackIterations = 200;
  /// ρ_N, ρ_T of the Alart–Curnier Newton solver when both are > 0 (a caller solving the same
  /// W many times passes alartCurnierDefaultRho(W) computed once); otherwise computed from W.
  ///@{
  double rhoN = 0.0;
  double rhoT = 0.0;
  ///@}
  /// Newton solvers ("ac", "fb", Coulomb law): when the starting r is strictly inside the cone,
  /// first try the sticking solution r = −W⁻¹q (u = 0); it is returned (1 iteration) when it
  /// is inside the cone and its local error is within the tolerance, else Newton starts from
  /// r as without it. docs/numerics/friction-contact-local.md, "Stick candidate".
  bool stickCandidate = true;
};

/// Outcome of solveLocalContact.
struct LocalSolverReport {
  /// True when the local error is below LocalSolverOptions::tolerance.
  bool converged = false;
  /// Iterations (Newton steps or projection steps) done.
  int iterations = 0;
  double error = 0.0;  ///< final local error (scaled as in LocalSolverOptions::tolerance)
  /// ρ_N, ρ_T used by the Newton solver (the options' or computed), 0 when it did not run.
  ///@{
  double rhoN = 0.0;
  double rhoT = 0.0;
  ///@}
};

/// Local error used by the local solvers: ‖r − P(r − ũ)‖ / max(1, ‖q‖, ‖r‖, ‖u‖)
/// with u = W r + q (Coulomb) or the Tresca analogue.
template <int D>
double localContactError(const FcMatrix<D>& W, const FcVector<D>& q, const ContactLaw& law,
                         const FcVector<D>& r);

/// Solves one contact; r is the warm start and the answer. Never throws, never
/// returns a non-finite r (falls back to the warm start or 0).
template <int D>
LocalSolverReport solveLocalContact(LocalSolverKind kind, const FcMatrix<D>& W,
                                    const FcVector<D>& q, const ContactLaw& law, FcVector<D>& r,
                                    const LocalSolverOptions& options = {});

/// Closed-form 3D sliding candidates of dev-notes §5.1 (rederived without the
/// eigen-rotation): all r on ∂K_μ \ {0} with u_N = 0 and u_T = −α r_T, α > 0.
/// Returns their number (<= 5: the quartic's real roots plus θ = π); used by
/// Quartic and exposed for tests.
int quarticSlidingCandidates(const FcMatrix<3>& W, const FcVector<3>& q, double mu,
                             FcVector<3> candidates[5]);

}  // namespace moreau::numerics
