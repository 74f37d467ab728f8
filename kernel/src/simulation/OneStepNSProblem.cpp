#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/numerics/SolverName.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace moreau {

OneStepNSProblem::~OneStepNSProblem() = default;

void OneStepNSProblem::setNumericsSolverOptions(const numerics::SolverOptions& options) {
  numerics::SolverOptions checked = options;
  const std::string name = numerics::normalizeSolverName(options.solver);
  const auto names = solverNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw ModelError(numerics::unknownSolverMessage(typeName(), options.solver, names));
  checked.solver = name;
  try {
    checked.validate();
  } catch (const std::invalid_argument& e) {
    throw ModelError(std::string(typeName()) + ": invalid numerics solver options: " + e.what());
  }
  options_ = std::move(checked);
}

void OneStepNSProblem::setSolver(const std::string& solver) {
  numerics::SolverOptions options = options_;
  options.solver = solver;
  setNumericsSolverOptions(options);
}

void OneStepNSProblem::setTolerance(double tolerance) {
  numerics::SolverOptions options = options_;
  options.tolerance = tolerance;
  setNumericsSolverOptions(options);
}

void OneStepNSProblem::setMaxIterations(int maxIterations) {
  numerics::SolverOptions options = options_;
  options.maxIterations = maxIterations;
  setNumericsSolverOptions(options);
}

void OneStepNSProblem::setDefaultSolver(const std::string& solver) {
  setSolver(solver);
  result_ = numerics::SolverResult();
  result_.status = numerics::SolverStatus::Converged;
  result_.solver = options_.solver;
}

}  // namespace moreau
