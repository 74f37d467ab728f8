// Friction-contact driver and the "auto" chain (docs/numerics/friction-contact-local.md).

#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalSolvers.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

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
  std::ostringstream os;
  os << "solveFrictionContact: unknown solver \"" << options.solver << "\" for dimension "
     << problem.dimension() << "; known:";
  for (const auto& n : frictionContactSolverNames(problem.dimension())) os << ' ' << n;
  throw std::invalid_argument(os.str());
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
  return dispatch(problem, r, u, options, lower(options.solver));
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

  Eigen::VectorXd best = r;
  Eigen::VectorXd work(n);
  double bestError = error(best, work);
  std::string winner = "warm-start";
  int totalIterations = 0;
  std::ostringstream tried;

  auto attempt = [&](const std::string& name, SolverOptions o, bool fromScratch) {
    Eigen::VectorXd x = fromScratch ? Eigen::VectorXd::Zero(n) : best;
    Eigen::VectorXd y;
    o.solver = name;
    SolverResult res;
    try {
      res = dispatch(problem, x, y, o, name);
    } catch (const std::exception& e) {
      tried << name << ": exception (" << e.what() << "); ";
      return false;
    }
    totalIterations += res.iterations;
    // Independent check of the returned r.
    const double e =
        x.size() == n && x.allFinite() ? error(x, y) : std::numeric_limits<double>::infinity();
    tried << name << ": " << toString(res.status) << " error " << e << " (" << res.iterations
          << " it); ";
    if (e < bestError) {
      bestError = e;
      best = x;
      winner = name;
    }
    return bestError <= tol;
  };

  bool done = bestError <= tol;
  if (!done) {
    SolverOptions o = options;
    o.maxIterations = std::min(options.maxIterations, 1000);
    done = attempt("nsgs", o, false);
  }
  if (!done && problem.dimension() == 2 && !tresca && 4 * problem.numberOfContacts() <= 400) {
    done = attempt("lemke", options, true);
  }
  if (!done && !tresca) {
    SolverOptions o = options;
    o.maxIterations = std::min(options.maxIterations, 200);
    done = attempt("prox", o, false);
  }
  if (!done && !tresca) {
    SolverOptions o = options;
    o.maxIterations = std::min(options.maxIterations, 200);
    done = attempt("newton-ac", o, false);
  }
  if (!done) {
    SolverOptions o = options;
    o.fcShuffle = true;
    done = attempt("nsgs", o, false);
  }
  if (!done) {
    SolverOptions o = options;
    o.maxIterations = std::min(options.maxIterations, 2000);
    done = attempt("nsgs-projection", o, false);
  }

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
  result.message = tried.str();
  if (options.verbosity >= 1)
    std::cerr << "fc auto: " << result.solver << " error " << result.error << " — "
              << result.message << "\n";
  return result;
}

}  // namespace moreau::numerics
