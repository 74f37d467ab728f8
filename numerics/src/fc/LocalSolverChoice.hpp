#pragma once
// The local friction-contact solver chosen by SolverOptions (internal; used by NSGS and the
// generic mechanical solver, the two callers of solveLocalContact with a user's options).
#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>

#include <string>

namespace moreau::numerics {

/// SolverOptions::fcLocalSolver: "ac", "fb", "projection", "quartic"; anything else ("default")
/// is "ac" in 3D and the exact "quartic" enumeration in 2D.
inline LocalSolverKind parseLocalSolver(const std::string& s, int dimension) {
  if (s == "ac") return LocalSolverKind::AlartCurnier;
  if (s == "fb") return LocalSolverKind::FischerBurmeister;
  if (s == "projection") return LocalSolverKind::Projection;
  if (s == "quartic") return LocalSolverKind::Quartic;
  return dimension == 2 ? LocalSolverKind::Quartic : LocalSolverKind::AlartCurnier;
}

/// LocalSolverOptions from SolverOptions' fcLocal* fields and fcStickCandidate (ρ and the
/// fallback budget keep their defaults).
inline LocalSolverOptions localSolverOptions(const SolverOptions& options) {
  LocalSolverOptions local;
  local.tolerance = options.fcLocalTolerance;
  local.maxIterations = options.fcLocalMaxIterations;
  local.stickCandidate = options.fcStickCandidate;
  return local;
}

}  // namespace moreau::numerics
