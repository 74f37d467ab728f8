// Relay driver and the "auto" chain, docs/numerics/relay.md ("auto").
#include "../mlcp/SolverCommon.hpp"

#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace moreau::numerics {

namespace {

using SolverFn = SolverResult (*)(const RelayProblem&, Eigen::VectorXd&, Eigen::VectorXd&,
                                  const SolverOptions&);
constexpr int kAutoNewtonMax = 200;

SolverResult relayAuto(const RelayProblem& problem, Eigen::VectorXd& z, Eigen::VectorXd& w,
                       const SolverOptions& options) {
  problem.validate();
  const Eigen::VectorXd z0 = z;
  Eigen::VectorXd zTry(z.size()), wTry(z.size()), zBest = z;
  SolverResult best;
  best.error = std::numeric_limits<double>::infinity();
  std::string tried;
  int iterations = 0;
  struct Step {
    const char* name;
    SolverFn fn;
    int maxIterations;
  };
  const Step chain[] = {
      {"newton", &relayNewton, std::min(options.maxIterations, kAutoNewtonMax)},
      {"lemke", &relayLemke, options.maxIterations},
      {"pgs", &relayPgs, options.maxIterations},
  };
  for (const Step& step : chain) {
    SolverOptions sub = options;
    sub.solver = step.name;
    sub.maxIterations = step.maxIterations;
    zTry = z0;
    SolverResult r = step.fn(problem, zTry, wTry, sub);
    iterations += r.iterations;
    const double err = relayComputeError(problem, zTry, wTry);  // independent check
    const bool ok = std::isfinite(err) && err <= options.tolerance;
    tried += (tried.empty() ? "" : "; ") + std::string(step.name) + ": " +
             (ok ? "converged" : std::string(toString(r.status))) + " (error " +
             mlcp_detail::formatError(err) + (r.message.empty() ? "" : ", " + r.message) + ")";
    if (std::isfinite(err) && err < best.error) {
      best = r;
      best.error = err;
      zBest = zTry;
    }
    if (ok) break;
  }
  z = zBest;
  SolverResult result;
  result.solver = "auto:" + (best.solver.empty() ? std::string("none") : best.solver);
  result.iterations = iterations;
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
  const std::string name = mlcp_detail::lowerCase(options.solver);
  if (z.size() != problem.size()) z.setZero(problem.size());
  if (name == "auto") return relayAuto(problem, z, w, options);
  if (name == "pgs") return relayPgs(problem, z, w, options);
  if (name == "lemke") return relayLemke(problem, z, w, options);
  if (name == "newton") return relayNewton(problem, z, w, options);
  std::string known;
  for (const auto& s : relaySolverNames()) known += (known.empty() ? "" : ", ") + s;
  throw std::invalid_argument("solveRelay: unknown solver '" + options.solver +
                              "' (known: " + known + ")");
}

}  // namespace moreau::numerics
