#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/MLCPProjectOnConstraints.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <cmath>
#include <sstream>

namespace moreau {

MLCPProjectOnConstraints::MLCPProjectOnConstraints(const std::string& solver, double alpha)
    : MLCP(solver) {
  setAlpha(alpha);
  // The solvers accept a warm start whose error is below the tolerance: with the default 1e-6 a
  // violation of 1e-8 would be left alone. ENUM's Siconos default (tutorial-models §0.1).
  setTolerance(1e-12);
}

void MLCPProjectOnConstraints::setAlpha(double alpha) {
  if (!std::isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0) {
    std::ostringstream os;
    os << "MLCPProjectOnConstraints: alpha = " << alpha << " is outside (0, 1]";
    throw ModelError(os.str());
  }
  alpha_ = alpha;
}

void MLCPProjectOnConstraints::addLawTerms(std::size_t /*row*/, const Interaction& /*inter*/,
                                           const ProblemContext& /*ctx*/,
                                           Eigen::Ref<Eigen::VectorXd> /*q*/) const {}

void MLCPProjectOnConstraints::compute(const Simulation& simulation, const ProblemContext& ctx) {
  MLCP::compute(simulation, ctx);
  if (alpha_ == 1.0) return;
  const Topology& topology = simulation.nonSmoothDynamicalSystem()->topology();
  for (const unsigned id : rows()) topology.interaction(id)->lambda(ctx.inputLevel) *= alpha_;
}

}  // namespace moreau
