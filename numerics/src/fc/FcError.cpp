// Siconos friction-contact error measures (docs/numerics/friction-contact-local.md).

#include <moreau/numerics/ParallelFor.hpp>
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

// Σ over contacts [first, last) in order.
template <int D>
double sumSquares(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                  const Eigen::VectorXd& u, Eigen::Index first, Eigen::Index last) {
  double sum = 0.0;
  for (Eigen::Index i = first; i < last; ++i) {
    const FcVector<D> ri = r.template segment<D>(D * i);
    const FcVector<D> ui = u.template segment<D>(D * i);
    sum += contactErrorSquared<D>(ri, ui, problem.mu()[i]);
  }
  return sum;
}

// The sum by chunks of contacts whose bounds depend on the number of contacts only (at least
// 256 contacts each, at most 64 chunks), each chunk's sum in order, then the chunks' sums in
// order: the same bits for every thread count (one chunk up to 256 contacts: the plain sum).
template <int D>
double sumSquares(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                  const Eigen::VectorXd& u, unsigned threads) {
  constexpr Eigen::Index kMinChunk = 256, kMaxChunks = 64;
  const Eigen::Index nc = problem.numberOfContacts();
  const Eigen::Index chunk = std::max(kMinChunk, (nc + kMaxChunks - 1) / kMaxChunks);
  const Eigen::Index chunks = (nc + chunk - 1) / chunk;
  if (chunks <= 1) return sumSquares<D>(problem, r, u, 0, nc);
  double partial[kMaxChunks];
  parallelFor(threads, static_cast<std::size_t>(chunks), 1, [&](std::size_t c, std::size_t end) {
    for (; c < end; ++c) {
      const Eigen::Index first = static_cast<Eigen::Index>(c) * chunk;
      partial[c] = sumSquares<D>(problem, r, u, first, std::min(nc, first + chunk));
    }
  });
  double sum = 0.0;
  for (Eigen::Index c = 0; c < chunks; ++c) sum += partial[c];
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
                         const Eigen::VectorXd& u, unsigned threads) {
  checkSize(problem, r, "fcErrorSquaredSum");
  checkSize(problem, u, "fcErrorSquaredSum (u)");
  return problem.dimension() == 2 ? sumSquares<2>(problem, r, u, threads)
                                  : sumSquares<3>(problem, r, u, threads);
}

double fcComputeError(const FrictionContactProblem& problem, const Eigen::VectorXd& r,
                      Eigen::VectorXd& u, unsigned threads) {
  checkSize(problem, r, "fcComputeError");
  if (u.size() != problem.size()) u.resize(problem.size());
  if (problem.size() == 0) return 0.0;
  problem.W().multiply(r, u);
  u += problem.q();
  if (!r.allFinite() || !u.allFinite()) return std::numeric_limits<double>::infinity();
  const double sum = fcErrorSquaredSum(problem, r, u, threads);
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
