#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/LCP.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace moreau {

LCP::LCP(const std::string& solver) {
  setSolver(solver);
  result_.status = numerics::SolverStatus::Converged;
  result_.solver = options_.solver;
}

void LCP::setNumericsSolverOptions(const numerics::SolverOptions& options) {
  numerics::SolverOptions checked = options;
  const std::string name = numerics::normalizeSolverName(options.solver);
  const auto names = numerics::lcpSolverNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw ModelError(numerics::unknownSolverMessage("LCP", options.solver, names));
  checked.solver = name;
  try {
    checked.validate();
  } catch (const std::invalid_argument& e) {
    throw ModelError(std::string("LCP: invalid numerics solver options: ") + e.what());
  }
  options_ = std::move(checked);
}

void LCP::setSolver(const std::string& solver) {
  numerics::SolverOptions options = options_;
  options.solver = solver;
  setNumericsSolverOptions(options);
}

void LCP::setTolerance(double tolerance) {
  numerics::SolverOptions options = options_;
  options.tolerance = tolerance;
  setNumericsSolverOptions(options);
}

void LCP::setMaxIterations(int maxIterations) {
  numerics::SolverOptions options = options_;
  options.maxIterations = maxIterations;
  setNumericsSolverOptions(options);
}

void LCP::initialize(const Topology& topology) {
  offset_.assign(topology.interactionCapacity(), -1);
  z_.resize(0);
  w_.resize(0);
  size_ = 0;
  problem_ = numerics::LinearComplementarityProblem();
  result_ = numerics::SolverResult();
  result_.status = numerics::SolverStatus::Converged;
  result_.solver = options_.solver;
}

void LCP::compute(const Topology& topology, const OneStepIntegrator& osi, double t, std::size_t k) {
  // Rows in the order of index set 0 (the order of the active set itself
  // depends on when interactions entered it); offsets indexed by id.
  const auto& all = topology.interactions();
  const IndexSet& active = topology.indexSet(indexSetLevel());
  if (offset_.size() != topology.interactionCapacity()) initialize(topology);

  std::fill(offset_.begin(), offset_.end(), Eigen::Index{-1});
  Eigen::Index n = 0;
  for (const auto& inter : all) {
    if (!active.contains(inter->number())) continue;
    offset_[inter->number()] = n;
    n += inter->dimension();
  }
  size_ = n;

  if (n == 0) {
    for (const auto& inter : all) inter->lambda(1).setZero();
    result_.status = numerics::SolverStatus::Converged;
    result_.error = 0.0;
    result_.iterations = 0;
    result_.solver = options_.solver;
    result_.message.clear();
    return;
  }

  // Dense storage reused while the active size does not change.
  if (problem_.size() != n || !problem_.M().isDense()) {
    problem_ = numerics::LinearComplementarityProblem(Eigen::MatrixXd::Zero(n, n),
                                                      Eigen::VectorXd::Zero(n));
    z_.resize(n);
    w_.resize(n);
  }
  Eigen::MatrixXd& M = problem_.M().dense();
  Eigen::VectorXd& q = problem_.q();
  M.setZero();
  for (const auto& a : all) {
    const Eigen::Index oa = offset_[a->number()];
    if (oa < 0) continue;
    const Eigen::Index ma = a->dimension();
    osi.computeFreeOutput(*a, q.segment(oa, ma));
    for (const auto& ds : a->dynamicalSystems())
      osi.addInteractionBlock(*a, *a, *ds, M.block(oa, oa, ma, ma));
    // Off-diagonal blocks: the active interactions sharing a system with a,
    // from the per-system lists (no allocation).
    for (const auto& ds : a->dynamicalSystems())
      for (const Topology::InteractionId idB : topology.interactionIdsOf(*ds)) {
        const Eigen::Index ob = offset_[idB];
        if (ob < 0 || idB == a->number()) continue;
        const Interaction& b = *topology.interaction(idB);
        osi.addInteractionBlock(*a, b, *ds, M.block(oa, ob, ma, b.dimension()));
      }
    z_.segment(oa, ma) = a->lambda(1);  // warm start (zero when a was inactive)
  }

  result_ = numerics::solveLcp(problem_, z_, w_, options_);
  if (!result_.converged() && throwOnFailure_) {
    std::ostringstream os;
    os << "LCP: solver '" << result_.solver << "' did not converge at step " << k << " (t = " << t
       << ", problem size " << n << "): " << numerics::toString(result_.status) << ", error "
       << result_.error << " after " << result_.iterations << " iterations"
       << (result_.message.empty() ? "" : ": " + result_.message)
       << " (LCP::setThrowOnFailure(false) continues with the returned impulses)";
    throw SimulationError(os.str());
  }
  for (const auto& inter : all) {
    const Eigen::Index o = offset_[inter->number()];
    if (o < 0)
      inter->lambda(1).setZero();
    else
      inter->lambda(1) = z_.segment(o, inter->dimension());
  }
}

}  // namespace moreau
