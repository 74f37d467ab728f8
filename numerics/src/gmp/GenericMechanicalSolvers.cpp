// Generic mechanical problem: error measure, NSGS over heterogeneous blocks,
// driver and reusable solver object (docs/numerics/generic-mechanical.md).

#include "../fc/LocalSolverChoice.hpp"

#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>
#include <moreau/numerics/gmp/GenericMechanicalSolvers.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/lcp/LcpWorkspace.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>
#include <moreau/numerics/relay/RelayProblem.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

using Index = Eigen::Index;

namespace {

// Squared natural-map residual of block b (z_b, w_b given).
double blockErrorSquared(const GmpBlock& b, const Eigen::Ref<const Eigen::VectorXd>& z,
                         const Eigen::Ref<const Eigen::VectorXd>& w) {
  double e2 = 0.0;
  switch (b.type) {
    case GmpBlockType::Equality:
      e2 = w.squaredNorm();
      break;
    case GmpBlockType::Complementarity:
      for (Index i = 0; i < z.size(); ++i) {
        const double d = z[i] - std::max(0.0, z[i] - w[i]);
        e2 += d * d;
      }
      break;
    case GmpBlockType::Relay:
      for (Index i = 0; i < z.size(); ++i) {
        const double d = z[i] - std::clamp(z[i] - w[i], b.lb[i], b.ub[i]);
        e2 += d * d;
      }
      break;
    case GmpBlockType::FrictionContact2D:
      e2 = contactErrorSquared<2>(FcVector<2>(z.head<2>()), FcVector<2>(w.head<2>()), b.mu);
      break;
    case GmpBlockType::FrictionContact3D:
      e2 = contactErrorSquared<3>(FcVector<3>(z.head<3>()), FcVector<3>(w.head<3>()), b.mu);
      break;
  }
  return e2;
}

// Exact LCP of at most kSmallLcp rows by enumeration of the 2^s complementary bases (fixed-size
// storage: no heap allocation). Returns false when no basis gives z >= 0, w >= 0 within a
// relative tolerance (z then holds the least violating candidate, or is unchanged).
constexpr Index kSmallLcp = 4;
using SmallMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kSmallLcp, kSmallLcp>;
using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kSmallLcp, 1>;

bool solveSmallLcp(const Eigen::Ref<const Eigen::MatrixXd>& M,
                   const Eigen::Ref<const Eigen::VectorXd>& q, Eigen::Ref<Eigen::VectorXd> z) {
  const Index s = q.size();
  const double scale = 1.0 + q.lpNorm<Eigen::Infinity>();
  double best = std::numeric_limits<double>::infinity();
  SmallVector bestZ(s), cand(s), w(s), rhs;
  SmallMatrix A;
  Index idx[kSmallLcp];
  for (unsigned mask = 0; mask < (1u << s); ++mask) {
    Index k = 0;
    for (Index i = 0; i < s; ++i)
      if (mask & (1u << i)) idx[k++] = i;
    cand.setZero(s);
    if (k > 0) {
      A.resize(k, k);
      rhs.resize(k);
      for (Index a = 0; a < k; ++a) {
        rhs[a] = -q[idx[a]];
        for (Index b = 0; b < k; ++b) A(a, b) = M(idx[a], idx[b]);
      }
      const Eigen::FullPivLU<SmallMatrix> lu(A);
      if (!lu.isInvertible()) continue;
      const SmallVector x = lu.solve(rhs);
      for (Index a = 0; a < k; ++a) cand[idx[a]] = x[a];
    }
    w.noalias() = M * cand;
    w += q;
    double violation = 0.0;
    for (Index i = 0; i < s; ++i) {
      violation = std::max(violation, -cand[i]);
      violation = std::max(violation, (mask & (1u << i)) ? std::abs(w[i]) : -w[i]);
    }
    if (!std::isfinite(violation) || violation >= best) continue;
    best = violation;
    bestZ = cand;
    if (violation <= 1e-12 * scale) break;
  }
  if (!std::isfinite(best)) return false;
  for (Index i = 0; i < s; ++i) z[i] = std::max(0.0, bestZ[i]);
  return best <= 1e-9 * scale;
}

}  // namespace

double gmpComputeError(const GenericMechanicalProblem& problem, const Eigen::VectorXd& z,
                       Eigen::VectorXd& w) {
  const Index n = problem.size();
  if (z.size() != n)
    throw std::invalid_argument("gmpComputeError: z has " + std::to_string(z.size()) +
                                " entries, the problem has " + std::to_string(n) + " unknowns");
  if (w.size() != n) w.resize(n);
  if (n == 0) return 0.0;
  problem.M().multiply(z, w);
  w += problem.q();
  if (!z.allFinite() || !w.allFinite()) return std::numeric_limits<double>::infinity();
  double sum = 0.0;
  for (Index b = 0; b < problem.numberOfBlocks(); ++b) {
    const Index o = problem.blockOffset(b), s = problem.block(b).size;
    sum += blockErrorSquared(problem.block(b), z.segment(o, s), w.segment(o, s));
  }
  const double scale = std::max({problem.q().norm(), z.norm(), w.norm()});
  const double err = std::sqrt(sum);
  return scale > DBL_EPSILON ? err / scale : err;
}

std::vector<std::string> genericMechanicalSolverNames() { return {"nsgs"}; }

// ---------------------------------------------------------------------------
// Solver object
// ---------------------------------------------------------------------------

struct GenericMechanicalSolver::Impl {
  struct BlockWork {
    GmpBlockType type = GmpBlockType::Equality;
    Index offset = 0, size = 0;
    Index row = 0;                // block row of the (possibly re-blocked) sparse-block M
    Index inner = 0;              // first row of the block inside that block row
    std::size_t diag = 0;         // offset of M_bb (size × size, column-major) in diag
    std::size_t local = 0;        // index in lus (equality) or lcps (complementarity, size > 1)
    double localTolerance = 0.0;  // friction block: of its local solves (solve)
  };
  struct LocalLcp {
    LinearComplementarityProblem problem;
    Eigen::VectorXd z, w;
  };

  std::string name;
  SolverOptions options;
  int setups = 0;
  bool ready = false;

  // structure seen at the last setup
  std::vector<GmpBlockType> types;
  std::vector<Index> sizes;
  Index n = -1;
  Matrix::Storage storage = Matrix::Storage::Dense;
  const void* address = nullptr;
  std::uint64_t patternVersion = 0, patternHash = 0;
  bool inPlace = false;

  SparseBlockMatrix reblocked;
  std::vector<BlockWork> work;
  std::vector<double> diag;
  std::vector<Eigen::PartialPivLU<Eigen::MatrixXd>> lus;
  std::vector<LocalLcp> lcps;
  LcpWorkspace lcpWorkspace;
  SolverOptions lcpOptions;
  Eigen::VectorXd qloc, old;

  bool structureChanged(const GenericMechanicalProblem& p) const {
    if (!ready || p.size() != n || p.numberOfBlocks() != static_cast<Index>(types.size()))
      return true;
    for (Index b = 0; b < p.numberOfBlocks(); ++b)
      if (p.block(b).type != types[static_cast<std::size_t>(b)] ||
          p.block(b).size != sizes[static_cast<std::size_t>(b)])
        return true;
    if (p.M().storage() != storage) return true;
    if (storage == Matrix::Storage::SparseBlock) {
      const SparseBlockMatrix& S = p.M().sparseBlock();
      if (&S != address || S.patternVersion() != patternVersion || S.patternHash() != patternHash)
        return true;
    }
    return false;
  }

  // Locates every block in the block rows of S (in place) or in a re-blocked copy.
  bool locate(const SparseBlockMatrix& S) {
    if (!S.hasSquareDiagonalBlocks()) return false;
    Index row = 0;
    for (BlockWork& bw : work) {
      while (row < S.blockRows() && S.rowBlockOffset(row) + S.rowBlockSize(row) <= bw.offset) ++row;
      if (row >= S.blockRows()) return false;
      const Index start = S.rowBlockOffset(row);
      if (bw.offset < start || bw.offset + bw.size > start + S.rowBlockSize(row)) return false;
      bw.row = row;
      bw.inner = bw.offset - start;
    }
    return true;
  }

  void setup(const GenericMechanicalProblem& p) {
    p.validate();
    n = p.size();
    const auto nb = static_cast<std::size_t>(p.numberOfBlocks());
    types.resize(nb);
    sizes.resize(nb);
    work.resize(nb);
    std::size_t diagSize = 0, nEq = 0, nLcp = 0;
    Index maxSize = 0;
    lus.clear();
    lcps.clear();
    for (std::size_t b = 0; b < nb; ++b) {
      const GmpBlock& blk = p.block(static_cast<Index>(b));
      types[b] = blk.type;
      sizes[b] = blk.size;
      BlockWork& bw = work[b];
      bw.type = blk.type;
      bw.offset = p.blockOffset(static_cast<Index>(b));
      bw.size = blk.size;
      bw.diag = diagSize;
      diagSize += static_cast<std::size_t>(blk.size * blk.size);
      maxSize = std::max(maxSize, blk.size);
      if (blk.type == GmpBlockType::Equality && blk.size > 1) {
        bw.local = nEq++;
        lus.emplace_back(blk.size);
      } else if (blk.type == GmpBlockType::Complementarity && blk.size > kSmallLcp) {
        bw.local = nLcp++;
        LocalLcp l;
        l.problem = LinearComplementarityProblem(Eigen::MatrixXd::Zero(blk.size, blk.size),
                                                 Eigen::VectorXd::Zero(blk.size));
        l.z.setZero(blk.size);
        l.w.setZero(blk.size);
        lcps.push_back(std::move(l));
      }
    }
    diag.assign(diagSize, 0.0);
    qloc.setZero(maxSize);
    old.setZero(maxSize);
    storage = p.M().storage();
    address = nullptr;
    inPlace = false;
    if (storage == Matrix::Storage::SparseBlock) {
      const SparseBlockMatrix& S = p.M().sparseBlock();
      address = &S;
      patternVersion = S.patternVersion();
      patternHash = S.patternHash();
      inPlace = locate(S);
    }
    if (!inPlace) {
      reblocked = p.M().toSparseBlock(sizes, sizes);
      locate(reblocked);  // always succeeds: one block row per block
    }
    lcpOptions = options;
    lcpOptions.solver = "lemke";
    lcpOptions.tolerance = 1e-12;
    lcpOptions.verbosity = 0;
    ++setups;
    ready = true;
  }

  const SparseBlockMatrix& matrix(const GenericMechanicalProblem& p) const {
    return inPlace ? p.M().sparseBlock() : reblocked;
  }

  // Reads the diagonal blocks M_bb and factorizes the equality blocks.
  void refresh(const GenericMechanicalProblem& p) {
    if (!inPlace) reblocked = p.M().toSparseBlock(sizes, sizes);
    const SparseBlockMatrix& S = matrix(p);
    for (BlockWork& bw : work) {
      Eigen::Map<Eigen::MatrixXd> D(diag.data() + bw.diag, bw.size, bw.size);
      const Index k = S.diagonalBlock(bw.row);
      if (k >= 0)
        D = S.block(k).block(bw.inner, bw.inner, bw.size, bw.size);
      else
        D.setZero();
      if (bw.type == GmpBlockType::Equality && bw.size > 1) lus[bw.local].compute(D);
    }
  }

  // qloc.head(s) = q_b + Σ_{c≠b} M_bc z_c.
  void localQ(const GenericMechanicalProblem& p, const SparseBlockMatrix& S, const BlockWork& bw,
              const Eigen::VectorXd& z) {
    auto out = qloc.head(bw.size);
    out = p.q().segment(bw.offset, bw.size);
    const auto& rp = S.rowPointer();
    const auto& ci = S.columnIndex();
    const Index rows = S.rowBlockSize(bw.row);
    for (Index k = rp[static_cast<std::size_t>(bw.row)];
         k < rp[static_cast<std::size_t>(bw.row) + 1]; ++k) {
      const Index j = ci[static_cast<std::size_t>(k)];
      const Index cols = S.colBlockSize(j);
      Eigen::Map<const Eigen::MatrixXd> blk(S.values().data() + S.blockOffset(k), rows, cols);
      out.noalias() += blk.middleRows(bw.inner, bw.size) * z.segment(S.colBlockOffset(j), cols);
    }
    Eigen::Map<const Eigen::MatrixXd> D(diag.data() + bw.diag, bw.size, bw.size);
    out.noalias() -= D * z.segment(bw.offset, bw.size);
  }

  template <int Dim>
  void solveFriction(const BlockWork& bw, double mu, Eigen::VectorXd& z,
                     const LocalSolverOptions& local) {
    const FcMatrix<Dim> W = Eigen::Map<const FcMatrix<Dim>>(diag.data() + bw.diag);
    const FcVector<Dim> qi = qloc.template head<Dim>();
    FcVector<Dim> r = z.template segment<Dim>(bw.offset);
    ContactLaw law;
    law.mu = mu;
    solveLocalContact<Dim>(parseLocalSolver(options.fcLocalSolver, Dim), W, qi, law, r, local);
    if (r.allFinite()) z.template segment<Dim>(bw.offset) = r;
  }

  void solveComplementarity(const BlockWork& bw, Eigen::VectorXd& z) {
    Eigen::Map<const Eigen::MatrixXd> D(diag.data() + bw.diag, bw.size, bw.size);
    if (bw.size == 1) {
      const double W = D(0, 0), qh = qloc[0];
      if (W > 0.0)
        z[bw.offset] = std::max(0.0, -qh / W);
      else if (qh >= 0.0)
        z[bw.offset] = 0.0;
      return;  // W <= 0 and q < 0: no local solution, keep z
    }
    if (bw.size <= kSmallLcp) {
      solveSmallLcp(D, qloc.head(bw.size), z.segment(bw.offset, bw.size));
      return;
    }
    LocalLcp& l = lcps[bw.local];
    l.problem.M().dense() = D;
    l.problem.q() = qloc.head(bw.size);
    l.z = z.segment(bw.offset, bw.size);
    SolverResult r = lcpLemke(l.problem, l.z, l.w, lcpOptions, lcpWorkspace);
    if (!r.converged() && bw.size <= options.enumerationMaxSize) {
      Eigen::VectorXd ze = z.segment(bw.offset, bw.size), we;
      SolverOptions eo = lcpOptions;
      eo.solver = "enum";
      const SolverResult re = lcpEnum(l.problem, ze, we, eo);
      if (re.converged() || (re.status != SolverStatus::Failed && re.error < r.error)) {
        l.z = ze;
        r = re;
      }
    }
    if (l.z.allFinite() && r.status != SolverStatus::Failed) z.segment(bw.offset, bw.size) = l.z;
  }

  void solveRelay(const BlockWork& bw, const GmpBlock& blk, Eigen::VectorXd& z) {
    Eigen::Map<const Eigen::MatrixXd> D(diag.data() + bw.diag, bw.size, bw.size);
    if (bw.size == 1) {
      const double W = D(0, 0), qh = qloc[0];
      const double lo = blk.lb[0], hi = blk.ub[0];
      if (W > 0.0)
        z[bw.offset] = std::clamp(-qh / W, lo, hi);
      else if (qh > 0.0 && std::isfinite(lo))
        z[bw.offset] = lo;
      else if (qh < 0.0 && std::isfinite(hi))
        z[bw.offset] = hi;
      return;
    }
    RelayProblem rp(Eigen::MatrixXd(D), Eigen::VectorXd(qloc.head(bw.size)), blk.lb, blk.ub);
    Eigen::VectorXd zr = z.segment(bw.offset, bw.size), wr;
    SolverOptions ro = lcpOptions;
    const SolverResult r = relayLemke(rp, zr, wr, ro);
    if (zr.allFinite() && r.status != SolverStatus::Failed) z.segment(bw.offset, bw.size) = zr;
  }

  void solveEquality(const BlockWork& bw, Eigen::VectorXd& z) {
    if (bw.size == 1) {
      const double W = diag[bw.diag];
      if (W != 0.0) z[bw.offset] = -qloc[0] / W;
      return;
    }
    auto zb = z.segment(bw.offset, bw.size);
    old.head(bw.size) = zb;
    zb.noalias() = lus[bw.local].solve(qloc.head(bw.size));
    zb = -zb;
    if (!zb.allFinite()) {
      // singular M_bb: a particular solution by full-pivoting LU (allocates; rare)
      Eigen::Map<const Eigen::MatrixXd> D(diag.data() + bw.diag, bw.size, bw.size);
      zb = -Eigen::FullPivLU<Eigen::MatrixXd>(D).solve(qloc.head(bw.size));
      if (!zb.allFinite()) zb = old.head(bw.size);
    }
  }

  SolverResult nsgs(const GenericMechanicalProblem& p, Eigen::VectorXd& z, Eigen::VectorXd& w) {
    SolverResult result;
    result.solver = name;
    const Index size = p.size();
    if (z.size() != size || !z.allFinite()) z.setZero(size);
    if (w.size() != size) w.resize(size);
    if (!p.M().allFinite() || !p.q().allFinite()) {
      result.status = SolverStatus::Failed;
      result.error = std::numeric_limits<double>::infinity();
      result.message = "non-finite problem data (M or q)";
      z.setZero();
      w = p.q();
      return result;
    }
    if (size == 0) {
      result.status = SolverStatus::Converged;
      return result;
    }
    refresh(p);
    const SparseBlockMatrix& S = matrix(p);
    LocalSolverOptions local = localSolverOptions(options);
    // The local contact error is absolute below 1 (scaled by max(1, ‖q_i‖, ‖r_i‖, ‖u_i‖)), the
    // problem's relative to max(‖q‖, ‖z‖, ‖w‖) ≥ ‖q_b‖: a friction block whose part q_b of q
    // is smaller than 1 gets a local tolerance ‖q_b‖ times smaller, so that a converged local
    // solve meets the tolerance (a contact of a 1e-9 problem otherwise stops at 1e-14
    // absolute, 1e-5 relative, and every later sweep leaves it there). Per block: a block's
    // iterates do not depend on the other blocks' size.
    for (BlockWork& bw : work) {
      bw.localTolerance = local.tolerance;
      const double qb = p.q().segment(bw.offset, bw.size).norm();
      if (qb > 0.0 && qb < 1.0) bw.localTolerance = std::max(local.tolerance * qb, 1e-300);
    }
    const double omega = options.relaxation;
    double error = std::numeric_limits<double>::infinity();
    int sweep = 0;
    for (sweep = 1; sweep <= options.maxIterations; ++sweep) {
      for (std::size_t b = 0; b < work.size(); ++b) {
        const BlockWork& bw = work[b];
        localQ(p, S, bw, z);
        if (omega != 1.0) old.head(bw.size) = z.segment(bw.offset, bw.size);
        switch (bw.type) {
          case GmpBlockType::Equality:
            solveEquality(bw, z);
            break;
          case GmpBlockType::Complementarity:
            solveComplementarity(bw, z);
            break;
          case GmpBlockType::Relay:
            solveRelay(bw, p.block(static_cast<Index>(b)), z);
            break;
          case GmpBlockType::FrictionContact2D:
            local.tolerance = bw.localTolerance;
            solveFriction<2>(bw, p.block(static_cast<Index>(b)).mu, z, local);
            break;
          case GmpBlockType::FrictionContact3D:
            local.tolerance = bw.localTolerance;
            solveFriction<3>(bw, p.block(static_cast<Index>(b)).mu, z, local);
            break;
        }
        if (omega != 1.0)
          z.segment(bw.offset, bw.size) =
              omega * z.segment(bw.offset, bw.size) + (1.0 - omega) * old.head(bw.size);
      }
      error = gmpComputeError(p, z, w);
      if (options.verbosity >= 2)
        std::cerr << "gmp nsgs: sweep " << sweep << " error " << error << "\n";
      if (error <= options.tolerance) break;
    }
    result.iterations = std::min(sweep, options.maxIterations);
    if (!std::isfinite(error)) {
      result.status = SolverStatus::Failed;
      result.error = std::numeric_limits<double>::max();
      result.message = "non-finite iterate";
      z.setZero();
      w = p.q();
      return result;
    }
    result.error = error;
    result.status =
        error <= options.tolerance ? SolverStatus::Converged : SolverStatus::MaxIterations;
    if (options.verbosity >= 1)
      std::cerr << "gmp " << name << ": " << toString(result.status) << ", error " << result.error
                << ", " << result.iterations << " sweeps\n";
    return result;
  }
};

GenericMechanicalSolver::GenericMechanicalSolver(const std::string& name,
                                                 const SolverOptions& options)
    : impl_(std::make_unique<Impl>()) {
  const std::string canonical = normalizeSolverName(name);
  const auto names = genericMechanicalSolverNames();
  if (std::find(names.begin(), names.end(), canonical) == names.end())
    throw std::invalid_argument(unknownSolverMessage("GenericMechanicalSolver", name, names));
  options.validate();
  impl_->name = canonical;
  impl_->options = options;
  impl_->options.solver = canonical;
}

GenericMechanicalSolver::~GenericMechanicalSolver() = default;
GenericMechanicalSolver::GenericMechanicalSolver(GenericMechanicalSolver&&) noexcept = default;
GenericMechanicalSolver& GenericMechanicalSolver::operator=(GenericMechanicalSolver&&) noexcept =
    default;

const std::string& GenericMechanicalSolver::name() const { return impl_->name; }
const SolverOptions& GenericMechanicalSolver::options() const { return impl_->options; }
int GenericMechanicalSolver::setupCount() const { return impl_->setups; }

void GenericMechanicalSolver::setup(const GenericMechanicalProblem& problem) {
  impl_->setup(problem);
}

SolverResult GenericMechanicalSolver::solve(const GenericMechanicalProblem& problem,
                                            Eigen::VectorXd& z, Eigen::VectorXd& w) {
  if (impl_->structureChanged(problem)) impl_->setup(problem);
  return impl_->nsgs(problem, z, w);
}

SolverResult gmpNsgs(const GenericMechanicalProblem& problem, Eigen::VectorXd& z,
                     Eigen::VectorXd& w, const SolverOptions& options) {
  GenericMechanicalSolver solver("nsgs", options);
  solver.setup(problem);
  return solver.solve(problem, z, w);
}

SolverResult solveGenericMechanical(const GenericMechanicalProblem& problem, Eigen::VectorXd& z,
                                    Eigen::VectorXd& w, const SolverOptions& options) {
  GenericMechanicalSolver solver(options.solver, options);
  solver.setup(problem);
  return solver.solve(problem, z, w);
}

}  // namespace moreau::numerics
