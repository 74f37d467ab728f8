#pragma once
// Solver names are case-insensitive everywhere: the drivers (solveLcp, ...),
// the kernel's one-step problems and moreau-solve all compare their canonical
// form.

#include <string>

namespace moreau::numerics {

/// Canonical form of a solver name: ASCII lower case ("Lemke" -> "lemke"),
/// independent of the global locale.
std::string normalizeSolverName(const std::string& name);

}  // namespace moreau::numerics
