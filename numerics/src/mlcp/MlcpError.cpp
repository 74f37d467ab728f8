// Siconos MLCP error measure, docs/numerics/mlcp.md ("Error measure") and
// shared/spec/siconos-reference.md §2.4 (storage 1 with row blocks).
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

double mlcpComputeError(const MixedLinearComplementarityProblem& problem, const Eigen::VectorXd& z,
                        Eigen::VectorXd& w) {
  using Index = Eigen::Index;
  const Index size = problem.size();
  if (z.size() != size) {
    throw std::invalid_argument("mlcpComputeError: z has " + std::to_string(z.size()) +
                                " entries, the problem has size n + m = " + std::to_string(size));
  }
  const Eigen::VectorXd& q = problem.q();
  w = q;
  problem.M().multiply(z, w, 1.0, 1.0);
  if (!z.allFinite() || !w.allFinite()) return std::numeric_limits<double>::quiet_NaN();

  double errorE = 0.0;
  double normE = 1.0;
  double errorI = 0.0;
  double normI = 1.0;
  const auto& rows = problem.blocksRows();
  const auto& isComp = problem.blocksIsComp();
  for (std::size_t k = 0; k + 1 < rows.size(); ++k) {
    const Index begin = rows[k];
    const Index len = rows[k + 1] - begin;
    if (isComp[k] == 0) {
      errorE += w.segment(begin, len).norm();
      normE += q.segment(begin, len).norm();
    } else {
      for (Index i = begin; i < begin + len; ++i) {
        const double zi = z[i];
        const double wi = w[i];
        if (zi < 0.0) errorI -= zi;
        if (wi < 0.0) errorI -= wi;
        if ((zi > 0.0 && wi > 0.0) || (zi < 0.0 && wi < 0.0)) errorI += zi * wi;
      }
      normI += w.segment(begin, len).norm();
    }
  }
  if (problem.hasExtraEqualityRows()) {  // one more equality block
    const Eigen::VectorXd& e = problem.extraEqualityConstants();
    errorE += (problem.extraEqualityRows() * z + e).norm();
    normE += e.norm();
  }
  if (errorI / normI >= errorE / normE) return errorI / (1.0 + normI);
  return errorE / (1.0 + normE);
}

}  // namespace moreau::numerics
