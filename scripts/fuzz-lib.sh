# shellcheck shell=bash
# Shared by scripts/fuzz-smoke and scripts/fuzz-long (sourced).

# hdf5_internal_crash LOG: true when the sanitizer report in LOG is a crash, or a
# single allocation above -malloc_limit_mb, inside HDF5 itself: the first frame of
# its stack outside the sanitizer and libFuzzer runtimes and the C library's memory
# functions is in libhdf5, and so is the first such frame of the allocation (and
# free) stacks of the memory it touched (HDF5 1.10.8 crashes on some corrupted
# files, bugs fixed upstream later; docs/numerics/fuzzing.md, "Known HDF5
# findings"). False for anything else: a crash in Moreau's code, a property
# violation or uncaught exception (libFuzzer's "deadly signal", no sanitizer
# report), a leak, a timeout, the RSS limit, or a large allocation by Moreau.
hdf5_internal_crash() {
  awk '
    function runtime(line) {
      return line ~ / in (__interceptor_|__asan_|__asan::|__sanitizer_|__sanitizer::|fuzzer::|__mem|mem(cpy|move|set|cmp)|malloc|calloc|realloc|free)/
    }
    /ERROR: AddressSanitizer: (SEGV|heap-buffer-overflow|stack-buffer-overflow|global-buffer-overflow|heap-use-after-free|double-free|attempting free|requested allocation size)/ ||
    /ERROR: libFuzzer: out-of-memory \(malloc\(/ {
      report = 1
      next
    }
    # The memory a bad access touches must also come from HDF5: an overflow of a
    # buffer that Moreau allocated and passed to HDF5 is a reader bug.
    report && /(allocated|freed) by thread/ { section = 1; pending = 1; next }
    report && pending && /^ *#[0-9]+ 0x/ {
      if (runtime($0)) next
      pending = 0
      if ($0 !~ /libhdf5/) { result = 1; exit }
      next
    }
    report && !section && !decided && /^ *#[0-9]+ 0x/ {
      if ($0 ~ /libhdf5/) { decided = 1; result = 0; next }
      if (runtime($0)) next
      decided = 1; result = 1; exit
    }
    END { exit decided ? result : 1 }' "$1"
}
