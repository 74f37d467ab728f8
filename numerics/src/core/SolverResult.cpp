#include <moreau/numerics/SolverResult.hpp>

namespace moreau::numerics {

const char* toString(SolverStatus status) {
  switch (status) {
    case SolverStatus::Converged:
      return "converged";
    case SolverStatus::MaxIterations:
      return "max-iterations";
    case SolverStatus::Failed:
      return "failed";
  }
  return "failed";
}

}  // namespace moreau::numerics
