#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace {

std::string sizeString(const Matrix& A) {
  return std::to_string(A.rows()) + "x" + std::to_string(A.cols());
}

}  // namespace

void GlobalFrictionContactProblem::validate() const {
  const std::string who = "GlobalFrictionContactProblem: ";
  if (dimension != 2 && dimension != 3)
    throw std::invalid_argument(who + "dimension is " + std::to_string(dimension) +
                                ", must be 2 or 3");
  const Eigen::Index n = M.rows();
  const Eigen::Index m = localSize();
  if (M.cols() != n)
    throw std::invalid_argument(who + "M is " + sizeString(M) + ", must be square");
  if (H.rows() != n || H.cols() != m)
    throw std::invalid_argument(who + "H is " + sizeString(H) + ", must be " + std::to_string(n) +
                                "x" + std::to_string(m) + " (M has " + std::to_string(n) +
                                " rows; dimension " + std::to_string(dimension) + " x " +
                                std::to_string(mu.size()) + " contacts)");
  if (q.size() != n)
    throw std::invalid_argument(who + "q has " + std::to_string(q.size()) + " entries, must have " +
                                std::to_string(n));
  if (b.size() != m)
    throw std::invalid_argument(who + "b has " + std::to_string(b.size()) + " entries, must have " +
                                std::to_string(m));
  if (!M.allFinite()) throw std::invalid_argument(who + "M has a non-finite entry");
  if (!H.allFinite()) throw std::invalid_argument(who + "H has a non-finite entry");
  if (!q.allFinite()) throw std::invalid_argument(who + "q has a non-finite entry");
  if (!b.allFinite()) throw std::invalid_argument(who + "b has a non-finite entry");
  for (Eigen::Index i = 0; i < mu.size(); ++i)
    if (!std::isfinite(mu[i]) || mu[i] < 0.0)
      throw std::invalid_argument(who + "mu[" + std::to_string(i) + "] = " + std::to_string(mu[i]) +
                                  ", must be finite and >= 0");
}

}  // namespace moreau::numerics
