#pragma once
// Helpers shared by the kernel tests.

#include <gtest/gtest.h>

#include <moreau/kernel/collision/ContactManager.hpp>

#include <cstdint>
#include <cstring>
#include <string>

// Expects `statement` to throw `type` whose what() contains every substring.
#define EXPECT_THROW_WITH(statement, type, ...)                         \
  do {                                                                  \
    bool thrown_ = false;                                               \
    try {                                                               \
      statement;                                                        \
    } catch (const type& e_) {                                          \
      thrown_ = true;                                                   \
      const std::string what_ = e_.what();                              \
      for (const std::string& part_ : {__VA_ARGS__})                    \
        EXPECT_NE(what_.find(part_), std::string::npos)                 \
            << "message \"" << what_ << "\" lacks \"" << part_ << "\""; \
    }                                                                   \
    EXPECT_TRUE(thrown_) << #statement " did not throw " #type;         \
  } while (false)

namespace moreau::tests {

// A fixed linear congruential generator: uniform draws in [-1, 1), the same on every platform
// (the piles of the thread and dormancy tests).
struct Lcg {
  std::uint32_t state;
  double operator()() {
    state = state * 1664525u + 1013904223u;
    return static_cast<double>(state) / 2147483648.0 - 1.0;
  }
};

// The bits of x (bitwise comparisons of runs).
inline std::uint64_t bitsOf(double x) {
  std::uint64_t b = 0;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// The ground z = 0 and the four walls x = 0, x = width, y = 0, y = width of the piles' box.
inline void addOpenBox(ContactManager& manager, double width) {
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX());
  manager.addPlane(Eigen::Vector3d(width, 0, 0), -Eigen::Vector3d::UnitX());
  manager.addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitY());
  manager.addPlane(Eigen::Vector3d(0, width, 0), -Eigen::Vector3d::UnitY());
}

}  // namespace moreau::tests
