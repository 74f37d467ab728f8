#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/Relation.hpp>

#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace moreau {

NonSmoothDynamicalSystem::NonSmoothDynamicalSystem(double t0, double T) : t0_(t0), T_(T) {
  if (!std::isfinite(t0) || !std::isfinite(T) || T < t0) {
    std::ostringstream os;
    os << "NonSmoothDynamicalSystem: invalid time interval [t0, T] = [" << t0 << ", " << T
       << "] (need finite values with T >= t0)";
    throw ModelError(os.str());
  }
}

void NonSmoothDynamicalSystem::insertDynamicalSystem(const std::shared_ptr<DynamicalSystem>& ds) {
  if (!ds) throw ModelError("NonSmoothDynamicalSystem::insertDynamicalSystem: null system");
  if (ds->isInserted())
    throw ModelError("NonSmoothDynamicalSystem::insertDynamicalSystem: " + ds->description() +
                     " is already inserted");
  ds->setNumber(static_cast<unsigned>(topology_.numberOfDS()));
  topology_.insertDynamicalSystem(ds);
}

void NonSmoothDynamicalSystem::link(const std::shared_ptr<Interaction>& inter,
                                    const std::shared_ptr<DynamicalSystem>& ds1) {
  link(inter, ds1, nullptr);
}

void NonSmoothDynamicalSystem::link(const std::shared_ptr<Interaction>& inter,
                                    const std::shared_ptr<DynamicalSystem>& ds1,
                                    const std::shared_ptr<DynamicalSystem>& ds2) {
  const std::string where = "NonSmoothDynamicalSystem::link: ";
  if (!inter) throw ModelError(where + "null interaction");
  if (!ds1) throw ModelError(where + "null system for " + inter->description());
  if (inter->isLinked() || topology_.hasInteraction(*inter))
    throw ModelError(where + inter->description() + " is already linked");
  if (ds1 == ds2)
    throw ModelError(where + inter->description() + " links " + ds1->description() +
                     " twice (give it once)");
  std::vector<std::shared_ptr<DynamicalSystem>> systems{ds1};
  if (ds2) systems.push_back(ds2);
  for (const auto& ds : systems)
    if (!topology_.hasDynamicalSystem(*ds))
      throw ModelError(where + ds->description() +
                       " is not inserted in this NonSmoothDynamicalSystem (call "
                       "insertDynamicalSystem first)");
  inter->setLinks(topology_.nextInteractionId(), systems);
  try {
    inter->relation()->initialize(*inter);
  } catch (const ModelError& e) {
    inter->clearLinks();
    if (!ds2) throw ModelError(where + e.what());
    // Name both systems; a relation of one family cannot link systems of two families.
    const bool lagrangian = dynamic_cast<const LagrangianDS*>(ds1.get()) ||
                            dynamic_cast<const LagrangianDS*>(ds2.get());
    const bool newtonEuler = dynamic_cast<const NewtonEulerDS*>(ds1.get()) ||
                             dynamic_cast<const NewtonEulerDS*>(ds2.get());
    throw ModelError(where + inter->description() + " between " + ds1->description() + " and " +
                     ds2->description() + ": " + e.what() +
                     (lagrangian && newtonEuler
                          ? " (a Lagrangian and a Newton–Euler system cannot share an interaction)"
                          : ""));
  }
  topology_.link(inter, ds1, ds2);
}

void NonSmoothDynamicalSystem::removeInteraction(const std::shared_ptr<Interaction>& inter) {
  const std::string where = "NonSmoothDynamicalSystem::removeInteraction: ";
  if (!inter) throw ModelError(where + "null interaction");
  if (!topology_.hasInteraction(*inter))
    throw ModelError(where + inter->description() + " is not in this NonSmoothDynamicalSystem");
  topology_.removeInteraction(*inter);
  inter->clearLinks();
}

const std::shared_ptr<DynamicalSystem>& NonSmoothDynamicalSystem::dynamicalSystem(
    unsigned number) const {
  const auto& all = dynamicalSystems();
  if (number >= all.size())
    throw std::out_of_range("NonSmoothDynamicalSystem: no dynamical system number " +
                            std::to_string(number) + " (there are " + std::to_string(all.size()) +
                            ")");
  return all[number];
}

}  // namespace moreau
