#pragma once
// Deterministic parallel loops (docs/kernel/simulation.md "Threads"), used by the kernel's
// integrators and problems and by the numerics solvers that take SolverOptions::threads.
// parallelFor below; no heap allocation per call.

#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

namespace moreau::numerics {

/// Largest number of threads a loop uses.
constexpr unsigned kMaxThreads = 64;

/// Number of threads the machine offers (std::thread::hardware_concurrency, at least 1).
unsigned hardwareThreads();

/// Number of chunks C of parallelFor(threads, n, grain, ·): 1 when threads <= 1 or n < 2 grain,
/// else min(threads, kMaxThreads, n / grain) (grain 0 counts as 1).
inline std::size_t parallelChunks(unsigned threads, std::size_t n, std::size_t grain) {
  if (grain == 0) grain = 1;
  if (threads <= 1 || n < 2 * grain) return 1;
  const std::size_t c = n / grain;
  const std::size_t t = threads < kMaxThreads ? threads : kMaxThreads;
  return c < t ? c : t;
}

/// The type-erased loop of parallelFor (context: the body, call: invokes it on a chunk).
void parallelForImpl(unsigned threads, std::size_t n, std::size_t grain, void* context,
                     void (*call)(void*, std::size_t, std::size_t));

/// Calls body(begin, end) on contiguous chunks covering [0, n) once each: chunk c of C is
/// [c n / C, (c + 1) n / C) with C = min(threads, n / grain) (one chunk, on this thread, when
/// C <= 1). The chunks depend on (threads, n, grain) only; a body that writes only the data of
/// its own items gives the same bits for every thread count. The exception of the lowest chunk
/// that threw (the first a sequential loop would meet) is rethrown here after every chunk ended.
template <class Body>
void parallelFor(unsigned threads, std::size_t n, std::size_t grain, Body&& body) {
  if (threads <= 1 || n < 2 * (grain == 0 ? 1 : grain)) {
    if (n > 0) body(std::size_t{0}, n);
    return;
  }
  using B = std::remove_reference_t<Body>;
  parallelForImpl(threads, n, grain, const_cast<void*>(static_cast<const void*>(&body)),
                  [](void* context, std::size_t begin, std::size_t end) {
                    (*static_cast<B*>(context))(begin, end);
                  });
}

/// As parallelFor, with the chunk's index: body(c, begin, end) for c in [0, C), C =
/// parallelChunks(threads, n, grain), on the chunks of parallelFor — for loops whose chunks fill
/// buffers of their own (e.g. lists concatenated in chunk order afterwards: the same list for
/// every thread count). With C = 1, body(0, 0, n) on this thread.
template <class Body>
void parallelForChunks(unsigned threads, std::size_t n, std::size_t grain, Body&& body) {
  const std::size_t chunks = parallelChunks(threads, n, grain);
  parallelFor(threads, chunks, 1, [&](std::size_t c, std::size_t end) {
    for (; c < end; ++c) body(c, c * n / chunks, (c + 1) * n / chunks);
  });
}

/// out = the lists that the chunks of parallelForChunks(threads, n, grain, ·) filled, one after
/// the other in chunk order (list(c): chunk c's std::vector<T>), each copied to its place on the
/// chunk's thread: the list that one chunk would have made, for every thread count. out keeps
/// its elements up to the new size (no construction of the ones overwritten).
template <class T, class List>
void assignChunks(unsigned threads, std::size_t n, std::size_t grain, List&& list,
                  std::vector<T>& out) {
  const std::size_t chunks = parallelChunks(threads, n, grain);
  std::size_t total = 0;
  for (std::size_t c = 0; c < chunks; ++c) total += list(c).size();
  out.resize(total);
  parallelForChunks(threads, n, grain, [&](std::size_t c, std::size_t, std::size_t) {
    std::size_t at = 0;
    for (std::size_t d = 0; d < c; ++d) at += list(d).size();
    std::copy(list(c).begin(), list(c).end(), out.begin() + static_cast<std::ptrdiff_t>(at));
  });
}

}  // namespace moreau::numerics
