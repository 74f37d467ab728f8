// Relay driver and the "auto" chain, docs/numerics/relay.md ("auto").
#include "../mlcp/SolverCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace moreau::numerics {

namespace {

constexpr int kAutoNewtonMax = 200;

SolverResult relayAuto(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                       const SolverOptions& options) {
  problem.validate();
  using mlcp_detail::autoStep;
  const std::vector<chain_detail::ChainStep<RelayProblem>> chain = {
      autoStep<RelayProblem>("newton", &relayNewton,
                             std::min(options.maxIterations, kAutoNewtonMax), options),
      autoStep<RelayProblem>("lemke", &relayLemke, options.maxIterations, options),
      autoStep<RelayProblem>("pgs", &relayPgs, options.maxIterations, options),
  };
  Eigen::VectorXd wTry(z.size());
  const chain_detail::ChainOutcome out = chain_detail::runSolverChain(
      problem, chain, z, std::numeric_limits<double>::infinity(), wTry,
      [&](const Eigen::VectorXd& x, Eigen::VectorXd& y) {
        return relayComputeError(problem, x, y);
      },
      &mlcp_detail::describeAutoStep, mlcp_detail::autoChainSettings(options));
  z = out.best;
  const std::string& tried = out.tried;
  const SolverResult& best = out.bestResult;
  SolverResult result;
  result.solver = "auto:" + (best.solver.empty() ? std::string("none") : best.solver);
  result.iterations = out.iterations;
  result.status = best.solver.empty() ? SolverStatus::Failed : best.status;
  SolverOptions quiet = options;
  quiet.verbosity = 0;
  mlcp_detail::finishResult(
      result, z, quiet, [&](const Eigen::VectorXd& x) { return relayComputeError(problem, x, w); });
  result.message = "tried " + tried;
  if (options.verbosity >= 1) {
    std::cerr << result.solver << ": " << toString(result.status) << ", error " << result.error
              << " (" << result.message << ")\n";
  }
  return result;
}

}  // namespace

std::vector<std::string> relaySolverNames() { return {"auto", "pgs", "lemke", "newton"}; }

SolverResult solveRelay(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                        const SolverOptions& options) {
  options.validate();
  const std::string name = normalizeSolverName(options.solver);
  if (z.size() != problem.size()) z.setZero(problem.size());
  if (name == "auto") return relayAuto(problem, z, w, options);
  if (name == "pgs") return relayPgs(problem, z, w, options);
  if (name == "lemke") return relayLemke(problem, z, w, options);
  if (name == "newton") return relayNewton(problem, z, w, options);
  throw std::invalid_argument(
      unknownSolverMessage("solveRelay", options.solver, relaySolverNames()));
}

}  // namespace moreau::numerics
