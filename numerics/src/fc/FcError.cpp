// Siconos friction-contact error measures (docs/numerics/friction-contact-local.md).

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

namespace {

void checkSize(const FrictionContactProblem& problem, const Eigen::VectorXd& r, const char* who) {
  if (r.size() != problem.size())
    throw std::invalid_argument(std::string(who) + ": r has " + std::to_string(r.size()) +
                                " entries, the problem has size " + std::to_string(problem.size()));
}

template <int D>
double sumSquares(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                  const Eigen::VectorXd& u) {
  double sum = 0.0;
  const Eigen::Index nc = problem.numberOfContacts();
  for (Eigen::Index i = 0; i < nc; ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    const FcVector<D> ui = u.template segment<D>(D * i);
    sum += contactErrorSquared<D>(ri, ui, problem.mu()[i]);
  }
  return sum;
}

template <int D>
double sumSquaresTresca(const FrictionContactProblem& problem, const std::vector<double>& g,
                        const Eigen::VectorXd& r, const Eigen::VectorXd& u) {
  double sum = 0.0;
  const Eigen::Index nc = problem.numberOfContacts();
  for (Eigen::Index i = 0; i < nc; ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    const FcVector<D> ui = u.template segment<D>(D * i);
    sum += contactErrorSquaredTresca<D>(ri, ui, g[static_cast<std::size_t>(i)]);
  }
  return sum;
}

}  // namespace

double fcErrorSquaredSum(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                         const Eigen::VectorXd& u) {
  checkSize(problem, r, "fcErrorSquaredSum");
  checkSize(problem, u, "fcErrorSquaredSum (u)");
  return problem.dimension() == 2 ? sumSquares<2>(problem, r, u) : sumSquares<3>(problem, r, u);
}

double fcComputeError(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                      Eigen::VectorXd& u) {
  checkSize(problem, r, "fcComputeError");
  if (u.size() != problem.size()) u.resize(problem.size());
  if (problem.size() == 0) return 0.0;
  problem.W().multiply(r, u);
  u += problem.q();
  if (!r.allFinite() || !u.allFinite()) return std::numeric_limits<double>::infinity();
  const double sum = fcErrorSquaredSum(problem, r, u);
  double err = std::sqrt(sum);
  const double scale = std::max({problem.q().norm(), r.norm(), u.norm()});
  // An overflowing iterate (‖r‖ = inf) must not pass as err = sqrt(sum)/inf = 0.
  if (!std::isfinite(err) || !std::isfinite(scale)) return std::numeric_limits<double>::infinity();
  if (scale > DBL_EPSILON) err /= scale;
  return std::isfinite(err) ? err : std::numeric_limits<double>::infinity();
}

double fcComputeErrorTresca(const FrictionContactProblem& problem,
                            const std::vector<double>& thresholds, const Eigen::VectorXd& r,
                            Eigen::VectorXd& u) {
  checkSize(problem, r, "fcComputeErrorTresca");
  if (static_cast<Eigen::Index>(thresholds.size()) != problem.numberOfContacts())
    throw std::invalid_argument("fcComputeErrorTresca: " + std::to_string(thresholds.size()) +
                                " thresholds for " + std::to_string(problem.numberOfContacts()) +
                                " contacts");
  if (u.size() != problem.size()) u.resize(problem.size());
  if (problem.size() == 0) return 0.0;
  problem.W().multiply(r, u);
  u += problem.q();
  if (!r.allFinite() || !u.allFinite()) return std::numeric_limits<double>::infinity();
  const double sum = problem.dimension() == 2 ? sumSquaresTresca<2>(problem, thresholds, r, u)
                                              : sumSquaresTresca<3>(problem, thresholds, r, u);
  double err = std::sqrt(sum);
  const double scale = problem.q().norm();
  if (!std::isfinite(err)) return std::numeric_limits<double>::infinity();
  if (scale > DBL_EPSILON) err /= scale;
  return std::isfinite(err) ? err : std::numeric_limits<double>::infinity();
}

}  // namespace moreau::numerics
