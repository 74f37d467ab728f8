// ContactManager::update allocates nothing in steady state (same contacts as the last call): the
// detector's and the grid's work vectors keep their capacity. malloc is interposed (glibc) so
// that Eigen's allocations are counted too (as in tests/kernel/test_allocation.cpp).
#include <gtest/gtest.h>
#include <moreau/Moreau.hpp>

#include <atomic>
#include <cstddef>
#include <memory>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t n, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
}

namespace {
std::atomic<bool> counting{false};
std::atomic<long> allocations{0};
}  // namespace

extern "C" {
void* malloc(std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
  return __libc_realloc(p, size);
}
}

using namespace moreau;

TEST(ContactManagerAllocation, SteadyStateUpdateDoesNotAllocate) {
  NonSmoothDynamicalSystem nsds(0, 1);
  ContactManager manager(std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 3), 0.01);
  const double r = 0.05;
  Eigen::VectorXd q0(7);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 4; ++k) {
        q0 << 0.101 * i, 0.101 * j, r + 0.101 * k, 1, 0, 0, 0;
        auto s = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), 1.0,
                                                 Eigen::Matrix3d::Identity() * 1e-3);
        nsds.insertDynamicalSystem(s);
        manager.addSphere(s, r);
      }
  Eigen::VectorXd qb(7);
  qb << 1.0, 1.0, 0.1005, 1, 0, 0, 0;  // a box resting on the ground (4 corner contacts)
  auto box = std::make_shared<NewtonEulerDS>(qb, Eigen::VectorXd::Zero(6), 1.0,
                                             Eigen::Matrix3d::Identity() * 1e-2);
  nsds.insertDynamicalSystem(box);
  manager.addBox(box, Eigen::Vector3d(0.2, 0.2, 0.1));
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  manager.update(nsds);
  manager.update(nsds);
  const std::size_t linked = nsds.numberOfInteractions();
  ASSERT_GT(linked, 300u);
  allocations = 0;
  counting = true;
  for (int i = 0; i < 50; ++i) manager.update(nsds);
  counting = false;
  EXPECT_EQ(allocations.load(), 0);
  EXPECT_EQ(nsds.numberOfInteractions(), linked);
}
