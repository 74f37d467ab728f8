#pragma once
// Solver names are case-insensitive everywhere: the drivers (solveLcp,
// solveMlcp, solveRelay, solveFrictionContact, solveFrictionContactGlobal), the
// kernel's one-step problems and moreau-solve all compare the canonical form
// given by normalizeSolverName, against the same name lists (lcpSolverNames()
// ...), so an alias such as "nsgs-sbm" is accepted wherever its kind is. A
// name that is not in the list is rejected with unknownSolverMessage (numerics:
// std::invalid_argument; kernel: ModelError).

#include <string>
#include <vector>

namespace moreau::numerics {

/// Canonical form of a solver name: ASCII lower case ("Lemke" -> "lemke"),
/// independent of the global locale; no other change (no trimming).
std::string normalizeSolverName(const std::string& name);

/// "<who>: unknown solver '<name>' (known: a, b, c)" with `name` as given by
/// the user and `known` the canonical names of the kind.
std::string unknownSolverMessage(const std::string& who, const std::string& name,
                                 const std::vector<std::string>& known);

}  // namespace moreau::numerics
