// Deterministic parallel loops; ParallelFor.hpp.
#include <moreau/numerics/ParallelFor.hpp>

#include <algorithm>
#include <exception>
#include <thread>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace moreau::numerics {

unsigned hardwareThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

void parallelForImpl(unsigned threads, std::size_t n, std::size_t grain, void* context,
                     void (*call)(void*, std::size_t, std::size_t)) {
  const std::size_t chunks = parallelChunks(threads, n, grain);
  if (chunks <= 1) {
    if (n > 0) call(context, 0, n);
    return;
  }
  std::exception_ptr errors[kMaxThreads];
  const auto run = [&](std::size_t c) {
    try {
      call(context, c * n / chunks, (c + 1) * n / chunks);
    } catch (...) {
      errors[c] = std::current_exception();
    }
  };
#ifdef _OPENMP
#pragma omp parallel for schedule(static, 1) num_threads(static_cast <int>(chunks))
  for (long c = 0; c < static_cast<long>(chunks); ++c) run(static_cast<std::size_t>(c));
#else
  for (std::size_t c = 0; c < chunks; ++c) run(c);
#endif
  for (std::size_t c = 0; c < chunks; ++c)
    if (errors[c]) std::rethrow_exception(errors[c]);
}

}  // namespace moreau::numerics
