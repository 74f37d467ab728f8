// Friction-contact driver and the "auto" chain (docs/numerics/friction-contact-local.md).

#include "../core/FormatNumber.hpp"
#include "../core/SolverChain.hpp"
#include "FcAutoPlan.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalSolvers.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

namespace {

bool isNsgsName(const std::string& name) {
  return name == "nsgs" || name == "nsgs-ac" || name == "nsgs-fb" || name == "nsgs-projection" ||
         name == "nsgs-quartic";
}

SolverResult runNsgs(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                     const SolverOptions& options, const std::string& name) {
  SolverOptions o = options;
  if (name != "nsgs") o.fcLocalSolver = name.substr(5);
  SolverResult res = fcNsgs(problem, r, u, o);
  res.solver = name;
  return res;
}

SolverResult dispatch(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                      const SolverOptions& options, const std::string& name) {
  if (name == "auto") return fcAuto(problem, r, u, options);
  if (isNsgsName(name)) return runNsgs(problem, r, u, options, name);
  if (problem.dimension() == 2 && name == "lemke") return fc2dLemke(problem, r, u, options);
  if (problem.dimension() == 2 && name == "enum") return fc2dEnum(problem, r, u, options);
  if (isFcGlobalSolverName(name)) {
    SolverOptions o = options;
    o.solver = name;
    return solveFrictionContactGlobal(problem, r, u, o);
  }
  throw std::invalid_argument(unknownSolverMessage(
      "solveFrictionContact (dimension " + std::to_string(problem.dimension()) + ")",
      options.solver, frictionContactSolverNames(problem.dimension())));
}

}  // namespace

std::vector<std::string> frictionContactSolverNames(int dimension) {
  std::vector<std::string> names = {"auto",        "nsgs", "nsgs-ac", "nsgs-fb", "nsgs-projection",
                                    "nsgs-quartic"};
  if (dimension == 2) {
    names.emplace_back("lemke");
    names.emplace_back("enum");
  }
  for (const auto& n : fcGlobalSolverNames()) names.push_back(n);
  return names;
}

SolverResult solveFrictionContact(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                                  Eigen::VectorXd& u, const SolverOptions& options) {
  options.validate();
  problem.validate();
  if (r.size() != problem.size()) r = Eigen::VectorXd::Zero(problem.size());
  return dispatch(problem, r, u, options, normalizeSolverName(options.solver));
}

SolverResult fcAuto(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options) {
  options.validate();
  problem.validate();
  const Eigen::Index n = problem.size();
  if (r.size() != n || !r.allFinite()) r = Eigen::VectorXd::Zero(n);
  const double tol = options.tolerance;
  const bool tresca = options.fcTresca;
  auto error = [&](const Eigen::VectorXd& x, Eigen::VectorXd& y) {
    return tresca ? fcComputeErrorTresca(problem, options.fcTrescaThresholds, x, y)
                  : fcComputeError(problem, x, y);
  };

  Eigen::VectorXd work(n);
  const double startError = error(r, work);

  // Ordered and budgeted from the problem's features (FcAutoPlan.cpp); every step
  // starts from the best r so far unless it starts from scratch (lemke, a cold Newton).
  std::vector<chain_detail::ChainStep<FrictionContactProblem>> chain;
  if (!(startError <= tol)) {
    for (fcdetail::AutoStep& s : fcdetail::autoPlan(fcProblemFeatures(problem), options)) {
      const std::string name = s.name;
      chain.push_back(
          {name,
           [name](const FrictionContactProblem& p, Eigen::VectorXd& x, Eigen::VectorXd& y,
                  const SolverOptions& so) {
             y = Eigen::VectorXd();  // each attempt gets a fresh u
             return dispatch(p, x, y, so, name);
           },
           std::move(s.options),
           s.fromScratch ? chain_detail::StepStart::Zero : chain_detail::StepStart::Best});
    }
  }

  chain_detail::ChainSettings settings;
  settings.tolerance = tol;
  settings.catchExceptions = true;
  settings.stopWhenBestWithinTolerance = true;
  Eigen::VectorXd y;
  const chain_detail::ChainOutcome out = chain_detail::runSolverChain(
      problem, chain, r, startError, y,
      [&](const Eigen::VectorXd& x, Eigen::VectorXd& u) {
        // Independent check of the returned r.
        return x.size() == n && x.allFinite() ? error(x, u)
                                              : std::numeric_limits<double>::infinity();
      },
      [](const std::string& name, const SolverResult& res, double e, bool) {
        const bool stalled = res.message.rfind("stalled", 0) == 0;
        return name + ": " + (stalled ? "stalled" : toString(res.status)) + " error " +
               format_detail::formatNumber(e, 6) + " (" + std::to_string(res.iterations) + " it)";
      },
      settings);
  const std::string winner = out.bestName.empty() ? "warm-start" : out.bestName;
  const int totalIterations = out.iterations;
  const Eigen::VectorXd& best = out.best;

  r = best;
  SolverResult result;
  result.error = error(r, u);
  result.iterations = totalIterations;
  result.solver = "auto:" + winner;
  result.status = result.error <= tol ? SolverStatus::Converged : SolverStatus::MaxIterations;
  if (!std::isfinite(result.error)) {
    r.setZero();
    result.error = error(r, u);
    result.status = SolverStatus::Failed;
  }
  result.message = out.tried.empty() ? std::string() : out.tried + "; ";
  if (options.verbosity >= 1)
    std::cerr << "fc auto: " << result.solver << " error " << result.error << " — "
              << result.message << "\n";
  return result;
}

}  // namespace moreau::numerics
