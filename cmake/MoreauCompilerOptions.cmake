# Warning flags, ccache, sanitizers. Applied to Moreau's own targets through
# the interface target moreau_warnings (never exported).
find_program(MOREAU_CCACHE ccache)
if(MOREAU_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${MOREAU_CCACHE}")
endif()

add_library(moreau_warnings INTERFACE)
target_compile_options(moreau_warnings INTERFACE -Wall -Wextra -Wpedantic)
if(MOREAU_WERROR)
  target_compile_options(moreau_warnings INTERFACE -Werror)
endif()

set(MOREAU_SANITIZE "" CACHE STRING "Sanitizers to enable, e.g. address,undefined")
if(MOREAU_SANITIZE)
  add_compile_options(-fsanitize=${MOREAU_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${MOREAU_SANITIZE})
endif()

# libFuzzer targets (tests/fuzz): every Moreau source gets libFuzzer's coverage
# instrumentation; the fuzz executables link with -fsanitize=fuzzer.
if(MOREAU_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MOREAU_BUILD_FUZZERS needs clang++ (libFuzzer): use the `fuzz` preset "
                        "or -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

# Shared libraries bind at load time and bind their own functions directly:
#  -z now                  resolves every PLT slot when the library is loaded, so
#                          the first call of each imported function does not go
#                          through the dynamic linker (the lazy binding made the
#                          first solve in a process cost 10-20 µs more, see
#                          docs/numerics/moreau-solve.md "Cold and warm solves");
#  -Bsymbolic-functions    calls between the library's own functions do not go
#                          through the PLT at all (they are not interposable);
#  -fno-semantic-interposition (compile) the compiler may then inline and call
#                          directly the library's own exported functions (without
#                          it, -fPIC code treats each as replaceable: small helpers
#                          such as NewtonEulerR::linkedDS stayed out-of-line calls;
#                          docs/kernel/performance.md, SpheresPile). Results are
#                          unchanged: no -march, so no FMA contraction across the
#                          inlined calls.
# Applied with moreau_shared_library_link_options(<target>) where supported
# (GNU ld, lld, gold).
include(CheckLinkerFlag)
check_linker_flag(CXX "LINKER:-z,now" MOREAU_LINKER_HAS_Z_NOW)
check_linker_flag(CXX "LINKER:-Bsymbolic-functions" MOREAU_LINKER_HAS_BSYMBOLIC_FUNCTIONS)
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag(-fno-semantic-interposition MOREAU_CXX_HAS_NO_SEMANTIC_INTERPOSITION)
function(moreau_shared_library_link_options target)
  if(MOREAU_LINKER_HAS_Z_NOW)
    target_link_options(${target} PRIVATE "LINKER:-z,now")
  endif()
  if(MOREAU_LINKER_HAS_BSYMBOLIC_FUNCTIONS)
    target_link_options(${target} PRIVATE "LINKER:-Bsymbolic-functions")
    if(MOREAU_CXX_HAS_NO_SEMANTIC_INTERPOSITION)
      target_compile_options(${target} PRIVATE -fno-semantic-interposition)
    endif()
  endif()
endfunction()
