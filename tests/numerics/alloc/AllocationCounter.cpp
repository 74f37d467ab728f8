// malloc interposition for the allocation tests (see AllocationCounter.hpp).
#include "AllocationCounter.hpp"

#include <atomic>
#include <cerrno>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#define MOREAU_ALLOC_HOOK 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define MOREAU_ALLOC_HOOK 0
#endif
#endif
#ifndef MOREAU_ALLOC_HOOK
#if defined(__GLIBC__)
#define MOREAU_ALLOC_HOOK 1
#else
#define MOREAU_ALLOC_HOOK 0
#endif
#endif

namespace {
std::atomic<int> gActive{0};
std::atomic<long> gCount{0};
std::atomic<bool> gTrap{false};
inline void note() {
  if (gActive.load(std::memory_order_relaxed) > 0) {
    gCount.fetch_add(1, std::memory_order_relaxed);
    if (gTrap.load(std::memory_order_relaxed)) __builtin_trap();  // debugging: see the header
  }
}
}  // namespace

#if MOREAU_ALLOC_HOOK
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t size) {
  note();
  return __libc_malloc(size);
}
void* calloc(std::size_t n, std::size_t size) {
  note();
  return __libc_calloc(n, size);
}
void* realloc(void* p, std::size_t size) {
  note();
  return __libc_realloc(p, size);
}
void free(void* p) { __libc_free(p); }
void* memalign(std::size_t alignment, std::size_t size) {
  note();
  return __libc_memalign(alignment, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) {
  note();
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  note();
  void* p = __libc_memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
}
#endif

namespace moreau::numerics::test {

bool allocationCountingAvailable() { return MOREAU_ALLOC_HOOK != 0; }

AllocationCounter::AllocationCounter() {
  gTrap.store(std::getenv("MOREAU_ALLOC_TRAP") != nullptr);
  gCount.store(0);
  gActive.fetch_add(1);
}
AllocationCounter::~AllocationCounter() { gActive.fetch_sub(1); }
long AllocationCounter::count() const { return gCount.load(); }

}  // namespace moreau::numerics::test
