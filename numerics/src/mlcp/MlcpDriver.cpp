// MLCP driver and the "auto" chain, docs/numerics/mlcp.md ("auto").
#include "SolverCommon.hpp"

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
  std::vector<Step> chain;
  const int enumBudget =
      m < 31 ? std::max(options.maxIterations, 1 << static_cast<int>(m)) : options.maxIterations;
  const bool smallM = m <= std::min<Index>(kAutoEnumMax, options.enumerationMaxSize);
  if (smallM) chain.push_back({"enum", &mlcpEnum, enumBudget});
  chain.push_back({"newton-fb", &mlcpNewtonFb, std::min(options.maxIterations, kAutoNewtonMax)});
  chain.push_back({"lemke", &mlcpLemke, options.maxIterations});
  chain.push_back({"pgs", &mlcpPgs, options.maxIterations});
  if (!smallM && m <= options.enumerationMaxSize) {
    chain.push_back({"enum", &mlcpEnum, options.maxIterations});
  }

  for (const Step& step : chain) {
    SolverOptions sub = options;
    sub.solver = step.name;
    sub.maxIterations = step.maxIterations;
    zTry = z0;
    SolverResult r = step.fn(problem, zTry, wTry, sub);
    iterations += r.iterations;
    // Independent check of the returned point.
    const double err = mlcpComputeError(problem, zTry, wTry);
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
  const std::string name = mlcp_detail::lowerCase(options.solver);
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
  std::string known;
  for (const auto& s : mlcpSolverNames()) known += (known.empty() ? "" : ", ") + s;
  throw std::invalid_argument("solveMlcp: unknown solver '" + options.solver +
                              "' (known: " + known + ")");
}

}  // namespace moreau::numerics
