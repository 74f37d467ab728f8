// solveLcp dispatch and the solver registry, see docs/numerics/lcp.md.
#include "LcpCommon.hpp"

#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cctype>
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

// "auto" first, then the solvers; "nsgs-sbm" is an alias of "bgs".
constexpr Entry kSolvers[] = {
    {"auto", &lcpAuto},          {"lemke", &lemkeDefault},      {"pgs", &lcpPgs},
    {"psor", &lcpPsor},          {"bgs", &lcpBlockGaussSeidel}, {"nsgs-sbm", &lcpBlockGaussSeidel},
    {"newton-fb", &lcpNewtonFb}, {"newton-min", &lcpNewtonMin}, {"enum", &lcpEnum},
    {"murty", &lcpMurty},
};

}  // namespace

std::vector<std::string> lcpSolverNames() {
  std::vector<std::string> names;
  for (const Entry& e : kSolvers) names.emplace_back(e.name);
  return names;
}

SolverResult solveLcp(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  std::string name = options.solver;
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const Entry& e : kSolvers) {
    if (name == e.name) {
      if (z.size() != problem.size()) z.setZero(problem.size());
      SolverResult result = e.fn(problem, z, w, options);
      if (name == "nsgs-sbm") result.solver = name;
      return result;
    }
  }
  std::string known;
  for (const auto& s : lcpSolverNames()) known += (known.empty() ? "" : ", ") + s;
  throw std::invalid_argument("solveLcp: unknown solver '" + options.solver + "' (known: " + known +
                              ")");
}

}  // namespace moreau::numerics
