// Collision detection as an InteractionManager; docs/kernel/collision.md §4.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/collision/ContactManager.hpp>
#include <moreau/kernel/collision/PrimitiveCollisionDetector.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonEuler3DR.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NonSmoothDynamicalSystem.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/simulation/Simulation.hpp>

#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace moreau {

ContactManager::ContactManager(std::shared_ptr<NonSmoothLaw> law, double alertDistance,
                               std::shared_ptr<CollisionDetector> detector)
    : law_(std::move(law)), alert_(alertDistance), detector_(std::move(detector)) {
  if (!law_) throw ModelError("ContactManager: null nonsmooth law");
  if (!(alertDistance >= 0.0) || !std::isfinite(alertDistance))
    throw ModelError("ContactManager: the alert distance must be finite and >= 0, got " +
                     std::to_string(alertDistance));
  if (!detector_) detector_ = std::make_shared<PrimitiveCollisionDetector>();
}

std::uint32_t ContactManager::addSphere(std::shared_ptr<NewtonEulerDS> body, double radius) {
  if (!body) throw ModelError("ContactManager::addSphere: null body");
  if (!(radius > 0.0) || !std::isfinite(radius))
    throw ModelError("ContactManager::addSphere: the radius of the sphere on " +
                     body->description() + " must be > 0, got " + std::to_string(radius));
  CollisionObject o;
  o.type = ShapeType::Sphere;
  o.body = std::move(body);
  o.radius = radius;
  objects_.push_back(std::move(o));
  return static_cast<std::uint32_t>(objects_.size() - 1);
}

std::uint32_t ContactManager::addBox(std::shared_ptr<NewtonEulerDS> body,
                                     const Eigen::Vector3d& halfExtents) {
  if (!body) throw ModelError("ContactManager::addBox: null body");
  if (!(halfExtents.minCoeff() > 0.0) || !halfExtents.allFinite())
    throw ModelError("ContactManager::addBox: the half extents of the box on " +
                     body->description() + " must be > 0");
  CollisionObject o;
  o.type = ShapeType::Box;
  o.body = std::move(body);
  o.halfExtents = halfExtents;
  objects_.push_back(std::move(o));
  return static_cast<std::uint32_t>(objects_.size() - 1);
}

std::uint32_t ContactManager::addPlane(const Eigen::Vector3d& point,
                                       const Eigen::Vector3d& normal) {
  const double norm = normal.norm();
  if (!(norm > 0.0) || !std::isfinite(norm) || !point.allFinite())
    throw ModelError("ContactManager::addPlane: the normal must be non-zero and finite");
  CollisionObject o;
  o.type = ShapeType::Plane;
  o.point = point;
  o.normal = normal / norm;
  objects_.push_back(std::move(o));
  return static_cast<std::uint32_t>(objects_.size() - 1);
}

std::shared_ptr<Interaction> ContactManager::interactionFor(const DetectedContact& contact) {
  const auto found = pool_.find(contact.key());
  if (found != pool_.end()) {
    ++reused_;
    Interaction& inter = *found->second;
    // A fresh start for a contact that comes back (no stale impulse for a warm start).
    for (unsigned level = 0; level < 2; ++level) {
      inter.lambda(level).setZero();
      inter.y(level).setZero();
    }
    return found->second;
  }
  auto relation = std::make_shared<NewtonEuler3DR>(detector_->contactFunction(objects_, contact));
  // The gap is a distance between convex shapes: ρ = the shape's reach from G, per body in link
  // order (NewtonEulerR::setGapMotionBound).
  const auto reach = [](const CollisionObject& o) {
    return o.type == ShapeType::Sphere ? o.radius : o.halfExtents.norm();
  };
  std::vector<double> rho{reach(objects_[contact.object1])};
  if (objects_[contact.object2].body) rho.push_back(reach(objects_[contact.object2]));
  relation->setGapMotionBound(std::move(rho));
  auto inter = std::make_shared<Interaction>(law_, relation);
  pool_.emplace(contact.key(), inter);
  ++created_;
  return inter;
}

void ContactManager::update(NonSmoothDynamicalSystem& nsds) {
  detector_->detect(objects_, alert_, detected_);
  // The same contacts as linked (a pile at rest): only their detection data change. Compared
  // and copied by chunks on the detector's threads (each chunk reads and writes its own items).
  if (detected_.size() == active_.size()) {
    constexpr std::size_t kGrain = 512;
    const unsigned threads = detector_->numberOfThreads();
    const std::size_t n = active_.size();
    const std::size_t chunks = numerics::parallelChunks(threads, n, kGrain);
    sameKeys_.assign(chunks, 1);
    numerics::parallelForChunks(threads, n, kGrain,
                                [&](std::size_t c, std::size_t first, std::size_t end) {
                                  for (std::size_t i = first; i < end; ++i)
                                    if (active_[i].contact.key() != detected_[i].key()) {
                                      sameKeys_[c] = 0;
                                      return;
                                    }
                                });
    if (std::all_of(sameKeys_.begin(), sameKeys_.end(), [](char same) { return same != 0; })) {
      numerics::parallelFor(threads, n, kGrain, [&](std::size_t i, std::size_t end) {
        for (; i < end; ++i) active_[i].contact = detected_[i];
      });
      return;
    }
  }
  next_.clear();
  std::size_t a = 0, d = 0;
  while (a < active_.size() || d < detected_.size()) {
    const bool takeActive = d == detected_.size() ||
                            (a < active_.size() && active_[a].contact.key() < detected_[d].key());
    if (takeActive) {  // no longer within the alert distance
      nsds.removeInteraction(active_[a].interaction);
      ++removed_;
      ++a;
      continue;
    }
    if (a < active_.size() && active_[a].contact.key() == detected_[d].key()) {
      next_.push_back(ActiveContact{detected_[d], std::move(active_[a].interaction)});
      ++a;
      ++d;
      continue;
    }
    const DetectedContact& c = detected_[d];
    auto inter = interactionFor(c);
    const CollisionObject& o1 = objects_[c.object1];
    const CollisionObject& o2 = objects_[c.object2];
    if (o2.body)
      nsds.link(inter, o1.body, o2.body);
    else
      nsds.link(inter, o1.body);
    next_.push_back(ActiveContact{c, std::move(inter)});
    ++d;
  }
  active_.swap(next_);
}

void ContactManager::updateInteractions(Simulation& sim) {
  detector_->setNumberOfThreads(sim.numberOfThreads());
  update(*sim.nonSmoothDynamicalSystem());
}

}  // namespace moreau
