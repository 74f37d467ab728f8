#pragma once
// Helpers shared by the kernel tests.

#include <gtest/gtest.h>

#include <cstdint>
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

}  // namespace moreau::tests
