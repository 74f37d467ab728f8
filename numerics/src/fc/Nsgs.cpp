// Nonsmooth Gauss–Seidel over contacts (FC2D and FC3D), see
// docs/numerics/friction-contact-local.md.

#include "AndersonAcceleration.hpp"
#include "FcStall.hpp"
#include "LocalSolverChoice.hpp"
#include "NsgsKernel.hpp"
#include "RelaxationControl.hpp"

#include <moreau/numerics/ParallelFor.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>

#include <Eigen/SparseCore>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace moreau::numerics {

namespace {

enum class ErrorEvaluation { LightWithFullFinal, Full, Light };

ErrorEvaluation parseEvaluation(const std::string& s) {
  if (s == "full") return ErrorEvaluation::Full;
  if (s == "light") return ErrorEvaluation::Light;
  return ErrorEvaluation::LightWithFullFinal;
}

// Access to the rows of W contact by contact: diagonal blocks and the
// off-diagonal product Σ_{j≠i} W_ij r_j, for the three storages. setup() sizes
// everything for a problem's structure; refresh() reads the current values
// (allocation-free for a dense W and a SparseBlock W whose blocks are the
// contacts; a sparse W or a re-blocked SparseBlock W is copied again).
template <int D>
class ContactRows {
 public:
  void setup(const FrictionContactProblem& problem) {
    const Matrix& W = problem.W();
    nc_ = problem.numberOfContacts();
    diag_.assign(static_cast<std::size_t>(nc_), FcMatrix<D>::Zero());
    rho_.assign(static_cast<std::size_t>(nc_), std::array<double, 2>{0.0, 0.0});
    if (W.isDense()) {
      kind_ = Kind::Dense;
    } else if (W.isSparse()) {
      kind_ = Kind::Sparse;
    } else {
      const SparseBlockMatrix& S = W.sparseBlock();
      bool aligned = S.blockRows() == nc_ && S.blockCols() == nc_;
      for (Eigen::Index i = 0; aligned && i < nc_; ++i)
        aligned = S.rowBlockSize(i) == D && S.colBlockSize(i) == D;
      kind_ = aligned ? Kind::SparseBlock : Kind::Reblocked;
    }
  }

  /// True when refresh() and localQ() do not allocate.
  bool inPlace() const { return kind_ == Kind::Dense || kind_ == Kind::SparseBlock; }

  void refresh(const FrictionContactProblem& problem) {
    W_ = &problem.W();
    switch (kind_) {
      case Kind::Dense: {
        const Eigen::MatrixXd& A = W_->dense();
        for (Eigen::Index i = 0; i < nc_; ++i) setDiagonal(i, A.template block<D, D>(D * i, D * i));
        break;
      }
      case Kind::Sparse: {
        rowMajor_ = W_->sparse();
        rowMajor_.makeCompressed();
        for (Eigen::Index i = 0; i < nc_; ++i) {
          FcMatrix<D> B = FcMatrix<D>::Zero();
          for (int a = 0; a < D; ++a)
            for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(rowMajor_,
                                                                                D * i + a);
                 it; ++it)
              if (it.col() >= D * i && it.col() < D * i + D) B(a, it.col() - D * i) += it.value();
          setDiagonal(i, B);
        }
        break;
      }
      case Kind::SparseBlock:
      case Kind::Reblocked: {
        if (kind_ == Kind::Reblocked) {
          std::vector<Eigen::Index> sizes(static_cast<std::size_t>(nc_), D);
          reblocked_ = W_->toSparseBlock(sizes, sizes);
          sbm_ = &reblocked_;
        } else {
          sbm_ = &W_->sparseBlock();
        }
        for (Eigen::Index i = 0; i < nc_; ++i) {
          const Eigen::Index k = sbm_->diagonalBlock(i);
          setDiagonal(i, k >= 0 ? FcMatrix<D>(Eigen::Map<const FcMatrix<D>>(sbm_->values().data() +
                                                                            sbm_->blockOffset(k)))
                                : FcMatrix<D>::Zero());
        }
        break;
      }
    }
  }

  const FcMatrix<D>& diagonal(Eigen::Index i) const { return diag_[static_cast<std::size_t>(i)]; }
  /// ρ_N, ρ_T of contact i's local Newton solver (0: not computed for the current W_ii).
  std::array<double, 2>& rho(Eigen::Index i) { return rho_[static_cast<std::size_t>(i)]; }

  /// out = q_i + Σ_{j≠i} W_ij r_j.
  void localQ(Eigen::Index i, const Eigen::VectorXd& q, const Eigen::VectorXd& r,
              FcVector<D>& out) {
    out = q.template segment<D>(D * i);
    const Eigen::Index n = q.size();
    switch (kind_) {
      case Kind::Dense: {
        const Eigen::MatrixXd& A = W_->dense();
        const Eigen::Index left = D * i;
        const Eigen::Index right = n - D * i - D;
        if (left > 0) out.noalias() += A.block(D * i, 0, D, left) * r.head(left);
        if (right > 0) out.noalias() += A.block(D * i, D * i + D, D, right) * r.tail(right);
        break;
      }
      case Kind::Sparse: {
        for (int a = 0; a < D; ++a) {
          double s = 0.0;
          for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(rowMajor_, D * i + a);
               it; ++it)
            if (it.col() < D * i || it.col() >= D * i + D) s += it.value() * r[it.col()];
          out[a] += s;
        }
        break;
      }
      case Kind::SparseBlock:
      case Kind::Reblocked: {
        // Σ_{j≠i} W_ij r_j on the block storage (D x D column-major blocks).
        const SparseBlockMatrix& S = *sbm_;
        const Eigen::Index* rowPointer = S.rowPointer().data();
        const Eigen::Index* columnIndex = S.columnIndex().data();
        const double* values = S.values().data();
        // Same arithmetic as SparseBlockMatrix::multiplyRowBlockSkipDiagonal.
        FcVector<D> acc = FcVector<D>::Zero();
        for (Eigen::Index k = rowPointer[i]; k < rowPointer[i + 1]; ++k) {
          const Eigen::Index j = columnIndex[k];
          if (j == i) continue;
          const double* blk = values + S.blockOffset(k);
          const double* rj = r.data() + D * j;
          for (int c = 0; c < D; ++c) {
            const double xc = rj[c];
            for (int a = 0; a < D; ++a) acc[a] += blk[c * D + a] * xc;
          }
        }
        out += acc;
        break;
      }
    }
  }

 private:
  enum class Kind { Dense, Sparse, SparseBlock, Reblocked };
  const Matrix* W_ = nullptr;
  Eigen::Index nc_ = 0;
  Kind kind_ = Kind::Dense;
  // W_ii, replaced by refresh(); its ρ is forgotten when a new W_ii differs from the last one.
  void setDiagonal(Eigen::Index i, const FcMatrix<D>& B) {
    const auto k = static_cast<std::size_t>(i);
    if (B != diag_[k]) rho_[k] = {0.0, 0.0};
    diag_[k] = B;
  }

  std::vector<FcMatrix<D>> diag_;
  std::vector<std::array<double, 2>> rho_;
  Eigen::SparseMatrix<double, Eigen::RowMajor> rowMajor_;
  SparseBlockMatrix reblocked_;
  const SparseBlockMatrix* sbm_ = nullptr;
};

double finalError(const FrictionContactProblem& problem, const SolverOptions& options,
                  const Eigen::VectorXd& r, Eigen::VectorXd& u) {
  return options.fcTresca ? fcComputeErrorTresca(problem, options.fcTrescaThresholds, r, u)
                          : fcComputeError(problem, r, u, static_cast<unsigned>(options.threads));
}

}  // namespace

namespace fcdetail {

// Everything NSGS needs besides the problem, sized once per structure.
template <int D>
struct NsgsWorkspace {
  ContactRows<D> rows;
  std::vector<Eigen::Index> order;
  std::vector<int> frozen;
  std::mt19937 generator;
  StallDetector stall;
  Eigen::VectorXd best;
  // Coloured NSGS (fcColoring): the colour classes (contacts of colour c: colorContacts
  // [colorStart[c], colorStart[c + 1]), in index order), empty when not coloured; computed by
  // setup, i.e. once per pattern of W.
  std::vector<Eigen::Index> colorStart, colorContacts;
  std::vector<double> change2;    // per contact: ‖Δr_i‖² of the sweep (−1: frozen, skipped)
  AndersonAcceleration anderson;  // fcAndersonDepth > 0

  // Greedy colouring of the contacts in index order: the smallest colour not taken by a
  // contact coupled to it (W_ij or W_ji stored).
  void colour(const SparseBlockMatrix& S) {
    const std::vector<Eigen::Index>& rp = S.rowPointer();
    const std::vector<Eigen::Index>& ci = S.columnIndex();
    const auto nc = static_cast<std::size_t>(S.blockRows());
    // The coupling graph, symmetric, in CSR form (adjStart, adj).
    std::vector<Eigen::Index> adjStart(nc + 1, 0);
    for (std::size_t i = 0; i < nc; ++i)
      for (Eigen::Index k = rp[i]; k < rp[i + 1]; ++k) {
        const auto j = static_cast<std::size_t>(ci[static_cast<std::size_t>(k)]);
        if (j == i) continue;
        ++adjStart[i + 1];
        ++adjStart[j + 1];
      }
    for (std::size_t i = 0; i < nc; ++i) adjStart[i + 1] += adjStart[i];
    std::vector<Eigen::Index> adj(static_cast<std::size_t>(adjStart[nc]));
    std::vector<Eigen::Index> fill(adjStart.begin(), adjStart.end() - 1);
    for (std::size_t i = 0; i < nc; ++i)
      for (Eigen::Index k = rp[i]; k < rp[i + 1]; ++k) {
        const auto j = static_cast<std::size_t>(ci[static_cast<std::size_t>(k)]);
        if (j == i) continue;
        adj[static_cast<std::size_t>(fill[i]++)] = static_cast<Eigen::Index>(j);
        adj[static_cast<std::size_t>(fill[j]++)] = static_cast<Eigen::Index>(i);
      }
    std::vector<Eigen::Index> color(nc, -1);
    std::vector<std::size_t> takenBy(nc + 1, nc);  // takenBy[c] == i: a neighbour of i has c
    std::size_t colours = 0;
    for (std::size_t i = 0; i < nc; ++i) {
      for (Eigen::Index k = adjStart[i]; k < adjStart[i + 1]; ++k) {
        const Eigen::Index c = color[static_cast<std::size_t>(adj[static_cast<std::size_t>(k)])];
        if (c >= 0) takenBy[static_cast<std::size_t>(c)] = i;
      }
      std::size_t c = 0;
      while (takenBy[c] == i) ++c;
      color[i] = static_cast<Eigen::Index>(c);
      colours = std::max(colours, c + 1);
    }
    // Counting sort of the contacts by colour (stable: index order within a colour).
    colorStart.assign(colours + 1, 0);
    for (std::size_t i = 0; i < nc; ++i) ++colorStart[static_cast<std::size_t>(color[i]) + 1];
    for (std::size_t c = 0; c < colours; ++c) colorStart[c + 1] += colorStart[c];
    colorContacts.resize(nc);
    fill.assign(colorStart.begin(), colorStart.end() - 1);
    for (std::size_t i = 0; i < nc; ++i)
      colorContacts[static_cast<std::size_t>(fill[static_cast<std::size_t>(color[i])]++)] =
          static_cast<Eigen::Index>(i);
  }

  void setup(const FrictionContactProblem& problem, const SolverOptions& options) {
    const auto nc = static_cast<std::size_t>(problem.numberOfContacts());
    rows.setup(problem);
    order.resize(nc);
    frozen.resize(nc);
    const int stallStride = std::max(1, options.fcStallWindow / 10);
    stall.reset(options.fcStallWindow, options.fcStallFactor,
                options.maxIterations / stallStride + 2);
    if (stall.enabled()) best.resize(problem.size());
    change2.resize(nc);
    // Colouring from W's block pattern (sparse-block storage only; blocks of another size: the
    // pattern of W re-blocked by contact, as refresh() reads it).
    colorStart.clear();
    colorContacts.clear();
    const Matrix& W = problem.W();
    if (options.fcColoring && W.isSparseBlock()) {
      if (rows.inPlace()) {
        colour(W.sparseBlock());
      } else {
        const std::vector<Eigen::Index> sizes(nc, D);
        colour(W.toSparseBlock(sizes, sizes));
      }
    }
  }
};

}  // namespace fcdetail

namespace {

template <int D>
SolverResult nsgsImpl(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                      const SolverOptions& options, const std::string& name,
                      fcdetail::NsgsWorkspace<D>& ws) {
  SolverResult result;
  result.solver = name;
  const Eigen::Index nc = problem.numberOfContacts();
  const Eigen::Index n = problem.size();
  if (r.size() != n || !r.allFinite()) r.setZero(n);
  u.resize(n);
  if (nc == 0) {
    result.status = SolverStatus::Converged;
    return result;
  }
  ContactRows<D>& rows = ws.rows;
  rows.refresh(problem);
  // Coloured NSGS: W in sparse-block storage only (else the natural order).
  const bool coloured = options.fcColoring && !ws.colorStart.empty();
  const LocalSolverKind kind = parseLocalSolver(options.fcLocalSolver, D);
  const ErrorEvaluation evaluation = parseEvaluation(options.fcErrorEvaluation);
  LocalSolverOptions local = localSolverOptions(options);
  // ω: fixed (options.relaxation), or chosen sweep by sweep by the adaptive control
  // (options.fcAdaptiveRelaxation; docs/numerics/friction-contact-local.md, "Adaptive
  // relaxation").
  const bool adaptive = options.fcAdaptiveRelaxation;
  fcdetail::RelaxationControl relaxation;  // starts at ω = 1, unlocked
  double omega = adaptive ? 1.0 : options.relaxation;
  // Anderson acceleration (options.fcAndersonDepth; "Anderson acceleration" in the same page).
  const bool anderson = options.fcAndersonDepth > 0;
  // The law of contact i (Coulomb, or Tresca with its threshold).
  const auto lawOf = [&](Eigen::Index i) {
    ContactLaw law;
    law.mu = problem.mu()[i];
    if (options.fcTresca) {
      law.tresca = true;
      law.threshold = options.fcTrescaThresholds[static_cast<std::size_t>(i)];
    }
    return law;
  };
  const double tol = options.tolerance;

  std::vector<Eigen::Index>& order = ws.order;
  for (Eigen::Index i = 0; i < nc; ++i) order[static_cast<std::size_t>(i)] = i;
  std::vector<int>& frozen = ws.frozen;
  std::fill(frozen.begin(), frozen.end(), 0);
  std::mt19937& generator = ws.generator;
  generator.seed(options.fcSeed);

  // stall test (options.fcStallWindow): full error every stallStride sweeps, best iterate kept
  const int stallStride = std::max(1, options.fcStallWindow / 10);
  fcdetail::StallDetector& stall = ws.stall;
  stall.reset(options.fcStallWindow, options.fcStallFactor,
              options.maxIterations / stallStride + 2);
  Eigen::VectorXd& best = ws.best;
  if (stall.enabled()) best.resize(n);
  double bestError = std::numeric_limits<double>::infinity();
  bool stalled = false;
  bool stationary = false;

  double lightTolerance = tol;
  double error = std::numeric_limits<double>::infinity();
  bool haveError = false;
  int sweep = 0;
  FcVector<D> qi;
  for (sweep = 1; sweep <= options.maxIterations; ++sweep) {
    if (options.fcShuffle) {
      // Fisher–Yates with raw mt19937 draws (portable, bitwise reproducible).
      for (std::size_t k = order.size() - 1; k > 0; --k) {
        const std::size_t j = static_cast<std::size_t>(generator() % (k + 1));
        std::swap(order[k], order[j]);
      }
    }
    const bool accelerated = anderson && sweep > fcdetail::kNsgsPlainSweeps;
    // Sized at the first accelerated sweep (a short solve allocates nothing for it).
    if (accelerated && sweep == fcdetail::kNsgsPlainSweeps + 1)
      ws.anderson.resize(options.fcAndersonDepth, n);
    if (accelerated) ws.anderson.beginSweep(r);
    double diff2 = 0.0;
    bool skipped = false;
    const double freezeThreshold2 =
        options.fcFreezeSweeps > 0
            ? (tol * tol) * std::max(r.squaredNorm(), 1e-300) / static_cast<double>(nc)
            : 0.0;
    // One contact: its local problem with the others fixed; returns ‖Δr_i‖², or −1 when the
    // contact is frozen (skipped this sweep).
    const auto visit = [&](Eigen::Index i, FcVector<D>& q, LocalSolverOptions& loc) -> double {
      int& fz = frozen[static_cast<std::size_t>(i)];
      if (fz > 0) {
        --fz;
        return -1.0;
      }
      rows.localQ(i, problem.q(), r, q);
      const ContactLaw law = lawOf(i);
      const FcVector<D> old = r.template segment<D>(D * i);
      FcVector<D> ri = old;
      // ρ of the Alart–Curnier Newton solver: computed from W_ii at the contact's first Newton
      // solve, then reused while W_ii is unchanged (bitwise; across solves too).
      std::array<double, 2>& rho = rows.rho(i);
      loc.rhoN = rho[0];
      loc.rhoT = rho[1];
      const LocalSolverReport report =
          solveLocalContact<D>(kind, rows.diagonal(i), q, law, ri, loc);
      if (report.rhoN > 0.0) rho = {report.rhoN, report.rhoT};
      if (omega != 1.0) {
        ri = omega * ri + (1.0 - omega) * old;
        // Adaptive (ω > 1): the extrapolated reaction is projected back on its set (the
        // cone, or the Tresca cylinder), so that every iterate is admissible.
        if (adaptive) ri = projectOnLawSet<D>(ri, law);
      }
      if (!ri.allFinite()) ri = old;
      r.template segment<D>(D * i) = ri;
      const double d2 = (ri - old).squaredNorm();
      if (options.fcFreezeSweeps > 0 && d2 <= freezeThreshold2) fz = options.fcFreezeSweeps;
      return d2;
    };
    // Σ‖Δr_i‖² of the visited contacts, in visiting order; a frozen one (−1) marks the sweep.
    const auto tally = [&](double d2) {
      if (d2 < 0.0) {
        skipped = true;
      } else {
        diff2 += d2;
      }
    };
    if (coloured) {
      // Colour by colour; the contacts of one colour are not coupled (none reads another's
      // r), so they are visited concurrently; Σ‖Δr_i‖² in colour order afterwards.
      for (std::size_t c = 0; c + 1 < ws.colorStart.size(); ++c) {
        const auto first = static_cast<std::size_t>(ws.colorStart[c]);
        const auto count = static_cast<std::size_t>(ws.colorStart[c + 1]) - first;
        parallelFor(static_cast<unsigned>(options.threads), count, 32,
                    [&](std::size_t k, std::size_t end) {
                      FcVector<D> q;
                      LocalSolverOptions loc = local;
                      for (; k < end; ++k) {
                        const Eigen::Index i = ws.colorContacts[first + k];
                        ws.change2[static_cast<std::size_t>(i)] = visit(i, q, loc);
                      }
                    });
      }
      for (const Eigen::Index i : ws.colorContacts) tally(ws.change2[static_cast<std::size_t>(i)]);
    } else {
      for (Eigen::Index k = 0; k < nc; ++k)
        tally(visit(order[static_cast<std::size_t>(k)], qi, local));
    }
    const double rn = r.norm();
    const double light = rn > 0.0 ? std::sqrt(diff2) / rn : std::sqrt(diff2);
    if (accelerated && ws.anderson.accelerate(r)) {
      // The extrapolated iterate, projected on each contact's set (admissible iterates).
      for (Eigen::Index i = 0; i < nc; ++i) {
        const FcVector<D> ri = r.template segment<D>(D * i);
        r.template segment<D>(D * i) = projectOnLawSet<D>(ri, lawOf(i));
      }
    }
    if (adaptive) {
      const double used = omega;
      omega = relaxation.record(std::sqrt(diff2));
      if (options.verbosity >= 2 && omega != used)
        std::cerr << "fc nsgs: sweep " << sweep << " relaxation " << used << " -> " << omega
                  << "\n";
      if (used != 1.0 && light <= lightTolerance) {
        // Converged by the light test after an over-relaxed sweep: one more, plain, sweep
        // gives the iterate that is tested and returned.
        omega = relaxation.polish();
        continue;
      }
    }
    haveError = false;
    bool stop = false;
    if (evaluation == ErrorEvaluation::Full) {
      error = finalError(problem, options, r, u);
      haveError = true;
      if (options.verbosity >= 2)
        std::cerr << "fc nsgs: sweep " << sweep << " error " << error << "\n";
      if (error <= tol) break;  // exact even with frozen contacts
      if (skipped && light == 0.0) std::fill(frozen.begin(), frozen.end(), 0);
    } else {
      if (options.verbosity >= 2)
        std::cerr << "fc nsgs: sweep " << sweep << " light error " << light << "\n";
      if (evaluation == ErrorEvaluation::Light) {
        if (light <= tol) {
          if (!skipped) {
            stationary = true;  // reported as stalled unless the full error is within tol
            break;
          }
          std::fill(frozen.begin(), frozen.end(), 0);
        }
      } else if (light <= lightTolerance) {
        // Light with full final (Siconos LIGHT_WITH_FULL_FINAL).
        error = finalError(problem, options, r, u);
        haveError = true;
        if (options.verbosity >= 2)
          std::cerr << "fc nsgs: sweep " << sweep << " full error " << error << "\n";
        if (error <= tol) break;
        std::fill(frozen.begin(), frozen.end(), 0);
        if (light == 0.0 && !skipped) {
          stationary = true;  // NSGS cannot progress further
          stop = true;
        }
        lightTolerance = std::max(light / error * tol, 1e-300);
      }
    }
    if (stall.enabled() && (haveError || sweep % stallStride == 0)) {
      if (!haveError) {
        // convergence stays decided by the evaluation mode above (which may go on
        // below the tolerance); this error only feeds the stall test
        error = finalError(problem, options, r, u);
        haveError = true;
      }
      if (error < bestError) {
        bestError = error;
        best = r;
      }
      if (error > tol && stall.record(sweep, error)) {
        stalled = true;
        stop = true;
      }
    }
    if (stop) break;
  }
  result.iterations = std::min(sweep, options.maxIterations);
  if (!haveError) error = finalError(problem, options, r, u);
  if (stall.enabled() && bestError < error) {  // return the best checked iterate
    r = best;
    error = finalError(problem, options, r, u);
  }
  if (!std::isfinite(error)) {
    result.status = SolverStatus::Failed;
    result.error = std::numeric_limits<double>::max();
    result.message = "non-finite iterate";
    r.setZero();
    u = problem.q();
    return result;
  }
  result.error = error;
  result.status = error <= tol ? SolverStatus::Converged : SolverStatus::MaxIterations;
  if (result.status != SolverStatus::Converged && stalled) {
    result.message = stall.message("sweeps");
  } else if (result.status != SolverStatus::Converged && stationary) {
    result.message = "NSGS stalled (no change in a sweep) above the tolerance";
  }
  if (options.verbosity >= 1)
    std::cerr << "fc " << name << ": " << toString(result.status) << ", error " << result.error
              << ", " << result.iterations << " sweeps\n";
  return result;
}

}  // namespace

SolverResult fcNsgs(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options) {
  options.validate();
  problem.validate();
  if (options.fcTresca &&
      static_cast<Eigen::Index>(options.fcTrescaThresholds.size()) != problem.numberOfContacts())
    throw std::invalid_argument("fcNsgs: fcTresca needs one threshold per contact, got " +
                                std::to_string(options.fcTrescaThresholds.size()) + " for " +
                                std::to_string(problem.numberOfContacts()) + " contacts");
  const std::string name =
      options.fcLocalSolver == "default" ? std::string("nsgs") : "nsgs-" + options.fcLocalSolver;
  fcdetail::NsgsState state;
  state.setup(problem, options);
  return state.solve(problem, r, u, options, name);
}

namespace fcdetail {

NsgsState::NsgsState() = default;
NsgsState::~NsgsState() = default;
NsgsState::NsgsState(NsgsState&&) noexcept = default;
NsgsState& NsgsState::operator=(NsgsState&&) noexcept = default;

void NsgsState::setup(const FrictionContactProblem& problem, const SolverOptions& options) {
  dimension_ = problem.dimension();
  if (dimension_ == 2) {
    if (!w2_) w2_ = std::make_unique<NsgsWorkspace<2>>();
    w2_->setup(problem, options);
  } else {
    if (!w3_) w3_ = std::make_unique<NsgsWorkspace<3>>();
    w3_->setup(problem, options);
  }
}

bool NsgsState::inPlace() const {
  return dimension_ == 2 ? (w2_ && w2_->rows.inPlace()) : (w3_ && w3_->rows.inPlace());
}

SolverResult NsgsState::solve(const FrictionContactProblem& problem, Eigen::VectorXd& r,
                              Eigen::VectorXd& u, const SolverOptions& options,
                              const std::string& name) {
  if (problem.dimension() != dimension_ || (dimension_ == 2 ? !w2_ : !w3_)) setup(problem, options);
  return dimension_ == 2 ? nsgsImpl<2>(problem, r, u, options, name, *w2_)
                         : nsgsImpl<3>(problem, r, u, options, name, *w3_);
}

}  // namespace fcdetail

}  // namespace moreau::numerics
