#pragma once
// Software prefetch hints for the loops over bodies and interactions (internal; not installed).
// A hint changes no value: results are the same with and without it. Where the cache misses of
// these loops come from and what the hints save: docs/kernel/performance.md, "Third round".
#include <cstddef>
#include <cstdint>

namespace moreau::detail {

/// Asks for the cache lines of [p, p + bytes) (bytes >= 1; p may be any address, even null: a
/// prefetch never faults). No-op on compilers without __builtin_prefetch.
inline void prefetch(const void* p, std::size_t bytes = 1) {
#if defined(__GNUC__) || defined(__clang__)
  constexpr std::uintptr_t kLine = 64;
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(p) & ~(kLine - 1);
  const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(p) + bytes;
  for (std::uintptr_t line = first; line < end; line += kLine)
    __builtin_prefetch(reinterpret_cast<const void*>(line));
#else
  (void)p;
  (void)bytes;
#endif
}

}  // namespace moreau::detail
