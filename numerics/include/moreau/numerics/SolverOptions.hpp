#pragma once
// Options shared by the numerics solvers (Ceres-style plain struct with
// documented defaults and a validate()).

#include <string>
#include <vector>

namespace moreau::numerics {

/// Options shared by the numerics solvers (a plain struct with documented defaults, checked by
/// validate()). Each field applies to the solvers named in its comment; the others ignore it.
struct SolverOptions {
  /// Solver name for the drivers (e.g. solveLcp): "lemke", "pgs".
  std::string solver = "lemke";
  /// Stopping tolerance on the problem's error measure (dimensionless, > 0).
  double tolerance = 1e-8;
  /// Iteration budget (pivots for pivoting methods, sweeps for splitting methods), >= 1.
  int maxIterations = 10000;
  /// Relaxation factor ω of PGS/PSOR, in (0, 2). 1 is plain Gauss–Seidel.
  double relaxation = 1.0;
  /// 0 silent, 1 summary on stderr, 2 per-iteration trace on stderr.
  int verbosity = 0;
  /// Threads of the solvers that can use several (NSGS with fcColoring), >= 1. The result
  /// does not depend on it (bitwise). The kernel's problems set it to
  /// Simulation::numberOfThreads(). Default 1.
  int threads = 1;

  // --- LCP (docs/numerics/lcp.md) ---
  /// Largest problem size n accepted by the enumerative LCP solver "enum", which
  /// may try all 2^n complementary bases; in [1, 40]. Larger problems get Failed.
  int enumerationMaxSize = 25;

  // --- Friction contact, local solvers and NSGS (docs/numerics/friction-contact-local.md) ---
  /// Local (one-contact) solver of NSGS: "default" (3D: "ac", 2D: "quartic",
  /// the exact 2D enumeration), "ac" (Alart–Curnier Newton + line search +
  /// projection fallback), "fb" (Fischer–Burmeister Newton), "projection",
  /// "quartic" (closed form; 2D: exact take-off/stick/slide enumeration).
  std::string fcLocalSolver = "default";
  /// Stopping tolerance of the local solver (dimensionless, > 0). Default 1e-14.
  double fcLocalTolerance = 1e-14;
  /// Iteration budget of the local solver (>= 1). Default 50.
  int fcLocalMaxIterations = 50;
  /// Newton local solvers ("ac", "fb"): try the sticking solution r = −W_ii⁻¹q_i first when
  /// the contact's current reaction is strictly inside the cone
  /// (LocalSolverOptions::stickCandidate; docs/numerics/friction-contact-local.md, "Stick
  /// candidate"). Default true; false gives the Newton iterates of earlier versions.
  bool fcStickCandidate = true;
  /// NSGS: visit the contacts in a random order, reshuffled every sweep, from
  /// std::mt19937(fcSeed) (deterministic). Default false (natural order).
  bool fcShuffle = false;
  /// Seed of the contact shuffling (any value). Default 0.
  unsigned fcSeed = 0;
  /// NSGS (plain and coloured): choose the relaxation factor ω sweep by sweep instead of
  /// `relaxation` (docs/numerics/friction-contact-local.md, "Adaptive relaxation"). The
  /// first 24 sweeps are plain (ω = 1): a solve that converges within them is bitwise that
  /// of plain NSGS. After them, ω ∈ [1, 1.9] grows while the sweeps converge slowly and
  /// steadily (Young's SOR estimate from the measured rate), goes back to its previous
  /// value for good when they diverge or slow down, and the returned iterate comes from a
  /// plain sweep. For slowly converging solves such as granular piles in motion; the
  /// error and status mean what they mean without it. Default false.
  bool fcAdaptiveRelaxation = false;
  /// NSGS (plain and coloured): Anderson acceleration of depth m of the sweeps, in [0, 10]
  /// (docs/numerics/friction-contact-local.md, "Anderson acceleration"). 0: off (default).
  /// After 24 plain sweeps (a solve that converges within them is bitwise that of plain
  /// NSGS), each iterate is extrapolated from the last m sweeps (type II, restarted when the
  /// sweep's change ‖Δr‖ does not decrease) and projected on the cones. 1–2 suit jammed
  /// piles (3.5–5× fewer sweeps measured). Excludes fcAdaptiveRelaxation.
  int fcAndersonDepth = 0;
  /// NSGS over a colouring of the contacts (docs/numerics/friction-contact-local.md, "Coloured
  /// NSGS"): the contacts are split into colours of contacts with no coupling block W_ij
  /// between them (greedy, in index order, from W's block pattern); a sweep visits the colours
  /// in order, and the contacts of one colour on `threads` threads. Another visiting order
  /// than plain NSGS (another iterate sequence), the same for every thread count. Needs W in
  /// sparse-block storage (other storages: the natural order). Excludes fcShuffle. Default
  /// false.
  bool fcColoring = false;
  /// NSGS freezing: a contact whose reaction moved by less than
  /// tolerance·‖r‖/√nc in a sweep is skipped for this many sweeps (>= 0,
  /// 0 = off, default). Frozen contacts are revisited before convergence is declared.
  int fcFreezeSweeps = 0;
  /// NSGS error evaluation: "light-with-full-final" (default, Siconos
  /// LIGHT_WITH_FULL_FINAL: ‖Δr‖/‖r‖ every sweep, full error when it drops below
  /// the tolerance, light tolerance tightened when the full error is too large),
  /// "full" (full error every sweep) or "light" (only ‖Δr‖/‖r‖; the returned
  /// error is still the full one).
  std::string fcErrorEvaluation = "light-with-full-final";
  /// Tresca instead of Coulomb for the NSGS solvers: the tangential reaction is
  /// bounded by the fixed fcTrescaThresholds[i] (>= 0, one per contact) and the
  /// error is the Tresca error (fcComputeErrorTresca). Default false.
  bool fcTresca = false;
  /// Tresca thresholds (>= 0, one per contact), used when fcTresca is true.
  std::vector<double> fcTrescaThresholds;

  // --- Friction contact, global solvers (docs/numerics/friction-contact-global.md) ---
  /// Line search of the global Newton solvers on ½‖Φ‖²: "goldstein" (default),
  /// "armijo" or "none" (full steps).
  std::string fcLineSearch = "goldstein";
  /// Non-monotone memory M of the global Newton line search: the reference merit
  /// is the max of the last M merits; in [1, 100], 1 = monotone (default; the
  /// data files favour it), 5–10 may help when the merit oscillates.
  int fcNonMonotoneMemory = 1;
  /// Hybrid strategy of the global Newton solvers: projected Gauss–Seidel
  /// sweeps when the Newton direction or line search fails. Default true.
  bool fcHybrid = true;
  /// Linear solver of the global Newton/ADMM: "auto" (dense LU for small dense
  /// W, UMFPACK otherwise), "umfpack", "klu", "eigenlu" or "dense".
  std::string fcLinearSolver = "auto";
  /// Fixed ρ (dimensionless scaling, > 0) of the Newton/fixed-point solvers for
  /// every contact; 0 (default) = per-contact split spectral norm rule.
  double fcRho = 0.0;
  /// Initial proximal parameter σ (units of W, > 0) of "prox"; 0 (default) =
  /// automatic (the mean diagonal of W).
  double fcProxSigma = 0.0;

  // --- Friction contact, stall detection (docs/numerics/friction-contact.md) ---
  /// Stall test of the iterative friction-contact solvers (NSGS family, Newton,
  /// prox, ADMM, fpp, eg, desaxce-fp): at an iteration k >= fcStallWindow where
  /// the error is measured, the solver stops when its best error has not been
  /// divided by fcStallFactor over the last max(fcStallWindow, k/2) iterations,
  /// and returns its best iterate with status MaxIterations and a message starting
  /// with "stalled". NSGS then measures the full error every max(1, window/10)
  /// sweeps. >= 0; 0 = off (default; "auto" sets it per method).
  int fcStallWindow = 0;
  /// Decrease factor (> 1) the best error must achieve over the stall window. Default 10.
  double fcStallFactor = 10.0;

  // --- Global friction contact M v = q + H r (docs/numerics/global-friction-contact.md) ---
  /// Local friction-contact solver used by the global "reduce" method on
  /// W = Hᵀ M⁻¹ H (any name of frictionContactSolverNames(dimension); checked by
  /// the global driver). Default "auto".
  std::string gfcLocalSolver = "auto";
  /// Sparse factorization of M ("reduce") and of M + ρ H Hᵀ ("admm"): "auto"
  /// (for "reduce", dense Cholesky/LU per block when M is block diagonal with
  /// blocks of at most 64 rows; otherwise CHOLMOD, then UMFPACK LU, then Eigen
  /// SparseLU when the matrix is not symmetric positive definite), "cholmod",
  /// "umfpack", "klu" or "eigenlu".
  std::string gfcLinearSolver = "auto";
  /// Initial ADMM penalty ρ (units of M per H², > 0); 0 (default) = automatic,
  /// trace(M) / ‖H‖_F².
  double gfcAdmmRho = 0.0;
  /// ADMM residual balancing: ρ doubled/halved (and M + ρ H Hᵀ refactorized)
  /// when the primal and dual residuals differ by more than 10×. Default true.
  bool gfcAdmmAdaptiveRho = true;
  /// ADMM acceleration with restart (extrapolated multiplier and splitting
  /// variable, momentum dropped when the combined residual stops decreasing).
  /// Default true.
  bool gfcAdmmAcceleration = true;

  /// Throws std::invalid_argument naming the first out-of-range field.
  void validate() const;
};

}  // namespace moreau::numerics
