// solveLcp dispatch and the solver registry, see docs/numerics/lcp.md.
#include "LcpCommon.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace moreau::numerics {

namespace {

using SolverFn = SolverResult (*)(const LinearComplementarityProblem&, Eigen::VectorXd&,
                                  Eigen::VectorXd&, const SolverOptions&);

SolverResult lemkeDefault(const LinearComplementarityProblem& p, Eigen::VectorXd& z,
                          Eigen::VectorXd& w, const SolverOptions& o) {
  return lcpLemke(p, z, w, o);
}

struct Entry {
  const char* name;
  SolverFn fn;
};

// "auto" first, then the solvers; "nsgs-sbm" is an alias of "bgs", "bpp" and
// "block-pivoting" of "pivot".
constexpr Entry kSolvers[] = {
    {"auto", &lcpAuto},
    {"lemke", &lemkeDefault},
    {"pgs", &lcpPgs},
    {"psor", &lcpPsor},
    {"bgs", &lcpBlockGaussSeidel},
    {"nsgs-sbm", &lcpBlockGaussSeidel},
    {"newton-fb", &lcpNewtonFb},
    {"newton-min", &lcpNewtonMin},
    {"enum", &lcpEnum},
    {"murty", &lcpMurty},
    {"pivot", &lcpPivoting},
    {"bpp", &lcpPivoting},
    {"block-pivoting", &lcpPivoting},
};

// A problem whose M or q has a NaN or an infinity has no meaningful answer: a
// failed solve (z = 0, w = q), never "converged" with a meaningless error and
// never an exception (the data were valid when the problem was built and were
// changed in place, e.g. by the kernel's assembly). Sizes are still checked.
bool nonFiniteData(const LinearComplementarityProblem& problem, const std::string& name,
                   Eigen::VectorXd& z, Eigen::VectorXd& w, SolverResult& result) {
  const Eigen::VectorXd& q = problem.q();
  const bool finiteQ = q.allFinite();
  if (finiteQ && problem.M().allFinite()) return false;
  if (problem.M().rows() != problem.M().cols() || q.size() != problem.M().rows())
    problem.validate();  // malformed: throws std::invalid_argument
  std::string what;
  if (!finiteQ) {
    Eigen::Index i = 0;
    while (std::isfinite(q[i])) ++i;
    what = "q[" + std::to_string(i) + "] = " + lcp_detail::fmt(q[i]);
  } else {
    what = "M has a NaN or infinite entry";
  }
  z.setZero(problem.size());
  w = q;
  result = SolverResult();
  result.status = SolverStatus::Failed;
  result.error = std::numeric_limits<double>::infinity();
  result.iterations = 0;
  result.solver = name;
  result.message = "non-finite problem data (" + what + ")";
  return true;
}

}  // namespace

std::vector<std::string> lcpSolverNames() {
  std::vector<std::string> names;
  for (const Entry& e : kSolvers) names.emplace_back(e.name);
  return names;
}

SolverResult solveLcp(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  const std::string name = normalizeSolverName(options.solver);
  for (const Entry& e : kSolvers) {
    if (name == e.name) {
      SolverResult failed;
      if (nonFiniteData(problem, name, z, w, failed)) return failed;
      if (z.size() != problem.size()) z.setZero(problem.size());
      SolverResult result = e.fn(problem, z, w, options);
      if (name == "nsgs-sbm" || name == "bpp" || name == "block-pivoting") result.solver = name;
      return result;
    }
  }
  throw std::invalid_argument(unknownSolverMessage("solveLcp", options.solver, lcpSolverNames()));
}

}  // namespace moreau::numerics
