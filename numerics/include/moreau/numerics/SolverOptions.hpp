#pragma once
// Options shared by the numerics solvers (Ceres-style plain struct with
// documented defaults and a validate()).

#include <string>

namespace moreau::numerics {

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

  /// Throws std::invalid_argument naming the first out-of-range field.
  void validate() const;
};

}  // namespace moreau::numerics
