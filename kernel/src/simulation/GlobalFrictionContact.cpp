#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/GlobalFrictionContact.hpp>
#include <moreau/kernel/simulation/MoreauJeanGOSI.hpp>
#include <moreau/kernel/simulation/OneStepIntegrator.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>
#include <moreau/numerics/io/FclibFile.hpp>

#include <chrono>
#include <stdexcept>
#include <utility>

namespace moreau {

GlobalFrictionContact::GlobalFrictionContact(int dimension, const std::string& solver)
    : dimension_(dimension) {
  if (dimension != 2 && dimension != 3)
    throw ModelError("GlobalFrictionContact: dimension " + std::to_string(dimension) +
                     " (2 or 3 expected)");
  setDefaultSolver(solver);
}

GlobalFrictionContact::~GlobalFrictionContact() = default;

std::vector<std::string> GlobalFrictionContact::solverNames() const {
  return numerics::globalFrictionContactSolverNames();
}

Eigen::Index GlobalFrictionContact::numberOfBlocks() const {
  return size_ == 0
             ? 0
             : problem_.M.sparseBlock().nonZeroBlocks() + problem_.H.sparseBlock().nonZeroBlocks();
}

Eigen::Index GlobalFrictionContact::velocityOffsetOf(const DynamicalSystem& ds) const {
  if (ds.number() >= dsOf_.size() || dsOf_[ds.number()] < 0) return -1;
  return dsOffset_[static_cast<std::size_t>(dsOf_[ds.number()])];
}

void GlobalFrictionContact::checkInteraction(const Interaction& inter) const {
  const auto* law = dynamic_cast<const NewtonImpactFrictionNSL*>(inter.nonSmoothLaw().get());
  if (!law)
    throw ModelError(std::string("GlobalFrictionContact: ") + inter.description() + " has a " +
                     inter.nonSmoothLaw()->typeName() +
                     " law; a GlobalFrictionContact accepts NewtonImpactFrictionNSL only");
  if (static_cast<int>(law->size()) != dimension_)
    throw ModelError("GlobalFrictionContact: " + inter.description() +
                     " has a NewtonImpactFrictionNSL of size " + std::to_string(law->size()) +
                     " in a GlobalFrictionContact of dimension " + std::to_string(dimension_));
}

void GlobalFrictionContact::initialize(const Simulation& simulation, const ProblemContext& ctx) {
  if (ctx.interactionLevels)
    throw ModelError(
        "GlobalFrictionContact: its interactions belong to integrators with different levels "
        "(e.g. Euler–Moreau and Moreau–Jean); a GlobalFrictionContact takes the interactions of "
        "MoreauJeanGOSI at level 1 only");
  indexSetLevel_ = ctx.outputLevel;
  const Topology& topology = simulation.nonSmoothDynamicalSystem()->topology();
  for (const auto& inter : topology.interactions()) checkInteraction(*inter);
  rowOf_.assign(topology.interactionCapacity(), -1);
  dsOf_.assign(simulation.nonSmoothDynamicalSystem()->numberOfDS(), -1);
  rowIds_.clear();
  rowInteractions_.clear();
  systems_.clear();
  hBlocks_.clear();
  problem_ = numerics::GlobalFrictionContactProblem();
  problem_.dimension = dimension_;
  solver_ = numerics::GlobalFrictionContactSolver();
  v_.resize(0);
  r_.resize(0);
  u_.resize(0);
  size_ = dofs_ = 0;
  set_ = nullptr;
  patternBuilds_ = 0;
  result_ = numerics::SolverResult();
  result_.status = numerics::SolverStatus::Converged;
  result_.solver = options_.solver;
  assemblySeconds_ = solveSeconds_ = 0.0;
}

void GlobalFrictionContact::buildPattern(const Simulation& simulation, const IndexSet& set,
                                         unsigned inputLevel) {
  const NonSmoothDynamicalSystem& nsds = *simulation.nonSmoothDynamicalSystem();
  const Topology& topology = nsds.topology();
  for (const unsigned id : rowIds_) {
    if (id < rowOf_.size()) rowOf_[id] = -1;
    if (!set.contains(id) && topology.isLinked(id))
      topology.interaction(id)->lambda(inputLevel).setZero();
  }
  for (const DynamicalSystem* ds : systems_)
    if (ds->number() < dsOf_.size()) dsOf_[ds->number()] = -1;
  if (rowOf_.size() < topology.interactionCapacity())
    rowOf_.resize(topology.interactionCapacity(), -1);
  if (dsOf_.size() < nsds.numberOfDS()) dsOf_.resize(nsds.numberOfDS(), -1);

  // Contacts (in the index set's order) and the systems they touch (in the
  // order of their first contact).
  rowIds_.assign(set.begin(), set.end());
  const std::size_t nRows = rowIds_.size();
  rowInteractions_.resize(nRows);
  rowIntegrators_.resize(nRows);
  rowOffset_.resize(nRows);
  eN_.assign(nRows, 0.0);
  eT_.assign(nRows, 0.0);
  systems_.clear();
  dsIntegrators_.clear();
  dsGlobal_.clear();
  dsOffset_.clear();
  std::vector<Eigen::Index> rowSizes(nRows), dsSizes;
  Eigen::Index m = 0, n = 0;
  for (std::size_t i = 0; i < nRows; ++i) {
    Interaction* inter = topology.interaction(rowIds_[i]).get();
    checkInteraction(*inter);
    rowInteractions_[i] = inter;
    rowOf_[rowIds_[i]] = static_cast<Eigen::Index>(i);
    rowOffset_[i] = m;
    rowSizes[i] = inter->dimension();
    m += inter->dimension();
    const auto& law = static_cast<const NewtonImpactFrictionNSL&>(*inter->nonSmoothLaw());
    eN_[i] = law.en();
    eT_[i] = law.et();
    rowIntegrators_[i] = &simulation.integratorOf(*inter->dynamicalSystems().front());
    for (const auto& ds : inter->dynamicalSystems()) {
      if (dsOf_[ds->number()] >= 0) continue;
      OneStepIntegrator& osi = simulation.integratorOf(*ds);
      const Eigen::MatrixXd* Mhat = nullptr;
      try {
        Mhat = &osi.iterationMatrix(*ds);
      } catch (const std::out_of_range& e) {
        throw ModelError(std::string("GlobalFrictionContact: ") + e.what());
      }
      if (Mhat->rows() == 0 || Mhat->rows() != Mhat->cols())
        throw ModelError(std::string("GlobalFrictionContact: ") + osi.typeName() +
                         " gives no dense iteration matrix for " + ds->description() +
                         " (use MoreauJeanGOSI)");
      dsOf_[ds->number()] = static_cast<Eigen::Index>(systems_.size());
      systems_.push_back(ds.get());
      dsIntegrators_.push_back(&osi);
      dsGlobal_.push_back(dynamic_cast<MoreauJeanGOSI*>(&osi));
      dsOffset_.push_back(n);
      dsSizes.push_back(Mhat->rows());
      n += Mhat->rows();
    }
  }
  size_ = m;
  dofs_ = n;

  // Patterns: M̂ block-diagonal; H block (ds, contact) for each system of a contact.
  std::vector<std::pair<Eigen::Index, Eigen::Index>> mPairs, hPairs;
  for (std::size_t k = 0; k < systems_.size(); ++k)
    mPairs.emplace_back(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(k));
  for (std::size_t i = 0; i < nRows; ++i)
    for (const auto& ds : rowInteractions_[i]->dynamicalSystems())
      hPairs.emplace_back(dsOf_[ds->number()], static_cast<Eigen::Index>(i));
  numerics::SparseBlockMatrix M(dsSizes, dsSizes, mPairs);
  numerics::SparseBlockMatrix H(dsSizes, rowSizes, hPairs);
  hBlocks_.clear();
  for (std::size_t i = 0; i < nRows; ++i)
    for (const auto& ds : rowInteractions_[i]->dynamicalSystems()) {
      const std::size_t k = static_cast<std::size_t>(dsOf_[ds->number()]);
      hBlocks_.push_back(
          HBlock{H.findBlock(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(i)), i, k});
    }
  Eigen::VectorXd mu(m / dimension_);
  Eigen::Index contact = 0;
  for (std::size_t i = 0; i < nRows; ++i) {
    const auto& law =
        static_cast<const NewtonImpactFrictionNSL&>(*rowInteractions_[i]->nonSmoothLaw());
    for (Eigen::Index c = 0; c < rowInteractions_[i]->dimension() / dimension_; ++c)
      mu(contact++) = law.mu();
  }
  problem_ = numerics::GlobalFrictionContactProblem();
  problem_.dimension = dimension_;
  problem_.M = numerics::Matrix(std::move(M));
  problem_.H = numerics::Matrix(std::move(H));
  problem_.q = Eigen::VectorXd::Zero(n);
  problem_.b = Eigen::VectorXd::Zero(m);
  problem_.mu = std::move(mu);
  v_.setZero(n);
  r_.setZero(m);
  u_.setZero(m);
  set_ = &set;
  setVersion_ = set.version();
  topologyVersion_ = topology.version();
  ++patternBuilds_;
}

void GlobalFrictionContact::compute(const Simulation& simulation, const ProblemContext& ctx) {
  if (ctx.interactionLevels)
    throw ModelError(
        "GlobalFrictionContact: its interactions belong to integrators with different levels "
        "(e.g. Euler–Moreau and Moreau–Jean); a GlobalFrictionContact takes the interactions of "
        "MoreauJeanGOSI at level 1 only");
  const auto start = std::chrono::steady_clock::now();
  const Topology& topology = simulation.nonSmoothDynamicalSystem()->topology();
  const IndexSet& set = topology.indexSet(ctx.outputLevel);
  indexSetLevel_ = ctx.outputLevel;
  if (&set != set_ || set.version() != setVersion_ || topology.version() != topologyVersion_)
    buildPattern(simulation, set, ctx.inputLevel);

  if (size_ == 0) {
    result_.status = numerics::SolverStatus::Converged;
    result_.error = 0.0;
    result_.iterations = 0;
    result_.solver = options_.solver;
    result_.message.clear();
    assemblySeconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    solveSeconds_ = 0.0;
    return;
  }

  // M̂, q = M̂ v_free and the warm start v = v_free, per system.
  numerics::SparseBlockMatrix& M = problem_.M.sparseBlock();
  for (std::size_t k = 0; k < systems_.size(); ++k) {
    const DynamicalSystem& ds = *systems_[k];
    const Eigen::MatrixXd& Mhat = dsIntegrators_[k]->iterationMatrix(ds);
    const Eigen::VectorXd& vFree = dsIntegrators_[k]->freeVelocity(ds);
    M.block(static_cast<Eigen::Index>(k)) = Mhat;
    problem_.q.segment(dsOffset_[k], Mhat.rows()).noalias() = Mhat * vFree;
    v_.segment(dsOffset_[k], Mhat.rows()) = vFree;
  }
  // H blocks (transposed Jacobians) and b = free output − H v_free + law terms.
  numerics::SparseBlockMatrix& H = problem_.H.sparseBlock();
  for (std::size_t i = 0; i < rowIds_.size(); ++i) {
    const Interaction& a = *rowInteractions_[i];
    auto b = problem_.b.segment(rowOffset_[i], a.dimension());
    rowIntegrators_[i]->computeFreeOutput(a, ctx, b);
    const auto& ydot = a.yMemory(ctx.outputLevel);
    for (Eigen::Index c = 0; c < a.dimension(); c += dimension_) {
      b(c) += eN_[i] * ydot(c);
      if (eT_[i] > 0.0)
        for (Eigen::Index j = 1; j < dimension_; ++j) b(c + j) += eT_[i] * ydot(c + j);
    }
    r_.segment(rowOffset_[i], a.dimension()) = a.lambda(ctx.inputLevel);
  }
  for (const HBlock& hb : hBlocks_) {
    const Interaction& a = *rowInteractions_[hb.row];
    const DynamicalSystem& ds = *systems_[hb.ds];
    const Eigen::MatrixXd& Ha = dsIntegrators_[hb.ds]->jacobianBlock(a, ds);
    H.block(hb.block) = Ha.transpose();
    problem_.b.segment(rowOffset_[hb.row], a.dimension()).noalias() -=
        Ha * dsIntegrators_[hb.ds]->freeVelocity(ds);
  }
  const auto assembled = std::chrono::steady_clock::now();
  assemblySeconds_ = std::chrono::duration<double>(assembled - start).count();

  result_ = solver_.solve(problem_, v_, r_, u_, options_);
  solveSeconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - assembled).count();

  for (std::size_t i = 0; i < rowIds_.size(); ++i)
    rowInteractions_[i]->lambda(ctx.inputLevel) =
        r_.segment(rowOffset_[i], rowInteractions_[i]->dimension());
  for (std::size_t k = 0; k < systems_.size(); ++k)
    if (dsGlobal_[k])
      dsGlobal_[k]->setGlobalVelocity(
          *systems_[k],
          v_.segment(dsOffset_[k],
                     problem_.M.sparseBlock().rowBlockSize(static_cast<Eigen::Index>(k))),
          ctx.step);
  dumpIfRequested(ctx);
}

void GlobalFrictionContact::writeProblem(const std::string& path) const {
  if (size_ == 0)
    throw ModelError("GlobalFrictionContact: no assembled problem to write to '" + path + "'");
  try {
    numerics::FclibSolution solution;
    solution.v = v_;
    solution.r = r_;
    solution.u = u_;
    numerics::FclibInfo info;
    info.title = "moreau GlobalFrictionContact";
    info.description = "one-step problem dumped by the moreau kernel";
    numerics::writeFclibGlobal(problem_, path, solution, info);
  } catch (const std::exception& e) {
    throw ModelError(std::string("GlobalFrictionContact: cannot write '") + path +
                     "': " + e.what());
  }
}

}  // namespace moreau
