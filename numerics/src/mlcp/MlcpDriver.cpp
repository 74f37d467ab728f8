// MLCP driver and the "auto" chain, docs/numerics/mlcp.md ("auto").
#include "SolverCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace moreau::numerics {

namespace {

using Index = Eigen::Index;
using SolverFn = SolverResult (*)(const MixedLinearComplementarityProblem&, Eigen::VectorXd&,
                                  Eigen::VectorXd&, const SolverOptions&);

// Complementarity rows up to which "auto" starts with the enumeration.
constexpr Index kAutoEnumMax = 12;
// Newton iteration cap inside "auto" (fallbacks follow).
constexpr int kAutoNewtonMax = 200;

SolverResult mlcpAuto(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  problem.validate();
  const Index m = problem.m();

  std::vector<chain_detail::ChainStep<MixedLinearComplementarityProblem>> chain;
  chain.reserve(4);  // the longest chain below: one allocation per solve
  const auto step = [&](const char* name, SolverFn fn, int maxIterations) {
    chain.push_back(
        mlcp_detail::autoStep<MixedLinearComplementarityProblem>(name, fn, maxIterations, options));
  };
  const int enumBudget =
      m < 31 ? std::max(options.maxIterations, 1 << static_cast<int>(m)) : options.maxIterations;
  const bool smallM = m <= std::min<Index>(kAutoEnumMax, options.enumerationMaxSize);
  if (smallM) step("enum", &mlcpEnum, enumBudget);
  step("newton-fb", &mlcpNewtonFb, std::min(options.maxIterations, kAutoNewtonMax));
  step("lemke", &mlcpLemke, options.maxIterations);
  step("pgs", &mlcpPgs, options.maxIterations);
  if (!smallM && m <= options.enumerationMaxSize) {
    step("enum", &mlcpEnum, options.maxIterations);
  }

  Eigen::VectorXd wTry(z.size());
  const chain_detail::ChainOutcome out = chain_detail::runSolverChain(
      problem, chain, z, std::numeric_limits<double>::infinity(), wTry,
      [&](const Eigen::VectorXd& x, Eigen::VectorXd& y) { return mlcpComputeError(problem, x, y); },
      &mlcp_detail::describeAutoStep, mlcp_detail::autoChainSettings(options));
  z = out.best;
  const std::string& tried = out.tried;
  const SolverResult& best = out.bestResult;
  SolverResult result;
  result.solver = "auto:" + (best.solver.empty() ? std::string("none") : best.solver);
  result.iterations = out.iterations;
  result.status = best.solver.empty() ? SolverStatus::Failed : best.status;
  result.message = "tried " + tried;
  SolverOptions quiet = options;
  quiet.verbosity = 0;
  mlcp_detail::finishResult(
      result, z, quiet, [&](const Eigen::VectorXd& x) { return mlcpComputeError(problem, x, w); });
  if (result.status == SolverStatus::Converged) result.message = "tried " + tried;
  if (options.verbosity >= 1) {
    std::cerr << result.solver << ": " << toString(result.status) << ", error " << result.error
              << " (" << result.message << ")\n";
  }
  return result;
}

}  // namespace

std::vector<std::string> mlcpSolverNames() {
  return {"auto", "enum", "pgs", "psor", "newton-fb", "lemke"};
}

SolverResult solveMlcp(const MixedLinearComplementarityProblem& problem, Eigen::VectorXd& z,
                       Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  const std::string name = normalizeSolverName(options.solver);
  if (z.size() != problem.size()) z.setZero(problem.size());
  if (name == "auto") return mlcpAuto(problem, z, w, options);
  if (name == "enum") return mlcpEnum(problem, z, w, options);
  if (name == "pgs" || name == "psor") {
    SolverOptions sub = options;
    sub.solver = name;
    return mlcpPgs(problem, z, w, sub);
  }
  if (name == "newton-fb") return mlcpNewtonFb(problem, z, w, options);
  if (name == "lemke") return mlcpLemke(problem, z, w, options);
  throw std::invalid_argument(unknownSolverMessage("solveMlcp", options.solver, mlcpSolverNames()));
}

}  // namespace moreau::numerics
