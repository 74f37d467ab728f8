#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/RelayNSL.hpp>
#include <moreau/kernel/simulation/Relay.hpp>
#include <moreau/numerics/io/RelayFile.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <stdexcept>
#include <utility>

namespace moreau {

Relay::Relay(const std::string& solver) { setDefaultSolver(solver); }

std::vector<std::string> Relay::solverNames() const { return numerics::relaySolverNames(); }

const numerics::SparseBlockMatrix& Relay::matrix() const {
  return size() == 0 ? emptyMatrix() : problem_.M().sparseBlock();
}

void Relay::checkInteraction(const Interaction& inter) const {
  const NonSmoothLaw* law = inter.nonSmoothLaw().get();
  if (dynamic_cast<const RelayNSL*>(law)) return;
  throw ModelError(std::string("Relay: ") + inter.description() + " has a " + law->typeName() +
                   " law; a Relay accepts RelayNSL only");
}

void Relay::addLawTerms(std::size_t /*row*/, const Interaction& /*inter*/,
                        const ProblemContext& /*ctx*/, Eigen::Ref<Eigen::VectorXd> /*q*/) const {}

void Relay::installPattern(Eigen::Index n) {
  Eigen::VectorXd& lb = problem_.lb();
  Eigen::VectorXd& ub = problem_.ub();
  lb.resize(n);
  ub.resize(n);
  Eigen::Index offset = 0;
  for (std::size_t i = 0; i < rows().size(); ++i) {
    const Interaction& inter = rowInteraction(i);
    const auto& law = static_cast<const RelayNSL&>(*inter.nonSmoothLaw());
    const Eigen::Index s = static_cast<Eigen::Index>(law.size());
    for (Eigen::Index k = 0; k < inter.dimension(); k += s) {
      lb.segment(offset + k, s) = law.lb();
      ub.segment(offset + k, s) = law.ub();
    }
    offset += inter.dimension();
  }
  problem_.q().setZero(n);
}

numerics::SolverResult Relay::solve(Eigen::VectorXd& z, Eigen::VectorXd& w) {
  return numerics::solveRelay(problem_, z, w, options_);
}

void Relay::writeProblem(const std::string& path) const {
  if (size() == 0) throw ModelError("Relay: no assembled problem to write to '" + path + "'");
  try {
    numerics::writeRelayFile(problem_, path);
  } catch (const std::exception& e) {
    throw ModelError(std::string("Relay: cannot write '") + path + "': " + e.what());
  }
}

}  // namespace moreau
