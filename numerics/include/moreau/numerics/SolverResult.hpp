#pragma once
// Outcome of a numerics solver call: status, error (the Siconos measure of the
// problem kind), iterations and which solver produced it.

#include <string>

namespace moreau::numerics {

/// How a solver call ended. A solver never exits nor throws on a hard problem:
/// it reports one of these.
enum class SolverStatus {
  Converged,      ///< error <= tolerance
  MaxIterations,  ///< the iteration budget ran out before error <= tolerance
  Failed          ///< the method broke down (ray termination, singular pivot, NaN...); see message
};

/// "converged", "max-iterations" or "failed".
const char* toString(SolverStatus status);

/// Outcome of a numerics solver call: status, error (the Siconos measure of the problem kind),
/// iterations and which solver produced it.
struct SolverResult {
  /// How the call ended (Failed until a solver sets it).
  SolverStatus status = SolverStatus::Failed;
  double error = 0.0;   ///< final error, Siconos measure (see docs/numerics/lcp.md)
  int iterations = 0;   ///< iterations (pivots for Lemke, sweeps for PGS)
  std::string solver;   ///< name of the solver that produced this result
  std::string message;  ///< reason of a failure, empty otherwise

  /// True when status is Converged.
  bool converged() const { return status == SolverStatus::Converged; }
};

}  // namespace moreau::numerics
