#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace moreau::numerics {

std::vector<std::string> lcpSolverNames() { return {"lemke", "pgs"}; }

SolverResult solveLcp(const LinearComplementarityProblem& problem, Eigen::VectorXd& z,
                      Eigen::VectorXd& w, const SolverOptions& options) {
  options.validate();
  std::string name = options.solver;
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (z.size() != problem.size()) z.setZero(problem.size());
  if (name == "lemke") return lcpLemke(problem, z, w, options);
  if (name == "pgs") return lcpPgs(problem, z, w, options);
  std::string known;
  for (const auto& s : lcpSolverNames()) known += (known.empty() ? "" : ", ") + s;
  throw std::invalid_argument("solveLcp: unknown solver '" + options.solver + "' (known: " + known +
                              ")");
}

}  // namespace moreau::numerics
