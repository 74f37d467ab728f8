#pragma once
// Counts heap allocations of this test executable (tests/numerics/alloc only):
// malloc, calloc, realloc and the aligned variants are interposed and forwarded
// to glibc's __libc_* entry points, so every allocation is seen — operator new
// (libstdc++ calls malloc) and Eigen's (which calls malloc directly) alike.
// Counting is off unless an AllocationCounter is alive. Not available under
// AddressSanitizer (it owns malloc): allocationCountingAvailable() is false there.
// Debugging: with MOREAU_ALLOC_TRAP set in the environment, a counted allocation
// traps (SIGILL), so that a debugger shows who allocated.

#include <cstddef>

namespace moreau::numerics::test {

bool allocationCountingAvailable();

/// Counts the allocations made while it is alive.
class AllocationCounter {
 public:
  AllocationCounter();
  ~AllocationCounter();
  AllocationCounter(const AllocationCounter&) = delete;
  AllocationCounter& operator=(const AllocationCounter&) = delete;
  /// Allocations so far (malloc, calloc, realloc, aligned allocations).
  long count() const;
};

}  // namespace moreau::numerics::test
