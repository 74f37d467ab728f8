// The state and the index-set-1 rule shared by the projection integrators
// (header comment; docs/kernel/projection.md).
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/IndexSet.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/modeling/Topology.hpp>
#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace moreau {

namespace {
void checkFinite(const char* name, const char* what, double value) {
  if (!std::isfinite(value)) {
    std::ostringstream os;
    os << name << ": the " << what << " must be finite (got " << value << ")";
    throw ModelError(os.str());
  }
}
}  // namespace

ProjectionIntegrator::~ProjectionIntegrator() = default;

void ProjectionIntegrator::setActivateYPosThreshold(double value) {
  checkFinite(name_, "activation position threshold", value);
  activatePos_ = value;
}
void ProjectionIntegrator::setActivateYVelThreshold(double value) {
  checkFinite(name_, "activation velocity threshold", value);
  activateVel_ = value;
}
void ProjectionIntegrator::setDeactivateYPosThreshold(double value) {
  checkFinite(name_, "deactivation position threshold", value);
  deactivatePos_ = value;
}
void ProjectionIntegrator::setDeactivateYVelThreshold(double value) {
  checkFinite(name_, "deactivation velocity threshold", value);
  deactivateVel_ = value;
}

void ProjectionIntegrator::forceActive(const Interaction& inter) {
  if (inter.number() < forced_.size()) forced_[inter.number()] = 1;
}

bool ProjectionIntegrator::isForcedActive(const Interaction& inter) const {
  return inter.number() < forced_.size() && forced_[inter.number()] != 0;
}

void ProjectionIntegrator::resizeForcedActive(std::size_t interactionCapacity) {
  forced_.assign(interactionCapacity, 0);
}

void ProjectionIntegrator::clearForcedActive() { std::fill(forced_.begin(), forced_.end(), 0); }

bool ProjectionIntegrator::indexSet1Rule(const Interaction& inter, const Eigen::VectorXd& y,
                                         const Eigen::VectorXd& ydot, const Topology* topology,
                                         double gamma, double h) const {
  const bool member = topology && topology->numberOfIndexSets() > 1 &&
                      topology->indexSet(1).contains(inter.number());
  return indexSet1Rule(inter, y, ydot, member, gamma, h);
}

bool ProjectionIntegrator::indexSet1Rule(const Interaction& inter, const Eigen::VectorXd& y,
                                         const Eigen::VectorXd& ydot, bool member, double gamma,
                                         double h) const {
  // Combined scheme: index set 1 holds only the interactions TimeSteppingCombinedProjection
  // added during the step (docs/theory/projection.md §2.2), as Siconos's, which clears it at
  // the start of each step.
  if (combinedProjection()) return isForcedActive(inter);
  if (isAlwaysActive(*inter.nonSmoothLaw())) return true;
  if (isForcedActive(inter)) return true;
  const Eigen::Index stride = static_cast<Eigen::Index>(inter.nonSmoothLaw()->size());
  for (Eigen::Index i = 0; i < y.size(); i += stride) {
    const double predicted = y(i) + gamma * h * ydot(i);
    if (member) {
      if (!(predicted > deactivatePos_ && ydot(i) > deactivateVel_)) return true;
    } else if (predicted <= activatePos_ && ydot(i) <= activateVel_) {
      return true;
    }
  }
  return false;
}

bool ProjectionIntegrator::indexSet1RuleTwice(const Interaction& inter,
                                              const Eigen::VectorXd* yPredicted,
                                              const Eigen::VectorXd* ydotPredicted,
                                              const Topology* topology, double gamma,
                                              double h) const {
  // With the hysteresis of the thresholds both updates count (a contact the first adds at
  // y_k ≤ ε_a can be dropped by the second at ỹ > ε_d).
  const bool first = indexSet1Rule(inter, inter.yMemory(0), inter.yMemory(1), topology, gamma, h);
  if (!yPredicted || !ydotPredicted) return first;
  return indexSet1Rule(inter, *yPredicted, *ydotPredicted, first, gamma, h);
}

}  // namespace moreau
