// Built-in detector of spheres, boxes and planes; docs/kernel/collision.md §2–§3.
#include "../utils/Prefetch.hpp"

#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/collision/NarrowPhase.hpp>
#include <moreau/kernel/collision/PrimitiveCollisionDetector.hpp>
#include <moreau/kernel/collision/UniformGridBroadPhase.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace moreau {

namespace {

void add(std::vector<DetectedContact>& out, std::uint32_t o1, std::uint32_t o2,
         std::uint32_t feature, const ContactGeometry& g) {
  DetectedContact c;
  c.object1 = o1;
  c.object2 = o2;
  c.feature = feature;
  c.geometry = g;
  out.push_back(c);
}

}  // namespace

PrimitiveCollisionDetector::PrimitiveCollisionDetector(std::shared_ptr<BroadPhase> broadPhase)
    : broadPhase_(std::move(broadPhase)) {
  if (!broadPhase_) {
    broadPhase_ = std::make_shared<UniformGridBroadPhase>();
    automaticCell_ = true;
  }
}

void PrimitiveCollisionDetector::setSkin(double skin) {
  if (!(skin >= 0.0) || !std::isfinite(skin))
    throw ModelError("PrimitiveCollisionDetector::setSkin: the skin must be finite and >= 0, got " +
                     std::to_string(skin));
  skin_ = skin;
  pairsValid_ = false;
}

void PrimitiveCollisionDetector::detect(const std::vector<CollisionObject>& objects,
                                        double alertDistance,
                                        std::vector<DetectedContact>& contacts) {
  bodies_.clear();
  planes_.clear();
  const double half = 0.5 * alertDistance;
  double rMax = 0.0;
  for (std::uint32_t i = 0; i < objects.size(); ++i) {
    const CollisionObject& o = objects[i];
    if (o.type == ShapeType::Plane) {
      planes_.push_back(i);
      continue;
    }
    if (o.type == ShapeType::Sphere) rMax = std::max(rMax, o.radius);
    bodies_.push_back(i);
  }
  // Chunks of bodies for the threads (each item writes only its own box, each chunk only its
  // own list of contacts and its largest shift).
  constexpr std::size_t kGrain = 128;
  const unsigned threads = numberOfThreads();
  const std::size_t n = bodies_.size();
  const std::size_t chunks = numerics::parallelChunks(threads, n, kGrain);
  if (chunks_.size() < chunks) chunks_.resize(chunks);
  boxes_.resize(n);
  states_.resize(n);
  // The pairs of the last broad phase are kept when the same bodies' boxes moved by at most
  // s δ/2 (every bound; NaN: not kept): two boxes overlapping now overlapped inflated by s δ/2.
  bool keep = pairsValid_ && pairsAlert_ == alertDistance && pairsBodies_ == bodies_;
  numerics::parallelForChunks(
      threads, n, kGrain, [&](std::size_t c, std::size_t first, std::size_t end) {
        double shift = 0.0;
        for (std::size_t j = first; j < end; ++j) {
          // Prefetched ahead: the body of box j + 8 (its q's header), then q of box j + 4.
          if (j + 8 < end) detail::prefetch(&objects[bodies_[j + 8]].body->q());
          if (j + 4 < end)
            detail::prefetch(objects[bodies_[j + 4]].body->q().data(), sizeof(double) * 3);
          const CollisionObject& o = objects[bodies_[j]];
          const auto& q = o.body->q();
          states_[j] = q.head<7>();  // read by the narrow phase (contiguous)
          const Eigen::Vector3d G = q.head<3>();
          Eigen::Vector3d extent;
          if (o.type == ShapeType::Sphere) {
            extent.setConstant(o.radius);
          } else {  // box: |R| a
            extent = quaternion::rotationMatrix(q.segment<4>(3)).cwiseAbs() * o.halfExtents;
          }
          Aabb& b = boxes_[j];
          b.lower = G - extent - Eigen::Vector3d::Constant(half);
          b.upper = G + extent + Eigen::Vector3d::Constant(half);
          if (keep) {
            const Aabb& ref = refBoxes_[j];
            const double moved = std::max((b.lower - ref.lower).cwiseAbs().maxCoeff(),
                                          (b.upper - ref.upper).cwiseAbs().maxCoeff());
            if (!(moved <= shift)) shift = std::isnan(moved) ? moved : std::max(moved, shift);
          }
        }
        chunks_[c].shift = shift;
      });
  for (std::size_t c = 0; keep && c < chunks; ++c)
    keep = chunks_[c].shift <= 0.5 * skin_ * alertDistance;
  if (!keep) {
    // Cell side from the largest sphere: its inflated box (2 r_max + (1 + s) δ, up to rounding)
    // fits in one cell, so that every sphere is a "small" box of the grid.
    const double inflated = (1.0 + skin_) * alertDistance;
    if (automaticCell_ && rMax > 0.0)
      static_cast<UniformGridBroadPhase&>(*broadPhase_)
          .setCellSize((2.0 * rMax + inflated) * (1.0 + 1e-6));
    refBoxes_ = boxes_;
    skinBoxes_ = boxes_;
    const Eigen::Vector3d grow = Eigen::Vector3d::Constant(0.5 * skin_ * alertDistance);
    for (Aabb& b : skinBoxes_) {
      b.lower -= grow;
      b.upper += grow;
    }
    broadPhase_->setNumberOfThreads(threads);
    broadPhase_->findPairs(skinBoxes_, pairs_);
    pairsBodies_ = bodies_;
    pairsAlert_ = alertDistance;
    pairsValid_ = true;
    ++broadPhaseRuns_;
  }

  // Contacts of body k (broad-phase index) in order: its pairs (k, ·), then the planes. With
  // the planes added after the bodies and no sphere–box swap this is already key order.
  const double alert = alertDistance;
  const auto narrow = [&](std::size_t k, std::size_t kEnd, std::vector<DetectedContact>& out) {
    std::array<int, 4> corners{};
    std::array<ContactGeometry, 4> cornerContacts{};
    // The first pair of body k (pairs sorted by their first box).
    std::size_t next = static_cast<std::size_t>(
        std::lower_bound(pairs_.begin(), pairs_.end(), k,
                         [](const BroadPhasePair& pr, std::size_t key) { return pr.first < key; }) -
        pairs_.begin());
    for (; k < kEnd; ++k) {
      for (; next < pairs_.size() && pairs_[next].first == k; ++next) {
        std::size_t ka = pairs_[next].first, kb = pairs_[next].second;
        std::uint32_t i = bodies_[ka], j = bodies_[kb];
        const CollisionObject* a = &objects[i];
        const CollisionObject* b = &objects[j];
        if (a->type == ShapeType::Box && b->type == ShapeType::Box) continue;  // not supported
        if (a->type == ShapeType::Box) {  // the sphere is shape 1
          std::swap(i, j);
          std::swap(a, b);
          std::swap(ka, kb);
        }
        const State& qa = states_[ka];
        const State& qb = states_[kb];
        if (b->type == ShapeType::Sphere) {
          const double reach = a->radius + b->radius + alert;
          if ((qa.head<3>() - qb.head<3>()).squaredNorm() > reach * reach) continue;
          add(out, i, j, 0,
              NarrowPhase::sphereSphere(qa.head<3>(), a->radius, qb.head<3>(), b->radius));
          continue;
        }
        const ContactGeometry g = NarrowPhase::sphereBox(qa.head<3>(), a->radius, qb.head<3>(),
                                                         qb.segment<4>(3), b->halfExtents);
        if (g.gap <= alert) add(out, i, j, 0, g);
      }
      const std::uint32_t i = bodies_[k];
      const CollisionObject& o = objects[i];
      const State& q = states_[k];
      for (std::uint32_t p : planes_) {
        const CollisionObject& plane = objects[p];
        if (o.type == ShapeType::Sphere) {
          const double gap = plane.normal.dot(q.head<3>() - plane.point) - o.radius;
          if (gap <= alert)
            add(out, i, p, 0,
                NarrowPhase::spherePlane(q.head<3>(), o.radius, plane.point, plane.normal));
          continue;
        }
        const int count =
            NarrowPhase::boxPlane(q.head<3>(), q.segment<4>(3), o.halfExtents, plane.point,
                                  plane.normal, alert, corners, cornerContacts);
        for (int c = 0; c < count; ++c)
          add(out, i, p, static_cast<std::uint32_t>(corners[static_cast<std::size_t>(c)]),
              cornerContacts[static_cast<std::size_t>(c)]);
      }
    }
  };
  const auto byKey = [](const DetectedContact& x, const DetectedContact& y) {
    return x.key() < y.key();
  };
  bool sorted = true;
  if (chunks == 1) {
    contacts.clear();
    narrow(0, n, contacts);
    sorted = std::is_sorted(contacts.begin(), contacts.end(), byKey);
  } else {
    // Each chunk's list, checked for key order on its thread; the lists one after the other in
    // chunk order are the one-chunk list, sorted when each is and so is every chunk boundary.
    numerics::parallelForChunks(threads, n, kGrain,
                                [&](std::size_t c, std::size_t first, std::size_t end) {
                                  std::vector<DetectedContact>& own = chunks_[c].contacts;
                                  own.clear();
                                  narrow(first, end, own);
                                  chunks_[c].sorted = std::is_sorted(own.begin(), own.end(), byKey);
                                });
    numerics::assignChunks(
        threads, n, kGrain, [&](std::size_t c) -> const auto& { return chunks_[c].contacts; },
        contacts);
    std::size_t at = 0;  // the first contact of chunk c
    for (std::size_t c = 0; c < chunks; ++c) {
      sorted = sorted && chunks_[c].sorted;
      if (at > 0 && !chunks_[c].contacts.empty())
        sorted = sorted && !byKey(contacts[at], contacts[at - 1]);
      at += chunks_[c].contacts.size();
    }
  }
  if (!sorted) std::sort(contacts.begin(), contacts.end(), byKey);
}

NewtonEuler1DR::ContactFunction PrimitiveCollisionDetector::contactFunction(
    const std::vector<CollisionObject>& objects, const DetectedContact& contact) const {
  if (contact.object1 >= objects.size() || contact.object2 >= objects.size())
    throw ModelError("PrimitiveCollisionDetector::contactFunction: unknown object number");
  const CollisionObject& a = objects[contact.object1];
  const CollisionObject& b = objects[contact.object2];
  if (a.type == ShapeType::Sphere && b.type == ShapeType::Sphere)
    return NewtonEuler1DR::sphereOnSphere(a.radius, b.radius);
  if (a.type == ShapeType::Sphere && b.type == ShapeType::Plane)
    return NewtonEuler1DR::sphereOnPlane(a.radius, b.point, b.normal);
  if (a.type == ShapeType::Sphere && b.type == ShapeType::Box)
    return NarrowPhase::sphereOnBox(a.radius, b.halfExtents);
  if (a.type == ShapeType::Box && b.type == ShapeType::Plane && contact.feature < 8)
    return NewtonEuler1DR::bodyPointOnPlane(
        NarrowPhase::boxCorner(a.halfExtents, static_cast<int>(contact.feature)), b.point,
        b.normal);
  throw ModelError("PrimitiveCollisionDetector::contactFunction: no contact function for objects " +
                   std::to_string(contact.object1) + " and " + std::to_string(contact.object2));
}

}  // namespace moreau
