// Problem features and the ordered, budgeted solver chain of "auto"
// (docs/numerics/friction-contact-local.md, section "Driver and auto").
#include "FcAutoPlan.hpp"

#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace moreau::numerics {

FcProblemFeatures fcProblemFeatures(const FrictionContactProblem& problem) {
  FcProblemFeatures f;
  const int d = problem.dimension();
  const Eigen::Index nc = problem.numberOfContacts();
  f.dimension = d;
  f.contacts = nc;
  if (nc == 0) return f;
  f.meanMu = problem.mu().mean();
  f.maxMu = problem.mu().maxCoeff();
  const Matrix& W = problem.W();
  SparseBlockMatrix owned;
  const SparseBlockMatrix* S = nullptr;
  bool uniform =
      W.isSparseBlock() && W.sparseBlock().blockRows() == nc && W.sparseBlock().blockCols() == nc;
  for (Eigen::Index i = 0; uniform && i < nc; ++i)
    uniform = W.sparseBlock().rowBlockSize(i) == d && W.sparseBlock().colBlockSize(i) == d;
  if (uniform) {
    S = &W.sparseBlock();
  } else {
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(nc), d);
    owned = W.toSparseBlock(sizes, sizes);
    S = &owned;
  }
  long offDiagonal = 0;
  long maxRow = 0;
  double maxCondition = 1.0;
  double minNorm = std::numeric_limits<double>::infinity();
  double maxNorm = 0.0;
  for (Eigen::Index i = 0; i < nc; ++i) {
    const Eigen::Index k = S->diagonalBlock(i);
    const long row = static_cast<long>(S->rowPointer()[static_cast<std::size_t>(i) + 1] -
                                       S->rowPointer()[static_cast<std::size_t>(i)]) -
                     (k >= 0 ? 1 : 0);
    offDiagonal += row;
    maxRow = std::max(maxRow, row);
    if (k < 0) {
      maxCondition = std::numeric_limits<double>::infinity();
      minNorm = 0.0;
      continue;
    }
    const Eigen::MatrixXd B = S->block(k);
    const Eigen::MatrixXd sym = 0.5 * (B + B.transpose());
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(sym, Eigen::EigenvaluesOnly);
    const double lo = eig.eigenvalues().minCoeff();
    const double hi = eig.eigenvalues().cwiseAbs().maxCoeff();
    const double condition = lo > 0.0 ? hi / lo : std::numeric_limits<double>::infinity();
    maxCondition = std::max(maxCondition, condition);
    minNorm = std::min(minNorm, hi);
    maxNorm = std::max(maxNorm, hi);
  }
  f.couplingsPerContact = static_cast<double>(offDiagonal) / static_cast<double>(nc);
  f.maxCouplings = maxRow;
  f.couplingDensity = nc > 1 ? f.couplingsPerContact / static_cast<double>(nc - 1) : 0.0;
  f.maxDiagonalCondition = maxCondition;
  f.diagonalSpread = minNorm > 0.0 ? maxNorm / minNorm : std::numeric_limits<double>::infinity();
  return f;
}

}  // namespace moreau::numerics

namespace moreau::numerics::fcdetail {

std::vector<AutoStep> autoPlan(const FcProblemFeatures& f, const SolverOptions& options) {
  std::vector<AutoStep> steps;
  const auto add = [&](const std::string& name, int budget, int window, double factor,
                       bool fromScratch) {
    AutoStep s;
    s.name = name;
    s.options = options;
    s.options.solver = name;
    s.options.maxIterations = std::max(1, std::min(options.maxIterations, budget));
    s.options.fcStallWindow = window;
    s.options.fcStallFactor = factor;
    s.fromScratch = fromScratch;
    steps.push_back(std::move(s));
  };
  // NSGS first: cheap sweeps. Few bodies carrying many contacts each (one object on
  // many points): NSGS converges linearly in tens of sweeps while W is nearly dense
  // (Newton factorizations are expensive). Chains of single contacts (a column of
  // spheres, couplings <= 3): NSGS slows down at once, Newton/prox are cheap (banded
  // W). Other multi-body problems: NSGS keeps going while it halves the error per
  // doubling of its sweeps (a cheap warm start for prox).
  const bool denseCoupling = f.contacts > 1 && f.couplingDensity >= 0.25;
  const bool chainLike = !denseCoupling && f.couplingsPerContact <= 3.0;
  if (denseCoupling) {
    add("nsgs", 1000, 20, 5.0, false);
  } else if (chainLike) {
    add("nsgs", 1000, 10, 5.0, false);
  } else {
    add("nsgs", 1000, 50, 2.0, false);
  }
  if (options.fcTresca) {
    add("nsgs", 10000, 100, 2.0, false);
    steps.back().options.fcShuffle = true;
    add("nsgs-projection", 10000, 200, 2.0, false);
    return steps;
  }
  // prox (proximal point around Newton–AC): the robust method on rank-deficient
  // multi-body problems; handed over as soon as it stalls.
  add("prox", 2000, 100, 2.0, false);
  // Newton–AC from prox's best iterate: quadratic once the active set is found.
  add("newton-ac", 200, 10, 10.0, false);
  // 2D, small: the exact LCP reformulation (dense 4nc × 4nc tableau).
  const bool lcp2d = f.dimension == 2;
  if (lcp2d && f.contacts <= 100) add("lemke", options.maxIterations, 0, 10.0, true);
  // Newton–AC from scratch: the prox/NSGS iterates can mislead it (3D piles).
  add("newton-ac", 200, 30, 10.0, true);
  // Last resorts, with the rest of the budget and lenient stall tests.
  add("prox", 2000, 400, 1.5, false);
  if (lcp2d && f.contacts > 100 && f.contacts <= 300)
    add("lemke", options.maxIterations, 0, 10.0, true);
  add("nsgs", 10000, 1000, 1.5, false);
  steps.back().options.fcShuffle = true;
  add("nsgs-projection", 2000, 500, 1.5, false);
  return steps;
}

}  // namespace moreau::numerics::fcdetail
